//go:build !(goexperiment.simd && amd64)

package nnue

// Without GOEXPERIMENT=simd, or off amd64 (arm64, WebAssembly), the plain
// Go kernels are the only ones.

// Vector names the kernels this build runs, for the eval command and
// the benchmarks.
func Vector() string { return "scalar" }

func addRow(acc, row *[block]int16, n int) { scalarAddRow(acc, row, n) }

func subRow(acc, row *[block]int16, n int) { scalarSubRow(acc, row, n) }

func addSub(dst, src, add, sub *[block]int16, n int) { scalarAddSub(dst, src, add, sub, n) }

func addSubSub(dst, src, add, sub1, sub2 *[block]int16, n int) {
	scalarAddSubSub(dst, src, add, sub1, sub2, n)
}

func addAddSubSub(dst, src, add1, add2, sub1, sub2 *[block]int16, n int) {
	scalarAddAddSubSub(dst, src, add1, add2, sub1, sub2, n)
}

func addSubPair(dst, src, addW, subW, addB, subB *[block]int16, n int) {
	scalarAddSubPair(dst, src, addW, subW, addB, subB, n)
}

func addSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B *[block]int16, n int) {
	scalarAddSubSubPair(dst, src, addW, sub1W, sub2W, addB, sub1B, sub2B, n)
}

func screluSum(us, them, wUs, wThem *[block]int16, n int) int64 {
	return scalarScreluSum(us, them, wUs, wThem, n)
}
