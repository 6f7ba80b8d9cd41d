package nnue

import (
	"fmt"

	"matador/internal/chess"
)

// MaxDepth is the most plies a Stack holds above its root.
const MaxDepth = 160

// change is one piece put on or taken off a square.
type change struct {
	pc chess.Piece
	sq chess.Square
}

// entry is one ply's record of the move that led to it, as the pieces it
// put down and took up: at most two of each (castling), so one of four
// update kernels covers every move. Its accumulators are in the Stack's
// accs, since their width is the net's.
type entry struct {
	computed bool
	nAdd     int8
	nSub     int8
	// refresh says which perspectives' kings moved to another refresh
	// table slot (another king bucket, or across the mirror): their
	// accumulators are rebuilt from the refresh table and boards, not
	// updated from the parent's.
	refresh [2]bool
	// slot is each perspective's refresh table slot in this ply.
	slot   [2]uint8
	adds   [2]change
	subs   [2]change
	boards boards
}

// boards is a position's pieces, one bitboard for each colour and piece
// type: what a refresh table entry was computed from.
type boards [12]chess.Bitboard

// boardIndex is pc's bitboard in a boards.
func boardIndex(pc chess.Piece) int { return int(pc.Color())*6 + int(pc.Type()) - 1 }

// finny is one refresh table entry, as in Ethereal and Stockfish
// ("Finny tables"): an accumulator of one perspective in one slot and the
// pieces it holds, so that a king that changes slot is brought to the
// position by the few pieces that differ from the last position seen in
// that slot, not by all of them from the bias.
type finny struct {
	acc    []int16
	pieces boards
}

// Stack is a search thread's accumulators, one entry a ply. It is lazy,
// as Ethereal's is: Push records what a move changes, and an entry's
// accumulators are brought up to date, from the nearest computed one
// below, only when its position is evaluated, so the many nodes that are
// cut before their evaluation cost no update.
type Stack struct {
	net     *Net
	entries [MaxDepth + 1]entry
	// accs holds each entry's two accumulators, White's then Black's,
	// each net.Hidden wide.
	accs []int16
	// table is the refresh table: each perspective's net.Slots() entries.
	table []finny
	top   int
	// checking holds every score to one computed from nothing (SetChecking).
	checking bool
	// eager computes each entry as it is pushed (SetEager).
	eager bool
	// refreshes counts the refreshes from the table, for the tests.
	refreshes int
}

// SetEager makes Push compute each ply's accumulators at once, as
// Stockfish 12's did, instead of when the ply is first evaluated. The
// search never sets it: it is kept to measure the lazy stack against
// (BenchmarkBenchNet in internal/search, docs/nnue.md).
func (s *Stack) SetEager(on bool) { s.eager = on }

// SetChecking makes Evaluate check its incremental score against one from
// nothing and panic where they differ: for tests of a search, which must
// push every move it makes. It costs a refresh an evaluation.
func (s *Stack) SetChecking(on bool) { s.checking = on }

// Depth is the number of pushes not yet popped.
func (s *Stack) Depth() int { return s.top }

// NewStack makes a stack for net, with all its memory: nothing a search
// does with it allocates.
func NewStack(net *Net) *Stack {
	h := net.Hidden
	s := &Stack{net: net, accs: alignedInt16((MaxDepth + 1) * 2 * h)}
	slots := net.Slots()
	s.table = make([]finny, 2*slots)
	mem := alignedInt16(2 * slots * h)
	for i := range s.table {
		s.table[i].acc = mem[i*h : (i+1)*h]
		copy(s.table[i].acc, net.FeatureBias)
	}
	return s
}

// Net is the stack's net.
func (s *Stack) Net() *Net { return s.net }

// acc is entry i's accumulator of perspective c.
func (s *Stack) acc(i int, c chess.Color) []int16 {
	h := s.net.Hidden
	o := (2*i + int(c)) * h
	return s.accs[o : o+h]
}

// Reset makes pos the stack's root, its accumulators computed from
// nothing.
func (s *Stack) Reset(pos *chess.Position) {
	s.top = 0
	e := &s.entries[0]
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		s.net.refresh(pos, c, s.acc(0, c))
		e.slot[c] = s.net.slot[relative(c, pos.KingSquare(c))]
	}
	e.computed = true
}

// Push records move m, to be made on pos next (pos is still the position
// before it). Every Push is undone by one Pop.
func (s *Stack) Push(pos *chess.Position, m chess.Move) {
	s.top++
	e := &s.entries[s.top]
	e.computed = false
	e.slot = s.entries[s.top-1].slot
	e.refresh = [2]bool{}
	record(e, pos, m)
	if pc := e.adds[0].pc; pc.Type() == chess.King {
		// The king is the first piece a king move or castling puts down.
		us := pc.Color()
		if slot := s.net.slot[relative(us, e.adds[0].sq)]; slot != e.slot[us] {
			e.slot[us] = slot
			e.refresh[us] = true
			e.boards = piecesAfter(pos, e)
		}
	}
	if s.eager {
		s.apply(s.top)
	}
}

// piecesAfter is the pieces of pos after the move e records.
func piecesAfter(pos *chess.Position, e *entry) boards {
	var b boards
	for c := range 2 {
		for t := chess.Pawn; t <= chess.King; t++ {
			b[c*6+int(t)-1] = pos.Pieces(chess.Color(c), t)
		}
	}
	for i := range e.nSub {
		b[boardIndex(e.subs[i].pc)] &^= chess.SquareBB(e.subs[i].sq)
	}
	for i := range e.nAdd {
		b[boardIndex(e.adds[i].pc)] |= chess.SquareBB(e.adds[i].sq)
	}
	return b
}

// record writes into e the pieces that m, made on pos, puts down and
// takes up.
func record(e *entry, pos *chess.Position, m chess.Move) {
	from, to := m.From(), m.To()
	pc := pos.PieceOn(from)
	us := pc.Color()
	switch m.Kind() {
	case chess.Castling:
		// The move's target is the rook's square (king takes rook).
		rook := pos.PieceOn(to)
		kingTo, rookTo := chess.CastleTargets(us, to > from)
		e.subs = [2]change{{pc, from}, {rook, to}}
		e.adds = [2]change{{pc, kingTo}, {rook, rookTo}}
		e.nSub, e.nAdd = 2, 2
		return
	case chess.EnPassant:
		e.subs = [2]change{{pc, from}, {pos.PieceOn(to ^ 8), to ^ 8}}
		e.adds[0] = change{pc, to}
		e.nSub, e.nAdd = 2, 1
		return
	}
	placed := pc
	if m.Kind() == chess.Promotion {
		placed = chess.MakePiece(us, m.PromotionType())
	}
	e.subs[0] = change{pc, from}
	e.adds[0] = change{placed, to}
	e.nSub, e.nAdd = 1, 1
	if captured := pos.PieceOn(to); captured != chess.NoPiece {
		e.subs[1] = change{captured, to}
		e.nSub = 2
	}
}

// PushNull records a null move: the pieces stay, so the entry's
// accumulators are its parent's.
func (s *Stack) PushNull() {
	s.top++
	e := &s.entries[s.top]
	e.computed = false
	e.nAdd, e.nSub = 0, 0
	e.slot = s.entries[s.top-1].slot
	e.refresh = [2]bool{}
	if s.eager {
		s.apply(s.top)
	}
}

// Pop undoes the last Push or PushNull.
func (s *Stack) Pop() { s.top-- }

// Evaluate is the net's score, in centipawns from the side to move's view,
// of pos, which must be the position the stack's pushes have led to.
func (s *Stack) Evaluate(pos *chess.Position) int {
	s.update()
	us := pos.SideToMove()
	v := s.net.output(s.acc(s.top, us), s.acc(s.top, us.Other()), OutputBucket(pos.Occupied().Count()))
	if s.checking {
		if want := s.net.Evaluate(pos); v != want {
			panic(fmt.Sprintf("nnue: incremental score %d, from nothing %d, at %s", v, want, pos.FEN()))
		}
	}
	return v
}

// update brings the top entry up to date from the nearest computed one.
func (s *Stack) update() {
	base := s.top
	for !s.entries[base].computed {
		base--
	}
	for i := base + 1; i <= s.top; i++ {
		s.apply(i)
	}
}

// apply computes entry i from its parent and the move between them.
func (s *Stack) apply(i int) {
	n := s.net
	e := &s.entries[i]
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		dst, src := s.acc(i, c), s.acc(i-1, c)
		slot := e.slot[c]
		switch {
		case e.refresh[c]:
			s.refreshFromTable(c, e, dst)
		case e.nAdd == 0:
			copy(dst, src)
		case e.nAdd == 1 && e.nSub == 1:
			addSubRows(dst, src, n.row(featureAt(c, slot, e.adds[0].pc, e.adds[0].sq)),
				n.row(featureAt(c, slot, e.subs[0].pc, e.subs[0].sq)))
		case e.nAdd == 1:
			addSubSubRows(dst, src, n.row(featureAt(c, slot, e.adds[0].pc, e.adds[0].sq)),
				n.row(featureAt(c, slot, e.subs[0].pc, e.subs[0].sq)),
				n.row(featureAt(c, slot, e.subs[1].pc, e.subs[1].sq)))
		default:
			addAddSubSubRows(dst, src, n.row(featureAt(c, slot, e.adds[0].pc, e.adds[0].sq)),
				n.row(featureAt(c, slot, e.adds[1].pc, e.adds[1].sq)),
				n.row(featureAt(c, slot, e.subs[0].pc, e.subs[0].sq)),
				n.row(featureAt(c, slot, e.subs[1].pc, e.subs[1].sq)))
		}
	}
	e.computed = true
}

// refreshFromTable sets dst to perspective c's accumulator of the pieces
// e.boards, from the refresh table's entry of e's slot: the pieces the
// entry holds and the position does not are taken off, those the
// position holds and the entry does not are put on, in pairs where it
// can (one pass for two rows), and the entry then holds the position.
// Integer sums wrap alike in any order, so the result is to the bit a
// refresh from nothing.
func (s *Stack) refreshFromTable(c chess.Color, e *entry, dst []int16) {
	n := s.net
	slot := e.slot[c]
	t := &s.table[int(c)*n.Slots()+int(slot)]
	var adds, subs [32]int
	nAdd, nSub := 0, 0
	for k := range t.pieces {
		pc := chess.MakePiece(chess.Color(k/6), chess.PieceType(k%6+1))
		on, off := e.boards[k]&^t.pieces[k], t.pieces[k]&^e.boards[k]
		for on != 0 && nAdd < len(adds) {
			adds[nAdd] = featureAt(c, slot, pc, on.PopFirst())
			nAdd++
		}
		for off != 0 && nSub < len(subs) {
			subs[nSub] = featureAt(c, slot, pc, off.PopFirst())
			nSub++
		}
	}
	acc := t.acc
	paired := min(nAdd, nSub)
	for j := range paired {
		addSubRows(acc, acc, n.row(adds[j]), n.row(subs[j]))
	}
	for j := paired; j < nAdd; j++ {
		addRows(acc, n.row(adds[j]))
	}
	for j := paired; j < nSub; j++ {
		subRows(acc, n.row(subs[j]))
	}
	t.pieces = e.boards
	copy(dst, acc)
	s.refreshes++
}
