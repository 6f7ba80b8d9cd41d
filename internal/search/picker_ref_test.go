package search

import (
	"matador/internal/chess"
	"matador/internal/eval"
)

// refPicker is the picker as it was before the lazy SEE (commit 3993508),
// kept as the reference the lazy one must agree with move for move.
// refPicker hands out the moves of one node, best first, generating lazily.
// It lives in the per-ply stack so that it never allocates.
type refPicker struct {
	stage      int
	ttMove     chess.Move
	mateKiller chess.Move
	killers    [4]chess.Move
	killerIdx  int

	list   chess.MoveList
	scores [chess.MaxMoves]int32
	cur    int // next candidate in the current stage
	end    int // end of the current stage's moves
	nBad   int // moves 0..nBad-1 were set aside for the late stage
	noisyN int // end of the noisy moves in list

	hanging chess.Bitboard // REBEL: our pieces under attack, from the evaluation
	// evalHanging: this node's hanging list as its full evaluation found
	// it, when hangingKnown; the quiet stage copies it to hanging (which
	// is empty before that stage) or computes it.
	evalHanging  chess.Bitboard
	hangingKnown bool
	counter      chess.Move // the reply that refuted the previous move last time
	cont1        *contRow   // continuation history after the previous move
	cont2        *contRow   // and after the move before it

	qsearch    bool
	qsChecks   bool
	skipQuiets bool
	// seeFloor: in quiescence, the SEE a capture needs to be handed out.
	seeFloor int
}

// reset prepares for a main-search node.
func (pk *refPicker) reset(ttMove, mateKiller chess.Move, killers [4]chess.Move) {
	pk.stage = stageTT
	pk.ttMove = ttMove
	pk.mateKiller = mateKiller
	pk.killers = killers
	pk.killerIdx = 0
	pk.qsearch = false
	pk.qsChecks = false
	pk.skipQuiets = false
	pk.nBad = 0
	pk.list.N = 0
	pk.hanging, pk.hangingKnown = 0, false
	pk.counter = chess.NoMove
	pk.cont1, pk.cont2 = nil, nil
}

// resetQS prepares for a quiescence node: noisy moves only (all moves when
// in check), plus quiet checks when withChecks. Out of check it hands out
// only captures whose SEE reaches seeFloor (0 or more) and queen
// promotions that lose no material; under-promotions and losing
// promotions never: the one SEE filter of quiescence, where the picker
// knows each capture's SEE already. The hash move comes before that filter.
func (pk *refPicker) resetQS(ttMove chess.Move, inCheck, withChecks bool, seeFloor int) {
	pk.reset(ttMove, chess.NoMove, [4]chess.Move{})
	pk.qsearch = !inCheck
	pk.qsChecks = withChecks && !inCheck
	pk.seeFloor = seeFloor
}

// isRefutation: a killer, the mate killer or the counter move, the moves
// LMRAdjusted reduces less.
func (pk *refPicker) isRefutation(m chess.Move) bool {
	return m == pk.counter || m == pk.mateKiller || pk.isKiller(m)
}

// isKiller compares with the four killers written out: it is asked of
// most quiet moves, and Go does not unroll the loop.
func (pk *refPicker) isKiller(m chess.Move) bool {
	k := &pk.killers
	return m == k[0] || m == k[1] || m == k[2] || m == k[3]
}

func (pk *refPicker) isSpecial(m chess.Move) bool {
	return m == pk.ttMove || m == pk.mateKiller || pk.isKiller(m)
}

// next returns the next move of w's node, or NoMove when the node is
// exhausted.
func (pk *refPicker) next(w *worker) chess.Move {
	pos := w.pos
	for {
		switch pk.stage {
		case stageTT:
			pk.stage = stageMateKiller
			if pk.ttMove != chess.NoMove && pos.IsLegal(pk.ttMove) {
				if !pk.qsearch || isNoisy(pos, pk.ttMove) {
					return pk.ttMove
				}
			}
			pk.ttMove = chess.NoMove
		case stageMateKiller:
			pk.stage = stageGenNoisy
			m := pk.mateKiller
			if m != chess.NoMove && m != pk.ttMove && !pk.qsearch && pos.IsLegal(m) {
				return m
			}
			pk.mateKiller = chess.NoMove
		case stageGenNoisy:
			pk.list.N = 0
			pos.GenerateNoisy(&pk.list)
			pk.noisyN = pk.list.N
			pk.cur, pk.end = 0, pk.list.N
			pk.scoreNoisy(w)
			pk.stage = stageGoodNoisy
		case stageGoodNoisy:
			for pk.cur < pk.end {
				i := pk.bestIndex()
				m := pk.list.Moves[i]
				sc := pk.scores[i]
				pk.cur++
				if m == pk.ttMove || m == pk.mateKiller {
					continue
				}
				if sc < ScoreEqual {
					// Losing captures and under-promotions wait for the late stage.
					pk.list.Moves[pk.cur-1], pk.list.Moves[pk.nBad] = pk.list.Moves[pk.nBad], m
					pk.scores[pk.cur-1], pk.scores[pk.nBad] = pk.scores[pk.nBad], sc
					pk.nBad++
					continue
				}
				return m
			}
			if pk.qsearch {
				if pk.qsChecks {
					pk.stage = stageGenQuiet
				} else {
					pk.stage = stageDone
				}
				continue
			}
			pk.stage = stageKillers
		case stageKillers:
			for pk.killerIdx < len(pk.killers) {
				m := pk.killers[pk.killerIdx]
				pk.killerIdx++
				if m == chess.NoMove || m == pk.ttMove || m == pk.mateKiller || pk.skipQuiets {
					continue
				}
				dup := false
				for j := 0; j < pk.killerIdx-1; j++ {
					dup = dup || pk.killers[j] == m
				}
				if !dup && pos.IsLegal(m) && !isNoisy(pos, m) {
					return m
				}
			}
			pk.stage = stageGenQuiet
		case stageGenQuiet:
			pk.list.N = pk.noisyN
			if pk.qsearch {
				// Quiescence wants the checks alone: only the moves that
				// may give one are generated, in the same order.
				pos.GenerateQuietChecks(&pk.list)
				pk.cur, pk.end = pk.noisyN, pk.list.N
				pk.stage = stageQSChecks
				continue
			}
			pos.GenerateQuiet(&pk.list)
			pk.cur, pk.end = pk.noisyN, pk.list.N
			pk.scoreQuiet(w)
			pk.stage = stageQuiet
		case stageQuiet:
			for !pk.skipQuiets && pk.cur < pk.end {
				i := pk.bestIndex()
				m := pk.list.Moves[i]
				pk.cur++
				if pk.isSpecial(m) {
					continue
				}
				return m
			}
			pk.cur, pk.end = 0, pk.nBad
			pk.stage = stageBad
		case stageBad:
			for pk.cur < pk.end {
				i := pk.bestIndex()
				m := pk.list.Moves[i]
				pk.cur++
				if m == pk.ttMove || m == pk.mateKiller {
					continue
				}
				return m
			}
			pk.stage = stageDone
		case stageQSChecks:
			for pk.cur < pk.end {
				m := pk.list.Moves[pk.cur]
				pk.cur++
				if m != pk.ttMove && pos.GivesCheck(m) && pos.SEEGreaterEqual(m, 0) {
					return m
				}
			}
			pk.stage = stageDone
		default:
			return chess.NoMove
		}
	}
}

// bestIndex swaps the best-scored remaining move to pk.cur and returns cur.
func (pk *refPicker) bestIndex() int {
	// The best score is kept in a register and the slice spares the
	// bounds checks: this loop is the picker's largest cost. The first
	// of equal scores wins, as the order of the moves depends on it.
	best, bestScore := pk.cur, pk.scores[pk.cur]
	for i, sc := range pk.scores[pk.cur+1 : pk.end] {
		if sc > bestScore {
			best, bestScore = pk.cur+1+i, sc
		}
	}
	if best != pk.cur {
		pk.list.Moves[best], pk.list.Moves[pk.cur] = pk.list.Moves[pk.cur], pk.list.Moves[best]
		pk.scores[best], pk.scores[pk.cur] = pk.scores[pk.cur], pk.scores[best]
	}
	return pk.cur
}

// scoreNoisy places each capture and promotion in its REBEL band: winning
// captures by SEE gain, the lower attacker first on equal gain; queen
// promotions; equal captures by the REBEL table; the rest late.
func (pk *refPicker) scoreNoisy(w *worker) {
	pos := w.pos
	for i := 0; i < pk.list.N; i++ {
		m := pk.list.Moves[i]
		attacker := pos.PieceOn(m.From()).Type()
		if m.IsPromotion() && m.PromotionType() != chess.Queen {
			pk.scores[i] = ScoreUnderPromotion + int32(m.PromotionType())
			continue
		}
		victim := pos.PieceOn(m.To()).Type()
		if m.IsEnPassant() {
			victim = chess.Pawn
		}
		see := pos.SEE(m)
		switch {
		case m.IsPromotion() && see >= 0:
			pk.scores[i] = ScoreQueenPromotion + int32(victim)
			if see > 0 && victim != chess.NoPieceType {
				pk.scores[i] = winningCaptureScore(see, attacker)
			}
		case see > 0:
			pk.scores[i] = winningCaptureScore(see, attacker)
		case see == 0:
			pk.scores[i] = ScoreEqual + EqualCaptureClassWeight*equalCaptureOrder[attacker][victim] + int32(victim)
		default:
			pk.scores[i] = ScoreLosing + int32(see) + LosingCaptureOffset
		}
		if pk.qsearch && see < pk.seeFloor && !m.IsPromotion() {
			// Below quiescence's floor: the late stage, which quiescence
			// never reaches.
			pk.scores[i] = ScoreLosing + LosingCaptureOffset + int32(see)
		}
	}
}

// scoreQuiet orders quiet moves by history, with REBEL's hints from the
// evaluation: castling first, a bonus for moving a hanging piece and a
// penalty for stepping onto a square a pawn attacks. REBEL reads the
// hanging list left by the evaluation of this node; here the children
// searched before the quiet stage have overwritten the evaluator's, so
// the node keeps its own copy (when the evaluation ran here rather than
// coming from the hash table or the evaluation cache), else it is
// computed (eval.Hanging, about 40 ns).
func (pk *refPicker) scoreQuiet(w *worker) {
	pos := w.pos
	us := pos.SideToMove()
	hanging := pk.evalHanging
	if !pk.hangingKnown {
		hanging = eval.Hanging(pos, us)
	}
	pk.hanging = hanging
	enemyPawnAttacks := chess.PawnAttacksBB(pos.Pieces(us.Other(), chess.Pawn), us.Other())
	for i := pk.cur; i < pk.end; i++ {
		m := pk.list.Moves[i]
		if m.IsCastling() {
			pk.scores[i] = CastlingScore
			continue
		}
		pc := pos.PieceOn(m.From())
		score := w.history[pc][m.To()]
		if w.Switches.ContinuationHistory {
			score += contScore(pk.cont1, pc, m.To()) + contScore(pk.cont2, pc, m.To())
		}
		if m == pk.counter {
			score += CounterMoveBonus
		}
		if w.Switches.OrderingHints {
			// REBEL: a piece under attack that moves
			if hanging.Has(m.From()) {
				score += HangingMoveBonus
			}
			// REBEL: quiet moves to unsafe squares
			if pc.Type() != chess.Pawn && enemyPawnAttacks.Has(m.To()) {
				score -= UnsafeSquarePenalty
			}
		}
		pk.scores[i] = score
	}
}
