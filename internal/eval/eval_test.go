package eval

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"matador/internal/chess"
)

// builtinFENs cover openings, middle games with attacks on the king,
// passed pawns, and the drawish endings the scaling knows.
var builtinFENs = []string{
	chess.StartFEN,
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP1B2/2N1PN1P/PP3PP1/R2QKB1R w KQ - 1 9",
	"2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 7 12",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 4 13",
	"2kr3r/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1B2RK1 b - - 3 9",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
	"8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1",
	"r5k1/5ppp/8/1P6/8/8/5PPP/R5K1 b - - 0 1",
	"8/8/3k4/8/8/3K4/3B4/3N4 w - - 0 1",
	"8/8/3k4/8/8/3K4/3B4/8 b - - 0 1",
	"8/3k4/8/3b4/8/3K4/3R4/8 w - - 0 1",
	"4k3/5pp1/4b3/8/8/2B5/5PPP/4K3 w - - 0 1",
	"3qk3/8/8/8/8/8/8/Q3K3 w - - 0 1",
	"8/8/8/8/8/4k3/8/1nn1K3 b - - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
	"8/1P6/8/8/8/k7/8/K7 b - - 0 1",
	"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1",
}

// mirrorFEN returns the colour-flipped position: ranks reversed, colours
// and the side to move swapped, castling rights and the e.p. square mirrored.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	out := []string{swapCase(strings.Join(ranks, "/"))}
	side := "w"
	if len(f) > 1 && f[1] == "w" {
		side = "b"
	}
	out = append(out, side)
	castling := "-"
	if len(f) > 2 && f[2] != "-" {
		swapped := swapCase(f[2])
		var upper, lower []byte
		for i := 0; i < len(swapped); i++ {
			if swapped[i] >= 'a' {
				lower = append(lower, swapped[i])
			} else {
				upper = append(upper, swapped[i])
			}
		}
		castling = string(upper) + string(lower)
	}
	out = append(out, castling)
	ep := "-"
	if len(f) > 3 && f[3] != "-" {
		r := byte('3')
		if f[3][1] == '3' {
			r = '6'
		}
		ep = string([]byte{f[3][0], r})
	}
	out = append(out, ep)
	out = append(out, f[min(4, len(f)):]...)
	return strings.Join(out, " ")
}

func swapCase(s string) string {
	b := []byte(s)
	for i, ch := range b {
		switch {
		case ch >= 'a' && ch <= 'z':
			b[i] = ch - 'a' + 'A'
		case ch >= 'A' && ch <= 'Z':
			b[i] = ch - 'A' + 'a'
		}
	}
	return string(b)
}

// suiteFENs reads the FEN part of every line of an EPD file under
// ../shared/data, or skips the caller when the file is not there.
func suiteFENs(t testing.TB, parts ...string) []string {
	path := filepath.Join(append([]string{"..", "..", "..", "shared", "data"}, parts...)...)
	file, err := os.Open(path)
	if err != nil {
		t.Logf("suite %s not found (%v): ../shared/data is not beside the repository; using built-in positions only", path, err)
		return nil
	}
	defer file.Close()
	var fens []string
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		fields := strings.Fields(strings.SplitN(sc.Text(), ";", 2)[0])
		if len(fields) < 4 {
			continue
		}
		fens = append(fens, strings.Join(fields[:4], " ")+" 0 1")
	}
	return fens
}

func allFENs(t testing.TB) []string {
	fens := append([]string{}, builtinFENs...)
	fens = append(fens, suiteFENs(t, "perft", "standard.epd")...)
	fens = append(fens, suiteFENs(t, "tests", "wac.epd")...)
	return fens
}

func mustParse(t testing.TB, fen string) *chess.Position {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func TestScorePacking(t *testing.T) {
	for _, mg := range []int{-3000, -129, -1, 0, 1, 77, 4000} {
		for _, eg := range []int{-5000, -200, -1, 0, 1, 99, 6000} {
			s := S(mg, eg)
			if s.Mg() != mg || s.Eg() != eg {
				t.Fatalf("S(%d, %d) unpacks to (%d, %d)", mg, eg, s.Mg(), s.Eg())
			}
			if d := s * 3; d.Mg() != 3*mg || d.Eg() != 3*eg {
				t.Fatalf("3*S(%d, %d) unpacks to (%d, %d)", mg, eg, d.Mg(), d.Eg())
			}
			if n := S(7, -9) - s; n.Mg() != 7-mg || n.Eg() != -9-eg {
				t.Fatalf("S(7,-9)-S(%d, %d) unpacks to (%d, %d)", mg, eg, n.Mg(), n.Eg())
			}
		}
	}
}

func TestMirrorFEN(t *testing.T) {
	got := mirrorFEN("r3k2r/8/8/8/4Pp2/8/8/R3K2R b Kq e3 0 1")
	want := "r3k2r/8/8/4pP2/8/8/8/R3K2R w Qk e6 0 1"
	if got != want {
		t.Fatalf("mirrorFEN = %q, want %q", got, want)
	}
}

// TestSymmetry: a position and its colour-flipped twin score the same for
// the side to move.
func TestSymmetry(t *testing.T) {
	e := NewEvaluator()
	n := 0
	for _, fen := range allFENs(t) {
		p := mustParse(t, fen)
		q := mustParse(t, mirrorFEN(fen))
		a, b := e.Evaluate(p), e.Evaluate(q)
		if a != b {
			t.Errorf("asymmetric: %d for %s, %d for mirrored %s\n%s\n%s", a, fen, b, mirrorFEN(fen), Trace(p), Trace(q))
		}
		if Hanging(p, chess.White) != flipBB(Hanging(q, chess.Black)) {
			t.Errorf("Hanging asymmetric for %s", fen)
		}
		n++
	}
	t.Logf("%d positions symmetric", n)
}

// flipBB mirrors a bitboard vertically.
func flipBB(b chess.Bitboard) chess.Bitboard {
	var out chess.Bitboard
	for b != 0 {
		out |= chess.SquareBB(b.PopFirst().Flip())
	}
	return out
}

// whiteScore evaluates fen from White's point of view.
func whiteScore(t *testing.T, fen string) int {
	t.Helper()
	p := mustParse(t, fen)
	v := NewEvaluator().Evaluate(p)
	if p.SideToMove() == chess.Black {
		v = -v
	}
	return v
}

func TestOrderings(t *testing.T) {
	queenUp := whiteScore(t, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	pawnUp := whiteScore(t, "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if queenUp < pawnUp+600 {
		t.Errorf("queen up %d should be far above pawn up %d", queenUp, pawnUp)
	}
	if pawnUp < 40 {
		t.Errorf("pawn up scores only %d", pawnUp)
	}

	seventh := whiteScore(t, "6k1/P4r2/8/8/8/8/5R2/6K1 w - - 0 1")
	third := whiteScore(t, "6k1/5r2/8/8/8/P7/5R2/6K1 w - - 0 1")
	if seventh <= third+30 {
		t.Errorf("passed pawn on the 7th %d should beat one on the 3rd %d", seventh, third)
	}

	kbn := whiteScore(t, "8/8/3k4/8/8/3K4/3B4/3N4 w - - 0 1")
	if kbn < 300 {
		t.Errorf("KBN v K scores %d, should stay winning", kbn)
	}
	kb := whiteScore(t, "8/8/3k4/8/8/3K4/3B4/8 w - - 0 1")
	if kb < -5 || kb > 5 {
		t.Errorf("KB v K scores %d, should be about 0", kb)
	}
	kn := whiteScore(t, "8/8/3k4/8/8/3K4/3N4/8 b - - 0 1")
	if kn < -5 || kn > 5 {
		t.Errorf("KN v K scores %d, should be about 0", kn)
	}
	knn := whiteScore(t, "8/8/3k4/8/8/3K4/3N4/3N4 w - - 0 1")
	if knn != 0 {
		t.Errorf("KNN v K scores %d, should be 0", knn)
	}
	kr := whiteScore(t, "8/3k4/8/8/8/3K4/3R4/8 w - - 0 1")
	krb := whiteScore(t, "8/3k4/8/3b4/8/3K4/3R4/8 w - - 0 1")
	// A bare rook up scores about 380 since the fit on 7.2M positions scaled the
	// side ahead without pawns (ScaleStrongPawns[0]); mop-up and the
	// tables do the rest.
	if krb > 60 || krb < 0 || kr < 300 {
		t.Errorf("KR v KB scores %d (KR v K %d): should be scaled towards a draw", krb, kr)
	}

	// Opposite-coloured bishops with an extra pawn against the same ending
	// with bishops of one colour, pawns on both wings (with pawns on one
	// wing only the complexity term makes the second drawish too).
	ocbFEN := "4k3/p4pp1/4b3/8/8/2B5/P4PPP/4K3 w - - 0 1"
	scbFEN := "4k3/p4pp1/8/4b3/8/2B5/P4PPP/4K3 w - - 0 1"
	ocb, scb := whiteScore(t, ocbFEN), whiteScore(t, scbFEN)
	if ocb*2 >= scb || ocb < 0 {
		t.Errorf("opposite bishops %d should be well below same-coloured bishops %d", ocb, scb)
	}
	e := NewEvaluator()
	e.evaluate(mustParse(t, ocbFEN))
	// A scale factor is tapered like any weight: the test expects the value
	// at the position's phase.
	if want := ScaleAt(defaultParams.ScaleOCBBishopsOnly, e.info.phase); e.info.scale != want || e.info.scaleFrom != &defaultParams.ScaleOCBBishopsOnly {
		t.Errorf("opposite bishops scale %d, want %d", e.info.scale, want)
	}
	e.evaluate(mustParse(t, "r3k3/5pp1/4b3/8/8/2B5/5PPP/R3K3 w - - 0 1"))
	if want := ScaleAt(defaultParams.ScaleOCBWithPieces, e.info.phase); e.info.scale != want || e.info.scaleFrom != &defaultParams.ScaleOCBWithPieces {
		t.Errorf("opposite bishops with rooks scale %d, want %d", e.info.scale, want)
	}

	// A king walking into the open against queen and rooks is in danger.
	safe := whiteScore(t, "r4rk1/ppp2ppp/8/3q4/8/8/PPP2PPP/R2Q1RK1 w - - 0 1")
	exposed := whiteScore(t, "r4rk1/ppp2ppp/8/3q4/8/4K3/PPP2PPP/R2Q1R2 w - - 0 1")
	if exposed >= safe-50 {
		t.Errorf("exposed king %d should score well below castled king %d", exposed, safe)
	}

	// An unstoppable passer in a pawn ending.
	run := whiteScore(t, "8/1P6/8/8/8/7k/8/K7 b - - 0 1")
	if run < 400 {
		t.Errorf("unstoppable pawn scores %d", run)
	}
}

func TestPawnHashConsistency(t *testing.T) {
	fens := allFENs(t)
	warm := NewEvaluator()
	for _, fen := range fens {
		warm.Evaluate(mustParse(t, fen))
	}
	for _, fen := range fens {
		p := mustParse(t, fen)
		if a, b := NewEvaluator().Evaluate(p), warm.Evaluate(p); a != b {
			t.Errorf("%s: cold %d, warm %d", fen, a, b)
		}
	}
	if warm.hits == 0 {
		t.Errorf("no pawn hash hits in %d probes", warm.probes)
	}
	noHash := DefaultParams()
	noHash.UsePawnHash = false
	for _, fen := range fens {
		p := mustParse(t, fen)
		if a, b := NewEvaluatorWith(noHash).Evaluate(p), warm.Evaluate(p); a != b {
			t.Errorf("%s: without hash %d, with %d", fen, b, a)
		}
	}
}

// TestPawnHashAfterMoves plays moves through make/unmake and checks that
// the incrementally kept pawn key finds the right entries.
func TestPawnHashAfterMoves(t *testing.T) {
	e := NewEvaluator()
	for _, fen := range builtinFENs {
		p := mustParse(t, fen)
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Slice() {
			p.MakeMove(m)
			fresh := NewEvaluator().Evaluate(mustParse(t, p.FEN()))
			if got := e.Evaluate(p); got != fresh {
				t.Errorf("%s after %s: %d, from FEN %d", fen, p.UCI(m), got, fresh)
			}
			p.UnmakeMove(m)
		}
	}
}

func TestTraceMatchesEvaluate(t *testing.T) {
	e := NewEvaluator()
	for _, fen := range allFENs(t) {
		p := mustParse(t, fen)
		want := e.Evaluate(p)
		tr := Trace(p)
		i := strings.Index(tr, "Final: ")
		if i < 0 {
			t.Fatalf("trace has no final line:\n%s", tr)
		}
		rest := tr[i+len("Final: "):]
		white, err := strconv.Atoi(strings.Fields(rest)[0])
		if err != nil {
			t.Fatalf("bad final line %q", rest)
		}
		j := strings.Index(rest, "), ")
		stm, err := strconv.Atoi(strings.Fields(rest[j+3:])[0])
		if err != nil {
			t.Fatalf("bad final line %q", rest)
		}
		if stm != want {
			t.Errorf("%s: trace says %d for the side to move, Evaluate %d", fen, stm, want)
		}
		if p.SideToMove() == chess.Black {
			white = -white
		}
		if white != want {
			t.Errorf("%s: trace White's view %d disagrees with Evaluate %d", fen, white, want)
		}
		for _, name := range termNames {
			if !strings.Contains(tr, name) {
				t.Errorf("trace lacks the %s row", name)
			}
		}
	}
}

func TestHanging(t *testing.T) {
	cases := []struct {
		fen  string
		side chess.Color
		want []string
	}{
		// Knight attacked by a rook and undefended.
		{"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", chess.Black, []string{"d5"}},
		// The same knight defended by a pawn: a rook is no cheaper attacker.
		{"4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", chess.Black, nil},
		// Defended, but attacked by a pawn.
		{"4k3/8/4p3/3n4/4P3/8/8/3RK3 w - - 0 1", chess.Black, []string{"d5"}},
		// Rook attacked by a bishop, queen attacked by a rook.
		{"4k3/8/8/3r4/8/1B6/8/3QK2r w - - 0 1", chess.White, []string{"d1"}},
		{"4k3/8/8/3r4/8/1B6/8/3QK2r w - - 0 1", chess.Black, []string{"d5"}},
	}
	for _, c := range cases {
		p := mustParse(t, c.fen)
		var want chess.Bitboard
		for _, s := range c.want {
			sq, _ := chess.ParseSquare(s)
			want |= chess.SquareBB(sq)
		}
		if got := Hanging(p, c.side); got != want {
			t.Errorf("%s: Hanging(%v) =\n%vwant\n%v", c.fen, c.side, got, want)
		}
		// The evaluation's own tables agree with the standalone function.
		e := NewEvaluator()
		e.evaluate(p)
		if got := e.info.hanging[c.side]; got != want {
			t.Errorf("%s: evaluation's hanging(%v) =\n%vwant\n%v", c.fen, c.side, got, want)
		}
	}
}

// Hanging, which computes the defence only for the pieces the enemy
// attacks, agrees with the evaluation's hanging lists, read from its full
// attack tables, in the built-in positions and those one and two moves on
// (where pieces hang).
func TestHangingAgreesWithEvaluation(t *testing.T) {
	e := NewEvaluator()
	check := func(p *chess.Position) {
		e.evaluate(p)
		for c := chess.White; c <= chess.Black; c++ {
			if got, want := Hanging(p, c), e.info.hanging[c]; got != want {
				t.Fatalf("%s: Hanging(%v) =\n%vthe evaluation's\n%v", p.FEN(), c, got, want)
			}
		}
	}
	for _, fen := range builtinFENs {
		p := mustParse(t, fen)
		var ml, ml2 chess.MoveList
		p.GenerateLegal(&ml)
		for _, m := range ml.Moves[:ml.N] {
			p.MakeMove(m)
			check(p)
			ml2.N = 0
			p.GenerateLegal(&ml2)
			for _, m2 := range ml2.Moves[:ml2.N] {
				p.MakeMove(m2)
				check(p)
				p.UnmakeMove(m2)
			}
			p.UnmakeMove(m)
		}
	}
}

func TestNoAllocation(t *testing.T) {
	e := NewEvaluator()
	var positions []*chess.Position
	for _, fen := range builtinFENs {
		positions = append(positions, mustParse(t, fen))
	}
	i := 0
	allocs := testing.AllocsPerRun(500, func() {
		e.Evaluate(positions[i%len(positions)])
		Hanging(positions[i%len(positions)], chess.White)
		i++
	})
	if allocs != 0 {
		t.Errorf("Evaluate allocates %.1f times per call", allocs)
	}
}

// Lazy is the material/piece-square part of Evaluate: the gap LazyGap
// reports after an Evaluate must be exactly the distance between the two,
// Lazy must be symmetric, and it must leave Evaluate's result alone.
func TestLazy(t *testing.T) {
	e := NewEvaluator()
	for _, fen := range allFENs(t) {
		p := mustParse(t, fen)
		full := e.Evaluate(p)
		gap := e.LazyGap()
		lazy := e.Lazy(p)
		if d := full - lazy; d != gap && d != -gap {
			t.Errorf("%s: Evaluate %d, Lazy %d, LazyGap %d", fen, full, lazy, gap)
		}
		if again := e.Evaluate(p); again != full {
			t.Errorf("%s: Evaluate changed after Lazy: %d, then %d", fen, full, again)
		}
		if q := mustParse(t, mirrorFEN(fen)); e.Lazy(q) != lazy {
			t.Errorf("%s: Lazy asymmetric: %d vs %d mirrored", fen, lazy, e.Lazy(q))
		}
	}
}

// KingDanger reports the king-safety penalty of the last evaluation: none
// without an enemy queen, more when another attacker joins, the same for a
// mirrored position.
func TestKingDanger(t *testing.T) {
	e := NewEvaluator()
	danger := func(fen string, c chess.Color) int {
		e.Evaluate(mustParse(t, fen))
		return e.KingDanger(c)
	}
	const quiet = "r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 1"
	if d := danger(quiet, chess.Black); d != 0 {
		t.Errorf("no queens, yet a danger of %d", d)
	}
	const queen = "r4rk1/ppp2ppp/8/6Q1/8/8/PPP2PPP/R4RK1 w - - 0 1"
	const queenBishop = "r4rk1/ppp2ppp/8/6Q1/8/3B4/PPP2PPP/R4RK1 w - - 0 1"
	q, qb := danger(queen, chess.Black), danger(queenBishop, chess.Black)
	if q <= 0 || qb <= q {
		t.Errorf("danger with the queen %d, with queen and bishop %d: want 0 < first < second", q, qb)
	}
	if w := danger(queenBishop, chess.White); w != 0 {
		t.Errorf("White's king, facing no queen, has a danger of %d", w)
	}
	if m := danger(mirrorFEN(queenBishop), chess.White); m != qb {
		t.Errorf("mirrored: %d, want %d", m, qb)
	}
}

// Each evaluator reads its own configuration: a copy with a term off or a
// weight changed evaluates differently, while the engine's evaluators,
// created before and after, still give the defaults' scores.
func TestParamsPerEvaluator(t *testing.T) {
	pos := mustParse(t, "r1b2rk1/pp2qppp/2n1pn2/8/3PP3/2PQ1N2/PPB2PPP/R4RK1 w - - 0 1")
	before := NewEvaluator()
	want := before.Evaluate(pos)

	noMobility := DefaultParams()
	noMobility.UseMobility = false
	if NewEvaluatorWith(noMobility).Evaluate(pos) == want {
		t.Error("turning mobility off in a copy changed nothing")
	}
	bigPawns := DefaultParams()
	for r := range bigPawns.PSTRank[chess.Pawn] {
		bigPawns.PSTRank[chess.Pawn][r] += S(50, 50)
	}
	bigPawns.Rebuild()
	if NewEvaluatorWith(bigPawns).Evaluate(pos) == want {
		t.Error("changed piece-square weights, rebuilt, changed nothing")
	}
	if got := before.Evaluate(pos); got != want {
		t.Errorf("the default evaluator moved from %d to %d", want, got)
	}
	if got := NewEvaluator().Evaluate(pos); got != want {
		t.Errorf("a new default evaluator gives %d, want %d", got, want)
	}
	if NewEvaluator().Params().UseMobility != true {
		t.Error("the defaults were changed through a copy")
	}
}

// TestSymmetryAllTerms: with NewTerms on (every switch) and every tunable
// weight set to a random value
// (as a fit may leave them), a position and its colour mirror still
// evaluate alike, so no term reads a square or a side for one colour only.
// Random weights also try those a fit left at zero (PassedStacked's fifth
// rank, for one), which TestSymmetry cannot see.
func TestSymmetryAllTerms(t *testing.T) {
	p := DefaultParams()
	if err := ApplySwitchSpec(p, NewTerms); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, param := range p.Tunable() {
		for _, v := range param.Values {
			*v = S(r.IntN(61)-30, r.IntN(61)-30)
		}
	}
	p.Rebuild()
	e := NewEvaluatorWith(p)
	n := 0
	for _, fen := range allFENs(t) {
		a, b := e.Evaluate(mustParse(t, fen)), e.Evaluate(mustParse(t, mirrorFEN(fen)))
		if a != b {
			t.Errorf("asymmetric with all terms on: %d for %s, %d for its mirror", a, fen, b)
		}
		n++
	}
	t.Logf("%d positions symmetric with all terms on and random weights", n)
}

// TestThreatOverload: the rook on d6 alone defends both knights that White's
// pawns attack, so White gets ThreatOverload once; a pawn on b7 that also
// holds c6, or no attack on f6, leaves the rook with one duty.
func TestThreatOverload(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want int // overloaded black defenders
	}{
		{"k7/8/2nr1n2/1P4P1/8/8/8/4K3 w - - 0 1", 1},
		{"k7/1p6/2nr1n2/1P4P1/8/8/8/4K3 w - - 0 1", 0},
		{"k7/8/2nr1n2/1P6/8/8/8/4K3 w - - 0 1", 0},
		// The queen on d8 holds c7 and e7 against the knight on d5, and the
		// pawn on g7 holds f6 and h6: two overloaded defenders.
		{"k2q4/2n1n1p1/1P3n1n/3N2P1/8/8/8/4K3 w - - 0 1", 2},
	} {
		threats := func(w Score) Score {
			p := DefaultParams()
			p.UseThreatsByType = true
			p.ThreatOverload = w
			e := NewEvaluatorWith(p)
			e.Evaluate(mustParse(t, tc.fen))
			return e.info.terms[termThreats][chess.White] - e.info.terms[termThreats][chess.Black]
		}
		if got := threats(S(10, 20)) - threats(0); got != S(10, 20)*Score(tc.want) {
			t.Errorf("%s: overload adds %v, want %d times S(10, 20)", tc.fen, got, tc.want)
		}
	}
}

// TestKingDefenders: White's zone (f1-h3) holds three pawns and the knight
// on f3, not the bishop on e2; Black's holds three pawns. KingDefenders is
// read by that count, only with the danger model on.
func TestKingDefenders(t *testing.T) {
	pos := mustParse(t, "6k1/5ppp/8/8/8/5N2/4BPPP/6K1 w - - 0 1")
	if w, b := kingDefenders(pos, chess.White).Count(), kingDefenders(pos, chess.Black).Count(); w != 4 || b != 3 {
		t.Fatalf("defenders %d and %d, want 4 and 3", w, b)
	}
	for _, model := range []bool{true, false} {
		kingTerm := func(byCount bool) Score {
			p := DefaultParams()
			p.UseKingDangerModel = model
			for i := range p.KingDefenders {
				p.KingDefenders[i] = 0
				if byCount {
					p.KingDefenders[i] = S(i, 10*i)
				}
			}
			e := NewEvaluatorWith(p)
			e.Evaluate(pos)
			return e.info.terms[termKingSafety][chess.White] - e.info.terms[termKingSafety][chess.Black]
		}
		want := Score(0)
		if model {
			want = S(4-3, 10*(4-3))
		}
		if got := kingTerm(true) - kingTerm(false); got != want {
			t.Errorf("danger model %v: defenders add %v, want %v", model, got, want)
		}
	}
}

// TestPieceActivity: closedness from the pawns, the king's file distance to
// the pawns and the knight's distance to the nearer king, each read only
// with UsePieceActivity.
func TestPieceActivity(t *testing.T) {
	for _, tc := range []struct {
		fen            string
		closedness     int
		files          uint8
		kingDistance   [2]int // White's and Black's king to the nearest pawn file
		knightDistance int    // White's knight to the nearer king
		knights, rooks [2]int
	}{
		// 16 pawns, none blocked, no open file: 16/3. The knights cancel.
		{chess.StartFEN, 5, 0xff, [2]int{0, 0}, 0, [2]int{2, 2}, [2]int{2, 2}},
		// Four pawns locked on the d- and e-files, six files open:
		// (4 + 2·2 - 2·6)/3 is below zero, so 0.
		{"4k3/8/8/3pp3/3PP3/8/8/R3K1N1 w - - 0 1", 0, 0x18, [2]int{0, 0}, 2, [2]int{1, 0}, [2]int{1, 0}},
		// Pawns on the h-file alone, kings on a1 and b8; the knight on c7
		// is one square from the enemy king, six from its own.
		{"1k6/2N4p/8/8/8/8/7P/K7 w - - 0 1", 0, 0x80, [2]int{7, 6}, 1, [2]int{1, 0}, [2]int{0, 0}},
	} {
		pos := mustParse(t, tc.fen)
		closed, files := pawnShape(pos)
		if closed != tc.closedness || files != tc.files {
			t.Errorf("%s: closedness %d files %08b, want %d and %08b", tc.fen, closed, files, tc.closedness, tc.files)
		}
		for c := chess.White; c <= chess.Black; c++ {
			if d := fileDistance(files, pos.KingSquare(c).File()); d != tc.kingDistance[c] {
				t.Errorf("%s: king %d's file distance %d, want %d", tc.fen, c, d, tc.kingDistance[c])
			}
		}
		terms := func(on, weighted bool) (placement, king Score) {
			p := DefaultParams()
			p.UsePieceActivity = on
			// Weighted: weights that show each count; else none at all.
			w := Score(0)
			if weighted {
				w = 1
			}
			for i := range p.KnightKingDistance {
				p.KnightKingDistance[i] = w * S(1000*i, 0)
				p.KingPawnDistance[i] = w * S(i, 0)
			}
			for i := range p.KnightClosedness {
				p.KnightClosedness[i] = w * S(0, i)
				p.RookClosedness[i] = w * S(0, 100*i)
			}
			e := NewEvaluatorWith(p)
			e.Evaluate(pos)
			return e.info.terms[termPlacement][chess.White] - e.info.terms[termPlacement][chess.Black],
				e.info.terms[termKingSafety][chess.White] - e.info.terms[termKingSafety][chess.Black]
		}
		for _, on := range []bool{true, false} {
			p1, k1 := terms(on, true)
			p0, k0 := terms(on, false)
			var wantPlacement, wantKing Score
			if on {
				// Each side's knights by their distance (Black's knights
				// mirror White's in the start position).
				knightDist := 0
				if tc.knights[chess.Black] == 0 {
					knightDist = 1000 * tc.knightDistance * tc.knights[chess.White]
				}
				wantPlacement = S(knightDist, closed*(tc.knights[0]-tc.knights[1])+100*closed*(tc.rooks[0]-tc.rooks[1]))
				if files != 0 {
					wantKing = S(tc.kingDistance[0]-tc.kingDistance[1], 0)
				}
			}
			if p1-p0 != wantPlacement || k1-k0 != wantKing {
				t.Errorf("%s, activity %v: placement %v king %v, want %v and %v", tc.fen, on, p1-p0, k1-k0, wantPlacement, wantKing)
			}
		}
	}
}

// TestQueenXRay: the queen on d1 is eyed through one piece by the rook on
// d8 (the pawn on d4 between) and the bishop on a4 (the knight on c2); the
// rook on h1 attacks it outright and does not count.
func TestQueenXRay(t *testing.T) {
	pos := mustParse(t, "3r3k/8/8/8/b2P4/8/2N5/K2Q3r w - - 0 1")
	want := chess.SquareBB(chess.Square(59)) | chess.SquareBB(chess.Square(24)) // d8, a4
	occ := pos.Occupied()
	d1 := chess.Square(3)
	if got := queenXRays(pos, d1, chess.Black, chess.RookAttacks(d1, occ), chess.BishopAttacks(d1, occ)); got != want {
		t.Fatalf("x-rays on d1: %v, want %v", got, want)
	}
	for _, on := range []bool{true, false} {
		placement := func(w Score) Score {
			p := DefaultParams()
			p.UseThreatsByType = on
			p.QueenXRay = w
			e := NewEvaluatorWith(p)
			e.Evaluate(pos)
			return e.info.terms[termPlacement][chess.White] - e.info.terms[termPlacement][chess.Black]
		}
		want := Score(0)
		if on {
			want = S(-20, -10)
		}
		if got := placement(S(-10, -5)) - placement(0); got != want {
			t.Errorf("threats by type %v: QueenXRay adds %v, want %v", on, got, want)
		}
	}
}

// TestKingDangerParts: REBEL's counter taken apart for White's king on g1,
// which Black's rook (d2, hitting f2 and giving a safe check by taking the
// queen on d1) and knight (h4, hitting g2) attack (Black's queen, on a5
// outside the zone, is there because the counter needs an enemy queen);
// and each of the danger model's weights read by its part's count.
func TestKingDangerParts(t *testing.T) {
	pos := mustParse(t, "6k1/5ppp/8/q7/7n/8/3r1PPP/3Q2K1 w - - 0 1")
	p := DefaultParams()
	p.UseKingDangerModel = true
	e := NewEvaluatorWith(p)
	e.Evaluate(pos)
	var cp counterParts
	p.rebelCounterParts(pos, &e.info, chess.White, &cp)
	if !cp.active || !cp.squareOn || cp.square != chess.G1 || cp.ringHits != 2 || cp.ringOpen != 2 || cp.pattern != 6 ||
		cp.safeChecks[chess.Knight] != 0 || cp.safeChecks[chess.Bishop] != 0 || cp.safeChecks[chess.Rook] == 0 || cp.safeChecks[chess.Queen] != 0 {
		t.Fatalf("parts %+v: want active, the square g1 on, 2 ring hits both open, pattern 6 (minor and rook), a rook's safe check", cp)
	}
	front := cp.frontHits + cp.frontEmpty + cp.frontOpen
	if got, want := p.rebelCounter(&cp), 0+2+2+front+1+2; got != want {
		t.Errorf("counter %d, want %d (square 0, ring 2+2, front %d, pattern 1, rook check 2)", got, want, front)
	}
	base := e.info.danger[chess.White]
	for _, tc := range []struct {
		name   string
		weight *Score
		count  int
	}{
		{"KingDangerSquare[g1]", &p.KingDangerSquare[chess.G1], 1},
		{"KingDangerSquare[h1]", &p.KingDangerSquare[chess.H1], 0},
		{"KingDangerPattern[6]", &p.KingDangerPattern[6], 1},
		{"KingDangerRing[0]", &p.KingDangerRing[0], cp.ringHits},
		{"KingDangerRing[1]", &p.KingDangerRing[1], cp.ringOpen},
		{"KingDangerFront[0]", &p.KingDangerFront[0], cp.frontHits},
		{"KingDangerFront[1]", &p.KingDangerFront[1], cp.frontEmpty},
		{"KingDangerFront[2]", &p.KingDangerFront[2], cp.frontOpen},
		{"KingDangerSafeCheck[Rook]", &p.KingDangerSafeCheck[chess.Rook], 1},
		{"KingDangerSafeCheck[Knight]", &p.KingDangerSafeCheck[chess.Knight], 0},
	} {
		old := *tc.weight
		*tc.weight += S(5, 3)
		e := NewEvaluatorWith(p)
		e.Evaluate(pos)
		if got := e.info.danger[chess.White] - base; got != S(5, 3)*Score(tc.count) {
			t.Errorf("%s: danger moved by %v, want %d times S(5, 3)", tc.name, got, tc.count)
		}
		*tc.weight = old
	}
}

// termSum, written out, adds every term: the loop over all numTerms gives
// the same sum on positions of the tests' set.
func TestTermSum(t *testing.T) {
	if numTerms != 11 {
		t.Fatalf("%d terms: termSum names eleven", numTerms)
	}
	e := NewEvaluator()
	for _, fen := range termSumFENs {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		e.Evaluate(pos)
		var loop Score
		for term := range numTerms {
			loop += e.info.terms[term][chess.White] - e.info.terms[term][chess.Black]
		}
		if got := e.info.termSum(); got != loop {
			t.Errorf("%s: termSum %v, the loop %v", fen, got, loop)
		}
	}
}

var termSumFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
	"8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1",
	"r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
}
