//go:build !(goexperiment.simd && amd64)

package nnue

// Without GOEXPERIMENT=simd, or off amd64 (arm64, WebAssembly), the plain
// Go kernels are the only ones.

// Vector names the kernels this build runs, for the eval command and
// the benchmarks.
func Vector() string { return "scalar" }

func addRow(acc, row *[block]int16) { scalarAddRow(acc, row) }

func subRow(acc, row *[block]int16) { scalarSubRow(acc, row) }

func addSub(dst, src, add, sub *[block]int16) { scalarAddSub(dst, src, add, sub) }

func addSubSub(dst, src, add, sub1, sub2 *[block]int16) {
	scalarAddSubSub(dst, src, add, sub1, sub2)
}

func addAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16) {
	scalarAddAddSubSub(dst, src, add1, add2, sub1, sub2)
}

func screluDot(acc, w *[block]int16) int32 { return scalarScreluDot(acc, w) }
