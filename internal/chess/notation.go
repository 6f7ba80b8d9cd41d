package chess

import "fmt"

// UCI returns the move in UCI notation: e2e4, e7e8q, castling as e1g1, or
// as king-takes-rook (e1h1) when the position is in Chess960 mode.
func (p *Position) UCI(m Move) string {
	if m == NoMove {
		return "0000"
	}
	from, to := m.From(), m.To()
	if m.IsCastling() && !p.chess960 {
		to, _ = CastleTargets(p.board[from].Color(), to > from)
	}
	s := from.String() + to.String()
	if m.IsPromotion() {
		s += string(" pnbrqk"[m.PromotionType()])
	}
	return s
}

// ParseUCI finds the legal move written in UCI notation. Both e1g1 and
// king-takes-rook castling are accepted in either mode.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) < 4 || len(s) > 5 {
		return NoMove, fmt.Errorf("%q is not a move in UCI notation", s)
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("%q is not a move in UCI notation", s)
	}
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n', 'N':
			promo = Knight
		case 'b', 'B':
			promo = Bishop
		case 'r', 'R':
			promo = Rook
		case 'q', 'Q':
			promo = Queen
		default:
			return NoMove, fmt.Errorf("%q has a bad promotion piece", s)
		}
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	// A king move onto the castling target wins over castling written as
	// e1g1: in Chess960 both can exist (king f1, rook h1, g1 empty).
	castling := NoMove
	for _, m := range ml.Moves[:ml.N] {
		if m.From() != from || m.PromotionType() != promo {
			continue
		}
		if m.To() == to {
			return m, nil
		}
		if m.IsCastling() {
			if kingTo, _ := CastleTargets(p.side, m.To() > from); kingTo == to {
				castling = m
			}
		}
	}
	if castling != NoMove {
		return castling, nil
	}
	return NoMove, fmt.Errorf("illegal move %s", s)
}
