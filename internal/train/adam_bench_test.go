package train

import "testing"

func BenchmarkAdamW(b *testing.B) {
	n := v2Arch.nParams
	w, m, v, g := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range g {
		g[i] = float32(i%7) * 1e-6
		w[i] = 0.1
	}
	for b.Loop() {
		adamW(w, m, v, g, 0.001, 0.99999, 1.1, 1.1, 1.98)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/param")
}
