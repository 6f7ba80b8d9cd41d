package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseFEN reads a FEN (or X-FEN / Shredder-FEN) string. The move counters
// may be omitted. Every malformed input gives an error saying what is wrong;
// it never panics.
func ParseFEN(fen string) (*Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 4 {
		return nil, fmt.Errorf("FEN needs at least 4 fields (board, side, castling, en passant), got %d", len(fields))
	}
	if len(fields) > 6 {
		return nil, fmt.Errorf("FEN has %d fields, at most 6 expected", len(fields))
	}
	p := &Position{state: state{epSquare: NoSquare}}
	for i := range p.castleRook {
		p.castleRook[i] = NoSquare
	}
	if err := p.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("side to move must be 'w' or 'b', got %q", fields[1])
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	if err := p.checkPlacement(); err != nil {
		return nil, err
	}
	ep, err := p.parseEnPassant(fields[3])
	if err != nil {
		return nil, err
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > MaxHalfMoveClock {
			return nil, fmt.Errorf("half-move clock must be a number from 0 to %d, got %q", MaxHalfMoveClock, fields[4])
		}
		p.rule50 = n
	}
	fullMove := 1
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > MaxFullMoveNumber {
			return nil, fmt.Errorf("full-move number must be a number from 0 to %d, got %q", MaxFullMoveNumber, fields[5])
		}
		if n > 0 {
			fullMove = n
		}
	}
	p.gamePly = 2*(fullMove-1) + int(p.side)
	p.pliesFromNull = p.rule50

	us := p.side
	if p.Attacked(p.KingSquare(us^1), us, p.byType[0]) {
		return nil, errors.New("the side not to move is in check")
	}
	p.checkers = p.AttackersTo(p.KingSquare(us), p.byType[0]) & p.byColor[us^1]
	if p.checkers.Count() > 2 {
		return nil, fmt.Errorf("the side to move is in check from %d pieces", p.checkers.Count())
	}
	if ep != NoSquare && p.epCaptureLegal(ep) {
		p.epSquare = ep
	}
	p.key, p.pawnKey = p.computeKeys()
	return p, nil
}

func (p *Position) parseBoard(board string) error {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("board must have 8 ranks separated by '/', got %d", len(ranks))
	}
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				if file > 8 {
					return fmt.Errorf("rank %d has more than 8 squares", rank+1)
				}
				continue
			}
			pc, ok := pieceFromChar(ch)
			if !ok {
				return fmt.Errorf("rank %d: %s is not a piece letter or digit", rank+1, charAt(row, j))
			}
			if file > 7 {
				return fmt.Errorf("rank %d has more than 8 squares", rank+1)
			}
			p.putPiece(pc, MakeSquare(file, rank))
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d has %d squares, not 8", rank+1, file)
		}
	}
	return nil
}

func (p *Position) checkPlacement() error {
	for c := White; c <= Black; c++ {
		switch n := p.Pieces(c, King).Count(); {
		case n == 0:
			return fmt.Errorf("%s has no king", colorName(c))
		case n > 1:
			return fmt.Errorf("%s has %d kings", colorName(c), n)
		}
		if p.Pieces(c, Pawn).Count() > 8 {
			return fmt.Errorf("%s has more than 8 pawns", colorName(c))
		}
		if p.byColor[c].Count() > 16 {
			return fmt.Errorf("%s has more than 16 pieces", colorName(c))
		}
	}
	if p.byType[Pawn]&(Rank1|Rank8) != 0 {
		return errors.New("a pawn stands on the first or last rank")
	}
	return nil
}

func colorName(c Color) string {
	if c == White {
		return "white"
	}
	return "black"
}

// charAt names the character that begins at byte i of s for an error
// message: the whole character when it lies outside ASCII, and the byte
// when s is not valid UTF-8 there.
func charAt(s string, i int) string {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte 0x%02x", s[i])
	}
	return fmt.Sprintf("%q", r)
}

// parseCastling accepts KQkq, X-FEN (KQkq meaning the outermost rook, file
// letters for an inner one) and Shredder-FEN (file letters only).
func (p *Position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	if len(field) > 4 {
		return fmt.Errorf("castling field %q is too long", field)
	}
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := White
		if ch >= 'a' && ch <= 'z' {
			c = Black
			ch -= 'a' - 'A'
		}
		rank := 0
		if c == Black {
			rank = 7
		}
		kings := p.Pieces(c, King) & RankBB(rank)
		if kings == 0 {
			return fmt.Errorf("castling right %q but the %s king is not on its back rank", field[i], colorName(c))
		}
		ksq := kings.First()
		rooks := p.Pieces(c, Rook) & RankBB(rank)
		rsq := NoSquare
		switch {
		case ch == 'K':
			for f := 7; f > ksq.File(); f-- {
				if rooks.Has(MakeSquare(f, rank)) {
					rsq = MakeSquare(f, rank)
					break
				}
			}
		case ch == 'Q':
			for f := 0; f < ksq.File(); f++ {
				if rooks.Has(MakeSquare(f, rank)) {
					rsq = MakeSquare(f, rank)
					break
				}
			}
		case ch >= 'A' && ch <= 'H':
			s := MakeSquare(int(ch-'A'), rank)
			if rooks.Has(s) && s != ksq {
				rsq = s
			}
		default:
			return fmt.Errorf("castling field: %s is not K, Q, k, q or a file letter", charAt(field, i))
		}
		if rsq == NoSquare {
			return fmt.Errorf("castling right %q but there is no %s rook for it", field[i], colorName(c))
		}
		kingSide := rsq > ksq
		idx := castleIndex(c, kingSide)
		if p.castling&(1<<idx) != 0 {
			return fmt.Errorf("castling right %q given twice", field[i])
		}
		p.castling |= 1 << idx
		p.castleRook[idx] = rsq
		p.castleMask[rsq] |= 1 << idx
		p.castleMask[ksq] |= 1 << idx
		if ksq.File() != 4 || (rsq.File() != 0 && rsq.File() != 7) {
			p.chess960 = true
		}
	}
	return nil
}

func (p *Position) parseEnPassant(field string) (Square, error) {
	if field == "-" {
		return NoSquare, nil
	}
	ep, ok := ParseSquare(field)
	if !ok {
		return NoSquare, fmt.Errorf("en passant square %q is not a square or '-'", field)
	}
	us := p.side
	wantRank := 5
	if us == Black {
		wantRank = 2
	}
	if ep.Rank() != wantRank {
		return NoSquare, fmt.Errorf("en passant square %s is impossible with %s to move", field, colorName(us))
	}
	pushed := ep ^ 8
	origin := ep + 8 // where the pushed pawn started
	if us == Black {
		origin = ep - 8
	}
	if p.board[pushed] != MakePiece(us^1, Pawn) || p.board[ep] != NoPiece || p.board[origin] != NoPiece {
		return NoSquare, fmt.Errorf("en passant square %s is impossible: no pawn has just moved two squares past it", field)
	}
	return ep, nil
}

// FEN writes the position. Castling uses KQkq when the castling rook is the
// outermost on its side and the file letter otherwise (X-FEN), so standard
// positions read as usual and every Chess960 position round-trips.
func (p *Position) FEN() string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[MakeSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Char())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteString(p.side.String())
	sb.WriteByte(' ')
	sb.WriteString(p.castlingString())
	sb.WriteByte(' ')
	sb.WriteString(p.epSquare.String())
	// Moves played after a FEN can take the counters past what ParseFEN
	// takes; written at its bounds, a FEN this prints is always read back
	// (a clock of 10000 plies says what 120000 does: the fifty-move rule
	// has long been reached).
	fmt.Fprintf(&sb, " %d %d", min(p.rule50, MaxHalfMoveClock), min(p.FullMoveNumber(), MaxFullMoveNumber))
	return sb.String()
}

// The bounds of a FEN's counters: ParseFEN refuses larger ones (nothing
// needs them, and a bound keeps arithmetic on them safe) and FEN writes
// larger ones as these.
const (
	MaxHalfMoveClock  = 10000
	MaxFullMoveNumber = 100000
)

func (p *Position) castlingString() string {
	if p.castling == 0 {
		return "-"
	}
	var out []byte
	for idx := 0; idx < 4; idx++ {
		if p.castling&(1<<idx) == 0 {
			continue
		}
		c := Color(idx / 2)
		kingSide := idx%2 == 0
		rsq := p.castleRook[idx]
		// Is there another rook further out on the same side?
		outer := p.Pieces(c, Rook) & RankBB(rsq.Rank())
		var beyond Bitboard
		if kingSide {
			beyond = outer & ^(SquareBB(rsq)<<1 - 1)
		} else {
			beyond = outer & (SquareBB(rsq) - 1)
		}
		var ch byte
		switch {
		case beyond != 0:
			ch = byte('A' + rsq.File())
		case kingSide:
			ch = 'K'
		default:
			ch = 'Q'
		}
		if c == Black {
			ch += 'a' - 'A'
		}
		out = append(out, ch)
	}
	return string(out)
}
