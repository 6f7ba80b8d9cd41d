package train

import "math/bits"

func mulHi(a, b uint64) (uint64, uint64) { return bits.Mul64(a, b) }

// The plain-Go kernels of the float model, which the AVX2 ones (built
// with GOEXPERIMENT=simd) replace where the processor has them. An
// accumulator is the net's width long, a multiple of 64 (the AVX2
// kernels' block), and a row of weights is as long.

// scalarAccumulate sets acc to the bias plus the rows of w of the
// features.
func scalarAccumulate(acc, bias []float32, w []float32, feats []uint16) {
	copy(acc, bias)
	h := len(acc)
	for _, f := range feats {
		r := w[int(f)*h : (int(f)+1)*h]
		for i := range acc {
			acc[i] += r[i]
		}
	}
}

// scalarScatter adds d into the rows of g of the features.
func scalarScatter(g []float32, d []float32, feats []uint16) {
	h := len(d)
	for _, f := range feats {
		r := g[int(f)*h : (int(f)+1)*h]
		for i := range r {
			r[i] += d[i]
		}
	}
}

func scalarAddRow2(dst, a, b []float32) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		dst[i] += a[i] + b[i]
	}
}

// scalarScreluDot is the sum over i of clamp(acc[i], 0, 1)^2 * w[i].
func scalarScreluDot(acc, w []float32) float32 {
	var s float32
	w = w[:len(acc)]
	for i := range acc {
		c := min(max(acc[i], 0), 1)
		s += c * c * w[i]
	}
	return s
}

// scalarScreluBackward adds g*clamp(acc)^2 into the output weights'
// gradient gw and sets d to the gradient at the accumulator: g*w*2*acc
// where acc is inside (0, 1), zero where the clamp holds it.
func scalarScreluBackward(acc, w, gw, d []float32, g float32) {
	w, gw, d = w[:len(acc)], gw[:len(acc)], d[:len(acc)]
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
