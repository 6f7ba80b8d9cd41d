package search

import (
	"math"

	"matador/internal/chess"
)

// The reductions of negamax: late-move reductions (LMR in REBEL, edition
// 3, with a log-log term), REBEL's reduction 1 (material) and reduction 2a
// (threat).

// lateMoveReduction is how many plies less a late quiet move is searched:
// one (LMR in REBEL), a second and a third when its history is poor
// (edition 3; HistoryReduction), one back for a hanging piece that moves
// away (editions 1 and 2; HangingNoReduce), more for very late moves at
// depth; one less at PV nodes and when improving, one more at cut nodes;
// never below zero nor into quiescence.
func (w *worker) lateMoveReduction(pc chess.Piece, m chess.Move, depth, moveCount, newDepth int,
	pvNode, cutNode, improving bool, pk *picker) int {
	r := 1
	h := *w.historyEntry(pc, m)
	if w.Switches.HistoryReduction {
		if h < LMRHistoryTwo {
			r++
		}
		if h < LMRHistoryThree {
			r++
		}
	}
	// LMR in REBEL (editions 1 and 2): a piece under attack that moves
	// scores 32 more, and a high score spares a move the second and third
	// reductions; here a ply less.
	if w.Switches.HangingNoReduce && pk.hanging.Has(m.From()) {
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
	return min(max(r, 0), newDepth-1)
}

// pawnAdvance: a pawn move to the 6th rank or beyond, which REBEL's LMR
// does not reduce (LMRAdjusted does) and REBEL's static pruning does not
// prune after.
func pawnAdvance(pc chess.Piece, m chess.Move, c chess.Color) bool {
	return pc.Type() == chess.Pawn && m.To().RelativeRank(c) >= relativeRank6
}

// lmrExtra adds reductions for very late moves at high depth, beyond what
// REBEL's fixed plies give.
func lmrExtra(depth, moveCount int) int {
	return lmrTable[min(depth, len(lmrTable)-1)][min(moveCount, len(lmrTable[0])-1)]
}

// lmrTable[depth][moves] is lmrExtra, up to 63 of either.
var lmrTable [64][64]int

// lmrAdjustedTable[depth][moves] is the log-log reduction in whole plies,
// LMRLogBase + ln(depth)·ln(moves)/LMRLogDivisor, up to 63 of either.
var lmrAdjustedTable [64][64]int

func init() { buildLMRTables() }

// buildLMRTables fills both tables from LMRLogBase and LMRLogDivisor: at
// start-up, and again when SetTunable changes either.
func buildLMRTables() {
	for d := 1; d < len(lmrTable); d++ {
		for n := 1; n < len(lmrTable[d]); n++ {
			r := int(LMRLogBase + math.Log(float64(d))*math.Log(float64(n))/LMRLogDivisor)
			lmrTable[d][n] = max(r-1, 0)
			lmrAdjustedTable[d][n] = r
		}
	}
}

// lmrNode is what LMRAdjusted reads of a node and its move besides depth
// and move count.
type lmrNode struct {
	pvNode, cutNode, improving bool
	refutation                 bool  // a killer, the mate killer or the counter move
	check                      bool  // the move gives check, or answers one
	hanging                    bool  // LMR in REBEL: a hanging piece moves away (HangingNoReduce)
	history                    int32 // butterfly plus continuation histories
}

// lmrAdjustedPlies is the reduction of a late quiet move under LMRAdjusted:
// the log-log table, then the node's and the move's adjustments (see the
// constants in params.go), at least LMRAdjustedMinReduction and leaving at
// least one ply of newDepth.
func lmrAdjustedPlies(depth, moveCount, newDepth int, n lmrNode) int {
	r := lmrAdjustedTable[min(depth, len(lmrAdjustedTable)-1)][min(moveCount, len(lmrAdjustedTable[0])-1)]
	if !n.pvNode {
		r += LMRAdjustedNonPV
	}
	if n.cutNode {
		r += LMRAdjustedCutNode
	}
	if !n.improving {
		r += LMRAdjustedNotImproving
	}
	if n.refutation {
		r -= LMRAdjustedRefutation
	}
	if n.check {
		r -= LMRAdjustedCheck
	}
	if n.hanging {
		r -= LMRAdjustedHanging
	}
	r -= min(max(int(n.history/LMRAdjustedHistoryDivisor), -LMRAdjustedHistoryMax), LMRAdjustedHistoryMax)
	return min(max(r, LMRAdjustedMinReduction), newDepth-1)
}

// lmrCapturePlies is the reduction of a late capture under LMRCaptures:
// LMRCaptureBase less the capture history over LMRCaptureHistoryDivisor,
// within 0 and LMRCaptureMax, leaving at least a ply.
func lmrCapturePlies(captureHist int32, newDepth int) int {
	r := LMRCaptureBase - int(captureHist/LMRCaptureHistoryDivisor)
	return max(min(r, LMRCaptureMax, newDepth-1), 0)
}

// quietHistory is the butterfly history of a quiet move plus its
// continuation histories after the last two moves (the picker's rows).
func (w *worker) quietHistory(pk *picker, pc chess.Piece, m chess.Move) int32 {
	h := *w.historyEntry(pc, m)
	if w.Switches.ContinuationHistory {
		to := m.To()
		h += contScore(pk.cont1, pc, to) + contScore(pk.cont2, pc, to)
	}
	return h
}

// materialReductionApplies is REBEL's reduction 1 test: with enough plies
// to go, alpha stands above the mover's material and piece-square balance
// by more than the margin for that remaining depth.
func materialReductionApplies(remaining, alpha, balance int) bool {
	return remaining >= MaterialReductionMinRemaining &&
		alpha > balance+MaterialReductionMargin[min(remaining, len(MaterialReductionMargin)-1)]
}

// threatReduces is REBEL's reduction 2a, from the side to move's view (the
// opponent of the mover): the mover stands below alpha (our evaluation
// above beta) even after a quarter of its biggest threat is counted; the
// move was not the hash move, not reduced already, not a winning capture,
// not the answer to a check, and did not seriously increase the pressure on
// our king; and the hash, when it knows this position, does not say it is
// better for the mover than alpha or than the evaluation by more than 0.50.
func (w *worker) threatReduces(ply, staticEval, beta int, ttOK bool, ttScore int) bool {
	if ply < 1 || staticEval <= beta || staticEval >= MateInMaxPly {
		return false
	}
	parent := &w.stack[ply-1]
	if parent.move == chess.NoMove || parent.inCheck || parent.moveIsTT ||
		parent.moveReduced || parent.moveWinning || w.kingPressureRose(ply) {
		return false
	}
	if staticEval-w.rebelThreat()/ThreatReductionDivisor <= beta {
		return false
	}
	if ttOK && (ttScore < beta || staticEval-ttScore > ThreatReductionHashMargin) {
		return false
	}
	return true
}
