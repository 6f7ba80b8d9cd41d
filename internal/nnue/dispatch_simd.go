//go:build goexperiment.simd && amd64

package nnue

import "simd/archsimd"

// hasAVX2 picks the vector kernels; a processor without AVX2 runs the
// plain Go ones, which give the same bits.
var hasAVX2 = archsimd.X86.AVX2()

// Vector names the kernels this build runs, for the eval command and
// the benchmarks.
func Vector() string {
	if hasAVX2 {
		return "avx2"
	}
	return "scalar"
}

// Each dispatcher follows its AVX2 kernel with archsimd.ClearAVXUpperBits
// (VZEROUPPER). Go emits none after simd code, and the code it compiles
// around the net (copies and zeroing of the search's structures through
// the XMM registers, scalar floats) is in the older SSE encoding, which on
// Intel processors waits on the upper halves of the registers a kernel
// left dirty, at a cost far above the kernel's own (internal/train's
// BenchmarkExpAfterKernel). The tree is the same either way; the bench's
// node count shows it. TestKernelsClearUpperBits holds every dispatcher
// to it.
func addRow(acc, row *[block]int16) {
	if hasAVX2 {
		avxAddRow(acc, row)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddRow(acc, row)
}

func subRow(acc, row *[block]int16) {
	if hasAVX2 {
		avxSubRow(acc, row)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarSubRow(acc, row)
}

func addSub(dst, src, add, sub *[block]int16) {
	if hasAVX2 {
		avxAddSub(dst, src, add, sub)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddSub(dst, src, add, sub)
}

func addSubSub(dst, src, add, sub1, sub2 *[block]int16) {
	if hasAVX2 {
		avxAddSubSub(dst, src, add, sub1, sub2)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddSubSub(dst, src, add, sub1, sub2)
}

func addAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16) {
	if hasAVX2 {
		avxAddAddSubSub(dst, src, add1, add2, sub1, sub2)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddAddSubSub(dst, src, add1, add2, sub1, sub2)
}

func screluDot(acc, w *[block]int16) int32 {
	if hasAVX2 {
		sum := avxScreluDot(acc, w)
		archsimd.ClearAVXUpperBits()
		return sum
	}
	return scalarScreluDot(acc, w)
}

// lane is the 16 int16 values of one AVX2 register at offset i.
func lane(v *[block]int16, i int) *[16]int16 { return (*[16]int16)(v[i : i+16]) }

func avxAddRow(acc, row *[block]int16) {
	for i := 0; i < block; i += 16 {
		a := archsimd.LoadInt16x16(lane(acc, i))
		a.Add(archsimd.LoadInt16x16(lane(row, i))).Store(lane(acc, i))
	}
}

func avxSubRow(acc, row *[block]int16) {
	for i := 0; i < block; i += 16 {
		a := archsimd.LoadInt16x16(lane(acc, i))
		a.Sub(archsimd.LoadInt16x16(lane(row, i))).Store(lane(acc, i))
	}
}

func avxAddSub(dst, src, add, sub *[block]int16) {
	for i := 0; i < block; i += 16 {
		a := archsimd.LoadInt16x16(lane(src, i))
		a = a.Add(archsimd.LoadInt16x16(lane(add, i)))
		a = a.Sub(archsimd.LoadInt16x16(lane(sub, i)))
		a.Store(lane(dst, i))
	}
}

func avxAddSubSub(dst, src, add, sub1, sub2 *[block]int16) {
	for i := 0; i < block; i += 16 {
		a := archsimd.LoadInt16x16(lane(src, i))
		a = a.Add(archsimd.LoadInt16x16(lane(add, i)))
		a = a.Sub(archsimd.LoadInt16x16(lane(sub1, i)))
		a = a.Sub(archsimd.LoadInt16x16(lane(sub2, i)))
		a.Store(lane(dst, i))
	}
}

func avxAddAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16) {
	for i := 0; i < block; i += 16 {
		a := archsimd.LoadInt16x16(lane(src, i))
		a = a.Add(archsimd.LoadInt16x16(lane(add1, i)))
		a = a.Add(archsimd.LoadInt16x16(lane(add2, i)))
		a = a.Sub(archsimd.LoadInt16x16(lane(sub1, i)))
		a = a.Sub(archsimd.LoadInt16x16(lane(sub2, i)))
		a.Store(lane(dst, i))
	}
}

// avxScreluDot: clamp to [0, QA] (VPMAXSW, VPMINSW), times the weight in
// 16 bits (VPMULLW), then VPMADDWD with the clamped value again, so eight
// int32 sums of pairs; two accumulators halve the dependency chain.
func avxScreluDot(acc, w *[block]int16) int32 {
	zero := archsimd.BroadcastInt16x16(0)
	qa := archsimd.BroadcastInt16x16(QA)
	var s0, s1 archsimd.Int32x8
	for i := 0; i < block; i += 32 {
		v0 := archsimd.LoadInt16x16(lane(acc, i)).Max(zero).Min(qa)
		v1 := archsimd.LoadInt16x16(lane(acc, i+16)).Max(zero).Min(qa)
		p0 := v0.Mul(archsimd.LoadInt16x16(lane(w, i))).DotProductPairs(v0)
		p1 := v1.Mul(archsimd.LoadInt16x16(lane(w, i+16))).DotProductPairs(v1)
		s0 = s0.Add(p0)
		s1 = s1.Add(p1)
	}
	var out [8]int32
	s0.Add(s1).Store(&out)
	return out[0] + out[1] + out[2] + out[3] + out[4] + out[5] + out[6] + out[7]
}
