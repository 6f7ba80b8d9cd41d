package eval

import "matador/internal/chess"

// REBEL: hanging pieces. A piece hangs when a cheaper enemy piece attacks it
// or when it is attacked and not defended. REBEL derives the list from its
// attack tables and the search uses it to order captures and to decide
// reductions; the evaluation scores the threat.

// hanging returns c's hanging pieces (never the king) given complete attack
// tables.
func hanging(pos *chess.Position, attacked *[2][7]chess.Bitboard, c chess.Color) chess.Bitboard {
	them := c.Other()
	byPawn := attacked[them][chess.Pawn]
	byMinor := byPawn | attacked[them][chess.Knight] | attacked[them][chess.Bishop]
	byRook := byMinor | attacked[them][chess.Rook]

	h := pos.ByColor(c) & attacked[them][0] &^ attacked[c][0]
	h |= (pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop)) & byPawn
	h |= pos.Pieces(c, chess.Rook) & byMinor
	h |= pos.Pieces(c, chess.Queen) & byRook
	return h &^ pos.Pieces(c, chess.King)
}

// Hanging returns the pieces of colour c that are attacked by a
// lower-valued enemy piece or attacked and undefended (REBEL's
// hanging-pieces list), for the search's move ordering and reductions.
func Hanging(pos *chess.Position, c chess.Color) chess.Bitboard {
	var attacked [2][7]chess.Bitboard
	for side := chess.White; side <= chess.Black; side++ {
		attacked[side][chess.Pawn] = chess.PawnAttacksBB(pos.Pieces(side, chess.Pawn), side)
		attacked[side][chess.King] = chess.KingAttacks(pos.KingSquare(side))
		for b := pos.Pieces(side, chess.Knight); b != 0; {
			attacked[side][chess.Knight] |= chess.KnightAttacks(b.PopFirst())
		}
		occ := bishopOcc(pos, side)
		for b := pos.Pieces(side, chess.Bishop); b != 0; {
			attacked[side][chess.Bishop] |= chess.BishopAttacks(b.PopFirst(), occ)
		}
		occ = rookOcc(pos, side)
		for b := pos.Pieces(side, chess.Rook); b != 0; {
			attacked[side][chess.Rook] |= chess.RookAttacks(b.PopFirst(), occ)
		}
		occ = pos.Occupied()
		for b := pos.Pieces(side, chess.Queen); b != 0; {
			attacked[side][chess.Queen] |= chess.QueenAttacks(b.PopFirst(), occ)
		}
		for t := chess.Pawn; t <= chess.King; t++ {
			attacked[side][0] |= attacked[side][t]
		}
	}
	return hanging(pos, &attacked, c)
}

// evalThreats credits c for the enemy pieces that hang.
func (p *Params) evalThreats(pos *chess.Position, info *evalInfo, c chess.Color) {
	them := c.Other()
	h := info.hanging[them]
	var s Score
	for b := h; b != 0; {
		s += p.HangingPiece[pos.PieceOn(b.PopFirst()).Type()]
	}
	if (h &^ pos.Pieces(them, chess.Pawn)).More() {
		s += p.ThreatMultiple
	}
	info.terms[termThreats][c] = s
}
