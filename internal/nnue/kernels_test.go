package nnue

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"matador/internal/chess"
)

// The lane-wise reference the word kernels must equal: one int16 at a
// time, wrapping as Go's int16 arithmetic does.

func plainScreluDot(acc, w *[block]int16) int32 {
	var sum int32
	for i := range acc {
		v := min(max(acc[i], 0), QA)
		sum += int32(v*w[i]) * int32(v)
	}
	return sum
}

// alignedAccs is n accumulators that the word kernels may read.
type alignedAccs struct {
	_ [0]uint64
	v [7][block]int16
}

// wideOperands is seven operands of the widest net's width, which the
// word kernels may read.
type wideOperands struct {
	_ [0]uint64
	v [7][MaxHidden / block][block]int16
}

// lanesOfOperand is operand k as one array of lanes.
func (w *wideOperands) lanesOfOperand(k int) *[MaxHidden]int16 {
	return (*[MaxHidden]int16)(unsafe.Pointer(&w.v[k]))
}

// fillOperands fills operands 0 to 5 of w with values of round's kind:
// the whole int16 range, where most sums wrap, a trained net's range, or
// the lanes' edge values.
func fillOperands(r *rand.Rand, w *wideOperands, round int) {
	edges := []int16{0, 1, -1, 32767, -32768, 16384, -16384, 255, -255}
	for k := range 6 {
		v := w.lanesOfOperand(k)
		for i := range v {
			switch round % 3 {
			case 0:
				v[i] = int16(r.Uint32())
			case 1:
				v[i] = int16(r.IntN(801) - 400)
			default:
				v[i] = edges[r.IntN(len(edges))]
			}
		}
	}
}

// updateKernel is an accumulator update: its lane-wise sum of operands
// 0 to 4, and a run of its kernel on n blocks that writes operand 6 (in
// place for addRow and subRow, from a copy of operand 0).
type updateKernel struct {
	name  string
	plain func(a, b, c, d, e int16) int16
	run   func(w *wideOperands, n int)
}

// op is operand k's first block.
func (w *wideOperands) op(k int) *[block]int16 { return &w.v[k][0] }

var scalarUpdates = []updateKernel{
	{"addRow", func(a, b, _, _, _ int16) int16 { return a + b }, func(w *wideOperands, n int) {
		copy(w.v[6][:n], w.v[0][:n])
		scalarAddRow(w.op(6), w.op(1), n)
	}},
	{"subRow", func(a, b, _, _, _ int16) int16 { return a - b }, func(w *wideOperands, n int) {
		copy(w.v[6][:n], w.v[0][:n])
		scalarSubRow(w.op(6), w.op(1), n)
	}},
	{"addSub", func(a, b, c, _, _ int16) int16 { return a + b - c }, func(w *wideOperands, n int) {
		scalarAddSub(w.op(6), w.op(0), w.op(1), w.op(2), n)
	}},
	{"addSubSub", func(a, b, c, d, _ int16) int16 { return a + b - c - d }, func(w *wideOperands, n int) {
		scalarAddSubSub(w.op(6), w.op(0), w.op(1), w.op(2), w.op(3), n)
	}},
	{"addAddSubSub", func(a, b, c, d, e int16) int16 { return a + b + e - c - d }, func(w *wideOperands, n int) {
		scalarAddAddSubSub(w.op(6), w.op(0), w.op(1), w.op(4), w.op(2), w.op(3), n)
	}},
}

// checkUpdates runs each kernel of kernels on 1 to 4 blocks and holds
// its first n blocks to the lane-wise sums and the blocks after them to
// what they were.
func checkUpdates(t *testing.T, w *wideOperands, round int, kernels []updateKernel) {
	t.Helper()
	n := round%(MaxHidden/block) + 1
	a, b, c, d, e := w.lanesOfOperand(0), w.lanesOfOperand(1), w.lanesOfOperand(2), w.lanesOfOperand(3), w.lanesOfOperand(4)
	got := w.lanesOfOperand(6)
	for _, k := range kernels {
		for i := range got {
			got[i] = int16(i*7 + round)
		}
		want := *got
		for i := range n * block {
			want[i] = k.plain(a[i], b[i], c[i], d[i], e[i])
		}
		k.run(w, n)
		if *got != want {
			t.Fatalf("round %d, %d blocks: %s differs", round, n, k.name)
		}
	}
}

// TestWordKernelsMatchPlain holds the four-lanes-a-word kernels to the
// lane-wise sums, on 1 to 4 blocks.
func TestWordKernelsMatchPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	var w wideOperands
	for round := range 600 {
		fillOperands(r, &w, round)
		checkUpdates(t, &w, round, scalarUpdates)
		n := round%(MaxHidden/block) + 1
		if x, y := plainScreluSum(&w, n), scalarScreluSum(w.op(0), w.op(1), w.op(2), w.op(3), n); x != y {
			t.Fatalf("round %d, %d blocks: screluSum: lane by lane %d, unrolled %d", round, n, x, y)
		}
	}
}

// plainScreluSum is the output layer's sum over n blocks, operands 0 and
// 1 the accumulators and 2 and 3 their weights: each block's share in
// int32, the shares in int64.
func plainScreluSum(w *wideOperands, n int) int64 {
	var sum int64
	for k := range n {
		sum += int64(plainScreluDot(&w.v[0][k], &w.v[2][k])) + int64(plainScreluDot(&w.v[1][k], &w.v[3][k]))
	}
	return sum
}

// TestKernelArraysAligned checks that every array the search and Evaluate
// hand to the word kernels starts on an 8-byte boundary.
func TestKernelArraysAligned(t *testing.T) {
	aligned := func(what string, v []int16) {
		if p := uintptr(unsafe.Pointer(&v[0])); p%8 != 0 {
			t.Errorf("%s at %#x is not 8-byte aligned", what, p)
		}
	}
	for _, net := range testNets(t) {
		aligned("the feature bias", net.FeatureBias)
		aligned("the output weights", net.OutputWeights)
		for f := range net.KingBuckets * Inputs {
			aligned("a feature row", net.row(f))
		}
		s := NewStack(net)
		for i := range s.entries {
			aligned("a stack entry's accumulator", s.acc(i, chess.White))
			aligned("a stack entry's accumulator", s.acc(i, chess.Black))
		}
		// The refresh table's accumulators follow the entries'.
		for i := range s.table {
			aligned("a refresh table entry", s.accs[((MaxDepth+1)*2+i)*net.Hidden:])
		}
	}
}

// BenchmarkKernelAddSub is one quiet move's update of one accumulator,
// with the kernels this build runs (Vector).
func BenchmarkKernelAddSub(b *testing.B) {
	net := Random(5)
	var arrays alignedAccs
	for b.Loop() {
		addSub(&arrays.v[1], &arrays.v[0], blk(net.row(100), 0), blk(net.row(200), 0), 1)
		addSub(&arrays.v[0], &arrays.v[1], blk(net.row(200), 0), blk(net.row(100), 0), 1)
	}
}

// BenchmarkKernelScreluSum is the output layer's sum of one block each
// side.
func BenchmarkKernelScreluSum(b *testing.B) {
	net := Random(5)
	pos := mustFEN(b, testFENs[1])
	var arrays alignedAccs
	net.refresh(pos, chess.White, arrays.v[0][:])
	net.refresh(pos, chess.Black, arrays.v[1][:])
	var sink int64
	for b.Loop() {
		sink += screluSum(&arrays.v[0], &arrays.v[1], blk(net.OutputWeights, 0), blk(net.OutputWeights, block), 1)
	}
	_ = sink
}

// blk is the block of s at o.
func blk(s []int16, o int) *[block]int16 { return (*[block]int16)(s[o : o+block]) }

// TestPairKernels holds the kernels that update both perspectives of a
// ply in one call (those of this build) to two calls of the plain
// kernels of one perspective: Black's accumulators are the n blocks
// after White's, each with its own rows, and nothing past them changes.
func TestPairKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	var w, want wideOperands
	for round := range 200 {
		fillOperands(r, &w, round)
		n := round%(MaxHidden/block/2) + 1
		for _, pair := range []struct {
			name        string
			pair, plain func(w *wideOperands)
		}{
			{"addSubPair", func(w *wideOperands) {
				addSubPair(w.op(6), w.op(0), w.op(1), w.op(2), w.op(3), w.op(4), n)
			}, func(w *wideOperands) {
				scalarAddSub(w.op(6), w.op(0), w.op(1), w.op(2), n)
				scalarAddSub(&w.v[6][n], &w.v[0][n], w.op(3), w.op(4), n)
			}},
			{"addSubSubPair", func(w *wideOperands) {
				addSubSubPair(w.op(6), w.op(0), w.op(1), w.op(2), w.op(3), w.op(4), w.op(5), w.op(1), n)
			}, func(w *wideOperands) {
				scalarAddSubSub(w.op(6), w.op(0), w.op(1), w.op(2), w.op(3), n)
				scalarAddSubSub(&w.v[6][n], &w.v[0][n], w.op(4), w.op(5), w.op(1), n)
			}},
		} {
			for i := range w.v[6] {
				for j := range w.v[6][i] {
					w.v[6][i][j] = int16(i*block + j + round)
				}
			}
			want = w
			pair.plain(&want)
			pair.pair(&w)
			if w.v[6] != want.v[6] {
				t.Fatalf("round %d, %d blocks: %s differs from two plain updates", round, n, pair.name)
			}
		}
	}
}
