package search

import (
	"matador/internal/chess"
	"matador/internal/eval"
)

// What several techniques ask of the material on the board: REBEL's stage
// of the game, zugzwang danger, piece values, hanging pieces, promotions.

// gameStage is REBEL's stage of the game, which picks its null-move R and
// S_DEPTH (RebelSDepth).
type gameStage uint8

const (
	middleGame gameStage = iota
	endGame
	lateEndGame
)

// stageOf is REBEL's stage of the game: a late end game has no queens and
// at most one piece a side (rook, bishop, knight and pawn endings), an end
// game no queens or little material left, the rest is a middle game.
func stageOf(pos *chess.Position) gameStage {
	queens := pos.ByType(chess.Queen)
	pieces := func(c chess.Color) int {
		return (pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop) | pos.Pieces(c, chess.Rook)).Count()
	}
	switch {
	case queens == 0 && pieces(chess.White) <= 1 && pieces(chess.Black) <= 1:
		return lateEndGame
	case queens == 0 || pieces(chess.White)+pieces(chess.Black) <= 4:
		return endGame
	}
	return middleGame
}

// hasMajorMaterial reports whether the side to move has enough material
// that zugzwang is unlikely (a rook or queen, or two minor pieces).
func (w *worker) hasMajorMaterial() bool {
	pos := w.pos
	us := pos.SideToMove()
	if pos.Pieces(us, chess.Rook)|pos.Pieces(us, chess.Queen) != 0 {
		return true
	}
	return (pos.Pieces(us, chess.Knight) | pos.Pieces(us, chess.Bishop)).More()
}

// materialValue is the evaluation's middle-game value of a piece type.
func materialValue(t chess.PieceType) int {
	switch t {
	case chess.Pawn:
		return eval.PawnValue
	case chess.Knight:
		return eval.KnightValue
	case chess.Bishop:
		return eval.BishopValue
	case chess.Rook:
		return eval.RookValue
	case chess.Queen:
		return eval.QueenValue
	}
	return 0
}

// biggestHanging is the value of c's most valuable hanging piece, 0 when
// none hangs.
func (w *worker) biggestHanging(c chess.Color) int {
	pos := w.pos
	hanging := eval.Hanging(pos, c)
	for t := chess.Queen; t >= chess.Pawn; t-- {
		if hanging&pos.Pieces(c, t) != 0 {
			return materialValue(t)
		}
	}
	return 0
}

// canPromote reports whether the side to move has a pawn on its 7th rank.
func (w *worker) canPromote() bool {
	pos := w.pos
	us := pos.SideToMove()
	seventh := chess.Rank7
	if us == chess.Black {
		seventh = chess.Rank2
	}
	return pos.Pieces(us, chess.Pawn)&seventh != 0
}
