package chess

// IsLegal reports whether m is a legal move here. It is meant for moves of
// unknown origin (hash table, killers, user input) and avoids generating a
// move list except for the rare castling and e.p. moves.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if m != m.Base() || from == to {
		return false
	}
	pc := p.board[from]
	us := p.side
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	if m.Kind() == Castling || m.Kind() == EnPassant {
		var ml MoveList
		p.generate(&ml, genAll)
		return ml.Contains(m)
	}
	target := p.board[to]
	if target != NoPiece && (target.Color() == us || target.Type() == King) {
		return false
	}
	occ := p.byType[0]
	if pc.Type() == Pawn {
		lastRank := to.RelativeRank(us) == 7
		if lastRank != (m.Kind() == Promotion) {
			return false
		}
		up := Square(8)
		if us == Black {
			up = -8
		}
		switch {
		case pawnAttacks[us][from].Has(to):
			if target == NoPiece {
				return false
			}
		case to == from+up:
			if target != NoPiece {
				return false
			}
		case to == from+2*up && from.RelativeRank(us) == 1:
			if target != NoPiece || occ.Has(from+up) {
				return false
			}
		default:
			return false
		}
	} else {
		if m.Kind() != Normal || !PieceAttacks(pc.Type(), from, occ).Has(to) {
			return false
		}
		if pc.Type() == King {
			return !p.Attacked(to, us^1, occ^SquareBB(from))
		}
	}
	ksq := p.KingSquare(us)
	if p.checkers != 0 {
		if p.checkers.More() {
			return false
		}
		if !(between[ksq][p.checkers.First()] | p.checkers).Has(to) {
			return false
		}
	}
	return !p.Pinned(us).Has(from) || line[ksq][from].Has(to)
}

// GivesCheck reports whether the legal move m checks the opponent, directly
// or by discovery, without making it.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side & 1 // the masks, as in generate: unchecked indices
	them := us ^ 1
	ksq := p.KingSquare(them) & 63
	from, to := m.From(), m.To()
	occ := p.byType[0]&^SquareBB(from) | SquareBB(to)
	mover := p.board[from].Type()
	sliders := p.byColor[us] &^ SquareBB(from)

	switch m.Kind() {
	case Castling:
		// Only the rook can give check; the king never does.
		kingTo, rookTo := CastleTargets(us, to > from)
		occ = p.byType[0]&^(SquareBB(from)|SquareBB(to)) | SquareBB(kingTo) | SquareBB(rookTo)
		return RookAttacks(rookTo, occ).Has(ksq)
	case EnPassant:
		occ &^= SquareBB(to ^ 8)
	case Promotion:
		mover = m.PromotionType()
	}

	var direct bool
	switch mover {
	case Pawn:
		direct = pawnAttacks[us][to].Has(ksq)
	case Knight, King:
		direct = PieceAttacks(mover, to, occ).Has(ksq)
	default:
		// A slider checks only along a line through the king: most
		// targets are on none, and need no attack lookup.
		direct = line[ksq][to] != 0 && PieceAttacks(mover, to, occ).Has(ksq)
	}
	if direct {
		return true
	}
	rooks := sliders & (p.byType[Rook] | p.byType[Queen])
	bishops := sliders & (p.byType[Bishop] | p.byType[Queen])
	// A discovered check needs one of our sliders on the line from the
	// king through the square left (or, en passant, the captured pawn's).
	if m.Kind() != EnPassant && line[ksq][from]&(rooks|bishops) == 0 {
		return false
	}
	return RookAttacks(ksq, occ)&rooks != 0 || BishopAttacks(ksq, occ)&bishops != 0
}
