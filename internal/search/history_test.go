package search

import (
	"testing"

	"matador/internal/chess"
	"matador/internal/eval"
)

// Without ContHistNoSink a node after a null move, and the first plies,
// read and write the shared sink row; with ContHistNoSink they have no continuation row,
// and learning there leaves every row as it was.
func TestContRowsWithoutSink(t *testing.T) {
	w := NewSearcher(1).main
	pos := chess.StartPosition()
	w.pos = pos
	e4, _ := pos.ParseUCI("e2e4")
	sink := &w.contHist[0][0]

	// Ply 1 after the root move e2e4; ply 2 after a null move.
	w.enterMove(&w.stack[0], e4, pos.PieceOn(e4.From()), false, false, false)
	w.enterMove(&w.stack[1], chess.NoMove, chess.NoPiece, false, false, false)
	rootRow := w.stack[0].cont

	w.Switches.ContHistNoSink = false
	c1, c2 := w.contRows(1)
	if c1 != rootRow || c2 != sink {
		t.Fatalf("without ContHistNoSink, ply 1: rows %p %p, want the root move's and the sink", c1, c2)
	}
	c1, c2 = w.contRows(2)
	if c1 != sink || c2 != rootRow {
		t.Fatalf("without ContHistNoSink, after a null move: rows %p %p, want the sink and the root move's", c1, c2)
	}

	w.Switches.ContHistNoSink = true
	c1, c2 = w.contRows(1)
	if c1 != rootRow || c2 != nil {
		t.Fatalf("ContHistNoSink, ply 1: rows %p %p, want the root move's and none", c1, c2)
	}
	c1, c2 = w.contRows(2)
	if c1 != nil || c2 != rootRow {
		t.Fatalf("ContHistNoSink, after a null move: rows %p %p, want none and the root move's", c1, c2)
	}
	if c1, c2 = w.contRows(0); c1 != nil || c2 != nil {
		t.Fatal("ContHistNoSink: the root has continuation rows")
	}

	// Learning at the root (no rows) touches only the butterfly history.
	nf3, _ := pos.ParseUCI("g1f3")
	w.updateHistory(nf3, 64, nil, nil)
	if w.history[pos.PieceOn(nf3.From())][nf3.To()] <= 0 {
		t.Error("the butterfly history did not learn")
	}
	if *sink != (contRow{}) {
		t.Error("learning without rows wrote into the sink row")
	}
	if contScore(nil, pos.PieceOn(nf3.From()), nf3.To()) != 0 {
		t.Error("a missing row does not score zero")
	}
}

// The correction history learns the difference between search results and
// the static evaluation per side to move and pawn structure, moves the
// evaluation by it, and ignores what cannot tell which way it erred.
func TestCorrectionHistory(t *testing.T) {
	w := NewSearcher(1).main
	w.pos = chess.StartPosition()
	w.Switches.CorrectionHistory = false
	w.updateCorrection(100, 10, 10, BoundExact)
	if got := w.correctedEval(10); got != 10 || *w.correctionEntry() != 0 {
		t.Fatalf("switch off: corrected %d, entry %d; want 10 and 0", got, *w.correctionEntry())
	}

	w.Switches.CorrectionHistory = true
	for range 200 {
		w.updateCorrection(40, 10, 12, BoundExact)
	}
	if got := w.correctedEval(10); got < 38 || got > 40 {
		t.Errorf("after exact results 30 above the evaluation: corrected %d, want about 40", got)
	}
	before := *w.correctionEntry()
	w.updateCorrection(20, 10, 12, BoundLower) // below the corrected 40: says nothing
	w.updateCorrection(60, 10, 12, BoundUpper) // above it: nothing either
	w.updateCorrection(MateScore-5, 10, 12, BoundExact)
	if *w.correctionEntry() != before {
		t.Errorf("uninformative results moved the entry from %d to %d", before, *w.correctionEntry())
	}
	w.updateCorrection(0, 10, 12, BoundUpper) // below it: the evaluation was too high
	if *w.correctionEntry() >= before {
		t.Errorf("an upper bound below the corrected evaluation left the entry at %d (was %d)", *w.correctionEntry(), before)
	}

	// The other side to move, and other pawns, have their own entries.
	e3, _ := w.pos.ParseUCI("e2e3")
	w.pos.MakeMove(e3)
	if got := w.correctedEval(10); got != 10 {
		t.Errorf("another pawn structure and side to move: corrected %d, want 10", got)
	}
	w.pos.UnmakeMove(e3)

	// A huge difference is capped.
	for range 200 {
		w.updateCorrection(3000, 10, 20, BoundExact)
	}
	if got := w.correctedEval(10); got < 10+CorrectionLimit-1 || got > 10+CorrectionLimit {
		t.Errorf("after differences of 29.90: corrected %d, want %d", got, 10+CorrectionLimit)
	}
}

// With CorrectionHistory the hash table keeps the evaluation's own figure,
// never the corrected one: the entries of the root's children hold
// Evaluate's value.
func TestCorrectionKeepsRawEvalInHash(t *testing.T) {
	pos, _ := chess.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
	s := NewSearcher(1)
	s.Switches.CorrectionHistory = true
	s.Search(pos, Limits{Depth: 8}, Options{MultiPV: 1}, Reporter{})
	corrected := 0
	for _, e := range s.main.correction[0] {
		if e != 0 {
			corrected++
		}
	}
	if corrected == 0 {
		t.Fatal("a depth-8 search left every correction entry of White at zero")
	}
	// Every child of the root: its hash entry's evaluation is Evaluate's.
	ev := eval.NewEvaluator()
	checked := 0
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	for _, m := range ml.Moves[:ml.N] {
		move := pos.UCI(m)
		pos.MakeMove(m)
		if hit, ok := s.tt.Probe(pos.Key()); ok && hit.eval() != noEval {
			if want := ev.Evaluate(pos); hit.eval() != want {
				t.Errorf("after %s: hash eval %d, Evaluate %d", move, hit.eval(), want)
			}
			checked++
		}
		pos.UnmakeMove(m)
	}
	if checked == 0 {
		t.Fatal("no root child in the hash table")
	}
}

// Quiescence stands pat on the corrected evaluation and keeps the raw one
// in the hash table.
func TestCorrectionInQuiescence(t *testing.T) {
	w := NewSearcher(1).main
	w.pos = chess.StartPosition() // no capture, no check: quiescence stands pat
	w.Switches.CorrectionHistory = true
	*w.correctionEntry() = 50 * CorrectionGrain
	raw := eval.NewEvaluator().Evaluate(w.pos)
	if got := w.qsearch(-Infinity, Infinity, 0, 0); got != raw+50 {
		t.Errorf("quiescence scored %d, want the evaluation %d corrected by 50", got, raw)
	}
	hit, ok := w.tt.Probe(w.pos.Key())
	if !ok || hit.eval() != raw {
		t.Errorf("hash entry %v (found %v): eval %d, want the raw %d", hit, ok, hit.eval(), raw)
	}
}
