package tune

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/eval"
)

// pkSamples are random positions with results for the network's tests.
func pkSamples(t *testing.T, n int) []Sample {
	positions := randomPositions(t, n)
	r := rand.New(rand.NewPCG(8, 9))
	samples := make([]Sample, len(positions))
	for i, p := range positions {
		samples[i] = Sample{Pos: p, Result: float64(r.IntN(3)) / 2}
	}
	return samples
}

// trainedPK is a network with every kind of parameter off zero.
func trainedPK() eval.PKNet {
	r := rand.New(rand.NewPCG(1, 2))
	var net eval.PKNet
	for i := range net.Hidden {
		for j := range net.Hidden[i] {
			net.Hidden[i][j] = int16(r.IntN(601) - 300)
		}
	}
	for j := range eval.PKHidden {
		net.HiddenBias[j] = int32(r.IntN(201) - 50)
		net.Output[0][j] = int16(r.IntN(161) - 80)
		net.Output[1][j] = int16(r.IntN(161) - 80)
	}
	return net
}

// pkForms linearises n samples with the network of trainedPK on.
func pkForms(t *testing.T, n int) ([]Sample, *eval.Params, []Weight, []Entry) {
	samples := pkSamples(t, n)
	p := eval.DefaultParams()
	p.UsePKNet = true
	p.PKNet = trainedPK()
	ws := Weights(p)
	entries, err := Linearize(samples, p, ws, 2)
	if err != nil {
		t.Fatal(err)
	}
	return samples, p, ws, entries
}

// TestPKLinearForms: with the network on, the linear forms give the
// engine's score, and the floating-point network of the tuner started from
// the engine's weights gives the same term within rounding.
func TestPKLinearForms(t *testing.T) {
	samples, p, ws, entries := pkForms(t, 300)
	e := eval.NewEvaluatorWith(p)
	fit := newPKFit(&p.PKNet, 1)
	netMoved := 0
	for i := range entries {
		en := &entries[i]
		want := e.Evaluate(samples[i].Pos)
		if samples[i].Pos.SideToMove() == chess.Black {
			want = -want
		}
		if got := en.Evaluate(p, ws); got != want {
			t.Fatalf("%s: linear form %d, Evaluate %d", samples[i].Pos.FEN(), got, want)
		}
		v := pkScore(&p.PKNet, &en.PK)
		mg, eg := fit.value(&en.PK)
		// Each view's sums are truncated to whole centipawns.
		if math.Abs(mg-float64(v.Mg())) > 2 || math.Abs(eg-float64(v.Eg())) > 2 {
			t.Fatalf("%s: engine's term (%d, %d), tuner's (%.2f, %.2f)", samples[i].Pos.FEN(), v.Mg(), v.Eg(), mg, eg)
		}
		if v != 0 {
			netMoved++
		}
	}
	if netMoved < len(entries)/2 {
		t.Fatalf("the network's term is zero in %d of %d positions", len(entries)-netMoved, len(entries))
	}
	if back := fit.net(); back != p.PKNet {
		t.Fatal("the engine's weights do not survive the tuner's floating point")
	}
}

// TestPKGradient: the derivatives of the tuner's error by the network's
// parameters agree with finite differences of the error itself.
func TestPKGradient(t *testing.T) {
	_, p, ws, entries := pkForms(t, 60)
	tu := NewTuner(entries, p, ws)
	tu.K, tu.Lambda = 0.006, 1
	tu.PK = newPKFit(&p.PKNet, 1)
	// Integer weights leave units exactly at zero, where the rectifier has
	// no derivative: move every parameter off the grid.
	r := rand.New(rand.NewPCG(3, 4))
	for k := range tu.PK.w {
		tu.PK.w[k] += 1e-3 * r.Float64()
	}
	idx := make([]int32, len(entries))
	for i := range idx {
		idx[i] = int32(i)
	}
	g := make([]float64, pkParams)
	tu.gradient(idx, make([]float64, len(ws)), make([]float64, len(ws)), g)
	sumErr := func() float64 {
		return tu.Error(tu.K) * float64(len(entries))
	}
	checked := 0
	for range 300 {
		k := r.IntN(pkParams)
		if g[k] == 0 {
			continue
		}
		const h = 1e-4
		old := tu.PK.w[k]
		tu.PK.w[k] = old + h
		up := sumErr()
		tu.PK.w[k] = old - h
		down := sumErr()
		tu.PK.w[k] = old
		if got := (up - down) / (2 * h); math.Abs(got-g[k]) > 1e-5+1e-3*math.Abs(g[k]) {
			t.Fatalf("parameter %d: derivative %g, finite difference %g", k, g[k], got)
		}
		checked++
	}
	for _, k := range []int{pkBiasAt, pkOutputAt, pkOutputAt + eval.PKHidden} {
		if g[k] == 0 {
			t.Errorf("no gradient for parameter %d, the first of its group", k)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d parameters with a gradient checked", checked)
	}
}

// TestPKFitLearns: on samples whose results depend on the pawns alone (a
// lead in advanced pawns wins), fitting the network with the weights
// lowers the error below fitting the weights alone.
func TestPKFitLearns(t *testing.T) {
	samples := pkSamples(t, 3000)
	for i, s := range samples {
		w, b := s.Pos.Pieces(chess.White, chess.Pawn), s.Pos.Pieces(chess.Black, chess.Pawn)
		adv := (w & (chess.RankBB(4) | chess.RankBB(5) | chess.RankBB(6))).Count() -
			(b & (chess.RankBB(3) | chess.RankBB(2) | chess.RankBB(1))).Count()
		samples[i].Result = 1 / (1 + math.Exp(-float64(adv)))
	}
	fit := func(withNet bool) float64 {
		p := eval.DefaultParams()
		p.UsePKNet = withNet
		ws := Weights(p)
		entries, err := Linearize(samples, p, ws, 2)
		if err != nil {
			t.Fatal(err)
		}
		tu := NewTuner(entries, p, ws)
		tu.Lambda, tu.Batch, tu.Threads = 1, 256, 2
		tu.FitK()
		if withNet {
			tu.PK = newPKFit(&p.PKNet, 1)
		}
		rng := rand.New(rand.NewPCG(1, 0))
		for range 15 {
			tu.Epoch(rng)
		}
		tu.Apply()
		return tu.IntegerError()
	}
	without, with := fit(false), fit(true)
	t.Logf("error %.6f with the weights alone, %.6f with the network", without, with)
	if with >= without {
		t.Errorf("the network did not help: %.6f with it, %.6f without", with, without)
	}
}

// TestWritePKNet: the written source is valid Go that holds the weights.
func TestWritePKNet(t *testing.T) {
	net := trainedPK()
	src, err := WritePKNet(&net)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "var pkNetWeights = PKNet{") ||
		!strings.Contains(string(src), fmt.Sprint(net.Hidden[eval.PKInputs-1][eval.PKHidden-1])) {
		t.Errorf("source:\n%.400s", src)
	}
}

// TestPKFrozen: a trained network fitted around (tune run without -pknet
// while UsePKNet is on) is part of every score of the fit, and stays as it
// was.
func TestPKFrozen(t *testing.T) {
	_, p, ws, entries := pkForms(t, 200)
	tu := NewTuner(entries, p, ws)
	tu.K, tu.Lambda, tu.Batch = 0.006, 1, 64
	tu.PK = newPKFit(&p.PKNet, 1)
	tu.PK.Frozen = true
	// The floating-point score with the frozen network is the engine's
	// but for rounding (the integer steps of the evaluation and of each
	// view of the network); without it, it is far from it. Positions whose
	// scale factor is a fitted weight are left out: the tuner tapers it in
	// floating point, the engine truncates it to 64ths (a factor of 34.4
	// played as 34 moves a score of 2,000 by 12.5).
	var with, without float64
	compared := 0
	for i := range entries {
		en := &entries[i]
		if en.ScaleW > 0 {
			continue
		}
		compared++
		v, _ := tu.evaluate(en)
		with = max(with, math.Abs(v-float64(en.Evaluate(p, ws))))
		tu.PK = nil
		v, _ = tu.evaluate(en)
		without = max(without, math.Abs(v-float64(en.Evaluate(p, ws))))
		tu.PK = newPKFit(&p.PKNet, 1)
		tu.PK.Frozen = true
	}
	if compared < len(entries)/2 {
		t.Fatalf("only %d of %d positions compared", compared, len(entries))
	}
	if with > 8 || without < 4*with {
		t.Errorf("largest difference from the engine's score: %.1f with the frozen network, %.1f without", with, without)
	}
	before := append([]float64(nil), tu.PK.w...)
	tu.Epoch(rand.New(rand.NewPCG(1, 0)))
	tu.Apply()
	if !slices.Equal(before, tu.PK.w) || p.PKNet != trainedPK() {
		t.Error("the frozen network moved")
	}
}
