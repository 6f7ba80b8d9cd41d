package search

import (
	"time"

	"matador/internal/chess"
)

// rootMove is one legal move at the root with what the iterations found.
type rootMove struct {
	move      chess.Move
	score     int
	prevScore int
	selDepth  int
	pv        []chess.Move
	// nodes: this worker's nodes below the move over the whole search,
	// for ClockNodeShare.
	nodes uint64
	// tbRank is the tables' rank of the move when they ranked the root
	// (tablebase.go), higher better.
	tbRank int
}

func (w *worker) initRootMoves() {
	var ml chess.MoveList
	w.pos.GenerateLegal(&ml)
	w.rootMoves = w.rootMoves[:0]
	for _, m := range ml.Slice() {
		if len(w.limits.SearchMoves) > 0 && !containsMove(w.limits.SearchMoves, m) {
			continue
		}
		// Each slot keeps its PV's array from search to search, room for
		// the longest line, so that recording a PV never allocates.
		var pv []chess.Move
		if i := len(w.rootMoves); i < cap(w.rootMoves) {
			pv = w.rootMoves[:i+1][i].pv[:0]
		}
		if pv == nil {
			pv = make([]chess.Move, 0, MaxPly+2)
		}
		w.rootMoves = append(w.rootMoves, rootMove{move: m, score: -Infinity, prevScore: -Infinity, pv: pv})
	}
}

func containsMove(list []chess.Move, m chess.Move) bool {
	for _, x := range list {
		if x.Base() == m.Base() {
			return true
		}
	}
	return false
}

// sortRootMoves orders by score, stable so that ties keep the older order.
func sortRootMoves(rm []rootMove) {
	for i := 1; i < len(rm); i++ {
		for j := i; j > 0 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}

// insertLastLine moves the last of the lines, the rest of which are in
// score order, up behind the last line scoring at least as much, and
// returns the index it lands on: the first line whose move changed, or
// len(lines)-1 when none did.
func insertLastLine(lines []rootMove) int {
	j := len(lines) - 1
	for ; j > 0 && lines[j].score > lines[j-1].score; j-- {
		lines[j], lines[j-1] = lines[j-1], lines[j]
	}
	return j
}

// recordRootMove keeps what a root move scored for iterate and MultiPV:
// the first move of the line and every move that beat alpha carry their
// score and PV; a move that failed low is ordered behind them.
func (w *worker) recordRootMove(rm *rootMove, first bool, score, alpha int) {
	if !first && score <= alpha {
		rm.score = -Infinity
		return
	}
	rm.score = score
	rm.selDepth = w.selDepth
	rm.pv = append(rm.pv[:0], rm.move)
	rm.pv = append(rm.pv, w.stack[1].pv[:w.stack[1].pvLen]...)
}

// rootResearch searches a root move that beat alpha on the null window
// again with a real window, the move already made.
func (w *worker) rootResearch(alpha, beta, newDepth int) int {
	if w.Switches.AspirationREBEL {
		// REBEL: narrowed beta. REBEL searches later root moves with beta
		// pulled in towards alpha; under PVS they get a null window anyway,
		// so the narrowing applies to the re-search, which is then cheap
		// unless the new move is clearly better, when it runs once more.
		prev := w.rootMoves[w.pvIdx].prevScore
		narrow := alpha + AspirationREBELNarrow
		if prev-alpha >= AspirationREBELDecline {
			narrow = prev + AspirationREBELNarrowAbove
		}
		if narrow > alpha && narrow < beta {
			score := -w.negamax(-narrow, -alpha, newDepth, 1, false)
			if score < narrow || w.stopping() {
				return score
			}
		}
	}
	return -w.negamax(-beta, -alpha, newDepth, 1, false)
}

func (w *worker) ponderFromTT(best chess.Move) chess.Move {
	if best == chess.NoMove {
		return chess.NoMove
	}
	w.pos.MakeMove(best)
	defer w.pos.UnmakeMove(best)
	if hit, ok := w.tt.Probe(w.pos.Key()); ok && hit.move() != chess.NoMove && w.pos.IsLegal(hit.move()) {
		return hit.move()
	}
	return chess.NoMove
}

// reportPVs sends one info line for each of the PV lines from..to-1
// searched in this iteration.
func (w *worker) reportPVs(depth, from, to int) {
	if w.reporter.Info == nil || from >= to {
		return
	}
	now := w.clock.reading(w.nodes + w.helperCount)
	for i := from; i < to; i++ {
		rm := w.rootMoves[i]
		score := rm.score
		d := depth
		if score == -Infinity {
			score = rm.prevScore
			d = depth - 1
		}
		if d < 1 {
			continue
		}
		score, _ = w.tbReportScore(rm.move, score, BoundExact)
		w.reporter.Info(Info{
			Depth: d, SelDepth: rm.selDepth, MultiPV: i + 1, Score: score, Bound: BoundExact,
			Nodes: w.pool.Nodes(), Time: now.Sub(w.searchStart), HashFull: w.tt.HashFull(),
			TBHits: w.pool.tbHits(), PV: append([]chess.Move(nil), rm.pv...),
		})
	}
}

// lineByLine tells whether the lines of a MultiPV iteration are reported
// as each finishes rather than at the iteration's end: after as long as
// the first aspiration fails wait, when an iteration can take long.
func (w *worker) lineByLine() bool {
	return w.reporter.Info != nil && time.Since(w.searchStart) >= BoundReportDelay
}

// reportBound tells the GUI about an aspiration fail after the first seconds.
func (w *worker) reportBound(depth, score int, bound Bound) {
	now := time.Now()
	if w.reporter.Info == nil || now.Sub(w.searchStart) < BoundReportDelay {
		return
	}
	rm := w.rootMoves[w.pvIdx]
	score, bound = w.tbReportScore(rm.move, score, bound)
	w.reporter.Info(Info{
		Depth: depth, SelDepth: w.selDepth, MultiPV: w.pvIdx + 1, Score: score, Bound: bound,
		Nodes: w.pool.Nodes(), Time: now.Sub(w.searchStart), HashFull: w.tt.HashFull(),
		TBHits: w.pool.tbHits(), PV: append([]chess.Move(nil), rm.pv...),
	})
}
