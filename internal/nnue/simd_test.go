//go:build goexperiment.simd && amd64

package nnue

import (
	"math/rand/v2"
	"testing"
)

// TestVectorKernelsMatchScalar holds each AVX2 kernel to its plain twin on
// random values over the whole int16 range, where every sum wraps.
func TestVectorKernelsMatchScalar(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this processor: the plain kernels run, nothing to compare")
	}
	r := rand.New(rand.NewPCG(11, 13))
	fill := func(v *[Hidden]int16, limit int) {
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
		if x, y := scalarScreluDot(a, b), avxScreluDot(a, b); x != y {
			t.Fatalf("screluDot: scalar %d, avx2 %d", x, y)
		}
	}
}
