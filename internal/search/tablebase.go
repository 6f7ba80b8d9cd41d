package search

import (
	"sort"
	"sync/atomic"

	"matador/internal/chess"
	"matador/internal/tb"
)

// Syzygy endgame tablebases in the search, as Stockfish uses them: at the
// root the tables rank the moves by DTZ and only the best-ranked are
// searched, so that a won ending is converted within the fifty-move rule
// and a drawn one is never lost; inside the tree a WDL probe after every
// capture or pawn move scores the position exactly (negamax step 6b).

// Tablebase scores lie just below the mate scores: a won tablebase position
// at ply p scores TBWin - p, so that the search prefers reaching one sooner,
// and any mate the search proves still ranks above it.
const (
	TBWin         = MateInMaxPly - 1
	TBWinInMaxPly = TBWin - MaxPly
)

// TBDepthBonus is how much deeper than the node a probe's result is stored
// in the hash table: a tablebase result is worth a deep search (Stockfish's
// figure).
const TBDepthBonus = 6

// Tablebases are the endgame tables a search uses and the UCI options that
// say how (SyzygyProbeDepth, SyzygyProbeLimit, Syzygy50MoveRule). The zero
// value is no tables. The tables must stay open for the whole search.
type Tablebases struct {
	Tables *tb.Tables
	// ProbeDepth is the least depth at which a position with as many
	// pieces as the limit is probed inside the tree; positions with fewer
	// are probed at any depth.
	ProbeDepth int
	// ProbeLimit is the most pieces (kings included) of a position probed;
	// 0 turns the tables off.
	ProbeLimit int
	// Rule50 counts the fifty-move rule: a win it would spoil (a cursed
	// win) is a draw, and so is a loss it would save.
	Rule50 bool
	// BestOnly searches only the best-ranked root moves whatever MultiPV
	// asks: for a weakened search, which plays one of its lines, and must
	// still keep the tables' result.
	BestOnly bool
}

// tbConfig is how a search probes, the same for all its threads.
type tbConfig struct {
	tables *tb.Tables
	// cardinality: positions of at most this many pieces are probed inside
	// the tree; 0 for none.
	cardinality int
	probeDepth  int
	rule50      bool
}

// tbState is a worker's share of the tables during one search.
type tbState struct {
	tbConfig
	// hits counts the probes that answered; the main worker's count
	// includes the root's moves when the tables ranked them, as
	// Stockfish counts them.
	hits atomic.Uint64
	// rootInTB: the tables ranked the root moves and rootMoves holds only
	// the best-ranked, or with MultiPV all of them, best rank first;
	// rootScores are their scores by the tables (main worker only).
	rootInTB   bool
	rootScores []tbRootScore
}

type tbRootScore struct {
	move  chess.Move
	score int
}

// setupTablebases readies the main worker's tables for the search it has
// just begun: the probing limits, and, when the root is in the tables, the
// ranking of its moves. The root moves (and the search moves the helpers
// take from the limits) keep only the best-ranked, so that every move the
// search can play keeps the tables' result. With MultiPV the others stay
// behind them, rank by rank, for the later lines, as Stockfish shows them:
// each line chooses only among the moves of its rank (rootGroup), and line
// 1, the move played, among the best. Inside the tree the tables are
// then only probed when they could not rank by DTZ and the root is won:
// Stockfish's rule, since the probes would make every kept move look the
// same and the search could not find the progress the DTZ ranking makes.
func (w *worker) setupTablebases(o Tablebases) {
	w.tb.hits.Store(0)
	w.tb.rootInTB = false
	w.tb.rootScores = w.tb.rootScores[:0]
	w.tb.tbConfig = tbConfig{}
	if o.Tables == nil || o.ProbeLimit <= 0 || o.Tables.MaxPieces() == 0 {
		return
	}
	c := tbConfig{tables: o.Tables, cardinality: o.ProbeLimit, probeDepth: o.ProbeDepth, rule50: o.Rule50}
	if most := o.Tables.MaxPieces(); c.cardinality > most {
		// The limit is beyond the tables: every position they hold is
		// probed at any depth.
		c.cardinality, c.probeDepth = most, 0
	}
	w.tb.tbConfig = c

	pos := w.pos
	if pos.Occupied().Count() > c.cardinality || pos.CastlingRights() != 0 {
		return
	}
	ranking, ok := c.tables.RankRootMoves(pos, c.rule50, true)
	if !ok {
		return
	}
	w.tb.hits.Add(uint64(len(ranking.Moves)))
	// The best rank among the moves the search may play (searchmoves).
	best := -1
	for i, rm := range ranking.Moves {
		if w.searchable(rm.Move) {
			best = i
			break
		}
	}
	if best < 0 {
		return
	}
	bestRank := ranking.Moves[best].Rank
	allLines := w.opts.MultiPV > 1 && !o.BestOnly
	// The kept moves are swapped to the front, not copied over the others:
	// each slot owns the array its PV is recorded in, kept for the next
	// search (initRootMoves), and a copy left two slots on one array, so
	// that two root moves of a later search recorded their PVs into each
	// other's and a line was reported with another line's moves.
	kept := 0
	var keptMoves []chess.Move
	for i := range w.rootMoves {
		m := w.rootMoves[i].move
		for _, t := range ranking.Moves {
			if t.Move != m || t.Rank != bestRank && !allLines {
				continue
			}
			w.rootMoves[i].tbRank = t.Rank
			w.rootMoves[kept], w.rootMoves[i] = w.rootMoves[i], w.rootMoves[kept]
			kept++
			if t.Rank == bestRank {
				keptMoves = append(keptMoves, m)
			}
			w.tb.rootScores = append(w.tb.rootScores, tbRootScore{m, tbRootScoreOf(t)})
			break
		}
	}
	if len(keptMoves) == 0 {
		return // cannot happen: the best move is a root move
	}
	w.rootMoves = w.rootMoves[:kept]
	// Best rank first, each rank in the order of move generation (the
	// sort swaps, so each slot keeps one array).
	sort.SliceStable(w.rootMoves, func(i, j int) bool { return w.rootMoves[i].tbRank > w.rootMoves[j].tbRank })
	w.limits.SearchMoves = keptMoves
	w.tb.rootInTB = true
	if ranking.ByDTZ || ranking.Moves[best].WDL <= tb.Draw {
		w.tb.cardinality = 0
	}
}

// rootGroup returns the root moves line i chooses among,
// rootMoves[first:last]: all of them, or in a tablebase root kept whole for
// MultiPV, the moves of line i's rank, so that no line takes a move the
// tables rank above it from the lines before it, and line 1 plays one of
// the best.
func (w *worker) rootGroup(i int) (first, last int) {
	if !w.tb.rootInTB {
		return 0, len(w.rootMoves)
	}
	rank := w.rootMoves[i].tbRank
	first, last = i, i+1
	for first > 0 && w.rootMoves[first-1].tbRank == rank {
		first--
	}
	for last < len(w.rootMoves) && w.rootMoves[last].tbRank == rank {
		last++
	}
	return first, last
}

// searchable reports whether the limits let the search play m.
func (w *worker) searchable(m chess.Move) bool {
	return len(w.limits.SearchMoves) == 0 || containsMove(w.limits.SearchMoves, m)
}

// tbRootScoreOf is the score the tables give a root move: a win as a large
// score below mate, less its distance to the next zeroing move, a loss the
// reverse; a win or loss the fifty-move rule turns into a draw a draw's
// score pushed by two points, as the probes inside the tree score them.
func tbRootScoreOf(m tb.RootMove) int {
	dist := min(abs(m.DTZ), MaxPly)
	switch m.WDL {
	case tb.Win:
		return TBWin - dist
	case tb.Loss:
		return -TBWin + dist
	}
	return DrawScore + 2*int(m.WDL)
}

// shareTablebases gives a helper the main worker's probing limits for the
// search about to start.
func (w *worker) shareTablebases(main *worker) {
	w.tb.hits.Store(0)
	w.tb.rootInTB = false
	w.tb.tbConfig = main.tb.tbConfig
}

// tbHits is the probes of all threads in this search.
func (s *Searcher) tbHits() uint64 {
	n := s.main.tb.hits.Load()
	for _, h := range s.helpers {
		n += h.tb.hits.Load()
	}
	return n
}

// tbReportScore is the score to report for root move m searched to score:
// the tables' when they ranked the root, unless the search proved a mate,
// and then exact (an aspiration bound says nothing about the tables' score).
func (w *worker) tbReportScore(m chess.Move, score int, bound Bound) (int, Bound) {
	if !w.tb.rootInTB || abs(score) >= MateInMaxPly {
		return score, bound
	}
	for _, r := range w.tb.rootScores {
		if r.move == m {
			return r.score, BoundExact
		}
	}
	return score, bound
}

// probeTablebase is negamax's step 6b: the WDL of a position reached by a
// capture or pawn move (so that the fifty-move counter is zero, as the
// tables assume), without castling rights, with at most the probe limit's
// pieces and, at the limit itself, searched at least to the probe depth.
// A win scores TBWin - ply as a lower bound, a loss the reverse as an
// upper bound, a draw exactly; with the fifty-move rule a cursed win or
// blessed loss is a draw, two points from zero. ok is false when the
// position is not probed or the probe fails.
func (w *worker) probeTablebase(depth, ply int) (score int, bound Bound, ok bool) {
	pos := w.pos
	if pos.Rule50() != 0 || pos.CastlingRights() != 0 {
		return 0, BoundNone, false
	}
	pieces := pos.Occupied().Count()
	if pieces > w.tb.cardinality || pieces == w.tb.cardinality && depth < w.tb.probeDepth {
		return 0, BoundNone, false
	}
	wdl, ok := w.tb.tables.ProbeWDL(pos)
	if !ok {
		return 0, BoundNone, false
	}
	w.tb.hits.Add(1)
	draw := tb.Draw
	if w.tb.rule50 {
		draw = tb.CursedWin
	}
	switch {
	case wdl > draw:
		return TBWin - ply, BoundLower, true
	case wdl < -draw:
		return -TBWin + ply, BoundUpper, true
	}
	return DrawScore + 2*int(wdl)*int(draw), BoundExact, true
}
