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
func addRow(acc, row *[block]int16, n int) {
	if hasAVX2 {
		avxAddRow(acc, row, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddRow(acc, row, n)
}

func subRow(acc, row *[block]int16, n int) {
	if hasAVX2 {
		avxSubRow(acc, row, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarSubRow(acc, row, n)
}

func addSub(dst, src, add, sub *[block]int16, n int) {
	if hasAVX2 {
		avxAddSub(dst, src, add, sub, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddSub(dst, src, add, sub, n)
}

func addSubSub(dst, src, add, sub1, sub2 *[block]int16, n int) {
	if hasAVX2 {
		avxAddSubSub(dst, src, add, sub1, sub2, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddSubSub(dst, src, add, sub1, sub2, n)
}

func addAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16, n int) {
	if hasAVX2 {
		avxAddAddSubSub(dst, src, add1, add2, sub1, sub2, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddAddSubSub(dst, src, add1, add2, sub1, sub2, n)
}

// addSubPair and addSubSubPair are addSub and addSubSub for both
// perspectives of a ply at once: dst and src are White's accumulators
// of n blocks and Black's are the n blocks after them, with White's
// rows and then Black's. A ply's update is then one dispatch and one
// VZEROUPPER, not two.
func addSubPair(dst, src, addW, subW, addB, subB *[block]int16, n int) {
	if hasAVX2 {
		avxAddSubPair(dst, src, addW, subW, addB, subB, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddSubPair(dst, src, addW, subW, addB, subB, n)
}

func addSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B *[block]int16, n int) {
	if hasAVX2 {
		avxAddSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B, n)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B, n)
}

func screluSum(us, them, wUs, wThem *[block]int16, n int) int64 {
	if hasAVX2 {
		sum := avxScreluSum(us, them, wUs, wThem, n)
		archsimd.ClearAVXUpperBits()
		return sum
	}
	return scalarScreluSum(us, them, wUs, wThem, n)
}

// lanes is v as its 16 AVX2 registers of 16 int16 values. The kernels
// below take a block one register at a time in straight-line code, each
// lane a constant offset from its block: the Go compiler does not unroll
// loops, and a loop over the lanes computed and nil-checked every
// operand's address again at each step. Each lane is one line of
// intrinsics, not a call of a function of one lane: every such call
// inlined left a NOP (its inline mark) among the lane's six
// instructions.
type lanes = [block / 16][16]int16

func lanesOf(v *[block]int16) *lanes { return (*lanes)(unsafe.Pointer(v)) }

// The unrolled kernels name lanes 0 to 15, so a block must be 256 values:
// for any other width this constant overflows and the build fails.
const _ = uint(block-256) + uint(256-block)

// The update kernels work on n blocks, n at least 1, from each operand's
// first: one call a perspective at any width, the blocks walked by
// address, never past an operand's last. Each pointer is advanced in
// place, not by next: every inlined call of next left a NOP (its inline
// mark) in the loop.

// blockBytes is a block's size in memory.
const blockBytes = block * 2

func avxAddRow(acc, row *[block]int16, n int) {
	for {
		a, r := lanesOf(acc), lanesOf(row)
		archsimd.LoadInt16x16(&a[0]).Add(archsimd.LoadInt16x16(&r[0])).Store(&a[0])
		archsimd.LoadInt16x16(&a[1]).Add(archsimd.LoadInt16x16(&r[1])).Store(&a[1])
		archsimd.LoadInt16x16(&a[2]).Add(archsimd.LoadInt16x16(&r[2])).Store(&a[2])
		archsimd.LoadInt16x16(&a[3]).Add(archsimd.LoadInt16x16(&r[3])).Store(&a[3])
		archsimd.LoadInt16x16(&a[4]).Add(archsimd.LoadInt16x16(&r[4])).Store(&a[4])
		archsimd.LoadInt16x16(&a[5]).Add(archsimd.LoadInt16x16(&r[5])).Store(&a[5])
		archsimd.LoadInt16x16(&a[6]).Add(archsimd.LoadInt16x16(&r[6])).Store(&a[6])
		archsimd.LoadInt16x16(&a[7]).Add(archsimd.LoadInt16x16(&r[7])).Store(&a[7])
		archsimd.LoadInt16x16(&a[8]).Add(archsimd.LoadInt16x16(&r[8])).Store(&a[8])
		archsimd.LoadInt16x16(&a[9]).Add(archsimd.LoadInt16x16(&r[9])).Store(&a[9])
		archsimd.LoadInt16x16(&a[10]).Add(archsimd.LoadInt16x16(&r[10])).Store(&a[10])
		archsimd.LoadInt16x16(&a[11]).Add(archsimd.LoadInt16x16(&r[11])).Store(&a[11])
		archsimd.LoadInt16x16(&a[12]).Add(archsimd.LoadInt16x16(&r[12])).Store(&a[12])
		archsimd.LoadInt16x16(&a[13]).Add(archsimd.LoadInt16x16(&r[13])).Store(&a[13])
		archsimd.LoadInt16x16(&a[14]).Add(archsimd.LoadInt16x16(&r[14])).Store(&a[14])
		archsimd.LoadInt16x16(&a[15]).Add(archsimd.LoadInt16x16(&r[15])).Store(&a[15])
		if n--; n == 0 {
			return
		}
		acc = (*[block]int16)(unsafe.Add(unsafe.Pointer(acc), blockBytes))
		row = (*[block]int16)(unsafe.Add(unsafe.Pointer(row), blockBytes))
	}
}

func avxSubRow(acc, row *[block]int16, n int) {
	for {
		a, r := lanesOf(acc), lanesOf(row)
		archsimd.LoadInt16x16(&a[0]).Sub(archsimd.LoadInt16x16(&r[0])).Store(&a[0])
		archsimd.LoadInt16x16(&a[1]).Sub(archsimd.LoadInt16x16(&r[1])).Store(&a[1])
		archsimd.LoadInt16x16(&a[2]).Sub(archsimd.LoadInt16x16(&r[2])).Store(&a[2])
		archsimd.LoadInt16x16(&a[3]).Sub(archsimd.LoadInt16x16(&r[3])).Store(&a[3])
		archsimd.LoadInt16x16(&a[4]).Sub(archsimd.LoadInt16x16(&r[4])).Store(&a[4])
		archsimd.LoadInt16x16(&a[5]).Sub(archsimd.LoadInt16x16(&r[5])).Store(&a[5])
		archsimd.LoadInt16x16(&a[6]).Sub(archsimd.LoadInt16x16(&r[6])).Store(&a[6])
		archsimd.LoadInt16x16(&a[7]).Sub(archsimd.LoadInt16x16(&r[7])).Store(&a[7])
		archsimd.LoadInt16x16(&a[8]).Sub(archsimd.LoadInt16x16(&r[8])).Store(&a[8])
		archsimd.LoadInt16x16(&a[9]).Sub(archsimd.LoadInt16x16(&r[9])).Store(&a[9])
		archsimd.LoadInt16x16(&a[10]).Sub(archsimd.LoadInt16x16(&r[10])).Store(&a[10])
		archsimd.LoadInt16x16(&a[11]).Sub(archsimd.LoadInt16x16(&r[11])).Store(&a[11])
		archsimd.LoadInt16x16(&a[12]).Sub(archsimd.LoadInt16x16(&r[12])).Store(&a[12])
		archsimd.LoadInt16x16(&a[13]).Sub(archsimd.LoadInt16x16(&r[13])).Store(&a[13])
		archsimd.LoadInt16x16(&a[14]).Sub(archsimd.LoadInt16x16(&r[14])).Store(&a[14])
		archsimd.LoadInt16x16(&a[15]).Sub(archsimd.LoadInt16x16(&r[15])).Store(&a[15])
		if n--; n == 0 {
			return
		}
		acc = (*[block]int16)(unsafe.Add(unsafe.Pointer(acc), blockBytes))
		row = (*[block]int16)(unsafe.Add(unsafe.Pointer(row), blockBytes))
	}
}

func avxAddSub(dst, src, add, sub *[block]int16, n int) {
	for {
		d, s, a, b := lanesOf(dst), lanesOf(src), lanesOf(add), lanesOf(sub)
		archsimd.LoadInt16x16(&s[0]).Add(archsimd.LoadInt16x16(&a[0])).Sub(archsimd.LoadInt16x16(&b[0])).Store(&d[0])
		archsimd.LoadInt16x16(&s[1]).Add(archsimd.LoadInt16x16(&a[1])).Sub(archsimd.LoadInt16x16(&b[1])).Store(&d[1])
		archsimd.LoadInt16x16(&s[2]).Add(archsimd.LoadInt16x16(&a[2])).Sub(archsimd.LoadInt16x16(&b[2])).Store(&d[2])
		archsimd.LoadInt16x16(&s[3]).Add(archsimd.LoadInt16x16(&a[3])).Sub(archsimd.LoadInt16x16(&b[3])).Store(&d[3])
		archsimd.LoadInt16x16(&s[4]).Add(archsimd.LoadInt16x16(&a[4])).Sub(archsimd.LoadInt16x16(&b[4])).Store(&d[4])
		archsimd.LoadInt16x16(&s[5]).Add(archsimd.LoadInt16x16(&a[5])).Sub(archsimd.LoadInt16x16(&b[5])).Store(&d[5])
		archsimd.LoadInt16x16(&s[6]).Add(archsimd.LoadInt16x16(&a[6])).Sub(archsimd.LoadInt16x16(&b[6])).Store(&d[6])
		archsimd.LoadInt16x16(&s[7]).Add(archsimd.LoadInt16x16(&a[7])).Sub(archsimd.LoadInt16x16(&b[7])).Store(&d[7])
		archsimd.LoadInt16x16(&s[8]).Add(archsimd.LoadInt16x16(&a[8])).Sub(archsimd.LoadInt16x16(&b[8])).Store(&d[8])
		archsimd.LoadInt16x16(&s[9]).Add(archsimd.LoadInt16x16(&a[9])).Sub(archsimd.LoadInt16x16(&b[9])).Store(&d[9])
		archsimd.LoadInt16x16(&s[10]).Add(archsimd.LoadInt16x16(&a[10])).Sub(archsimd.LoadInt16x16(&b[10])).Store(&d[10])
		archsimd.LoadInt16x16(&s[11]).Add(archsimd.LoadInt16x16(&a[11])).Sub(archsimd.LoadInt16x16(&b[11])).Store(&d[11])
		archsimd.LoadInt16x16(&s[12]).Add(archsimd.LoadInt16x16(&a[12])).Sub(archsimd.LoadInt16x16(&b[12])).Store(&d[12])
		archsimd.LoadInt16x16(&s[13]).Add(archsimd.LoadInt16x16(&a[13])).Sub(archsimd.LoadInt16x16(&b[13])).Store(&d[13])
		archsimd.LoadInt16x16(&s[14]).Add(archsimd.LoadInt16x16(&a[14])).Sub(archsimd.LoadInt16x16(&b[14])).Store(&d[14])
		archsimd.LoadInt16x16(&s[15]).Add(archsimd.LoadInt16x16(&a[15])).Sub(archsimd.LoadInt16x16(&b[15])).Store(&d[15])
		if n--; n == 0 {
			return
		}
		dst = (*[block]int16)(unsafe.Add(unsafe.Pointer(dst), blockBytes))
		src = (*[block]int16)(unsafe.Add(unsafe.Pointer(src), blockBytes))
		add = (*[block]int16)(unsafe.Add(unsafe.Pointer(add), blockBytes))
		sub = (*[block]int16)(unsafe.Add(unsafe.Pointer(sub), blockBytes))
	}
}

func avxAddSubSub(dst, src, add, sub1, sub2 *[block]int16, n int) {
	for {
		d, s, a, b, c := lanesOf(dst), lanesOf(src), lanesOf(add), lanesOf(sub1), lanesOf(sub2)
		archsimd.LoadInt16x16(&s[0]).Add(archsimd.LoadInt16x16(&a[0])).Sub(archsimd.LoadInt16x16(&b[0])).Sub(archsimd.LoadInt16x16(&c[0])).Store(&d[0])
		archsimd.LoadInt16x16(&s[1]).Add(archsimd.LoadInt16x16(&a[1])).Sub(archsimd.LoadInt16x16(&b[1])).Sub(archsimd.LoadInt16x16(&c[1])).Store(&d[1])
		archsimd.LoadInt16x16(&s[2]).Add(archsimd.LoadInt16x16(&a[2])).Sub(archsimd.LoadInt16x16(&b[2])).Sub(archsimd.LoadInt16x16(&c[2])).Store(&d[2])
		archsimd.LoadInt16x16(&s[3]).Add(archsimd.LoadInt16x16(&a[3])).Sub(archsimd.LoadInt16x16(&b[3])).Sub(archsimd.LoadInt16x16(&c[3])).Store(&d[3])
		archsimd.LoadInt16x16(&s[4]).Add(archsimd.LoadInt16x16(&a[4])).Sub(archsimd.LoadInt16x16(&b[4])).Sub(archsimd.LoadInt16x16(&c[4])).Store(&d[4])
		archsimd.LoadInt16x16(&s[5]).Add(archsimd.LoadInt16x16(&a[5])).Sub(archsimd.LoadInt16x16(&b[5])).Sub(archsimd.LoadInt16x16(&c[5])).Store(&d[5])
		archsimd.LoadInt16x16(&s[6]).Add(archsimd.LoadInt16x16(&a[6])).Sub(archsimd.LoadInt16x16(&b[6])).Sub(archsimd.LoadInt16x16(&c[6])).Store(&d[6])
		archsimd.LoadInt16x16(&s[7]).Add(archsimd.LoadInt16x16(&a[7])).Sub(archsimd.LoadInt16x16(&b[7])).Sub(archsimd.LoadInt16x16(&c[7])).Store(&d[7])
		archsimd.LoadInt16x16(&s[8]).Add(archsimd.LoadInt16x16(&a[8])).Sub(archsimd.LoadInt16x16(&b[8])).Sub(archsimd.LoadInt16x16(&c[8])).Store(&d[8])
		archsimd.LoadInt16x16(&s[9]).Add(archsimd.LoadInt16x16(&a[9])).Sub(archsimd.LoadInt16x16(&b[9])).Sub(archsimd.LoadInt16x16(&c[9])).Store(&d[9])
		archsimd.LoadInt16x16(&s[10]).Add(archsimd.LoadInt16x16(&a[10])).Sub(archsimd.LoadInt16x16(&b[10])).Sub(archsimd.LoadInt16x16(&c[10])).Store(&d[10])
		archsimd.LoadInt16x16(&s[11]).Add(archsimd.LoadInt16x16(&a[11])).Sub(archsimd.LoadInt16x16(&b[11])).Sub(archsimd.LoadInt16x16(&c[11])).Store(&d[11])
		archsimd.LoadInt16x16(&s[12]).Add(archsimd.LoadInt16x16(&a[12])).Sub(archsimd.LoadInt16x16(&b[12])).Sub(archsimd.LoadInt16x16(&c[12])).Store(&d[12])
		archsimd.LoadInt16x16(&s[13]).Add(archsimd.LoadInt16x16(&a[13])).Sub(archsimd.LoadInt16x16(&b[13])).Sub(archsimd.LoadInt16x16(&c[13])).Store(&d[13])
		archsimd.LoadInt16x16(&s[14]).Add(archsimd.LoadInt16x16(&a[14])).Sub(archsimd.LoadInt16x16(&b[14])).Sub(archsimd.LoadInt16x16(&c[14])).Store(&d[14])
		archsimd.LoadInt16x16(&s[15]).Add(archsimd.LoadInt16x16(&a[15])).Sub(archsimd.LoadInt16x16(&b[15])).Sub(archsimd.LoadInt16x16(&c[15])).Store(&d[15])
		if n--; n == 0 {
			return
		}
		dst = (*[block]int16)(unsafe.Add(unsafe.Pointer(dst), blockBytes))
		src = (*[block]int16)(unsafe.Add(unsafe.Pointer(src), blockBytes))
		add = (*[block]int16)(unsafe.Add(unsafe.Pointer(add), blockBytes))
		sub1 = (*[block]int16)(unsafe.Add(unsafe.Pointer(sub1), blockBytes))
		sub2 = (*[block]int16)(unsafe.Add(unsafe.Pointer(sub2), blockBytes))
	}
}

func avxAddAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16, n int) {
	for {
		d, s, a, e, b, c := lanesOf(dst), lanesOf(src), lanesOf(add1), lanesOf(add2), lanesOf(sub1), lanesOf(sub2)
		archsimd.LoadInt16x16(&s[0]).Add(archsimd.LoadInt16x16(&a[0])).Add(archsimd.LoadInt16x16(&e[0])).Sub(archsimd.LoadInt16x16(&b[0])).Sub(archsimd.LoadInt16x16(&c[0])).Store(&d[0])
		archsimd.LoadInt16x16(&s[1]).Add(archsimd.LoadInt16x16(&a[1])).Add(archsimd.LoadInt16x16(&e[1])).Sub(archsimd.LoadInt16x16(&b[1])).Sub(archsimd.LoadInt16x16(&c[1])).Store(&d[1])
		archsimd.LoadInt16x16(&s[2]).Add(archsimd.LoadInt16x16(&a[2])).Add(archsimd.LoadInt16x16(&e[2])).Sub(archsimd.LoadInt16x16(&b[2])).Sub(archsimd.LoadInt16x16(&c[2])).Store(&d[2])
		archsimd.LoadInt16x16(&s[3]).Add(archsimd.LoadInt16x16(&a[3])).Add(archsimd.LoadInt16x16(&e[3])).Sub(archsimd.LoadInt16x16(&b[3])).Sub(archsimd.LoadInt16x16(&c[3])).Store(&d[3])
		archsimd.LoadInt16x16(&s[4]).Add(archsimd.LoadInt16x16(&a[4])).Add(archsimd.LoadInt16x16(&e[4])).Sub(archsimd.LoadInt16x16(&b[4])).Sub(archsimd.LoadInt16x16(&c[4])).Store(&d[4])
		archsimd.LoadInt16x16(&s[5]).Add(archsimd.LoadInt16x16(&a[5])).Add(archsimd.LoadInt16x16(&e[5])).Sub(archsimd.LoadInt16x16(&b[5])).Sub(archsimd.LoadInt16x16(&c[5])).Store(&d[5])
		archsimd.LoadInt16x16(&s[6]).Add(archsimd.LoadInt16x16(&a[6])).Add(archsimd.LoadInt16x16(&e[6])).Sub(archsimd.LoadInt16x16(&b[6])).Sub(archsimd.LoadInt16x16(&c[6])).Store(&d[6])
		archsimd.LoadInt16x16(&s[7]).Add(archsimd.LoadInt16x16(&a[7])).Add(archsimd.LoadInt16x16(&e[7])).Sub(archsimd.LoadInt16x16(&b[7])).Sub(archsimd.LoadInt16x16(&c[7])).Store(&d[7])
		archsimd.LoadInt16x16(&s[8]).Add(archsimd.LoadInt16x16(&a[8])).Add(archsimd.LoadInt16x16(&e[8])).Sub(archsimd.LoadInt16x16(&b[8])).Sub(archsimd.LoadInt16x16(&c[8])).Store(&d[8])
		archsimd.LoadInt16x16(&s[9]).Add(archsimd.LoadInt16x16(&a[9])).Add(archsimd.LoadInt16x16(&e[9])).Sub(archsimd.LoadInt16x16(&b[9])).Sub(archsimd.LoadInt16x16(&c[9])).Store(&d[9])
		archsimd.LoadInt16x16(&s[10]).Add(archsimd.LoadInt16x16(&a[10])).Add(archsimd.LoadInt16x16(&e[10])).Sub(archsimd.LoadInt16x16(&b[10])).Sub(archsimd.LoadInt16x16(&c[10])).Store(&d[10])
		archsimd.LoadInt16x16(&s[11]).Add(archsimd.LoadInt16x16(&a[11])).Add(archsimd.LoadInt16x16(&e[11])).Sub(archsimd.LoadInt16x16(&b[11])).Sub(archsimd.LoadInt16x16(&c[11])).Store(&d[11])
		archsimd.LoadInt16x16(&s[12]).Add(archsimd.LoadInt16x16(&a[12])).Add(archsimd.LoadInt16x16(&e[12])).Sub(archsimd.LoadInt16x16(&b[12])).Sub(archsimd.LoadInt16x16(&c[12])).Store(&d[12])
		archsimd.LoadInt16x16(&s[13]).Add(archsimd.LoadInt16x16(&a[13])).Add(archsimd.LoadInt16x16(&e[13])).Sub(archsimd.LoadInt16x16(&b[13])).Sub(archsimd.LoadInt16x16(&c[13])).Store(&d[13])
		archsimd.LoadInt16x16(&s[14]).Add(archsimd.LoadInt16x16(&a[14])).Add(archsimd.LoadInt16x16(&e[14])).Sub(archsimd.LoadInt16x16(&b[14])).Sub(archsimd.LoadInt16x16(&c[14])).Store(&d[14])
		archsimd.LoadInt16x16(&s[15]).Add(archsimd.LoadInt16x16(&a[15])).Add(archsimd.LoadInt16x16(&e[15])).Sub(archsimd.LoadInt16x16(&b[15])).Sub(archsimd.LoadInt16x16(&c[15])).Store(&d[15])
		if n--; n == 0 {
			return
		}
		dst = (*[block]int16)(unsafe.Add(unsafe.Pointer(dst), blockBytes))
		src = (*[block]int16)(unsafe.Add(unsafe.Pointer(src), blockBytes))
		add1 = (*[block]int16)(unsafe.Add(unsafe.Pointer(add1), blockBytes))
		add2 = (*[block]int16)(unsafe.Add(unsafe.Pointer(add2), blockBytes))
		sub1 = (*[block]int16)(unsafe.Add(unsafe.Pointer(sub1), blockBytes))
		sub2 = (*[block]int16)(unsafe.Add(unsafe.Pointer(sub2), blockBytes))
	}
}

func avxAddSubPair(dst, src, addW, subW, addB, subB *[block]int16, n int) {
	avxAddSub(dst, src, addW, subW, n)
	avxAddSub(blocksOn(dst, n), blocksOn(src, n), addB, subB, n)
}

func avxAddSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B *[block]int16, n int) {
	avxAddSubSub(dst, src, addW, sub1W, sub2W, n)
	avxAddSubSub(blocksOn(dst, n), blocksOn(src, n), addB, sub1B, sub2B, n)
}

// avxScreluSum: clamp to [0, QA] (VPMAXSW, VPMINSW), times the weight in
// 16 bits (VPMULLW), then VPMADDWD with the clamped value again, so eight
// int32 sums of pairs; two accumulators a block (the even lanes, the
// odd) halve the dependency chain. The side to move's block and the
// opponent's are then summed together: VPHADDD twice leaves each half of
// the register holding both blocks' sums of four lanes, and the two
// halves added make each block's sum of eight, in int32 as the plain
// kernel's, which is widened to int64 only then.
func avxScreluSum(us, them, wUs, wThem *[block]int16, n int) int64 {
	zero := archsimd.BroadcastInt16x16(0)
	qa := archsimd.BroadcastInt16x16(QA)
	var sum int64
	for {
		u, wu := lanesOf(us), lanesOf(wUs)
		u0 := avxScreluLane(&u[0], &wu[0], zero, qa)
		u1 := avxScreluLane(&u[1], &wu[1], zero, qa)
		u0 = u0.Add(avxScreluLane(&u[2], &wu[2], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[3], &wu[3], zero, qa))
		u0 = u0.Add(avxScreluLane(&u[4], &wu[4], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[5], &wu[5], zero, qa))
		u0 = u0.Add(avxScreluLane(&u[6], &wu[6], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[7], &wu[7], zero, qa))
		u0 = u0.Add(avxScreluLane(&u[8], &wu[8], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[9], &wu[9], zero, qa))
		u0 = u0.Add(avxScreluLane(&u[10], &wu[10], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[11], &wu[11], zero, qa))
		u0 = u0.Add(avxScreluLane(&u[12], &wu[12], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[13], &wu[13], zero, qa))
		u0 = u0.Add(avxScreluLane(&u[14], &wu[14], zero, qa))
		u1 = u1.Add(avxScreluLane(&u[15], &wu[15], zero, qa))
		t, wt := lanesOf(them), lanesOf(wThem)
		t0 := avxScreluLane(&t[0], &wt[0], zero, qa)
		t1 := avxScreluLane(&t[1], &wt[1], zero, qa)
		t0 = t0.Add(avxScreluLane(&t[2], &wt[2], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[3], &wt[3], zero, qa))
		t0 = t0.Add(avxScreluLane(&t[4], &wt[4], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[5], &wt[5], zero, qa))
		t0 = t0.Add(avxScreluLane(&t[6], &wt[6], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[7], &wt[7], zero, qa))
		t0 = t0.Add(avxScreluLane(&t[8], &wt[8], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[9], &wt[9], zero, qa))
		t0 = t0.Add(avxScreluLane(&t[10], &wt[10], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[11], &wt[11], zero, qa))
		t0 = t0.Add(avxScreluLane(&t[12], &wt[12], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[13], &wt[13], zero, qa))
		t0 = t0.Add(avxScreluLane(&t[14], &wt[14], zero, qa))
		t1 = t1.Add(avxScreluLane(&t[15], &wt[15], zero, qa))
		pairs := u0.Add(u1).AddPairsGrouped(t0.Add(t1))
		pairs = pairs.AddPairsGrouped(pairs)
		sums := pairs.GetLo().Add(pairs.GetHi())
		sum += int64(sums.GetElem(0)) + int64(sums.GetElem(1))
		if n--; n == 0 {
			return sum
		}
		us = (*[block]int16)(unsafe.Add(unsafe.Pointer(us), blockBytes))
		them = (*[block]int16)(unsafe.Add(unsafe.Pointer(them), blockBytes))
		wUs = (*[block]int16)(unsafe.Add(unsafe.Pointer(wUs), blockBytes))
		wThem = (*[block]int16)(unsafe.Add(unsafe.Pointer(wThem), blockBytes))
	}
}

// avxScreluLane is one lane's eight int32 sums of pairs.
func avxScreluLane(acc, w *[16]int16, zero, qa archsimd.Int16x16) archsimd.Int32x8 {
	v := archsimd.LoadInt16x16(acc).Max(zero).Min(qa)
	return v.Mul(archsimd.LoadInt16x16(w)).DotProductPairs(v)
}
