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
	// rookRays[s], bishopRays[s]: a rook's and a bishop's attacks from s
	// on an empty board, for blockers, where a table read is cheaper
	// than a magic lookup with no occupancy.
	rookRays, bishopRays [64]Bitboard
)

// magic holds one square's entry of the fancy magic-bitboard scheme: the
// relevant occupancy mask, the multiplier, the shift and the slice of the
// shared attack table.
type magic struct {
	mask   Bitboard
	factor uint64
	shift  uint32
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	// The attack tables need 0x19000 and 0x1480 entries; rounded up to
	// powers of two, a lookup masks its index into range instead of
	// testing it (the tail is never written nor read).
	rookTable   [1 << 17]Bitboard
	bishopTable [1 << 13]Bitboard
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
	initMagics(&rookMagics, rookTable[:], rookDirs, &rookFactors)
	initMagics(&bishopMagics, bishopTable[:], bishopDirs, &bishopFactors)
	for s := Square(0); s < 64; s++ {
		rookRays[s] = slidingAttacks(s, 0, rookDirs)
		bishopRays[s] = slidingAttacks(s, 0, bishopDirs)
	}
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

// Magic multipliers found by initMagics's own trial search (run it with
// every factor zero to find them again; a test does). Starting from
// known-good factors keeps start-up fast: the search for the rook corners
// alone takes half a second.
var rookFactors = [64]uint64{
	0x1080004008801020, 0x0840092002C03000, 0x1900200010400900, 0x0880100008000480,
	0x4200100420080200, 0x8100020100080400, 0x0200040110886200, 0x0200008040220411,
	0x0404800084400220, 0x0000401000402000, 0x0086001081220440, 0x0408800800100280,
	0x000A001201040820, 0x8848800200840080, 0x4001000100040200, 0x0442000102105084,
	0x9080010020804100, 0x0040404000201009, 0x0000808010002009, 0x2200090021D00100,
	0x0008008008040080, 0x0004004002010040, 0x0011040008015042, 0x00000A0001768104,
	0x0000800080204009, 0x2010004140002001, 0x9800200280100080, 0x1000100080080080,
	0x0442000A00049020, 0x2100040080020080, 0x0800120400900148, 0x0010040A00128541,
	0x2800804000800030, 0x1010002000400041, 0x4000200011004100, 0x0610008410800800,
	0x0400802402800800, 0xC100020080800400, 0x0002000802000401, 0x0182085882000401,
	0x0220204000808000, 0x2860100040024022, 0x0001002004110040, 0x99101042000A0020,
	0x0004080004008080, 0x0010040002008080, 0x2012004881020004, 0x8300842444820011,
	0x0088403882010200, 0x0820400080210100, 0x0110910040A00300, 0x0801100280080480,
	0x0242009008200600, 0x1002000489500200, 0x0040800200010080, 0x0091800041000080,
	0x0000209300488001, 0x04C1002414824001, 0x020020000B001041, 0x7000100004200901,
	0x8002002004100802, 0x30010002084C0007, 0x0888221800813004, 0x4000002840840112,
}

var bishopFactors = [64]uint64{
	0x10102002004A1420, 0x8020040400584008, 0x10510800811201C8, 0x5204042080000088,
	0x2204106880000002, 0x1401042004000000, 0x0400880410042004, 0x0028208200A02020,
	0x1500241990010E00, 0x8001200182020A40, 0x40004101030B0000, 0x8002041042000100,
	0x4010011041020038, 0x0000010421044000, 0x1500210808020A00, 0x8000088400880520,
	0x0405004010040100, 0x1005823210040108, 0x2708008102040011, 0x4048200404009100,
	0x0018104101400024, 0x0003000601190101, 0x8004803108491000, 0x8014241200820800,
	0x0006E080100C3040, 0x0501044A11041800, 0x9020300008004045, 0x0894080000220040,
	0x1001010083104000, 0x5004030040900080, 0x000400422C012400, 0x0002128698404812,
	0x1010108404900440, 0x0928021182084100, 0x2006080409020024, 0x1010202020180080,
	0xA010008200202200, 0x2098015100019004, 0x0002041440810811, 0x802A02020000B098,
	0x0009015090004060, 0x4000821082081001, 0x0100210040420800, 0x0800004010488A00,
	0x2000081104004040, 0x4C8E029015000082, 0x0420340322224842, 0x1298260043400210,
	0x0000822802400008, 0x00008A0101600000, 0x3040003412080021, 0x3040290220884800,
	0x4A1500401041004A, 0x8010200282020781, 0x0020203142209091, 0x0070300600902110,
	0x0040808800B62048, 0x0000810400C44420, 0x00080400440C0441, 0x8340080020840411,
	0x0000000104208200, 0x0000800810D00080, 0x0400530411080200, 0x4040702400932244,
}

// initMagics builds each square's table, trying the given factor first and
// searching by trial with a fixed-seed generator only when it fails (or is
// zero), so start-up is deterministic and fast.
func initMagics(magics *[64]magic, table []Bitboard, dirs [4][2]int, factors *[64]uint64) {
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
		m.shift = uint32(64 - bitsN)
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
		for try := 0; ; try++ {
			if try == 0 && factors[s] != 0 {
				m.factor = factors[s]
			} else {
				m.factor = rng.next() & rng.next() & rng.next()
				if (Bitboard(uint64(m.mask)*m.factor) >> 56).Count() < 6 {
					continue
				}
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

// index masks the shift to 63, which it never exceeds: Go defines a shift
// by 64 or more, and the compiler tests for it on every lookup otherwise.
func (m *magic) index(occ Bitboard) uint {
	return uint((uint64(occ&m.mask) * m.factor) >> (m.shift & 63))
}

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// RookAttacks returns the squares a rook on s attacks given occupancy occ.
//
// s&63 is s for any square and spares the bounds check, as the masked
// index does the table's: slider lookups are the evaluation's, the move
// generator's and SEE's commonest step.
func RookAttacks(s Square, occ Bitboard) Bitboard {
	m := &rookMagics[s&63]
	return rookTable[(m.offset+uint32(m.index(occ)))&uint32(len(rookTable)-1)]
}

// BishopAttacks returns the squares a bishop on s attacks given occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard {
	m := &bishopMagics[s&63]
	return bishopTable[(m.offset+uint32(m.index(occ)))&uint32(len(bishopTable)-1)]
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
