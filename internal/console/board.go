package console

import (
	"fmt"
	"strings"

	"matador/internal/chess"
	"matador/internal/search"
)

// unicodePieces are the chess symbols of Unicode, indexed by PieceType;
// the first row is White's (outlined) set.
var unicodePieces = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// drawBoard draws pos for a terminal: ranks down the left and right, files
// along the bottom and top, White at the bottom unless flipped.
func drawBoard(pos *chess.Position, ascii, flipped bool) string {
	files := "a b c d e f g h"
	if flipped {
		files = "h g f e d c b a"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "    %s\n", files)
	for row := 0; row < 8; row++ {
		rank := 7 - row
		if flipped {
			rank = row
		}
		fmt.Fprintf(&b, " %d  ", rank+1)
		for col := 0; col < 8; col++ {
			file := col
			if flipped {
				file = 7 - col
			}
			if col > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(squareText(pos.PieceOn(chess.MakeSquare(file, rank)), ascii))
		}
		fmt.Fprintf(&b, "  %d\n", rank+1)
	}
	fmt.Fprintf(&b, "    %s\n", files)
	return b.String()
}

func squareText(pc chess.Piece, ascii bool) string {
	switch {
	case pc == chess.NoPiece && ascii:
		return "."
	case pc == chess.NoPiece:
		return "·"
	case ascii:
		return string(pc.Char())
	}
	return unicodePieces[pc.Color()][pc.Type()]
}

// FormatScore writes a search score (centipawns for the side to move) in
// pawns from White's point of view, as people read evaluations: +0.35,
// -1.20, or #3 / #-3 for a mate in so many moves for White / Black.
func FormatScore(score int, sideToMove chess.Color) string {
	sign := 1
	if sideToMove == chess.Black {
		sign = -1
	}
	if moves, ok := search.MateIn(score); ok {
		return fmt.Sprintf("#%d", sign*moves)
	}
	return fmt.Sprintf("%+.2f", float64(sign*score)/100)
}

// NumberedLine writes moves (legal from pos, which is left as it was) in
// SAN with move numbers, "12... Nf6 13. e5 Nd5", stopping at a move that is
// not legal where it stands.
func NumberedLine(pos *chess.Position, moves []chess.Move) string {
	sans := pos.SANLine(moves)
	var b strings.Builder
	ply := pos.GamePly()
	for i, san := range sans {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case ply%2 == 0:
			fmt.Fprintf(&b, "%d. ", ply/2+1)
		case i == 0:
			fmt.Fprintf(&b, "%d... ", ply/2+1)
		}
		b.WriteString(san)
		ply++
	}
	return b.String()
}

// RepeatedMate reports an iteration that only repeats a mate already shown
// (same score and line). Once a mate is proven the following iterations
// find it again in a few nodes each, and a person needs to see it once.
// last holds what was shown before.
func RepeatedMate(score, line string, last *string) bool {
	key := score + " " + line
	repeated := strings.HasPrefix(score, "#") && key == *last
	*last = key
	return repeated
}
