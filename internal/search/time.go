package search

import (
	"sync/atomic"
	"time"

	"matador/internal/chess"
)

// timeManager turns the clock into a soft limit (do not start another
// iteration past it, stretched when the best move is unstable or the score
// falls) and a hard limit (abort the search).
type timeManager struct {
	// start is read by the search every LimitCheckNodes (1024) nodes and reset by a
	// ponderhit from the input goroutine: an atomic, not a lock.
	start atomic.Int64 // Unix nanoseconds
	// With nodesPerSecond set, the clock reads nodes: a reading is start
	// plus the nodes searched since nodeStart at that rate.
	nodesPerSecond uint64
	nodeStart      atomic.Uint64
	soft           time.Duration
	hard           time.Duration
	timed          bool
	// idealScaled: the clock of ClockIdealScaled, where soft is the ideal time of
	// the move, which the end of each iteration scales.
	idealScaled bool
	// idealMoves: the moves the ideal time shares the time left over
	// (ClockIdealScaledMoves, or ClockFrontLoadMoves); 0 reads as the first.
	idealMoves int
	// nodeShare: ClockNodeShare's clock, set before plan: a larger ideal
	// time and hard limit, which the end of each iteration scales by the
	// best move's share of the nodes and a score factor that can also
	// save time.
	nodeShare bool
}

// plan turns the limits of a search that starts now into the soft and
// hard limits (the shares are in params.go). With idealScaled (ClockIdealScaled)
// the soft limit is an ideal time from the time left and the increment.
// slowMover scales both on a clock, in percent (0: 100), within the same
// caps of the time left.
func (tm *timeManager) plan(start time.Time, lim Limits, overhead time.Duration, slowMover int, us chess.Color, gamePly int, idealScaled bool) {
	tm.start.Store(start.UnixNano())
	tm.timed = false
	tm.idealScaled = false
	switch {
	case lim.MoveTime > 0:
		tm.timed = true
		t := max(lim.MoveTime-overhead, time.Millisecond)
		tm.soft, tm.hard = t, t
	case lim.WTime > 0 || lim.BTime > 0 || lim.WInc > 0 || lim.BInc > 0:
		tm.timed = true
		left, inc := lim.WTime, lim.WInc
		if us == chess.Black {
			left, inc = lim.BTime, lim.BInc
		}
		mtg := lim.MovesToGo
		if mtg <= 0 {
			// Sudden death: plan for fewer remaining moves as the game goes on.
			mtg = max(DefaultMovesToGo-gamePly/MovesToGoDecayPlies, MinMovesToGo)
		}
		mtg = min(mtg, MaxMovesToGo)
		// Time we may spend without ever flagging: keep overhead per move
		// for the moves to come.
		usable := left - overhead - ClockSafety - time.Duration(min(mtg, OverheadReserveMoves))*overhead/OverheadReserveDivisor
		usable = max(usable, time.Millisecond)
		base := usable/time.Duration(mtg) + inc*IncrementPercent/100
		tm.soft = min(base*SoftPercent/100, usable*SoftMaxPercent/100)
		tm.hard = min(base*HardFactor, usable*HardMaxPercent/100)
		if idealScaled {
			tm.idealScaled = true
			ideal, hardFactor := idealTime(usable, inc, lim.MovesToGo, tm.idealMoves), time.Duration(ClockIdealScaledHardFactor)
			if tm.nodeShare {
				ideal, hardFactor = nodeShareIdeal(ideal, inc, lim.MovesToGo), ClockNodeShareHardFactor
			}
			tm.soft = min(ideal, usable*SoftMaxPercent/100)
			tm.hard = min(tm.soft*hardFactor, usable*HardMaxPercent/100)
		}
		if slowMover > 0 && slowMover != 100 {
			// Stockfish's Slow Mover: the user's own scale on thinking time.
			scale := time.Duration(slowMover)
			tm.soft = min(tm.soft*scale/100, usable*SoftMaxPercent/100)
			tm.hard = min(tm.hard*scale/100, usable*HardMaxPercent/100)
		}
		if lim.MovesToGo == 1 {
			tm.soft = usable * LastMoveSoftPercent / 100
			tm.hard = usable * LastMoveHardPercent / 100
		}
		tm.soft = max(tm.soft, time.Millisecond)
		tm.hard = max(tm.hard, tm.soft)
	}
}

// ponderHit restarts the clock at now, when nodes had been searched.
func (tm *timeManager) ponderHit(now time.Time, nodes uint64) {
	tm.nodeStart.Store(nodes)
	tm.start.Store(now.UnixNano())
}

// reading is the clock's time after nodes of the search: the wall time, or
// with a node rate the time those nodes stand for.
func (tm *timeManager) reading(nodes uint64) time.Time {
	if tm.nodesPerSecond == 0 {
		return time.Now()
	}
	n := nodes - min(nodes, tm.nodeStart.Load())
	// Whole seconds first, so that a long search cannot overflow.
	spent := n/tm.nodesPerSecond*uint64(time.Second) + n%tm.nodesPerSecond*uint64(time.Second)/tm.nodesPerSecond
	return time.Unix(0, tm.start.Load()+int64(spent))
}

func (tm *timeManager) elapsed(now time.Time) time.Duration {
	return time.Duration(now.UnixNano() - tm.start.Load())
}

func (tm *timeManager) pastHard(now time.Time) bool {
	return tm.timed && tm.elapsed(now) >= tm.hard
}

// idealTime is ClockIdealScaled's time for a move: with movestogo an even share
// over the moves to go and a few more, plus the increment; without, the
// time left plus ClockIdealScaledIncMoves increments shared over
// ClockIdealScaledMoves moves.
func idealTime(usable, inc time.Duration, movesToGo, moves int) time.Duration {
	if movesToGo > 0 {
		return usable/time.Duration(min(movesToGo, MaxMovesToGo)+ClockIdealScaledMovesToGoExtra) + inc
	}
	if moves <= 0 {
		moves = ClockIdealScaledMoves
	}
	return (usable + ClockIdealScaledIncMoves*inc) / time.Duration(moves)
}

// nodeShareIdeal is ClockNodeShare's ideal time from ClockIdealScaled's:
// the time left's part ClockNodeShareIdealScale times as large (with
// movestogo ClockNodeShareMovesToGoScale times; the increment is added
// once), since the end of each iteration scales it down for most moves
// (Ethereal's clock since version 14, 2.5 · (time + 25 increments) / 50).
func nodeShareIdeal(ideal, inc time.Duration, movesToGo int) time.Duration {
	if movesToGo > 0 {
		return time.Duration(float64(ideal-inc)*ClockNodeShareMovesToGoScale) + inc
	}
	return time.Duration(float64(ideal) * ClockNodeShareIdealScale)
}

// iterationEnd is what the clock reads at the end of an iteration: its
// depth, a decaying count of best-move changes, how many iterations the
// best move has not changed, and how much the score fell: since the last
// iteration (scoreDrop) and over the last ClockIdealScaledDropIterations
// (scoreDropLong, ClockIdealScaled's).
type iterationEnd struct {
	depth                    int
	bestChanges              float64
	stable                   int
	scoreDrop, scoreDropLong int
	// bestNodeShare: the share of the search's nodes spent below the best
	// move (read by ClockNodeShare's clock only).
	bestNodeShare float64
}

// shouldStopAfterIteration decides whether to begin another iteration.
func (tm *timeManager) shouldStopAfterIteration(now time.Time, it iterationEnd) bool {
	if !tm.timed {
		return false
	}
	if tm.soft == tm.hard {
		// Fixed move time: run until the hard limit aborts the search.
		return tm.elapsed(now) >= tm.hard
	}
	if tm.idealScaled {
		if it.depth < ClockIdealScaledMinDepth {
			return false
		}
		// An iteration begun past ClockIdealScaledLastStartPercent of the hard
		// limit would mostly be lost when the limit aborts it.
		elapsed := tm.elapsed(now)
		return elapsed >= tm.scaledLimit(it) || elapsed >= tm.hard*ClockIdealScaledLastStartPercent/100
	}
	bestChanges, stable, scoreDrop := it.bestChanges, it.stable, it.scoreDrop
	scale := 1.0 + bestChanges
	// A best move that has held for many iterations is clearly best: the
	// time saved goes to later, harder moves.
	scale *= StableScaleStart - StableScaleStep*float64(min(stable, StableIterationsMax))
	if scoreDrop > ScoreDropMin {
		scale += min(float64(scoreDrop)/ScoreDropScale, ScoreDropMaxExtra)
	}
	limit := time.Duration(float64(tm.soft) * scale)
	limit = min(limit, tm.hard)
	// The next iteration takes about as long as all before it, or more:
	// do not start one that cannot finish.
	return tm.elapsed(now) >= limit*NextIterationPercent/100
}

// isTimed reports whether the clock limits this search at all.
func (tm *timeManager) isTimed() bool { return tm.timed }

// scaledLimit is ClockIdealScaled's time for this move after an iteration: the
// ideal time scaled down the longer the best move has held (to
// ClockIdealScaledStableHigh - ClockIdealScaledStableStep · ClockIdealScaledStableMax),
// up by the decaying count of best-move changes and by the score's fall
// over the last iterations, never past the hard limit. ClockNodeShare's
// clock scales by stability, by the share of the nodes the best move took
// and by a score factor from ClockNodeShareScoreMin to
// ClockNodeShareScoreMax instead (Ethereal since version 14).
func (tm *timeManager) scaledLimit(it iterationEnd) time.Duration {
	stability := ClockIdealScaledStableHigh - ClockIdealScaledStableStep*float64(min(it.stable, ClockIdealScaledStableMax))
	if tm.nodeShare {
		// A best move that takes nearly all the nodes has no rival worth
		// the time; one that takes few is contested. A score that held or
		// rose saves a quarter; one that fell by a quarter pawn takes a
		// quarter more.
		share := max(ClockNodeShareBase-ClockNodeShareSlope*it.bestNodeShare, ClockNodeShareMin)
		score := min(max(ClockNodeShareScorePerCp*float64(it.scoreDropLong), ClockNodeShareScoreMin), ClockNodeShareScoreMax)
		return min(time.Duration(float64(tm.soft)*stability*share*score), tm.hard)
	}
	changes := 1 + ClockIdealScaledChangeWeight*it.bestChanges
	drop := min(max(1+float64(it.scoreDropLong)/ClockIdealScaledDropScale, 1), ClockIdealScaledDropMaxScale)
	return min(time.Duration(float64(tm.soft)*stability*changes*drop), tm.hard)
}
