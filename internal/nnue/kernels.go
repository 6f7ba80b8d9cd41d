package nnue

// The plain-Go kernels. Every operation is int16 or int32 arithmetic that
// wraps on overflow exactly as the AVX2 instructions do (VPADDW, VPSUBW,
// VPMULLW keep the low 16 bits; VPMADDWD sums two int32 products), and
// integer addition wrapped is the same in any order, so these and the
// vector kernels give the same bits whatever the weights.

func scalarAddRow(acc, row *[Hidden]int16) {
	for i := range acc {
		acc[i] += row[i]
	}
}

func scalarAddSub(dst, src, add, sub *[Hidden]int16) {
	for i := range dst {
		dst[i] = src[i] + add[i] - sub[i]
	}
}

func scalarAddSubSub(dst, src, add, sub1, sub2 *[Hidden]int16) {
	for i := range dst {
		dst[i] = src[i] + add[i] - sub1[i] - sub2[i]
	}
}

func scalarAddAddSubSub(dst, src, add1, add2, sub1, sub2 *[Hidden]int16) {
	for i := range dst {
		dst[i] = src[i] + add1[i] + add2[i] - sub1[i] - sub2[i]
	}
}

// scalarScreluDot is the sum over i of clamp(acc[i], 0, QA)^2 * w[i],
// computed as bullet's vector code does: the clamped value times the
// weight in 16 bits, then times the clamped value again in 32.
func scalarScreluDot(acc, w *[Hidden]int16) int32 {
	var sum int32
	for i := range acc {
		v := min(max(acc[i], 0), QA)
		sum += int32(v*w[i]) * int32(v)
	}
	return sum
}
