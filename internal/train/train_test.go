package train

import (
	"bytes"
	"context"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"matador/internal/chess"
	"matador/internal/nnue"
	"matador/internal/trainbin"
)

var startFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
}

// material is the known function the tiny net learns: the material
// balance from White's view, in centipawns.
func material(pos *chess.Position) int {
	values := [...]int{chess.Pawn: 100, chess.Knight: 300, chess.Bishop: 300, chess.Rook: 500, chess.Queen: 900}
	s := 0
	occ := pos.Occupied()
	for occ != 0 {
		pc := pos.PieceOn(occ.PopFirst())
		if pc.Type() == chess.King {
			continue
		}
		v := values[pc.Type()]
		if pc.Color() == chess.Black {
			v = -v
		}
		s += v
	}
	return s
}

// randomPositions plays random legal games from startFENs and returns n
// of their positions, each game numbered, labelled with material and a
// draw.
func randomPositions(t testing.TB, n int, seed uint64) ([]*chess.Position, []trainbin.Record) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var (
		positions []*chess.Position
		recs      []trainbin.Record
		ml        chess.MoveList
	)
	for game := uint32(0); len(recs) < n; game++ {
		pos, err := chess.ParseFEN(startFENs[int(game)%len(startFENs)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120 && len(recs) < n; ply++ {
			ml.N = 0
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			pos.MakeMove(ml.Slice()[r.IntN(ml.N)])
			b, err := pos.Pack()
			if err != nil {
				t.Fatal(err)
			}
			cp, _ := chess.ParseFEN(pos.FEN())
			positions = append(positions, cp)
			recs = append(recs, trainbin.Record{Board: b, Score: int16(material(pos)), HasScore: true, Result: trainbin.Draw, Game: game})
		}
	}
	return positions, recs
}

// randomDataFile writes n positions of random games (randomPositions'
// seed) to path and returns path.
func randomDataFile(t testing.TB, path string, n int, seed uint64) string {
	t.Helper()
	_, recs := randomPositions(t, n, seed)
	writeData(t, path, recs)
	return path
}

func writeData(t testing.TB, path string, recs []trainbin.Record) {
	t.Helper()
	b := append([]byte(nil), trainbin.Header[:]...)
	for _, r := range recs {
		b = r.Append(b)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// floatEval is the float model's evaluation of pos in centipawns, from the
// side to move's view: the quantity the net file's inference
// approximates.
func floatEval(w []float32, pos *chess.Position) float64 {
	return v2Arch.floatEval(w, pos)
}

// v2Arch is the shape of the first net, version 2's.
var v2Arch = func() *arch {
	a, err := newArch(nnue.Hidden, nil)
	if err != nil {
		panic(err)
	}
	return a
}()

// testArch is a version 3 shape: hidden wide with the king buckets of
// nnue.KingLayout(buckets).
func testArch(t testing.TB, hidden, buckets int) *arch {
	t.Helper()
	l, ok := nnue.KingLayout(buckets)
	if !ok {
		t.Fatalf("no layout of %d buckets", buckets)
	}
	a, err := newArch(hidden, &l)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// floatEval is the float model's evaluation of pos for shape a.
func (a *arch) floatEval(w []float32, pos *chess.Position) float64 {
	b, err := pos.Pack()
	if err != nil {
		panic(err)
	}
	var rec [trainbin.RecordSize]byte
	copy(rec[:], b[:])
	s := newScratch(a)
	a.decodeRecord(rec[:], 0, false, &s.f)
	return float64(a.forward(w, a.merged(w), &s.f, s)) * scale
}

// TestDecoderAgreesWithUnpack holds the fast decoder to Unpack and
// nnue.Feature on positions with castling rights, en passant squares and
// both sides to move.
func TestDecoderAgreesWithUnpack(t *testing.T) {
	_, recs := randomPositions(t, 3000, 1)
	for _, r := range recs {
		pos, err := r.Board.Unpack()
		if err != nil {
			t.Fatal(err)
		}
		var white, black [maxPieces]uint16
		n, stm := v2Arch.decodeBoard(r.Board[:], false, &white, &black)
		if stm != pos.SideToMove() {
			t.Fatalf("%s: side to move %v, Unpack says %v", pos.FEN(), stm, pos.SideToMove())
		}
		occ := pos.Occupied()
		if n != occ.Count() {
			t.Fatalf("%s: %d pieces, Unpack has %d", pos.FEN(), n, occ.Count())
		}
		for i := 0; occ != 0; i++ {
			sq := occ.PopFirst()
			pc := pos.PieceOn(sq)
			if w, b := nnue.Feature(chess.White, pc, sq), nnue.Feature(chess.Black, pc, sq); int(white[i]) != w || int(black[i]) != b {
				t.Fatalf("%s: %v on %v decodes to %d/%d, Feature says %d/%d", pos.FEN(), pc, sq, white[i], black[i], w, b)
			}
		}
	}
}

// TestFloatModelIsTheInference sets the float weights to a quantised net's
// values divided by their scales: the float model and nnue.Net.Evaluate
// must then agree but for Evaluate's two truncating divisions and float32
// rounding, so the trainer trains the function the engine computes.
func TestFloatModelIsTheInference(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	positions, _ := randomPositions(t, 2000, 2)
	for _, a := range []*arch{v2Arch, testArch(t, 256, 4), testArch(t, 512, 10), testArch(t, 1024, 8), testArch(t, 256, 8).withFactoriser()} {
		w := make([]float32, a.nParams)
		for i := offW1; i < a.offB1; i++ {
			w[i] = float32(r.IntN(101)-50) / nnue.QA
		}
		for i := a.offB1; i < a.offW2; i++ {
			w[i] = float32(r.IntN(201)-60) / nnue.QA
		}
		for i := a.offW2; i < a.offB2; i++ {
			w[i] = float32(r.IntN(253)-126) / nnue.QB
		}
		for i := a.offB2; i < a.nParams; i++ {
			w[i] = float32(r.IntN(2001)-1000) / (nnue.QA * nnue.QB)
		}
		net, err := nnue.Parse(a.quantise(w).Encode())
		if err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for _, pos := range positions[:1000] {
			d := math.Abs(float64(net.Evaluate(pos)) - a.floatEval(w, pos))
			worst = max(worst, d)
		}
		if worst > 1.05 {
			t.Errorf("%s: float model and Evaluate differ by up to %.2f cp on the same weights; want at most 1", a, worst)
		}
	}
}

var (
	trainedOnce sync.Once
	trained     struct {
		w         []float32
		net       *nnue.Net
		positions []*chess.Position
		err       error
	}
)

// trainMaterial trains the tiny run the tests share: 24,000 random-game
// positions labelled with their material, lambda 0.
func trainMaterial(t *testing.T) {
	trainedOnce.Do(func() {
		dir := t.TempDir()
		_, recs := randomPositions(t, 24000, 3)
		data := filepath.Join(dir, "material.bin")
		writeData(t, data, recs)
		cfg := DefaultConfig()
		cfg.Data = []string{data}
		cfg.Out = filepath.Join(dir, "material.nnue")
		cfg.Checkpoint = filepath.Join(dir, "ckpt")
		cfg.Lambda = 0
		cfg.Batch = 1024
		cfg.Epochs = 8
		cfg.LR = 0.004
		cfg.LREnd = 0.0001
		cfg.Validate = 0.05
		res, err := Run(context.Background(), cfg, io.Discard)
		if err != nil {
			trained.err = err
			return
		}
		st := &state{w: make([]float32, v2Arch.nParams), m: make([]float32, v2Arch.nParams), v: make([]float32, v2Arch.nParams)}
		key, _ := cfg.key(nil)
		if _, err := readCheckpoint(filepath.Join(cfg.Checkpoint, "checkpoint"), key, st); err != nil {
			trained.err = err
			return
		}
		trained.w = st.w
		trained.net, trained.err = nnue.Load(cfg.Out)
		if trained.err == nil && trained.net.ID != res.Net {
			t.Errorf("Run names the net %s, the file is %s", res.Net, trained.net.ID)
		}
		trained.positions, _ = randomPositions(t, 3000, 4)
	})
	if trained.err != nil {
		t.Fatal(trained.err)
	}
}

// TestLearnsMaterial: the tiny net learns the material balance, a
// function of the inputs it can represent, on positions it never saw.
func TestLearnsMaterial(t *testing.T) {
	trainMaterial(t)
	var sumErr, sumBase float64
	n := 0
	for _, pos := range trained.positions {
		m := float64(material(pos))
		if pos.SideToMove() == chess.Black {
			m = -m
		}
		if math.Abs(m) > 1000 { // sigmoid(score/400) flattens there
			continue
		}
		sumErr += math.Abs(float64(trained.net.Evaluate(pos)) - m)
		sumBase += math.Abs(m)
		n++
	}
	mae, base := sumErr/float64(n), sumBase/float64(n)
	t.Logf("mean error %.1f cp on %d new positions; guessing 0 errs by %.1f", mae, n, base)
	if mae > 0.25*base {
		t.Errorf("mean error %.1f cp, want under a quarter of the %.1f cp of guessing 0", mae, base)
	}
}

// TestQuantisedMatchesFloat: the written net's Evaluate against the float
// model it was quantised from, on positions of real games. Rounding the
// output weights to 1/QB = 1/64 is most of the difference: 512 errors of
// up to 1/128 each, times activations up to 1, times Scale. On this run
// the output weights' rounding alone gives 9.8 cp on average, the hidden
// layer's 2.2, both 10.0 (43.5 at worst). Before output buckets the same
// run gave 6.1, 2.2 and 6.4 (24.6 at worst): this tiny run's output
// weights stay within +-0.2, where a step of 1/64 is coarse, and each
// bucket's are fitted to an eighth of its positions.
func TestQuantisedMatchesFloat(t *testing.T) {
	trainMaterial(t)
	var sum, worst float64
	for _, pos := range trained.positions {
		d := math.Abs(float64(trained.net.Evaluate(pos)) - floatEval(trained.w, pos))
		sum += d
		worst = max(worst, d)
	}
	mean := sum / float64(len(trained.positions))
	t.Logf("quantised net vs float model: mean %.2f cp, worst %.2f cp on %d positions", mean, worst, len(trained.positions))
	if mean > 12 || worst > 50 {
		t.Errorf("quantised net differs from the float model by %.2f cp on average, %.2f at worst; want at most 12 and 50", mean, worst)
	}
}

// TestResumeBitForBit stops a run mid-chunk, at a chunk's end and in its
// second epoch, resumes each time with the same settings, and wants the
// net and the checkpoint of a run never stopped, to the bit.
// TestResumeBitForBit stops runs at several steps and resumes them, with
// and without -mirror: each must end with the weights, moments and
// checkpoint of the run never stopped, and -mirror must train another net.
func TestResumeBitForBit(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 6000, 6)
	base := DefaultConfig()
	base.Data = []string{data}
	base.Batch = 500
	base.Chunk = 2000 // three chunks, four or five batches each
	base.Epochs = 2
	base.Threads = 2
	run := func(name string, mirror bool, stops []int64) ([]byte, []byte) {
		cfg := base
		cfg.Mirror = mirror
		return runStopped(t, cfg, dir, name, stops)
	}
	nets := map[bool][]byte{}
	for _, mirror := range []bool{false, true} {
		name := "plain"
		if mirror {
			name = "mirror"
		}
		wantNet, wantCk := run(name+"-whole", mirror, nil)
		gotNet, gotCk := run(name+"-stopped", mirror, []int64{3, 5, 9, 14})
		if !bytes.Equal(gotNet, wantNet) || !bytes.Equal(gotCk, wantCk) {
			t.Errorf("%s: a run stopped and resumed ends with other weights than one never stopped", name)
		}
		nets[mirror] = wantNet
	}
	if bytes.Equal(nets[false], nets[true]) {
		t.Error("-mirror trained the same net as a run without it")
	}
}

// mirrorFEN turns a FEN's board round left to right (files a-h), with no
// castling rights or en passant square: the position the trainer reads
// when it mirrors the original.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, rank := range ranks {
		var squares []byte
		for _, c := range []byte(rank) {
			if c >= '1' && c <= '8' {
				squares = append(squares, bytes.Repeat([]byte{'1'}, int(c-'0'))...)
			} else {
				squares = append(squares, c)
			}
		}
		slices.Reverse(squares)
		ranks[i] = string(squares)
	}
	return strings.Join(ranks, "/") + " " + f[1] + " - - 0 1"
}

// TestMirrorReadsTheMirroredBoard holds decodeRecord's mirror to the
// features of the mirrored position itself, with the same labels.
func TestMirrorReadsTheMirroredBoard(t *testing.T) {
	positions, recs := randomPositions(t, 2000, 3)
	decode := func(fen string, mirror bool, r trainbin.Record) features {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		b, err := pos.Pack()
		if err != nil {
			t.Fatal(err)
		}
		r.Board = b
		rec := r.Append(nil)
		var f features
		v2Arch.decodeRecord(rec, 0.5, mirror, &f)
		slices.Sort(f.us[:f.n])
		slices.Sort(f.them[:f.n])
		return f
	}
	for i, pos := range positions {
		f := strings.Fields(pos.FEN())
		plain := strings.Join(f[:2], " ") + " - - 0 1"
		recs[i].Score = int16(i%601 - 300)
		got := decode(plain, true, recs[i])
		want := decode(mirrorFEN(plain), false, recs[i])
		if got != want {
			t.Fatalf("%s read mirrored: %+v; its mirror image %s reads %+v", plain, got, mirrorFEN(plain), want)
		}
	}
}

// TestMirrorDraws: with -mirror, loadChunk mirrors about half the records
// without a castling right and none with one; without it, none.
func TestMirrorDraws(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 4000, 4)
	for _, on := range []bool{false, true} {
		cfg := DefaultConfig()
		cfg.Data, cfg.Chunk, cfg.Validate, cfg.Mirror = []string{data}, 4000, 0, on
		d, err := openData(context.Background(), cfg.Data, nil, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, flags, err := d.loadChunk(0, 0, &cfg, make([]byte, 4000*trainbin.RecordSize), make([]bool, 4000))
		d.close()
		if err != nil {
			t.Fatal(err)
		}
		castling, mirrored, free := 0, 0, 0
		for i, m := range flags {
			if hasCastlingRight(got[i*trainbin.RecordSize:]) {
				castling++
				if m {
					t.Fatalf("record %d has a castling right and is mirrored", i)
				}
				continue
			}
			free++
			if m {
				mirrored++
			}
		}
		if castling == 0 || free < 1000 {
			t.Fatalf("the test data has %d records with a castling right, %d without: it tests nothing", castling, free)
		}
		if !on && mirrored != 0 {
			t.Errorf("without -mirror, %d records mirrored", mirrored)
		}
		if on && (mirrored < free*2/5 || mirrored > free*3/5) {
			t.Errorf("-mirror mirrored %d of %d records without castling rights, not about half", mirrored, free)
		}
	}
}

func TestConfigRefusals(t *testing.T) {
	for _, c := range []struct {
		set  func(*Config)
		flag string
	}{
		{func(c *Config) { c.Lambda = math.NaN() }, "-lambda"},
		{func(c *Config) { c.Lambda = 1.5 }, "-lambda"},
		{func(c *Config) { c.LR = 0 }, "-lr"},
		{func(c *Config) { c.LR = math.Inf(1) }, "-lr"},
		{func(c *Config) { c.LREnd = -1 }, "-lr-end"},
		{func(c *Config) { c.Batch = 0 }, "-batch"},
		{func(c *Config) { c.Epochs = -1 }, "-epochs"},
		{func(c *Config) { c.Threads = 0 }, "-threads"},
		{func(c *Config) { c.Validate = -0.1 }, "-validate"},
		{func(c *Config) { c.Decay = math.NaN() }, "-decay"},
		{func(c *Config) { c.Schedule = "linear" }, "-schedule"},
		{func(c *Config) { c.Chunk = 0 }, "-chunk"},
		{func(c *Config) { c.ValMax = -5 }, "-val-max"},
		{func(c *Config) { c.Data = nil }, "-data"},
		{func(c *Config) { c.Data = []string{"a.bin", ""} }, "-data"},
		{func(c *Config) { c.Out = "" }, "-o"},
		{func(c *Config) { c.Hidden = 512 }, "-hidden"},
		{func(c *Config) { c.Factoriser = true }, "-factoriser"},
		{func(c *Config) { c.Hidden, c.KingBuckets = 384, "4" }, "-hidden"},
		{func(c *Config) { c.Hidden, c.KingBuckets = 2048, "4" }, "-hidden"},
		{func(c *Config) { c.KingBuckets = "3" }, "-king-buckets"},
		{func(c *Config) { c.KingBuckets = "0,1" }, "-king-buckets"},
		{func(c *Config) { c.KingBuckets = strings.Repeat("0,", 31) + "x" }, "-king-buckets"},
		{func(c *Config) { c.KingBuckets = strings.Repeat("0,", 31) + "32" }, "-king-buckets"},
		{func(c *Config) { c.KingBuckets = strings.Repeat("0,", 31) + "2" }, "-hidden"}, // bucket 1 has no square
		{func(c *Config) { c.Gamma = 0 }, "-gamma"},
		{func(c *Config) { c.StepEvery = -1 }, "-step-every"},
		{func(c *Config) { c.StepEvery = 11 }, "-step-every"},
	} {
		cfg := DefaultConfig()
		cfg.Data, cfg.Out = []string{"x.bin"}, "x.nnue"
		c.set(&cfg)
		err := cfg.Check()
		if err == nil || !strings.HasPrefix(err.Error(), c.flag+" ") {
			t.Errorf("want a refusal naming %s, got %v", c.flag, err)
		}
	}
}

// TestRefusesBadInputAndOutput: a file that is not training data, or an
// output name that is some other file, stops the run before it writes
// anything.
func TestRefusesBadInputAndOutput(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 100, 8)
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("not a net\n"), 0o644)
	cfg := DefaultConfig()
	cfg.Checkpoint = filepath.Join(dir, "ckpt")
	cfg.Data, cfg.Out = []string{data, text}, filepath.Join(dir, "out.nnue")
	if _, err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), "not a binary data file") {
		t.Errorf("a text file as data: %v", err)
	}
	cfg.Data, cfg.Out = []string{data}, text
	if _, err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), "is not a net") {
		t.Errorf("a text file as output: %v", err)
	}
	if b, _ := os.ReadFile(text); string(b) != "not a net\n" {
		t.Errorf("the text file was overwritten")
	}
	if _, err := os.Stat(cfg.Checkpoint); err == nil {
		t.Errorf("a refused run made its checkpoint directory")
	}
	// A checkpoint of other settings is refused, naming the setting.
	cfg.Out, cfg.Epochs, cfg.Batch = filepath.Join(dir, "out.nnue"), 1, 50
	if _, err := Run(context.Background(), cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	cfg.Lambda = 0.7
	if _, err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), "lambda=0.7") {
		t.Errorf("a checkpoint of another lambda: %v", err)
	}
}

func BenchmarkTrainPosition(b *testing.B) {
	_, recs := randomPositions(b, 4096, 9)
	a := v2Arch
	if os.Getenv("TRAIN_BENCH_WIDE") != "" {
		a = testArch(b, 1024, 10)
	}
	w := make([]float32, a.nParams)
	a.initWeights(w, 1)
	grad := make([]float32, a.nParams)
	s := newScratch(a)
	var raw []byte
	for _, r := range recs {
		raw = r.Append(raw)
	}
	rows := a.merged(w)
	b.ResetTimer()
	for i := range b.N {
		j := i % len(recs) * trainbin.RecordSize
		a.decodeRecord(raw[j:j+trainbin.RecordSize], 0.3, false, &s.f)
		a.trainPosition(w, rows, grad, &s.f, s, 1)
	}
}

// TestGradient holds the backward pass to finite differences of the loss
// for weights of every kind: rows of the position's inputs, biases,
// output weights and the output bias, for the first net's shape and for
// wider ones with king buckets, whose rows are the king's bucket's, and
// the factoriser's shared rows, which every bucket reads.
func TestGradient(t *testing.T) {
	_, recs := randomPositions(t, 50, 10)
	for _, a := range []*arch{v2Arch, testArch(t, 512, 4), testArch(t, 1024, 10), testArch(t, 256, 4).withFactoriser()} {
		w := make([]float32, a.nParams)
		a.initWeights(w, 3)
		for i := a.offB1; i < a.offW2; i++ {
			w[i] = 0.3 // inside SCReLU's range, away from its kinks
		}
		s := newScratch(a)
		nonzero := 0
		h := a.hidden
		for _, r := range recs[40:] {
			rec := r.Append(nil)
			a.decodeRecord(rec, 0.5, false, &s.f)
			grad := make([]float32, a.nParams)
			a.trainPosition(w, a.merged(w), grad, &s.f, s, 1)
			if a.factorised {
				read := make([]bool, a.rows)
				for _, f := range append(s.f.us[:s.f.n], s.f.them[:s.f.n]...) {
					read[f] = true
				}
				a.foldShared(grad, func(r int) bool { return read[r] }, 0, nnue.Inputs)
			}
			s2 := newScratch(a)
			loss := func() float64 {
				a.decodeRecord(rec, 0.5, false, &s2.f)
				l, _ := a.positionLoss(w, a.merged(w), &s2.f, s2)
				return l
			}
			bk := bucketOf(&s.f)
			out := a.offW2 + bk*2*h
			idx := []int{a.offB2 + bk, out, out + h + 7, a.offB1 + 3, a.offB1 + h - 2,
				offW1 + int(s.f.us[0])*h + 5, offW1 + int(s.f.them[2])*h + 100, offW1 + int(s.f.us[1])*h + h - 1}
			if a.factorised {
				// The shared rows of two pieces, from both sides' views.
				sharedOf := func(f uint16) int { return a.sharedRow + int(f)%nnue.Inputs }
				idx = append(idx, offW1+sharedOf(s.f.us[0])*h+11, offW1+sharedOf(s.f.them[1])*h+h-3)
			}
			for _, i := range idx {
				const eps = 1e-3
				old := w[i]
				w[i] = old + eps
				up := loss()
				w[i] = old - eps
				down := loss()
				w[i] = old
				num := (up - down) / (2 * eps)
				if math.Abs(num) > 1e-5 {
					nonzero++
				}
				if d := math.Abs(num - float64(grad[i])); d > 0.02*math.Abs(num)+1e-6 {
					t.Errorf("%s: weight %d: backward %g, finite difference %g", a, i, grad[i], num)
				}
			}
		}
		if nonzero < 40 {
			t.Errorf("%s: only %d of 80 finite differences are not zero: the test tests little", a, nonzero)
		}
	}
}

// TestDequantiseIsQuantiseInverted: the float weights a run starts from
// with -init quantise back to the very net they came from.
func TestDequantiseIsQuantiseInverted(t *testing.T) {
	w := make([]float32, v2Arch.nParams)
	v2Arch.dequantise(nnue.Default(), w)
	if got, want := v2Arch.quantise(w).Encode(), nnue.Default().Encode(); !bytes.Equal(got, want) {
		t.Errorf("quantise(dequantise(embedded net)) is not the embedded net")
	}
}

// TestInitStartsFromNet: a run with -init and a learning rate too small to
// move a weight by a quantisation step writes the net it started from;
// without -init the same run writes another. A bad -init is refused.
func TestInitStartsFromNet(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 3000, 7)
	start := filepath.Join(dir, "start.nnue")
	if err := os.WriteFile(start, nnue.Default().Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Data = []string{data}
	cfg.Batch = 500
	cfg.Epochs = 1
	cfg.LR, cfg.LREnd, cfg.Decay = 1e-12, 0, 0
	for _, from := range []string{start, "default"} {
		cfg.Init = from
		cfg.Out = filepath.Join(dir, "out.nnue")
		res, err := Run(context.Background(), cfg, io.Discard)
		if err != nil {
			t.Fatalf("-init %s: %v", from, err)
		}
		// The embedded net's file may be of version 1: what comes back is
		// its encoding in this build's format.
		if want := nnue.NameOf(nnue.Default().Encode()); res.Net != want {
			t.Errorf("-init %s: wrote %s, want the net it started from, %s", from, res.Net, want)
		}
		if st, err := os.Stat(cfg.Out); err != nil {
			t.Error(err)
		} else if st.Mode().Perm() != 0o644 {
			t.Errorf("the net file's mode is %v; want 0644, readable by any engine process", st.Mode().Perm())
		}
	}
	cfg.Init = ""
	res, err := Run(context.Background(), cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if res.Net == nnue.NameOf(nnue.Default().Encode()) {
		t.Errorf("without -init the run wrote the embedded net")
	}
	cfg.Init = data
	if _, err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), "-init") {
		t.Errorf("-init naming a data file: %v, want an -init error", err)
	}
}

// runStopped trains cfg, in dir under name, stopped at each of stops (the
// step counts) and resumed each time, then to the end: it returns the net
// and the checkpoint after its key (the keys name their directories).
func runStopped(t *testing.T, cfg Config, dir, name string, stops []int64) ([]byte, []byte) {
	t.Helper()
	cfg.Out = filepath.Join(dir, name+".nnue")
	cfg.Checkpoint = filepath.Join(dir, name)
	defer func() { afterStep = nil }()
	for _, at := range stops {
		ctx, cancel := context.WithCancel(context.Background())
		afterStep = func(step int64) {
			if step == at {
				cancel()
			}
		}
		if _, err := Run(ctx, cfg, io.Discard); err != ErrStopped {
			t.Fatalf("%s: run to stop at step %d: %v", name, at, err)
		}
		cancel()
	}
	afterStep = nil
	if _, err := Run(context.Background(), cfg, io.Discard); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	net, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	ck, err := os.ReadFile(filepath.Join(cfg.Checkpoint, "checkpoint"))
	if err != nil {
		t.Fatal(err)
	}
	return net, ck[bytes.IndexByte(ck, '\n'):]
}
