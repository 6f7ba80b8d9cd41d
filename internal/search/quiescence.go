package search

import (
	"matador/internal/chess"
	"matador/internal/eval"
)

// qsearch resolves captures so that the static evaluation is only used in
// quiet positions (with checks in its first ply: REBEL, IPPOLIT; switch
// QSChecks). qply counts its plies.
func (w *worker) qsearch(alpha, beta, ply, qply int) int {
	pos := w.pos
	ss := &w.stack[ply]
	ss.pvLen = 0

	// Step 1. Limits.
	w.checkLimits()
	if w.stopping() {
		return 0
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}

	// Step 2. Draws, and the end of the ply stack. The main search hands
	// its horizon nodes here before its own draw test, so a quiet move
	// into a repetition is found here or never; after a capture the test
	// costs nothing (the fifty-move count is zero).
	inCheck := pos.InCheck()
	if isDraw(pos, ply, inCheck) {
		return DrawScore
	}
	if ply >= MaxPly-2 {
		if inCheck {
			return DrawScore
		}
		return w.evaluate()
	}
	pvNode := beta-alpha > 1

	// Step 3. Hash table: any stored bound that decides the window ends
	// a non-PV node.
	key := pos.Key()
	hit, ttOK := w.tt.Probe(key)
	ttMove := chess.NoMove
	if ttOK {
		ttMove = hit.move()
		ttScore := scoreFromTT(hit.score(), ply)
		if !pvNode && boundCuts(hit.bound(), ttScore, alpha, beta) {
			return ttScore
		}
	}

	// Step 4. Stand pat on the static evaluation: the hash's, a lazy
	// guess far below alpha (REBEL; switch LazyEval, off: no gain measured
	// in the ablation, docs/techniques.md), or a full one.
	bestScore := -Infinity
	staticEval, rawEval := noEval, noEval
	lazy := false
	ss.lazyGap, ss.dangerKnown, ss.hangingKnown = noLazyGap, false, false
	if !inCheck {
		switch {
		case ttOK && hit.eval() != noEval:
			staticEval = hit.eval()
		case w.Switches.LazyEval && w.nn == nil && ply > 0 && w.stack[ply-1].lazyGap >= 0 &&
			pos.HasNonPawnMaterial(chess.White) && pos.HasNonPawnMaterial(chess.Black):
			// REBEL: lazy eval. When material and piece-square values plus
			// a margin cannot reach alpha, that guess stands for the
			// evaluation. The margin grows by what the full evaluation one
			// ply up found beyond the guess; pawn endings, where a runaway
			// pawn outweighs any margin, always get the full evaluation.
			guess := w.ev.Lazy(pos) + LazyEvalMargin + w.stack[ply-1].lazyGap
			if guess <= alpha {
				staticEval, lazy = guess, true
			} else {
				staticEval = w.fullEval(ss)
			}
		default:
			staticEval = w.fullEval(ss)
		}
		if !lazy {
			w.updateGain(ply, staticEval)
		}
		// The hash table and the children keep the evaluation's own
		// figure; standing pat and pruning use the corrected one (switch
		// CorrectionHistory).
		rawEval = staticEval
		staticEval = w.correctedEval(staticEval)
		bestScore = staticEval
		if bestScore >= beta {
			return bestScore
		}

		// Step 5. Horizon trick two, delta pruning: nothing can lift the
		// score to alpha, not even winning a queen (REBEL; switch
		// QSDeltaPruning). Horizon trick one: nor taking the best hanging
		// piece (REBEL; switch HorizonTrickOne, off: turning it on lost in
		// its ablation row, as it misses what the hanging list does not
		// show: a piece attacked more often than defended, a check).
		if w.Switches.QSDeltaPruning && staticEval+eval.QueenValue+DeltaMargin < alpha && !w.canPromote() {
			return staticEval
		}
		if w.Switches.HorizonTrickOne && w.horizonTrickOne(ply, staticEval, alpha) {
			return staticEval
		}
		if bestScore > alpha {
			alpha = bestScore
		}
	}

	// The children read this node's evaluation for the positional gain of
	// their move, and the hash table keeps it; a lazy guess or a position
	// in check has none.
	kept := rawEval
	if lazy {
		kept = noEval
	}
	ss.rawEval = kept
	ss.inCheck = inCheck

	// Step 6. The captures that do not lose material (all moves in check,
	// quiet checks in the first plies), best first. With QSSEEThreshold
	// only the captures whose SEE brings the score to within QSSEEMargin
	// of alpha (Ethereal; on, though its row alone measured no gain; it
	// passed its SPRT with its group). The picker filters by SEE; only the hash
	// move, which comes before its filter, is tested here.
	withChecks := w.Switches.QSChecks && qply < QSCheckPlies
	seeFloor := 0
	if w.Switches.QSSEEThreshold && !inCheck {
		seeFloor = max(alpha-staticEval-QSSEEMargin, 0)
	}
	pk := &ss.picker
	pk.resetQS(ttMove, inCheck, withChecks, seeFloor)
	bestMove := chess.NoMove
	moveCount := 0
	originalAlpha := alpha
	for {
		m := pk.next(w)
		if m == chess.NoMove {
			break
		}
		moveCount++
		if !inCheck && !m.IsPromotion() {
			// Only captures that do not lose material (REBEL: winning and
			// equal captures), and no hopeless ones.
			if m == ttMove && !pos.SEEGreaterEqual(m, seeFloor) {
				continue
			}
			if w.Switches.QSDeltaPruning && captureBelowDelta(pos.PieceOn(m.To()), staticEval, alpha) && !pos.GivesCheck(m) {
				continue
			}
		}
		// Quiescence's children read only the move and its piece; the hash
		// move and material flags are for the main search's children.
		w.enterMove(ss, m, pos.PieceOn(m.From()), false, false, false)
		w.makeMove(m)
		w.prefetchChild(pos.Key())
		w.nodes++
		score := -w.qsearch(-beta, -alpha, ply+1, qply+1)
		w.unmakeMove(m)
		if w.stopping() {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					break
				}
			}
		}
	}
	if inCheck && moveCount == 0 {
		return -MateScore + ply
	}

	// Step 7. The result into the hash table, at depth 0.
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestScore > originalAlpha {
		bound = BoundExact
	}
	w.tt.Store(key, bestMove, scoreToTT(bestScore, ply), kept, 0, bound)
	return bestScore
}

// captureBelowDelta is delta pruning of one capture: taking the victim,
// plus the margin, leaves the evaluation at or below alpha. A capture that
// gives check is searched all the same.
func captureBelowDelta(victim chess.Piece, staticEval, alpha int) bool {
	return victim != chess.NoPiece && staticEval+materialValue(victim.Type())+DeltaMargin <= alpha
}

// horizonTrickOne is REBEL's first horizon trick, seen from the side to
// move: quiescence is mainly there to take a hanging piece, so when even
// taking the most valuable one of the opponent's hanging pieces, plus 3.00,
// leaves the evaluation below alpha, the node is not searched. The margin
// grows by 9.00 when the opponent's last move answered a check (or the
// position before it had no evaluation) and by 6.00 when we can promote.
func (w *worker) horizonTrickOne(ply, staticEval, alpha int) bool {
	margin := HorizonTrickMargin
	if staticEval+margin >= alpha {
		return false
	}
	if ply < 1 || w.stack[ply-1].inCheck || w.stack[ply-1].rawEval == noEval {
		margin += HorizonTrickCheck
	}
	if w.canPromote() {
		margin += HorizonTrickPromotion
	}
	margin += w.biggestHanging(w.pos.SideToMove().Other())
	return staticEval+margin < alpha
}
