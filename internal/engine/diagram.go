package engine

import (
	"fmt"
	"strings"

	"matador/internal/chess"
)

// Diagram draws the position for a person at a terminal: the board with
// White at the bottom, then the FEN, the Zobrist key and the checking
// pieces.
func Diagram(pos *chess.Position) string {
	var b strings.Builder
	b.WriteString("   +-----------------+\n")
	for rank := 7; rank >= 0; rank-- {
		fmt.Fprintf(&b, " %d |", rank+1)
		for file := 0; file < 8; file++ {
			pc := pos.PieceOn(chess.MakeSquare(file, rank))
			ch := byte('.')
			if pc != chess.NoPiece {
				ch = pc.Char()
			}
			b.WriteByte(' ')
			b.WriteByte(ch)
		}
		b.WriteString(" |\n")
	}
	b.WriteString("   +-----------------+\n")
	b.WriteString("     a b c d e f g h\n\n")
	fmt.Fprintf(&b, "Fen: %s\n", pos.FEN())
	fmt.Fprintf(&b, "Key: %016X\n", pos.Key())
	b.WriteString("Checkers:")
	checkers := pos.Checkers()
	if checkers == 0 {
		b.WriteString(" none")
	}
	for checkers != 0 {
		b.WriteByte(' ')
		b.WriteString(checkers.PopFirst().String())
	}
	b.WriteByte('\n')
	return b.String()
}
