package chess

// state is the part of a position that a move changes but cannot be
// recomputed from the move alone: make saves it whole in the history and
// unmake restores it with one copy.
type state struct {
	key           uint64
	pawnKey       uint64
	checkers      Bitboard
	rule50        int
	pliesFromNull int
	epSquare      Square
	castling      uint8
}

// undoState is what make pushes and unmake pops: the state before the
// move, the move and what it captured.
type undoState struct {
	state
	move     Move
	captured Piece
}

// Position is a chess position with the history needed to unmake moves and
// detect repetitions. The zero value is not usable; build one with ParseFEN
// or StartPosition.
type Position struct {
	board [64]Piece
	// byType: index 0 holds all occupied squares, 1..6 the piece types;
	// index 7 is never set, there so that a Piece's Type (its low three
	// bits) indexes it without a bounds check.
	byType  [8]Bitboard
	byColor [2]Bitboard
	side    Color

	state
	gamePly int

	// castleRook[i] is the rook square that castling right bit i refers to;
	// castleMask[s] holds the rights lost when a move touches s.
	castleRook [4]Square
	castleMask [64]uint8
	chess960   bool

	history []undoState
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the standard starting position.
func StartPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// historyReserve is the room for moves a clone keeps beyond its history
// (about 28 KB), more than a search goes deep, so that a search never
// allocates to make a move. A position from ParseFEN keeps none: a tuner
// holds millions of them and plays on none.
const historyReserve = 512

// Clone returns an independent deep copy with room for historyReserve more
// moves (for searches and search threads).
func (p *Position) Clone() *Position {
	c := *p
	c.history = make([]undoState, len(p.history), len(p.history)+historyReserve)
	copy(c.history, p.history)
	return &c
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Key returns the Zobrist key of the position.
func (p *Position) Key() uint64 { return p.key }

// PawnKey returns the Zobrist key of the pawns alone (for pawn hashing).
func (p *Position) PawnKey() uint64 { return p.pawnKey }

// PieceOn returns the piece on s, or NoPiece.
func (p *Position) PieceOn(s Square) Piece { return p.board[s] }

// Occupied returns all occupied squares.
func (p *Position) Occupied() Bitboard { return p.byType[0] }

// ByColor returns the pieces of colour c (masked to its bit: no bounds check).
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// ByType returns the pieces of type t of both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// Pieces returns the pieces of colour c and type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

// KingSquare returns the square of c's king (c masked as in ByColor).
func (p *Position) KingSquare(c Color) Square { return (p.byColor[c&1] & p.byType[King]).First() }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard { return p.checkers }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.checkers != 0 }

// EPSquare returns the en passant target square, set only when an e.p.
// capture is legal, else NoSquare.
func (p *Position) EPSquare() Square { return p.epSquare }

// CastlingRights returns the rights bitmask.
func (p *Position) CastlingRights() uint8 { return p.castling }

// Rule50 returns the half-move clock.
func (p *Position) Rule50() int { return p.rule50 }

// GamePly returns the number of half moves since the game's start.
func (p *Position) GamePly() int { return p.gamePly }

// FullMoveNumber returns the FEN full-move number.
func (p *Position) FullMoveNumber() int { return p.gamePly/2 + 1 }

// Chess960 reports whether castling moves are written king-takes-rook.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 selects king-takes-rook castling notation.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// LastMove returns the move that led here, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.history) == 0 {
		return NoMove
	}
	return p.history[len(p.history)-1].move
}

// CapturedPiece returns the piece captured by the last move, or NoPiece.
func (p *Position) CapturedPiece() Piece {
	if len(p.history) == 0 {
		return NoPiece
	}
	return p.history[len(p.history)-1].captured
}

// HasNonPawnMaterial reports whether colour c has a piece other than pawns and king.
func (p *Position) HasNonPawnMaterial(c Color) bool {
	return p.byColor[c&1]&^(p.byType[Pawn]|p.byType[King]) != 0
}

// putPiece and removePiece take squares (0..63); the masks state it to
// the compiler, which then tests no index: make and unmake call them for
// every capture. (movePiece's squares come from the move, whose masks
// the compiler sees, and a mask more would stop its inlining.)
func (p *Position) putPiece(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s&63] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
}

func (p *Position) removePiece(s Square) {
	b := SquareBB(s)
	pc := p.board[s&63]
	p.board[s&63] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
}

func (p *Position) movePiece(from, to Square) {
	pc := p.board[from]
	b := SquareBB(from) | SquareBB(to)
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byType[0] ^= b
	p.byType[pc.Type()] ^= b
	p.byColor[pc.Color()] ^= b
}

// AttackersTo returns the pieces of both colours attacking s with occupancy occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard {
	return (pawnAttacks[Black][s] & p.byColor[White] & p.byType[Pawn]) |
		(pawnAttacks[White][s] & p.byColor[Black] & p.byType[Pawn]) |
		(knightAttacks[s] & p.byType[Knight]) |
		(kingAttacks[s] & p.byType[King]) |
		(RookAttacks(s, occ) & (p.byType[Rook] | p.byType[Queen])) |
		(BishopAttacks(s, occ) & (p.byType[Bishop] | p.byType[Queen]))
}

// Attacked reports whether colour by attacks s with occupancy occ.
func (p *Position) Attacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	if pawnAttacks[by^1][s]&them&p.byType[Pawn] != 0 ||
		knightAttacks[s]&them&p.byType[Knight] != 0 ||
		kingAttacks[s]&them&p.byType[King] != 0 {
		return true
	}
	if RookAttacks(s, occ)&them&(p.byType[Rook]|p.byType[Queen]) != 0 {
		return true
	}
	return BishopAttacks(s, occ)&them&(p.byType[Bishop]|p.byType[Queen]) != 0
}

// Pinned returns the pieces of colour c that are pinned to c's king
// (by sliders of the other colour).
func (p *Position) Pinned(c Color) Bitboard {
	return p.blockers(p.KingSquare(c), p.byColor[c^1]) & p.byColor[c]
}

// blockers returns the pieces that stand alone between ksq and a slider of
// sliders that would attack ksq along its line were they gone.
//
// The squares are masked to 63, which they never exceed, to spare the
// bounds checks: the move generator asks this at every node.
func (p *Position) blockers(ksq Square, sliders Bitboard) Bitboard {
	ksq &= 63
	snipers := ((rookRays[ksq] & (p.byType[Rook] | p.byType[Queen])) |
		(bishopRays[ksq] & (p.byType[Bishop] | p.byType[Queen]))) & sliders
	var found Bitboard
	occ := p.byType[0]
	rays := &between[ksq]
	for snipers != 0 {
		s := snipers.PopFirst()
		b := rays[s&63] & occ
		if b != 0 && !b.More() {
			found |= b
		}
	}
	return found
}

// castleIndex maps (colour, king side?) to the castling right bit index.
func castleIndex(c Color, kingSide bool) int {
	i := int(c) * 2
	if !kingSide {
		i++
	}
	return i
}

// CastleTargets returns the king's and rook's squares after castling, in
// standard chess and Chess960 alike.
func CastleTargets(c Color, kingSide bool) (kingTo, rookTo Square) {
	rank := 0
	if c == Black {
		rank = 7
	}
	if kingSide {
		return MakeSquare(6, rank), MakeSquare(5, rank)
	}
	return MakeSquare(2, rank), MakeSquare(3, rank)
}

// MakeMove plays a legal move. Passing an illegal move corrupts the position;
// use IsLegal first for moves from untrusted sources.
func (p *Position) MakeMove(m Move) {
	// The state before the move goes whole into the history, for
	// UnmakeMove to restore with one copy. push hands out the entry to
	// fill in place: append would build it zeroed on the stack and copy
	// it, at every move.
	u := p.push()
	u.state, u.move, u.captured = p.state, m, NoPiece
	us, them := p.side&1, p.side&1^1 // masked, for the compiler: a colour indexes unchecked
	from, to := m.From(), m.To()
	pc := p.board[from]
	key := p.key ^ zobristSide

	p.rule50++
	p.pliesFromNull++
	p.gamePly++
	if p.epSquare != NoSquare {
		key ^= zobristEPFile[p.epSquare.File()]
		p.epSquare = NoSquare
	}

	if m.Kind() == Castling {
		kingSide := to > from
		kingTo, rookTo := CastleTargets(us, kingSide)
		rook := p.board[to]
		p.removePiece(from)
		p.removePiece(to)
		p.putPiece(pc, kingTo)
		p.putPiece(rook, rookTo)
		key ^= pieceKey(pc, from) ^ pieceKey(pc, kingTo) ^
			pieceKey(rook, to) ^ pieceKey(rook, rookTo)
	} else {
		captured := p.board[to]
		capSq := to
		if m.Kind() == EnPassant {
			capSq = to ^ 8
			captured = p.board[capSq]
		}
		if captured != NoPiece {
			u.captured = captured
			p.removePiece(capSq)
			key ^= pieceKey(captured, capSq)
			if captured.Type() == Pawn {
				p.pawnKey ^= pieceKey(captured, capSq)
			}
			p.rule50 = 0
		}
		p.movePiece(from, to)
		key ^= pieceKey(pc, from) ^ pieceKey(pc, to)
		if pc.Type() == Pawn {
			p.rule50 = 0
			p.pawnKey ^= pieceKey(pc, from)
			if m.Kind() == Promotion {
				promo := MakePiece(us, m.PromotionType())
				p.removePiece(to)
				p.putPiece(promo, to)
				key ^= pieceKey(pc, to) ^ pieceKey(promo, to)
			} else {
				p.pawnKey ^= pieceKey(pc, to)
				if int(to)^int(from) == 16 {
					ep := (from + to) / 2
					// The e.p. square counts (in the key and FEN) only when a
					// capture on it is legal.
					p.side = them
					if p.epCaptureLegal(ep) {
						p.epSquare = ep
						key ^= zobristEPFile[ep.File()]
					}
					p.side = us
				}
			}
		}
	}

	if cm := p.castleMask[from] | p.castleMask[to]; cm&p.castling != 0 {
		key ^= zobristCastling[p.castling]
		p.castling &^= cm
		key ^= zobristCastling[p.castling]
	}

	p.side = them
	p.key = key
	p.checkers = p.checkersOf(them)
}

// push extends the history by one entry, for the caller to fill, and
// returns it.
func (p *Position) push() *undoState {
	n := len(p.history)
	if n < cap(p.history) {
		p.history = p.history[:n+1]
	} else {
		p.history = append(p.history, undoState{})
	}
	return &p.history[n]
}

// pieceKey is the Zobrist key of pc (below 16) on s, the masks sparing
// the bounds checks in MakeMove.
func pieceKey(pc Piece, s Square) uint64 { return zobristPiece[pc&15][s&63] }

// checkersOf returns the pieces giving check to c's king: AttackersTo
// narrowed to the other side before the lookups, without the king, which
// never checks. MakeMove asks it after every move (the masks: ByColor's).
func (p *Position) checkersOf(c Color) Bitboard {
	ksq := p.KingSquare(c) & 63
	them := p.byColor[(c^1)&1]
	occ := p.byType[0]
	return them & ((pawnAttacks[c&1][ksq] & p.byType[Pawn]) |
		(knightAttacks[ksq] & p.byType[Knight]) |
		(RookAttacks(ksq, occ) & (p.byType[Rook] | p.byType[Queen])) |
		(BishopAttacks(ksq, occ) & (p.byType[Bishop] | p.byType[Queen])))
}

// epCaptureLegal reports whether the side to move has a legal e.p. capture
// onto ep (the pawn that just double-pushed stands in front of it).
func (p *Position) epCaptureLegal(ep Square) bool {
	us := p.side
	capturers := pawnAttacks[us^1][ep] & p.Pieces(us, Pawn)
	if capturers == 0 {
		return false
	}
	ksq := p.KingSquare(us)
	capSq := ep ^ 8
	for capturers != 0 {
		from := capturers.PopFirst()
		occ := p.byType[0] ^ SquareBB(from) ^ SquareBB(capSq) | SquareBB(ep)
		attackers := p.AttackersTo(ksq, occ) & p.byColor[us^1] &^ SquareBB(capSq)
		if attackers == 0 {
			return true
		}
	}
	return false
}

// UnmakeMove takes back m, which must be the last move made.
func (p *Position) UnmakeMove(m Move) {
	u := &p.history[len(p.history)-1]
	them := p.side
	us := them ^ 1
	from, to := m.From(), m.To()

	if m.Kind() == Castling {
		kingSide := to > from
		kingTo, rookTo := CastleTargets(us, kingSide)
		king, rook := p.board[kingTo], p.board[rookTo]
		p.removePiece(kingTo)
		p.removePiece(rookTo)
		p.putPiece(king, from)
		p.putPiece(rook, to)
	} else {
		if m.Kind() == Promotion {
			p.removePiece(to)
			p.putPiece(MakePiece(us, Pawn), to)
		}
		p.movePiece(to, from)
		if u.captured != NoPiece {
			capSq := to
			if m.Kind() == EnPassant {
				capSq = to ^ 8
			}
			p.putPiece(u.captured, capSq)
		}
	}

	p.side = us
	p.state = u.state
	p.gamePly--
	p.history = p.history[:len(p.history)-1]
}

// MakeNullMove passes the turn (for null-move pruning); not legal in check.
func (p *Position) MakeNullMove() {
	p.history = append(p.history, undoState{state: p.state, move: NoMove})
	p.key ^= zobristSide
	if p.epSquare != NoSquare {
		p.key ^= zobristEPFile[p.epSquare.File()]
		p.epSquare = NoSquare
	}
	p.rule50++
	p.pliesFromNull = 0
	p.gamePly++
	p.side ^= 1
	p.checkers = 0
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() {
	u := &p.history[len(p.history)-1]
	p.side ^= 1
	p.state = u.state
	p.gamePly--
	p.history = p.history[:len(p.history)-1]
}

// IsRepetition reports a repetition that makes the position a draw for the
// search: one earlier occurrence within the last searchPly plies (inside the
// search tree), or two earlier occurrences in all (a threefold repetition
// that reaches back into the game).
func (p *Position) IsRepetition(searchPly int) bool {
	end := p.rule50
	if p.pliesFromNull < end {
		end = p.pliesFromNull
	}
	n := len(p.history)
	if end > n {
		end = n
	}
	count := 0
	for i := 4; i <= end; i += 2 {
		if p.history[n-i].key == p.key {
			if i <= searchPly {
				return true
			}
			count++
			if count >= 2 {
				return true
			}
		}
	}
	return false
}

// RepetitionCount returns how many times the current position occurred
// before (0 for a first occurrence), for claiming threefold repetition.
func (p *Position) RepetitionCount() int {
	n := len(p.history)
	end := p.rule50
	if end > n {
		end = n
	}
	count := 0
	for i := 4; i <= end; i += 2 {
		if p.history[n-i].key == p.key {
			count++
		}
	}
	return count
}

// InsufficientMaterial reports a position where neither side can mate:
// bare kings, a single minor piece, or only bishops all on one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.More() {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	const dark Bitboard = 0xAA55AA55AA55AA55
	b := p.byType[Bishop]
	return b&dark == 0 || b&^dark == 0
}

// computeKeys recomputes the Zobrist keys from scratch.
func (p *Position) computeKeys() (key, pawnKey uint64) {
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			key ^= zobristPiece[pc][s]
			if pc.Type() == Pawn {
				pawnKey ^= zobristPiece[pc][s]
			}
		}
	}
	key ^= zobristCastling[p.castling]
	if p.epSquare != NoSquare {
		key ^= zobristEPFile[p.epSquare.File()]
	}
	if p.side == Black {
		key ^= zobristSide
	}
	return key, pawnKey
}
