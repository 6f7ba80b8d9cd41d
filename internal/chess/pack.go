package chess

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
)

// PackedBoard is a position in the 28 board bytes of marlinformat, the
// 32-byte record that NNUE trainers read (marlinflow, bullet): everything a
// FEN says, in a fixed size. Byte by byte, multi-byte fields little-endian:
//
//	0-7    the occupied squares, bit i for square i (a1 = 0, h1 = 7, h8 = 63)
//	8-23   a nibble per occupied piece in the order of its square, the
//	       even-numbered ones in a byte's low half, the nibbles past the
//	       last piece zero: bits 0-2 the piece (0 pawn, 1 knight, 2 bishop,
//	       3 rook, 4 queen, 5 king, 6 a rook its side may still castle
//	       with), bit 3 its colour (1 black)
//	24     bit 7 the side to move (1 black), bits 0-6 the en passant
//	       square, 64 for none
//	25     the half-move clock
//	26-27  the full-move number
//
// The marlinformat record goes on with the score (int16, White's view),
// the result (0 Black won, 1 draw, 2 White won) and a spare byte; the
// training files of package trainbin add those.
type PackedBoard [PackedBoardSize]byte

// PackedBoardSize is the length of a PackedBoard in bytes.
const PackedBoardSize = 28

// packedCastlingRook is the piece code of a rook that carries a castling
// right: the rights are not stored otherwise, which works for Chess960 too.
const packedCastlingRook = 6

// packedNoSquare is the en passant byte when there is no en passant square.
const packedNoSquare = 64

// Pack writes the position as a PackedBoard. It fails only when a counter
// does not fit its field: a half-move clock above 255 or a full-move number
// above 65535 (FEN allows more).
func (p *Position) Pack() (PackedBoard, error) {
	var b PackedBoard
	if p.rule50 > 255 {
		return b, fmt.Errorf("half-move clock %d does not fit a packed board (at most 255)", p.rule50)
	}
	if full := p.FullMoveNumber(); full > 0xFFFF {
		return b, fmt.Errorf("full-move number %d does not fit a packed board (at most 65535)", full)
	}
	occ := p.byType[0]
	binary.LittleEndian.PutUint64(b[0:8], uint64(occ))
	for i := 0; occ != 0; i++ {
		s := occ.PopFirst()
		pc := p.board[s]
		code := byte(pc.Type() - Pawn)
		if pc.Type() == Rook && p.castlesWith(s) {
			code = packedCastlingRook
		}
		b[8+i/2] |= (code | byte(pc.Color())<<3) << (4 * (i % 2))
	}
	ep := byte(packedNoSquare)
	if p.epSquare != NoSquare {
		ep = byte(p.epSquare)
	}
	b[24] = byte(p.side)<<7 | ep
	b[25] = byte(p.rule50)
	binary.LittleEndian.PutUint16(b[26:28], uint16(p.FullMoveNumber()))
	return b, nil
}

// castlesWith tells whether the rook on s carries one of the castling
// rights still held.
func (p *Position) castlesWith(s Square) bool {
	for idx, rsq := range p.castleRook {
		if p.castling&(1<<idx) != 0 && rsq == s {
			return true
		}
	}
	return false
}

// Unpack reads a PackedBoard back into a position. It goes through FEN, so
// that a position is only ever built by ParseFEN and checked as FEN
// positions are, and then packs the result again: any bytes but the ones
// Pack writes for that position (a stray nibble, an en passant square with
// no capture, a castling rook off its square) are refused. Bad bytes give
// an error, never a panic.
func (b *PackedBoard) Unpack() (*Position, error) {
	occ := Bitboard(binary.LittleEndian.Uint64(b[0:8]))
	if n := occ.Count(); n > 32 {
		return nil, fmt.Errorf("packed board has %d pieces, at most 32", n)
	}
	var (
		fen      = make([]byte, 0, 96)
		board    [64]byte
		castling []byte
	)
	for i, rest := 0, occ; rest != 0; i++ {
		s := rest.PopFirst()
		code := b[8+i/2] >> (4 * (i % 2)) & 0xF
		c := Color(code >> 3)
		t := PieceType(code&7) + Pawn
		switch {
		case code&7 == packedCastlingRook:
			t = Rook
			letter := byte('A' + s.File())
			if c == Black {
				letter += 'a' - 'A'
			}
			castling = append(castling, letter)
		case t > King:
			return nil, fmt.Errorf("packed board: piece code %d on %s", code, s)
		}
		board[s] = MakePiece(c, t).Char()
	}
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for file := 0; file < 8; file++ {
			ch := board[MakeSquare(file, rank)]
			if ch == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fen = append(fen, '0'+empty)
				empty = 0
			}
			fen = append(fen, ch)
		}
		if empty > 0 {
			fen = append(fen, '0'+empty)
		}
		if rank > 0 {
			fen = append(fen, '/')
		}
	}
	fen = append(fen, ' ', "wb"[b[24]>>7], ' ')
	if len(castling) == 0 {
		fen = append(fen, '-')
	}
	fen = append(fen, castling...)
	fen = append(fen, ' ')
	switch ep := b[24] & 0x7F; {
	case ep == packedNoSquare:
		fen = append(fen, '-')
	case ep > packedNoSquare:
		return nil, fmt.Errorf("packed board: en passant byte %d is neither a square nor 64", ep)
	default:
		fen = append(fen, Square(ep).String()...)
	}
	full := binary.LittleEndian.Uint16(b[26:28])
	if full == 0 {
		return nil, errors.New("packed board: full-move number 0")
	}
	fen = append(fen, ' ')
	fen = strconv.AppendUint(fen, uint64(b[25]), 10)
	fen = append(fen, ' ')
	fen = strconv.AppendUint(fen, uint64(full), 10)
	p, err := ParseFEN(string(fen))
	if err != nil {
		return nil, fmt.Errorf("packed board %s: %w", fen, err)
	}
	if again, err := p.Pack(); err != nil || again != *b {
		return nil, fmt.Errorf("packed board %s: not the bytes that position packs to", fen)
	}
	return p, nil
}
