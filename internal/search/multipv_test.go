package search

import (
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/nnue"
)

// reportedLine is a MultiPV line as a GUI keeps it: its score and move.
type reportedLine struct {
	score int
	move  chess.Move
}

// lineTable is a GUI's table of exact lines: by depth, by rank, the
// newest report. Its reporter counts the reports too.
type lineTable struct {
	lines   map[int]map[int]reportedLine
	reports int
}

func (lt *lineTable) reporter() Reporter {
	lt.lines = map[int]map[int]reportedLine{}
	return Reporter{Info: func(in Info) {
		if in.Bound != BoundExact || len(in.PV) == 0 {
			return
		}
		lt.reports++
		if lt.lines[in.Depth] == nil {
			lt.lines[in.Depth] = map[int]reportedLine{}
		}
		lt.lines[in.Depth][in.MultiPV] = reportedLine{in.Score, in.PV[0]}
	}}
}

// TestMultiPVLinesInScoreOrder: each iteration's lines come out best
// first, whatever order their own windows found them in, and the move
// played is line 1 of the last iteration. After 1.e4 the line searched
// second once scored above the first (d7d5 -35, e7e6 -23 at depth 8).
func TestMultiPVLinesInScoreOrder(t *testing.T) {
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		chess.StartFEN,
		"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	}
	for _, fen := range fens {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearcher(16)
		s.Net = nnue.Default()
		var table lineTable
		const depth, multiPV = 8, 4
		res := s.Search(pos, Limits{Depth: depth}, Options{MultiPV: multiPV}, table.reporter())
		lines := table.lines
		for d := 1; d <= depth; d++ {
			for k := 2; k <= multiPV; k++ {
				above, ok1 := lines[d][k-1]
				here, ok2 := lines[d][k]
				if ok1 && ok2 && here.score > above.score {
					t.Errorf("%s depth %d: line %d (%s, %d) scores above line %d (%s, %d)", fen, d, k, pos.UCI(here.move), here.score, k-1, pos.UCI(above.move), above.score)
				}
			}
		}
		if first, ok := lines[depth][1]; !ok || res.Best != first.move || res.Score != first.score {
			t.Errorf("%s: played %s (%d), line 1 of depth %d is %s (%d)", fen, pos.UCI(res.Best), res.Score, depth, pos.UCI(first.move), first.score)
		}
	}
}

// TestMultiPVLineByLineReports: once lines are reported as they finish
// (after BoundReportDelay), a line that moves up is reported with the
// lines it passed, so that a GUI's table of each depth, each rank's
// newest line, holds every move once, best first.
func TestMultiPVLineByLineReports(t *testing.T) {
	pos, err := chess.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	s.Net = nnue.Default()
	var table lineTable
	const depth, multiPV = 8, 4
	m := s.main
	m.Switches = s.Switches
	s.tt.NewSearch()
	m.begin(pos, Limits{Depth: depth}, Options{MultiPV: multiPV}, table.reporter())
	m.searchStart = m.searchStart.Add(-time.Hour) // old enough to report line by line
	if !m.lineByLine() {
		t.Fatal("the search does not report line by line")
	}
	m.iterate()
	shown := table.lines
	for d := 2; d <= depth; d++ {
		seen := map[chess.Move]int{}
		for k := 1; k <= multiPV; k++ {
			l, ok := shown[d][k]
			if !ok {
				t.Fatalf("depth %d: no line %d", d, k)
			}
			if first, dup := seen[l.move]; dup {
				t.Errorf("depth %d: %s shown as line %d and line %d", d, pos.UCI(l.move), first, k)
			}
			seen[l.move] = k
			if k > 1 && l.score > shown[d][k-1].score {
				t.Errorf("depth %d: line %d (%d) above line %d (%d)", d, k, l.score, k-1, shown[d][k-1].score)
			}
		}
	}
	if table.reports <= multiPV*depth {
		t.Logf("no line moved up in %d reports: the check above saw no re-report", table.reports)
	}
}
