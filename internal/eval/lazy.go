package eval

import "matador/internal/chess"

// REBEL: lazy eval. Lazy is REBEL's I_SCORE, material (with the imbalance
// and the bishop pair) and piece-square values, plus the pawn hash's
// structure, tapered, from the side to move's view. It leaves out every other term
// (mobility, king safety, passed pawns, threats and the rest, most of them
// needing attack maps), the complexity shift and the drawishness scaling.
// Costs a fraction of Evaluate, which it does not disturb.
func (e *Evaluator) Lazy(pos *chess.Position) int {
	p := e.p
	pawns := e.probePawns(pos)
	var count pieceCounts
	countPieces(pos, &count)
	var total Score
	for c := chess.White; c <= chess.Black; c++ {
		s := pawns.placement[c] + p.pst[c][chess.King][pos.KingSquare(c)]
		if p.UsePawnStructure {
			s += pawns.structure[c]
		}
		for t := chess.Knight; t <= chess.Queen; t++ {
			for b := pos.Pieces(c, t); b != 0; {
				s += p.pst[c][t][b.PopFirst()]
			}
		}
		s += p.materialScore(pos, &count, c)
		if c == chess.White {
			total += s
		} else {
			total -= s
		}
	}
	v := taper(total.Mg(), total.Eg(), gamePhase(&count))
	if pos.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// LazyGap is how far the last Evaluate stood from Lazy in the same
// position, in centipawns: what the terms Lazy leaves out were worth
// there. REBEL widens the lazy margin of the children by it.
func (e *Evaluator) LazyGap() int {
	p := e.p
	info := &e.info
	var lazy Score
	for c := chess.White; c <= chess.Black; c++ {
		s := info.terms[termMaterial][c] + info.terms[termBishopPair][c] + info.pieceSquares[c]
		if p.UsePawnStructure {
			s += info.pawns.structure[c]
		}
		if c == chess.White {
			lazy += s
		} else {
			lazy -= s
		}
	}
	gap := info.full - taper(lazy.Mg(), lazy.Eg(), info.phase)
	if gap < 0 {
		return -gap
	}
	return gap
}
