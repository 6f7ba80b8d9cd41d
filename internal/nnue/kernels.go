package nnue

import "unsafe"

// The plain-Go kernels. Every operation is int16 or int32 arithmetic that
// wraps on overflow exactly as the AVX2 instructions do (VPADDW, VPSUBW,
// VPMULLW keep the low 16 bits; VPMADDWD sums two int32 products), and
// integer addition wrapped is the same in any order, so these and the
// vector kernels give the same bits whatever the weights.
//
// The accumulator kernels work on four int16 lanes at once in a uint64
// (SIMD within a register): Go emits no vector instructions for
// WebAssembly, arm64 or GOAMD64=v1, and these are the browser's kernels.
// Each lane's sum is the low 16 bits of the lanes' sum, as VPADDW's,
// whatever the byte order. They read their arrays as uint64s, so every
// array they are given is 8-byte aligned: a Net's weights and a Stack's
// accumulators and refresh table come from []uint64 (alignedInt16), and
// each block of them is 512 bytes from the last.

// laneHigh is the top bit of each of the four 16-bit lanes.
const laneHigh = 0x8000_8000_8000_8000

// swarWords is a block's length in uint64s.
const swarWords = block / 4

func words(v *[block]int16) *[swarWords]uint64 {
	return (*[swarWords]uint64)(unsafe.Pointer(v))
}

// swarAdd adds b's lanes to a's: the low 15 bits of each lane are added
// with their top bits cleared, so no carry leaves a lane, and each top
// bit is then the carry into it xor both top bits.
func swarAdd(a, b uint64) uint64 {
	return ((a &^ laneHigh) + (b &^ laneHigh)) ^ ((a ^ b) & laneHigh)
}

// swarSub subtracts b's lanes from a's: with a's top bits set and b's
// cleared no borrow leaves a lane, and each top bit is then fixed by
// a's top bit xor the complement of b's.
func swarSub(a, b uint64) uint64 {
	return ((a | laneHigh) - (b &^ laneHigh)) ^ ((a ^ ^b) & laneHigh)
}

// The update kernels work on n blocks, n at least 1, from each operand's
// first, as the vector kernels do.

func scalarAddRow(acc, row *[block]int16, n int) {
	for {
		a, r := words(acc), words(row)
		for i := range a {
			a[i] = swarAdd(a[i], r[i])
		}
		if n--; n == 0 {
			return
		}
		acc, row = next(acc), next(row)
	}
}

func scalarSubRow(acc, row *[block]int16, n int) {
	for {
		a, r := words(acc), words(row)
		for i := range a {
			a[i] = swarSub(a[i], r[i])
		}
		if n--; n == 0 {
			return
		}
		acc, row = next(acc), next(row)
	}
}

func scalarAddSub(dst, src, add, sub *[block]int16, n int) {
	for {
		d, s, a, b := words(dst), words(src), words(add), words(sub)
		for i := range d {
			d[i] = swarSub(swarAdd(s[i], a[i]), b[i])
		}
		if n--; n == 0 {
			return
		}
		dst, src, add, sub = next(dst), next(src), next(add), next(sub)
	}
}

func scalarAddSubSub(dst, src, add, sub1, sub2 *[block]int16, n int) {
	for {
		d, s, a, b, c := words(dst), words(src), words(add), words(sub1), words(sub2)
		for i := range d {
			d[i] = swarSub(swarSub(swarAdd(s[i], a[i]), b[i]), c[i])
		}
		if n--; n == 0 {
			return
		}
		dst, src, add, sub1, sub2 = next(dst), next(src), next(add), next(sub1), next(sub2)
	}
}

func scalarAddAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16, n int) {
	for {
		d, s, a1, a2 := words(dst), words(src), words(add1), words(add2)
		b1, b2 := words(sub1), words(sub2)
		for i := range d {
			d[i] = swarSub(swarSub(swarAdd(swarAdd(s[i], a1[i]), a2[i]), b1[i]), b2[i])
		}
		if n--; n == 0 {
			return
		}
		dst, src, add1, add2, sub1, sub2 = next(dst), next(src), next(add1), next(add2), next(sub1), next(sub2)
	}
}

// The pair kernels update both perspectives of a ply: dst and src are
// White's accumulators of n blocks, and Black's are the n blocks after
// them (blocksOn).

func scalarAddSubPair(dst, src, addW, subW, addB, subB *[block]int16, n int) {
	scalarAddSub(dst, src, addW, subW, n)
	scalarAddSub(blocksOn(dst, n), blocksOn(src, n), addB, subB, n)
}

func scalarAddSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B *[block]int16, n int) {
	scalarAddSubSub(dst, src, addW, sub1W, sub2W, n)
	scalarAddSubSub(blocksOn(dst, n), blocksOn(src, n), addB, sub1B, sub2B, n)
}

// blocksOn is the block n after p, which must be in p's array.
func blocksOn(p *[block]int16, n int) *[block]int16 {
	return (*[block]int16)(unsafe.Add(unsafe.Pointer(p), n*block*2))
}

// quads is v as groups of four lanes, for loops unrolled by four.
func quads(v *[block]int16) *[block / 4][4]int16 {
	return (*[block / 4][4]int16)(unsafe.Pointer(v))
}

// scalarScreluDot is the sum over i of clamp(acc[i], 0, QA)^2 * w[i],
// computed as bullet's vector code does: the clamped value times the
// weight in 16 bits, then times the clamped value again in 32. Four sums
// break the chain of additions (a quarter faster in WebAssembly).
func scalarScreluDot(acc, w *[block]int16) int32 {
	a, b := quads(acc), quads(w)
	var s0, s1, s2, s3 int32
	for i := range a {
		v0 := min(max(a[i][0], 0), QA)
		v1 := min(max(a[i][1], 0), QA)
		v2 := min(max(a[i][2], 0), QA)
		v3 := min(max(a[i][3], 0), QA)
		s0 += int32(v0*b[i][0]) * int32(v0)
		s1 += int32(v1*b[i][1]) * int32(v1)
		s2 += int32(v2*b[i][2]) * int32(v2)
		s3 += int32(v3*b[i][3]) * int32(v3)
	}
	return s0 + s1 + s2 + s3
}

// scalarScreluSum is the output layer's sum over n blocks of the side to
// move's accumulator us and the opponent's them, with their weights: each
// block's share in int32, as the vector kernel takes it, the shares in
// int64.
func scalarScreluSum(us, them, wUs, wThem *[block]int16, n int) int64 {
	var sum int64
	for {
		sum += int64(scalarScreluDot(us, wUs)) + int64(scalarScreluDot(them, wThem))
		if n--; n == 0 {
			return sum
		}
		us, them, wUs, wThem = next(us), next(them), next(wUs), next(wThem)
	}
}
