package tune

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/eval"
)

// seedFENs are positions from every stage of the game; randomPositions
// walks random games from them so the tests see a few hundred varied
// positions (checks, promotions, bare kings, opposite bishops included).
var seedFENs = []string{
	chess.StartFEN,
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"2rr2k1/1p2qppp/p1n1pn2/8/2PP4/P3BN2/4QPPP/2RR2K1 b - - 2 20",
	"3r2k1/pp3pp1/2p4p/8/3P4/1P3N1P/P4PP1/4R1K1 b - - 0 27",
	"8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1",
	"4k3/5pp1/4b3/8/8/2B5/5PPP/4K3 w - - 0 1",
	"8/8/3k4/8/8/3K4/3B4/3N4 w - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"6k1/8/8/8/8/8/8/R5K1 w - - 0 1",
	"8/3k4/8/2P5/8/8/5K2/8 b - - 0 1",
}

func randomPositions(t testing.TB, n int) []*chess.Position {
	rng := rand.New(rand.NewPCG(7, 11))
	var out []*chess.Position
	for len(out) < n {
		pos, err := chess.ParseFEN(seedFENs[len(out)%len(seedFENs)])
		if err != nil {
			t.Fatal(err)
		}
		plies := rng.IntN(40)
		for range plies {
			var ml chess.MoveList
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			pos.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
		p, err := chess.ParseFEN(pos.FEN())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func whiteScore(e *eval.Evaluator, pos *chess.Position) int {
	v := e.Evaluate(pos)
	if pos.SideToMove() == chess.Black {
		v = -v
	}
	return v
}

// TestLinearFormsReproduceEvaluate is the tuner's correctness test: the
// linear forms must give Evaluate's exact score, both for the weights they
// were taken at and after every weight has moved. The second part is what
// proves the weights linear; only a change of the drawishness case (it
// depends on who is ahead) may break it, and such positions are skipped.
// The scale factors' own weights move too: they are read, not linearised.
func TestLinearFormsReproduceEvaluate(t *testing.T) {
	t.Run("engine", func(t *testing.T) { testLinearForms(t, "") })
	t.Run("new terms", func(t *testing.T) { testLinearForms(t, eval.NewTerms) })
}

func testLinearForms(t *testing.T, switches string) {
	positions := randomPositions(t, 400)
	samples := make([]Sample, len(positions))
	for i, p := range positions {
		samples[i] = Sample{Pos: p, Result: 0.5}
	}
	p := eval.DefaultParams()
	if err := eval.ApplySwitchSpec(p, switches); err != nil {
		t.Fatal(err)
	}
	ws := Weights(p)
	entries, err := Linearize(samples, p, ws, 2)
	if err != nil {
		t.Fatal(err)
	}
	e := eval.NewEvaluatorWith(eval.DefaultParams())
	if err := eval.ApplySwitchSpec(e.Params(), switches); err != nil {
		t.Fatal(err)
	}
	for i, en := range entries {
		if got, want := en.Evaluate(p, ws), whiteScore(e, positions[i]); got != want {
			t.Fatalf("%s: linear form %d, Evaluate %d", positions[i].FEN(), got, want)
		}
	}

	rng := rand.New(rand.NewPCG(3, 5))
	for _, w := range ws {
		*w.Ptr += eval.S(rng.IntN(41)-20, rng.IntN(41)-20)
	}
	p.Rebuild()
	e = eval.NewEvaluatorWith(p)
	compared, fitted := 0, 0
	for i, en := range entries {
		b := e.Breakdown(positions[i])
		sameCase := b.ScaleFrom == nil && en.ScaleW == 0 && b.Scale == en.Scale ||
			b.ScaleFrom != nil && en.ScaleW > 0 && b.ScaleFrom == ws[en.ScaleW-1].Ptr
		if !sameCase {
			continue
		}
		if en.ScaleW > 0 {
			fitted++
		}
		compared++
		if got := en.Evaluate(p, ws); got != b.Score {
			t.Fatalf("%s after moving the weights: linear form %d, Evaluate %d", positions[i].FEN(), got, b.Score)
		}
	}
	if compared < len(entries)*9/10 {
		t.Fatalf("only %d of %d positions kept their scale", compared, len(entries))
	}
	if fitted == 0 {
		t.Error("no position took its scale factor from a tuned weight")
	}
}

// tinyData: positions whose results agree with the material, so that a
// sensible K exists and a step can improve the fit.
const tinyData = `
# White a queen up, wins
4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 1.0
3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | 0-1
r3k3/pppp4/8/8/8/8/PPPP4/4K3 b - - 0 1 | 0.0
4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1 | 1.0
4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 | 0.5
4k3/ppp5/8/8/8/8/PPPP4/4K3 w - - 0 1 | 1-0
4k3/pppp4/8/8/8/8/PPP5/4K3 b - - 0 1 | 1/2-1/2
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.5
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1 | 0.0
rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1.0
rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 | 0.5
`

func TestFitKAndStep(t *testing.T) {
	samples, err := ReadData(strings.NewReader(tinyData))
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 11 {
		t.Fatalf("read %d samples, want 11", len(samples))
	}
	p := eval.DefaultParams()
	ws := Weights(p)
	entries, err := Linearize(samples, p, ws, 2)
	if err != nil {
		t.Fatal(err)
	}
	tu := NewTuner(entries, p, ws)
	// With K = 0 every prediction is 0.5; seven results are decisive.
	if e, want := tu.Error(0), 7*0.25/11; math.Abs(e-want) > 1e-12 {
		t.Fatalf("error at K=0 is %v, want %v", e, want)
	}
	best := tu.FitK()
	for _, k := range []float64{tu.K / 2, tu.K * 2, 0} {
		if e := tu.Error(k); e < best {
			t.Errorf("K=%v has error %v below the fitted K=%v's %v", k, e, tu.K, best)
		}
	}
	tu.Rate = 2
	first := tu.Step()
	if math.Abs(first-best) > 1e-12 {
		t.Errorf("Step reports error %v before its step, FitK %v", first, best)
	}
	if after := tu.Error(tu.K); after >= best {
		t.Errorf("one step did not reduce the error: %v -> %v", best, after)
	}
	for range 20 {
		tu.Step()
	}
	// Applied weights give the engine's integer score; the engine's own
	// configuration stays as it was.
	defaults := eval.NewEvaluator()
	before := make([]int, len(samples))
	for i, s := range samples {
		before[i] = whiteScore(defaults, s.Pos)
	}
	tu.Apply()
	e := eval.NewEvaluatorWith(p)
	moved := 0
	for i, s := range samples {
		if whiteScore(defaults, s.Pos) != before[i] || whiteScore(eval.NewEvaluator(), s.Pos) != before[i] {
			t.Fatalf("%s: applying the tuned weights changed the engine's evaluation", s.Pos.FEN())
		}
		if whiteScore(e, s.Pos) != before[i] {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("the tuned weights evaluate every sample as the defaults do")
	}
	for i, en := range entries {
		if got, want := en.Evaluate(p, ws), whiteScore(e, samples[i].Pos); got != want {
			t.Fatalf("%s: linear form %d, Evaluate %d after Apply", samples[i].Pos.FEN(), got, want)
		}
	}
	if ie := tu.IntegerError(); ie >= best {
		t.Errorf("integer error %v not below the starting %v", ie, best)
	}
}

func TestPawnValueFrozen(t *testing.T) {
	p := eval.DefaultParams()
	ws := Weights(p)
	tu := NewTuner(nil, p, ws)
	n := 0
	for i, w := range ws {
		if tu.FrozenMg[i] {
			n++
			if w.Param != "PieceValue" || w.Index != int(chess.Pawn) {
				t.Errorf("%s frozen", w.Name())
			}
		}
	}
	if n != 1 {
		t.Errorf("%d frozen halves, want 1", n)
	}
}

func readParams(t *testing.T) []byte {
	src, err := os.ReadFile("../eval/params.go")
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestRewriteUnchanged: with the weights as they are, the writer gives
// params.go back byte for byte.
func TestRewriteUnchanged(t *testing.T) {
	src := readParams(t)
	out, err := RewriteParams(src, Weights(eval.DefaultParams()))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, src) {
		t.Fatal("rewriting params.go with its own values changed it")
	}
}

// TestRewriteChanged: new values land where they belong, the output
// parses and is gofmt-clean.
func TestRewriteChanged(t *testing.T) {
	src := readParams(t)
	ws := Weights(eval.DefaultParams())
	set := func(param string, index int, s eval.Score) {
		for _, w := range ws {
			if w.Param == param && w.Index == index {
				*w.Ptr = s
				return
			}
		}
		t.Fatalf("no weight %s[%d]", param, index)
	}
	set("BishopPair", 0, eval.S(31, -56))
	set("PieceValue", int(chess.Knight), eval.S(333, 366))
	set("PSTSquare", 64+63, eval.S(-1234, 7)) // pawn on h8: the end of a row
	set("PassedRank", 6, eval.S(81, 131))
	set("KingShelter", 8*3+7, eval.S(-17, 15)) // last row of a 2-D table
	out, err := RewriteParams(src, ws)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "params.go", out, parser.ParseComments); err != nil {
		t.Fatalf("output does not parse: %v", err)
	}
	if f, err := format.Source(out); err != nil || !bytes.Equal(f, out) {
		t.Fatalf("output is not gofmt-clean (%v)", err)
	}
	text := string(out)
	for _, want := range []string{
		"BishopPair: S(31, -56),",
		"KnightValue = 333",
		"S(KnightValue, 366)",
		"S(-1234, 7),\n",
		"S(81, 131), 0,",
		"S(-17, 15)},",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	// Comments survive.
	if !strings.Contains(text, "// REBEL: quadrant rule.") {
		t.Error("a comment was lost")
	}
}

func TestParseSample(t *testing.T) {
	for _, bad := range []string{
		"8/8/8/8/8/8/8/K6k w - - 0 1",
		"8/8/8/8/8/8/8/K6k w - - 0 1 | 2",
		"8/8/8/8/8/8/8/K6k w - - 0 1 | 0.25",
		"not a fen | 1.0",
	} {
		if _, err := ParseSample(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	s, err := ParseSample("8/8/8/8/8/8/8/K6k b - - 0 1|0-1")
	if err != nil || s.Result != 0 || s.Pos.SideToMove() != chess.Black || s.HasScore {
		t.Errorf("got %+v, %v", s, err)
	}
	s, err = ParseSample("8/8/8/8/8/8/8/K6k b - - 0 1 | 0.5 | -37")
	if err != nil || s.Result != 0.5 || !s.HasScore || s.Score != -37 {
		t.Errorf("got %+v, %v", s, err)
	}
	if _, err := ParseSample("8/8/8/8/8/8/8/K6k b - - 0 1 | 0.5 | x"); err == nil {
		t.Error("a bad score parsed")
	}
	for c, want := range map[string][3]int{ // cp, found, mate
		"+0.52/7 0.004s": {52, 1, 0},
		"-1.05/12":       {-105, 1, 0},
		"+M5/9 0.1s":     {0, 0, 1},
		"-M2/3":          {0, 0, 1},
		"book":           {0, 0, 0},
		"":               {0, 0, 0},
	} {
		cp, found, mate := commentScore(c)
		if got := [3]int{cp, b2i(found), b2i(mate)}; got != want {
			t.Errorf("commentScore(%q) = %v, want %v", c, got, want)
		}
	}
}

const testPGN = `[Event "t"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5
8. Nb3 Qxd1 9. Rxd1 1-0

[Event "t"]
[White "a"]
[Black "b"]
[Result "*"]

1. e4 e5 *

[Event "t"]
[White "a"]
[Black "b"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]
[Result "1/2-1/2"]

1. Kd2 {+0.35/12 0.010s} Kd7 {-0.38/11 0.010s} 2. Kd3 {+0.41/12} Kd6 {-0.40/11}
3. Ke3 {+M3/9} 1/2-1/2
`

func TestExtract(t *testing.T) {
	var out bytes.Buffer
	st, err := Extract(strings.NewReader(testPGN), &out, ExtractOptions{SkipPlies: 2})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 2 || st.Skipped != 1 {
		t.Errorf("stats %+v, want 2 games and 1 skipped", st)
	}
	text := out.String()
	samples, err := ReadData(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != st.Positions {
		t.Fatalf("%d samples read back, %d written", len(samples), st.Positions)
	}
	var wins, draws int
	for _, s := range samples {
		if !Quiet(s.Pos) {
			t.Errorf("%s is not quiet", s.Pos.FEN())
		}
		switch s.Result {
		case 1:
			wins++
		case 0.5:
			draws++
		default:
			t.Errorf("%s labelled %v", s.Pos.FEN(), s.Result)
		}
	}
	// The Ruy Lopez game has 17 plies; skipping 2 leaves 15, of which the
	// positions with a winning capture pending are dropped: after 4. Bxc6
	// (dxc6 wins the bishop), 6...exd4 (Nxd4), 7...c5? no; 8...Qxd1 (Rxd1).
	// The pawn ending has 5 plies and keeps the last 3, less the one
	// whose move was played with a mate score.
	if draws != 2 {
		t.Errorf("%d draw samples, want 2", draws)
	}
	if wins < 10 || wins > 13 {
		t.Errorf("%d win samples, want 10-13", wins)
	}
	// Search scores from the comments, in White's view; the mate score's
	// position is dropped.
	for _, want := range []string{
		"8/3k4/8/8/8/8/3KP3/8 w - - 2 2 | 0.5 | 41\n",
		"8/3k4/8/8/8/3K4/4P3/8 b - - 3 2 | 0.5 | 40\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	// The start position of every game is skipped.
	if strings.Contains(text, chess.StartFEN) {
		t.Error("a skipped ply was written")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestLambdaFollowsScores: with the targets taken from the search scores
// alone, steps bring the evaluation closer to them.
func TestLambdaFollowsScores(t *testing.T) {
	positions := randomPositions(t, 60)
	samples := make([]Sample, len(positions))
	e := eval.NewEvaluator()
	for i, p := range positions {
		// A search that likes White 50 cp more than the evaluation does.
		samples[i] = Sample{Pos: p, Result: 0.5, Score: whiteScore(e, p) + 50, HasScore: true}
	}
	p := eval.DefaultParams()
	ws := Weights(p)
	entries, err := Linearize(samples, p, ws, 2)
	if err != nil {
		t.Fatal(err)
	}
	tu := NewTuner(entries, p, ws)
	tu.Lambda = 0
	gap := func() float64 {
		var sum float64
		for i := range tu.Entries {
			v, _ := tu.evaluate(&tu.Entries[i])
			sum += float64(tu.Entries[i].Score) - v
		}
		return sum / float64(len(tu.Entries))
	}
	before := gap()
	for range 10 {
		tu.Step()
	}
	if after := gap(); after >= before {
		t.Errorf("mean gap to the search scores %v -> %v", before, after)
	}
}

// TestRewriteEveryWeight: every weight the tuner fits has a place in
// params.go to be written to (an empty literal, or one with fewer
// elements, is refused once its weight moves). Only PSTSquare's row for
// no piece, which no position uses, is left out.
func TestRewriteEveryWeight(t *testing.T) {
	src := readParams(t)
	ws := Weights(eval.DefaultParams())
	for _, w := range ws {
		if w.Param == "PSTSquare" && w.Index < 64 {
			continue
		}
		*w.Ptr = eval.S(3, 2)
	}
	out, err := RewriteParams(src, ws)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "params.go", out, parser.ParseComments); err != nil {
		t.Fatalf("output does not parse: %v", err)
	}
}

// TestRunCache: a second run with -cache reads the linearised forms and
// writes the same params.go; another -validate makes new ones.
func TestRunCache(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(tinyData), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, "forms.cache")
	run := func(validate, out string) string {
		t.Helper()
		var stderr bytes.Buffer
		args := []string{"-data", data, "-params", "../eval/params.go", "-epochs", "3", "-validate", validate,
			"-cache", cache, "-o", filepath.Join(dir, out)}
		if err := runTune(args, io.Discard, &stderr); err != nil {
			t.Fatalf("%v\n%s", err, stderr.String())
		}
		return stderr.String()
	}
	if log := run("0", "a.go"); strings.Contains(log, "read from") {
		t.Fatalf("the first run read a cache:\n%s", log)
	}
	if log := run("0", "b.go"); !strings.Contains(log, "linearised forms read from "+cache) {
		t.Fatalf("the second run did not read the cache:\n%s", log)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.go"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.go"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("the run from the cache wrote another params.go")
	}
	if log := run("0.5", "c.go"); strings.Contains(log, "read from") {
		t.Fatalf("another -validate read the old cache:\n%s", log)
	}
}

// TestRunRefusesNoTrainingSamples: data whose games are all held out
// leaves nothing to fit; the run says so and writes neither params.go nor
// a cache, rather than print an error of NaN and write the old weights.
func TestRunRefusesNoTrainingSamples(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	// Game 0 falls in every held-out fraction above 0.
	lines := "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 1.0 | 900 | 0\n4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1 | 1.0 | 400 | 0\n"
	if err := os.WriteFile(data, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "p.go")
	cache := filepath.Join(dir, "forms.cache")
	args := []string{"-data", data, "-params", "../eval/params.go", "-epochs", "2", "-validate", "0.1", "-o", out, "-cache", cache}
	var stderr bytes.Buffer
	err := runTune(args, io.Discard, &stderr)
	if err == nil || !strings.Contains(err.Error(), "no training samples") {
		t.Errorf("all held out: %v\n%s", err, stderr.String())
	}
	for _, f := range []string{out, cache} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s written", f)
		}
	}
}

// TestRunHalve: -halve N halves the step size each time N epochs pass
// without a better held-out error, and only then.
func TestRunHalve(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(tinyData), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(halve string) string {
		t.Helper()
		var stderr bytes.Buffer
		// A step of 200 cp overshoots on these few positions, so the
		// held-out error soon stops getting better.
		args := []string{"-data", data, "-params", "../eval/params.go", "-epochs", "12", "-validate", "0.5",
			"-rate", "200", "-patience", "0", "-report", "1", "-halve", halve, "-o", filepath.Join(dir, "p.go")}
		if err := runTune(args, io.Discard, &stderr); err != nil {
			t.Fatalf("%v\n%s", err, stderr.String())
		}
		return stderr.String()
	}
	log := run("2")
	if !strings.Contains(log, "step size halved to 100 cp") {
		t.Fatalf("no halving with -halve 2:\n%s", log)
	}
	for _, line := range strings.Split(log, "\n") {
		var ep, since int
		if _, err := fmt.Sscanf(line, "epoch %d: no better held-out error for %d epochs, step size halved", &ep, &since); err == nil && (since == 0 || since%2 != 0) {
			t.Errorf("halved after an odd count of epochs: %s", line)
		}
	}
	if log := run("0"); strings.Contains(log, "halved") {
		t.Fatalf("halving with -halve 0:\n%s", log)
	}
}

// A file named by -cache that is not a cache this tool wrote is refused,
// not replaced (a text file was silently overwritten), and so is
// an output that is one of the run's inputs.
func TestRunRefusesToOverwriteOtherFiles(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(tinyData), 0o644); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes.txt")
	const text = "my notes, not a cache\n"
	if err := os.WriteFile(notes, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	pgnFile := filepath.Join(dir, "games.pgn")
	const games = "[Event \"x\"]\n\n1. e4 e5 1-0\n"
	if err := os.WriteFile(pgnFile, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"run", "-data", data, "-params", "../eval/params.go", "-epochs", "2", "-validate", "0"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{append(base, "-cache", notes, "-o", filepath.Join(dir, "p.go")), "-cache " + notes + " is not a cache written by tune run"},
		{append(base, "-cache", data, "-o", filepath.Join(dir, "p.go")), "-cache " + data + " is one of the inputs"},
		{append(base, "-o", data), "-o " + data + " is one of the inputs"},
		{append(base, "-o", notes, "-data", data+","+notes), "-o " + notes + " is one of the inputs"},
		{[]string{"extract", "-o", pgnFile, pgnFile}, "-o " + pgnFile + " is one of the inputs"},
	} {
		var stderr bytes.Buffer
		if code := Main(tc.args, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, said %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
	for name, want := range map[string]string{notes: text, data: tinyData, pgnFile: games} {
		if b, _ := os.ReadFile(name); string(b) != want {
			t.Errorf("%s was changed: %q", name, b)
		}
	}
	// A cache the tool wrote is rewritten when the run changes.
	cache := filepath.Join(dir, "forms.cache")
	for _, validate := range []string{"0", "0.5"} {
		var stderr bytes.Buffer
		args := append(base[:len(base)-1:len(base)-1], validate, "-cache", cache, "-o", filepath.Join(dir, "p.go"))
		if code := Main(args, io.Discard, &stderr); code != 0 {
			t.Fatalf("-validate %s with a cache of ours: exit %d\n%s", validate, code, stderr.String())
		}
	}
}

// Flags out of their range are refused with a message naming the flag and
// its range, and exit status 2 (-rate NaN, -threads 0 and the
// like were run).
func TestRunFlagRanges(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(tinyData), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ flag, value string }{
		{"-rate", "NaN"}, {"-rate", "-1"}, {"-rate", "0"}, {"-rate", "+Inf"},
		{"-validate", "2"}, {"-validate", "1"}, {"-validate", "-0.1"}, {"-validate", "NaN"},
		{"-lambda", "5"}, {"-lambda", "-1"}, {"-lambda", "NaN"},
		{"-l2", "-1"}, {"-l2", "NaN"}, {"-l2", "+Inf"},
		{"-epochs", "-1"}, {"-epochs", "0"},
		{"-batch", "-5"},
		{"-threads", "0"}, {"-threads", "-2"}, {"-threads", "100000"},
		{"-patience", "-1"}, {"-halve", "-1"}, {"-report", "0"}, {"-report", "-3"},
	} {
		var stderr bytes.Buffer
		args := []string{"run", "-data", data, "-params", "../eval/params.go", "-epochs", "2", "-o", filepath.Join(dir, "p.go"), tc.flag, tc.value}
		code := Main(args, io.Discard, &stderr)
		msg := stderr.String()
		if code != 2 || !strings.Contains(msg, tc.flag+" must be") || !strings.Contains(msg, "got "+tc.value) {
			t.Errorf("%s %s: exit %d, said %q", tc.flag, tc.value, code, msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "p.go")); err == nil {
		t.Error("a run with a flag out of range wrote params.go")
	}
}

// TestPieceSquareCounts checks the piece-square terms Linearize counts from
// the board against probing each of those weights with an evaluation, the
// way every other weight is found: the entries must be the same.
func TestPieceSquareCounts(t *testing.T) {
	for _, switches := range []string{"", eval.NewTerms} {
		positions := randomPositions(t, 300)
		samples := make([]Sample, len(positions))
		for i, pos := range positions {
			samples[i] = Sample{Pos: pos, Result: 0.5}
		}
		p := eval.DefaultParams()
		if err := eval.ApplySwitchSpec(p, switches); err != nil {
			t.Fatal(err)
		}
		p.UsePawnHash = false
		ws := Weights(p)
		if lo, hi := pstBlock(ws); hi-lo != 7*64 {
			t.Fatalf("PSTSquare spans %d weights, want %d", hi-lo, 7*64)
		}
		counted := make([]Entry, len(samples))
		probed := make([]Entry, len(samples))
		if err := linearize(samples, p, ws, counted, true); err != nil {
			t.Fatal(err)
		}
		if err := linearize(samples, p, ws, probed, false); err != nil {
			t.Fatal(err)
		}
		pieceTerms := 0
		for i := range samples {
			if !reflect.DeepEqual(counted[i], probed[i]) {
				t.Fatalf("switches %q, %s: counted %+v, probed %+v", switches, positions[i].FEN(), counted[i].Linear, probed[i].Linear)
			}
			pieceTerms += len(counted[i].Linear.Terms)
		}
		if pieceTerms == 0 {
			t.Fatal("no linear terms at all")
		}
	}
}

// TestPieceSquareCheck shows that the check of the counts refuses counts
// the evaluation does not bear out: a knight counted where none stands.
func TestPieceSquareCheck(t *testing.T) {
	pos, err := chess.ParseFEN("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	p := eval.DefaultParams()
	p.UsePawnHash = false
	ws := Weights(p)
	lo, hi := pstBlock(ws)
	samples := []Sample{{Pos: pos, Result: 1}}
	e := eval.NewEvaluatorWith(p)
	base := []eval.Breakdown{e.Breakdown(pos)}
	out := make([]Entry, 1)
	// A white knight on a1 counted where none stands.
	out[0].Linear.Terms = append(out[0].Linear.Terms, term{uint16(lo + int(chess.Knight)*64), 1})
	if err := countPieceSquares(samples, p, ws, lo, hi, base, out); err == nil {
		t.Fatal("a count of a piece that is not on the board passed the check")
	}
	for j := lo; j < hi; j++ {
		if *ws[j].Ptr != *Weights(eval.DefaultParams())[j].Ptr {
			t.Fatalf("%s left moved after the check", ws[j].Name())
		}
	}
}

// TestFormsCheck shows that the check of the forms refuses forms the
// evaluation does not bear out: a count one too high, or given to the
// neighbouring weight (the other weight of a paired probe).
func TestFormsCheck(t *testing.T) {
	pos, err := chess.ParseFEN("r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 8")
	if err != nil {
		t.Fatal(err)
	}
	p := eval.DefaultParams()
	if err := eval.ApplySwitchSpec(p, eval.NewTerms); err != nil {
		t.Fatal(err)
	}
	p.UsePawnHash = false
	ws := Weights(p)
	samples := []Sample{{Pos: pos, Result: 1}}
	lo, hi := pstBlock(ws)
	ps := probes(ws, lo, hi, true)
	e := eval.NewEvaluatorWith(p)
	base := []eval.Breakdown{e.Breakdown(pos)}
	before := make([]eval.Score, len(ws))
	for j := range ws {
		before[j] = *ws[j].Ptr
	}
	for _, corrupt := range []func(*term){
		func(tm *term) { tm.N++ },
		func(tm *term) { tm.W++ },
	} {
		out := make([]Entry, 1)
		if err := linearize(samples, p, ws, out, true); err != nil {
			t.Fatal(err)
		}
		if err := checkForms(samples, p, ws, ps, base, out); err != nil {
			t.Fatalf("the true forms failed the check: %v", err)
		}
		k := slices.IndexFunc(out[0].Linear.Terms, func(tm term) bool {
			w := int(tm.W)
			return (w < lo || w >= hi) && w+1 < len(ws) && ws[w+1].Kind == eval.Linear && (w+1 < lo || w+1 >= hi)
		})
		if k < 0 {
			t.Fatal("no linear term outside the piece-square weights")
		}
		corrupt(&out[0].Linear.Terms[k])
		if err := checkForms(samples, p, ws, ps, base, out); err == nil {
			t.Errorf("a corrupted count of %s passed the check", ws[out[0].Linear.Terms[k].W].Name())
		}
	}
	for j, v := range before {
		if *ws[j].Ptr != v {
			t.Fatalf("%s left moved after the check", ws[j].Name())
		}
	}
}

// TestLinearizeInBlocks: cut into blocks (linearizeBlock) and packed into
// one array a block (packTerms), the forms are the same as in one piece,
// and no slice keeps spare room.
func TestLinearizeInBlocks(t *testing.T) {
	positions := randomPositions(t, 60)
	samples := make([]Sample, len(positions))
	for i, p := range positions {
		samples[i] = Sample{Pos: p, Result: 0.5}
	}
	linearizeWith := func(block int) []Entry {
		t.Helper()
		defer func(old int) { linearizeBlock = old }(linearizeBlock)
		linearizeBlock = block
		p := eval.DefaultParams()
		if err := eval.ApplySwitchSpec(p, eval.NewTerms); err != nil {
			t.Fatal(err)
		}
		entries, err := Linearize(samples, p, Weights(p), 2)
		if err != nil {
			t.Fatal(err)
		}
		return entries
	}
	whole, blocks := linearizeWith(len(samples)), linearizeWith(7)
	for i := range whole {
		if !sameEntry(&whole[i], &blocks[i]) {
			t.Fatalf("%s: the forms in blocks of 7 differ from the forms in one piece", positions[i].FEN())
		}
		for _, s := range blocks[i].sums() {
			if cap(s.Terms) != len(s.Terms) {
				t.Fatalf("%s: terms with spare room (%d of %d) after packing", positions[i].FEN(), len(s.Terms), cap(s.Terms))
			}
		}
	}
}

// sameEntry tells whether a and b hold the same forms (an empty slice and
// nil alike).
func sameEntry(a, b *Entry) bool {
	as, bs := a.sums(), b.sums()
	for k := range as {
		if as[k].BaseMg != bs[k].BaseMg || as[k].BaseEg != bs[k].BaseEg || !slices.Equal(as[k].Terms, bs[k].Terms) {
			return false
		}
	}
	return a.Result == b.Result && a.Score == b.Score && a.HasScore == b.HasScore &&
		a.Phase == b.Phase && a.Scale == b.Scale && a.ScaleW == b.ScaleW
}

// TestCacheChunks: forms written in many chunks (cacheChunk) read back
// the same, the training and the held-out ones apart; a cache cut short is
// not read.
func TestCacheChunks(t *testing.T) {
	defer func(old int) { cacheChunk = old }(cacheChunk)
	cacheChunk = 5
	rng := rand.New(rand.NewPCG(7, 11))
	entry := func() Entry {
		var en Entry
		en.Result, en.Score, en.HasScore = float64(rng.IntN(3))/2, rng.IntN(2000)-1000, rng.IntN(2) == 0
		en.Phase, en.Scale, en.ScaleW = rng.IntN(25), 64, int32(rng.IntN(3))
		for _, s := range en.sums() {
			s.BaseMg, s.BaseEg = rng.IntN(100), rng.IntN(100)
			for range rng.IntN(4) {
				s.Terms = append(s.Terms, term{uint16(rng.IntN(900)), int16(rng.IntN(9) - 4)})
			}
		}
		return en
	}
	entries, held := make([]Entry, 23), make([]Entry, 12)
	for i := range entries {
		entries[i] = entry()
	}
	for i := range held {
		held[i] = entry()
	}
	name := filepath.Join(t.TempDir(), "forms.cache")
	if err := writeCache(name, "key", entries, held); err != nil {
		t.Fatal(err)
	}
	gotEntries, gotHeld, ok := readCache(name, "key")
	if !ok || len(gotEntries) != len(entries) || len(gotHeld) != len(held) {
		t.Fatalf("read %v: %d and %d entries, want %d and %d", ok, len(gotEntries), len(gotHeld), len(entries), len(held))
	}
	for i := range entries {
		if !sameEntry(&entries[i], &gotEntries[i]) {
			t.Fatalf("training entry %d read back as %+v, written %+v", i, gotEntries[i], entries[i])
		}
	}
	for i := range held {
		if !sameEntry(&held[i], &gotHeld[i]) {
			t.Fatalf("held-out entry %d read back as %+v, written %+v", i, gotHeld[i], held[i])
		}
	}
	if _, _, ok := readCache(name, "another key"); ok {
		t.Error("a cache was read for another key")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data[:len(data)*2/3], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := readCache(name, "key"); ok {
		t.Error("a cache cut short was read")
	}
}

// TestTermBounds: a count beyond a term's 16 bits is an error, not a
// wrapped number.
func TestTermBounds(t *testing.T) {
	ws := Weights(eval.DefaultParams())
	if tm, err := newTerm(ws, 3, -32768); err != nil || tm.N != -32768 || tm.W != 3 {
		t.Errorf("newTerm(3, -32768) = %+v, %v", tm, err)
	}
	if _, err := newTerm(ws, 3, 32768); err == nil {
		t.Error("a count of 32768 made a term")
	}
}
