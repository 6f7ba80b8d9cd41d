package search

import (
	"matador/internal/chess"
	"matador/internal/eval"
)

// qsearch resolves captures so that the static evaluation is only used in
// quiet positions.
func (s *Searcher) qsearch(alpha, beta, ply, qply int) int {
	pos := s.pos
	ss := &s.stack[ply]
	ss.pvLen = 0
	s.checkLimits()
	if s.stopping() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	inCheck := pos.InCheck()
	// The main search hands its horizon nodes here before its own draw
	// test, so a quiet move into a repetition is found here or never; after
	// a capture the test costs nothing (the fifty-move count is zero).
	if isDraw(pos, ply, inCheck) {
		return DrawScore
	}
	if ply >= MaxPly-2 {
		if inCheck {
			return DrawScore
		}
		return s.ev.Evaluate(pos)
	}
	pvNode := beta-alpha > 1

	key := pos.Key()
	hit, ttOK := s.tt.Probe(key)
	ttMove := chess.NoMove
	if ttOK {
		ttMove = hit.move
		ttScore := scoreFromTT(hit.score, ply)
		if !pvNode && (hit.bound == BoundExact ||
			hit.bound == BoundLower && ttScore >= beta ||
			hit.bound == BoundUpper && ttScore <= alpha) {
			return ttScore
		}
	}

	bestScore := -Infinity
	staticEval := 0
	lazy := false
	ss.lazyGap, ss.dangerKnown = -1, false
	if !inCheck {
		switch {
		case ttOK && hit.eval != 0:
			staticEval = hit.eval
		case s.Switches.LazyEval && ply > 0 && s.stack[ply-1].lazyGap >= 0 &&
			pos.HasNonPawnMaterial(chess.White) && pos.HasNonPawnMaterial(chess.Black):
			// REBEL: lazy eval. When material and piece-square values plus
			// a margin cannot reach alpha, that guess stands for the
			// evaluation. The margin grows by what the full evaluation one
			// ply up found beyond the guess; pawn endings, where a runaway
			// pawn outweighs any margin, always get the full evaluation.
			guess := s.ev.Lazy(pos) + LazyEvalMargin + s.stack[ply-1].lazyGap
			if guess <= alpha {
				staticEval, lazy = guess, true
			} else {
				staticEval = s.fullEval(ss)
			}
		default:
			staticEval = s.fullEval(ss)
		}
		if !lazy {
			s.updateGain(ply, staticEval)
		}
		bestScore = staticEval
		if bestScore >= beta {
			return bestScore
		}
		// REBEL: horizon trick two / delta pruning: nothing can lift the
		// score to alpha, not even winning a queen.
		if s.Switches.QSDeltaPruning && staticEval+eval.QueenValue+DeltaMargin < alpha && !s.canPromote() {
			return staticEval
		}
		if s.Switches.HorizonTrickOne && s.horizonTrickOne(ply, staticEval, alpha) {
			return staticEval
		}
		if bestScore > alpha {
			alpha = bestScore
		}
	}

	// The children read this node's evaluation for the positional gain of
	// their move; a lazy guess or a position in check has none.
	ss.staticEval = staticEval
	ss.inCheck = inCheck
	if inCheck || lazy {
		ss.staticEval = -Infinity
	}
	withChecks := s.Switches.QSChecks && qply < QSCheckPlies
	pk := &ss.picker
	pk.initQS(ttMove, inCheck, withChecks)
	bestMove := chess.NoMove
	moveCount := 0
	originalAlpha := alpha
	for {
		m := s.next(pk)
		if m == chess.NoMove {
			break
		}
		moveCount++
		if !inCheck {
			// Only captures that do not lose material (REBEL: winning and
			// equal captures), and no hopeless ones.
			if !m.IsPromotion() {
				if !pos.SEEGreaterEqual(m, 0) {
					continue
				}
				if s.Switches.QSDeltaPruning && pos.PieceOn(m.To()) != chess.NoPiece &&
					staticEval+materialValue(pos.PieceOn(m.To()).Type())+DeltaMargin <= alpha && !pos.GivesCheck(m) {
					continue
				}
			}
		}
		ss.move = m
		ss.moved = pos.PieceOn(m.From())
		ss.cont = &s.contHist[ss.moved][m.To()]
		pos.MakeMove(m)
		s.nodes++
		score := -s.qsearch(-beta, -alpha, ply+1, qply+1)
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
	}
	if inCheck && moveCount == 0 {
		return -MateScore + ply
	}
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestScore > originalAlpha {
		bound = BoundExact
	}
	evalToStore := staticEval
	if inCheck || lazy {
		evalToStore = 0 // no evaluation to keep
	}
	s.tt.Store(key, bestMove, scoreToTT(bestScore, ply), evalToStore, 0, bound)
	return bestScore
}

func (s *Searcher) canPromote() bool {
	pos := s.pos
	us := pos.SideToMove()
	seventh := chess.Rank7
	if us == chess.Black {
		seventh = chess.Rank2
	}
	return pos.Pieces(us, chess.Pawn)&seventh != 0
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

// isDraw reports a draw by repetition (against the search path and the
// game), dead material or the fifty-move rule, unless the fiftieth move
// mated.
func isDraw(pos *chess.Position, ply int, inCheck bool) bool {
	if pos.IsRepetition(ply) || pos.InsufficientMaterial() {
		return true
	}
	return pos.Rule50() >= 100 && (!inCheck || pos.HasLegalMove())
}
