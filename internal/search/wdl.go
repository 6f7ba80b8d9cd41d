package search

import (
	"math"

	"matador/internal/chess"
)

// WDLModel turns a score into expected win, draw and loss rates. A win is
// likelier the further the score stands above a material-dependent centre
// a, on a logistic curve of width b:
//
//	win  = 1 / (1 + exp((a - score) / b))
//	loss = 1 / (1 + exp((a + score) / b))
//	draw = 1 - win - loss
//
// with a and b cubic polynomials in m, the material on the board (pawn
// units, P=1, N=B=3, R=5, Q=9, clamped to 10..78) divided by 58, as in
// Stockfish's published model. A straight line in m was tried first: it
// underestimated the draws of both bare endings and full boards by up to
// 14 points. The constants are fitted by "matador tune wdl" to games.
type WDLModel struct {
	A, B [4]float64 // coefficients of 1, m, m², m³
}

// DefaultWDL was fitted with "matador tune wdl" to the tuner's data of
// the time, before the fit on a million positions: 160,197 quiet positions from 2,494
// self-play games at 10,000 nodes per move (search scores as fastchess
// recorded them, adjudication on). So it says what a score meant in such
// fast games; slower games draw more. Mean log-loss 0.680 (0.697 for the
// straight-line model); it still predicts about 6 points too few draws
// for scores within 0.20 of level and for material between 10 and 40.
var DefaultWDL = WDLModel{
	A: [4]float64{519.53, -1465.07, 1602.13, -565.28},
	B: [4]float64{163.43, -274.68, 411.55, -151.44},
}

// WDLMaterial is the material count the model is indexed by.
func WDLMaterial(pos *chess.Position) int {
	m := pos.ByType(chess.Pawn).Count() + 3*pos.ByType(chess.Knight).Count() +
		3*pos.ByType(chess.Bishop).Count() + 5*pos.ByType(chess.Rook).Count() +
		9*pos.ByType(chess.Queen).Count()
	return min(max(m, 10), 78)
}

// Params gives the centre and width of the curve for a material count.
func (w WDLModel) Params(material int) (a, b float64) {
	m := float64(material) / 58
	a = ((w.A[3]*m+w.A[2])*m+w.A[1])*m + w.A[0]
	b = ((w.B[3]*m+w.B[2])*m+w.B[1])*m + w.B[0]
	return a, max(b, 1)
}

// Rates gives the win, draw and loss rates for a score from the mover's
// view at the given material.
func (w WDLModel) Rates(score, material int) (win, draw, loss float64) {
	a, b := w.Params(material)
	x := float64(score)
	win = 1 / (1 + math.Exp((a-x)/b))
	loss = 1 / (1 + math.Exp((a+x)/b))
	return win, max(1-win-loss, 0), loss
}

// WDL gives the expected win, draw and loss in per mille, summing to 1000,
// for a score from the mover's view in pos. Mate scores are certain.
func (w WDLModel) WDL(score int, pos *chess.Position) (win, draw, loss int) {
	switch {
	case score >= MateInMaxPly:
		return 1000, 0, 0
	case score <= -MateInMaxPly:
		return 0, 0, 1000
	}
	fw, _, fl := w.Rates(score, WDLMaterial(pos))
	win, loss = int(math.Round(1000*fw)), int(math.Round(1000*fl))
	loss = min(loss, 1000-win)
	return win, 1000 - win - loss, loss
}
