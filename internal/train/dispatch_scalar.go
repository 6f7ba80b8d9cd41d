//go:build !(goexperiment.simd && amd64)

package train

// Vector names the kernels this build runs.
func Vector() string { return "scalar" }

func accumulate(acc, bias []float32, w []float32, feats []uint16) {
	scalarAccumulate(acc, bias, w, feats)
}
func scatter(g []float32, d []float32, feats []uint16) { scalarScatter(g, d, feats) }
func addRow2(dst, a, b []float32)                      { scalarAddRow2(dst, a, b) }
func screluDot(acc, w []float32) float32               { return scalarScreluDot(acc, w) }
func screluBackward(acc, w, gw, d []float32, g float32) {
	scalarScreluBackward(acc, w, gw, d, g)
}

func adamW(w, m, v, g []float32, lr, keep, c1, c2, clip float32) {
	scalarAdamW(w, m, v, g, lr, keep, c1, c2, clip)
}
