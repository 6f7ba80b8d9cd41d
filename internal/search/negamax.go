package search

import (
	"math"

	"matador/internal/chess"
)

// negamax is the main alpha-beta search (fail-soft, PVS).
func (s *Searcher) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	pos := s.pos
	pvNode := beta-alpha > 1
	ss := &s.stack[ply]
	ss.pvLen = 0
	inCheck := pos.InCheck()

	ss.inCheck = inCheck
	// REBEL: check extension (the side in check gets one more ply)
	ss.checks = 0
	if ply > 0 {
		ss.checks = s.stack[ply-1].checks
	}
	ss.pathExt = 0
	if ply > 0 {
		ss.pathExt = s.stack[ply-1].pathExt + s.stack[ply-1].moveExt
	}
	if inCheck && s.Switches.CheckExtension {
		ss.checks++
		e := checkExtension(ss.checks, s.Switches.CheckExtREBEL)
		depth += e
		ss.pathExt += e
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, 0)
	}
	s.checkLimits()
	if s.stopping() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}

	if isDraw(pos, ply, inCheck) {
		return DrawScore
	}
	if ply >= MaxPly-2 {
		if inCheck {
			return DrawScore
		}
		return s.ev.Evaluate(pos)
	}

	// Mate-distance pruning: no line here can beat a shorter mate found.
	if s.Switches.MateDistance {
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	excluded := ss.excluded
	key := pos.Key()
	var hit ttHit
	var ttOK bool
	if excluded == chess.NoMove {
		hit, ttOK = s.tt.Probe(key)
	}
	ttMove := chess.NoMove
	ttScore := 0
	if ttOK {
		ttMove = hit.move
		ttScore = scoreFromTT(hit.score, ply)
		if !pvNode && hit.depth >= depth && pos.Rule50() < 90 {
			if hit.bound == BoundExact ||
				hit.bound == BoundLower && ttScore >= beta ||
				hit.bound == BoundUpper && ttScore <= alpha {
				return ttScore
			}
		}
	}

	// Static evaluation, improved by the hash score when its bound allows.
	staticEval := -Infinity
	evalScore := -Infinity
	ss.lazyGap, ss.dangerKnown = -1, false
	if !inCheck {
		if ttOK && hit.eval != 0 && !s.needsKingDanger() {
			staticEval = hit.eval
		} else {
			staticEval = s.fullEval(ss)
		}
		evalScore = staticEval
		if ttOK && (hit.bound == BoundExact ||
			hit.bound == BoundLower && ttScore > evalScore ||
			hit.bound == BoundUpper && ttScore < evalScore) {
			evalScore = ttScore
		}
	}
	ss.staticEval = staticEval
	if !inCheck {
		s.updateGain(ply, staticEval)
	}
	improving := !inCheck && ply >= 2 && staticEval > s.stack[ply-2].staticEval

	// REBEL: king-safety extension. A move that seriously increases the
	// pressure on our king is searched a ply deeper (checks are extended
	// already). The test needs this node's evaluation, so it does not reach
	// moves into quiescence.
	if s.Switches.KingPressureExt && !inCheck && excluded == chess.NoMove && s.kingPressureExtends(ply) {
		depth++
		ss.pathExt++
	}

	// REBEL: reduction 2a. The move that led here left its side below alpha
	// even if a quarter of its biggest threat comes true: one ply less,
	// unless the hash says this position is better than it looks.
	if s.Switches.ThreatReduction && !pvNode && !inCheck && excluded == chess.NoMove && depth > 2 &&
		s.threatReduces(ply, staticEval, beta, ttOK, ttScore) {
		depth--
	}

	// micro-Max: delay penalty. Scores better than the current evaluation
	// lose a point per ply, so the engine takes the fastest route to a gain.
	// The window limits above the evaluation are raised by one point to
	// match, and the node's bound is judged on the penalised scale.
	delay := s.Switches.DelayPenalty && !inCheck && staticEval > -MateInMaxPly && staticEval < MateInMaxPly
	originalAlpha, originalBeta := alpha, beta
	if delay {
		if alpha >= staticEval && alpha < MateInMaxPly {
			alpha++
		}
		if beta > staticEval && beta < MateInMaxPly {
			beta++
		}
	}

	if !pvNode && !inCheck && excluded == chess.NoMove {
		tryNull, r := false, 0
		nullAllowed := s.Switches.NullMove && s.nullVerifying == 0 && depth >= NullMoveMinDepth &&
			pos.LastMove() != chess.NoMove && pos.HasNonPawnMaterial(pos.SideToMove()) && beta > -MateInMaxPly
		if s.Switches.StaticREBEL {
			// REBEL: static selective search, as REBEL does it: in the
			// last plies of an iteration whole subtrees are pruned by the
			// evaluation and the threat; before them, null move is tried
			// only where the evaluation minus the threat beats beta.
			threat := s.rebelThreat()
			if ply > s.rebelStaticDepth(ply) {
				if depth > 1 && s.rebelCanPrune(ply) &&
					staticEval-threat-rebelStaticMargin[min(depth, len(rebelStaticMargin)-1)] >= beta &&
					staticEval < MateInMaxPly {
					return s.delayed(staticEval, staticEval, delay)
				}
			} else {
				tryNull = nullAllowed && staticEval-threat >= beta
				r = NullMoveREBELMiddle
				if s.rebelStage > 0 {
					r = NullMoveREBELEnd
				}
			}
		} else {
			// Reverse futility, after REBEL's static selective search: near
			// the horizon a position whose evaluation stands well above
			// beta is not searched further.
			if s.Switches.StaticPruning && depth <= StaticPruningMaxDepth &&
				evalScore-StaticPruningMargin*depth >= beta && evalScore < MateInMaxPly {
				return s.delayed(evalScore, staticEval, delay)
			}
			// Null move (R by depth, and by eval-beta as IPPOLIT does), off
			// in pawn endings; verified by a normal search near the end game.
			tryNull = nullAllowed && evalScore >= beta
			r = NullMoveBaseR + depth/NullMoveDepthDiv + min((evalScore-beta)/NullMoveEvalDiv, 3)
			// Game stage: a smaller R when few pieces are left and
			// zugzwang-like positions grow common.
			if !s.hasMajorMaterial() {
				r--
			}
		}

		if tryNull {
			ss.move = chess.NoMove
			ss.moved = chess.NoPiece
			ss.cont = &s.contHist[0][0]
			ss.moveExt, ss.moveWinning, ss.moveIsTT, ss.moveReduced = 0, false, false, false
			pos.MakeNullMove()
			s.nodes++
			score := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, !cutNode)
			pos.UnmakeNullMove()
			if s.stopping() {
				return 0
			}
			if score >= beta {
				if score >= MateInMaxPly {
					score = beta
				}
				if !s.Switches.NullVerify || depth < NullVerifyMinDepth || s.hasMajorMaterial() {
					return s.delayed(score, staticEval, delay)
				}
				// Verification: a real search without null move at reduced depth.
				ss.excluded = chess.NoMove
				s.nullVerifying++
				v := s.negamax(originalBeta-1, originalBeta, depth-1-r, ply, false)
				s.nullVerifying--
				if v >= originalBeta {
					return s.delayed(score, staticEval, delay)
				}
			}
		}
	}

	// ProbCut: a capture that beats beta by a margin in a search some
	// plies shallower would beat beta in the full one too, so the node is
	// cut. Quiescence screens each capture first; only the hopeful ones get
	// the shallow search.
	if s.Switches.ProbCut && !pvNode && !inCheck && excluded == chess.NoMove && depth >= ProbCutMinDepth &&
		beta > -MateInMaxPly && beta < MateInMaxPly-ProbCutMargin {
		probBeta := beta + ProbCutMargin
		if !(ttOK && hit.depth >= depth-ProbCutReduction && ttScore < probBeta) {
			if score, m := s.probCut(ply, depth, probBeta, staticEval, ttMove, cutNode); m != chess.NoMove {
				score = s.delayed(score, staticEval, delay)
				s.tt.Store(key, m, scoreToTT(score, ply), staticEval, depth-ProbCutReduction+1, BoundLower)
				return score
			}
			if s.stopping() {
				return 0
			}
		}
	}

	// Internal iterative deepening: no hash move, so find one with a
	// shallower search (REBEL: half depth; micro-Max deepens itself).
	if s.Switches.IID && ttMove == chess.NoMove && excluded == chess.NoMove &&
		(pvNode && depth >= IIDMinDepthPV || cutNode && depth >= IIDMinDepthCut) {
		s.negamax(originalAlpha, originalBeta, depth/2, ply, cutNode)
		if h, ok := s.tt.Probe(key); ok {
			ttMove = h.move
		}
		ss.pvLen = 0
	}

	// Rybka/IPPOLIT: singular extension. The hash move is extended when an
	// exclusion search without it fails well below the hash score; when even
	// that search beats beta, several moves do and the node is cut (multi-cut).
	// It runs before the picker is set up, since it reuses this ply's state.
	singular := false
	if s.Switches.SingularExt && ply > 0 && depth >= SingularMinDepth && excluded == chess.NoMove &&
		ttMove != chess.NoMove && ttOK && hit.bound != BoundUpper && hit.depth >= depth-3 &&
		ttScore > -MateInMaxPly && ttScore < MateInMaxPly && pos.IsLegal(ttMove) {
		singularBeta := ttScore - SingularMarginPerPly*depth
		ss.excluded = ttMove
		v := s.negamax(singularBeta-1, singularBeta, (depth-1)/2, ply, cutNode)
		ss.excluded = chess.NoMove
		ss.pvLen = 0
		if s.stopping() {
			return 0
		}
		if v < singularBeta {
			singular = true
		} else if singularBeta >= beta {
			return singularBeta
		}
	}

	var killers [4]chess.Move
	killers[0], killers[1] = ss.killers[0], ss.killers[1]
	if ply >= 2 {
		killers[2], killers[3] = s.stack[ply-2].killers[0], s.stack[ply-2].killers[1]
	}
	pk := &ss.picker
	pk.init(ttMove, ss.mateKiller, killers)
	pk.cont1, pk.cont2 = s.contRows(ply)
	if s.Switches.CounterMove && ply >= 1 && s.stack[ply-1].move != chess.NoMove {
		prev := &s.stack[ply-1]
		pk.counter = s.counter[prev.moved][prev.move.To()]
	}

	bestScore := -Infinity
	bestMove := chess.NoMove
	moveCount := 0
	quietsTried := 0
	// The noisy moves searched here (the last one is the cut-off move when
	// there is one), for the capture history.
	var noisies [32]chess.Move
	noisyTried := 0
	var quiets [64]chess.Move
	us := pos.SideToMove()
	lazyBalance := lazyUnknown // material and piece squares, when needed

	for {
		m := s.next(pk)
		if m == chess.NoMove {
			break
		}
		if m == excluded {
			continue
		}
		moveCount++
		noisy := isNoisy(pos, m)
		givesCheck := pos.GivesCheck(m)
		pc := pos.PieceOn(m.From())

		// Pruning of hopeless moves, once a move has been found that is
		// not a mate against us.
		if ply > 0 && bestScore > -MateInMaxPly && !inCheck && pos.HasNonPawnMaterial(us) {
			if !noisy && !givesCheck {
				if s.Switches.LateMovePruning && depth < len(LateMoveCount[0]) && moveCount > LateMoveCount[b2i(improving)][depth] {
					pk.skipQuiets = true
					continue
				}
				// REBEL: futility pruning at horizon-1 and horizon-2
				if s.Switches.Futility && s.futile(depth, staticEval, alpha) {
					pk.skipQuiets = true
					continue
				}
				// IPPOLIT: a quiet move whose largest positional gain seen
				// lately cannot lift the evaluation to alpha is skipped.
				if s.Switches.PositionalGain && depth <= PositionalGainMaxDepth &&
					staticEval+int(s.gain[pc][m.From()][m.To()])+PositionalGainMargin*depth <= alpha {
					continue
				}
				if s.Switches.SEEPruning && depth <= SEEPruneMaxDepth && !pos.SEEGreaterEqual(m, SEEQuietMargin*depth*depth/2) {
					continue
				}
			} else if s.Switches.SEEPruning && depth <= SEEPruneMaxDepth && !givesCheck && !pos.SEEGreaterEqual(m, SEENoisyMargin*depth) {
				continue
			}
		}

		// Extensions.
		ext := 0
		if m == ttMove && singular {
			ext = 1
		}
		// REBEL: recapture extension
		if s.Switches.RecaptureExt && ext == 0 && noisy && s.recaptureInWindow(m, ply) {
			ext = 1
		}
		// REBEL: pawns reaching the 7th rank
		if s.Switches.PawnPushExt && ext == 0 && pc.Type() == chess.Pawn && m.To().RelativeRank(us) == 6 {
			ext = 1
		}

		newDepth := depth - 1 + ext
		ss.moveWinning = (s.Switches.StaticREBEL || s.Switches.ThreatReduction) && noisy && pos.SEEGreaterEqual(m, 1)
		ss.moveIsTT = m == ttMove
		// REBEL: reduction 1. A quiet move of a side that stands a rook or
		// more (by material and piece squares) below alpha is searched a ply
		// shallower, once on a path.
		ss.materialReduced = ply > 0 && s.stack[ply-1].materialReduced
		if s.Switches.MaterialReduction && ext == 0 && !ss.materialReduced && depth-1 > 2 &&
			!noisy && !givesCheck && !inCheck {
			if lazyBalance == lazyUnknown {
				lazyBalance = s.ev.Lazy(pos)
			}
			if materialReductionApplies(depth-1, alpha, lazyBalance) {
				newDepth--
				ss.materialReduced = true
			}
		}
		ss.move = m
		ss.moved = pc
		ss.cont = &s.contHist[pc][m.To()]
		pos.MakeMove(m)
		s.nodes++
		// REBEL: a capture into a pawn ending that is not yet decided is
		// searched three plies deeper.
		if s.Switches.PawnEndingExt && ext == 0 && pos.CapturedPiece() != chess.NoPiece &&
			pos.CapturedPiece().Type() != chess.Pawn && s.pawnEndingInBalance() {
			newDepth += PawnEndingExtPlies
		}
		ss.moveExt = newDepth - (depth - 1)

		var score int
		reducedHere := ss.materialReduced && (ply == 0 || !s.stack[ply-1].materialReduced)
		ss.moveReduced = reducedHere
		if moveCount == 1 {
			score = -s.negamax(-beta, -alpha, newDepth, ply+1, !pvNode && !cutNode)
		} else {
			r := 0
			// LMR in REBEL, edition 3: reduce late quiet moves one ply, and
			// a second and third ply when their history is poor.
			if s.Switches.LMR && depth >= LMRMinDepth && moveCount > LMRMinMoveCount && !noisy &&
				!givesCheck && !inCheck && !pk.isSpecial(m) &&
				!(pc.Type() == chess.Pawn && m.To().RelativeRank(us) >= 5) {
				r = 1
				h := s.history[pc][m.To()]
				if s.Switches.HistoryReduction {
					if h < LMRHistoryTwo {
						r++
					}
					if h < LMRHistoryThree {
						r++
					}
				}
				// REBEL: a hanging piece that moves away is not reduced further.
				if s.Switches.HangingNoReduce && pk.hanging.Has(m.From()) {
					r--
				}
				r += lmrExtra(depth, moveCount)
				if pvNode && r > 0 {
					r--
				}
				if cutNode {
					r++
				}
				if improving && r > 0 {
					r--
				}
				r = min(max(r, 0), newDepth-1)
			}
			ss.moveReduced = reducedHere || r > 0
			score = -s.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				ss.moveReduced = reducedHere
				score = -s.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				score = -s.negamax(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		pos.UnmakeMove(m)
		if s.stopping() {
			return 0
		}

		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					s.updatePV(ply, m)
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

	if moveCount == 0 {
		if excluded != chess.NoMove {
			return alpha
		}
		if inCheck {
			return -MateScore + ply
		}
		return DrawScore
	}

	if bestScore >= beta && bestMove != chess.NoMove {
		s.updateQuietStats(ss, bestMove, quiets[:quietsTried], depth, ply, bestScore)
		if s.Switches.CaptureHistory {
			s.updateCaptureHistory(bestMove, noisies[:noisyTried], depth)
		}
	}

	bestScore = s.delayed(bestScore, staticEval, delay)

	if excluded == chess.NoMove {
		bound := BoundUpper
		if bestScore >= originalBeta {
			bound = BoundLower
		} else if pvNode && bestMove != chess.NoMove && bestScore > originalAlpha {
			bound = BoundExact
		}
		evalToStore := staticEval
		if inCheck {
			evalToStore = 0
		}
		s.tt.Store(key, bestMove, scoreToTT(bestScore, ply), evalToStore, depth, bound)
	}
	return bestScore
}

// probCut tries the captures that could beat probBeta (by SEE from the
// static evaluation): quiescence first, then a search ProbCutReduction
// plies shallower than depth, both on a null window at probBeta. It returns
// the score and the move of the first that beats it, or NoMove.
func (s *Searcher) probCut(ply, depth, probBeta, staticEval int, ttMove chess.Move, cutNode bool) (int, chess.Move) {
	pos := s.pos
	ss := &s.stack[ply]
	pk := &ss.picker
	pk.initQS(ttMove, false, false)
	for {
		m := s.next(pk)
		if m == chess.NoMove {
			return 0, chess.NoMove
		}
		if !pos.SEEGreaterEqual(m, probBeta-staticEval) {
			continue
		}
		pc := pos.PieceOn(m.From())
		ss.move, ss.moved, ss.cont = m, pc, &s.contHist[pc][m.To()]
		ss.moveExt, ss.moveIsTT, ss.moveReduced = 0, m == ttMove, true
		ss.moveWinning = pos.SEEGreaterEqual(m, 1)
		ss.materialReduced = ply > 0 && s.stack[ply-1].materialReduced
		pos.MakeMove(m)
		s.nodes++
		score := -s.qsearch(-probBeta, -probBeta+1, ply+1, 0)
		if score >= probBeta {
			score = -s.negamax(-probBeta, -probBeta+1, depth-ProbCutReduction, ply+1, !cutNode)
		}
		pos.UnmakeMove(m)
		if s.stopping() {
			return 0, chess.NoMove
		}
		if score >= probBeta {
			return score, m
		}
	}
}

// futile reports whether a quiet move at this depth cannot lift the static
// evaluation to alpha even with the futility margin.
func (s *Searcher) futile(depth, staticEval, alpha int) bool {
	if !s.Switches.FutilityREBEL {
		return depth < len(FutilityMargin) && staticEval+FutilityMargin[depth] <= alpha
	}
	// REBEL: 3.00 at horizon-1 (5.00 in the end game), 5.00 at horizon-2.
	switch depth {
	case 1:
		if !s.hasMajorMaterial() {
			return staticEval+FutilityREBELOneEndgame <= alpha
		}
		return staticEval+FutilityREBELOne <= alpha
	case 2:
		return staticEval+FutilityREBELTwo <= alpha
	}
	return false
}

// updatePV makes m followed by the child's PV the PV of this ply.
func (s *Searcher) updatePV(ply int, m chess.Move) {
	ss, child := &s.stack[ply], &s.stack[ply+1]
	ss.pv[0] = m
	copy(ss.pv[1:], child.pv[:child.pvLen])
	ss.pvLen = child.pvLen + 1
}

// delayed applies micro-Max's delay penalty to a score returned by a node.
func (s *Searcher) delayed(score, staticEval int, delay bool) int {
	if delay && score > staticEval && score < MateInMaxPly && score > -MateInMaxPly {
		return score - 1
	}
	return score
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lmrExtra adds reductions for very late moves at high depth, beyond what
// REBEL's fixed plies give.
func lmrExtra(depth, moveCount int) int {
	return lmrTable[min(depth, 63)][min(moveCount, 63)]
}

var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			// Grows like log(depth)*log(moves): 0.75 + ln d ln n / 2.25,
			// the constants Ethereal publishes, less the ply REBEL's LMR
			// gives already. The earlier ln d ln n / 2.6 measured about 50
			// Elo weaker (SPRT at 3+0.03, see the commit).
			r := int(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
			lmrTable[d][n] = max(r-1, 0)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// hasMajorMaterial reports whether the side to move has enough material
// that zugzwang is unlikely (a rook or queen, or two minor pieces).
func (s *Searcher) hasMajorMaterial() bool {
	pos := s.pos
	us := pos.SideToMove()
	if pos.Pieces(us, chess.Rook)|pos.Pieces(us, chess.Queen) != 0 {
		return true
	}
	return (pos.Pieces(us, chess.Knight) | pos.Pieces(us, chess.Bishop)).More()
}

// fullEval evaluates the position and records at ss what the search reads
// from it besides the score: for lazy eval, how far the full evaluation
// stood from the lazy one; for REBEL's king-pressure tests, the danger to
// each king.
func (s *Searcher) fullEval(ss *plyState) int {
	v := s.ev.Evaluate(s.pos)
	if s.Switches.LazyEval {
		ss.lazyGap = s.ev.LazyGap()
	}
	if s.needsKingDanger() {
		ss.danger = [2]int{s.ev.KingDanger(chess.White), s.ev.KingDanger(chess.Black)}
		ss.dangerKnown = true
	}
	return v
}
