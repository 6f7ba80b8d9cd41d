package chess

import "math/bits"

// Bitboard is a set of squares, bit i for square i.
type Bitboard uint64

const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// SquareBB returns the set holding only s, which must be a square
// (0..63; not NoSquare). The shift is masked to 63, which a square never
// exceeds: Go defines a shift by 64 or more as 0 and tests for it on every
// use otherwise, and these two are among the commonest steps of make,
// move generation and the evaluation.
func SquareBB(s Square) Bitboard { return 1 << (uint(s) & 63) }

// Has reports whether s (0..63) is in the set; the mask is SquareBB's.
func (b Bitboard) Has(s Square) bool { return b&(1<<(uint(s)&63)) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square; the set must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square; the set must not be empty.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// PopFirst removes and returns the lowest square.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// More reports whether the set has more than one square.
func (b Bitboard) More() bool { return b&(b-1) != 0 }

// FileBB returns the bitboard of a file (0..7).
func FileBB(f int) Bitboard { return FileA << uint(f) }

// RankBB returns the bitboard of a rank (0..7).
func RankBB(r int) Bitboard { return Rank1 << uint(8*r) }

// North etc. shift a whole set one step, dropping what falls off the board.
func (b Bitboard) North() Bitboard     { return b << 8 }
func (b Bitboard) South() Bitboard     { return b >> 8 }
func (b Bitboard) East() Bitboard      { return (b &^ FileH) << 1 }
func (b Bitboard) West() Bitboard      { return (b &^ FileA) >> 1 }
func (b Bitboard) NorthEast() Bitboard { return (b &^ FileH) << 9 }
func (b Bitboard) NorthWest() Bitboard { return (b &^ FileA) << 7 }
func (b Bitboard) SouthEast() Bitboard { return (b &^ FileH) >> 7 }
func (b Bitboard) SouthWest() Bitboard { return (b &^ FileA) >> 9 }

// Forward shifts one rank towards the opponent of c.
func (b Bitboard) Forward(c Color) Bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

// PawnAttacksBB returns all squares attacked by the pawns in b of colour c.
func PawnAttacksBB(b Bitboard, c Color) Bitboard {
	if c == White {
		return b.NorthEast() | b.NorthWest()
	}
	return b.SouthEast() | b.SouthWest()
}

func (b Bitboard) String() string {
	out := make([]byte, 0, 72)
	for r := 7; r >= 0; r-- {
		for f := 0; f < 8; f++ {
			if b.Has(MakeSquare(f, r)) {
				out = append(out, 'x')
			} else {
				out = append(out, '.')
			}
		}
		out = append(out, '\n')
	}
	return string(out)
}
