package nnue

import (
	"fmt"
	"unsafe"

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
	// slot is each perspective's refresh table slot in this ply, set by
	// the wide path when the entry is computed: its parent's, but for a
	// king whose move takes it to another slot (another king bucket, or
	// across the mirror), whose side is then rebuilt from the refresh
	// table and the position's pieces (boardsAt).
	slot [2]uint8
	adds [2]change
	subs [2]change
}

// boards is a position's pieces, one bitboard for each colour and piece
// type: what a refresh table entry was computed from.
type boards [12]chess.Bitboard

// boardIndex is pc's bitboard in a boards.
func boardIndex(pc chess.Piece) int { return int(pc.Color())*6 + int(pc.Type()) - 1 }

// boardPieces is the piece of each bitboard of a boards.
var boardPieces = func() (p [12]chess.Piece) {
	for k := range p {
		p[k] = chess.MakePiece(chess.Color(k/6), chess.PieceType(k%6+1))
	}
	return p
}()

// finny is one refresh table entry, as in Ethereal and Stockfish
// ("Finny tables"): an accumulator of one perspective in one slot and the
// pieces it holds, so that a king that changes slot is brought to the
// position by the few pieces that differ from the last position seen in
// that slot, not by all of them from the bias.
type finny struct {
	// pieces are those of the accumulator (the wide path's table).
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
	// each net.Hidden wide, then the refresh table's.
	accs []int16
	// wide runs every net that is not flat (wide.go).
	wide widePath
	// table is the refresh table: each perspective's net.Slots() entries.
	table []finny
	// views is each perspective's view from each slot, for the wide
	// path's row lookups.
	views [2][2 * MaxKingBuckets]view
	top   int
	// checking holds every score to one computed from nothing (SetChecking).
	checking bool
	// eager computes each entry as it is pushed (SetEager).
	eager bool
	// noTable refreshes from nothing instead (SetRefreshTable).
	noTable bool
	// refreshes counts the refreshes from the table, and
	// scratchRefreshes those from nothing, for the tests.
	refreshes, scratchRefreshes int

	// flat is set for a net of one block, one king bucket and no
	// mirroring (versions 1 and 2, the embedded net). Its plies then run
	// on the views below, arrays of fixed size over the same memory as
	// accs and the net's weights: the updates index them with constant
	// bounds, with no loop over blocks, no re-slicing and no slot or
	// refresh to consult. On the general path this net's bench takes
	// more instructions (commit 4362e28 counts them).
	flat     bool
	flatAcc  *[MaxDepth + 1][2][block]int16
	flatRows *[Inputs][block]int16
	flatOut  *[OutputBuckets][2][block]int16
}

// SetEager makes Push compute each ply's accumulators at once, as
// Stockfish 12's did, instead of when the ply is first evaluated. The
// search never sets it: it is kept to measure the lazy stack against
// (BenchmarkBenchNet in internal/search, docs/nnue.md).
func (s *Stack) SetEager(on bool) { s.eager = on }

// SetRefreshTable(false) rebuilds a perspective whose king changed slot
// from the bias and all its pieces, as Berserk 8 does, instead of from the
// refresh table: the same bits, more rows. The search never sets it: it
// is kept to measure the table against (BenchmarkBenchNet in
// internal/search, docs/nnue.md).
func (s *Stack) SetRefreshTable(on bool) { s.noTable = !on }

// Refreshes counts the perspectives rebuilt since the stack was made,
// from the refresh table and from nothing (SetRefreshTable).
func (s *Stack) Refreshes() (table, scratch int) { return s.refreshes, s.scratchRefreshes }

// SetChecking makes Evaluate check its incremental score against one from
// nothing and panic where they differ: for tests of a search, which must
// push every move it makes. It costs a refresh an evaluation.
func (s *Stack) SetChecking(on bool) { s.checking = on }

// Depth is the number of pushes not yet popped.
func (s *Stack) Depth() int { return s.top }

// NewStack makes a stack for net, with all its memory: nothing a search
// does with it allocates.
func NewStack(net *Net) *Stack {
	h, slots := net.Hidden, net.Slots()
	s := &Stack{net: net, accs: alignedInt16((MaxDepth+1)*2*h + 2*slots*h)}
	s.table = make([]finny, 2*slots)
	for c := range s.views {
		for slot := range slots {
			s.views[c][slot] = makeView(chess.Color(c), uint8(slot))
		}
	}
	if h == block && net.KingBuckets == 1 && !net.Mirrored {
		// The slice-to-array conversions check the lengths; the arrays
		// of pairs have the layout of the arrays of blocks.
		s.flat = true
		s.flatAcc = (*[MaxDepth + 1][2][block]int16)(unsafe.Pointer((*[(MaxDepth + 1) * 2][block]int16)(blocksOf(s.accs))))
		s.flatRows = (*[Inputs][block]int16)(blocksOf(net.FeatureWeights))
		s.flatOut = (*[OutputBuckets][2][block]int16)(unsafe.Pointer((*[OutputBuckets * 2][block]int16)(blocksOf(net.OutputWeights))))
		return s
	}
	switch h / block {
	case 1:
		s.wide = newWide[[1][block]int16](s)
	case 2:
		s.wide = newWide[[2][block]int16](s)
	case 3:
		s.wide = newWide[[3][block]int16](s)
	default:
		s.wide = newWide[[4][block]int16](s)
	}
	return s
}

// Net is the stack's net.
func (s *Stack) Net() *Net { return s.net }

// view is how one perspective sees the board from one refresh table
// slot: the row of each piece code (as pieceRows) on the square a1 as
// seen, in the slot's king bucket, and the xor that turns a square into
// the perspective's (Black's board turned round, a mirrored slot's
// turned left to right). A change's row is then a load, an xor and two
// adds, where featureAt tests the piece's colour, the perspective and
// the mirror.
type view struct {
	rows [16]int32
	xor  chess.Square
}

func makeView(c chess.Color, slot uint8) view {
	v := view{xor: relative(c, chess.Square(7*(slot&1)))}
	for pc := range v.rows {
		v.rows[pc] = int32(int(slot>>1)*Inputs + pieceRows[c][pc])
	}
	return v
}

// row is change ch's row as seen by v.
func (v *view) row(ch change) int {
	return int(v.rows[ch.pc&15]) + int(ch.sq^v.xor)
}

// acc is entry i's accumulator of perspective c.
func (s *Stack) acc(i int, c chess.Color) []int16 {
	h := s.net.Hidden
	o := (2*i + int(c)) * h
	return s.accs[o : o+h]
}

// next is the block after p, which must not be the last of its slice:
// the kernels walk their blocks with it.
func next(p *[block]int16) *[block]int16 {
	return (*[block]int16)(unsafe.Add(unsafe.Pointer(p), block*2))
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
	s.record(e, pos, m)
}

// boardsAt is the pieces of entry i's position, from pos, the position
// of entry at: with the moves of the entries above i taken back when at
// is above i (a lazy stack's update, from the position evaluated), or
// with entry i's move made when at is its parent (an eager Push, from
// the position before the move). A refresh takes its pieces from here
// when it is computed, so that a king move whose ply is never evaluated
// costs no copy of the board.
func (s *Stack) boardsAt(pos *chess.Position, at, i int) boards {
	var b boards
	white := pos.ByColor(chess.White)
	for t := chess.Pawn; t <= chess.King; t++ {
		p := pos.ByType(t)
		b[t-1], b[t+5] = p&white, p&^white
	}
	if at < i {
		e := &s.entries[i]
		for _, ch := range e.subs[:e.nSub] {
			b[boardIndex(ch.pc)] &^= chess.SquareBB(ch.sq)
		}
		for _, ch := range e.adds[:e.nAdd] {
			b[boardIndex(ch.pc)] |= chess.SquareBB(ch.sq)
		}
		return b
	}
	for ; at > i; at-- {
		e := &s.entries[at]
		// What the move put down comes off first: a Chess960 king that
		// castles without moving is taken up and put down on one square.
		for _, ch := range e.adds[:e.nAdd] {
			b[boardIndex(ch.pc)] &^= chess.SquareBB(ch.sq)
		}
		for _, ch := range e.subs[:e.nSub] {
			b[boardIndex(ch.pc)] |= chess.SquareBB(ch.sq)
		}
	}
	return b
}

// record writes into e, the top entry, the pieces that m, made on pos,
// puts down and takes up, and computes the entry at once if the stack is
// eager. The mover is the first piece taken up and, for a king, the
// king is the first put down: the wide path's apply, which has the
// parent's slots, finds a king that changes slot from them, so that
// Push does the same work for every net. All of
// Push's work after its bookkeeping is here, so that Push is small
// enough for the search to inline and keeps no value across the call:
// Push and record cost the embedded net's bench 42.6M instructions
// before, 34.2M so.
func (s *Stack) record(e *entry, pos *chess.Position, m chess.Move) {
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
	case chess.EnPassant:
		e.subs = [2]change{{pc, from}, {pos.PieceOn(to ^ 8), to ^ 8}}
		e.adds[0] = change{pc, to}
		e.nSub, e.nAdd = 2, 1
	default:
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
	if s.eager {
		s.apply(s.top, pos, s.top-1)
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
		// A null move refreshes nothing, so it needs no position.
		s.apply(s.top, nil, s.top-1)
	}
}

// Pop undoes the last Push or PushNull.
func (s *Stack) Pop() { s.top-- }

// Evaluate is the net's score, in centipawns from the side to move's view,
// of pos, which must be the position the stack's pushes have led to.
func (s *Stack) Evaluate(pos *chess.Position) int {
	us := pos.SideToMove()
	bucket := OutputBucket(pos.Occupied().Count())
	var v int
	if s.flat {
		s.updateFlat()
		a := &s.flatAcc[s.top]
		v = s.flatOutput(&a[us], &a[us.Other()], bucket)
	} else {
		v = s.wide.evaluate(s, pos, us, bucket)
	}
	if s.checking {
		if want := s.net.Evaluate(pos); v != want {
			panic(fmt.Sprintf("nnue: incremental score %d, from nothing %d, at %s", v, want, pos.FEN()))
		}
	}
	return v
}

// updateFlat brings the top entry of a flat stack up to date from the
// nearest computed one.
func (s *Stack) updateFlat() {
	base := s.top
	for !s.entries[base].computed {
		base--
	}
	for i := base + 1; i <= s.top; i++ {
		s.applyFlat(i)
	}
}

// apply computes entry i from its parent and the move between them;
// pos is the position of entry at (boardsAt).
func (s *Stack) apply(i int, pos *chess.Position, at int) {
	if s.flat {
		s.applyFlat(i)
		return
	}
	s.wide.apply(s, i, pos, at)
}

// flatOutput is Net.output for a flat stack: bucket's weights are two
// blocks.
func (s *Stack) flatOutput(us, them *[block]int16, bucket int) int {
	w := &s.flatOut[bucket]
	return outputOf(us, them, &w[0], &w[1], 1, s.net.OutputBias[bucket])
}

// applyFlat is apply for a flat stack: the move's kind is tested once
// for both perspectives, and each row is the input's own (Feature), as
// there is one king bucket and no mirroring.
func (s *Stack) applyFlat(i int) {
	e := &s.entries[i]
	dst, src, r := &s.flatAcc[i], &s.flatAcc[i-1], s.flatRows
	switch {
	case e.nAdd == 0:
		*dst = *src
	case e.nAdd == 1 && e.nSub == 1:
		aw, ab := flatRows(e.adds[0])
		bw, bb := flatRows(e.subs[0])
		addSubPair(&dst[chess.White], &src[chess.White], &r[aw], &r[bw], &r[ab], &r[bb], 1)
	case e.nAdd == 1:
		aw, ab := flatRows(e.adds[0])
		b1w, b1b := flatRows(e.subs[0])
		b2w, b2b := flatRows(e.subs[1])
		addSubSubPair(&dst[chess.White], &src[chess.White], &r[aw], &r[b1w], &r[b2w], &r[ab], &r[b1b], &r[b2b], 1)
	default:
		a1w, a1b := flatRows(e.adds[0])
		a2w, a2b := flatRows(e.adds[1])
		b1w, b1b := flatRows(e.subs[0])
		b2w, b2b := flatRows(e.subs[1])
		addAddSubSub(&dst[chess.White], &src[chess.White], &r[a1w], &r[a2w], &r[b1w], &r[b2w], 1)
		addAddSubSub(&dst[chess.Black], &src[chess.Black], &r[a1b], &r[a2b], &r[b1b], &r[b2b], 1)
	}
	e.computed = true
}

// pieceRows is each piece's Feature on a1 for each perspective. Feature
// of a square is that plus the square as the perspective sees it
// (flatRows): a load and an add where Feature tests the piece's colour
// and the perspective.
var pieceRows = func() (rows [2][16]int) {
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			for _, colour := range [2]chess.Color{chess.White, chess.Black} {
				piece := chess.MakePiece(colour, t)
				rows[c][piece] = Feature(c, piece, chess.A1) - int(relative(c, chess.A1))
			}
		}
	}
	return rows
}()

// flatRows is Feature of change ch for White and for Black.
func flatRows(ch change) (white, black int) {
	pc := ch.pc & 15
	return pieceRows[chess.White][pc] + int(ch.sq), pieceRows[chess.Black][pc] + int(relative(chess.Black, ch.sq))
}
