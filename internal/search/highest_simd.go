//go:build goexperiment.simd && amd64

package search

import (
	"math/bits"
	"simd/archsimd"
)

// hasAVX2 picks the vector search for the picker's highest score; a
// processor without AVX2 runs the plain loop, which finds the same move.
var hasAVX2 = archsimd.X86.AVX2()

// firstHighest returns the index of the first of the highest scores in
// scores, which must not be empty. The vector search is followed by
// archsimd.ClearAVXUpperBits, as every kernel is (internal/nnue's
// dispatch_simd.go says why).
func firstHighest(scores []int32) int {
	if !hasAVX2 || len(scores) < 8 {
		return scalarFirstHighest(scores)
	}
	i := avxFirstHighest(scores)
	archsimd.ClearAVXUpperBits()
	return i
}

// avxFirstHighest is firstHighest for eight scores or more. The picker
// asks for every move it hands out, over all the moves left, and at a node
// that searches them all those scans grow with the square of their number:
// eight scores a step,
// the highest is found first, then where it first occurs. The last
// step of each pass takes the final eight scores even where they overlap
// the step before, which changes neither the highest score nor, since no
// score before them matched, the first place it occurs.
func avxFirstHighest(scores []int32) int {
	n := len(scores)
	high := archsimd.LoadInt32x8((*[8]int32)(scores[n-8:]))
	for i := 0; i < n-8; i += 8 {
		high = high.Max(archsimd.LoadInt32x8((*[8]int32)(scores[i : i+8])))
	}
	// Every lane to the highest of the eight: the halves swapped, then
	// the pairs, then the neighbours.
	high = high.Max(high.SetLo(high.GetHi()).SetHi(high.GetLo()))
	high = high.Max(high.PermuteScalarsGrouped(2, 3, 0, 1))
	high = high.Max(high.PermuteScalarsGrouped(1, 0, 3, 2))
	for i := 0; i < n-8; i += 8 {
		if found := archsimd.LoadInt32x8((*[8]int32)(scores[i : i+8])).Equal(high).ToBits(); found != 0 {
			return i + bits.TrailingZeros8(found)
		}
	}
	found := archsimd.LoadInt32x8((*[8]int32)(scores[n-8:])).Equal(high).ToBits()
	return n - 8 + bits.TrailingZeros8(found)
}
