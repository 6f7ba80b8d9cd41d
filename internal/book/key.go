// Package book reads and writes opening books in the Polyglot format, the
// one format nearly every engine and GUI shares: a file of 16-byte entries
// (position key, move, weight, learn data), big-endian, sorted by key. A
// position's entries are found by binary search, reading only the entries
// it touches, so books of any size cost no memory.
//
// The keys are Polyglot's own Zobrist keys (its published table of 781
// random numbers, random.go), not Matador's: a book made by any tool works.
package book

import "matador/internal/chess"

// Offsets into polyglotRandom after the 768 piece-square numbers.
const (
	castleOffset    = 768 // white short, white long, black short, black long
	enPassantOffset = 772 // by file
	turnOffset      = 780 // hashed when White is to move
)

// Key returns the Polyglot key of pos.
func Key(pos *chess.Position) uint64 {
	var key uint64
	occ := pos.Occupied()
	for occ != 0 {
		sq := occ.PopFirst()
		pc := pos.PieceOn(sq)
		// Polyglot's piece order: black pawn, white pawn, black knight, ...
		kind := 2 * int(pc.Type()-chess.Pawn)
		if pc.Color() == chess.White {
			kind++
		}
		key ^= polyglotRandom[64*kind+8*sq.Rank()+sq.File()]
	}
	// Matador's castling bits are in Polyglot's order already.
	rights := pos.CastlingRights()
	for i := range 4 {
		if rights&(1<<i) != 0 {
			key ^= polyglotRandom[castleOffset+i]
		}
	}
	if file, ok := enPassantFile(pos); ok {
		key ^= polyglotRandom[enPassantOffset+file]
	}
	if pos.SideToMove() == chess.White {
		key ^= polyglotRandom[turnOffset]
	}
	return key
}

// enPassantFile returns the file of the en passant square as Polyglot
// counts it: after a double pawn push, when a pawn of the side to move
// stands beside the pushed pawn, whether or not its capture is legal.
// Matador keeps the square only when the capture is legal, so the pushed
// pawn is found from the last move; a position read from a FEN has no last
// move and counts only a square Matador kept (a pinned capturer's square
// is lost there, the one case where the key can differ from Polyglot's).
func enPassantFile(pos *chess.Position) (int, bool) {
	us := pos.SideToMove()
	pushed := chess.NoSquare // the square of the pawn that moved two squares
	if ep := pos.EPSquare(); ep != chess.NoSquare {
		pushed = ep ^ 8
	} else if m := pos.LastMove(); m != chess.NoMove && m.Kind() == chess.Normal {
		from, to := m.From(), m.To()
		if pos.PieceOn(to) == chess.MakePiece(us.Other(), chess.Pawn) && (int(to)-int(from) == 16 || int(from)-int(to) == 16) {
			pushed = to
		}
	}
	if pushed == chess.NoSquare {
		return 0, false
	}
	beside := chess.SquareBB(pushed).East() | chess.SquareBB(pushed).West()
	if beside&pos.Pieces(us, chess.Pawn) == 0 {
		return 0, false
	}
	return pushed.File(), true
}
