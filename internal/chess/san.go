package chess

import (
	"errors"
	"fmt"
	"strings"
)

// Standard algebraic notation (SAN), as used by PGN and by people. Writing is
// strict (the form PGN requires); reading is lenient, because the strings come
// from humans, old books and EPD test suites.

// sanLetters maps a piece type to its SAN letter; pawns have none.
const sanLetters = "  NBRQK"

var sanPieceNames = [7]string{"piece", "pawn", "knight", "bishop", "rook", "queen", "king"}

// SAN returns the move in standard algebraic notation: Nf3, exd5, e8=Q,
// O-O, Rae1+, Qh7#. Castling is written O-O / O-O-O from the side of the rook,
// so Chess960 castling reads the same. A move that is not legal here is
// written in UCI notation instead, so that a broken PV shows up as such
// rather than crashing the caller or the position; NoMove is written "--",
// the null move of most PGN tools.
func (p *Position) SAN(m Move) string {
	if m == NoMove {
		return "--"
	}
	m = m.Base()
	var ml MoveList
	p.GenerateLegal(&ml)
	if !ml.Contains(m) {
		return p.UCI(m)
	}
	var buf [16]byte
	b := p.appendSANBody(buf[:0], m, &ml)
	p.MakeMove(m)
	if p.InCheck() {
		var replies MoveList
		p.GenerateLegal(&replies)
		if replies.N == 0 {
			b = append(b, '#')
		} else {
			b = append(b, '+')
		}
	}
	p.UnmakeMove(m)
	return string(b)
}

// appendSANBody writes the SAN of the legal move m without the check mark;
// legal holds every legal move of the position, for disambiguation.
func (p *Position) appendSANBody(b []byte, m Move, legal *MoveList) []byte {
	from, to := m.From(), m.To()
	if m.IsCastling() {
		if to > from {
			return append(b, "O-O"...)
		}
		return append(b, "O-O-O"...)
	}
	pt := p.board[from].Type()
	capture := p.board[to] != NoPiece || m.IsEnPassant()
	if pt == Pawn {
		if capture {
			b = append(b, byte('a'+from.File()), 'x')
		}
		b = append(b, to.String()...)
		if m.IsPromotion() {
			b = append(b, '=', sanLetters[m.PromotionType()])
		}
		return b
	}
	b = append(b, sanLetters[pt])
	// Name the origin only as far as needed, in the order the PGN standard
	// fixes so that every reader agrees: the file if that singles the piece
	// out, else the rank, else both (three queens can need both).
	var rivals Bitboard
	for _, o := range legal.Moves[:legal.N] {
		if o.To() == to && o.From() != from && !o.IsCastling() && p.board[o.From()].Type() == pt {
			rivals |= SquareBB(o.From())
		}
	}
	if rivals != 0 {
		switch {
		case rivals&FileBB(from.File()) == 0:
			b = append(b, byte('a'+from.File()))
		case rivals&RankBB(from.Rank()) == 0:
			b = append(b, byte('1'+from.Rank()))
		default:
			b = append(b, from.String()...)
		}
	}
	if capture {
		b = append(b, 'x')
	}
	return append(b, to.String()...)
}

// SANLine writes a sequence of moves (a PV) in SAN, each in the position
// reached by the ones before. It plays the moves on p itself and takes them
// back before returning, so p is unchanged and nothing is cloned. The line
// stops at the first move that is not legal where it stands: a PV pieced
// together from the hash table can end in a stale move.
func (p *Position) SANLine(moves []Move) []string {
	out := make([]string, 0, len(moves))
	played := 0
	for _, m := range moves {
		m = m.Base()
		var ml MoveList
		p.GenerateLegal(&ml)
		if m == NoMove || !ml.Contains(m) {
			break
		}
		out = append(out, p.SAN(m))
		p.MakeMove(m)
		played++
	}
	for i := played - 1; i >= 0; i-- {
		p.UnmakeMove(moves[i].Base())
	}
	return out
}

// ParseSAN finds the legal move written in SAN. It is lenient about what
// people and test suites write: check marks, !/? annotations and "e.p." are
// ignored, a leading move number ("12...") is skipped, castling may use
// zeros or lower case, the promotion sign may be left out (e8Q), an "x" may
// be missing or superfluous (ed5, Nxf3 onto an empty square), the origin may
// be given in full (Ng1f3, e4xd5, Ng1-f3), and plain UCI coordinates
// (e2e4, e7e8q, e1g1) are accepted too. It never panics; errors say what is
// wrong with the move.
func (p *Position) ParseSAN(s string) (Move, error) {
	orig := strings.TrimSpace(s)
	c := sanClean(orig)
	if c == "" {
		if orig == "" {
			return NoMove, errors.New("not a move: empty string")
		}
		return NoMove, fmt.Errorf("not a move: %s", orig)
	}
	if isCastlingText(c) {
		return p.parseSANCastling(orig, c)
	}
	if isUCIText(c) {
		m, err := p.ParseUCI(c)
		if err != nil {
			return NoMove, p.uciNoMoveError(orig, c)
		}
		return m, nil
	}

	// Piece letter, then from the end: promotion, target square, capture
	// sign; whatever is left over is the origin hint.
	pt := Pawn
	rest := c
	if i := strings.IndexByte("PNBRQK", rest[0]); i >= 0 {
		pt = PieceType(i + 1)
		rest = rest[1:]
	}
	promo := NoPieceType
	switch n := len(rest); {
	case n >= 3 && rest[n-1] == ')' && rest[n-3] == '(':
		promo = sanPromotion(rest[n-2])
		if promo == NoPieceType {
			return NoMove, fmt.Errorf("not a move: %s", orig)
		}
		rest = rest[:n-3]
	case n >= 1 && sanPromotion(rest[n-1]) != NoPieceType:
		promo = sanPromotion(rest[n-1])
		rest = rest[:n-1]
		if k := len(rest); k > 0 && (rest[k-1] == '=' || rest[k-1] == '/') {
			rest = rest[:k-1]
		}
	}
	if len(rest) < 2 {
		return NoMove, fmt.Errorf("not a move: %s", orig)
	}
	to, ok := ParseSquare(rest[len(rest)-2:])
	if !ok {
		return NoMove, fmt.Errorf("not a move: %s", orig)
	}
	rest = rest[:len(rest)-2]
	if k := len(rest); k > 0 && (rest[k-1] == 'x' || rest[k-1] == ':' || rest[k-1] == '-') {
		rest = rest[:k-1]
	}
	fromFile, fromRank := -1, -1
	switch {
	case rest == "":
	case len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'h':
		fromFile = int(rest[0] - 'a')
	case len(rest) == 1 && rest[0] >= '1' && rest[0] <= '8':
		fromRank = int(rest[0] - '1')
	case len(rest) == 2:
		sq, ok := ParseSquare(rest)
		if !ok {
			return NoMove, fmt.Errorf("not a move: %s", orig)
		}
		fromFile, fromRank = sq.File(), sq.Rank()
	default:
		return NoMove, fmt.Errorf("not a move: %s", orig)
	}
	if promo != NoPieceType && pt != Pawn {
		return NoMove, fmt.Errorf("illegal move %s: only a pawn can promote", orig)
	}
	// In SAN a pawn capture always names the file it comes from, so a bare
	// "d5" is the push even when a capture onto d5 is also possible.
	if pt == Pawn && fromFile < 0 {
		fromFile = to.File()
	}

	var ml MoveList
	p.GenerateLegal(&ml)
	var found [MaxMoves]Move
	n := 0
	promoMissing := false
	for _, m := range ml.Moves[:ml.N] {
		from := m.From()
		if m.IsCastling() || m.To() != to || p.board[from].Type() != pt ||
			(fromFile >= 0 && from.File() != fromFile) || (fromRank >= 0 && from.Rank() != fromRank) {
			continue
		}
		if m.PromotionType() != promo {
			if promo == NoPieceType {
				promoMissing = true
			}
			continue
		}
		found[n] = m
		n++
	}
	switch {
	case n == 1:
		return found[0], nil
	case n > 1:
		names := make([]string, n)
		for i, m := range found[:n] {
			names[i] = p.SAN(m)
		}
		return NoMove, fmt.Errorf("ambiguous move %s: %s", orig, strings.Join(names, ", "))
	case promoMissing:
		return NoMove, fmt.Errorf("illegal move %s: the pawn must promote (=Q, =R, =B or =N)", orig)
	case promo != NoPieceType && to.Rank() != 7 && to.Rank() != 0:
		return NoMove, fmt.Errorf("illegal move %s: a pawn promotes only on the last rank", orig)
	}
	return NoMove, p.sanNoMoveError(orig, pt, to, fromFile, fromRank)
}

// sanNoMoveError explains why no legal move matched: either no such piece
// reaches the square at all, or one does but the move would leave the king
// in check (a pin, or a check not answered).
func (p *Position) sanNoMoveError(orig string, pt PieceType, to Square, fromFile, fromRank int) error {
	name := sanPieceNames[pt]
	where := ""
	switch {
	case fromFile >= 0 && fromRank >= 0:
		where = " on " + MakeSquare(fromFile, fromRank).String()
	case fromRank >= 0:
		where = fmt.Sprintf(" on rank %d", fromRank+1)
	case fromFile >= 0 && pt != Pawn:
		where = fmt.Sprintf(" on the %c-file", 'a'+fromFile)
	case fromFile >= 0 && fromFile != to.File():
		where = fmt.Sprintf(" on the %c-file", 'a'+fromFile)
	}
	reach := p.pseudoReach(pt, to)
	if fromFile >= 0 {
		reach &= FileBB(fromFile)
	}
	if fromRank >= 0 {
		reach &= RankBB(fromRank)
	}
	switch {
	case reach != 0 && pt == King:
		return fmt.Errorf("illegal move %s: the king would be in check on %s", orig, to)
	case reach != 0:
		return fmt.Errorf("illegal move %s: the %s%s cannot go to %s without leaving the king in check", orig, name, where, to)
	}
	return fmt.Errorf("illegal move %s: no %s%s can reach %s", orig, name, where, to)
}

// pseudoReach returns the side to move's pieces of type pt that could move
// to the square if checks did not matter (castling aside).
func (p *Position) pseudoReach(pt PieceType, to Square) Bitboard {
	us := p.side
	if p.byColor[us].Has(to) {
		return 0
	}
	own := p.Pieces(us, pt)
	if pt != Pawn {
		// Piece moves are symmetric: the pieces that reach the square are
		// those its own attacks, from the square, reach.
		return PieceAttacks(pt, to, p.byType[0]) & own
	}
	if p.byColor[us^1].Has(to) || to == p.epSquare {
		return pawnAttacks[us^1][to] & own
	}
	back := SquareBB(to).Forward(us ^ 1)
	if back&own != 0 {
		return back & own
	}
	if to.RelativeRank(us) == 3 && back&p.byType[0] == 0 {
		return back.Forward(us^1) & own
	}
	return 0
}

// uciNoMoveError explains why a move in coordinates is not legal.
func (p *Position) uciNoMoveError(orig, c string) error {
	from, _ := ParseSquare(c[0:2])
	to, _ := ParseSquare(c[2:4])
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return fmt.Errorf("illegal move %s: there is no piece on %s", orig, from)
	case pc.Color() != p.side:
		return fmt.Errorf("illegal move %s: the %s on %s is not yours to move", orig, sanPieceNames[pc.Type()], from)
	case !p.pseudoReach(pc.Type(), to).Has(from):
		return fmt.Errorf("illegal move %s: the %s on %s cannot go to %s", orig, sanPieceNames[pc.Type()], from, to)
	case len(c) == 4 && pc.Type() == Pawn && (to.Rank() == 0 || to.Rank() == 7):
		return fmt.Errorf("illegal move %s: the pawn must promote (add q, r, b or n)", orig)
	case len(c) == 5 && (pc.Type() != Pawn || (to.Rank() != 0 && to.Rank() != 7)):
		return fmt.Errorf("illegal move %s: only a pawn reaching the last rank can promote", orig)
	}
	return fmt.Errorf("illegal move %s: it would leave the king in check", orig)
}

func (p *Position) parseSANCastling(orig, c string) (Move, error) {
	kingSide := len(c) == 3 || len(c) == 2 // O-O or OO
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Moves[:ml.N] {
		if m.IsCastling() && (m.To() > m.From()) == kingSide {
			return m, nil
		}
	}
	side := "queen"
	if kingSide {
		side = "king"
	}
	return NoMove, fmt.Errorf("illegal move %s: castling on the %s side is not possible here", orig, side)
}

// sanClean strips what carries no move information: a leading move number,
// anything after the first blank (NAGs, comments), check and annotation
// marks, and "e.p.". Castling zeros and lower case become O.
func sanClean(s string) string {
	// "12.", "12...", "12. e4": the number and its dots go.
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && s[i] == '.' {
		for i < len(s) && s[i] == '.' {
			i++
		}
		s = strings.TrimSpace(s[i:])
	}
	if j := strings.IndexAny(s, " \t\r\n"); j >= 0 {
		s = s[:j]
	}
	for {
		switch {
		case s == "":
			return s
		case strings.IndexByte("+#!?", s[len(s)-1]) >= 0:
			s = s[:len(s)-1]
		case strings.HasSuffix(s, "e.p."):
			s = s[:len(s)-4]
		case strings.HasSuffix(s, "ep") && len(s) > 2:
			s = s[:len(s)-2]
		default:
			if isCastlingText(strings.Map(sanCastlingLetter, s)) {
				return strings.Map(sanCastlingLetter, s)
			}
			return s
		}
	}
}

func sanCastlingLetter(r rune) rune {
	if r == '0' || r == 'o' {
		return 'O'
	}
	return r
}

func isCastlingText(s string) bool {
	switch s {
	case "O-O", "O-O-O", "OO", "OOO":
		return true
	}
	return false
}

// isUCIText reports the shape of a UCI move: e2e4 or e7e8q.
func isUCIText(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if _, ok := ParseSquare(s[0:2]); !ok {
		return false
	}
	if _, ok := ParseSquare(s[2:4]); !ok {
		return false
	}
	return len(s) == 4 || sanPromotion(s[4]) != NoPieceType
}

// sanPromotion reads a promotion letter in either case; "b" can only be a
// bishop here because it follows the target square.
func sanPromotion(ch byte) PieceType {
	switch ch {
	case 'N', 'n':
		return Knight
	case 'B', 'b':
		return Bishop
	case 'R', 'r':
		return Rook
	case 'Q', 'q':
		return Queen
	}
	return NoPieceType
}
