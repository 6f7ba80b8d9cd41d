//go:build goexperiment.simd && amd64

package train

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestVectorKernelsAgree holds each AVX2 kernel to its plain twin. They
// round differently (FMA, the order of sums), so within float32's
// precision, not to the bit.
func TestVectorKernelsAgree(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 and FMA here")
	}
	r := rand.New(rand.NewPCG(1, 1))
	fill := func(s []float32, lo, hi float64) {
		for i := range s {
			s[i] = float32(lo + (hi-lo)*r.Float64())
		}
	}
	near := func(what string, a, b []float32) {
		t.Helper()
		for i := range a {
			if math.Abs(float64(a[i]-b[i])) > 1e-5*(1+math.Abs(float64(a[i]))) {
				t.Fatalf("%s: index %d: vector %g, plain %g", what, i, a[i], b[i])
			}
		}
	}
	w := make([]float32, v2Arch.nParams)
	fill(w, -0.5, 0.5)
	for trial := range 50 {
		feats := make([]uint16, 1+trial%32)
		for i := range feats {
			feats[i] = uint16(r.IntN(768))
		}
		h := 256
		if trial%2 == 1 {
			h = 1024
		}
		bias, a, b, d := make([]float32, h), make([]float32, h), make([]float32, h), make([]float32, h)
		gw1, gw2, d1, d2 := make([]float32, h), make([]float32, h), make([]float32, h), make([]float32, h)
		for i := range feats {
			feats[i] = uint16(r.IntN(len(w) / h))
		}
		fill(bias, -0.3, 0.3)
		avxAccumulate(a, bias, w, feats)
		scalarAccumulate(b, bias, w, feats)
		near("accumulate", a[:], b[:])
		if x, y := avxScreluDot(a, bias), scalarScreluDot(a, bias); math.Abs(float64(x-y)) > 1e-4 {
			t.Fatalf("screluDot: vector %g, plain %g", x, y)
		}
		fill(gw1, -1, 1)
		copy(gw2, gw1)
		avxScreluBackward(a, bias, gw1, d1, 0.37)
		scalarScreluBackward(a, bias, gw2, d2, 0.37)
		near("screluBackward gradient", gw1[:], gw2[:])
		near("screluBackward delta", d1[:], d2[:])
		fill(d, -1, 1)
		g1, g2 := make([]float32, len(w)), make([]float32, len(w))
		avxScatter(g1, d, feats)
		scalarScatter(g2, d, feats)
		near("scatter", g1, g2)
		m1, v1, w1 := make([]float32, 1000), make([]float32, 1000), make([]float32, 1000)
		fill(m1, -1e-3, 1e-3)
		fill(v1, 0, 1e-6)
		fill(w1, -2, 2)
		g := make([]float32, 1000)
		fill(g, -1e-2, 1e-2)
		m2, v2, w2 := append([]float32(nil), m1...), append([]float32(nil), v1...), append([]float32(nil), w1...)
		avxAdamW(w1, m1, v1, g, 0.001, 0.99999, 1.5, 20, maxWeight)
		scalarAdamW(w2, m2, v2, g, 0.001, 0.99999, 1.5, 20, maxWeight)
		near("adamW weights", w1, w2)
		near("adamW first moment", m1, m2)
		near("adamW second moment", v1, v2)
	}
}
