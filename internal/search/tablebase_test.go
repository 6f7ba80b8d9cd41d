package search

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/tb"
)

// syzygyDir is the shared 3- and 4-piece set beside the repository.
var syzygyDir = filepath.Join("..", "..", "..", "shared", "data", "syzygy")

func openSyzygy(t *testing.T) *tb.Tables {
	t.Helper()
	if _, err := os.Stat(filepath.Join(syzygyDir, "KQvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s (../shared/data/syzygy beside the repository): %v", syzygyDir, err)
	}
	tables, err := tb.Open(syzygyDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tables.Close() })
	return tables
}

func tbOptions(tables *tb.Tables) Options {
	return Options{MultiPV: 1, Tablebases: Tablebases{Tables: tables, ProbeDepth: 1, ProbeLimit: 7, Rule50: true}}
}

// referencePositions returns up to n positions of reference.txt of the
// given table (its name with the stronger side first, as the file names
// it by material) whose result for the side to move is wdl.
func referencePositions(t *testing.T, table string, wdl string, n int) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(syzygyDir, "reference.txt"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(fens) < n {
		fields := strings.Split(sc.Text(), ";")
		if len(fields) < 3 || strings.TrimSpace(fields[1]) != "wdl "+wdl {
			continue
		}
		fen := strings.TrimSpace(fields[0])
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if materialName(pos) == table {
			fens = append(fens, fen)
		}
	}
	if len(fens) == 0 {
		t.Fatalf("no %s position with wdl %s in reference.txt", table, wdl)
	}
	return fens
}

// materialName writes the material as a table name, the stronger side
// (by the name's order) first.
func materialName(pos *chess.Position) string {
	side := func(c chess.Color) string {
		s := "K"
		for pt := chess.Queen; pt >= chess.Pawn; pt-- {
			s += strings.Repeat(string(" PNBRQ"[pt]), pos.Pieces(c, pt).Count())
		}
		return s
	}
	// Compared with the pieces in the order of their value.
	strength := func(s string) string {
		return strings.NewReplacer("Q", "5", "R", "4", "B", "3", "N", "2", "P", "1").Replace(s)
	}
	w, b := side(chess.White), side(chess.Black)
	if len(b) > len(w) || len(b) == len(w) && strength(b) > strength(w) {
		w, b = b, w
	}
	return w + "v" + b
}

// TestTablebaseRootKeepsTheWin: in won positions of the hardest 3- and
// 4-piece tables the move chosen keeps the win (the position after it is
// lost for the opponent, or mate), and the score reported is the tables'
// win or a mate.
func TestTablebaseRootKeepsTheWin(t *testing.T) {
	tables := openSyzygy(t)
	s := NewSearcher(16)
	for _, table := range []string{"KQvK", "KRvK", "KBNvK", "KQvKR", "KRvKB", "KPvK", "KPPvK", "KRPvK", "KQvKP"} {
		for _, fen := range referencePositions(t, table, "2", 4) {
			pos, _ := chess.ParseFEN(fen)
			var hits uint64
			res := s.Search(pos, Limits{Depth: 5}, tbOptions(tables), Reporter{Info: func(i Info) { hits = i.TBHits }})
			if res.Score < TBWinInMaxPly {
				t.Errorf("%s %s: score %d, want a tablebase win (>= %d) or a mate", table, fen, res.Score, TBWinInMaxPly)
			}
			if hits == 0 {
				t.Errorf("%s %s: no tbhits reported", table, fen)
			}
			best := pos.UCI(res.Best)
			pos.MakeMove(res.Best)
			if pos.InCheck() && !pos.HasLegalMove() {
				continue
			}
			if wdl, ok := tables.ProbeWDL(pos); !ok || wdl != tb.Loss {
				t.Errorf("%s %s: %s leaves the opponent %v (ok %v), want a loss", table, fen, best, wdl, ok)
			}
		}
	}
}

// TestTablebaseRootHoldsTheDraw: in drawn positions the move chosen keeps
// the draw and the score is 0.
func TestTablebaseRootHoldsTheDraw(t *testing.T) {
	tables := openSyzygy(t)
	s := NewSearcher(16)
	for _, table := range []string{"KRvKR", "KQvKQ", "KRvKB", "KPvKP", "KBvKP"} {
		for _, fen := range referencePositions(t, table, "0", 3) {
			pos, _ := chess.ParseFEN(fen)
			res := s.Search(pos, Limits{Depth: 5}, tbOptions(tables), Reporter{})
			if res.Score != DrawScore {
				t.Errorf("%s %s: score %d, want 0", table, fen, res.Score)
			}
			best := pos.UCI(res.Best)
			pos.MakeMove(res.Best)
			if wdl, ok := tables.ProbeWDL(pos); !ok || wdl != tb.Draw {
				t.Errorf("%s %s: %s leaves the opponent %v (ok %v), want a draw", table, fen, best, wdl, ok)
			}
		}
	}
}

// TestTablebaseConvertsWins plays won positions to the end, the tables on
// both sides (the loser choosing the slowest loss), a shallow search a
// move: every game ends in mate without a fifty-move draw or a
// repetition, and every move of the winner keeps the win.
func TestTablebaseConvertsWins(t *testing.T) {
	tables := openSyzygy(t)
	s := NewSearcher(16)
	games := 0
	for _, table := range []string{"KQvK", "KRvK", "KBNvK", "KQvKR", "KPvK", "KRvKN"} {
		for _, fen := range referencePositions(t, table, "2", 2) {
			games++
			pos, _ := chess.ParseFEN(fen)
			winner := pos.SideToMove()
			for ply := 0; ; ply++ {
				if !pos.HasLegalMove() {
					if !pos.InCheck() || pos.SideToMove() == winner {
						t.Fatalf("%s %s: ended in %s without mating", table, fen, pos.FEN())
					}
					break
				}
				if pos.Rule50() >= 100 || pos.RepetitionCount() >= 2 || ply > 400 {
					t.Fatalf("%s %s: drawn at %s after %d plies", table, fen, pos.FEN(), ply)
				}
				res := s.Search(pos, Limits{Depth: 4}, tbOptions(tables), Reporter{})
				if !pos.IsLegal(res.Best) {
					t.Fatalf("%s: illegal %v", pos.FEN(), res.Best)
				}
				pos.MakeMove(res.Best)
				if pos.SideToMove() != winner && pos.HasLegalMove() && pos.Occupied().Count() <= tables.MaxPieces() {
					if wdl, ok := tables.ProbeWDL(pos); !ok || wdl > tb.BlessedLoss {
						t.Fatalf("%s %s: the winner's move led to %s, %v for the loser", table, fen, pos.FEN(), wdl)
					}
				}
			}
		}
	}
	if games == 0 {
		t.Fatal("no game played")
	}
}

// TestTablebaseFiftyMoveRule: a win the counter spoils is a draw's score
// with Syzygy50MoveRule, a win without it.
func TestTablebaseFiftyMoveRule(t *testing.T) {
	tables := openSyzygy(t)
	// KBBvK, 28 plies to mate (reference.txt), with the counter at 90.
	pos, err := chess.ParseFEN("8/3k1B2/7K/8/8/8/8/2B5 w - - 90 60")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	opts := tbOptions(tables)
	res := s.Search(pos, Limits{Depth: 4}, opts, Reporter{})
	if res.Score != 2 {
		t.Errorf("cursed win with the fifty-move rule: score %d, want 2", res.Score)
	}
	opts.Tablebases.Rule50 = false
	res = s.Search(pos, Limits{Depth: 4}, opts, Reporter{})
	if res.Score < TBWinInMaxPly {
		t.Errorf("cursed win without the fifty-move rule: score %d, want a tablebase win", res.Score)
	}
}

// TestTablebaseInteriorProbes: from a position beyond the tables, the
// capture into them is scored by a probe inside the tree, counted in
// tbhits, and ProbeLimit 0 turns the probes off.
func TestTablebaseInteriorProbes(t *testing.T) {
	tables := openSyzygy(t)
	// Five pieces: Qxd4 leaves KQ against K and pawn, a tablebase win.
	const fen = "8/p7/8/8/3r4/8/3Q4/K6k w - - 0 1"
	pos, _ := chess.ParseFEN(fen)
	s := NewSearcher(16)
	var hits uint64
	res := s.Search(pos, Limits{Depth: 6}, tbOptions(tables), Reporter{Info: func(i Info) { hits = i.TBHits }})
	if pos.UCI(res.Best) != "d2d4" || res.Score < TBWinInMaxPly {
		t.Errorf("best %s score %d, want d2d4 with a tablebase win", pos.UCI(res.Best), res.Score)
	}
	if hits == 0 {
		t.Error("no tbhits")
	}
	opts := tbOptions(tables)
	opts.Tablebases.ProbeLimit = 0
	s.NewGame()
	hits = 0
	res = s.Search(pos, Limits{Depth: 6}, opts, Reporter{Info: func(i Info) { hits = i.TBHits }})
	if hits != 0 || res.Score >= TBWinInMaxPly {
		t.Errorf("ProbeLimit 0: %d tbhits, score %d", hits, res.Score)
	}
}

// TestTablebaseThreads: helpers search the kept root moves and probe the
// same tables (run with -race).
func TestTablebaseThreads(t *testing.T) {
	tables := openSyzygy(t)
	s := NewSearcher(16)
	s.SetThreads(3)
	for _, fen := range []string{"8/p7/8/8/3r4/8/3Q4/K6k w - - 0 1", referencePositions(t, "KBNvK", "2", 1)[0]} {
		pos, _ := chess.ParseFEN(fen)
		res := s.Search(pos, Limits{Depth: 7}, tbOptions(tables), Reporter{})
		if res.Score < TBWinInMaxPly {
			t.Errorf("%s: score %d with 3 threads, want a tablebase win", fen, res.Score)
		}
	}
}

// TestTablebaseRootLeavesPVsApart: after a search whose root moves the
// tables cut down, the next search's root moves each record their PV in
// an array of their own, and every line it reports starts with its own
// move. Copying the kept moves over the first slots had left two slots on
// one array: here lines 1 and 3 of depth 1 both started with a2a3, and
// over UCI a MultiPV search reported bestmove c4c5 after "multipv 1 ...
// pv g2g3 ...".
func TestTablebaseRootLeavesPVsApart(t *testing.T) {
	tables := openSyzygy(t)
	s := NewSearcher(16)
	// KBNvK: Nc8, the one move kept, is far down the generated moves.
	for _, fen := range []string{"8/4Nk2/2B5/8/8/8/K7/8 w - - 0 1", "8/8/8/8/3k4/8/8/K1R5 w - - 0 1"} {
		pos, _ := chess.ParseFEN(fen)
		s.Search(pos, Limits{Depth: 3}, tbOptions(tables), Reporter{})
		if n := len(s.main.rootMoves); n > 2 {
			t.Fatalf("%s: %d root moves kept, want the best-ranked one or two", fen, n)
		}
	}
	const fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"
	pos, _ := chess.ParseFEN(fen)
	var table lineTable
	const depth = 6
	opts := tbOptions(tables)
	opts.MultiPV = 3
	res := s.Search(pos, Limits{Depth: depth}, opts, table.reporter())
	owner := map[*chess.Move]chess.Move{}
	for _, rm := range s.main.rootMoves {
		arr := &rm.pv[:1][0]
		if other, ok := owner[arr]; ok {
			t.Errorf("root moves %s and %s record their PVs in one array", pos.UCI(other), pos.UCI(rm.move))
		}
		owner[arr] = rm.move
	}
	for d := 1; d <= depth; d++ {
		seen := map[chess.Move]int{}
		for k, l := range table.lines[d] {
			if j, ok := seen[l.move]; ok {
				t.Errorf("depth %d: lines %d and %d both start with %s", d, j, k, pos.UCI(l.move))
			}
			seen[l.move] = k
		}
	}
	if first := table.lines[depth][1]; first.move != res.Best {
		t.Errorf("bestmove %s, line 1 starts with %s", pos.UCI(res.Best), pos.UCI(first.move))
	}
}

// TestTablebaseMultiPVShowsRanks: with MultiPV in a tablebase root the
// lines after the best-ranked moves show the next ranks, each with its
// tables' score, in rank order, as Stockfish shows them; the move played
// is still a best-ranked one. Only the best-ranked moves were searched,
// and MultiPV 4 in this KRvK win showed two lines.
func TestTablebaseMultiPVShowsRanks(t *testing.T) {
	tables := openSyzygy(t)
	for _, fen := range []string{"8/8/8/8/3k4/8/8/K1R5 w - - 0 1", "8/8/8/3k4/8/2r5/1R6/K7 w - - 0 1", referencePositions(t, "KQvKR", "2", 1)[0]} {
		pos, _ := chess.ParseFEN(fen)
		ranking, ok := tables.RankRootMoves(pos, true, true)
		if !ok {
			t.Fatalf("%s: not ranked", fen)
		}
		rankOf := map[chess.Move]tb.RootMove{}
		for _, m := range ranking.Moves {
			rankOf[m.Move] = m
		}
		s := NewSearcher(16)
		opts := tbOptions(tables)
		const depth, multiPV = 5, 4
		opts.MultiPV = multiPV
		var table lineTable
		res := s.Search(pos, Limits{Depth: depth}, opts, table.reporter())
		lines := table.lines[depth]
		if len(lines) != multiPV {
			t.Errorf("%s: %d lines at depth %d, want %d", fen, len(lines), depth, multiPV)
		}
		for k := 1; k <= len(lines); k++ {
			l := lines[k]
			if want := tbRootScoreOf(rankOf[l.move]); l.score != want && abs(l.score) < MateInMaxPly {
				t.Errorf("%s: line %d %s scores %d, want the tables' %d", fen, k, pos.UCI(l.move), l.score, want)
			}
			if k > 1 && rankOf[l.move].Rank > rankOf[lines[k-1].move].Rank {
				t.Errorf("%s: line %d %s ranks above line %d %s", fen, k, pos.UCI(l.move), k-1, pos.UCI(lines[k-1].move))
			}
		}
		if rankOf[res.Best].Rank != ranking.Moves[0].Rank || lines[1].move != res.Best {
			t.Errorf("%s: played %s (rank %d), line 1 %s, best rank %d", fen, pos.UCI(res.Best), rankOf[res.Best].Rank, pos.UCI(lines[1].move), ranking.Moves[0].Rank)
		}
	}
}
