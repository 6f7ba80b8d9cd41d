//go:build goexperiment.simd && amd64

package train

import (
	"math"
	"testing"
)

var expSink float64

// BenchmarkExpAfterKernel is the scalar code that follows a kernel in
// trainPosition: the sigmoid of the output. Against BenchmarkExpAlone it
// shows what a kernel's dirty upper register halves cost the SSE code
// after it.
func BenchmarkExpAfterKernel(b *testing.B) {
	acc, w := make([]float32, 512), make([]float32, 512)
	x := 0.1
	for b.Loop() {
		expSink += float64(screluDot(acc, w))
		expSink += math.Exp(-x)
		x += 1e-9
	}
}

func BenchmarkExpAlone(b *testing.B) {
	x := 0.1
	for b.Loop() {
		expSink += math.Exp(-x)
		x += 1e-9
	}
}
