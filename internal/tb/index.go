package tb

import "matador/internal/chess"

// The Syzygy format stores each table as one long array of results, one per
// position. A position's place in that array (its index) comes from the
// squares of its pieces: the first group of pieces (the kings and one more
// piece, or the leading pawns) is reduced by the board's symmetries and
// numbered by the small tables below; every further group of identical
// pieces is numbered as a combination of the squares still free. The tables
// are built here from their definitions in the format (syzygy1/tb), so that
// nothing has to be typed in by hand.

// Square classes of the pawnless encoding. After the board is turned so that
// the first piece stands in the a1-d1-d4 triangle:
//   - triangle[s] numbers that triangle, the six squares below the a1-h8
//     diagonal first (b1 c1 d1 c2 d2 d3 = 0..5), then the diagonal (a1 b2 c3
//     d4 = 6..9);
//   - belowDiagonal[s] numbers the 28 squares below the a1-h8 diagonal in
//     square order (b1 = 0 ... h7 = 27);
//   - onDiagonal[s] numbers the a1-h8 diagonal, a1 = 0 ... h8 = 7.
var (
	triangle      [64]int
	belowDiagonal [64]int
	onDiagonal    [64]int
)

// kingPairs[triangle[k1]][k2] numbers the 462 placements of two kings that
// are not adjacent, with the first king in the triangle and, when it stands
// on the diagonal, the second not above the diagonal. -1 marks the others.
var kingPairs [10][64]int

// Pawn square classes. pawnRank[s] orders the squares a pawn can stand on
// (a2-h7) so that the leading pawn, the one nearest the a- or h-file and then
// the lowest, has the highest value: 47 for a2, 46 for h2, 45 for a3 ... 0 for
// e7. leadSlot[s] numbers the squares of the leading pawn on files a-d, six
// per file: a2 = 0 ... a7 = 5, b2 = 6 ... d7 = 23 (files e-h mirror a-d).
var (
	pawnRank [64]int
	leadSlot [64]int
)

// leadPawnIndex[n-1][slot] is where the placements of n leading pawns begin
// when the first of them stands on slot; leadPawnCount[n-1][file] counts the
// placements whose first pawn is on that file (files a-d), the size of the
// leading group in that file's sub-table.
var (
	leadPawnIndex [5][24]uint64
	leadPawnCount [5][4]uint64
)

// binomials[k][n] is n choose k, for the k-subsets of n squares.
var binomials [7][65]uint64

const (
	pivotsUnique = 31332 // placements of three unique pieces, kings included
	pivotsKings  = 462   // placements of the two kings
)

// diagonalOffset is how far a square is above (>0) or below (<0) the a1-h8
// diagonal.
func diagonalOffset(s int) int { return s>>3 - s&7 }

// flipDiagonal reflects a square in the a1-h8 diagonal.
func flipDiagonal(s int) int { return (s>>3 | s<<3) & 63 }

func kingsAdjacent(a, b int) bool {
	df, dr := a&7-b&7, a>>3-b>>3
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

func init() {
	for n := 0; n <= 64; n++ {
		binomials[0][n] = 1
		for k := 1; k < len(binomials) && n > 0; k++ {
			binomials[k][n] = binomials[k-1][n-1] + binomials[k][n-1]
		}
	}

	for s := range 64 {
		triangle[s], belowDiagonal[s], onDiagonal[s] = -1, -1, -1
	}
	code := 0
	for s := range 64 {
		if s&7 <= 3 && s>>3 <= 3 && diagonalOffset(s) < 0 {
			triangle[s] = code
			code++
		}
	}
	for s := range 64 {
		if s&7 <= 3 && diagonalOffset(s) == 0 {
			triangle[s] = code
			code++
		}
	}
	code = 0
	for s := range 64 {
		if diagonalOffset(s) < 0 {
			belowDiagonal[s] = code
			code++
		}
		if diagonalOffset(s) == 0 {
			onDiagonal[s] = s & 7
		}
	}

	// Both kings on the diagonal come last, after every other placement.
	type pair struct{ t, s int }
	var bothOnDiagonal []pair
	code = 0
	for t := range 10 {
		k1 := -1
		for s := range 64 {
			if triangle[s] == t {
				k1 = s
			}
		}
		for k2 := range 64 {
			kingPairs[t][k2] = -1
			switch {
			case k1 == k2 || kingsAdjacent(k1, k2):
			case diagonalOffset(k1) == 0 && diagonalOffset(k2) > 0:
			case diagonalOffset(k1) == 0 && diagonalOffset(k2) == 0:
				bothOnDiagonal = append(bothOnDiagonal, pair{t, k2})
			default:
				kingPairs[t][k2] = code
				code++
			}
		}
	}
	for _, p := range bothOnDiagonal {
		kingPairs[p.t][p.s] = code
		code++
	}

	for s := range 64 {
		pawnRank[s], leadSlot[s] = -1, -1
	}
	value := 47
	for f := range 4 {
		for r := 1; r <= 6; r++ {
			s := r*8 + f
			pawnRank[s] = value
			pawnRank[s^7] = value - 1
			value -= 2
			leadSlot[s] = f*6 + r - 1
			leadSlot[s^7] = leadSlot[s]
		}
	}
	for n := 1; n <= 5; n++ {
		for f := range 4 {
			var sum uint64
			for r := 1; r <= 6; r++ {
				s := r*8 + f
				leadPawnIndex[n-1][leadSlot[s]] = sum
				sum += binomials[n-1][pawnRank[s]]
			}
			leadPawnCount[n-1][f] = sum
		}
	}
}

// binomial returns n choose k, and 0 outside the table (which a position of
// a valid table never reaches).
func binomial(n, k int) uint64 {
	if k < 0 || k >= len(binomials) || n < 0 || n > 64 {
		return 0
	}
	return binomials[k][n]
}

// encoding is how one table (one file and side of it) numbers its positions:
// the pieces in the order the file lists them, how they group, and the
// factor each group's number is multiplied by.
type encoding struct {
	pieces   [maxPieces]chess.Piece
	groupLen [maxPieces]int // length of the group starting at i, 0 inside a group
	factor   [maxPieces]uint64
	size     uint64 // number of positions
}

// indexPieces numbers a pawnless position. sq holds the squares of the
// pieces in the table's order and is rearranged in place.
func (e *encoding) indexPieces(sq *[maxPieces]int, n int) (uint64, bool) {
	if sq[0]&4 != 0 { // files e-h: mirror to a-d
		for i := range n {
			sq[i] ^= 7
		}
	}
	if sq[0]&32 != 0 { // ranks 5-8: mirror to 1-4
		for i := range n {
			sq[i] ^= 56
		}
	}
	// The first piece of the leading group off the diagonal decides whether
	// the board is reflected in it.
	lead := e.groupLen[0]
	for i := range lead {
		if d := diagonalOffset(sq[i]); d != 0 {
			if d > 0 {
				for j := i; j < n; j++ {
					sq[j] = flipDiagonal(sq[j])
				}
			}
			break
		}
	}

	var idx uint64
	switch lead {
	case 3: // three unique pieces, numbered by their symmetry class
		a, b, c := sq[0], sq[1], sq[2]
		bi := 0
		if b > a {
			bi = 1
		}
		ci := 0
		if c > a {
			ci++
		}
		if c > b {
			ci++
		}
		switch {
		case diagonalOffset(a) != 0:
			idx = uint64(triangle[a]*63*62 + (b-bi)*62 + (c - ci))
		case diagonalOffset(b) != 0:
			idx = uint64(6*63*62 + onDiagonal[a]*28*62 + belowDiagonal[b]*62 + c - ci)
		case diagonalOffset(c) != 0:
			idx = uint64(6*63*62 + 4*28*62 + onDiagonal[a]*7*28 + (onDiagonal[b]-bi)*28 + belowDiagonal[c])
		default:
			idx = uint64(6*63*62 + 4*28*62 + 4*7*28 + onDiagonal[a]*7*6 + (onDiagonal[b]-bi)*6 + onDiagonal[c] - ci)
		}
	case 2: // the two kings
		t := triangle[sq[0]]
		if t < 0 {
			return 0, false
		}
		k := kingPairs[t][sq[1]]
		if k < 0 {
			return 0, false
		}
		idx = uint64(k)
	default:
		return 0, false
	}
	idx *= e.factor[0]
	return e.indexGroups(sq, n, lead, idx)
}

// indexPawns numbers a position with pawns: the leading pawns come first in
// sq (the one chosen as leader in sq[0]), then the other side's pawns when
// both sides have some (others of them), then the pieces.
func (e *encoding) indexPawns(sq *[maxPieces]int, n, others int) (uint64, bool) {
	if sq[0]&4 != 0 {
		for i := range n {
			sq[i] ^= 7
		}
	}
	lead := e.groupLen[0]
	// The other leading pawns in decreasing pawnRank order.
	for i := 1; i < lead; i++ {
		for j := i + 1; j < lead; j++ {
			if pawnRank[sq[i]] < pawnRank[sq[j]] {
				sq[i], sq[j] = sq[j], sq[i]
			}
		}
	}
	slot := leadSlot[sq[0]]
	if slot < 0 {
		return 0, false
	}
	idx := leadPawnIndex[lead-1][slot]
	for i := lead - 1; i > 0; i-- {
		idx += binomial(pawnRank[sq[i]], lead-i)
	}
	idx *= e.factor[0]

	i := lead
	if others > 0 {
		sortSquares(sq[i : i+others])
		var s uint64
		for m := i; m < i+others; m++ {
			below := 0
			for k := range i {
				if sq[m] > sq[k] {
					below++
				}
			}
			s += binomial(sq[m]-below-8, m-i+1)
		}
		idx += s * e.factor[i]
		i += others
	}
	return e.indexGroups(sq, n, i, idx)
}

// indexGroups adds the numbers of the groups of identical pieces from
// sq[first:] on: each group is a combination of the squares the earlier
// pieces leave free.
func (e *encoding) indexGroups(sq *[maxPieces]int, n, first int, idx uint64) (uint64, bool) {
	for i := first; i < n; {
		t := e.groupLen[i]
		if t <= 0 || i+t > n {
			return 0, false
		}
		sortSquares(sq[i : i+t])
		var s uint64
		for m := i; m < i+t; m++ {
			below := 0
			for k := range i {
				if sq[m] > sq[k] {
					below++
				}
			}
			s += binomial(sq[m]-below, m-i+1)
		}
		idx += s * e.factor[i]
		i += t
	}
	if idx >= e.size {
		return 0, false
	}
	return idx, true
}

// sortSquares is an insertion sort: groups hold at most five squares.
func sortSquares(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j-1] > s[j]; j-- {
			s[j-1], s[j] = s[j], s[j-1]
		}
	}
}
