package nnue

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"matador/internal/chess"
)

// The lane-wise reference the word kernels must equal: one int16 at a
// time, wrapping as Go's int16 arithmetic does.

func plainScreluDot(acc, w *[block]int16) int32 {
	var sum int32
	for i := range acc {
		v := min(max(acc[i], 0), QA)
		sum += int32(v*w[i]) * int32(v)
	}
	return sum
}

func plainAddSub(dst, src, add, sub *[block]int16) {
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i]
	}
}

func plainAddSubSub(dst, src, add, sub1, sub2 *[block]int16) {
	for i := range dst {
		dst[i] = src[i] + add[i] - sub1[i] - sub2[i]
	}
}

func plainAddAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16) {
	for i := range dst {
		dst[i] = src[i] + add1[i] + add2[i] - sub1[i] - sub2[i]
	}
}

// alignedAccs is n accumulators that the word kernels may read.
type alignedAccs struct {
	_ [0]uint64
	v [7][block]int16
}

// TestWordKernelsMatchPlain holds the four-lanes-a-word kernels to the
// lane-wise sums on random values over the whole int16 range, where most
// sums wrap, on a trained net's range, and on the lanes' edge values.
func TestWordKernelsMatchPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	edges := []int16{0, 1, -1, 32767, -32768, 16384, -16384, 255, -255}
	var arrays alignedAccs
	a, b, c, d, e := &arrays.v[0], &arrays.v[1], &arrays.v[2], &arrays.v[3], &arrays.v[4]
	want, got := &arrays.v[5], &arrays.v[6]
	for round := range 600 {
		for _, v := range []*[block]int16{a, b, c, d, e} {
			for i := range v {
				switch round % 3 {
				case 0:
					v[i] = int16(r.Uint32())
				case 1:
					v[i] = int16(r.IntN(801) - 400)
				default:
					v[i] = edges[r.IntN(len(edges))]
				}
			}
		}
		plainAddSub(want, a, b, c)
		scalarAddSub(got, a, b, c)
		if *got != *want {
			t.Fatalf("round %d: addSub differs", round)
		}
		plainAddSubSub(want, a, b, c, d)
		scalarAddSubSub(got, a, b, c, d)
		if *got != *want {
			t.Fatalf("round %d: addSubSub differs", round)
		}
		plainAddAddSubSub(want, a, b, c, d, e)
		scalarAddAddSubSub(got, a, b, c, d, e)
		if *got != *want {
			t.Fatalf("round %d: addAddSubSub differs", round)
		}
		if x, y := plainScreluDot(a, b), scalarScreluDot(a, b); x != y {
			t.Fatalf("round %d: screluDot: lane by lane %d, unrolled %d", round, x, y)
		}
		*want, *got = *a, *a
		for i := range want {
			want[i] += b[i]
		}
		scalarAddRow(got, b)
		if *got != *want {
			t.Fatalf("round %d: addRow differs", round)
		}
		*want, *got = *a, *a
		for i := range want {
			want[i] -= b[i]
		}
		scalarSubRow(got, b)
		if *got != *want {
			t.Fatalf("round %d: subRow differs", round)
		}
	}
}

// TestKernelArraysAligned checks that every array the search and Evaluate
// hand to the word kernels starts on an 8-byte boundary.
func TestKernelArraysAligned(t *testing.T) {
	aligned := func(what string, v []int16) {
		if p := uintptr(unsafe.Pointer(&v[0])); p%8 != 0 {
			t.Errorf("%s at %#x is not 8-byte aligned", what, p)
		}
	}
	for _, net := range testNets(t) {
		aligned("the feature bias", net.FeatureBias)
		aligned("the output weights", net.OutputWeights)
		for f := range net.KingBuckets * Inputs {
			aligned("a feature row", net.row(f))
		}
		s := NewStack(net)
		for i := range s.entries {
			aligned("a stack entry's accumulator", s.acc(i, chess.White))
			aligned("a stack entry's accumulator", s.acc(i, chess.Black))
		}
		for i := range s.table {
			aligned("a refresh table entry", s.accBlocks[s.table[i].at][:])
		}
	}
}

// BenchmarkKernelAddSub is one quiet move's update of one accumulator,
// with the kernels this build runs (Vector).
func BenchmarkKernelAddSub(b *testing.B) {
	net := Random(5)
	var arrays alignedAccs
	for b.Loop() {
		addSub(&arrays.v[1], &arrays.v[0], blk(net.row(100), 0), blk(net.row(200), 0))
		addSub(&arrays.v[0], &arrays.v[1], blk(net.row(200), 0), blk(net.row(100), 0))
	}
}

// BenchmarkKernelScreluDot is one accumulator's half of the output layer.
func BenchmarkKernelScreluDot(b *testing.B) {
	net := Random(5)
	pos := mustFEN(b, testFENs[1])
	var arrays alignedAccs
	net.refresh(pos, chess.White, arrays.v[0][:])
	w := blk(net.OutputWeights, 0)
	var sink int32
	for b.Loop() {
		sink += screluDot(&arrays.v[0], w)
	}
	_ = sink
}

// blk is the block of s at o.
func blk(s []int16, o int) *[block]int16 { return (*[block]int16)(s[o : o+block]) }
