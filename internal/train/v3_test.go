package train

import (
	"bytes"
	"context"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/nnue"
	"matador/internal/trainbin"
)

// TestDecoderAgreesWithNet holds the decoder of shapes with king buckets
// to nnue's Net.FeatureIndex, for both sides, on positions with the kings
// on every part of the board.
func TestDecoderAgreesWithNet(t *testing.T) {
	_, recs := randomPositions(t, 3000, 11)
	for _, buckets := range []int{1, 4, 10} {
		a := testArch(t, 256, buckets)
		net, err := nnue.NewNet(256, &a.layout)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			pos, err := r.Board.Unpack()
			if err != nil {
				t.Fatal(err)
			}
			var white, black [maxPieces]uint16
			n, _ := a.decodeBoard(r.Board[:], false, &white, &black)
			occ := pos.Occupied()
			if n != occ.Count() {
				t.Fatalf("%s: %d pieces", pos.FEN(), n)
			}
			wk, bk := pos.KingSquare(chess.White), pos.KingSquare(chess.Black)
			for i := 0; occ != 0; i++ {
				sq := occ.PopFirst()
				pc := pos.PieceOn(sq)
				w, b := net.FeatureIndex(chess.White, wk, pc, sq), net.FeatureIndex(chess.Black, bk, pc, sq)
				if int(white[i]) != w || int(black[i]) != b {
					t.Fatalf("%d buckets: %s: %v on %v decodes to %d/%d, FeatureIndex says %d/%d", buckets, pos.FEN(), pc, sq, white[i], black[i], w, b)
				}
			}
		}
	}
}

// TestLazyAdamIsTheRule holds a step of the sparse trainer, on one thread
// and on two (each thread's gradient summed in worker order, as the pool
// sums them), to the documented rule computed densely: the whole
// gradient, then AdamW on the dense parameters and on every row some
// position of the batch read, the other rows left as they are. A
// factorised net's shared rows count as read where a bucket's row of
// their input was, and their gradient is the sum of those rows'. Then a
// second step, so that the first step's gradient rows are cleared as they
// must be.
func TestLazyAdamIsTheRule(t *testing.T) {
	_, recs := randomPositions(t, 600, 12)
	var raw []byte
	for _, r := range recs {
		raw = r.Append(raw)
	}
	for _, a := range []*arch{testArch(t, 512, 10), testArch(t, 256, 4).withFactoriser()} {
		for _, threads := range []int{1, 2} {
			lazyAdamIsTheRule(t, a, threads, raw)
		}
	}
}

func lazyAdamIsTheRule(t *testing.T, a *arch, threads int, raw []byte) {
	st := &state{w: make([]float32, a.nParams), m: make([]float32, a.nParams), v: make([]float32, a.nParams)}
	a.initWeights(st.w, 5)
	for i := range st.m {
		// Moments of earlier steps, so that a row left alone shows.
		st.m[i], st.v[i] = 1e-4, 1e-6
	}
	if a.factorised {
		// Shared rows that start at zero would hide a fold that is wrong.
		for i := a.sharedRow * a.hidden; i < a.offB1; i++ {
			st.w[i] = float32(i%7-3) * 1e-3
		}
	}
	ref := &state{w: slices.Clone(st.w), m: slices.Clone(st.m), v: slices.Clone(st.v)}
	p := newPool(a, threads)
	defer p.close()
	mirror := make([]bool, 600)
	const lr, decay = 0.01, 0.01
	for step := range 2 {
		batch := raw[step*300*trainbin.RecordSize : (step+1)*300*trainbin.RecordSize]
		st.step, ref.step = int64(step), int64(step)
		p.step(st, batch, mirror, 0.3, lr, decay)

		grad := make([]float32, a.nParams)
		read := make([]bool, a.rows)
		s := newScratch(a)
		rows := a.merged(ref.w)
		// The threads' sums in worker order, as the pool adds them.
		parts := make([][]float32, threads)
		for k := range parts {
			parts[k] = make([]float32, a.nParams)
			lo, hi := k*300/threads, (k+1)*300/threads
			for j := lo; j < hi; j++ {
				a.decodeRecord(batch[j*trainbin.RecordSize:(j+1)*trainbin.RecordSize], 0.3, false, &s.f)
				a.trainPosition(ref.w, rows, parts[k], &s.f, s, 1/float32(300))
				for _, f := range append(s.f.us[:s.f.n], s.f.them[:s.f.n]...) {
					read[f] = true
				}
			}
		}
		copy(grad, parts[0])
		for _, part := range parts[1:] {
			for i := range grad {
				grad[i] += part[i]
			}
		}
		if a.factorised {
			a.foldShared(grad, func(r int) bool { return read[r] }, 0, nnue.Inputs)
			for r := range a.sharedRow {
				if read[r] {
					read[a.sharedRow+r%nnue.Inputs] = true
				}
			}
		}
		c1 := float32(1 / (1 - math.Pow(beta1, float64(step+1))))
		c2 := float32(1 / (1 - math.Pow(beta2, float64(step+1))))
		keep := float32(1 - float64(float32(lr))*decay)
		skipped := 0
		for r := range a.rows {
			o := r * a.hidden
			if !read[r] {
				skipped++
				continue
			}
			adamW(ref.w[o:o+a.hidden], ref.m[o:o+a.hidden], ref.v[o:o+a.hidden], grad[o:o+a.hidden], lr, keep, c1, c2, maxWeight)
		}
		// The dense parameters in the threads' shares, as the pool
		// steps them: the vector kernel leaves a share's last few to the
		// plain one, whose float64 rounds otherwise.
		for k := range threads {
			lo, hi := p.span(k, a.nParams-a.offB1)
			lo, hi = lo+a.offB1, hi+a.offB1
			mid := max(lo, min(hi, a.offB2))
			adamW(ref.w[lo:mid], ref.m[lo:mid], ref.v[lo:mid], grad[lo:mid], lr, keep, c1, c2, maxWeight)
			adamW(ref.w[mid:hi], ref.m[mid:hi], ref.v[mid:hi], grad[mid:hi], lr, keep, c1, c2, math.MaxFloat32)
		}
		for i := range st.w {
			if st.w[i] != ref.w[i] || st.m[i] != ref.m[i] || st.v[i] != ref.v[i] {
				t.Fatalf("%s, %d threads, step %d: parameter %d: sparse step %g/%g/%g, the rule %g/%g/%g", a, threads, step, i, st.w[i], st.m[i], st.v[i], ref.w[i], ref.m[i], ref.v[i])
			}
		}
		if skipped == 0 {
			t.Errorf("%s, step %d: every row was read: the test tests little", a, step)
		}
	}
}

// TestLRSteps: the step schedule drops the rate by -gamma every
// -step-every epochs, as bullet's StepLR, or once at -drop-at.
func TestLRSteps(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Schedule, cfg.Epochs, cfg.StepEvery, cfg.Gamma, cfg.LR = "step", 10, 4, 0.5, 0.001
	for _, c := range []struct {
		step int64
		want float64
	}{{0, 0.001}, {39, 0.001}, {40, 0.0005}, {79, 0.0005}, {80, 0.00025}, {99, 0.00025}} {
		if got := lrAt(&cfg, c.step, 100); got != float32(c.want) {
			t.Errorf("step %d of 100: lr %g, want %g", c.step, got, c.want)
		}
	}
	cfg.StepEvery = 0
	if got := lrAt(&cfg, 75, 100); got != float32(0.0005) {
		t.Errorf("at -drop-at: %g", got)
	}
}

// TestWideNetTrainsResumesAndLoads trains a small net of the second
// architecture (512 wide, 4 king buckets, the step schedule) from random
// weights: stopped and resumed it ends with the weights of a run never
// stopped, its file is a version 3 net that nnue loads, and the loaded
// net evaluates as the float model it was quantised from, within the
// quantisation's error.
func TestWideNetTrainsResumesAndLoads(t *testing.T) {
	for _, factorised := range []bool{false, true} {
		t.Run(map[bool]string{false: "buckets", true: "factorised"}[factorised], func(t *testing.T) {
			wideRun(t, factorised)
		})
	}
}

// wideRun trains a 512-wide net of four king buckets, with or without the
// factoriser, stopped and resumed, loads it and holds it to the float
// model; a run of another shape does not resume it.
func wideRun(t *testing.T, factorised bool) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 6000, 13)
	base := DefaultConfig()
	base.Data = []string{data}
	base.Batch = 500
	base.Chunk = 2000
	base.Epochs = 3
	base.Threads = 2
	base.Lambda = 0
	base.LR = 0.004
	base.Hidden, base.KingBuckets = 512, "4"
	base.Schedule, base.StepEvery, base.Gamma = "step", 1, 0.5
	base.Factoriser = factorised
	run := func(name string, stops []int64) ([]byte, []byte) {
		return runStopped(t, base, dir, name, stops)
	}
	wantNet, wantCk := run("whole", nil)
	gotNet, gotCk := run("stopped", []int64{4, 13, 20})
	if !bytes.Equal(gotNet, wantNet) || !bytes.Equal(gotCk, wantCk) {
		t.Error("a wide run stopped and resumed ends with other weights than one never stopped")
	}
	net, err := nnue.Parse(wantNet)
	if err != nil {
		t.Fatal(err)
	}
	if wantNet[7] != 3 || net.Hidden != 512 || net.KingBuckets != 4 || !net.Mirrored {
		t.Fatalf("the net is of version %d, %d wide with %d king buckets", wantNet[7], net.Hidden, net.KingBuckets)
	}
	cfg := base
	cfg.Checkpoint = filepath.Join(dir, "whole")
	key, _ := cfg.key(nil)
	a, _ := cfg.arch()
	st := &state{w: make([]float32, a.nParams), m: make([]float32, a.nParams), v: make([]float32, a.nParams)}
	if _, err := readCheckpoint(filepath.Join(cfg.Checkpoint, "checkpoint"), key, st); err != nil {
		t.Fatal(err)
	}
	positions, _ := randomPositions(t, 2000, 14)
	var sum, worst float64
	for _, pos := range positions {
		d := math.Abs(float64(net.Evaluate(pos)) - a.floatEval(st.w, pos))
		sum += d
		worst = max(worst, d)
	}
	mean := sum / float64(len(positions))
	t.Logf("the loaded net against the float model: mean %.2f cp, worst %.2f cp", mean, worst)
	if mean > 12 || worst > 50 {
		t.Errorf("the loaded net differs from the float model by %.2f cp on average, %.2f at worst; want at most 12 and 50", mean, worst)
	}
	// A run of another shape does not resume this one's checkpoint, and
	// -init refuses a net of another shape.
	other := base
	other.KingBuckets = "8"
	other.Out = filepath.Join(dir, "other.nnue")
	other.Checkpoint = filepath.Join(dir, "whole")
	if _, err := Run(context.Background(), other, io.Discard); err == nil || !strings.Contains(err.Error(), "king-buckets") {
		t.Errorf("another layout resumed the checkpoint: %v", err)
	}
	other.KingBuckets, other.Factoriser = "4", !factorised
	if _, err := Run(context.Background(), other, io.Discard); err == nil || !strings.Contains(err.Error(), "factoriser") {
		t.Errorf("a run with the factoriser %v resumed one with it %v: %v", !factorised, factorised, err)
	}
	other.KingBuckets, other.Factoriser = "8", factorised
	other.Checkpoint = ""
	other.Init = filepath.Join(dir, "whole.nnue")
	if _, err := Run(context.Background(), other, io.Discard); err == nil || !strings.Contains(err.Error(), "-init") {
		t.Errorf("-init of another shape: %v", err)
	}
}
