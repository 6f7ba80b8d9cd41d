package search

import (
	"testing"

	"matador/internal/chess"
)

// SEE pruning's thresholds: without SEEQuietLinearNoisySquare -30·d² for
// quiet moves and -100·d for captures to depth 8; with it (the default)
// -73·d and -20·d² to depth 9 (SPSA's search3; Ethereal's -80 and -18). A quiet move that hangs a rook passes the
// quadratic margin at depth 5 and is pruned by the linear one.
func TestSEEPruneMargins(t *testing.T) {
	cases := []struct {
		depth        int
		linear       bool
		quiet, noisy int
	}{
		{1, false, -30, -100},
		{5, false, -750, -500},
		{1, true, -73, -20},
		{5, true, -365, -500},
		{9, true, -657, -1620},
	}
	for _, c := range cases {
		if q, n := seeQuietThreshold(c.depth, c.linear), seeNoisyThreshold(c.depth, c.linear); q != c.quiet || n != c.noisy {
			t.Errorf("depth %d linear %v: thresholds %d %d, want %d %d", c.depth, c.linear, q, n, c.quiet, c.noisy)
		}
	}
	if seePruneMaxDepth(false) != 8 || seePruneMaxDepth(true) != 9 {
		t.Error("SEE pruning depths are not 8 and 9")
	}
	// Ra1-a4 walks into the pawn on b5: SEE -500.
	pos, err := chess.ParseFEN("6k1/8/8/1p6/8/8/8/R5K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := pos.ParseUCI("a1a4")
	if !pos.SEEGreaterEqual(m, seeQuietThreshold(5, false)) {
		t.Error("default margin: the hanging rook is pruned at depth 5")
	}
	if pos.SEEGreaterEqual(m, seeQuietThreshold(5, true)) {
		t.Error("linear margin: the hanging rook survives at depth 5")
	}
}

// Without SafeChecksOnly every check escapes the pruning of single moves;
// with it (the default) only the hash move and early checks that lose
// nothing.
func TestSafeChecksOnly(t *testing.T) {
	w := NewSearcher(1).main
	pos, err := chess.ParseFEN("7k/8/1n6/8/8/2K5/8/R7 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = pos
	safe, _ := pos.ParseUCI("a1h1")   // check on the h-file, nothing attacks h1
	unsafe, _ := pos.ParseUCI("a1a8") // check on the back rank, the knight takes
	if !pos.GivesCheck(safe) || !pos.GivesCheck(unsafe) {
		t.Fatal("test position: both moves should give check")
	}
	w.Switches.SafeChecksOnly = false
	for _, m := range []chess.Move{safe, unsafe} {
		for _, n := range []int{1, 30} {
			if !w.checkEscapesPruning(m, chess.NoMove, n) {
				t.Errorf("without SafeChecksOnly: check %s at move %d is pruned", pos.UCI(m), n)
			}
		}
	}
	w.Switches.SafeChecksOnly = true
	cases := []struct {
		m      chess.Move
		tt     chess.Move
		count  int
		escape bool
	}{
		{safe, chess.NoMove, 1, true},
		{safe, chess.NoMove, SafeCheckMaxMoves, true},
		{safe, chess.NoMove, SafeCheckMaxMoves + 1, false},
		{unsafe, chess.NoMove, 1, false},
		{unsafe, unsafe, 20, true}, // the hash move
	}
	for _, c := range cases {
		if got := w.checkEscapesPruning(c.m, c.tt, c.count); got != c.escape {
			t.Errorf("SafeChecksOnly: %s at move %d (hash move %v): escapes %v, want %v",
				pos.UCI(c.m), c.count, c.tt == c.m, got, c.escape)
		}
	}
}

// Counter-move and follow-up pruning: up to depth 3 (2 when improving),
// below 0 and -2000 (-1000 and -4000 when improving).
func TestContHistPrunes(t *testing.T) {
	cases := []struct {
		depth             int
		improving         bool
		counter, followUp int32
		prune             bool
	}{
		{3, false, -1, 0, true},
		{3, false, 0, -1999, false},
		{3, false, 0, -2001, true},
		{4, false, -5000, -5000, false},
		{2, true, -999, -3999, false},
		{2, true, -1001, 0, true},
		{2, true, 0, -4001, true},
		{3, true, -5000, -5000, false},
		{1, false, 500, 500, false},
	}
	for _, c := range cases {
		if got := contHistPrunes(c.depth, c.improving, c.counter, c.followUp); got != c.prune {
			t.Errorf("depth %d improving %v counter %d follow-up %d: prune %v, want %v",
				c.depth, c.improving, c.counter, c.followUp, got, c.prune)
		}
	}
}

// PruneAtLMRDepth's depth: the depth less the log-log reduction of the
// move count, never below one ply. With LMRLogBase 0.75 and LMRLogDivisor
// 2.25 (set here, whatever SPSA makes of them) the first move keeps the
// whole depth and the second loses a ply; at depth 8 the twentieth quiet
// move is judged at 5 plies, where futility's margin still reaches and the
// continuation histories' pruning (to 3 plies) does not; at depth 5 it is
// judged at 3, where both reach.
func TestLMRPruneDepth(t *testing.T) {
	base, divisor := LMRLogBase, LMRLogDivisor
	t.Cleanup(func() {
		LMRLogBase, LMRLogDivisor = base, divisor
		buildLMRTables()
	})
	LMRLogBase, LMRLogDivisor = 0.75, 2.25
	buildLMRTables()
	cases := []struct{ depth, moveCount, want int }{
		{8, 1, 8},
		{8, 2, 7},
		{8, 20, 5},
		{5, 20, 3},
		{2, 40, 1},
		{1, 60, 1},
		{100, 100, 100 - lmrAdjustedTable[63][63]},
	}
	for _, c := range cases {
		if got := lmrPruneDepth(c.depth, c.moveCount); got != c.want {
			t.Errorf("depth %d, move %d: %d plies, want %d", c.depth, c.moveCount, got, c.want)
		}
	}
}
