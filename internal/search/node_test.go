package search

import (
	"testing"

	"matador/internal/chess"
)

// Improving compares with the evaluation two plies up; after a check there
// it counts as improving without ImprovingPastCheck, and with it (the
// default) compares with four plies up, or is false when that one is
// missing too.
func TestImprovingPastCheck(t *testing.T) {
	w := NewSearcher(1).main
	set := func(evals ...int) {
		for i, e := range evals {
			w.stack[i].rawEval = e
		}
	}
	cases := []struct {
		evals      []int // plies 0..ply-1
		eval       int
		def, fixed bool
	}{
		{[]int{0, 0, 50, 0}, 60, true, true},                          // 60 > 50
		{[]int{0, 0, 50, 0}, 40, false, false},                        // 40 < 50
		{[]int{100, 0, noEval, 0}, 40, true, false},                   // check two plies up, 40 < 100 four up
		{[]int{10, 0, noEval, 0}, 40, true, true},                     // check two plies up, 40 > 10 four up
		{[]int{noEval, 0, noEval, 0}, 40, true, false},                // checks two and four plies up
		{[]int{noEval, 0}, 40, true, false},                           // ply 2: check at ply 0, nothing four up
		{[]int{0, 0, 50, 0}, noEval, false, false},                    // in check here
		{[]int{0}, 40, false, false},                                  // ply 1: nothing to compare
		{[]int{100, 0, 5, 0, noEval, 0}, 40, true, true},              // ply 6: compares with 5 at ply 2
		{[]int{100, 0, 50, 0, noEval, 0}, 40, true, false},            // ply 6: 40 < 50 at ply 2
		{[]int{100, 0, noEval, 0, noEval, 0}, 40, true, false},        // two checks: not improving
		{[]int{100, 0, noEval, 0, 20, noEval, 30, 0}, 40, true, true}, // ply 8: 40 > 30
	}
	for i, c := range cases {
		ply := len(c.evals)
		set(c.evals...)
		inCheck := c.eval == noEval
		w.Switches.ImprovingPastCheck = false
		if got := w.improving(ply, c.eval, inCheck); got != c.def {
			t.Errorf("case %d default: improving %v, want %v", i, got, c.def)
		}
		w.Switches.ImprovingPastCheck = true
		if got := w.improving(ply, c.eval, inCheck); got != c.fixed {
			t.Errorf("case %d ImprovingPastCheck: improving %v, want %v", i, got, c.fixed)
		}
	}
}

// A stored evaluation of exactly 0 is a real evaluation, told apart from
// noEval (a node in check) by the hash table.
func TestTTKeepsZeroEval(t *testing.T) {
	tt := NewTranspositionTable(1)
	const a, b = 0x1234567887654321, 0x0fedcba987654321
	tt.Store(a, chess.NoMove, 15, 0, 5, BoundExact)
	tt.Store(b, chess.NoMove, 15, noEval, 5, BoundExact)
	if hit, ok := tt.Probe(a); !ok || hit.eval() != 0 || hit.eval() == noEval {
		t.Errorf("eval 0 came back as %d (ok %v)", hit.eval(), ok)
	}
	if hit, ok := tt.Probe(b); !ok || hit.eval() != noEval {
		t.Errorf("noEval came back as %d (ok %v)", hit.eval(), ok)
	}
}

// Each search switch taken from today's engines changes the tree searched to a
// fixed depth (so that a match measures something), and the clock's and
// the evaluation cache's do not: each is turned from its default to the
// other setting.
func TestNewSwitchesChangeTheTree(t *testing.T) {
	flip := func(name string) string {
		sw := DefaultSwitches
		if err := ApplySwitchSpec(&sw, "+"+name); err != nil {
			t.Fatal(err)
		}
		if sw == DefaultSwitches {
			return "-" + name
		}
		return "+" + name
	}
	nodes := func(spec string, depth int) uint64 {
		sw := DefaultSwitches
		if err := ApplySwitchSpec(&sw, spec); err != nil {
			t.Fatal(err)
		}
		var total uint64
		for _, fen := range BenchPositions[1:9] {
			pos, err := chess.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			s := NewSearcher(4)
			s.Switches = sw
			total += s.Search(pos, Limits{Depth: depth}, Options{MultiPV: 1}, Reporter{}).Nodes
		}
		return total
	}
	base := nodes("", 8)
	for _, name := range []string{"LMRAdjusted", "SafeChecksOnly", "SEEQuietLinearNoisySquare", "ContHistPruning",
		"AspirationFailHigh", "QSSEEThreshold", "ImprovingPastCheck", "ContHistNoSink", "LMRCaptures"} {
		if n := nodes(flip(name), 8); n == base {
			t.Errorf("%s: %d nodes at depth 8, the same as the default", flip(name), n)
		}
	}
	for _, name := range []string{"ClockIdealScaled", "ClockFrontLoad", "EvalCache"} {
		if n := nodes(flip(name), 8); n != base {
			t.Errorf("%s changed a fixed-depth search: %d nodes, want %d", flip(name), n, base)
		}
	}
}

// The singular test's verdicts: one ply, two for a far more singular move
// (SingularDouble, while the path allows), a cut when even the other
// moves beat beta, and a ply less for a non-singular hash move above beta.
func TestSingularResult(t *testing.T) {
	const beta = 100
	cases := []struct {
		v, singularBeta, ttScore int
		double                   bool
		doubleExts               int
		ext                      int
		cut                      bool
	}{
		{v: 60, singularBeta: 70, ttScore: 90, ext: 1},
		{v: 30, singularBeta: 70, ttScore: 90, ext: 1},
		{v: 30, singularBeta: 70, ttScore: 90, double: true, ext: 2},
		{v: 60, singularBeta: 70, ttScore: 90, double: true, ext: 1},
		{v: 30, singularBeta: 70, ttScore: 90, double: true, doubleExts: SingularDoubleMax, ext: 1},
		{v: 130, singularBeta: 110, ttScore: 140, cut: true},
		{v: 130, singularBeta: 110, ttScore: 140, double: true, cut: true},
		{v: 95, singularBeta: 90, ttScore: 120, ext: 0},
		{v: 95, singularBeta: 90, ttScore: 120, double: true, ext: -1},
		{v: 85, singularBeta: 80, ttScore: 95, double: true, ext: 0},
	}
	for _, c := range cases {
		ext, cut := singularResult(c.v, c.singularBeta, beta, c.ttScore, c.double, c.doubleExts)
		if ext != c.ext || cut != c.cut {
			t.Errorf("%+v: extension %d, cut %v", c, ext, cut)
		}
	}
}

// IIReduction searches a PV node without a hash move a ply shallower: from
// a fresh table, a depth-5 search with it is the depth-4 search without it
// (at a PV node nothing before the reduction reads the depth, and below it
// the depth is too low for another), node for node and score for score.
func TestIIReduction(t *testing.T) {
	search := func(iir bool, depth int) (int, uint64) {
		w := NewSearcher(1).main
		w.Switches.IID, w.Switches.IIReduction = false, iir
		w.pos, _ = chess.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
		score := w.negamax(-Infinity, Infinity, depth, 1, false)
		return score, w.nodes
	}
	reducedScore, reducedNodes := search(true, 5)
	plainScore, plainNodes := search(false, 4)
	if reducedScore != plainScore || reducedNodes != plainNodes {
		t.Errorf("depth 5 with IIReduction: score %d, %d nodes; depth 4 without: %d, %d nodes",
			reducedScore, reducedNodes, plainScore, plainNodes)
	}
	if _, fullNodes := search(false, 5); fullNodes == reducedNodes {
		t.Errorf("depth 5 without IIReduction searched as many nodes (%d) as with it", fullNodes)
	}
}

// A singular test whose excluded move is the only legal one fails low at
// the window the caller gave, not one the delay penalty raised: White's
// one move is Kg1, and the test at alpha 5.00 must not return 5.01.
func TestExclusionWithoutOtherMovesFailsLow(t *testing.T) {
	w := NewSearcher(1).main
	w.Switches.DelayPenalty = true
	pos, err := chess.ParseFEN("k7/8/8/8/8/6p1/6P1/7K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var moves chess.MoveList
	pos.GenerateLegal(&moves)
	if moves.N != 1 || pos.InCheck() {
		t.Fatalf("%d legal moves, in check %v: want one move, no check", moves.N, pos.InCheck())
	}
	w.pos = pos
	w.stack[1].excluded = moves.Moves[0]
	if v := w.negamax(500, 501, 6, 1, false); v != 500 {
		t.Errorf("exclusion search of the only move returned %d, want 500", v)
	}
}
