package search

import (
	"testing"

	"matador/internal/chess"
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
