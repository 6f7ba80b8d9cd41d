package chess

// Rybka/IPPOLIT: static exchange evaluation
//
// SEE plays out the captures on one square, each side always taking with
// its least valuable piece and free to stop whenever going on would lose,
// and returns what the first move gains. Sliders behind a piece that has
// captured join in as it leaves (x-rays), found by recomputing slider
// attacks through the shrinking occupancy. Pins are ignored: a pinned piece
// is counted as an attacker, which is the usual trade of accuracy for
// speed in move ordering and qsearch pruning. A king takes only when the
// other side has nothing left to recapture with. A pawn that captures onto
// the last rank is counted as promoting to a queen; the move being tested
// promotes to whatever it names.

// SEEValue is the material value of each piece type for the exchange, 0
// for NoPieceType (an empty target costs nothing) and for 7 (so that a
// Piece's Type indexes it unchecked). The king only has to outweigh any
// gain. Read-only: the search's SEE margins are tuned against these values.
var SEEValue = [8]int{0, 100, 325, 325, 500, 1000, 20000, 0}

// seeFirst returns what the move itself gains (captured piece, promotion
// gain), the value of the piece that then stands on the target square, and
// the occupancy after the move.
func (p *Position) seeFirst(m Move) (gain, onSquare int, occ Bitboard) {
	from, to := m.From(), m.To()
	occ = p.byType[0] ^ SquareBB(from)
	onSquare = SEEValue[p.board[from].Type()]
	switch m.Kind() {
	case EnPassant:
		occ ^= SquareBB(to ^ 8)
		gain = SEEValue[Pawn]
	case Promotion:
		gain = SEEValue[p.board[to].Type()] + SEEValue[m.PromotionType()] - SEEValue[Pawn]
		onSquare = SEEValue[m.PromotionType()]
	default:
		gain = SEEValue[p.board[to].Type()]
	}
	return gain, onSquare, occ
}

// seeNext finds the least valuable attacker of colour side among
// attackers, takes it off occ and adds the sliders it uncovers. ok is false
// when side has no capture left: no attacker, or only a king that would
// step into a recapture. value is the material the capture wins (the piece
// on the square plus a promotion's gain); placed is what then stands there.
func (p *Position) seeNext(to Square, side Color, onSquare int, attackers, occ Bitboard) (value, placed int, newAttackers, newOcc Bitboard, ok bool) {
	mine := attackers & p.byColor[side&1]
	if mine == 0 {
		return 0, 0, attackers, occ, false
	}
	pt := Pawn
	var b Bitboard
	for ; pt <= King; pt++ {
		if b = mine & p.byType[pt]; b != 0 {
			break
		}
	}
	occ ^= SquareBB(b.First())
	switch pt {
	case Pawn, Bishop:
		attackers |= BishopAttacks(to, occ) & (p.byType[Bishop] | p.byType[Queen])
	case Rook:
		attackers |= RookAttacks(to, occ) & (p.byType[Rook] | p.byType[Queen])
	case Queen, King:
		attackers |= BishopAttacks(to, occ)&(p.byType[Bishop]|p.byType[Queen]) |
			RookAttacks(to, occ)&(p.byType[Rook]|p.byType[Queen])
	}
	attackers &= occ
	if pt == King && attackers&p.byColor[side^1] != 0 {
		return 0, 0, attackers, occ, false
	}
	value, placed = onSquare, SEEValue[pt&7]
	if pt == Pawn && (to.Rank() == 7 || to.Rank() == 0) {
		value += SEEValue[Queen] - SEEValue[Pawn]
		placed = SEEValue[Queen]
	}
	return value, placed, attackers, occ, true
}

// SEE returns the material balance, in centipawns of SEEValue, of the
// exchange that m starts on its target square, from the mover's side:
// positive wins material, negative loses it. Castling is 0. m should be
// legal (or at least pseudo-legal) here.
func (p *Position) SEE(m Move) int {
	if m.IsCastling() {
		return 0
	}
	to := m.To()
	first, onSquare, occ := p.seeFirst(m)
	attackers := p.AttackersTo(to, occ) & occ
	// The swap list backed up as it is played out, by alpha-beta: before
	// each capture the side to take may stop instead and keep balance
	// (the mover's gain so far), so the result cannot fall below lo if
	// it is the mover's turn to choose, nor rise above hi if it is the
	// opponent's. Once the bounds meet, the rest of the exchange cannot
	// matter. The same value as building the whole list and backing it
	// up from the end, without the list.
	balance := first
	lo, hi := -seeBound, seeBound
	us := p.side & 1
	side := us ^ 1
	for lo < hi {
		value, placed, att, o, ok := p.seeNext(to, side, onSquare, attackers, occ)
		if !ok {
			break
		}
		if side == us {
			lo = min(hi, max(lo, balance))
			balance += value
		} else {
			hi = max(lo, min(hi, balance))
			balance -= value
		}
		onSquare, attackers, occ = placed, att, o
		side ^= 1
	}
	return max(lo, min(balance, hi))
}

// seeBound exceeds any balance of an exchange.
const seeBound = 1 << 30

// SEEGreaterEqual reports whether SEE(m) >= threshold, usually without
// playing the whole exchange out: it stops as soon as one side can stand
// pat and the outcome relative to the threshold is settled. This is the
// form the search uses, to ask "does this capture lose material?" or "is
// this quiet move safe?".
func (p *Position) SEEGreaterEqual(m Move, threshold int) bool {
	if m.IsCastling() {
		return threshold <= 0
	}
	to := m.To()
	first, onSquare, occ := p.seeFirst(m)
	// balance is how far the side that just captured is above what it
	// needs; it needs balance >= 0 if it is us (ties are ours), and > 0 if
	// it is them. Each capture turns the other side's balance into
	// value - balance, the recurrence of the swap list that SEE backs up
	// as it plays the exchange out.
	balance := first - threshold
	if balance < 0 {
		return false
	}
	// Settled before looking at attackers if even the best recapture, of
	// the piece now standing there (by a promoting pawn on the last rank),
	// leaves us at the threshold: PxN, NxR and most good captures end here.
	best := onSquare
	if to.Rank() == 7 || to.Rank() == 0 {
		best += SEEValue[Queen] - SEEValue[Pawn]
	}
	if best <= balance {
		return true
	}
	attackers := p.AttackersTo(to, occ) & occ
	us := p.side & 1
	side := us ^ 1
	for {
		value, placed, att, o, ok := p.seeNext(to, side, onSquare, attackers, occ)
		if !ok {
			// The side to capture has nothing to take with: the last
			// capture stands, and it was good enough for whoever made it.
			return side != us
		}
		balance = value - balance
		if side == us {
			if balance < 0 {
				return false
			}
		} else if balance <= 0 {
			return true
		}
		onSquare, attackers, occ = placed, att, o
		side ^= 1
	}
}
