package nnue

import (
	"unsafe"

	"matador/internal/chess"
)

// wideAcc is one perspective's accumulator of a wide net as an array of
// its blocks: one type for each width the build reads, MinHidden to
// MaxHidden.
type wideAcc interface {
	[1][block]int16 | [2][block]int16 | [3][block]int16 | [4][block]int16
}

// widePath is the wide path of a stack: the methods of wide[A] for the
// accumulator type A of its net's width.
type widePath interface {
	// apply computes entry i from its parent and the move between
	// them; pos is the position of entry at, for a refresh (boardsAt).
	apply(s *Stack, i int, pos *chess.Position, at int)
	// evaluate brings the top entry, whose position is pos, up to date
	// and is its score with us to move and output bucket bucket.
	evaluate(s *Stack, pos *chess.Position, us chess.Color, bucket int) int
}

// wide is the wide path's view of a stack's accumulators, its refresh
// table's and its net's weights, for a net whose accumulators are of
// type A: arrays of fixed size over the same memory, as the flat path's
// are. Go compiles the methods of wide[A] once for each A, so that each
// width's updates index their accumulators, rows and output weights with
// constant bounds, one check an operand, and hand the kernels a constant
// count of blocks; with the width known only at run time, each operand
// took two checks and a multiplication by the width reloaded from the
// stack.
type wide[A wideAcc] struct {
	acc *[MaxDepth + 1][2]A
	// table is the refresh table's accumulators, in the order of the
	// Stack's table.
	table []A
	rows  []A
	out   *[OutputBuckets][2]A
	bias  *A
}

// arraysOf is s as arrays of type A: the same memory. Its length must be
// a multiple of A's.
func arraysOf[A wideAcc](s []int16) []A {
	var a A
	return unsafe.Slice((*A)(unsafe.Pointer(unsafe.SliceData(s))), len(s)/(len(a)*block))
}

// newWide is the wide path of s, whose net's accumulators are of type
// A. The slice-to-array conversions check the lengths; the arrays of
// pairs have the layout of the arrays.
func newWide[A wideAcc](s *Stack) *wide[A] {
	n := s.net
	accs := arraysOf[A](s.accs)
	w := &wide[A]{
		acc:   (*[MaxDepth + 1][2]A)(unsafe.Pointer((*[(MaxDepth + 1) * 2]A)(accs))),
		table: accs[(MaxDepth+1)*2:],
		rows:  arraysOf[A](n.FeatureWeights),
		out:   (*[OutputBuckets][2]A)(unsafe.Pointer((*[OutputBuckets * 2]A)(arraysOf[A](n.OutputWeights)))),
		bias:  &(*[1]A)(arraysOf[A](n.FeatureBias))[0],
	}
	if len(w.table) != len(s.table) || len(w.rows) != n.KingBuckets*Inputs || len(*w.bias)*block != n.Hidden {
		panic("nnue: a wide path of the wrong width")
	}
	for i := range w.table {
		w.table[i] = *w.bias
	}
	return w
}

// first is a's first block, where the kernels take it.
func first[A wideAcc](a *A) *[block]int16 { return &(*a)[0] }

func (w *wide[A]) evaluate(s *Stack, pos *chess.Position, us chess.Color, bucket int) int {
	base := s.top
	for !s.entries[base].computed {
		base--
	}
	for i := base + 1; i <= s.top; i++ {
		w.apply(s, i, pos, s.top)
	}
	a, o := &w.acc[s.top], &w.out[bucket]
	return outputOf(first(&a[us&1]), first(&a[us&1^1]), first(&o[0]), first(&o[1]), len(o[0]), s.net.OutputBias[bucket])
}

// apply computes entry i: each perspective's rows are those of its
// king's slot, and a perspective whose king changed slot is refreshed
// from the table. The move's kind is tested once for both perspectives
// unless a king refreshes.
func (w *wide[A]) apply(s *Stack, i int, pos *chess.Position, at int) {
	e := &s.entries[i]
	e.slot = s.entries[i-1].slot
	dst, src := &w.acc[i], &w.acc[i-1]
	// A king's move takes up the king first and puts it down first
	// (record); a null move has no mover.
	if king := e.subs[0].pc; e.nAdd != 0 && king.Type() == chess.King {
		c := king.Color()
		if slot := s.net.slot[relative(c, e.adds[0].sq)]; slot != e.slot[c] {
			e.slot[c] = slot
			b := s.boardsAt(pos, at, i)
			w.refresh(s, c, slot, &b, &dst[c])
			w.applySide(&s.views[c^1][e.slot[c^1]&63], e, &dst[c^1], &src[c^1])
			e.computed = true
			return
		}
	}
	wv, bv := &s.views[chess.White][e.slot[chess.White]&63], &s.views[chess.Black][e.slot[chess.Black]&63]
	r, n := w.rows, len(dst[0])
	switch {
	case e.nAdd == 0:
		*dst = *src
	case e.nAdd == 1 && e.nSub == 1:
		a, b := e.adds[0], e.subs[0]
		addSubPair(first(&dst[0]), first(&src[0]), first(&r[wv.row(a)]), first(&r[wv.row(b)]),
			first(&r[bv.row(a)]), first(&r[bv.row(b)]), n)
	case e.nAdd == 1:
		a, b1, b2 := e.adds[0], e.subs[0], e.subs[1]
		addSubSubPair(first(&dst[0]), first(&src[0]), first(&r[wv.row(a)]), first(&r[wv.row(b1)]), first(&r[wv.row(b2)]),
			first(&r[bv.row(a)]), first(&r[bv.row(b1)]), first(&r[bv.row(b2)]), n)
	default:
		w.applySide(wv, e, &dst[0], &src[0])
		w.applySide(bv, e, &dst[1], &src[1])
	}
	e.computed = true
}

// applySide is apply's update of one perspective's accumulator, dst from
// src, as v sees the board.
func (w *wide[A]) applySide(v *view, e *entry, dst, src *A) {
	r, n := w.rows, len(*dst)
	switch {
	case e.nAdd == 0:
		*dst = *src
	case e.nAdd == 1 && e.nSub == 1:
		addSub(first(dst), first(src), first(&r[v.row(e.adds[0])]), first(&r[v.row(e.subs[0])]), n)
	case e.nAdd == 1:
		addSubSub(first(dst), first(src), first(&r[v.row(e.adds[0])]), first(&r[v.row(e.subs[0])]),
			first(&r[v.row(e.subs[1])]), n)
	default:
		addAddSubSub(first(dst), first(src), first(&r[v.row(e.adds[0])]), first(&r[v.row(e.adds[1])]),
			first(&r[v.row(e.subs[0])]), first(&r[v.row(e.subs[1])]), n)
	}
}

// refresh sets dst to perspective c's accumulator of the pieces b from
// the refresh table's entry of slot: the pieces the entry holds and b
// does not are taken off, those b holds and the entry does not are put
// on, in pairs where it can (one pass for two rows), and the entry then
// holds b. Integer sums wrap alike in any order, so the result is to the
// bit a refresh from nothing.
func (w *wide[A]) refresh(s *Stack, c chess.Color, slot uint8, b *boards, dst *A) {
	k := int(c)*s.net.Slots() + int(slot)
	t, acc := &s.table[k], &w.table[k]
	if s.noTable {
		// From nothing: the entry is emptied to the bias, so that every
		// piece is put on below.
		*acc = *w.bias
		t.pieces = boards{}
	}
	v := &s.views[c][slot&63]
	var adds, subs [32]int32
	nAdd, nSub := 0, 0
	for j, now := range b {
		was := t.pieces[j]
		if now == was {
			continue
		}
		pc := boardPieces[j]
		for on := now &^ was; on != 0 && nAdd < len(adds); nAdd++ {
			adds[nAdd] = int32(v.row(change{pc, on.PopFirst()}))
		}
		for off := was &^ now; off != 0 && nSub < len(subs); nSub++ {
			subs[nSub] = int32(v.row(change{pc, off.PopFirst()}))
		}
	}
	r, n, a := w.rows, len(*acc), first(acc)
	paired := min(nAdd, nSub)
	for j := range paired {
		addSub(a, a, first(&r[adds[j]]), first(&r[subs[j]]), n)
	}
	for j := paired; j < nAdd; j++ {
		addRow(a, first(&r[adds[j]]), n)
	}
	for j := paired; j < nSub; j++ {
		subRow(a, first(&r[subs[j]]), n)
	}
	t.pieces = *b
	*dst = *acc
	if s.noTable {
		s.scratchRefreshes++
	} else {
		s.refreshes++
	}
}
