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

// entry is one ply's accumulators and the move that led to them, as the
// pieces it put down and took up: at most two of each (castling), so one
// of four update kernels covers every move.
type entry struct {
	_        [0]uint64 // 8-byte alignment for the kernels' uint64 reads
	acc      [2][Hidden]int16
	computed bool
	adds     [2]change
	subs     [2]change
	nAdd     int8
	nSub     int8
}

// Stack is a search thread's accumulators, one entry a ply. It is lazy,
// as Ethereal's is: Push records what a move changes, and an entry's
// accumulators are brought up to date, from the nearest computed one
// below, only when its position is evaluated, so the many nodes that are
// cut before their evaluation cost no update.
type Stack struct {
	net     *Net
	entries [MaxDepth + 1]entry
	top     int
	// checking holds every score to one computed from nothing (SetChecking).
	checking bool
	// eager computes each entry as it is pushed (SetEager).
	eager bool
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

// NewStack makes a stack for net.
func NewStack(net *Net) *Stack { return &Stack{net: net} }

// Net is the stack's net.
func (s *Stack) Net() *Net { return s.net }

// Reset makes pos the stack's root, its accumulators computed from
// nothing.
func (s *Stack) Reset(pos *chess.Position) {
	s.top = 0
	e := &s.entries[0]
	s.net.refresh(pos, chess.White, &e.acc[chess.White])
	s.net.refresh(pos, chess.Black, &e.acc[chess.Black])
	e.computed = true
}

// Push records move m, to be made on pos next (pos is still the position
// before it). Every Push is undone by one Pop.
func (s *Stack) Push(pos *chess.Position, m chess.Move) {
	s.top++
	e := &s.entries[s.top]
	e.computed = false
	record(e, pos, m)
	if s.eager {
		s.apply(&s.entries[s.top-1], e)
	}
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
	if s.eager {
		s.apply(&s.entries[s.top-1], e)
	}
}

// Pop undoes the last Push or PushNull.
func (s *Stack) Pop() { s.top-- }

// Evaluate is the net's score, in centipawns from the side to move's view,
// of pos, which must be the position the stack's pushes have led to.
func (s *Stack) Evaluate(pos *chess.Position) int {
	s.update()
	e := &s.entries[s.top]
	us := pos.SideToMove()
	v := s.net.output(&e.acc[us], &e.acc[us.Other()], OutputBucket(pos.Occupied().Count()))
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
		s.apply(&s.entries[i-1], &s.entries[i])
	}
}

// apply computes e from its parent and the move between them.
func (s *Stack) apply(parent, e *entry) {
	n := s.net
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		dst, src := &e.acc[c], &parent.acc[c]
		switch {
		case e.nAdd == 0:
			*dst = *src
		case e.nAdd == 1 && e.nSub == 1:
			addSub(dst, src, n.row(Feature(c, e.adds[0].pc, e.adds[0].sq)),
				n.row(Feature(c, e.subs[0].pc, e.subs[0].sq)))
		case e.nAdd == 1:
			addSubSub(dst, src, n.row(Feature(c, e.adds[0].pc, e.adds[0].sq)),
				n.row(Feature(c, e.subs[0].pc, e.subs[0].sq)),
				n.row(Feature(c, e.subs[1].pc, e.subs[1].sq)))
		default:
			addAddSubSub(dst, src, n.row(Feature(c, e.adds[0].pc, e.adds[0].sq)),
				n.row(Feature(c, e.adds[1].pc, e.adds[1].sq)),
				n.row(Feature(c, e.subs[0].pc, e.subs[0].sq)),
				n.row(Feature(c, e.subs[1].pc, e.subs[1].sq)))
		}
	}
	e.computed = true
}
