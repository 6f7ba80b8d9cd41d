package search

import "matador/internal/chess"

// iterate runs iterative deepening from the root begin set up: one
// iteration per depth, each PV line through its aspiration window, until
// the limits, the clock or a stop end it. It returns the best move of the
// last completed iteration.
func (w *worker) iterate() Result {
	limits := w.limits
	result := Result{Best: w.rootMoves[0].move}
	maxDepth := MaxIterationDepth
	if limits.Depth > 0 && limits.Depth < maxDepth {
		maxDepth = limits.Depth
	}
	multiPV := min(w.opts.MultiPV, len(w.rootMoves))
	var lastBest chess.Move
	var lastScore int
	// iterScores[d] is the score of the iteration of depth d, for the
	// clock's reading of a falling score.
	var iterScores [MaxIterationDepth + 1]int
	bestChanges := 0.0
	stableIterations := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if w.id > 0 && helperSkips(w.id, depth) {
			continue
		}
		w.rootDepth = depth
		for i := range w.rootMoves {
			w.rootMoves[i].prevScore = w.rootMoves[i].score
		}
		// Each line is reported once per iteration: all together when
		// the iteration ends, or one by one as they finish once the
		// search is old enough for a GUI to want progress. Reporting
		// every line so far after each line printed N(N+1)/2 lines per
		// iteration.
		reported := 0
		for w.pvIdx = 0; w.pvIdx < multiPV; w.pvIdx++ {
			w.selDepth = 0
			first, last := w.rootGroup(w.pvIdx)
			w.pvLast = last
			w.aspiration(depth)
			sortRootMoves(w.rootMoves[w.pvIdx:w.pvLast])
			if w.stopping() {
				break
			}
			// The finished lines stay in score order, as in Stockfish: a
			// line searched later, in its own window, may score above one
			// before it, and line 1 is the move played. A line that moves
			// up shifts those it passes, reported again if they were. In a
			// tablebase root no line passes one the tables rank higher.
			reported = min(reported, first+insertLastLine(w.rootMoves[first:w.pvIdx+1]))
			if w.pvIdx+1 == multiPV || w.lineByLine() {
				w.reportPVs(depth, reported, w.pvIdx+1)
				reported = w.pvIdx + 1
			}
		}
		stopped := w.stopping()
		if stopped {
			// The lines this iteration finished before the stop are
			// news; the interrupted one is not.
			w.reportPVs(depth, reported, w.pvIdx)
			if w.pvIdx == 0 {
				break
			}
			// The first line did finish, and the GUI has it as the
			// engine's line: the stop may have come after the last line
			// ended, or during a later MultiPV line. Its move is played,
			// so that bestmove agrees with the line the GUI shows.
		}
		best := w.rootMoves[0]
		result.Best, result.Score, result.Depth = best.move, best.score, depth
		if len(best.pv) > 1 {
			result.Ponder = best.pv[1]
		} else {
			result.Ponder = chess.NoMove
		}
		if stopped {
			break
		}
		if best.move != lastBest && depth > 1 {
			bestChanges++
			stableIterations = 0
		} else {
			stableIterations++
		}
		bestChanges *= BestChangeDecay
		// Mate search: stop when a short enough mate is proven.
		if limits.Mate > 0 && best.score >= MateScore-2*limits.Mate {
			break
		}
		if w.clock.isTimed() && !w.pondering.Load() {
			// A mate proven a few plies below the current depth will
			// not change: a timed search stops instead of iterating to
			// MaxPly.
			if abs(best.score) >= MateInMaxPly && depth >= MateScore-abs(best.score)+MateSettledPlies {
				break
			}
			it := iterationEnd{depth: depth, bestChanges: bestChanges, stable: stableIterations}
			if w.nodes > 0 {
				it.bestNodeShare = float64(best.nodes) / float64(w.nodes)
			}
			if depth > 1 {
				it.scoreDrop = lastScore - best.score
				it.scoreDropLong = iterScores[max(depth-ClockIdealScaledDropIterations, 1)] - best.score
			}
			if len(w.rootMoves) == 1 && depth >= OnlyMoveDepth || w.clock.shouldStopAfterIteration(w.clock.reading(w.nodes+w.helperCount), it) {
				break
			}
		}
		lastBest, lastScore = best.move, best.score
		iterScores[depth] = best.score
	}
	return result
}

// aspiration searches one PV line of one iteration: a window around the
// last iteration's score, widened after each fail (IPPOLIT's steps, or
// REBEL's 0.50 / 2.00 / full with AspirationREBEL); with AspirationFailHigh
// a fail high is searched again a ply shallower, down to
// AspirationFailHighMaxPlies less.
func (w *worker) aspiration(depth int) {
	prev := w.rootMoves[w.pvIdx].prevScore
	alpha, beta := -Infinity, Infinity
	delta := AspirationStart
	if w.Switches.AspirationREBEL {
		delta = AspirationREBELFirst
	}
	fails := 0
	if w.Switches.Aspiration && depth >= AspirationMinDepth && prev > -MateInMaxPly && prev < MateInMaxPly {
		alpha, beta = prev-delta, prev+delta
	}
	// searchDepth is the iteration's depth, less a ply per fail high with
	// AspirationFailHigh.
	searchDepth := depth
	for {
		score := w.negamax(alpha, beta, searchDepth, 0, false)
		sortRootMoves(w.rootMoves[w.pvIdx:w.pvLast])
		if w.stopping() {
			return
		}
		fails++
		if w.Switches.AspirationREBEL {
			// REBEL: 2.00 after the first fail, then the whole window.
			delta = AspirationREBELSecond
			if fails >= 2 {
				delta = 2 * Infinity
			}
		}
		switch {
		case score <= alpha:
			w.reportBound(depth, score, BoundUpper)
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
			searchDepth = depth
		case score >= beta:
			w.reportBound(depth, score, BoundLower)
			beta = min(score+delta, Infinity)
			if w.Switches.AspirationFailHigh && score < MateInMaxPly {
				// Ethereal: a fail high is searched again a ply shallower
				// (the move that failed high is usually good; the time
				// goes to confirming it sooner); a fail low restores the
				// depth.
				searchDepth = failHighDepth(searchDepth, depth)
			}
		default:
			return
		}
		if !w.Switches.AspirationREBEL {
			// IPPOLIT: widen by half again after each fail
			delta += delta / 2
			if delta > AspirationMaxDelta {
				alpha, beta = -Infinity, Infinity
			}
		}
	}
}

// failHighDepth is the depth of the search after a fail high at
// searchDepth in the iteration of depth: a ply less, at most
// AspirationFailHighMaxPlies below depth, at least one.
func failHighDepth(searchDepth, depth int) int {
	return max(searchDepth-1, depth-AspirationFailHighMaxPlies, 1)
}
