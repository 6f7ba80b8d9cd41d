package search

import (
	"sync"
	"time"

	"matador/internal/chess"
	"matador/internal/eval"
	"matador/internal/nnue"
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
	// SlowMover scales the time planned for a move, in percent (the Slow
	// Mover option); 0 is 100.
	SlowMover int
	// NodesPerSecond, when above 0, makes the clock count nodes instead of
	// wall time: a second of the clock is that many nodes of all threads
	// (UCI nodestime, XBoard nps), so that a game is repeatable.
	NodesPerSecond uint64
	// Tablebases are the endgame tables and how to use them (tablebase.go);
	// the zero value is none.
	Tablebases Tablebases
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
	TBHits          uint64 // tablebase probes that answered, all threads
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

// Searcher is the search as a front end drives it: the pool of search
// threads (workers) around one shared hash table. The main worker keeps
// the clock, reports and picks the move; helpers run beside it (Lazy SMP,
// threads.go). Search runs on the caller's goroutine; Stop and PonderHit
// may be called from any other goroutine.
type Searcher struct {
	// Switches are the techniques every worker searches with.
	Switches Switches
	// Net, when not nil, is the evaluation of the searches that start
	// after it is set (the network's); nil is the classical evaluation.
	Net *nnue.Net
	// evalParams is the classical evaluation's configuration, nil for the
	// engine's default (SetEvalParams).
	evalParams *eval.Params

	tt          *TranspositionTable
	main        *worker
	helpers     []*worker
	helpersDone sync.WaitGroup
}

// NewSearcher creates a searcher with one thread and a hash table of
// hashMB megabytes.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{Switches: DefaultSwitches, tt: NewTranspositionTable(hashMB)}
	s.main = newWorker(s, 0)
	return s
}

// SetHashSize resizes (and clears) the hash table.
func (s *Searcher) SetHashSize(mb int) { s.tt.Resize(mb) }

// SetEvalParams makes the classical evaluation read p (nil: the engine's
// default configuration) from the next search on; call it only while no
// search runs. Every thread gets a fresh evaluator, and the hash table and
// the evaluation caches are emptied, since what they hold was computed
// with the configuration before.
func (s *Searcher) SetEvalParams(p *eval.Params) {
	s.evalParams = p
	s.tt.Clear()
	for _, w := range append([]*worker{s.main}, s.helpers...) {
		w.ev = s.newEvaluator()
		w.evalCache = [EvalCacheEntries]uint64{}
	}
}

// newEvaluator is an evaluator of the searcher's configuration.
func (s *Searcher) newEvaluator() *eval.Evaluator {
	if s.evalParams == nil {
		return eval.NewEvaluator()
	}
	return eval.NewEvaluatorWith(s.evalParams)
}

// ClearHash empties the hash table.
func (s *Searcher) ClearHash() { s.tt.Clear() }

// NewGame forgets everything learned: hash, history, killers.
func (s *Searcher) NewGame() {
	s.tt.Clear()
	s.main.forget()
	for _, h := range s.helpers {
		h.forget()
	}
}

// Prepare readies the flags for a search that the caller is about to start
// on another goroutine, so that a Stop or PonderHit sent right after it is
// not lost: Search clears the flags itself only when it was not prepared.
func (s *Searcher) Prepare(ponder bool) { s.main.prepare(ponder) }

// Stop ends the search as soon as possible; Search still returns a legal move.
func (s *Searcher) Stop() { s.main.stop() }

// PonderHit turns a ponder search into a normal timed one.
func (s *Searcher) PonderHit() {
	m := s.main
	if !m.pondering.Load() {
		// A stray ponderhit during a normal search must not restart its clock.
		return
	}
	m.clock.ponderHit(time.Now(), m.published.Load()+s.helperNodes())
	m.pondering.Store(false)
}

// Nodes returns the nodes searched by the last search, by all its threads;
// during a search only the search goroutine may call it.
func (s *Searcher) Nodes() uint64 { return s.main.nodes + s.helperNodes() }

// Search runs iterative deepening on a copy of pos within the limits.
// It returns after Stop, when the limits are reached, or (for infinite and
// ponder searches) only after Stop or PonderHit.
func (s *Searcher) Search(pos *chess.Position, limits Limits, opts Options, reporter Reporter) Result {
	m := s.main
	m.Switches = s.Switches
	// The main worker starts a new generation of the table; the helpers
	// store into it.
	s.tt.NewSearch()
	m.begin(pos, limits, opts, reporter)
	if len(m.rootMoves) == 0 {
		m.waitIfRequired()
		return Result{}
	}
	m.setupTablebases(opts.Tablebases)
	s.startHelpers()
	result := m.iterate()
	result.Score, _ = m.tbReportScore(result.Best, result.Score, BoundExact)
	s.stopHelpers()
	m.published.Store(m.nodes)
	if result.Ponder == chess.NoMove {
		result.Ponder = m.ponderFromTT(result.Best)
	}
	result.Nodes = s.Nodes()
	m.waitIfRequired()
	return result
}

// newWorker creates worker id (0 for the main one) of pool s, with its
// own evaluator.
func newWorker(s *Searcher, id int) *worker {
	return &worker{Switches: s.Switches, pool: s, id: id, tt: s.tt, ev: s.newEvaluator()}
}
