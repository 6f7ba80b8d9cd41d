package book

import "matador/internal/chess"

// A Polyglot move is 16 bits: to file (bits 0-2), to rank (3-5), from file
// (6-8), from rank (9-11), promotion piece (12-14: 0 none, 1 knight, 2
// bishop, 3 rook, 4 queen). Castling is written king takes rook (e1h1),
// which is how Matador stores it too.

// EncodeMove writes m as a Polyglot move.
func EncodeMove(m chess.Move) uint16 {
	from, to := m.From(), m.To()
	code := uint16(to.File()) | uint16(to.Rank())<<3 | uint16(from.File())<<6 | uint16(from.Rank())<<9
	if m.IsPromotion() {
		code |= uint16(m.PromotionType()-chess.Knight+1) << 12
	}
	return code
}

// DecodeMove finds the legal move of pos that code stands for; ok is false
// when there is none (a corrupt entry, or another position's key).
func DecodeMove(pos *chess.Position, code uint16) (chess.Move, bool) {
	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	return decodeMove(pos, &legal, code)
}

// decodeMove is DecodeMove with the legal moves of pos generated.
func decodeMove(pos *chess.Position, legal *chess.MoveList, code uint16) (chess.Move, bool) {
	to := chess.MakeSquare(int(code&7), int(code>>3&7))
	from := chess.MakeSquare(int(code>>6&7), int(code>>9&7))
	promo := chess.NoPieceType
	switch p := code >> 12 & 7; {
	case p >= 1 && p <= 4:
		promo = chess.PieceType(p-1) + chess.Knight
	case p != 0:
		return chess.NoMove, false
	}
	for _, m := range legal.Slice() {
		if m.From() == from && m.To() == to && m.PromotionType() == promo {
			return m, true
		}
	}
	// Some books write castling as the king's own move (e1g1), against the
	// format; accept it where the king cannot make that move otherwise.
	if pos.PieceOn(from).Type() == chess.King && from.Rank() == to.Rank() && promo == chess.NoPieceType {
		for _, m := range legal.Slice() {
			if m.From() == from && m.IsCastling() && (m.To() > from) == (to > from) && abs(int(to)-int(from)) == 2 && !pos.Chess960() {
				return m, true
			}
		}
	}
	return chess.NoMove, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
