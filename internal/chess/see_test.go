package chess

import "testing"

// Known exchanges, with the expected balance worked out by hand for
// SEEValue (P=100, N=B=325, R=500, Q=1000). Sequences are written in the
// order SEE plays them: least valuable attacker first.
var seeCases = []struct {
	fen, move string
	want      int
	why       string
}{
	{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100,
		"Rxe5 wins an undefended pawn"},
	{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -225,
		"NxP NxN RxN BxR QxB QxQ: black stops after NxN, 100-325"},
	{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100, "PxP undefended"},
	{"4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0, "PxP PxP"},
	{"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -900, "QxP PxQ"},
	{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400,
		"RxP RxR RxR RxR, rooks behind rooks join as x-rays: 100-500"},
	{"4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3e4", -325, "a quiet move onto a pawn-guarded square"},
	{"4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1", "c3b5", 0, "a quiet move onto a safe square"},
	{"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2", 100, "the king takes an undefended pawn"},
	{kiwipeteFEN, "e1g1", 0, "castling exchanges nothing"},
	// Promotions: the move's own piece, and a recapturing pawn as a queen.
	{promotionFEN, "b7b8q", -100, "b8=Q RxQ: 900-1000"},
	{promotionFEN, "b7a8q", 1400, "bxa8=Q: rook plus 900 for the promotion"},
	{promotionFEN, "b7b8n", -100, "b8=N RxN: 225-325"},
	{promotionFEN, "b7a8n", 725, "bxa8=N: 500+225"},
	{"3rr1k1/2P5/8/8/8/8/8/K2Q4 w - - 0 1", "d1d8", 500,
		"QxR RxQ cxd8=Q: black does not recapture, 500"},
	{"3rr1k1/2P5/8/8/8/8/8/K2Q4 w - - 0 1", "c7d8q", 900,
		"cxd8=Q RxQ QxR: 500+900-1000+500"},
	// En passant: the captured pawn is off its square, which can open a file.
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100, "exd6 e.p. undefended"},
	{"4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0, "exd6 e.p. cxd6"},
	{"3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6", 100,
		"exd6 e.p. Rxd6 Rxd6: the rook on d1 sees d6 once d5 is gone"},
	// A king may not take while the other side still has an attacker. Here
	// Kxe4 would be illegal (the black king guards e4) and the queen behind
	// the king cannot take first, so black simply wins the knight.
	{"8/8/3n4/5k2/4N3/3K4/2Q5/8 b - - 0 1", "d6e4", 325,
		"NxN and white's king may not recapture"},
}

func TestSEEKnownExchanges(t *testing.T) {
	for _, tc := range seeCases {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCI(tc.move)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.fen, tc.move, err)
		}
		if got := p.SEE(m); got != tc.want {
			t.Errorf("%s %s (%s): SEE %d, want %d", tc.fen, tc.move, tc.why, got, tc.want)
		}
		if ref := seeReference(p, m); ref != tc.want {
			t.Errorf("%s %s: reference SEE %d, want %d", tc.fen, tc.move, ref, tc.want)
		}
		for _, thr := range []int{tc.want - 1, tc.want, tc.want + 1} {
			if got := p.SEEGreaterEqual(m, thr); got != (tc.want >= thr) {
				t.Errorf("%s %s: SEEGreaterEqual(%d) = %v", tc.fen, tc.move, thr, got)
			}
		}
	}
}

// seeReference is a plain recursive exchange search that finds the
// attackers afresh at every step instead of tracking x-rays, as a check on
// the swap list and on the threshold form.
func seeReference(p *Position, m Move) int {
	if m.IsCastling() {
		return 0
	}
	first, onSquare, occ := p.seeFirst(m)
	return first - seeReferenceReply(p, m.To(), p.side^1, onSquare, occ)
}

// seeReferenceReply returns what side gains by going on with the exchange,
// or 0 if it is better off stopping.
func seeReferenceReply(p *Position, to Square, side Color, onSquare int, occ Bitboard) int {
	att := p.AttackersTo(to, occ) & occ & p.byColor[side]
	if att == 0 {
		return 0
	}
	pt := Pawn
	for att&p.byType[pt] == 0 {
		pt++
	}
	occ &^= SquareBB((att & p.byType[pt]).First())
	if pt == King && p.AttackersTo(to, occ)&occ&p.byColor[side^1] != 0 {
		return 0
	}
	value, placed := onSquare, SEEValue[pt]
	if pt == Pawn && (to.Rank() == 0 || to.Rank() == 7) {
		value += SEEValue[Queen] - SEEValue[Pawn]
		placed = SEEValue[Queen]
	}
	return max(0, value-seeReferenceReply(p, to, side^1, placed, occ))
}

// Positions full of exchanges, to add to the perft suites.
var seeTactical = []string{
	"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
	"2r1r1k1/pp1bppbp/3p1np1/q3P3/2P2P2/1P2B3/P1N1B1PP/2RQ1RK1 b - - 0 1",
	"r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
	"2rr2k1/1p2qp1p/1pn1pp2/1N6/3P4/P6P/1P2QPP1/2R2RK1 b - - 0 1",
	"3q1rk1/pb1r1ppp/1p1b4/2pQ4/3P4/1PN1P3/P4PPP/R2R2K1 w - - 0 1",
	"r2qr1k1/pp1nbppp/2pp1n2/4p3/2B1P1b1/2NP1N2/PPPBQPPP/R3R1K1 w - - 0 1",
	"4r1k1/1q3ppp/p7/1p2N3/2rP4/1P3Q2/P4PPP/2R1R1K1 w - - 0 1",
	"2k1r3/1p1q1p2/p1nppb1p/8/2PNP3/1P2Q3/P4PPP/3R1RK1 w - - 0 1",
	"rnb1k2r/pp3ppp/4pn2/q1pp4/1bPP4/2N1PN2/PPQ2PPP/R1B1KB1R w KQkq - 0 1",
	"3r3k/p5pp/1p6/2p1q3/2P1n3/1P1QR2P/P5P1/5R1K w - - 0 1",
	"8/1P2k3/8/8/8/8/1p2K3/8 w - - 0 1",
	"1r2r1k1/3q1ppp/p2b4/1p1nN3/2pP2Q1/P1P1B3/1P3PPP/R3R1K1 w - - 0 1",
}

// seePositions returns the wiki perft positions and the tactical ones above
// with their children, the known exchanges' positions and the perft suites'
// (every fourth of fischer.epd): the moves of all of them exercise SEE.
func seePositions(t *testing.T) []*Position {
	var out []*Position
	add := func(fen string) {
		p := mustFEN(t, fen)
		out = append(out, p)
	}
	for _, tc := range wikiPerft {
		add(tc.fen)
	}
	for _, fen := range seeTactical {
		add(fen)
	}
	for _, c := range seeCases {
		add(c.fen)
	}
	for _, c := range readPerftSuite(t, "standard.epd") {
		add(c.fen)
	}
	for i, c := range readPerftSuite(t, "fischer.epd") {
		if i%4 == 0 {
			add(c.fen)
		}
	}
	// One ply on from the busy positions: more captures and recaptures.
	n := len(out)
	for _, p := range out[:6+len(seeTactical)] {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			p.MakeMove(m)
			add(p.FEN())
			p.UnmakeMove(m)
		}
	}
	t.Logf("%d positions (%d children)", len(out), len(out)-n)
	return out
}

// SEEGreaterEqual must agree with SEE at every threshold from -500 to 500
// and around SEE's value, and SEE with the recursive reference, for every
// legal move of every position.
func TestSEEAgreement(t *testing.T) {
	moves, nonZero := 0, 0
	for _, p := range seePositions(t) {
		var ml MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			v := p.SEE(m)
			moves++
			if v != 0 {
				nonZero++
			}
			if ref := seeReference(p, m); ref != v {
				t.Fatalf("%s %s: SEE %d, reference %d", p.FEN(), p.UCI(m), v, ref)
			}
			for thr := -500; thr <= 500; thr++ {
				if got := p.SEEGreaterEqual(m, thr); got != (v >= thr) {
					t.Fatalf("%s %s: SEE %d but SEEGreaterEqual(%d) = %v", p.FEN(), p.UCI(m), v, thr, got)
				}
			}
			for _, thr := range []int{v - 1, v, v + 1, -30000, 30000} {
				if got := p.SEEGreaterEqual(m, thr); got != (v >= thr) {
					t.Fatalf("%s %s: SEE %d but SEEGreaterEqual(%d) = %v", p.FEN(), p.UCI(m), v, thr, got)
				}
			}
		}
	}
	t.Logf("%d moves, %d with a non-zero exchange", moves, nonZero)
}

func TestSEEDoesNotAllocate(t *testing.T) {
	p := mustFEN(t, seeCases[1].fen)
	m, _ := p.ParseUCI(seeCases[1].move)
	if n := testing.AllocsPerRun(100, func() { p.SEE(m); p.SEEGreaterEqual(m, 0) }); n != 0 {
		t.Errorf("SEE allocates %.1f times per call", n)
	}
}

// seeBenchMoves collects the captures and promotions of a few middlegame
// positions: the moves qsearch and the capture stage of the picker test.
func seeBenchMoves(b *testing.B) ([]*Position, []Move) {
	var ps []*Position
	var ms []Move
	for _, fen := range append([]string{kiwipeteFEN, wikiPerft[5].fen}, seeTactical...) {
		p := mustFEN(b, fen)
		var ml MoveList
		p.GenerateNoisy(&ml)
		for _, m := range ml.Slice() {
			ps = append(ps, p)
			ms = append(ms, m)
		}
	}
	return ps, ms
}

func BenchmarkSEE(b *testing.B) {
	ps, ms := seeBenchMoves(b)
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		j := i % len(ms)
		sum += ps[j].SEE(ms[j])
	}
	_ = sum
}

func BenchmarkSEEGreaterEqual(b *testing.B) {
	ps, ms := seeBenchMoves(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		j := i % len(ms)
		if ps[j].SEEGreaterEqual(ms[j], 0) {
			n++
		}
	}
	_ = n
}
