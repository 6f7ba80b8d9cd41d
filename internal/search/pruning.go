package search

import "matador/internal/chess"

// The tests of the pruning steps of negamax: whole nodes (static pruning,
// null move) and single moves (late moves, futility, positional gain,
// SEE). Most are small enough to inline into negamax: rebelCanPrune is
// not, and futile, seePrunes and nullMoveReduction only in the
// profile-guided build (cmd/matador/default.pgo).

// reverseFutility is static pruning near the horizon, after REBEL's static
// selective search: a node whose evaluation (hash-improved) stands the
// margin per ply above beta is not searched further.
func reverseFutility(depth, evalScore, beta int) bool {
	return depth <= ReverseFutilityMaxDepth && evalScore-ReverseFutilityMargin*depth >= beta && evalScore < MateInMaxPly
}

// rebelStaticDepth is REBEL's S_DEPTH for the current iteration: the plies
// from the root where null move rules; deeper, the static part prunes.
// Every extension on the path moves it one ply deeper.
func (w *worker) rebelStaticDepth(ply int) int {
	t := RebelSDepth[w.stage]
	d := w.rootDepth
	base := 0
	if d < len(t) {
		base = t[d]
	} else {
		base = t[len(t)-1] + d - (len(t) - 1)
	}
	return base + w.stack[ply].pathExt
}

// rebelThreat is the biggest threat of the side that just moved, as REBEL
// reads it from the evaluation: the value of the most valuable piece of
// the side to move that hangs.
func (w *worker) rebelThreat() int { return w.biggestHanging(w.pos.SideToMove()) }

// rebelStaticPrunes is the static part's test: the evaluation less the
// threat and the margin for the remaining depth still beats beta.
func rebelStaticPrunes(depth, staticEval, threat, beta int) bool {
	return staticEval-threat-RebelStaticMargin[min(depth, len(RebelStaticMargin)-1)] >= beta && staticEval < MateInMaxPly
}

// rebelCanPrune holds REBEL's exceptions to static pruning after the last
// move: it answered a check, won material, seriously increased the pressure
// on our king, or brought a pawn to the 6th or 7th rank.
func (w *worker) rebelCanPrune(ply int) bool {
	if ply < 1 {
		return false
	}
	parent := &w.stack[ply-1]
	if parent.inCheck || parent.moveWinning || w.kingPressureRose(ply) {
		return false
	}
	pos := w.pos
	last := pos.LastMove()
	if last == chess.NoMove {
		return true
	}
	mover := pos.SideToMove().Other()
	return !pawnAdvance(pos.PieceOn(last.To()), last, mover)
}

// nullMoveAllowed: deep enough, not inside a verification search, not
// twice in a row, not in a pawn ending (zugzwang), and not where beta is a
// mate against us.
func (w *worker) nullMoveAllowed(depth, beta int) bool {
	pos := w.pos
	return w.nullVerifying == 0 && depth >= NullMoveMinDepth && pos.LastMove() != chess.NoMove &&
		pos.HasNonPawnMaterial(pos.SideToMove()) && beta > -MateInMaxPly
}

// nullMoveWorthTrying: the (hash-improved) evaluation beats beta; under
// StaticREBEL, the evaluation less the threat does.
func (w *worker) nullMoveWorthTrying(staticEval, evalScore, threat, beta int) bool {
	if w.Switches.StaticREBEL {
		return staticEval-threat >= beta
	}
	return evalScore >= beta
}

// nullMoveReduction is R: NullMoveBaseR, a ply more every NullMoveDepthDiv
// plies and per NullMoveEvalDiv of eval above beta (IPPOLIT), a ply less
// when few pieces are left and zugzwang grows common. REBEL's R is 3 in the
// middle game and 2 in the end game.
func (w *worker) nullMoveReduction(depth, evalScore, beta int) int {
	if w.Switches.StaticREBEL {
		if w.stage != middleGame {
			return NullMoveREBELEnd
		}
		return NullMoveREBELMiddle
	}
	r := NullMoveBaseR + depth/NullMoveDepthDiv + min((evalScore-beta)/NullMoveEvalDiv, NullMoveEvalMaxR)
	if !w.hasMajorMaterial() {
		r--
	}
	return r
}

// lateMovePrunes: at this depth, enough moves have been tried for the
// remaining quiet ones to be skipped.
func lateMovePrunes(depth, moveCount int, improving bool) bool {
	return depth < len(LateMoveCount[0]) && moveCount > LateMoveCount[b2i(improving)][depth]
}

// lmrPruneDepth is the depth PruneAtLMRDepth judges a quiet move at: the
// depth less the log-log reduction LMRAdjusted starts from for this move
// count, never below one ply (futility's margin at zero plies is nothing).
func lmrPruneDepth(depth, moveCount int) int {
	return max(depth-lmrAdjustedTable[min(depth, len(lmrAdjustedTable)-1)][min(moveCount, len(lmrAdjustedTable[0])-1)], 1)
}

// futile reports whether a quiet move at this depth cannot lift the static
// evaluation to alpha even with the futility margin.
func (w *worker) futile(depth, staticEval, alpha int) bool {
	if !w.Switches.FutilityREBEL {
		return depth < len(FutilityMargin) && staticEval+FutilityMargin[depth] <= alpha
	}
	// REBEL: 3.00 at horizon-1 (5.00 in the end game), 5.00 at horizon-2.
	switch depth {
	case 1:
		if !w.hasMajorMaterial() {
			return staticEval+FutilityREBELOneEndgame <= alpha
		}
		return staticEval+FutilityREBELOne <= alpha
	case 2:
		return staticEval+FutilityREBELTwo <= alpha
	}
	return false
}

// gainPrunes is IPPOLIT's test: the largest positional gain seen lately for
// this quiet move, plus a margin per ply, cannot lift the evaluation to
// alpha.
func (w *worker) gainPrunes(pc chess.Piece, m chess.Move, depth, staticEval, alpha int) bool {
	return depth <= PositionalGainMaxDepth &&
		staticEval+int(w.gain[pc][m.From()][m.To()])+PositionalGainMargin*depth <= alpha
}

// seeQuietThreshold and seeNoisyThreshold are how much material a quiet
// move or a capture may lose by SEE before SEE pruning drops it: without
// SEEQuietLinearNoisySquare -30·d² and -100·d; with it (the default)
// SEELinearQuietMargin·d and SEEQuadNoisyMargin·d², -73·d and -20·d².
func seeQuietThreshold(depth int, linear bool) int {
	if linear {
		return SEELinearQuietMargin * depth
	}
	return SEEQuietMargin * depth * depth / 2
}

func seeNoisyThreshold(depth int, linear bool) int {
	if linear {
		return SEEQuadNoisyMargin * depth * depth
	}
	return SEENoisyMargin * depth
}

// seePrunes: at this depth the move loses more material than the SEE
// pruning margin of its kind (quiet or noisy) allows.
func seePrunes(pos *chess.Position, m chess.Move, depth int, noisy, linear bool) bool {
	if depth > seePruneMaxDepth(linear) {
		return false
	}
	threshold := seeQuietThreshold(depth, linear)
	if noisy {
		threshold = seeNoisyThreshold(depth, linear)
	}
	return !pos.SEEGreaterEqual(m, threshold)
}

// seePruneMaxDepth is the deepest node where SEE pruning applies.
func seePruneMaxDepth(linear bool) int {
	if linear {
		return SEELinearMaxDepth
	}
	return SEEPruneMaxDepth
}

// checkEscapesPruning: a move that gives check is spared the pruning of
// single moves. Without SafeChecksOnly every check is; with it (the
// default) only the hash move, and a check among the first
// SafeCheckMaxMoves moves that SEE says loses nothing.
func (w *worker) checkEscapesPruning(m, ttMove chess.Move, moveCount int) bool {
	if !w.Switches.SafeChecksOnly {
		return true
	}
	return m == ttMove || moveCount <= SafeCheckMaxMoves && w.pos.SEEGreaterEqual(m, 0)
}

// contHistPrunes: near the horizon, a quiet move whose counter-move
// history or follow-up history is poor is not worth a search (Ethereal's
// counter-move and follow-up pruning).
func contHistPrunes(depth int, improving bool, counter, followUp int32) bool {
	if improving {
		return depth <= ContHistPruneMaxDepthImproving &&
			(counter < ContHistPruneCounterImproving || followUp < ContHistPruneFollowUpImproving)
	}
	return depth <= ContHistPruneMaxDepth && (counter < ContHistPruneCounter || followUp < ContHistPruneFollowUp)
}
