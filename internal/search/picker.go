package search

import (
	"math"

	"matador/internal/chess"
	"matador/internal/eval"
)

// Picker stages, in the order of the REBEL ordering scale ("LMR in REBEL",
// step 2): hash move 255, mate killer 252, winning captures 246-242 and
// queen promotions 241, equal captures 236-231, killers 226-220, castling
// 210-209, quiet moves by history, and finally the losing captures.
// Under-promotions (REBEL: 208, before the quiet moves) come after the
// quiet moves here: they are almost never best and cost a search each.
const (
	stageTT = iota
	stageMateKiller
	stageGenNoisy
	stageGoodNoisy
	stageKillers
	stageGenQuiet
	stageQuiet
	stageBad
	stageQSChecks
	stageDone
)

// REBEL: equal captures ordered QxQ, RxR, NxB, BxB, BxN, PxP.
var equalCaptureOrder = [7][7]int32{
	chess.Queen:  {chess.Queen: 6},
	chess.Rook:   {chess.Rook: 5},
	chess.Knight: {chess.Bishop: 4},
	chess.Bishop: {chess.Bishop: 3, chess.Knight: 2},
	chess.Pawn:   {chess.Pawn: 1},
}

// picker hands out the moves of one node, best first, generating lazily.
// It lives in the per-ply stack so that it never allocates.
type picker struct {
	stage      int
	ttMove     chess.Move
	mateKiller chess.Move
	killers    [4]chess.Move
	killerIdx  int

	list   chess.MoveList
	scores [chess.MaxMoves]int32
	// pending marks the captures whose SEE is not computed yet: their
	// score is the one their SEE's upper bound would give (see
	// selectNoisy). It moves with the moves and scores.
	pending [chess.MaxMoves]bool
	cur     int // next candidate in the current stage
	end     int // end of the current stage's moves
	// badFrom..badTo-1: the noisy moves set aside for the late stage.
	badFrom, badTo int
	noisyN         int // end of the noisy moves in list

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
func (pk *picker) reset(ttMove, mateKiller chess.Move, killers [4]chess.Move) {
	pk.stage = stageTT
	pk.ttMove = ttMove
	pk.mateKiller = mateKiller
	pk.killers = killers
	pk.killerIdx = 0
	pk.qsearch = false
	pk.qsChecks = false
	pk.skipQuiets = false
	pk.badFrom, pk.badTo = 0, 0
	pk.list.N = 0
	pk.hanging, pk.hangingKnown = 0, false
	pk.counter = chess.NoMove
	pk.cont1, pk.cont2 = nil, nil
}

// resetQS prepares for a quiescence node: noisy moves only (all moves when
// in check), plus quiet checks when withChecks. Out of check it hands out
// only captures whose SEE reaches seeFloor (0 or more) and queen
// promotions that lose no material; under-promotions and losing
// promotions never: the one SEE filter of quiescence, in the picker, which
// computes a capture's SEE only when its upper bound reaches the floor
// (selectNoisy). The hash move comes before that filter.
func (pk *picker) resetQS(ttMove chess.Move, inCheck, withChecks bool, seeFloor int) {
	pk.reset(ttMove, chess.NoMove, [4]chess.Move{})
	pk.qsearch = !inCheck
	pk.qsChecks = withChecks && !inCheck
	pk.seeFloor = seeFloor
}

// isRefutation: a killer, the mate killer or the counter move, the moves
// LMRAdjusted reduces less.
func (pk *picker) isRefutation(m chess.Move) bool {
	return m == pk.counter || m == pk.mateKiller || pk.isKiller(m)
}

// isKiller compares with the four killers written out: it is asked of
// most quiet moves, and Go does not unroll the loop.
func (pk *picker) isKiller(m chess.Move) bool {
	k := &pk.killers
	return m == k[0] || m == k[1] || m == k[2] || m == k[3]
}

func (pk *picker) isSpecial(m chess.Move) bool {
	return m == pk.ttMove || m == pk.mateKiller || pk.isKiller(m)
}

// next returns the next move of w's node, or NoMove when the node is
// exhausted.
func (pk *picker) next(w *worker) chess.Move {
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
				i := pk.selectNoisy(w, ScoreEqual)
				if i < 0 {
					// Every move left scores below the equal captures:
					// losing captures and under-promotions, which wait for
					// the late stage where they stand (quiescence never
					// gets there). Handed out best first there, they come
					// in the order this stage would have set them aside.
					pk.badFrom, pk.badTo = pk.cur, pk.end
					break
				}
				m := pk.list.Moves[i]
				pk.cur++
				if m == pk.ttMove || m == pk.mateKiller {
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
			pk.cur, pk.end = pk.badFrom, pk.badTo
			pk.stage = stageBad
		case stageBad:
			for pk.cur < pk.end {
				i := pk.selectNoisy(w, math.MinInt32)
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
func (pk *picker) bestIndex() int {
	// This search is the picker's largest cost (firstHighest). The
	// first of equal scores wins, as the order of the moves depends on
	// it: the same one whichever of firstHighest's forms runs.
	// This function and selectNoisy keep their calls on the lines they
	// had before firstHighest, comments making up for the loops that
	// left: the PGO profile names the call sites of the functions
	// inlined into picker.next by their lines within them
	// (docs/building.md), and moved calls would lose their names.
	best := pk.cur + firstHighest(pk.scores[pk.cur:pk.end])
	if best != pk.cur {
		pk.list.Moves[best], pk.list.Moves[pk.cur] = pk.list.Moves[pk.cur], pk.list.Moves[best]
		pk.scores[best], pk.scores[pk.cur] = pk.scores[pk.cur], pk.scores[best]
	}
	return pk.cur
}

// selectNoisy is bestIndex for the noisy moves, whose captures' SEE is
// computed only when it can decide the order. A capture not yet resolved
// is scored at its SEE's upper bound (seeUpperBound), and captureScore
// never falls as the SEE grows, so its true score is at most that. Let i
// be the first move of the highest score in cur..end-1. If its score is
// exact, the selection that all SEEs computed first would make is i as
// well, with the same swap: the moves before i score less, in truth as in
// bound, and those after at most as much. Otherwise its SEE sets its
// exact score in place; if that equals the bound (an undefended victim),
// i is still the first of the highest and is chosen, else the choice is
// made again. Most nodes cut off after a capture or two and never pay
// for the SEE of the rest. It returns -1, resolving nothing more, when
// the highest score is below floor: every move left is then truly below
// it.
func (pk *picker) selectNoisy(w *worker, floor int32) int {
	for {
		// The first of the highest scores, as bestIndex finds it: if it
		// is still pending, its SEE is computed below and the choice
		// may be made again. (These lines keep the call on its line,
		// as bestIndex says.)
		best := pk.cur + firstHighest(pk.scores[pk.cur:pk.end])
		bestScore := pk.scores[best]
		if bestScore < floor {
			return -1
		}
		if !pk.pending[best] {
			return pk.take(best)
		}
		// Its SEE sets its exact score in place. If that equals the
		// bound, as it does for a victim nothing defends, the move is
		// still the first of the highest and is taken without another
		// scan. (These lines keep the SEE's call where the profile
		// names it, as bestIndex says.)
		m := pk.list.Moves[best]
		pos := w.pos
		victim := pos.PieceOn(m.To()).Type()
		if m.IsEnPassant() {
			victim = chess.Pawn
		}
		pk.scores[best] = pk.captureScore(w, m, pos.SEE(m), pos.PieceOn(m.From()).Type(), victim)
		pk.pending[best] = false
		if pk.scores[best] == bestScore {
			return pk.take(best)
		}
	}
}

// take moves the chosen noisy move at i to cur, with its score and
// pending mark, and returns cur.
func (pk *picker) take(i int) int {
	if i != pk.cur {
		pk.list.Moves[i], pk.list.Moves[pk.cur] = pk.list.Moves[pk.cur], pk.list.Moves[i]
		pk.scores[i], pk.scores[pk.cur] = pk.scores[pk.cur], pk.scores[i]
		pk.pending[i], pk.pending[pk.cur] = pk.pending[pk.cur], false
	}
	return pk.cur
}

// scalarFirstHighest is firstHighest as a plain loop: the best score is
// kept in a register and the slice spares the bounds checks.
func scalarFirstHighest(scores []int32) int {
	best, bestScore := 0, scores[0]
	for i, sc := range scores[1:] {
		if sc > bestScore {
			best, bestScore = 1+i, sc
		}
	}
	return best
}

// seeUpperBound bounds from above the SEE of a capture (not a promotion)
// of victim by attacker on to, where defended are the squares the enemy's
// pawns guard. The opponent may always stop after the first capture, so
// the SEE is at most the victim's value. When an enemy pawn guards the
// square (not on a last rank, where it would promote), the opponent may
// instead take the capturing piece with it, after which the mover wins at
// most the pawn back (the opponent may stop again): QxP, RxP, BxP or NxP
// on a square a pawn guards lose without their SEE, which quiescence then
// never computes.
func seeUpperBound(attacker, victim chess.PieceType, to chess.Square, defended chess.Bitboard) int {
	hi := chess.SEEValue[victim]
	if defended.Has(to) && to.Rank() != 0 && to.Rank() != 7 {
		hi = min(hi, hi-chess.SEEValue[attacker]+chess.SEEValue[chess.Pawn])
	}
	return hi
}

func isNoisy(pos *chess.Position, m chess.Move) bool {
	return m.IsPromotion() || m.IsEnPassant() || (!m.IsCastling() && pos.PieceOn(m.To()) != chess.NoPiece)
}

// scoreNoisy places each capture and promotion in its REBEL band: winning
// captures by SEE gain, the lower attacker first on equal gain; queen
// promotions; equal captures by the REBEL table; the rest late. A capture
// (not a promotion) gets the score of its SEE's upper bound and is marked
// pending: selectNoisy computes its SEE only if it comes to be chosen.
func (pk *picker) scoreNoisy(w *worker) {
	pos := w.pos
	them := pos.SideToMove().Other()
	defended := chess.PawnAttacksBB(pos.Pieces(them, chess.Pawn), them)
	for i := 0; i < pk.list.N; i++ {
		m := pk.list.Moves[i]
		if !m.IsPromotion() {
			to := m.To()
			attacker, victim := pos.PieceOn(m.From()).Type(), pos.PieceOn(to).Type()
			if m.IsEnPassant() {
				victim = chess.Pawn
			}
			hi := seeUpperBound(attacker, victim, to, defended)
			pk.scores[i] = pk.captureScore(w, m, hi, attacker, victim)
			pk.pending[i] = true
			continue
		}
		pk.pending[i] = false
		if m.PromotionType() != chess.Queen {
			pk.scores[i] = ScoreUnderPromotion + int32(m.PromotionType())
			continue
		}
		victim := pos.PieceOn(m.To()).Type()
		see := pos.SEE(m)
		switch {
		case see > 0 && victim != chess.NoPieceType:
			pk.scores[i] = winningCaptureScore(see, chess.Pawn)
		case see >= 0:
			pk.scores[i] = ScoreQueenPromotion + int32(victim)
		default:
			pk.scores[i] = ScoreLosing + int32(see) + LosingCaptureOffset
		}
	}
}

// captureScore is the score of capture m (not a promotion) with this SEE.
// It never falls as see grows, attacker and victim fixed: each band's
// score grows with the SEE, the losing band (below 2^20) lies under the
// equal band (2^22 or more), the equal band (under 2^22 + 2^7) under the
// winning one (above 2^24), and quiescence's floor (0 or more) sends
// only SEEs below it to the bottom of the losing band. selectNoisy relies on
// this (TestCaptureScoreMonotone).
func (pk *picker) captureScore(w *worker, m chess.Move, see int, attacker, victim chess.PieceType) int32 {
	if pk.qsearch && see < pk.seeFloor {
		// Below quiescence's floor: the late stage, which quiescence
		// never reaches.
		return ScoreLosing + LosingCaptureOffset + int32(see)
	}
	switch {
	case see > 0:
		return winningCaptureScore(see, attacker)
	case see == 0:
		return ScoreEqual + EqualCaptureClassWeight*equalCaptureOrder[attacker][victim] + int32(victim)
	}
	return ScoreLosing + int32(see) + LosingCaptureOffset
}

// scoreQuiet orders quiet moves by history, with REBEL's hints from the
// evaluation: castling first, a bonus for moving a hanging piece and a
// penalty for stepping onto a square a pawn attacks. REBEL reads the
// hanging list left by the evaluation of this node; here the children
// searched before the quiet stage have overwritten the evaluator's, so
// the node keeps its own copy (when the evaluation ran here rather than
// coming from the hash table or the evaluation cache), else it is
// computed (eval.Hanging, about 40 ns).
//
//go:noinline
func (pk *picker) scoreQuiet(w *worker) {
	pos := w.pos
	us := pos.SideToMove()
	hanging := pk.evalHanging
	if !pk.hangingKnown {
		hanging = eval.Hanging(pos, us)
	}
	pk.hanging = hanging
	enemyPawnAttacks := chess.PawnAttacksBB(pos.Pieces(us.Other(), chess.Pawn), us.Other())
	// The loop runs for every quiet move of every node that reaches this
	// stage, and picker.next is too large for the compiler to keep its
	// values in registers (hence go:noinline). So the switches are read
	// once and folded into the data: a continuation row that is off or
	// missing (nil) is noContRow, whose zeros are what contScore gives
	// for it, and hints off empty the hanging and unsafe sets. Pieces are
	// below 16 and the slices are cut to one length, which spares the
	// bounds checks.
	cont1, cont2 := pk.cont1, pk.cont2
	if cont1 == nil || !w.Switches.ContinuationHistory {
		cont1 = &noContRow
	}
	if cont2 == nil || !w.Switches.ContinuationHistory {
		cont2 = &noContRow
	}
	unsafe := enemyPawnAttacks
	if !w.Switches.OrderingHints {
		hanging, unsafe = 0, 0
	}
	counter, history := pk.counter, &w.history
	moves := pk.list.Moves[pk.cur:pk.end]
	scores := pk.scores[pk.cur:pk.end]
	scores = scores[:len(moves)]
	for i, m := range moves {
		if m.IsCastling() {
			scores[i] = CastlingScore
			continue
		}
		from, to := m.From()&63, m.To()&63
		pc := pos.PieceOn(from) & 15
		score := history[pc][to] + (int32(cont1[pc][to]) + int32(cont2[pc][to]))
		if m == counter {
			score += CounterMoveBonus
		}
		// REBEL: a piece under attack that moves
		if hanging.Has(from) {
			score += HangingMoveBonus
		}
		// REBEL: quiet moves to unsafe squares
		if unsafe.Has(to) && pc.Type() != chess.Pawn {
			score -= UnsafeSquarePenalty
		}
		scores[i] = score
	}
}

// noContRow stands for a missing continuation row where scoreQuiet reads
// one: all zeros, never written.
var noContRow contRow

// winningCaptureScore places a winning capture by its SEE gain, the
// cheaper attacker first on equal gain (from 1 for the king to 6 for a
// pawn: less than a centipawn of gain at CaptureSEEWeight).
func winningCaptureScore(see int, attacker chess.PieceType) int32 {
	return ScoreWinning + int32(see)*CaptureSEEWeight + int32(chess.King+1-attacker)
}
