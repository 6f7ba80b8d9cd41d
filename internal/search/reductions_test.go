package search

import "testing"

// The log-log table of LMRAdjusted in whole plies: 0.70 + ln d · ln n /
// 2.37 (SPSA's search3; Ethereal's 0.75 and 2.25).
func TestLMRAdjustedTable(t *testing.T) {
	cases := []struct{ depth, moves, want int }{
		{1, 40, 0}, // ln 1 = 0: only the base, 0.70
		{3, 2, 1},  // 0.70 + 1.099·0.693/2.37 = 1.02
		{3, 1, 0},
		{10, 10, 2}, // 0.70 + 2.303²/2.37 = 2.94
		{20, 30, 4}, // 0.70 + 2.996·3.401/2.37 = 4.9992
		{63, 63, 7}, // 0.70 + 4.143²/2.37 = 7.94
	}
	for _, c := range cases {
		if got := lmrAdjustedTable[c.depth][c.moves]; got != c.want {
			t.Errorf("table[%d][%d] = %d, want %d", c.depth, c.moves, got, c.want)
		}
	}
}

// Each adjustment of LMRAdjusted moves the reduction by its margin, the
// history within its clamp, and the result stays between the minimum and
// the depth left.
func TestLMRAdjustedAdjustments(t *testing.T) {
	const d, n, nd = 12, 12, 11 // table value 3: 0.70 + 2.485²/2.37 = 3.31
	plain := lmrNode{pvNode: true, improving: true}
	cases := []struct {
		name string
		node lmrNode
		want int
	}{
		{"PV node, improving", plain, 3},
		{"off the PV", lmrNode{improving: true}, 3 + LMRAdjustedNonPV},
		{"expected cut node", lmrNode{cutNode: true, improving: true}, 3 + LMRAdjustedNonPV + LMRAdjustedCutNode},
		{"not improving", lmrNode{pvNode: true}, 3 + LMRAdjustedNotImproving},
		{"killer or counter move", lmrNode{pvNode: true, improving: true, refutation: true}, 3 - LMRAdjustedRefutation},
		{"check or evasion", lmrNode{pvNode: true, improving: true, check: true}, 3 - LMRAdjustedCheck},
		{"hanging piece moves", lmrNode{pvNode: true, improving: true, hanging: true}, 3 - LMRAdjustedHanging},
		{"history just short of a step", lmrNode{pvNode: true, improving: true, history: LMRAdjustedHistoryDivisor - 1}, 3},
		{"good history", lmrNode{pvNode: true, improving: true, history: LMRAdjustedHistoryDivisor}, 2},
		{"bad history", lmrNode{pvNode: true, improving: true, history: -LMRAdjustedHistoryDivisor}, 4},
		{"excellent history, clamped", lmrNode{pvNode: true, improving: true, history: 3 * HistoryMax}, 3 - LMRAdjustedHistoryMax},
		{"terrible history, clamped", lmrNode{pvNode: true, improving: true, history: -3 * HistoryMax}, 3 + LMRAdjustedHistoryMax},
		{"everything for less", lmrNode{pvNode: true, improving: true, refutation: true, check: true, history: HistoryMax}, LMRAdjustedMinReduction},
		{"everything for more", lmrNode{cutNode: true, history: -HistoryMax}, 3 + LMRAdjustedNonPV + LMRAdjustedCutNode + LMRAdjustedNotImproving + LMRAdjustedHistoryMax},
	}
	for _, c := range cases {
		if got := lmrAdjustedPlies(d, n, nd, c.node); got != c.want {
			t.Errorf("%s: reduction %d, want %d", c.name, got, c.want)
		}
	}
	// Never into quiescence: one ply of newDepth stays.
	if got := lmrAdjustedPlies(3, 60, 2, lmrNode{cutNode: true, history: -HistoryMax}); got != 1 {
		t.Errorf("depth 3: reduction %d, want 1 (newDepth 2 keeps a ply)", got)
	}
	if got := lmrAdjustedPlies(30, 60, 29, lmrNode{cutNode: true, history: -HistoryMax}); got > 28 {
		t.Errorf("depth 30: reduction %d leaves no ply", got)
	}
}

// LMRCaptures: a ply for a capture of no history, more as it fails, none
// once it has cut off often, and never the whole depth.
func TestLMRCapturePlies(t *testing.T) {
	for _, c := range []struct {
		hist     int32
		newDepth int
		want     int
	}{
		{0, 10, 1}, {-5000, 10, 2}, {-16384, 10, 3}, {5000, 10, 0}, {16384, 10, 0},
		{-16384, 2, 1}, {0, 1, 0},
	} {
		if got := lmrCapturePlies(c.hist, c.newDepth); got != c.want {
			t.Errorf("lmrCapturePlies(%d, %d) = %d, want %d", c.hist, c.newDepth, got, c.want)
		}
	}
}
