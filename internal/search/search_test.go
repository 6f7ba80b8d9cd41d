package search

import (
	"testing"
	"time"

	"matador/internal/chess"
)

func searchFEN(t *testing.T, fen string, lim Limits) Result {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	return s.Search(pos, lim, Options{MultiPV: 1}, Reporter{})
}

func TestFindsMates(t *testing.T) {
	cases := []struct {
		fen   string
		best  string
		mateN int
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
		// Mate in 2: a rook sacrifice with check, then the other rook
		// takes the knight on f1, which the king cannot take back (the h3
		// bishop guards f1). Quiescence passes by that capture (it loses
		// the rook by SEE, which cannot see that the king's recapture is
		// illegal), so the mate needs full-width plies.
		{"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2},
	}
	for _, c := range cases {
		// Plies beyond the mate's own length leave room for the late
		// move reductions of a sacrifice ordered late at the root: with
		// the fitted weights and the SPSA-tuned reductions (search3) the
		// mate in 2 shows at depth 8 (at 7 with the untuned ones).
		res := searchFEN(t, c.fen, Limits{Depth: 2*c.mateN + 4})
		pos, _ := chess.ParseFEN(c.fen)
		if pos.UCI(res.Best) != c.best {
			t.Errorf("%s: best %s, want %s", c.fen, pos.UCI(res.Best), c.best)
		}
		if want := MateScore - (2*c.mateN - 1); res.Score != want {
			t.Errorf("%s: score %d, want %d (mate in %d)", c.fen, res.Score, want, c.mateN)
		}
	}
}

func TestNoLegalMoves(t *testing.T) {
	res := searchFEN(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Limits{Depth: 3})
	if res.Best != chess.NoMove {
		t.Errorf("stalemate: got a best move")
	}
}

func TestBenchIsDeterministic(t *testing.T) {
	a, _ := Bench(5, nil)
	b, _ := Bench(5, nil)
	if a != b || a == 0 {
		t.Errorf("bench node counts differ: %d vs %d", a, b)
	}
}

func TestStopReturnsLegalMove(t *testing.T) {
	pos := chess.StartPosition()
	s := NewSearcher(16)
	done := make(chan Result)
	go func() { done <- s.Search(pos, Limits{Infinite: true}, Options{MultiPV: 1}, Reporter{}) }()
	time.Sleep(50 * time.Millisecond)
	s.Stop()
	res := <-done
	if !pos.IsLegal(res.Best) {
		t.Fatalf("illegal best move %v", res.Best)
	}
}

func TestApplySwitchSpec(t *testing.T) {
	sw := DefaultSwitches
	if err := ApplySwitchSpec(&sw, "-NullMove, +RecaptureExt"); err != nil {
		t.Fatal(err)
	}
	if sw.NullMove || !sw.RecaptureExt || !sw.LMR {
		t.Errorf("switches not applied: %+v", sw)
	}
	if err := ApplySwitchSpec(&sw, "-NoSuchThing"); err == nil {
		t.Error("unknown switch accepted")
	}
}

// Every technique switched off must still find a mate and return legal moves.
func TestAllSwitchesOff(t *testing.T) {
	pos, _ := chess.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	s := NewSearcher(1)
	s.Switches = Switches{}
	res := s.Search(pos, Limits{Depth: 4}, Options{}, Reporter{})
	if pos.UCI(res.Best) != "d1d8" || res.Score != MateScore-1 {
		t.Errorf("plain alpha-beta: %s %d", pos.UCI(res.Best), res.Score)
	}
}

// A Stop sent right after the goroutine starts, before Search has begun,
// must not be lost when the caller prepared the search.
func TestStopBeforeSearchBegins(t *testing.T) {
	pos := chess.StartPosition()
	s := NewSearcher(1)
	for i := 0; i < 50; i++ {
		s.Prepare(false)
		done := make(chan Result)
		go func() { done <- s.Search(pos, Limits{Infinite: true}, Options{}, Reporter{}) }()
		s.Stop()
		select {
		case res := <-done:
			if !pos.IsLegal(res.Best) {
				t.Fatal("illegal move after an early stop")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a stop sent before the search began was lost")
		}
	}
}

// A node limit of one still completes the first iteration: the move played
// is a searched one (here the free queen), not the first one generated.
func TestTinyNodeLimitStillSearchesDepthOne(t *testing.T) {
	res := searchFEN(t, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", Limits{Nodes: 1})
	pos, _ := chess.ParseFEN("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
	if got := pos.UCI(res.Best); got != "d1d5" || res.Depth < 1 {
		t.Errorf("go nodes 1: %s at depth %d, want d1d5 at depth 1", got, res.Depth)
	}
}

// A ponderhit that arrives when the search is not pondering changes nothing.
func TestStrayPonderHitIgnored(t *testing.T) {
	s := NewSearcher(1)
	before := s.main.clock.start.Load()
	s.PonderHit()
	if s.main.clock.start.Load() != before || s.main.pondering.Load() {
		t.Error("ponderhit acted outside a ponder search")
	}
}

// Each technique flipped from the defaults, one at a time, must still find
// the mate in two with its exact score: no switch may break the search.
// The mate begins with a rook sacrifice that gives check (a quiet move
// with a losing SEE, reduced at the root under LMRAdjusted), so with
// ReverseFutility or LateMovePruning off the issue-14 search needs depth 9
// where the old one needed 7.
func TestEachSwitchFlipped(t *testing.T) {
	fen := "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1"
	pos, _ := chess.ParseFEN(fen)
	for _, name := range SwitchNames() {
		sw := DefaultSwitches
		spec := "-" + name
		if err := ApplySwitchSpec(&sw, spec); err != nil {
			t.Fatal(err)
		}
		if sw == DefaultSwitches {
			spec = "+" + name
			if err := ApplySwitchSpec(&sw, spec); err != nil {
				t.Fatal(err)
			}
		}
		s := NewSearcher(1)
		s.Switches = sw
		res := s.Search(pos, Limits{Depth: 9}, Options{MultiPV: 1}, Reporter{})
		if pos.UCI(res.Best) != "g2g1" || res.Score != MateScore-3 {
			t.Errorf("%s: %s %d, want g2g1 mate in 2", spec, pos.UCI(res.Best), res.Score)
		}
	}
}

// REBEL's futility margins: 3.00 at horizon-1 (5.00 with few pieces left),
// 5.00 at horizon-2, nothing further from the horizon.
func TestFutilityREBELMargins(t *testing.T) {
	middlegame, _ := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4")
	ending, _ := chess.ParseFEN("8/5pk1/8/8/8/8/2N2PK1/8 w - - 0 1")
	s := NewSearcher(1).main
	s.Switches.FutilityREBEL = true
	cases := []struct {
		pos                *chess.Position
		depth, eval, alpha int
		want               bool
	}{
		{middlegame, 1, 0, 300, true},
		{middlegame, 1, 0, 301, true},
		{middlegame, 1, 1, 300, false},
		{ending, 1, 0, 300, false},
		{ending, 1, 0, 500, true},
		{middlegame, 2, 0, 499, false},
		{middlegame, 2, 0, 500, true},
		{middlegame, 3, -2000, 0, false},
	}
	for i, c := range cases {
		s.pos = c.pos
		if got := s.futile(c.depth, c.eval, c.alpha); got != c.want {
			t.Errorf("case %d: futile(%d, %d, %d) = %v, want %v", i, c.depth, c.eval, c.alpha, got, c.want)
		}
	}
}

// IPPOLIT's positional-gain table keeps the largest gain of a quiet move
// and lets it shrink by a point when the move gains less; captures and
// positions without an evaluation teach it nothing.
func TestPositionalGainTable(t *testing.T) {
	s := NewSearcher(1).main
	s.Switches.PositionalGain = true
	pos := chess.StartPosition()
	s.pos = pos
	m, _ := pos.ParseUCI("g1f3")
	knight := pos.PieceOn(m.From())
	s.stack[0] = plyState{move: m, moved: knight, rawEval: 10}
	pos.MakeMove(m)
	g := func() int16 { return s.gain[knight][m.From()][m.To()] }
	s.updateGain(1, -40) // the mover's view: from +10 to +40, a gain of 30
	if g() != 30 {
		t.Fatalf("gain %d after +30, want 30", g())
	}
	s.updateGain(1, -20) // a gain of 10 only: the stored 30 shrinks by one
	if g() != 29 {
		t.Fatalf("gain %d after a smaller gain, want 29", g())
	}
	s.updateGain(1, -5000) // clamped
	if g() != PositionalGainLimit {
		t.Fatalf("gain %d, want the limit %d", g(), PositionalGainLimit)
	}
	s.stack[0].rawEval = noEval // a parent in check: nothing to compare
	s.updateGain(1, 3000)
	if g() != PositionalGainLimit {
		t.Fatalf("gain changed to %d without a parent evaluation", g())
	}
	pos.UnmakeMove(m)

	// A capture leaves the table alone.
	capPos, _ := chess.ParseFEN("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
	s.pos = capPos
	x, _ := capPos.ParseUCI("e4d5")
	pawn := capPos.PieceOn(x.From())
	s.stack[0] = plyState{move: x, moved: pawn, rawEval: 0}
	capPos.MakeMove(x)
	s.updateGain(1, -100)
	if got := s.gain[pawn][x.From()][x.To()]; got != 0 {
		t.Errorf("a capture changed the table to %d", got)
	}
}

// REBEL's horizon trick one: the margin is 3.00 plus the best hanging
// piece of the opponent, plus 9.00 after a check evasion.
func TestHorizonTrickOne(t *testing.T) {
	s := NewSearcher(1).main
	// White to move; Black's rook on d5 is attacked by the e4 pawn and
	// undefended.
	pos, err := chess.ParseFEN("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s.pos = pos
	s.stack[0].rawEval = 0 // the opponent was not in check
	rook := materialValue(chess.Rook)
	cases := []struct {
		eval, alpha int
		want        bool
	}{
		{0, HorizonTrickMargin + rook, false},    // taking the rook reaches alpha
		{0, HorizonTrickMargin + rook + 1, true}, // it does not
		{-2000, 0, true},
	}
	for _, c := range cases {
		if got := s.horizonTrickOne(1, c.eval, c.alpha); got != c.want {
			t.Errorf("eval %d alpha %d: %v, want %v", c.eval, c.alpha, got, c.want)
		}
	}
	s.stack[0].rawEval = noEval // the opponent answered a check
	if s.horizonTrickOne(1, 0, HorizonTrickMargin+rook+1) {
		t.Error("no extra margin after a check evasion")
	}
}

// REBEL's recapture extension: only a winning recapture on the square of
// the last capture, with the material balance near the root's.
func TestRecaptureWindow(t *testing.T) {
	s := NewSearcher(1).main
	// Black's knight takes the e4 pawn; White's d3 pawn takes it back.
	pos, _ := chess.ParseFEN("4k3/8/8/8/4P3/3P4/5n2/4K3 b - - 0 1")
	s.pos = pos
	nxe4, _ := pos.ParseUCI("f2e4")
	pos.MakeMove(nxe4)
	dxe4, _ := pos.ParseUCI("d3e4")
	quiet, _ := pos.ParseUCI("e1e2")
	s.rootBalance = s.ev.Lazy(pos) // White to move at ply 0
	if !s.recaptureInWindow(dxe4, 0) {
		t.Error("the recapture dxe4 is not extended")
	}
	if s.recaptureInWindow(quiet, 0) {
		t.Error("a king move is extended as a recapture")
	}
	s.rootBalance += 600 // the root stood far better: out of the window
	if s.recaptureInWindow(dxe4, 0) {
		t.Error("a recapture far below the root's balance is extended")
	}

	ending, _ := chess.ParseFEN("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")
	s.pos = ending
	if !s.pawnEndingInBalance() {
		t.Error("a level pawn ending is not in balance")
	}
	won, _ := chess.ParseFEN("4k3/8/8/8/8/8/PPPPP3/4K3 w - - 0 1")
	s.pos = won
	if s.pawnEndingInBalance() {
		t.Error("five pawns up counts as in balance")
	}
	rook, _ := chess.ParseFEN("4k3/4p3/8/8/8/8/4P3/R3K3 w - - 0 1")
	s.pos = rook
	if s.pawnEndingInBalance() {
		t.Error("a rook ending counts as a pawn ending")
	}
}

// REBEL's reduction 1 searches the quiet moves of a side a rook or more
// below alpha a ply shorter, with REBEL's thresholds.
func TestMaterialReduction(t *testing.T) {
	for _, c := range []struct {
		remaining, alpha, balance int
		want                      bool
	}{
		{3, 501, 0, true}, {3, 500, 0, false}, {5, 701, 0, true}, {5, 600, 0, false},
		{9, 1501, 0, true}, {20, 1400, 0, false}, {2, 5000, 0, false},
	} {
		if got := materialReductionApplies(c.remaining, c.alpha, c.balance); got != c.want {
			t.Errorf("remaining %d alpha %d balance %d: %v, want %v", c.remaining, c.alpha, c.balance, got, c.want)
		}
	}
	// A node whose alpha stands 10.00 above an even position: its quiet
	// moves are searched shorter, its tree shrinks.
	nodes := func(on bool) uint64 {
		s := NewSearcher(1).main
		s.Switches.MaterialReduction = on
		// The children stand far above their beta: without these two they
		// would all return at once and the reduction would not show.
		s.Switches.ReverseFutility, s.Switches.NullMove = false, false
		s.pos = chess.StartPosition()
		s.negamax(1000, 1001, 7, 1, false)
		return s.nodes
	}
	if off, on := nodes(false), nodes(true); on >= off {
		t.Errorf("nodes with reduction 1: %d, without: %d", on, off)
	}
}

// REBEL's check extension: the first check on a path is not extended, the
// fourth gets two plies, so that four checks add four plies as usual.
func TestCheckExtensionREBEL(t *testing.T) {
	total, totalREBEL := 0, 0
	for n := 1; n <= 6; n++ {
		total += checkExtension(n, false)
		totalREBEL += checkExtension(n, true)
		if n == 4 && total != totalREBEL {
			t.Errorf("after four checks: %d plies, REBEL %d", total, totalREBEL)
		}
	}
	if checkExtension(1, true) != 0 || checkExtension(4, true) != 2 || checkExtension(2, true) != 1 {
		t.Error("REBEL's check extension plies are wrong")
	}
}

// REBEL's stage of the game and S_DEPTH: at iteration 11 the null-move
// part is 5 plies in the middle game, 7 in the end game and 8 in the late
// end game, and each extension on the path moves it a ply deeper.
func TestREBELStaticDepth(t *testing.T) {
	s := NewSearcher(1).main
	for _, c := range []struct {
		fen   string
		stage gameStage
		depth int
	}{
		{chess.StartFEN, middleGame, 5},
		{"r3k3/pp3ppp/8/8/8/8/PP3PPP/R2NK3 w - - 0 1", endGame, 7},
		{"4k3/pp3ppp/8/8/8/8/PP3PPP/R3K3 w - - 0 1", lateEndGame, 8},
	} {
		pos, _ := chess.ParseFEN(c.fen)
		s.stage = stageOf(pos)
		if s.stage != c.stage {
			t.Errorf("%s: stage %d, want %d", c.fen, s.stage, c.stage)
		}
		s.rootDepth = 11
		s.stack[3].pathExt = 0
		if got := s.rebelStaticDepth(3); got != c.depth {
			t.Errorf("%s: S_DEPTH %d at iteration 11, want %d", c.fen, got, c.depth)
		}
		s.stack[3].pathExt = 2
		if got := s.rebelStaticDepth(3); got != c.depth+2 {
			t.Errorf("%s: S_DEPTH %d after two extensions, want %d", c.fen, got, c.depth+2)
		}
	}
	s.stage, s.rootDepth, s.stack[3].pathExt = middleGame, 30, 0
	if got := s.rebelStaticDepth(3); got != 13+30-21 {
		t.Errorf("S_DEPTH at iteration 30: %d", got)
	}
}

// REBEL spares from static pruning the answer to a check, a winning
// capture and a pawn reaching the 6th or 7th rank.
func TestREBELPruneExceptions(t *testing.T) {
	s := NewSearcher(1).main
	after := func(fen, move string) {
		pos, _ := chess.ParseFEN(fen)
		m, err := pos.ParseUCI(move)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
		s.pos = pos
	}
	s.stack[0] = plyState{rawEval: 20}
	after("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2d4")
	if !s.rebelCanPrune(1) {
		t.Error("a quiet pawn move is spared")
	}
	after("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", "d4d5")
	if !s.rebelCanPrune(1) {
		t.Error("a pawn to the 5th is spared")
	}
	after("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", "d5d6")
	if s.rebelCanPrune(1) {
		t.Error("a pawn to the 6th is not spared")
	}
	after("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "d2d4")
	s.stack[0].moveWinning = true
	if s.rebelCanPrune(1) {
		t.Error("a winning capture is not spared")
	}
	s.stack[0] = plyState{rawEval: noEval, inCheck: true}
	if s.rebelCanPrune(1) {
		t.Error("the answer to a check is not spared")
	}
}

// REBEL's reduction 2a: a move that leaves its side below alpha, a quarter
// of its threat included, is reduced, unless it was the hash move, already
// reduced, or the hash says the position is better for the mover.
func TestThreatReduction(t *testing.T) {
	s := NewSearcher(1).main
	// Black to move after White's Ne3, which threatens nothing.
	pos, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/3NK3 w - - 0 1")
	m, _ := pos.ParseUCI("d1e3")
	pos.MakeMove(m)
	s.pos = pos
	reset := func() { s.stack[0] = plyState{move: m, rawEval: 10} }
	reset()
	const beta = 100
	if !s.threatReduces(1, 300, beta, false, 0) {
		t.Error("a move leaving its side far below alpha is not reduced")
	}
	if s.threatReduces(1, 90, beta, false, 0) {
		t.Error("a move that keeps its side above alpha is reduced")
	}
	if s.threatReduces(1, 300, beta, true, 50) {
		t.Error("reduced although the hash scores the position above alpha for the mover")
	}
	if s.threatReduces(1, 300, beta, true, 200) {
		t.Error("reduced although the hash is 1.00 better for the mover than the evaluation")
	}
	if !s.threatReduces(1, 300, beta, true, 280) {
		t.Error("a hash score close to the evaluation prevents the reduction")
	}
	s.stack[0].moveIsTT = true
	if s.threatReduces(1, 300, beta, false, 0) {
		t.Error("the hash move is reduced")
	}
	reset()
	s.stack[0].moveReduced = true
	if s.threatReduces(1, 300, beta, false, 0) {
		t.Error("a move reduced already is reduced again")
	}
	reset()
	s.stack[0].rawEval, s.stack[0].inCheck = -Infinity, true
	if s.threatReduces(1, 300, beta, false, 0) {
		t.Error("the answer to a check is reduced")
	}

	// A threat: White's knight attacks Black's queen; a quarter of the
	// queen's 10.20 lifts White above alpha, so the move is not reduced.
	threat, _ := chess.ParseFEN("4k3/8/8/3q4/8/8/8/3NK3 w - - 0 1")
	m2, _ := threat.ParseUCI("d1c3")
	threat.MakeMove(m2)
	s.pos = threat
	s.stack[0] = plyState{move: m2, rawEval: 10}
	if s.threatReduces(1, beta+200, beta, false, 0) {
		t.Error("a move threatening the queen is reduced")
	}
	if !s.threatReduces(1, beta+400, beta, false, 0) {
		t.Error("a move far below alpha even with its threat is not reduced")
	}
}

// REBEL's "move increases the pressure on the opponent's king": read from
// the evaluation's king danger before and after the move. It spares the
// move from static pruning and reduction 2a, and extends it when the path
// has room.
func TestKingPressure(t *testing.T) {
	s := NewSearcher(1).main
	// The danger is recorded only where a technique reads it.
	s.Switches.KingPressureExt = true
	// REBEL's example: e5 drives away the knight that guards h7 against
	// the queen and bishop; a3 does nothing for the attack.
	const fen = "r1b2rk1/pp2qppp/2n1pn2/8/3PP3/2PQ1N2/PPB2PPP/R4RK1 w - - 0 1"
	afterMove := func(uci string) {
		t.Helper()
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		s.pos = pos
		s.stack[0] = plyState{move: m}
		s.stack[0].rawEval = s.fullEval(&s.stack[0])
		pos.MakeMove(m)
		s.stack[1] = plyState{}
		s.stack[1].rawEval = s.fullEval(&s.stack[1])
		s.rootDepth = 10
	}

	afterMove("a2a3")
	if s.kingPressureRose(1) {
		t.Fatalf("a3 raised the danger from %d to %d: counted as pressure", s.stack[0].danger[chess.Black], s.stack[1].danger[chess.Black])
	}
	if !s.rebelCanPrune(1) {
		t.Error("a quiet move without pressure is spared from static pruning")
	}
	if s.kingPressureExtends(1) {
		t.Error("a quiet move without pressure is extended")
	}

	afterMove("e4e5")
	if !s.kingPressureRose(1) {
		t.Fatalf("e5 raised the danger only from %d to %d", s.stack[0].danger[chess.Black], s.stack[1].danger[chess.Black])
	}
	if s.rebelCanPrune(1) {
		t.Error("a move increasing the pressure is pruned")
	}
	if s.threatReduces(1, 300, 100, false, 0) {
		t.Error("a move increasing the pressure is reduced (2a)")
	}
	if !s.kingPressureExtends(1) {
		t.Error("a move increasing the pressure is not extended")
	}
	s.stack[0].moveExt = 1
	if s.kingPressureExtends(1) {
		t.Error("a move extended already is extended twice")
	}
	s.stack[0].moveExt = 0
	s.stack[1].pathExt = 5
	if s.kingPressureExtends(1) {
		t.Error("extended with the path's extensions at half the iteration")
	}
	s.stack[1].pathExt = 0
	s.stack[1].dangerKnown = false
	if s.kingPressureRose(1) {
		t.Error("pressure read from a node that was not evaluated")
	}
	s.stack[1].dangerKnown = true
	s.stack[0].move = chess.NoMove
	if s.kingPressureRose(1) {
		t.Error("a null move increased the pressure")
	}
}

// A node limit that cuts iterations anywhere still gives legal moves.
func TestNodeLimitGivesLegalMoves(t *testing.T) {
	pos, _ := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	s := NewSearcher(1)
	for nodes := uint64(3000); nodes < 200_000; nodes = nodes * 3 / 2 {
		res := s.Search(pos, Limits{Nodes: nodes}, Options{}, Reporter{})
		if !pos.IsLegal(res.Best) {
			t.Fatalf("nodes %d: illegal best %v", nodes, res.Best)
		}
		if res.Ponder != chess.NoMove {
			pos.MakeMove(res.Best)
			legal := pos.IsLegal(res.Ponder)
			pos.UnmakeMove(res.Best)
			if !legal {
				t.Fatalf("nodes %d: illegal ponder move %v after %v", nodes, res.Ponder, res.Best)
			}
		}
	}
}

// The capture history (LMRCaptures reduces by it) rewards the noisy move
// that cut off and punishes the ones searched before it.
func TestCaptureHistory(t *testing.T) {
	s := NewSearcher(1).main
	// d4xc5 and d4xe5 both take a pawn that a pawn defends: equal trades.
	pos, err := chess.ParseFEN("4k3/8/1p3p2/2p1p3/3P4/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s.pos = pos
	dxe5, _ := pos.ParseUCI("d4e5")
	dxc5, _ := pos.ParseUCI("d4c5")
	quiet, _ := pos.ParseUCI("e1e2")

	s.updateCaptureHistory(dxc5, []chess.Move{dxe5, dxc5}, 8)
	if *s.captureHistory(dxc5) <= 0 || *s.captureHistory(dxe5) >= 0 {
		t.Fatalf("after dxc5 cut off: dxc5 %d, dxe5 %d", *s.captureHistory(dxc5), *s.captureHistory(dxe5))
	}
	for range 3 {
		s.updateCaptureHistory(dxe5, []chess.Move{dxc5, dxe5}, 8)
	}
	if *s.captureHistory(dxe5) <= *s.captureHistory(dxc5) {
		t.Errorf("after dxe5 cut off three times: dxe5 %d, dxc5 %d", *s.captureHistory(dxe5), *s.captureHistory(dxc5))
	}
	before := *s.captureHistory(dxe5)
	s.updateCaptureHistory(quiet, []chess.Move{dxe5}, 8)
	if *s.captureHistory(dxe5) >= before {
		t.Error("a capture searched before a quiet cut-off is not punished")
	}
}

// A quiet move that repeats the position a third time is a draw even when
// it is the last ply of the main search (quiescence must see it).
func TestRepetitionAtTheHorizon(t *testing.T) {
	pos, err := chess.ParseFEN("7k/8/5n2/8/Q7/8/8/7K w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	// Black, a queen down, has been shuffling: the knight's return to f6
	// would be the third occurrence of the position.
	for _, uci := range []string{"h1g1", "f6g8", "g1h1", "g8f6", "h1g1", "f6g8", "g1h1"} {
		m, err := pos.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	for _, depth := range []int{1, 2, 3} {
		res := NewSearcher(16).Search(pos.Clone(), Limits{Depth: depth}, Options{MultiPV: 1}, Reporter{})
		if pos.UCI(res.Best) != "g8f6" || res.Score != DrawScore {
			t.Errorf("depth %d: best %s score %d, want g8f6 with the draw score", depth, pos.UCI(res.Best), res.Score)
		}
	}
}

// AspirationFailHigh: each fail high takes a ply off, three at most, never
// below one.
func TestFailHighDepth(t *testing.T) {
	cases := []struct{ search, depth, want int }{
		{10, 10, 9}, {9, 10, 8}, {8, 10, 7}, {7, 10, 7}, {1, 1, 1}, {2, 2, 1}, {5, 5, 4},
	}
	for _, c := range cases {
		if got := failHighDepth(c.search, c.depth); got != c.want {
			t.Errorf("fail high at %d in iteration %d: next at %d, want %d", c.search, c.depth, got, c.want)
		}
	}
}

// The evaluation cache answers with the evaluation's own scores, so a
// search with it visits the very same tree: same nodes, move and score.
func TestEvalCacheKeepsTheTree(t *testing.T) {
	for _, fen := range []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	} {
		pos, _ := chess.ParseFEN(fen)
		var nodes [2]uint64
		var best [2]chess.Move
		var score [2]int
		for i, on := range []bool{false, true} {
			s := NewSearcher(1)
			s.Switches.EvalCache = on
			res := s.Search(pos, Limits{Depth: 9}, Options{MultiPV: 1}, Reporter{})
			nodes[i], best[i], score[i] = s.Nodes(), res.Best, res.Score
		}
		if nodes[0] != nodes[1] || best[0] != best[1] || score[0] != score[1] {
			t.Errorf("%s: without the cache %d nodes %v %d, with it %d nodes %v %d", fen, nodes[0], best[0], score[0], nodes[1], best[1], score[1])
		}
	}
}
