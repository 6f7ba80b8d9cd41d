//go:build goexperiment.simd && amd64

package nnue

import (
	"simd/archsimd"
	"unsafe"
)

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

// lanes is v as its 16 AVX2 registers of 16 int16 values. The kernels
// below take a block one register at a time in straight-line code, each
// lane a constant offset from its block: the Go compiler does not unroll
// loops, and a loop over the lanes computed and nil-checked every
// operand's address again at each step.
type lanes = [block / 16][16]int16

func lanesOf(v *[block]int16) *lanes { return (*lanes)(unsafe.Pointer(v)) }

// The unrolled kernels name lanes 0 to 15, so a block must be 256 values:
// for any other width this constant overflows and the build fails.
const _ = uint(block-256) + uint(256-block)

func avxAddRow(acc, row *[block]int16) {
	vacc, vrow := lanesOf(acc), lanesOf(row)
	avxAddRowLane(&vacc[0], &vrow[0])
	avxAddRowLane(&vacc[1], &vrow[1])
	avxAddRowLane(&vacc[2], &vrow[2])
	avxAddRowLane(&vacc[3], &vrow[3])
	avxAddRowLane(&vacc[4], &vrow[4])
	avxAddRowLane(&vacc[5], &vrow[5])
	avxAddRowLane(&vacc[6], &vrow[6])
	avxAddRowLane(&vacc[7], &vrow[7])
	avxAddRowLane(&vacc[8], &vrow[8])
	avxAddRowLane(&vacc[9], &vrow[9])
	avxAddRowLane(&vacc[10], &vrow[10])
	avxAddRowLane(&vacc[11], &vrow[11])
	avxAddRowLane(&vacc[12], &vrow[12])
	avxAddRowLane(&vacc[13], &vrow[13])
	avxAddRowLane(&vacc[14], &vrow[14])
	avxAddRowLane(&vacc[15], &vrow[15])
}

func avxAddRowLane(acc, row *[16]int16) {
	a := archsimd.LoadInt16x16(acc)
	a.Add(archsimd.LoadInt16x16(row)).Store(acc)
}

func avxSubRow(acc, row *[block]int16) {
	vacc, vrow := lanesOf(acc), lanesOf(row)
	avxSubRowLane(&vacc[0], &vrow[0])
	avxSubRowLane(&vacc[1], &vrow[1])
	avxSubRowLane(&vacc[2], &vrow[2])
	avxSubRowLane(&vacc[3], &vrow[3])
	avxSubRowLane(&vacc[4], &vrow[4])
	avxSubRowLane(&vacc[5], &vrow[5])
	avxSubRowLane(&vacc[6], &vrow[6])
	avxSubRowLane(&vacc[7], &vrow[7])
	avxSubRowLane(&vacc[8], &vrow[8])
	avxSubRowLane(&vacc[9], &vrow[9])
	avxSubRowLane(&vacc[10], &vrow[10])
	avxSubRowLane(&vacc[11], &vrow[11])
	avxSubRowLane(&vacc[12], &vrow[12])
	avxSubRowLane(&vacc[13], &vrow[13])
	avxSubRowLane(&vacc[14], &vrow[14])
	avxSubRowLane(&vacc[15], &vrow[15])
}

func avxSubRowLane(acc, row *[16]int16) {
	a := archsimd.LoadInt16x16(acc)
	a.Sub(archsimd.LoadInt16x16(row)).Store(acc)
}

func avxAddSub(dst, src, add, sub *[block]int16) {
	vdst, vsrc, vadd, vsub := lanesOf(dst), lanesOf(src), lanesOf(add), lanesOf(sub)
	avxAddSubLane(&vdst[0], &vsrc[0], &vadd[0], &vsub[0])
	avxAddSubLane(&vdst[1], &vsrc[1], &vadd[1], &vsub[1])
	avxAddSubLane(&vdst[2], &vsrc[2], &vadd[2], &vsub[2])
	avxAddSubLane(&vdst[3], &vsrc[3], &vadd[3], &vsub[3])
	avxAddSubLane(&vdst[4], &vsrc[4], &vadd[4], &vsub[4])
	avxAddSubLane(&vdst[5], &vsrc[5], &vadd[5], &vsub[5])
	avxAddSubLane(&vdst[6], &vsrc[6], &vadd[6], &vsub[6])
	avxAddSubLane(&vdst[7], &vsrc[7], &vadd[7], &vsub[7])
	avxAddSubLane(&vdst[8], &vsrc[8], &vadd[8], &vsub[8])
	avxAddSubLane(&vdst[9], &vsrc[9], &vadd[9], &vsub[9])
	avxAddSubLane(&vdst[10], &vsrc[10], &vadd[10], &vsub[10])
	avxAddSubLane(&vdst[11], &vsrc[11], &vadd[11], &vsub[11])
	avxAddSubLane(&vdst[12], &vsrc[12], &vadd[12], &vsub[12])
	avxAddSubLane(&vdst[13], &vsrc[13], &vadd[13], &vsub[13])
	avxAddSubLane(&vdst[14], &vsrc[14], &vadd[14], &vsub[14])
	avxAddSubLane(&vdst[15], &vsrc[15], &vadd[15], &vsub[15])
}

func avxAddSubLane(dst, src, add, sub *[16]int16) {
	a := archsimd.LoadInt16x16(src)
	a = a.Add(archsimd.LoadInt16x16(add))
	a = a.Sub(archsimd.LoadInt16x16(sub))
	a.Store(dst)
}

func avxAddSubSub(dst, src, add, sub1, sub2 *[block]int16) {
	vdst, vsrc, vadd, vsub1, vsub2 := lanesOf(dst), lanesOf(src), lanesOf(add), lanesOf(sub1), lanesOf(sub2)
	avxAddSubSubLane(&vdst[0], &vsrc[0], &vadd[0], &vsub1[0], &vsub2[0])
	avxAddSubSubLane(&vdst[1], &vsrc[1], &vadd[1], &vsub1[1], &vsub2[1])
	avxAddSubSubLane(&vdst[2], &vsrc[2], &vadd[2], &vsub1[2], &vsub2[2])
	avxAddSubSubLane(&vdst[3], &vsrc[3], &vadd[3], &vsub1[3], &vsub2[3])
	avxAddSubSubLane(&vdst[4], &vsrc[4], &vadd[4], &vsub1[4], &vsub2[4])
	avxAddSubSubLane(&vdst[5], &vsrc[5], &vadd[5], &vsub1[5], &vsub2[5])
	avxAddSubSubLane(&vdst[6], &vsrc[6], &vadd[6], &vsub1[6], &vsub2[6])
	avxAddSubSubLane(&vdst[7], &vsrc[7], &vadd[7], &vsub1[7], &vsub2[7])
	avxAddSubSubLane(&vdst[8], &vsrc[8], &vadd[8], &vsub1[8], &vsub2[8])
	avxAddSubSubLane(&vdst[9], &vsrc[9], &vadd[9], &vsub1[9], &vsub2[9])
	avxAddSubSubLane(&vdst[10], &vsrc[10], &vadd[10], &vsub1[10], &vsub2[10])
	avxAddSubSubLane(&vdst[11], &vsrc[11], &vadd[11], &vsub1[11], &vsub2[11])
	avxAddSubSubLane(&vdst[12], &vsrc[12], &vadd[12], &vsub1[12], &vsub2[12])
	avxAddSubSubLane(&vdst[13], &vsrc[13], &vadd[13], &vsub1[13], &vsub2[13])
	avxAddSubSubLane(&vdst[14], &vsrc[14], &vadd[14], &vsub1[14], &vsub2[14])
	avxAddSubSubLane(&vdst[15], &vsrc[15], &vadd[15], &vsub1[15], &vsub2[15])
}

func avxAddSubSubLane(dst, src, add, sub1, sub2 *[16]int16) {
	a := archsimd.LoadInt16x16(src)
	a = a.Add(archsimd.LoadInt16x16(add))
	a = a.Sub(archsimd.LoadInt16x16(sub1))
	a = a.Sub(archsimd.LoadInt16x16(sub2))
	a.Store(dst)
}

func avxAddAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16) {
	vdst, vsrc, vadd1, vadd2, vsub1, vsub2 := lanesOf(dst), lanesOf(src), lanesOf(add1), lanesOf(add2), lanesOf(sub1), lanesOf(sub2)
	avxAddAddSubSubLane(&vdst[0], &vsrc[0], &vadd1[0], &vadd2[0], &vsub1[0], &vsub2[0])
	avxAddAddSubSubLane(&vdst[1], &vsrc[1], &vadd1[1], &vadd2[1], &vsub1[1], &vsub2[1])
	avxAddAddSubSubLane(&vdst[2], &vsrc[2], &vadd1[2], &vadd2[2], &vsub1[2], &vsub2[2])
	avxAddAddSubSubLane(&vdst[3], &vsrc[3], &vadd1[3], &vadd2[3], &vsub1[3], &vsub2[3])
	avxAddAddSubSubLane(&vdst[4], &vsrc[4], &vadd1[4], &vadd2[4], &vsub1[4], &vsub2[4])
	avxAddAddSubSubLane(&vdst[5], &vsrc[5], &vadd1[5], &vadd2[5], &vsub1[5], &vsub2[5])
	avxAddAddSubSubLane(&vdst[6], &vsrc[6], &vadd1[6], &vadd2[6], &vsub1[6], &vsub2[6])
	avxAddAddSubSubLane(&vdst[7], &vsrc[7], &vadd1[7], &vadd2[7], &vsub1[7], &vsub2[7])
	avxAddAddSubSubLane(&vdst[8], &vsrc[8], &vadd1[8], &vadd2[8], &vsub1[8], &vsub2[8])
	avxAddAddSubSubLane(&vdst[9], &vsrc[9], &vadd1[9], &vadd2[9], &vsub1[9], &vsub2[9])
	avxAddAddSubSubLane(&vdst[10], &vsrc[10], &vadd1[10], &vadd2[10], &vsub1[10], &vsub2[10])
	avxAddAddSubSubLane(&vdst[11], &vsrc[11], &vadd1[11], &vadd2[11], &vsub1[11], &vsub2[11])
	avxAddAddSubSubLane(&vdst[12], &vsrc[12], &vadd1[12], &vadd2[12], &vsub1[12], &vsub2[12])
	avxAddAddSubSubLane(&vdst[13], &vsrc[13], &vadd1[13], &vadd2[13], &vsub1[13], &vsub2[13])
	avxAddAddSubSubLane(&vdst[14], &vsrc[14], &vadd1[14], &vadd2[14], &vsub1[14], &vsub2[14])
	avxAddAddSubSubLane(&vdst[15], &vsrc[15], &vadd1[15], &vadd2[15], &vsub1[15], &vsub2[15])
}

func avxAddAddSubSubLane(dst, src, add1, add2, sub1, sub2 *[16]int16) {
	a := archsimd.LoadInt16x16(src)
	a = a.Add(archsimd.LoadInt16x16(add1))
	a = a.Add(archsimd.LoadInt16x16(add2))
	a = a.Sub(archsimd.LoadInt16x16(sub1))
	a = a.Sub(archsimd.LoadInt16x16(sub2))
	a.Store(dst)
}

// avxScreluDot: clamp to [0, QA] (VPMAXSW, VPMINSW), times the weight in
// 16 bits (VPMULLW), then VPMADDWD with the clamped value again, so eight
// int32 sums of pairs; two accumulators (the even lanes, the odd) halve
// the dependency chain.
func avxScreluDot(acc, w *[block]int16) int32 {
	zero := archsimd.BroadcastInt16x16(0)
	qa := archsimd.BroadcastInt16x16(QA)
	va, vw := lanesOf(acc), lanesOf(w)
	s0 := avxScreluLane(&va[0], &vw[0], zero, qa)
	s1 := avxScreluLane(&va[1], &vw[1], zero, qa)
	s0 = s0.Add(avxScreluLane(&va[2], &vw[2], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[3], &vw[3], zero, qa))
	s0 = s0.Add(avxScreluLane(&va[4], &vw[4], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[5], &vw[5], zero, qa))
	s0 = s0.Add(avxScreluLane(&va[6], &vw[6], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[7], &vw[7], zero, qa))
	s0 = s0.Add(avxScreluLane(&va[8], &vw[8], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[9], &vw[9], zero, qa))
	s0 = s0.Add(avxScreluLane(&va[10], &vw[10], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[11], &vw[11], zero, qa))
	s0 = s0.Add(avxScreluLane(&va[12], &vw[12], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[13], &vw[13], zero, qa))
	s0 = s0.Add(avxScreluLane(&va[14], &vw[14], zero, qa))
	s1 = s1.Add(avxScreluLane(&va[15], &vw[15], zero, qa))
	var out [8]int32
	s0.Add(s1).Store(&out)
	return out[0] + out[1] + out[2] + out[3] + out[4] + out[5] + out[6] + out[7]
}

// avxScreluLane is one lane's eight int32 sums of pairs.
func avxScreluLane(acc, w *[16]int16, zero, qa archsimd.Int16x16) archsimd.Int32x8 {
	v := archsimd.LoadInt16x16(acc).Max(zero).Min(qa)
	return v.Mul(archsimd.LoadInt16x16(w)).DotProductPairs(v)
}
