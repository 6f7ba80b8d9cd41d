package search

import (
	"math"
	"time"
	"unsafe"

	"matador/internal/chess"
	"matador/internal/eval"
)

// negamax is the alpha-beta search (fail-soft, PVS) of the node at ply
// with depth plies to go, the root (ply 0) included. Its steps are
// numbered as they run; each names its technique, where the technique
// comes from, the switch that turns it off and what it measured where a
// match has measured it. The tests themselves are small functions in
// pruning.go, reductions.go and extensions.go.
//
// The root is searched by the same steps, except those that cannot apply
// to it: it is never a draw or a hash cut (the game goes on from it, and
// iterate needs a move), it is not probed in the tablebases (they rank its
// moves instead, tablebase.go), it keeps the depth aspiration gives it (no
// check, king-pressure or move extensions, no internal iterative deepening
// or reduction), and it has no mate-distance pruning and no delay penalty
// (its score is the best root move's). Its moves are the root moves
// (root.go) from the PV line being searched on, in the order of the last
// iteration, and what each scored is recorded there for iterate and
// MultiPV.
//
// Whether a move gives check is read only out of check and after the
// node's first move (by pruning and the reductions), or by
// MaterialReduction; elsewhere the move loop leaves givesCheck false
// rather than compute it.
func (w *worker) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	pos := w.pos
	root := ply == 0
	pvNode := beta-alpha > 1
	ss := &w.stack[ply]
	ss.pvLen = 0
	inCheck := pos.InCheck()
	ss.inCheck = inCheck
	ss.checks, ss.pathExt, ss.doubleExts = 0, 0, 0
	if ply > 0 {
		parent := &w.stack[ply-1]
		ss.checks = parent.checks
		ss.pathExt = parent.pathExt + parent.moveExt
		ss.doubleExts = parent.doubleExts + b2i(parent.moveExt >= 2)
	}

	// Step 1. Check extension: the side in check gets one more ply
	// (REBEL; switches CheckExtension, CheckExtREBEL: REBEL's variant,
	// on as REBEL has it: none for the first check on a path, two plies
	// at the fourth).
	if inCheck && w.Switches.CheckExtension {
		ss.checks++
		if !root {
			e := checkExtension(ss.checks, w.Switches.CheckExtREBEL)
			depth += e
			ss.pathExt += e
		}
	}

	// Step 2. Horizon: quiescence takes over.
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply, 0)
	}

	// Step 3. Limits: node count, clock, stop.
	w.checkLimits()
	if w.stopping() {
		return 0
	}
	if ply > w.selDepth {
		w.selDepth = ply
	}

	// Step 4. Draws, and the end of the ply stack.
	if !root && isDraw(pos, ply, inCheck) {
		return DrawScore
	}
	if ply >= MaxPly-2 {
		if inCheck {
			return DrawScore
		}
		return w.evaluate()
	}

	// Step 5. Mate-distance pruning: no line here can beat a shorter mate
	// found (switch MateDistance).
	if w.Switches.MateDistance && !root {
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Step 6. Hash table: a deep enough bound that decides the window
	// ends a non-PV node (IPPOLIT's buckets, tt.go).
	excluded := ss.excluded
	key := pos.Key()
	var hit ttHit
	var ttOK bool
	if excluded == chess.NoMove {
		hit, ttOK = w.tt.Probe(key)
	}
	ttMove := chess.NoMove
	ttScore := 0
	if ttOK {
		ttMove = hit.move()
		ttScore = scoreFromTT(hit.score(), ply)
		if !pvNode && hit.depth() >= depth && pos.Rule50() < TTCutMaxRule50 && boundCuts(hit.bound(), ttScore, alpha, beta) {
			return ttScore
		}
	}

	// Step 6b. Tablebases: after a capture or pawn move, a position the
	// tables hold is scored by its WDL probe. A result that decides the
	// window ends the node and goes into the hash table (a win or loss as
	// a bound, a draw exact, stored a few plies deeper); at a PV node a
	// win raises alpha and the node's score, a loss caps it (Stockfish, not
	// in the seeds; tablebase.go; no switch: on with SyzygyPath).
	tbFloor, tbCeiling := -Infinity, Infinity
	if w.tb.cardinality > 0 && excluded == chess.NoMove && !root {
		if score, bound, ok := w.probeTablebase(depth, ply); ok {
			if boundCuts(bound, score, alpha, beta) {
				w.tt.Store(key, chess.NoMove, scoreToTT(score, ply), noEval, min(depth+TBDepthBonus, MaxPly-1), bound)
				return score
			}
			if pvNode && bound == BoundLower {
				tbFloor = score
				alpha = max(alpha, score)
			} else if pvNode {
				tbCeiling = score
			}
		}
	}

	// Step 7. Static evaluation (the hash's when it has one), moved by the
	// correction history (Stockfish, not in the seeds; switch
	// CorrectionHistory; on: its ablation row a clear gain), and
	// evalScore: the evaluation improved by the
	// hash score where its bound allows. The hash table, the positional
	// gains and the improving test keep the evaluation's own figure,
	// rawEval.
	rawEval, staticEval, evalScore := noEval, noEval, noEval
	ss.lazyGap, ss.dangerKnown, ss.hangingKnown = noLazyGap, false, false
	if !inCheck {
		if ttOK && hit.eval() != noEval && !w.needsKingDanger() {
			rawEval = hit.eval()
		} else {
			rawEval = w.fullEval(ss)
		}
		staticEval = w.correctedEval(rawEval)
		evalScore = staticEval
		if ttOK && boundImproves(hit.bound(), ttScore, evalScore) {
			evalScore = ttScore
		}
	}
	ss.rawEval = rawEval
	if !inCheck {
		w.updateGain(ply, rawEval)
	}
	improving := w.improving(ply, rawEval, inCheck)

	// Step 8. King-safety extension: a move that seriously increases the
	// pressure on our king is searched a ply deeper; checks are extended
	// already, and the test needs this node's evaluation, so it does not
	// reach moves into quiescence (REBEL; switch KingPressureExt, off:
	// every node then evaluates in full, and turning it on lost).
	if w.Switches.KingPressureExt && !root && !inCheck && excluded == chess.NoMove && w.kingPressureExtends(ply) {
		depth++
		ss.pathExt++
	}

	// Step 9. Reduction 2a: the move that led here left its side below
	// alpha even if a quarter of its biggest threat comes true, so one ply
	// less, unless the hash says this position is better than it looks
	// (REBEL; switch ThreatReduction, off: its ply comes on top of LMR and
	// null move, and turning it on lost).
	if w.Switches.ThreatReduction && !pvNode && !inCheck && excluded == chess.NoMove &&
		depth >= ThreatReductionMinDepth && w.threatReduces(ply, staticEval, beta, ttOK, ttScore) {
		depth--
	}

	// Step 10. Delay penalty: scores better than the current evaluation
	// lose a point per ply, so the engine takes the fastest route to a
	// gain. The window limits above the evaluation are raised by one point
	// to match, and the node's bound is judged on the penalised scale
	// (micro-Max; switch DelayPenalty).
	delay := w.Switches.DelayPenalty && !root && !inCheck && staticEval > -MateInMaxPly && staticEval < MateInMaxPly
	originalAlpha, originalBeta := alpha, beta
	if delay {
		alpha, beta = delayWindow(alpha, beta, staticEval)
	}

	// Steps 11 and 12 prune whole non-PV nodes out of check.
	prunable := !pvNode && !inCheck && excluded == chess.NoMove

	// Step 11. Static pruning near the horizon. Reverse futility: an
	// evaluation well above beta stands (after REBEL; switch
	// ReverseFutility). Or REBEL's static selective search as written: in
	// the last plies of an iteration (past S_DEPTH) whole subtrees are
	// pruned by the evaluation, the threat and a small margin (switch
	// StaticREBEL, which also changes step 12; off: a clear loss measured).
	rebelStatic := false // this node lies in REBEL's static part
	threat := 0
	if prunable && w.Switches.StaticREBEL {
		threat = w.rebelThreat()
		rebelStatic = ply > w.rebelStaticDepth(ply)
		if rebelStatic && depth > 1 && rebelStaticPrunes(depth, staticEval, threat, beta) && w.rebelCanPrune(ply) {
			return w.delayed(staticEval, staticEval, delay)
		}
	} else if prunable && w.Switches.ReverseFutility && reverseFutility(depth, evalScore, beta) {
		return w.delayed(evalScore, staticEval, delay)
	}

	// Step 12. Null move: pass, and if a search with R plies less still
	// beats beta, so would a move. R by depth and by eval-beta (IPPOLIT),
	// one less with little material; off in pawn endings; verified by a
	// normal search near the end game. Under StaticREBEL, REBEL's own: only
	// before S_DEPTH, where the evaluation minus the threat beats beta, R 3
	// or 2 by stage (REBEL, IPPOLIT; switches NullMove, NullVerify).
	if prunable && !rebelStatic && w.Switches.NullMove && w.nullMoveAllowed(depth, beta) &&
		w.nullMoveWorthTrying(staticEval, evalScore, threat, beta) {
		r := w.nullMoveReduction(depth, evalScore, beta)
		w.enterMove(ss, chess.NoMove, chess.NoPiece, false, false, w.parentMaterialReduced(ply))
		w.makeNullMove()
		w.prefetchChild(pos.Key())
		w.nodes++
		score := -w.negamax(-beta, -beta+1, depth-1-r, ply+1, !cutNode)
		w.unmakeNullMove()
		if w.stopping() {
			return 0
		}
		if score >= beta {
			if score >= MateInMaxPly {
				score = beta
			}
			if !w.Switches.NullVerify || depth < NullVerifyMinDepth || w.hasMajorMaterial() {
				return w.delayed(score, staticEval, delay)
			}
			// Verification: a real search without null move at reduced depth.
			ss.excluded = chess.NoMove
			w.nullVerifying++
			v := w.negamax(originalBeta-1, originalBeta, depth-1-r, ply, false)
			w.nullVerifying--
			if v >= originalBeta {
				return w.delayed(score, staticEval, delay)
			}
		}
	}

	// Step 13. Internal iterative deepening: no hash move, so find one with
	// a shallower search (REBEL: half depth; micro-Max deepens itself;
	// IPPOLIT; switch IID). With IIReduction (on: step 7's group) the node
	// is searched a ply shallower instead, from IIRMinDepth at PV and cut
	// nodes: a position the hash does not know is seldom worth the full
	// depth (Stockfish, not in the seeds).
	if root {
		// The root's moves are ordered by the last iteration.
	} else if w.Switches.IIReduction && ttMove == chess.NoMove && excluded == chess.NoMove && (pvNode || cutNode) && depth >= IIRMinDepth {
		depth--
	} else if w.Switches.IID && ttMove == chess.NoMove && excluded == chess.NoMove && iidApplies(depth, pvNode, cutNode) {
		w.negamax(originalAlpha, originalBeta, depth/IIDDepthDivisor, ply, cutNode)
		if h, ok := w.tt.Probe(key); ok {
			ttMove = h.move()
		}
		ss.pvLen = 0
	}

	// Step 14. Singular extension: the hash move is extended when an
	// exclusion search without it fails well below the hash score; when
	// even that search beats beta, several moves do and the node is cut
	// (multi-cut). It runs before the picker is set up, since it reuses
	// this ply's state (Rybka/IPPOLIT; switch SingularExt). With
	// SingularDouble (on: step 7's group), at non-PV nodes, a hash move
	// far more singular than the margin gets two plies, a few times on a
	// path, and one that is not singular but whose score beats beta a ply
	// less (Stockfish, not in the seeds).
	singularExt := 0
	if w.Switches.SingularExt && ply > 0 && excluded == chess.NoMove && ttMove != chess.NoMove && ttOK &&
		singularCandidate(depth, hit.bound(), hit.depth(), ttScore) && pos.IsLegal(ttMove) {
		singularBeta := ttScore - SingularMarginPerPly*depth
		ss.excluded = ttMove
		v := w.negamax(singularBeta-1, singularBeta, (depth-1)/SingularDepthDivisor, ply, cutNode)
		ss.excluded = chess.NoMove
		ss.pvLen = 0
		if w.stopping() {
			return 0
		}
		var cut bool
		singularExt, cut = singularResult(v, singularBeta, beta, ttScore, !pvNode && w.Switches.SingularDouble, ss.doubleExts)
		if cut {
			return singularBeta
		}
	}

	// Step 15. The moves, best first (picker.go): hash move, mate killer,
	// winning and equal captures, killers, quiet moves by history, losing
	// captures.
	var killers [4]chess.Move
	killers[0], killers[1] = ss.killers[0], ss.killers[1]
	if ply >= 2 {
		killers[2], killers[3] = w.stack[ply-2].killers[0], w.stack[ply-2].killers[1]
	}
	pk := &ss.picker
	pk.reset(ttMove, ss.mateKiller, killers)
	pk.evalHanging, pk.hangingKnown = ss.hanging, ss.hangingKnown
	pk.cont1, pk.cont2 = w.contRows(ply)
	if w.Switches.CounterMove && ply >= 1 && w.stack[ply-1].move != chess.NoMove {
		prev := &w.stack[ply-1]
		pk.counter = w.counter[prev.moved][prev.move.To()]
	}
	if root && w.Switches.HangingNoReduce {
		// The picker finds the hanging pieces when it orders quiet moves;
		// the root's moves do not go through it.
		pk.hanging = eval.Hanging(pos, pos.SideToMove())
	}

	bestScore := -Infinity
	bestMove := chess.NoMove
	moveCount := 0
	quietsTried := 0
	// The noisy moves searched here before the cut-off move (which is not
	// among them), for the capture history.
	noisies := &ss.noisies
	noisyTried := 0
	quiets := &ss.quiets
	us := pos.SideToMove()
	lazyBalance := lazyUnknown              // material and piece squares, when needed
	hasPieces := pos.HasNonPawnMaterial(us) // for step 16, the same for every move

	rootIdx := w.pvIdx // the next root move
	for {
		var m chess.Move
		if root {
			if rootIdx == w.pvLast {
				break
			}
			m = w.rootMoves[rootIdx].move
			rootIdx++
			if w.reporter.CurrMove != nil && time.Since(w.searchStart) > CurrMoveDelay {
				w.reporter.CurrMove(depth, m, rootIdx)
			}
		} else if m = pk.next(w); m == chess.NoMove {
			break
		}
		if m == excluded {
			continue
		}
		moveCount++
		noisy := isNoisy(pos, m)
		givesCheck := (moveCount > 1 || w.Switches.MaterialReduction) && !inCheck && pos.GivesCheck(m) // see above
		pc := pos.PieceOn(m.From())

		// Step 16. Pruning of hopeless moves, once a move has been found
		// that is not a mate against us: late move pruning (switch
		// LateMovePruning), futility to horizon-5 at 1.18 a ply (REBEL;
		// switch Futility; with FutilityREBEL REBEL's own margins at
		// horizon-1 and -2 only), positional gain (IPPOLIT; switch
		// PositionalGain, off), counter-move and follow-up history (Ethereal;
		// switch ContHistPruning), SEE (switch SEEPruning;
		// SEEQuietLinearNoisySquare, Ethereal's margins). Checks are spared,
		// or with SafeChecksOnly only the safe early ones and the hash move.
		// With PruneAtLMRDepth, futility and the continuation histories judge
		// a quiet move at the depth its late-move reduction would leave
		// (Stockfish; Ethereal for the histories; not in the seeds).
		// What each of these switches is worth, on or off, is its row in
		// docs/techniques.md.
		if ply > 0 && bestScore > -MateInMaxPly && !inCheck && hasPieces {
			exempt := givesCheck && w.checkEscapesPruning(m, ttMove, moveCount)
			linear := w.Switches.SEEQuietLinearNoisySquare
			if !noisy && !exempt {
				if w.Switches.LateMovePruning && lateMovePrunes(depth, moveCount, improving) {
					pk.skipQuiets = true
					continue
				}
				pruneDepth := depth
				if w.Switches.PruneAtLMRDepth {
					pruneDepth = lmrPruneDepth(depth, moveCount)
				}
				if w.Switches.Futility && w.futile(pruneDepth, staticEval, alpha) {
					pk.skipQuiets = true
					continue
				}
				if w.Switches.PositionalGain && w.gainPrunes(pc, m, depth, staticEval, alpha) {
					continue
				}
				if w.Switches.ContHistPruning && m != ttMove && !pk.isRefutation(m) &&
					contHistPrunes(pruneDepth, improving, contScore(pk.cont1, pc, m.To()), contScore(pk.cont2, pc, m.To())) {
					continue
				}
			}
			if w.Switches.SEEPruning && !exempt && seePrunes(pos, m, depth, noisy, linear) {
				continue
			}
		}

		// Step 17. Extensions of the move: singular (step 14), recapture
		// in REBEL's material window, pawn to the 7th (REBEL; switches
		// RecaptureExt and PawnPushExt, off: their rows measured no gain).
		ext := 0
		if m == ttMove {
			ext = singularExt
		}
		if w.Switches.RecaptureExt && !root && ext == 0 && noisy && w.recaptureInWindow(m, ply) {
			ext = 1
		}
		if w.Switches.PawnPushExt && !root && ext == 0 && pc.Type() == chess.Pawn && m.To().RelativeRank(us) == relativeRank7 {
			ext = 1
		}
		newDepth := depth - 1 + ext
		captureHist := int32(0) // read before the move is made
		if w.Switches.LMRCaptures && noisy && !m.IsPromotion() {
			captureHist = int32(*w.captureHistory(m))
		}
		winning := (w.Switches.StaticREBEL || w.Switches.ThreatReduction) && noisy && pos.SEEGreaterEqual(m, 1)

		// Step 18. Reduction 1: a quiet move of a side that stands a rook
		// or more (by material and piece squares) below alpha is searched a
		// ply shallower, once on a path (REBEL; switch MaterialReduction,
		// off: a clear loss measured).
		materialReduced := w.parentMaterialReduced(ply)
		if w.Switches.MaterialReduction && ext == 0 && !materialReduced && depth-1 >= MaterialReductionMinRemaining &&
			!noisy && !givesCheck && !inCheck {
			if lazyBalance == lazyUnknown {
				lazyBalance = w.ev.Lazy(pos)
			}
			if materialReductionApplies(depth-1, alpha, lazyBalance) {
				newDepth--
				materialReduced = true
			}
		}

		w.enterMove(ss, m, pc, m == ttMove, winning, materialReduced)
		w.makeMove(m)
		w.prefetchChild(pos.Key())
		w.nodes++
		nodesBefore := w.nodes
		// Step 19. Pawn-ending extension: a capture into a pawn ending that
		// is not yet decided is searched three plies deeper (REBEL; switch
		// PawnEndingExt, off: no gain measured).
		if w.Switches.PawnEndingExt && !root && ext == 0 && w.captureIntoPawnEnding() {
			newDepth += PawnEndingExtPlies
		}
		ss.moveExt = newDepth - (depth - 1)

		// Step 20. Principal variation search with late-move reductions:
		// late quiet moves one ply less, a second and third with poor
		// history, more for very late moves at depth (LMR in REBEL,
		// edition 3, and a log-log term; switches LMR, HistoryReduction,
		// HangingNoReduce). Or, with LMRAdjusted (on), as the strongest
		// engines reduce (reductions.go lmrAdjustedPlies), a clear gain
		// in its ablation row. With LMRCaptures (on since
		// its SPRT on the net; Ethereal, Stockfish) late captures are
		// reduced by their capture history, which it keeps.
		var score int
		reducedHere := materialReduced && !w.parentMaterialReduced(ply)
		ss.moveReduced = reducedHere
		if moveCount == 1 {
			score = -w.negamax(-beta, -alpha, newDepth, ply+1, !pvNode && !cutNode)
		} else {
			r := 0
			if w.Switches.LMRAdjusted {
				// Every quiet move after the first, checks and evasions
				// included, adjusted by node, move and history (Ethereal,
				// CounterGo, Stockfish; switch LMRAdjusted).
				if w.Switches.LMR && depth >= LMRAdjustedMinDepth && moveCount > LMRAdjustedMinMoves && !noisy {
					r = lmrAdjustedPlies(depth, moveCount, newDepth, lmrNode{
						pvNode: pvNode, cutNode: cutNode, improving: improving,
						refutation: pk.isRefutation(m), check: givesCheck || inCheck,
						hanging: w.Switches.HangingNoReduce && pk.hanging.Has(m.From()),
						history: w.quietHistory(pk, pc, m),
					})
				}
			} else if w.Switches.LMR && depth >= LMRMinDepth && moveCount > LMRMinMoveCount && !noisy &&
				!givesCheck && !inCheck && !pk.isSpecial(m) && !pawnAdvance(pc, m, us) {
				r = w.lateMoveReduction(pc, m, depth, moveCount, newDepth, pvNode, cutNode, improving, pk)
			}
			if w.Switches.LMRCaptures && noisy && !m.IsPromotion() && depth >= LMRCaptureMinDepth {
				r = lmrCapturePlies(captureHist, newDepth)
			}
			ss.moveReduced = reducedHere || r > 0
			score = -w.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				ss.moveReduced = reducedHere
				score = -w.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				if root {
					score = w.rootResearch(alpha, beta, newDepth)
				} else {
					score = -w.negamax(-beta, -alpha, newDepth, ply+1, false)
				}
			}
		}
		w.unmakeMove(m)
		if root {
			w.rootMoves[rootIdx-1].nodes += w.nodes - nodesBefore
		}
		if w.stopping() {
			return 0
		}
		if root {
			w.recordRootMove(&w.rootMoves[rootIdx-1], moveCount == 1, score, alpha)
		}

		// Step 21. The best move so far, and the moves tried before it.
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
		if !noisy && quietsTried < len(quiets) {
			quiets[quietsTried] = m
			quietsTried++
		}
		if noisy && noisyTried < len(noisies) {
			noisies[noisyTried] = m
			noisyTried++
		}
	}

	// Step 22. No move: mate or stalemate (or only the excluded move).
	if moveCount == 0 {
		if excluded != chess.NoMove {
			// A fail low of the singular test: the window as the caller
			// gave it, not as the delay penalty raised it.
			return originalAlpha
		}
		if inCheck {
			return -MateScore + ply
		}
		return DrawScore
	}

	// Step 23. What the cut-off teaches: history, continuation history,
	// killers, counter move (history.go), and the capture history, kept
	// while LMRCaptures, which reduces by it, is on.
	if bestScore >= beta && bestMove != chess.NoMove {
		w.updateQuietStats(ss, bestMove, quiets[:quietsTried], depth, ply, bestScore)
		if w.Switches.LMRCaptures {
			w.updateCaptureHistory(bestMove, noisies[:noisyTried], depth)
		}
	}

	bestScore = w.delayed(bestScore, staticEval, delay)
	bestScore = min(max(bestScore, tbFloor), tbCeiling) // the tables' bounds (step 6b)

	// Step 24. The result into the hash table; at the root only for the
	// first PV line, the one searched with every move. Out of check, after
	// a quiet best move or none, it also moves the correction history.
	if excluded == chess.NoMove && !(root && w.pvIdx > 0) {
		bound := BoundUpper
		if bestScore >= originalBeta {
			bound = BoundLower
		} else if pvNode && bestMove != chess.NoMove && bestScore > originalAlpha {
			bound = BoundExact
		}
		w.tt.Store(key, bestMove, scoreToTT(bestScore, ply), rawEval, depth, bound)
		if !inCheck && (bestMove == chess.NoMove || !isNoisy(pos, bestMove)) {
			w.updateCorrection(bestScore, rawEval, depth, bound)
		}
	}
	return bestScore
}

// improving reports whether the static evaluation at ply beats the one
// two plies up, the same side's last. A node in check has none (noEval,
// below every evaluation), so without ImprovingPastCheck the node two plies
// after a check always counts as improving; with it (the default) it is
// compared with the evaluation four plies up instead, and counts as not
// improving when that one is missing too.
func (w *worker) improving(ply, staticEval int, inCheck bool) bool {
	if inCheck || ply < 2 {
		return false
	}
	before := w.stack[ply-2].rawEval
	if before == noEval && w.Switches.ImprovingPastCheck {
		if ply < 4 || w.stack[ply-4].rawEval == noEval {
			return false
		}
		before = w.stack[ply-4].rawEval
	}
	return staticEval > before
}

// boundCuts reports whether a stored score with its bound decides the
// window: exact, a lower bound at or above beta, an upper bound at or
// below alpha.
func boundCuts(bound Bound, score, alpha, beta int) bool {
	return bound == BoundExact || bound == BoundLower && score >= beta || bound == BoundUpper && score <= alpha
}

// boundImproves reports whether a stored score is a better estimate than
// the static evaluation: exact, or a bound on the evaluation's far side.
func boundImproves(bound Bound, score, eval int) bool {
	return bound == BoundExact || bound == BoundLower && score > eval || bound == BoundUpper && score < eval
}

// iidApplies: deep enough for internal iterative deepening, at a PV node
// or a cut node.
func iidApplies(depth int, pvNode, cutNode bool) bool {
	return pvNode && depth >= IIDMinDepthPV || cutNode && depth >= IIDMinDepthCut
}

// prefetchChild starts loading the hash bucket, the evaluation-cache slot
// and the pawn-hash entry of the position just made, which its search
// reads first. With a net the pawn hash is read only where the classical
// evaluation stands in (evaluate), too seldom to prefetch for every move.
func (w *worker) prefetchChild(key uint64) {
	w.tt.Prefetch(key)
	prefetch(unsafe.Pointer(&w.evalCache[key&(EvalCacheEntries-1)]))
	if w.nn == nil {
		prefetch(w.ev.PawnSlot(w.pos))
	}
}

// fullEval evaluates the position and records at ss what the search reads
// from it besides the score: the side to move's hanging pieces, for the
// ordering of the quiet moves; for lazy eval, how far the full evaluation
// stood from the lazy one; for REBEL's king-pressure tests, the danger to
// each king.
//
// With EvalCache a position evaluated lately is answered from the cache
// (Rybka/IPPOLIT's evaluation hash, a 64-bit word an entry as IPPOLIT's),
// unless lazy eval or a king-pressure test needs more of the evaluation
// than its score. A cached answer records
// nothing at ss: the picker then finds the hanging pieces itself.
func (w *worker) fullEval(ss *plyState) int {
	cached := w.Switches.EvalCache && (w.nn != nil || !w.Switches.LazyEval && !w.needsKingDanger())
	key := w.pos.Key()
	slot := &w.evalCache[key&(EvalCacheEntries-1)]
	const tag = ^uint64(EvalCacheEntries - 1)
	if cached && *slot != 0 && *slot&tag == key&tag {
		return int(int16(uint16(*slot)))
	}
	v := w.evaluate()
	if cached && v >= math.MinInt16 && v <= math.MaxInt16 {
		*slot = key&tag | uint64(uint16(int16(v)))
	}
	if w.nn != nil {
		// The network tells nothing of hanging pieces, lazy gaps or king
		// danger: the picker finds the hanging pieces itself, and the
		// techniques that read the others stand aside at this node.
		return v
	}
	ss.hanging, ss.hangingKnown = w.ev.LastHanging(w.pos.SideToMove())
	if w.Switches.LazyEval {
		ss.lazyGap = w.ev.LazyGap()
	}
	if w.needsKingDanger() {
		ss.danger = [2]int{w.ev.KingDanger(chess.White), w.ev.KingDanger(chess.Black)}
		ss.dangerKnown = true
	}
	return v
}

// updatePV makes m followed by the child's PV the PV of this ply.
func (w *worker) updatePV(ply int, m chess.Move) {
	ss, child := &w.stack[ply], &w.stack[ply+1]
	ss.pv[0] = m
	copy(ss.pv[1:], child.pv[:child.pvLen])
	ss.pvLen = child.pvLen + 1
}

// delayWindow raises the window limits above the evaluation by the point
// micro-Max's delay penalty takes off the scores there.
func delayWindow(alpha, beta, staticEval int) (int, int) {
	if alpha >= staticEval && alpha < MateInMaxPly {
		alpha++
	}
	if beta > staticEval && beta < MateInMaxPly {
		beta++
	}
	return alpha, beta
}

// delayed applies micro-Max's delay penalty to a score returned by a node.
func (w *worker) delayed(score, staticEval int, delay bool) int {
	if delay && score > staticEval && score < MateInMaxPly && score > -MateInMaxPly {
		return score - 1
	}
	return score
}

// isDraw reports a draw by repetition (against the search path and the
// game), dead material or the fifty-move rule, unless the fiftieth move
// mated.
func isDraw(pos *chess.Position, ply int, inCheck bool) bool {
	if pos.IsRepetition(ply) || pos.InsufficientMaterial() {
		return true
	}
	return pos.Rule50() >= 100 && (!inCheck || pos.HasLegalMove())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
