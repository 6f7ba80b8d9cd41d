// Package search finds the best move: iterative deepening with aspiration
// windows over a principal-variation alpha-beta search with a transposition
// table, the selective techniques of REBEL, micro-Max and Rybka/IPPOLIT (each
// switchable in params.go), and quiescence with checks.
package search

import (
	"sync/atomic"
	"time"

	"matador/internal/chess"
	"matador/internal/eval"
)

// Limits are the constraints of one search, as given by "go".
type Limits struct {
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int
	MoveTime     time.Duration
	Depth        int
	Nodes        uint64
	Mate         int // find a mate in this many moves
	Infinite     bool
	Ponder       bool
	SearchMoves  []chess.Move
}

// Options are the engine settings that shape a search.
type Options struct {
	MultiPV      int
	MoveOverhead time.Duration
}

// Info is one progress report (a UCI "info" line).
type Info struct {
	Depth, SelDepth int
	MultiPV         int
	Score           int
	Bound           Bound // BoundExact, or BoundLower/BoundUpper on an aspiration fail
	Nodes           uint64
	Time            time.Duration
	HashFull        int
	PV              []chess.Move
}

// Reporter receives progress. Either function may be nil.
type Reporter struct {
	Info     func(Info)
	CurrMove func(depth int, m chess.Move, number int)
}

// Result is the outcome of a search.
type Result struct {
	Best   chess.Move
	Ponder chess.Move
	Score  int
	Depth  int
	Nodes  uint64
}

// plyState is the per-ply scratch space of the search.
type plyState struct {
	pv         [MaxPly + 1]chess.Move
	pvLen      int
	killers    [2]chess.Move
	mateKiller chess.Move
	staticEval int
	// inCheck: the side to move here is in check.
	inCheck bool
	// checks counts the positions in check on the path to here.
	checks int
	// pathExt: plies of extension on the path to here (check extensions
	// included); moveExt: the extension of the move being searched from
	// here; moveWinning: that move wins material by SEE (StaticREBEL).
	pathExt, moveExt int
	moveWinning      bool
	// moveIsTT: the move searched from here is the hash move; moveReduced:
	// it is searched reduced (for REBEL's reduction 2a, which reduces only
	// once).
	moveIsTT, moveReduced bool
	// materialReduced: REBEL's reduction 1 was applied on the path here.
	materialReduced bool
	// lazyGap is |Evaluate - Lazy| where this node ran a full evaluation,
	// -1 where it did not (REBEL's lazy eval widens its children's margin
	// by it).
	lazyGap int
	// danger[c]: the evaluation's king-safety penalty of c's king here,
	// when dangerKnown (a full evaluation ran at this node).
	danger      [2]int
	dangerKnown bool
	excluded    chess.Move
	move        chess.Move
	moved       chess.Piece // the piece that made move (NoPiece for a null move)
	// cont is the continuation-history row of (moved, move.To()): how
	// good each reply has been after this move.
	cont   *contRow
	picker picker
}

// contRow is indexed by the replying piece and its target square.
type contRow [16][64]int16

type rootMove struct {
	move      chess.Move
	score     int
	prevScore int
	selDepth  int
	pv        []chess.Move
}

// Searcher owns the transposition table and one search thread's state.
// Search runs on the caller's goroutine; Stop and PonderHit may be called
// from any other goroutine.
type Searcher struct {
	Switches Switches

	tt      *TranspositionTable
	ev      *eval.Evaluator
	pos     *chess.Position
	stack   [MaxPly + 4]plyState
	history [16][64]int32
	// counter[piece][to] is the quiet move that last refuted that move.
	counter [16][64]chess.Move
	// contHist[piece][to] is the continuation row of a move; row zero of
	// piece 0 serves as a harmless sink for null moves and the root.
	contHist [16][64]contRow
	// captureHist[piece][to][victim]: how often a capture (or promotion)
	// caused a cut-off, on the history scale.
	captureHist [16][64][8]int16
	// gain[piece][from][to]: the largest recent positional gain of a quiet
	// move, in centipawns (IPPOLIT's positional-gain table).
	gain [16][64][64]int16

	rootMoves []rootMove
	rootDepth int
	// rebelStage is REBEL's stage of the game at the root: 0 middle game,
	// 1 end game, 2 late end game.
	rebelStage int
	// rootBalance is REBEL's I_SCORE of the root: material and piece
	// squares, for the recapture extension's window.
	rootBalance int
	pvIdx       int
	selDepth    int

	nodes uint64
	// published is nodes as other threads may read it, updated every few
	// thousand nodes and when the search returns.
	published atomic.Uint64
	helperState
	limits    Limits
	opts      Options
	reporter  Reporter
	clock     timeManager
	stopped   atomic.Bool
	pondering atomic.Bool
	prepared  atomic.Bool
	checkTick int
	// nullVerifying counts the null-move verification searches running
	// below this point: no null move inside them.
	nullVerifying int
	// searchStart is when "go" arrived; reports count from it even after a
	// ponderhit restarts the clock of the time limits.
	searchStart time.Time
}

// NewSearcher creates a searcher with a hash table of hashMB megabytes.
func NewSearcher(hashMB int) *Searcher {
	return &Searcher{
		Switches: DefaultSwitches,
		tt:       NewTranspositionTable(hashMB),
		ev:       eval.NewEvaluator(),
	}
}

// SetHashSize resizes (and clears) the hash table.
func (s *Searcher) SetHashSize(mb int) { s.tt.Resize(mb) }

// ClearHash empties the hash table.
func (s *Searcher) ClearHash() { s.tt.Clear() }

// NewGame forgets everything learned: hash, history, killers.
func (s *Searcher) NewGame() {
	s.tt.Clear()
	s.forget()
	for _, h := range s.helpers {
		h.forget()
	}
}

// forget clears what this thread has learned: history, killers, counter
// moves, positional gains.
func (s *Searcher) forget() {
	s.history = [16][64]int32{}
	s.counter = [16][64]chess.Move{}
	clear(s.contHist[:])
	clear(s.captureHist[:])
	clear(s.gain[:])
	for i := range s.stack {
		s.stack[i].killers = [2]chess.Move{}
		s.stack[i].mateKiller = chess.NoMove
	}
}

// Prepare readies the flags for a search that the caller is about to start
// on another goroutine, so that a Stop or PonderHit sent right after it is
// not lost: Search clears the flags itself only when it was not prepared.
func (s *Searcher) Prepare(ponder bool) {
	s.stopped.Store(false)
	s.pondering.Store(ponder)
	s.prepared.Store(true)
}

// Stop ends the search as soon as possible; Search still returns a legal move.
func (s *Searcher) Stop() { s.stopped.Store(true) }

// PonderHit turns a ponder search into a normal timed one.
func (s *Searcher) PonderHit() {
	if !s.pondering.Load() {
		// A stray ponderhit during a normal search must not restart its clock.
		return
	}
	s.clock.ponderHit(time.Now())
	s.pondering.Store(false)
}

// Nodes returns the nodes searched by the last search, by all its threads;
// during a search only the search goroutine may call it.
func (s *Searcher) Nodes() uint64 { return s.nodes + s.helperNodes() }

// Search runs iterative deepening on a copy of pos within the limits.
// It returns after Stop, when the limits are reached, or (for infinite and
// ponder searches) only after Stop or PonderHit.
func (s *Searcher) Search(pos *chess.Position, limits Limits, opts Options, reporter Reporter) Result {
	start := time.Now()
	s.searchStart = start
	s.pos = pos.Clone()
	s.limits = limits
	s.opts = opts
	if s.opts.MultiPV < 1 {
		s.opts.MultiPV = 1
	}
	s.reporter = reporter
	if !s.prepared.Swap(false) {
		s.stopped.Store(false)
		s.pondering.Store(limits.Ponder)
	}
	s.nodes, s.helperCount = 0, 0
	s.published.Store(0)
	s.checkTick = 0
	if s.helperID == 0 {
		// Helpers store into the main thread's generation.
		s.tt.NewSearch()
	}
	s.clock.init(start, limits, opts.MoveOverhead, s.pos.SideToMove(), s.pos.GamePly())
	for i := range s.stack {
		s.stack[i].excluded = chess.NoMove
		s.stack[i].staticEval = 0
	}
	// Killers from the previous search are two plies off; start clean.
	for i := range s.stack {
		s.stack[i].killers = [2]chess.Move{}
		s.stack[i].mateKiller = chess.NoMove
	}
	s.ageHistory()

	s.initRootMoves()
	s.rootBalance = s.ev.Lazy(s.pos)
	s.rebelStage = rebelStageOf(s.pos)
	result := Result{}
	if len(s.rootMoves) == 0 {
		s.waitIfRequired()
		return result
	}
	result.Best = s.rootMoves[0].move
	s.startHelpers()

	maxDepth := MaxPly - 4
	if limits.Depth > 0 && limits.Depth < maxDepth {
		maxDepth = limits.Depth
	}
	multiPV := s.opts.MultiPV
	if multiPV > len(s.rootMoves) {
		multiPV = len(s.rootMoves)
	}
	var lastBest chess.Move
	var lastScore int
	bestChanges := 0.0
	stableIterations := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if s.helperID > 0 && helperSkips(s.helperID, depth) {
			continue
		}
		s.rootDepth = depth
		for i := range s.rootMoves {
			s.rootMoves[i].prevScore = s.rootMoves[i].score
			if s.Switches.PartialIteration {
				// Only moves searched in this iteration carry a score,
				// so that an interrupted one can be read.
				s.rootMoves[i].score = -Infinity
			}
		}
		for s.pvIdx = 0; s.pvIdx < multiPV; s.pvIdx++ {
			s.selDepth = 0
			s.aspiration(depth)
			sortRootMoves(s.rootMoves[s.pvIdx:])
			if s.stopping() {
				break
			}
			s.reportPVs(depth, s.pvIdx+1)
		}
		if s.stopping() {
			if s.Switches.PartialIteration && s.pvIdx == 0 {
				s.takePartialBest(&result)
			}
			break
		}
		best := s.rootMoves[0]
		result.Best, result.Score, result.Depth = best.move, best.score, depth
		if len(best.pv) > 1 {
			result.Ponder = best.pv[1]
		} else {
			result.Ponder = chess.NoMove
		}
		if best.move != lastBest && depth > 1 {
			bestChanges++
			stableIterations = 0
		} else {
			stableIterations++
		}
		bestChanges *= 0.5
		// Mate search: stop when a short enough mate is proven.
		if limits.Mate > 0 && best.score >= MateScore-2*limits.Mate {
			break
		}
		// A mate proven a few plies below the current depth will not
		// change: a timed search stops instead of iterating to MaxPly.
		if s.clock.isTimed() && !s.pondering.Load() && abs(best.score) >= MateInMaxPly &&
			depth >= MateScore-abs(best.score)+4 {
			break
		}
		if s.clock.isTimed() && !s.pondering.Load() {
			scoreDrop := 0
			if depth > 1 {
				scoreDrop = lastScore - best.score
			}
			if len(s.rootMoves) == 1 && depth >= 4 || s.clock.shouldStopAfterIteration(time.Now(), bestChanges, stableIterations, scoreDrop) {
				break
			}
		}
		lastBest, lastScore = best.move, best.score
	}
	s.stopHelpers()
	s.published.Store(s.nodes)
	if result.Ponder == chess.NoMove {
		result.Ponder = s.ponderFromTT(result.Best)
	}
	result.Nodes = s.Nodes()
	s.waitIfRequired()
	return result
}

// takePartialBest reads an interrupted iteration: its root moves are
// sorted, and only those searched to the end in it have a score. When the
// first of them is not the result's move, it beat that move at this depth
// and becomes the result; otherwise the result of the last completed
// iteration stands.
func (s *Searcher) takePartialBest(result *Result) {
	best := s.rootMoves[0]
	if best.score == -Infinity || best.move == result.Best {
		return
	}
	result.Best, result.Score, result.Ponder = best.move, best.score, chess.NoMove
	if len(best.pv) > 1 {
		result.Ponder = best.pv[1]
	}
}

// stopping reports whether the search must unwind now. The first iteration
// always completes (a few hundred nodes), so that even a stop sent at once
// returns a searched move rather than the first one generated.
func (s *Searcher) stopping() bool { return s.rootDepth > 1 && s.stopped.Load() }

// waitIfRequired holds the result of an infinite or ponder search until the
// GUI says stop or ponderhit: UCI forbids an early bestmove there.
func (s *Searcher) waitIfRequired() {
	for !s.stopped.Load() && (s.limits.Infinite || s.pondering.Load()) {
		time.Sleep(time.Millisecond)
	}
}

func (s *Searcher) ponderFromTT(best chess.Move) chess.Move {
	if best == chess.NoMove {
		return chess.NoMove
	}
	s.pos.MakeMove(best)
	defer s.pos.UnmakeMove(best)
	if hit, ok := s.tt.Probe(s.pos.Key()); ok && hit.move != chess.NoMove && s.pos.IsLegal(hit.move) {
		return hit.move
	}
	return chess.NoMove
}

func (s *Searcher) initRootMoves() {
	var ml chess.MoveList
	s.pos.GenerateLegal(&ml)
	s.rootMoves = s.rootMoves[:0]
	for _, m := range ml.Slice() {
		if len(s.limits.SearchMoves) > 0 && !containsMove(s.limits.SearchMoves, m) {
			continue
		}
		s.rootMoves = append(s.rootMoves, rootMove{move: m, score: -Infinity, prevScore: -Infinity})
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

// aspiration searches one PV line of one iteration.
func (s *Searcher) aspiration(depth int) {
	prev := s.rootMoves[s.pvIdx].prevScore
	alpha, beta := -Infinity, Infinity
	delta := AspirationStart
	if s.Switches.AspirationREBEL {
		delta = AspirationREBELFirst
	}
	fails := 0
	if s.Switches.Aspiration && depth >= AspirationMinDepth && prev > -MateInMaxPly && prev < MateInMaxPly {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		score := s.rootSearch(alpha, beta, depth)
		sortRootMoves(s.rootMoves[s.pvIdx:])
		if s.stopping() {
			return
		}
		fails++
		if s.Switches.AspirationREBEL {
			// REBEL: 2.00 after the first fail, then the whole window.
			delta = AspirationREBELSecond
			if fails >= 2 {
				delta = 2 * Infinity
			}
		}
		switch {
		case score <= alpha:
			s.reportBound(depth, score, BoundUpper)
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			s.reportBound(depth, score, BoundLower)
			beta = min(score+delta, Infinity)
		default:
			return
		}
		if !s.Switches.AspirationREBEL {
			// IPPOLIT: widen by half again after each fail
			delta += delta / 2
			if delta > 1000 {
				alpha, beta = -Infinity, Infinity
			}
		}
	}
}

// rootSearch searches the root moves from pvIdx on with PVS.
func (s *Searcher) rootSearch(alpha, beta, depth int) int {
	pos := s.pos
	ss := &s.stack[0]
	ss.pvLen = 0
	inCheck := pos.InCheck()
	// The root's state as the children read it from the stack.
	ss.lazyGap, ss.dangerKnown = -1, false
	ss.staticEval = s.fullEval(ss)
	ss.inCheck = inCheck
	ss.checks, ss.pathExt, ss.moveExt, ss.materialReduced = b2i(inCheck), 0, 0, false
	best := -Infinity
	for i := s.pvIdx; i < len(s.rootMoves); i++ {
		rm := &s.rootMoves[i]
		m := rm.move
		if s.reporter.CurrMove != nil && time.Since(s.searchStart) > time.Second {
			s.reporter.CurrMove(depth, m, i+1)
		}
		newDepth := depth - 1
		givesCheck := pos.GivesCheck(m)
		quiet := !isNoisy(pos, m)
		ss.move = m
		ss.moved = pos.PieceOn(m.From())
		ss.cont = &s.contHist[ss.moved][m.To()]
		ss.moveIsTT, ss.moveReduced = i == s.pvIdx, false
		ss.moveWinning = !quiet && pos.SEEGreaterEqual(m, 1)
		pos.MakeMove(m)
		s.nodes++
		var score int
		if i == s.pvIdx {
			score = -s.negamax(-beta, -alpha, newDepth, 1, false)
		} else {
			r := 0
			// LMR in REBEL: root moves are reduced once only.
			if s.Switches.LMR && depth >= LMRMinDepth && i-s.pvIdx >= LMRMinMoveCount && quiet && !givesCheck && !inCheck {
				r = 1
			}
			ss.moveReduced = r > 0
			score = -s.negamax(-alpha-1, -alpha, newDepth-r, 1, true)
			if score > alpha && r > 0 {
				ss.moveReduced = false
				score = -s.negamax(-alpha-1, -alpha, newDepth, 1, true)
			}
			if score > alpha && score < beta {
				score = s.rootResearch(alpha, beta, newDepth)
			}
		}
		pos.UnmakeMove(m)
		if s.stopping() {
			return best
		}
		if i == s.pvIdx || score > alpha {
			rm.score = score
			rm.selDepth = s.selDepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, s.stack[1].pv[:s.stack[1].pvLen]...)
		} else {
			// Failed low: below the best, order it behind.
			rm.score = -Infinity
		}
		if score > best {
			best = score
		}
		if score > alpha {
			alpha = score
			if score >= beta {
				return score
			}
		}
	}
	return best
}

// rootResearch searches a root move that beat alpha on the null window
// again with a real window, the move already made.
func (s *Searcher) rootResearch(alpha, beta, newDepth int) int {
	if s.Switches.AspirationREBEL {
		// REBEL: narrowed beta. REBEL searches later root moves with beta
		// pulled in towards alpha; under PVS they get a null window anyway,
		// so the narrowing applies to the re-search, which is then cheap
		// unless the new move is clearly better, when it runs once more.
		prev := s.rootMoves[s.pvIdx].prevScore
		narrow := alpha + AspirationREBELNarrow
		if prev-alpha >= AspirationREBELDecline {
			narrow = prev + AspirationREBELNarrowAbove
		}
		if narrow > alpha && narrow < beta {
			score := -s.negamax(-narrow, -alpha, newDepth, 1, false)
			if score < narrow || s.stopping() {
				return score
			}
		}
	}
	return -s.negamax(-beta, -alpha, newDepth, 1, false)
}

// checkLimits is called every few nodes: hard time limit and node limit.
func (s *Searcher) checkLimits() {
	if s.limits.Nodes > 0 && s.nodes+s.helperCount >= s.limits.Nodes {
		s.stopped.Store(true)
		return
	}
	s.checkTick++
	if s.checkTick&1023 != 0 {
		return
	}
	s.published.Store(s.nodes)
	if len(s.helpers) > 0 {
		s.helperCount = s.helperNodes()
	}
	if s.rootDepth > 1 && s.clock.isTimed() && !s.pondering.Load() && s.clock.pastHard(time.Now()) {
		s.stopped.Store(true)
	}
}

// reportPVs sends one info line per PV line searched in this iteration.
func (s *Searcher) reportPVs(depth, lines int) {
	if s.reporter.Info == nil {
		return
	}
	now := time.Now()
	for i := 0; i < lines; i++ {
		rm := s.rootMoves[i]
		score := rm.score
		d := depth
		if score == -Infinity {
			score = rm.prevScore
			d = depth - 1
		}
		if d < 1 {
			continue
		}
		s.reporter.Info(Info{
			Depth: d, SelDepth: rm.selDepth, MultiPV: i + 1, Score: score, Bound: BoundExact,
			Nodes: s.Nodes(), Time: now.Sub(s.searchStart), HashFull: s.tt.HashFull(),
			PV: append([]chess.Move(nil), rm.pv...),
		})
	}
}

// reportBound tells the GUI about an aspiration fail after the first seconds.
func (s *Searcher) reportBound(depth, score int, bound Bound) {
	now := time.Now()
	if s.reporter.Info == nil || now.Sub(s.searchStart) < 3*time.Second {
		return
	}
	rm := s.rootMoves[s.pvIdx]
	s.reporter.Info(Info{
		Depth: depth, SelDepth: s.selDepth, MultiPV: s.pvIdx + 1, Score: score, Bound: bound,
		Nodes: s.Nodes(), Time: now.Sub(s.searchStart), HashFull: s.tt.HashFull(),
		PV: append([]chess.Move(nil), rm.pv...),
	})
}
