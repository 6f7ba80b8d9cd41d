//go:build goexperiment.simd && amd64

package nnue

import (
	"math/rand/v2"
	"testing"

	"matador/internal/chess"
)

var avxUpdates = []updateKernel{
	{"addRow", func(a, b, _, _, _ int16) int16 { return a + b }, func(w *wideOperands, n int) {
		copy(w.v[6][:n], w.v[0][:n])
		avxAddRow(w.op(6), w.op(1), n)
	}},
	{"subRow", func(a, b, _, _, _ int16) int16 { return a - b }, func(w *wideOperands, n int) {
		copy(w.v[6][:n], w.v[0][:n])
		avxSubRow(w.op(6), w.op(1), n)
	}},
	{"addSub", func(a, b, c, _, _ int16) int16 { return a + b - c }, func(w *wideOperands, n int) {
		avxAddSub(w.op(6), w.op(0), w.op(1), w.op(2), n)
	}},
	{"addSubSub", func(a, b, c, d, _ int16) int16 { return a + b - c - d }, func(w *wideOperands, n int) {
		avxAddSubSub(w.op(6), w.op(0), w.op(1), w.op(2), w.op(3), n)
	}},
	{"addAddSubSub", func(a, b, c, d, e int16) int16 { return a + b + e - c - d }, func(w *wideOperands, n int) {
		avxAddAddSubSub(w.op(6), w.op(0), w.op(1), w.op(4), w.op(2), w.op(3), n)
	}},
}

// TestVectorKernelsMatchScalar holds each AVX2 kernel to the lane-wise
// sums, as TestWordKernelsMatchPlain holds the plain ones, on 1 to 4
// blocks of random values over the whole int16 range, where every sum
// wraps, and the output layer's sum to the plain one's.
func TestVectorKernelsMatchScalar(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this processor: the plain kernels run, nothing to compare")
	}
	r := rand.New(rand.NewPCG(11, 13))
	var w wideOperands
	for round := range 600 {
		fillOperands(r, &w, round)
		checkUpdates(t, &w, round, avxUpdates)
		n := round%(MaxHidden/block) + 1
		if x, y := plainScreluSum(&w, n), avxScreluSum(w.op(0), w.op(1), w.op(2), w.op(3), n); x != y {
			t.Fatalf("round %d, %d blocks: screluSum: lane by lane %d, avx2 %d", round, n, x, y)
		}
	}
}

// TestVectorMatchesScalarEveryWidth plays random games on nets of every
// width and king bucket layout and holds the AVX2 kernels' incremental
// scores, with their refreshes from the table, to the plain kernels'
// scores from nothing.
func TestVectorMatchesScalarEveryWidth(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this processor: the plain kernels run, nothing to compare")
	}
	defer func() { hasAVX2 = true }()
	r := rand.New(rand.NewPCG(3, 4))
	for _, net := range testNets(t) {
		s := NewStack(net)
		for _, fen := range testFENs {
			pos := mustFEN(t, fen)
			s.Reset(pos)
			for ply := 0; ply < 100; ply++ {
				var ml chess.MoveList
				pos.GenerateLegal(&ml)
				if ml.N == 0 {
					break
				}
				m := ml.Moves[r.IntN(ml.N)]
				s.Push(pos, m)
				pos.MakeMove(m)
				hasAVX2 = true
				got := s.Evaluate(pos)
				hasAVX2 = false
				if want := net.Evaluate(pos); got != want {
					t.Fatalf("%d wide, %d buckets: %s: avx2 %d, plain %d", net.Hidden, net.KingBuckets, pos.FEN(), got, want)
				}
			}
		}
	}
}
