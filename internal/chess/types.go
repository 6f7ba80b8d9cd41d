// Package chess holds the board: bitboards, attack tables, the position with
// make/unmake, legal move generation, FEN and move notation, SEE and perft.
// It imports nothing else from Matador.
package chess

// Color is White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "w"
	}
	return "b"
}

// PieceType is a piece without its colour. NoPieceType is zero so that an
// empty mailbox square reads as "no piece".
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece: type*2+colour would also work, but keeping the
// colour in bit 3 lets Type() and Color() be a mask and a shift.
type Piece uint8

const NoPiece Piece = 0

// MakePiece combines a colour and a type.
func MakePiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<3 | uint8(t)) }

// Type returns the piece type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece colour (meaningless for NoPiece). The mask
// changes nothing for a piece (below 16) and tells the compiler that the
// colour indexes a two-entry array without a bounds check.
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

const pieceChars = " PNBRQK  pnbrqk"

// Char returns the FEN letter of the piece (upper case for White).
func (p Piece) Char() byte { return pieceChars[p] }

func pieceFromChar(ch byte) (Piece, bool) {
	for i := 1; i < len(pieceChars); i++ {
		if pieceChars[i] == ch && ch != ' ' {
			return Piece(i), true
		}
	}
	return NoPiece, false
}

// Square is 0..63 with a1=0, h1=7, a8=56. NoSquare marks "none".
type Square int8

const NoSquare Square = -1

// Named squares of the first and last ranks, for tests (castling computes
// its squares with MakeSquare).
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
)

const (
	A8 Square = 56 + iota
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// MakeSquare builds a square from file and rank (0-based).
func MakeSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0..7 for a..h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns 0..7 for 1..8.
func (s Square) Rank() int { return int(s) >> 3 }

// RelativeRank returns the rank as seen from colour c (0 = own back rank).
func (s Square) RelativeRank(c Color) int {
	if c == White {
		return s.Rank()
	}
	return 7 - s.Rank()
}

// Flip mirrors the square vertically (a1 <-> a8).
func (s Square) Flip() Square { return s ^ 56 }

func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads "e4"; ok is false on anything else.
func ParseSquare(str string) (Square, bool) {
	if len(str) != 2 || str[0] < 'a' || str[0] > 'h' || str[1] < '1' || str[1] > '8' {
		return NoSquare, false
	}
	return MakeSquare(int(str[0]-'a'), int(str[1]-'1')), true
}

// Castling rights: one bit per colour and side.
const (
	WhiteKingSide  = 1
	WhiteQueenSide = 2
	BlackKingSide  = 4
	BlackQueenSide = 8
	AllCastling    = 15
)
