package chess

// Attack tables, all built once at start-up by init.
var (
	pawnAttacks   [2][64]Bitboard
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	// between[a][b]: squares strictly between a and b on a shared line, else 0.
	between [64][64]Bitboard
	// line[a][b]: the whole board line through a and b, else 0.
	line [64][64]Bitboard
)

// magic holds one square's entry of the fancy magic-bitboard scheme: the
// relevant occupancy mask, the multiplier, the shift and the slice of the
// shared attack table.
type magic struct {
	mask   Bitboard
	factor uint64
	shift  uint8
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    [0x19000]Bitboard
	bishopTable  [0x1480]Bitboard
)

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slidingAttacks walks the rays square by square; it is only used to build
// the tables and to check them in tests.
func slidingAttacks(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := MakeSquare(f, r)
			att |= SquareBB(t)
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

func init() {
	for s := Square(0); s < 64; s++ {
		b := SquareBB(s)
		pawnAttacks[White][s] = PawnAttacksBB(b, White)
		pawnAttacks[Black][s] = PawnAttacksBB(b, Black)
		knightAttacks[s] = (b.North().North().East() | b.North().North().West() |
			b.South().South().East() | b.South().South().West() |
			b.East().East().North() | b.East().East().South() |
			b.West().West().North() | b.West().West().South())
		kingAttacks[s] = b.North() | b.South() | b.East() | b.West() |
			b.NorthEast() | b.NorthWest() | b.SouthEast() | b.SouthWest()
	}
	initMagics(&rookMagics, rookTable[:], rookDirs)
	initMagics(&bishopMagics, bishopTable[:], bishopDirs)
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [][4][2]int{rookDirs, bishopDirs} {
			for b := Square(0); b < 64; b++ {
				if a == b || !slidingAttacks(a, 0, dirs).Has(b) {
					continue
				}
				line[a][b] = (slidingAttacks(a, 0, dirs) & slidingAttacks(b, 0, dirs)) | SquareBB(a) | SquareBB(b)
				between[a][b] = slidingAttacks(a, SquareBB(b), dirs) & slidingAttacks(b, SquareBB(a), dirs)
			}
		}
	}
}

// initMagics finds a multiplier per square by trial with a fixed-seed
// generator, so start-up is deterministic and takes a few milliseconds.
func initMagics(magics *[64]magic, table []Bitboard, dirs [4][2]int) {
	var occs, refs [4096]Bitboard
	var epoch [4096]int
	rng := xorshift(0x9E3779B97F4A7C15)
	offset := 0
	attempt := 0
	for s := Square(0); s < 64; s++ {
		edges := ((Rank1 | Rank8) &^ RankBB(s.Rank())) | ((FileA | FileH) &^ FileBB(s.File()))
		m := &magics[s]
		m.mask = slidingAttacks(s, 0, dirs) &^ edges
		bitsN := m.mask.Count()
		m.shift = uint8(64 - bitsN)
		size := 1 << uint(bitsN)
		m.offset = uint32(offset)
		attacks := table[offset : offset+size]
		offset += size
		// Carry-Rippler walk over all subsets of the mask.
		n := 0
		var sub Bitboard
		for {
			occs[n] = sub
			refs[n] = slidingAttacks(s, sub, dirs)
			n++
			sub = (sub - m.mask) & m.mask
			if sub == 0 {
				break
			}
		}
		for {
			m.factor = rng.next() & rng.next() & rng.next()
			if (Bitboard(uint64(m.mask)*m.factor) >> 56).Count() < 6 {
				continue
			}
			attempt++
			ok := true
			for i := 0; i < n; i++ {
				idx := m.index(occs[i])
				if epoch[idx] < attempt {
					epoch[idx] = attempt
					attacks[idx] = refs[i]
				} else if attacks[idx] != refs[i] {
					ok = false
					break
				}
			}
			if ok {
				break
			}
		}
	}
}

func (m *magic) index(occ Bitboard) uint {
	return uint((uint64(occ&m.mask) * m.factor) >> m.shift)
}

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// RookAttacks returns the squares a rook on s attacks given occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s]
	return rookTable[m.offset+uint32(m.index(occ))]
}

// BishopAttacks returns the squares a bishop on s attacks given occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s]
	return bishopTable[m.offset+uint32(m.index(occ))]
}

// QueenAttacks is the union of rook and bishop attacks.
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return RookAttacks(s, occ) | BishopAttacks(s, occ)
}

// KnightAttacks returns the knight moves from s.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks returns the king moves from s.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks returns the squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// Between returns the squares strictly between a and b if they share a line.
func Between(a, b Square) Bitboard { return between[a][b] }

// Line returns the full line through a and b, or 0.
func Line(a, b Square) Bitboard { return line[a][b] }

// PieceAttacks returns the attacks of a non-pawn piece type from s.
func PieceAttacks(t PieceType, s Square, occ Bitboard) Bitboard {
	switch t {
	case Knight:
		return knightAttacks[s]
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return kingAttacks[s]
	}
	return 0
}
