package tune

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"matador/internal/chess"
	"matador/internal/eval"
)

// syntheticEntries makes n samples whose targets come from known weights:
// each sample uses a few of them with small counts, at a random phase, and
// its result is the win probability those weights predict.
func syntheticEntries(rng *rand.Rand, truth []eval.Score, n int, k float64) []Entry {
	out := make([]Entry, n)
	for i := range out {
		en := Entry{Phase: rng.IntN(eval.PhaseTotal + 1), Scale: eval.ScaleNormal}
		used := map[int]bool{}
		for range 1 + rng.IntN(6) {
			w := rng.IntN(len(truth))
			if used[w] {
				continue
			}
			used[w] = true
			en.Linear.Terms = append(en.Linear.Terms, term{W: uint16(w), N: int16(rng.IntN(5) - 2)})
		}
		mg, eg := 0.0, 0.0
		for _, tm := range en.Linear.Terms {
			mg += float64(tm.N) * float64(truth[tm.W].Mg())
			eg += float64(tm.N) * float64(truth[tm.W].Eg())
		}
		v := (mg*float64(en.Phase) + eg*float64(eval.PhaseTotal-en.Phase)) / eval.PhaseTotal
		en.Result = sigmoid(k, v)
		out[i] = en
	}
	return out
}

// TestFitRecoversKnownWeights: on data made from known weights, mini-batch
// Adam on two goroutines, started far from them, finds them again.
func TestFitRecoversKnownWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := make([]eval.Score, 12)
	live := make([]eval.Score, len(truth))
	ws := make([]Weight, len(truth))
	for i := range truth {
		truth[i] = eval.S(rng.IntN(201)-100, rng.IntN(201)-100)
		// Start 60 to 100 cp away in each half: a fit that can move
		// weights only a little fails here.
		live[i] = truth[i] + eval.S(60+rng.IntN(41), -60-rng.IntN(41))
		ws[i] = Weight{Param: "Synthetic", Index: i, Ptr: &live[i]}
	}
	const k = 0.006
	entries := syntheticEntries(rng, truth, 20000, k)
	tu := NewTuner(entries, eval.DefaultParams(), ws)
	tu.FrozenMg = make([]bool, len(ws)) // nothing here is the pawn
	tu.K, tu.Rate, tu.Batch, tu.Threads, tu.L2 = k, 2, 1024, 2, 0
	order := rand.New(rand.NewPCG(3, 4))
	first := tu.Epoch(order)
	var last float64
	for range 60 {
		last = tu.Epoch(order)
	}
	if !(last < first/10) {
		t.Errorf("error went from %v to only %v", first, last)
	}
	for i := range truth {
		mg, eg := tu.Value(i)
		if math.Abs(mg-float64(truth[i].Mg())) > 3 || math.Abs(eg-float64(truth[i].Eg())) > 3 {
			t.Errorf("weight %d: fitted S(%.1f, %.1f), made from S(%d, %d)", i, mg, eg, truth[i].Mg(), truth[i].Eg())
		}
	}
}

// TestFitRecoversScaleFactor: samples whose scale factor comes from one
// Scale weight (S(20, 40) in truth, tapered by phase) beside fixed linear
// sums; the fit moves the weight from S(64, 64), the edge of the range,
// back to the truth.
func TestFitRecoversScaleFactor(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	truth := eval.S(20, 40)
	live := eval.S(eval.ScaleNormal, eval.ScaleNormal)
	ws := []Weight{{Param: "Synthetic", Index: 0, Ptr: &live, Kind: eval.Scale}}
	const k = 0.006
	entries := make([]Entry, 20000)
	for i := range entries {
		en := Entry{Phase: rng.IntN(eval.PhaseTotal + 1), ScaleW: 1}
		en.Linear.BaseMg, en.Linear.BaseEg = rng.IntN(801)-400, rng.IntN(801)-400
		pMg := float64(en.Phase) / eval.PhaseTotal
		scale := float64(truth.Mg())*pMg + float64(truth.Eg())*(1-pMg)
		v := (float64(en.Linear.BaseMg)*pMg + float64(en.Linear.BaseEg)*(1-pMg)) * scale / eval.ScaleNormal
		en.Result = sigmoid(k, v)
		entries[i] = en
	}
	tu := NewTuner(entries, eval.DefaultParams(), ws)
	tu.K, tu.Rate, tu.Batch, tu.Threads, tu.L2 = k, 1, 1024, 2, 0
	order := rand.New(rand.NewPCG(11, 12))
	for range 40 {
		tu.Epoch(order)
	}
	if mg, eg := tu.Value(0); math.Abs(mg-float64(truth.Mg())) > 2 || math.Abs(eg-float64(truth.Eg())) > 2 {
		t.Errorf("fitted S(%.1f, %.1f), made from %v", mg, eg, truth)
	}
}

// The gradient is the same whether one goroutine or several compute it.
func TestGradientThreadsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	truth := make([]eval.Score, 8)
	live := make([]eval.Score, len(truth))
	ws := make([]Weight, len(truth))
	for i := range truth {
		truth[i] = eval.S(rng.IntN(100), rng.IntN(100))
		ws[i] = Weight{Param: "Synthetic", Index: i, Ptr: &live[i]}
	}
	entries := syntheticEntries(rng, truth, 5000, 0.006)
	one, two := NewTuner(entries, eval.DefaultParams(), ws), NewTuner(entries, eval.DefaultParams(), ws)
	one.K, two.K, two.Threads = 0.006, 0.006, 2
	e1, e2 := one.Step(), two.Step()
	if math.Abs(e1-e2) > 1e-12 || math.Abs(one.Error(0.006)-two.Error(0.006)) > 1e-12 {
		t.Errorf("errors differ: %v and %v", e1, e2)
	}
	for i := range ws {
		a, b := one.Snapshot(), two.Snapshot()
		if math.Abs(a[0][i]-b[0][i]) > 1e-9 || math.Abs(a[1][i]-b[1][i]) > 1e-9 {
			t.Errorf("weight %d after one step: %v,%v and %v,%v", i, a[0][i], a[1][i], b[0][i], b[1][i])
		}
	}
}

func TestSplitHeldOutKeepsGamesWhole(t *testing.T) {
	var samples []Sample
	for g := range 1000 {
		for range 10 {
			samples = append(samples, Sample{Game: int64(g)})
		}
	}
	train, held := SplitHeldOut(samples, 0.1)
	if len(train)+len(held) != len(samples) || len(held) < 700 || len(held) > 1300 {
		t.Fatalf("split %d/%d of %d", len(train), len(held), len(samples))
	}
	heldGames := map[int64]bool{}
	for _, s := range held {
		heldGames[s.Game] = true
	}
	for _, s := range train {
		if heldGames[s.Game] {
			t.Fatalf("game %d is on both sides", s.Game)
		}
	}
	// Without game numbers, the file's last lines are held out.
	plain := make([]Sample, 100)
	for i := range plain {
		plain[i].Game = -1
		plain[i].Score = i
	}
	train, held = SplitHeldOut(plain, 0.2)
	if len(held) != 20 || held[0].Score != 80 || len(train) != 80 {
		t.Errorf("plain split: %d train, %d held, first held %d", len(train), len(held), held[0].Score)
	}
	// Both kinds in one set: the numbered games split as alone, the last
	// fifth of the unnumbered samples held out.
	mixed := append(append([]Sample{}, samples...), plain...)
	train, held = SplitHeldOut(mixed, 0.2)
	plainHeld := 0
	for _, s := range held {
		if s.Game < 0 {
			plainHeld++
			if s.Score < 80 {
				t.Errorf("mixed split: unnumbered sample %d held out", s.Score)
			}
		}
	}
	if plainHeld != 20 || len(train)+len(held) != len(mixed) || len(held) < 1700 {
		t.Errorf("mixed split: %d train, %d held, %d of them unnumbered", len(train), len(held), plainHeld)
	}
}

// TestGradientMatchesFiniteDifferences: the tuner's derivatives through the
// king penalty, the complexity shift and the scale factors agree with the change of its own
// score when one weight moves a little, for every weight of real
// positions. The danger and complexity weights are moved off zero first so
// that their non-linear parts are live.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	positions := randomPositions(t, 150)
	// Drawish material, so that every kind of weight is checked.
	for _, fen := range []string{
		"4k3/5pp1/4b3/8/8/2B5/5PPP/4K3 w - - 0 1",   // opposite bishops
		"r3k3/5pp1/4b3/8/8/2B5/5PPP/R3K3 w - - 0 1", // and rooks
		"4k3/8/8/8/8/8/2b5/R3K3 w - - 0 1",          // rook against bishop
		"4k3/3bn3/8/8/8/8/8/Q3K3 w - - 0 1",         // queen against two pieces
		"4k3/8/8/8/8/4P3/4R3/r3K3 w - - 0 1",        // rook and pawn against rook
	} {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, pos)
	}
	samples := make([]Sample, len(positions))
	for i, p := range positions {
		samples[i] = Sample{Pos: p, Result: 1}
	}
	p := eval.DefaultParams()
	if err := eval.ApplySwitchSpec(p, eval.NewTerms); err != nil {
		t.Fatal(err)
	}
	ws := Weights(p)
	for _, w := range ws {
		switch w.Kind {
		case eval.KingDanger:
			*w.Ptr += eval.S(30, 20)
		case eval.Complexity:
			*w.Ptr += eval.S(0, -7)
		case eval.Scale:
			*w.Ptr = eval.S(30, 40) // inside 0..64, where the factor moves
		}
	}
	entries, err := Linearize(samples, p, ws, 2)
	if err != nil {
		t.Fatal(err)
	}
	tu := NewTuner(entries, p, ws)
	const h = 1e-3
	checked := map[eval.Kind]int{}
	for i := range entries {
		en := &entries[i]
		_, pd := tu.evaluate(en)
		type use struct {
			terms      []term
			byMg, byEg float64
			kind       eval.Kind
		}
		uses := []use{{en.Linear.Terms, pd.linMg, pd.linEg, eval.Linear},
			{en.Danger[0].Terms, pd.dangerMg[0], pd.dangerEg[0], eval.KingDanger},
			{en.Danger[1].Terms, pd.dangerMg[1], pd.dangerEg[1], eval.KingDanger},
			{en.Complexity.Terms, 0, pd.complexityEg, eval.Complexity}}
		// A danger weight enters both kings' sums: add its shares.
		type key struct {
			w    int
			half int
		}
		want := map[key]float64{}
		kinds := map[key]eval.Kind{}
		for _, u := range uses {
			for _, tm := range u.terms {
				w := int(tm.W)
				want[key{w, 0}] += float64(tm.N) * u.byMg
				want[key{w, 1}] += float64(tm.N) * u.byEg
				kinds[key{w, 0}], kinds[key{w, 1}] = u.kind, u.kind
			}
		}
		if en.ScaleW > 0 {
			w := int(en.ScaleW - 1)
			want[key{w, 0}], want[key{w, 1}] = pd.scaleMg, pd.scaleEg
			kinds[key{w, 0}], kinds[key{w, 1}] = eval.Scale, eval.Scale
		}
		for k, analytic := range want {
			w := &tu.mg[k.w]
			if k.half == 1 {
				w = &tu.eg[k.w]
			}
			old := *w
			*w = old + h
			up, _ := tu.evaluate(en)
			*w = old - h
			down, _ := tu.evaluate(en)
			*w = old
			got := (up - down) / (2 * h)
			if math.Abs(got-analytic) > 1e-4*max(1, math.Abs(analytic)) {
				t.Fatalf("%s, %s half %d: derivative %v, finite difference %v", positions[i].FEN(), ws[k.w].Name(), k.half, analytic, got)
			}
			checked[kinds[k]]++
		}
	}
	if checked[eval.KingDanger] == 0 || checked[eval.Complexity] == 0 || checked[eval.Scale] == 0 {
		t.Errorf("checked %v: some kind of weight never appeared", checked)
	}
}

// TestReadDataFilesKeepsGamesApart: two datagen files both number their
// games from 0; read together, their games stay distinct.
func TestReadDataFilesKeepsGamesApart(t *testing.T) {
	dir := t.TempDir()
	line := "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.0 | 120 | 0\n"
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	if err := os.WriteFile(a, []byte(line+line), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	samples, err := readDataFiles(a + "," + b)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != 3 || samples[0].Game != 0 || samples[1].Game != 0 || samples[2].Game != 1<<fileGameShift {
		t.Errorf("games %d, %d, %d of %d samples", samples[0].Game, samples[1].Game, samples[2].Game, len(samples))
	}
	if _, err := readDataFiles(a + "," + filepath.Join(dir, "missing.txt")); err == nil {
		t.Error("a missing file read without error")
	}
}
