package eval

import "matador/internal/chess"

// REBEL: hanging pieces. A piece hangs when a cheaper enemy piece attacks it
// or when it is attacked and not defended. REBEL derives the list from its
// attack tables; the search uses it to order the quiet moves, to decide
// reductions and to measure the threat (REBEL's static pruning, reduction
// 2a, horizon trick one), and the evaluation scores the threat.

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
//
// It finds what hanging finds from the evaluation's tables, at less cost:
// the enemy's attacks by kind, but c's defence only for the few pieces
// the enemy attacks that no cheaper piece does.
func Hanging(pos *chess.Position, c chess.Color) chess.Bitboard {
	them := c.Other()
	occ := pos.Occupied()
	byPawn := chess.PawnAttacksBB(pos.Pieces(them, chess.Pawn), them)
	byMinor := byPawn
	for b := pos.Pieces(them, chess.Knight); b != 0; {
		byMinor |= chess.KnightAttacks(b.PopFirst())
	}
	bOcc := bishopOcc(pos, them)
	for b := pos.Pieces(them, chess.Bishop); b != 0; {
		byMinor |= chess.BishopAttacks(b.PopFirst(), bOcc)
	}
	byRook := byMinor
	rOcc := rookOcc(pos, them)
	for b := pos.Pieces(them, chess.Rook); b != 0; {
		byRook |= chess.RookAttacks(b.PopFirst(), rOcc)
	}
	byAny := byRook | chess.KingAttacks(pos.KingSquare(them))
	for b := pos.Pieces(them, chess.Queen); b != 0; {
		byAny |= chess.QueenAttacks(b.PopFirst(), occ)
	}

	h := (pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop)) & byPawn
	h |= pos.Pieces(c, chess.Rook) & byMinor
	h |= pos.Pieces(c, chess.Queen) & byRook
	for b := pos.ByColor(c) &^ pos.Pieces(c, chess.King) & byAny &^ h; b != 0; {
		if s := b.PopFirst(); !defended(pos, s, c) {
			h |= chess.SquareBB(s)
		}
	}
	return h
}

// LastHanging returns c's hanging pieces in the position of the last
// Evaluate, as Hanging finds them, and whether that evaluation found them
// (it does with UseThreats): the search reads them there rather than
// computing them again.
func (e *Evaluator) LastHanging(c chess.Color) (chess.Bitboard, bool) {
	return e.info.hanging[c&1], e.p.UseThreats
}

// defended reports whether c defends s, as the evaluation's attack tables
// count it (batteries see through, as in evalPieces): a slider reaches s
// exactly when s reaches it through the same occupancy. The cheap
// attackers are asked first.
func defended(pos *chess.Position, s chess.Square, c chess.Color) bool {
	if chess.PawnAttacks(c.Other(), s)&pos.Pieces(c, chess.Pawn) != 0 ||
		chess.KnightAttacks(s)&pos.Pieces(c, chess.Knight) != 0 ||
		chess.KingAttacks(s)&pos.Pieces(c, chess.King) != 0 {
		return true
	}
	queens := pos.Pieces(c, chess.Queen)
	if b := pos.Pieces(c, chess.Bishop); b != 0 && chess.BishopAttacks(s, bishopOcc(pos, c))&b != 0 {
		return true
	}
	if b := pos.Pieces(c, chess.Rook); b != 0 && chess.RookAttacks(s, rookOcc(pos, c))&b != 0 {
		return true
	}
	return queens != 0 && chess.QueenAttacks(s, pos.Occupied())&queens != 0
}

// evalThreats credits c for the enemy pieces that hang (REBEL) and for
// its attacks by attacker and victim.
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

	if !p.UseThreatsByType {
		info.terms[termThreats][c] = s
		return
	}

	// Threats by the attacker's kind. Pawns and minors that the enemy's
	// pawns defend are no targets for our minors and rooks; a queen always
	// is, and a rook is for our minors.
	theirPieces := pos.ByColor(them) &^ pos.Pieces(them, chess.King)
	nonPawn := theirPieces &^ pos.Pieces(them, chess.Pawn)
	weak := theirPieces &^ info.attacked[them][chess.Pawn]
	undefended := theirPieces &^ info.attacked[them][0]
	for b := nonPawn & info.attacked[c][chess.Pawn]; b != 0; {
		s += p.ThreatByPawn[pos.PieceOn(b.PopFirst()).Type()]
	}
	majors := pos.Pieces(them, chess.Rook) | pos.Pieces(them, chess.Queen)
	for b := (weak | majors) & (info.attacked[c][chess.Knight] | info.attacked[c][chess.Bishop]); b != 0; {
		s += p.ThreatByMinor[pos.PieceOn(b.PopFirst()).Type()]
	}
	for b := (weak&^majors | pos.Pieces(them, chess.Queen)) & info.attacked[c][chess.Rook]; b != 0; {
		s += p.ThreatByRook[pos.PieceOn(b.PopFirst()).Type()]
	}
	s += p.ThreatByKing * Score((undefended & info.attacked[c][chess.King]).Count())

	// Pawn pushes: a pawn that can step (one square, or two from its
	// start) to an empty square that no enemy pawn attacks and that we
	// defend or the enemy does not attack, and then attacks a piece.
	ours := pos.Pieces(c, chess.Pawn)
	empty := ^pos.Occupied()
	push := ours.Forward(c) & empty
	third := chess.Rank3
	if c == chess.Black {
		third = chess.Rank6
	}
	push |= (push & third).Forward(c) & empty
	push &^= info.attacked[them][chess.Pawn]
	push &= info.attacked[c][0] | ^info.attacked[them][0]
	s += p.ThreatByPawnPush * Score((chess.PawnAttacksBB(push, c) & nonPawn).Count())

	// Overloaded defenders: the pieces we attack that the enemy defends
	// exactly once, and the defenders holding two or more of them.
	if held := nonPawn & info.attacked[c][0] & info.attacked[them][0] &^ info.attacked2[them]; held.More() {
		s += p.ThreatOverload * Score(overloaded(pos, them, held))
	}
	info.terms[termThreats][c] = s
}

// overloaded counts c's pieces and pawns that attack two or more squares
// of held, with the attacks the evaluation gives them (batteries see
// through, as in evalPieces).
func overloaded(pos *chess.Position, c chess.Color, held chess.Bitboard) int {
	pawns := pos.Pieces(c, chess.Pawn)
	if c == chess.White {
		pawns &= held.SouthWest() & held.SouthEast()
	} else {
		pawns &= held.NorthWest() & held.NorthEast()
	}
	n := pawns.Count()
	if (chess.KingAttacks(pos.KingSquare(c)) & held).More() {
		n++
	}
	for b := pos.Pieces(c, chess.Knight); b != 0; {
		if (chess.KnightAttacks(b.PopFirst()) & held).More() {
			n++
		}
	}
	occ := bishopOcc(pos, c)
	for b := pos.Pieces(c, chess.Bishop); b != 0; {
		if (chess.BishopAttacks(b.PopFirst(), occ) & held).More() {
			n++
		}
	}
	occ = rookOcc(pos, c)
	for b := pos.Pieces(c, chess.Rook); b != 0; {
		if (chess.RookAttacks(b.PopFirst(), occ) & held).More() {
			n++
		}
	}
	occ = pos.Occupied()
	for b := pos.Pieces(c, chess.Queen); b != 0; {
		if (chess.QueenAttacks(b.PopFirst(), occ) & held).More() {
			n++
		}
	}
	return n
}
