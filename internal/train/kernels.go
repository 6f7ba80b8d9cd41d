package train

import "math/bits"

func mulHi(a, b uint64) (uint64, uint64) { return bits.Mul64(a, b) }

// The plain-Go kernels of the float model, which the AVX2 ones (built
// with GOEXPERIMENT=simd) replace where the processor has them.

// scalarAccumulate sets acc to the bias plus the rows of w of the
// features.
func scalarAccumulate(acc, bias *[hidden]float32, w []float32, feats []uint16) {
	*acc = *bias
	for _, f := range feats {
		r := row(w, f)
		for i := range acc {
			acc[i] += r[i]
		}
	}
}

// scalarScatter adds d into the rows of g of the features.
func scalarScatter(g []float32, d *[hidden]float32, feats []uint16) {
	for _, f := range feats {
		r := row(g, f)
		for i := range r {
			r[i] += d[i]
		}
	}
}

func scalarAddRow2(dst, a, b *[hidden]float32) {
	for i := range dst {
		dst[i] += a[i] + b[i]
	}
}

// scalarScreluDot is the sum over i of clamp(acc[i], 0, 1)^2 * w[i].
func scalarScreluDot(acc, w *[hidden]float32) float32 {
	var s float32
	for i := range acc {
		c := min(max(acc[i], 0), 1)
		s += c * c * w[i]
	}
	return s
}

// scalarScreluBackward adds g*clamp(acc)^2 into the output weights'
// gradient gw and sets d to the gradient at the accumulator: g*w*2*acc
// where acc is inside (0, 1), zero where the clamp holds it.
func scalarScreluBackward(acc, w, gw, d *[hidden]float32, g float32) {
	for i := range acc {
		a := acc[i]
		c := min(max(a, 0), 1)
		gw[i] += g * c * c
		if a > 0 && a < 1 {
			d[i] = 2 * g * w[i] * a
		} else {
			d[i] = 0
		}
	}
}
