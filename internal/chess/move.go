package chess

// Move packs a move into 32 bits:
//
//	bits  0-5   from square
//	bits  6-11  to square (for castling: the castling rook's square, "king takes rook")
//	bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//	bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
//
// The upper 16 bits are free for callers; NoMove is zero (a1a1 is never legal).
type Move uint32

const NoMove Move = 0

// Move kinds.
const (
	Normal    = 0
	Promotion = 1 << 14
	EnPassant = 2 << 14
	Castling  = 3 << 14
	kindMask  = 3 << 14
)

// NewMove builds a normal move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// NewPromotion builds a promotion to piece type pt (Knight..Queen).
func NewPromotion(from, to Square, pt PieceType) Move {
	return Move(from) | Move(to)<<6 | Move(pt-Knight)<<12 | Promotion
}

func newSpecial(from, to Square, kind Move) Move { return Move(from) | Move(to)<<6 | kind }

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the target square; for castling it is the rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Kind returns Normal, Promotion, EnPassant or Castling.
func (m Move) Kind() Move { return m & kindMask }

// IsPromotion reports a promotion.
func (m Move) IsPromotion() bool { return m&kindMask == Promotion }

// IsCastling reports a castling move.
func (m Move) IsCastling() bool { return m&kindMask == Castling }

// IsEnPassant reports an en passant capture.
func (m Move) IsEnPassant() bool { return m&kindMask == EnPassant }

// PromotionType returns the piece promoted to, or NoPieceType.
func (m Move) PromotionType() PieceType {
	if m&kindMask != Promotion {
		return NoPieceType
	}
	return PieceType(m>>12&3) + Knight
}

// Base strips the caller bits above bit 15.
func (m Move) Base() Move { return m & 0xFFFF }

// MoveList is a fixed-size list that generators append to without allocating.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// MaxMoves bounds the legal moves of any position (the record is 218).
const MaxMoves = 256

func (l *MoveList) add(m Move) {
	l.Moves[l.N] = m
	l.N++
}

// Slice returns the generated moves.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// Contains reports whether m (compared without caller bits) is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.N] {
		if x.Base() == m.Base() {
			return true
		}
	}
	return false
}
