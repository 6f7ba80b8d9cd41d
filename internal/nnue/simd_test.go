//go:build goexperiment.simd && amd64

package nnue

import (
	"math/rand/v2"
	"testing"

	"matador/internal/chess"
)

// TestVectorKernelsMatchScalar holds each AVX2 kernel to its plain twin on
// random values over the whole int16 range, where every sum wraps.
func TestVectorKernelsMatchScalar(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this processor: the plain kernels run, nothing to compare")
	}
	r := rand.New(rand.NewPCG(11, 13))
	fill := func(v *[block]int16, limit int) {
		for i := range v {
			v[i] = int16(r.IntN(2*limit+1) - limit)
		}
	}
	var arrays alignedAccs
	a, b, c, d, e := &arrays.v[0], &arrays.v[1], &arrays.v[2], &arrays.v[3], &arrays.v[4]
	want, got := &arrays.v[5], &arrays.v[6]
	for round := 0; round < 500; round++ {
		limit := 32767
		if round%2 == 0 {
			limit = 400 // the range of a trained net's accumulators
		}
		fill(a, limit)
		fill(b, limit)
		fill(c, limit)
		fill(d, limit)
		fill(e, limit)
		scalarAddSub(want, a, b, c)
		avxAddSub(got, a, b, c)
		if *got != *want {
			t.Fatal("addSub differs")
		}
		scalarAddSubSub(want, a, b, c, d)
		avxAddSubSub(got, a, b, c, d)
		if *got != *want {
			t.Fatal("addSubSub differs")
		}
		scalarAddAddSubSub(want, a, b, c, d, e)
		avxAddAddSubSub(got, a, b, c, d, e)
		if *got != *want {
			t.Fatal("addAddSubSub differs")
		}
		*want, *got = *a, *a
		scalarAddRow(want, b)
		avxAddRow(got, b)
		if *got != *want {
			t.Fatal("addRow differs")
		}
		*want, *got = *a, *a
		scalarSubRow(want, b)
		avxSubRow(got, b)
		if *got != *want {
			t.Fatal("subRow differs")
		}
		if x, y := scalarScreluDot(a, b), avxScreluDot(a, b); x != y {
			t.Fatalf("screluDot: scalar %d, avx2 %d", x, y)
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
