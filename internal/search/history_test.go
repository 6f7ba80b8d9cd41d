package search

import (
	"strings"
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

// With CorrectionNonPawn the correction also learns by each side's pieces
// other than pawns: a position with the same pawns and other pieces
// shares the pawn entry's share alone, and the entries keep within the
// limit.
func TestCorrectionNonPawn(t *testing.T) {
	w := NewSearcher(1).main
	w.pos = chess.StartPosition()
	w.Switches.CorrectionHistory = true
	w.Switches.CorrectionNonPawn = false
	w.updateCorrection(100, 10, 10, BoundExact)
	if w.correctionNP != ([2][2][CorrectionEntries]int32{}) {
		t.Fatal("switch off: the non-pawn entries moved")
	}
	w.forget()

	w.Switches.CorrectionNonPawn = true
	for range 300 {
		w.updateCorrection(40, 10, 12, BoundExact)
	}
	if got := w.correctedEval(10); got < 38 || got > 40 {
		t.Errorf("after exact results 30 above the evaluation: corrected %d, want about 40", got)
	}
	white, black := w.nonPawnEntries()
	pawn := *w.correctionEntry()
	if pawn == 0 || *white != pawn || *black != pawn {
		t.Errorf("the three entries learn together: pawn %d, White's %d, Black's %d", pawn, *white, *black)
	}

	// The same pawns and side to move, the knights elsewhere: the pawn
	// entry's share alone, half of the 30.
	knights, err := chess.ParseFEN("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = knights
	if got, want := w.correctedEval(10), 10+30*CorrectionPawnShare/CorrectionShares; got < want-2 || got > want {
		t.Errorf("other pieces, the same pawns: corrected %d, want about %d", got, want)
	}
	w.Switches.CorrectionNonPawn = false
	if got := w.correctedEval(10); got < 38 || got > 40 {
		t.Errorf("switch off: the pawn entry alone gives %d, want about 40", got)
	}
	w.Switches.CorrectionNonPawn = true

	// A huge difference is capped, in each entry and in the sum.
	for range 300 {
		w.updateCorrection(3000, 10, 20, BoundExact)
	}
	white, black = w.nonPawnEntries()
	for _, e := range []int32{*w.correctionEntry(), *white, *black} {
		if e > CorrectionLimit*CorrectionGrain {
			t.Errorf("an entry of %d, above the limit %d", e, CorrectionLimit*CorrectionGrain)
		}
	}
	if got := w.correctedEval(10); got < 10+CorrectionLimit-2 || got > 10+CorrectionLimit {
		t.Errorf("after differences of 29.90: corrected %d, want %d", got, 10+CorrectionLimit)
	}
}

// nonPawnIndex tells apart the placements a side's pieces move between:
// White's king on each square it may stand on, and a knight on each free
// square beside the kings.
func TestNonPawnIndexSpreads(t *testing.T) {
	kingIdx, knightIdx := map[uint64]bool{}, map[uint64]bool{}
	kings, knights := 0, 0
	for sq := range 64 {
		if pos, err := chess.ParseFEN(fenOf(map[int]byte{sq: 'K', 63: 'k'})); err == nil {
			kings++
			kingIdx[nonPawnIndex(pos, chess.White)] = true
		}
		if pos, err := chess.ParseFEN(fenOf(map[int]byte{0: 'K', 63: 'k', sq: 'N'})); err == nil && sq != 0 && sq != 63 {
			knights++
			knightIdx[nonPawnIndex(pos, chess.White)] = true
		}
	}
	if kings < 60 || knights < 58 {
		t.Fatalf("%d king and %d knight placements", kings, knights)
	}
	if len(kingIdx) < kings-2 || len(knightIdx) < knights-2 {
		t.Errorf("%d indices for %d king placements, %d for %d knight placements", len(kingIdx), kings, len(knightIdx), knights)
	}
}

// fenOf is the FEN, White to move, of the pieces given by square (a1 = 0).
func fenOf(pieces map[int]byte) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			pc, ok := pieces[rank*8+file]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String() + " w - - 0 1"
}
