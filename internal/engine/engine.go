// Package engine is the object every protocol front end (UCI, XBoard, the
// console) drives: the game being played, the engine options, and a search
// that runs on its own goroutine so the front end can keep reading commands
// (stop, ponderhit, isready, quit) while it thinks. The front ends only
// parse and print; the chess happens here and below.
package engine

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"matador/internal/chess"
	"matador/internal/eval"
	"matador/internal/nnue"
	"matador/internal/search"
	"matador/internal/tb"
)

// Name and Author identify the engine to GUIs.
const (
	Name   = "Matador"
	Author = "the Matador authors"
)

// Version and Commit identify the build. The Makefile sets Commit from
// git, and Version when VERSION is given, with -ldflags "-X
// matador/internal/engine.Commit=... -X ...Version=..."; a plain go build
// keeps this Version, and "matador version" takes the commit from Go's
// build information when there is one.
var (
	Version = "0.1.0-dev"
	Commit  = ""
)

// Option ranges and defaults, shared by every front end.
const (
	DefaultHashMB       = 16
	MinHashMB           = 1
	MaxMultiPV          = 256
	DefaultMoveOverhead = 30 * time.Millisecond
	MaxMoveOverhead     = 5000 * time.Millisecond
	// Slow Mover, in percent of the time the clock plans per move.
	DefaultSlowMover, MinSlowMover, MaxSlowMover = 100, 10, 1000
	// MaxNodesPerSecond bounds the node rate of the clock (10,000 nodes a
	// millisecond, Stockfish's bound for nodestime).
	MaxNodesPerSecond = 10_000_000
	// Syzygy options, as Stockfish has them (tablebase.go).
	DefaultSyzygyProbeDepth = 1
	MinSyzygyProbeDepth     = 1
	MaxSyzygyProbeDepth     = 100
	DefaultSyzygyProbeLimit = 7
	MaxSyzygyProbeLimit     = 7
	// MaxHashMB and MaxThreads depend on the platform (limits_js.go,
	// limits_other.go).
)

// Options are the settings a front end can change.
type Options struct {
	HashMB       int
	Threads      int
	MultiPV      int
	Ponder       bool // the GUI may send ponder searches; it changes nothing yet
	MoveOverhead time.Duration
	SlowMover    int // percent of the planned time per move (Slow Mover)
	// NodesPerSecond, above 0, makes the clock count nodes (UCI nodestime,
	// XBoard nps): repeatable games whatever the machine's load.
	NodesPerSecond uint64
	AnalyseMode    bool // the GUI analyses (UCI_AnalyseMode): no book moves
	Chess960       bool // write castling as king-takes-rook
	ShowWDL        bool // add win/draw/loss per mille to UCI scores
	// Weaker play (strength.go): Skill Level 0..20, or UCI_Elo when
	// LimitStrength is on.
	SkillLevel    int
	LimitStrength bool
	Elo           int
	// Opponent is what the GUI said about the opponent (UCI_Opponent:
	// title, rating, computer or human, name). Matador plays everyone alike.
	Opponent     string
	OwnBook      bool   // play from the opening book while the position is in it
	BookFile     string // the Polyglot book; "" for none
	BookBestMove bool   // play the book's best move, not a weighted random one
	// Syzygy tablebases (tablebase.go): the directories, the least depth
	// of a probe at the piece limit, the piece limit, and whether the
	// fifty-move rule counts.
	SyzygyPath       string
	SyzygyProbeDepth int
	SyzygyProbeLimit int
	Syzygy50MoveRule bool
	// The evaluation (network.go): the network or the classical one, and
	// the net file (the embedded net's name for the embedded net).
	UseNNUE  bool
	EvalFile string
	// Switches and EvalSwitches turn the search's techniques and the
	// evaluation's terms on or off by name (switches.go), read against the
	// switches as compiled; "" for those.
	Switches     string
	EvalSwitches string
}

// DefaultOptions are the settings of a new engine.
var DefaultOptions = Options{
	HashMB:       DefaultHashMB,
	Threads:      1,
	MultiPV:      1,
	MoveOverhead: DefaultMoveOverhead,
	SlowMover:    DefaultSlowMover,
	SkillLevel:   MaxSkillLevel,
	Elo:          DefaultElo,

	SyzygyProbeDepth: DefaultSyzygyProbeDepth,
	SyzygyProbeLimit: DefaultSyzygyProbeLimit,
	Syzygy50MoveRule: true,

	UseNNUE: DefaultUseNNUE,
}

// Engine holds the game, the options and the searcher.
//
// Methods may be called from any goroutine. Go returns at once; the search
// runs on a goroutine of its own and ends by calling onDone there. Changing
// the game or the options does not disturb a running search: it works on a
// copy, and an option that changes what the search works with (the hash
// table, the threads, the net, the tables, the switches) is checked at once
// and takes effect when the search has returned and its onDone has had the
// result (whenIdle, settle). NewGame alone stops the search first.
type Engine struct {
	// Log receives warnings a user should see (for UCI, "info string"
	// lines), such as a search result that had to be repaired. Set it before
	// the first Go; nil discards them.
	Log func(msg string)

	searcher *search.Searcher
	book     openingBook
	// Transcript is the "Debug Log File": the front end records the lines
	// it reads and writes there.
	Transcript Transcript

	mu      sync.Mutex // guards the fields below (and book.warned)
	game    Game
	opts    Options
	current *run // the search running, or the last one
	// tables are the Syzygy tablebases, nil for none; replaced only while
	// no search runs, since a search probes them.
	tables *tb.Tables
	// net is the network's net, nil until first asked for (the embedded
	// one, loadedNet); replaced only while no search runs.
	net *nnue.Net
	// evalParams is the classical evaluation's configuration after
	// EvalSwitches, nil for the default one; replaced only while no
	// search runs.
	evalParams *eval.Params
	// pending are the option changes that came during a search, in their
	// order; they run when it has returned and given its result (settle),
	// or earlier if the searcher is needed first (lockIdle, whenIdle).
	pending []func()
}

// New returns an engine at the start position with DefaultOptions.
func New() *Engine {
	e := &Engine{
		searcher: search.NewSearcher(DefaultOptions.HashMB),
		game:     NewGame(),
		opts:     DefaultOptions,
	}
	e.opts.EvalFile = nnue.DefaultFileName()
	e.opts.Switches, e.opts.EvalSwitches = startSwitches, startEvalSwitches
	return e
}

func (e *Engine) logf(format string, args ...any) {
	if e.Log != nil {
		e.Log(fmt.Sprintf(format, args...))
	}
}

// Position returns a copy of the current position.
func (e *Engine) Position() *chess.Position {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.game.pos.Clone()
}

// StartFEN returns the position the game started from.
func (e *Engine) StartFEN() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.game.startFEN
}

// Moves returns a copy of the moves played since the start position.
func (e *Engine) Moves() []chess.Move {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]chess.Move(nil), e.game.moves...)
}

// SetPosition replaces the game by the position fen (the standard start
// position when fen is empty) followed by moves in UCI notation. It is all
// or nothing: on any error the game stays as it was.
func (e *Engine) SetPosition(fen string, moves []string) error {
	e.mu.Lock()
	chess960 := e.opts.Chess960
	e.mu.Unlock()
	// Parse outside the lock: a long move list takes a while and Stop or
	// PonderHit must not wait behind it.
	g, err := newGameFrom(fen, moves, chess960)
	if err != nil {
		return err
	}
	e.mu.Lock()
	g.pos.SetChess960(e.opts.Chess960) // in case the option changed meanwhile
	e.game = g
	e.mu.Unlock()
	return nil
}

// ParseMove reads a move for the current position in UCI notation or SAN.
func (e *Engine) ParseMove(text string) (chess.Move, error) {
	pos := e.Position()
	if m, err := pos.ParseUCI(text); err == nil {
		return m, nil
	}
	return pos.ParseSAN(text)
}

// PlayMove plays a legal move in the current game.
func (e *Engine) PlayMove(m chess.Move) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.game.playLegal(m)
}

// Undo takes back the last move of the game and returns it.
func (e *Engine) Undo() (chess.Move, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.game.undo()
}

// EvalTrace returns the static evaluation of the current position broken
// down by term. A position without a legal move has none: the game is
// over, and a score would read as if it went on.
func (e *Engine) EvalTrace() string {
	pos := e.Position()
	if !pos.HasLegalMove() {
		if !pos.InCheck() {
			return "No evaluation: stalemate, 1/2-1/2.\n"
		}
		if pos.SideToMove() == chess.White {
			return "No evaluation: White is checkmated, 0-1.\n"
		}
		return "No evaluation: Black is checkmated, 1-0.\n"
	}
	net := e.netInUse()
	v := net.Evaluate(pos)
	if pos.SideToMove() == chess.Black {
		v = -v
	}
	use := "in use (Use NNUE true)"
	switch why := e.searcher.ClassicalReason(pos); {
	case !e.Options().UseNNUE:
		use = "not in use (Use NNUE false): the classical evaluation below plays"
	case why != "":
		use = "not used for this position: " + why + "; the classical evaluation below plays"
	}
	e.lockSettled()
	params := e.evalParams
	e.mu.Unlock()
	classical := eval.Trace(pos)
	if params != nil {
		classical = eval.TraceWith(pos, params)
	}
	return fmt.Sprintf("NNUE evaluation %+.2f (White's view), net %s, %s\n\n", float64(v)/100, e.NetInfo(), use) +
		"Classical evaluation:\n" + classical
}

// Options returns the current settings.
func (e *Engine) Options() Options {
	e.lockSettled()
	defer e.mu.Unlock()
	return e.opts
}

// SetMultiPV sets how many best lines a search reports.
func (e *Engine) SetMultiPV(n int) error {
	if n < 1 || n > MaxMultiPV {
		return fmt.Errorf("MultiPV must be from 1 to %d, got %d", MaxMultiPV, n)
	}
	e.mu.Lock()
	e.opts.MultiPV = n
	e.mu.Unlock()
	return nil
}

// SetPonder records whether the GUI will send ponder searches.
func (e *Engine) SetPonder(on bool) {
	e.mu.Lock()
	e.opts.Ponder = on
	e.mu.Unlock()
}

// SetMoveOverhead sets the time kept back per move for communication lag.
func (e *Engine) SetMoveOverhead(d time.Duration) error {
	if d < 0 || d > MaxMoveOverhead {
		return fmt.Errorf("Move Overhead must be from 0 to %d ms, got %d", MaxMoveOverhead.Milliseconds(), d.Milliseconds())
	}
	e.mu.Lock()
	e.opts.MoveOverhead = d
	e.mu.Unlock()
	return nil
}

// SetSlowMover scales the time planned per move, in percent.
func (e *Engine) SetSlowMover(percent int) error {
	if percent < MinSlowMover || percent > MaxSlowMover {
		return fmt.Errorf("Slow Mover must be from %d to %d, got %d", MinSlowMover, MaxSlowMover, percent)
	}
	e.mu.Lock()
	e.opts.SlowMover = percent
	e.mu.Unlock()
	return nil
}

// SetNodesPerSecond makes the clock count nodes at this rate instead of
// wall time; 0 goes back to the wall clock.
func (e *Engine) SetNodesPerSecond(n uint64) error {
	if n > MaxNodesPerSecond {
		return fmt.Errorf("the node rate must be at most %d nodes a second, got %d", MaxNodesPerSecond, n)
	}
	e.mu.Lock()
	e.opts.NodesPerSecond = n
	e.mu.Unlock()
	return nil
}

// SetAnalyseMode records whether the GUI analyses rather than plays: then
// the book stays closed and every move is searched.
func (e *Engine) SetAnalyseMode(on bool) {
	e.mu.Lock()
	e.opts.AnalyseMode = on
	e.mu.Unlock()
}

// SetOpponent records the GUI's description of the opponent.
func (e *Engine) SetOpponent(text string) {
	e.mu.Lock()
	e.opts.Opponent = strings.TrimSpace(text)
	e.mu.Unlock()
}

// SetShowWDL turns the win/draw/loss figures of UCI info lines on or off.
func (e *Engine) SetShowWDL(on bool) {
	e.mu.Lock()
	e.opts.ShowWDL = on
	e.mu.Unlock()
}

// SetChess960 switches castling notation between e1g1 (off) and
// king-takes-rook e1h1 (on). Moves are read in either form regardless.
func (e *Engine) SetChess960(on bool) {
	e.mu.Lock()
	e.opts.Chess960 = on
	e.game.pos.SetChess960(on)
	e.mu.Unlock()
}

// SetHashMB resizes (and clears) the hash table, after the running search
// if there is one. A size the machine cannot hold is refused and the old
// table kept.
func (e *Engine) SetHashMB(mb int) error {
	if mb < MinHashMB || mb > MaxHashMB {
		return fmt.Errorf("Hash must be from %d to %d MB, got %d", MinHashMB, MaxHashMB, mb)
	}
	// The old table is freed before the new one is allocated (tt.go
	// Resize), so the new one must fit in the memory available now.
	if avail, ok := availableMemory(); ok && mb > avail {
		return fmt.Errorf("Hash of %d MB does not fit in the %d MB of memory available; keeping %d MB",
			mb, avail, e.Options().HashMB)
	}
	e.whenIdle(func() {
		e.searcher.SetHashSize(mb)
		e.opts.HashMB = mb
	})
	return nil
}

// threadsPerCore caps the search threads at this many per logical CPU.
// Lazy SMP gains nothing from threads the machine cannot run at once, and
// the Go scheduler hands out time in 10 ms slices: with hundreds of search
// goroutines on two cores, the one reading the GUI's "stop" or "isready",
// and the main search thread watching the clock, waited seconds for their
// turn. Two per CPU still lets a tester run more threads than cores.
const threadsPerCore = 2

// logicalCPUs is runtime.NumCPU, a variable so that a test can play a
// larger machine.
var logicalCPUs = runtime.NumCPU

// maxUsefulThreads is the most threads SetThreads runs on this machine.
func maxUsefulThreads() int {
	return min(MaxThreads, threadsPerCore*logicalCPUs())
}

// SetThreads sets how many threads search, from the next search on.
// More than maxUsefulThreads are capped, with a message through Log.
func (e *Engine) SetThreads(n int) error {
	if n < 1 || n > MaxThreads {
		return fmt.Errorf("Threads must be from 1 to %d, got %d", MaxThreads, n)
	}
	if limit := maxUsefulThreads(); n > limit {
		e.logf("Threads %d is more than this machine can run (%d logical CPUs); using %d, %d per CPU",
			n, logicalCPUs(), limit, threadsPerCore)
		n = limit
	}
	// Each thread has tables of its own, a few megabytes: more than the
	// machine holds is refused like an oversized hash.
	if more := n - e.Options().Threads; more > 0 {
		need := (more*search.HelperBytes() + 1<<20 - 1) >> 20
		if avail, ok := availableMemory(); ok && need > avail {
			return fmt.Errorf("%d threads need %d MB more than the %d MB of memory available; keeping %d",
				n, need, avail, e.Options().Threads)
		}
	}
	e.whenIdle(func() {
		e.searcher.SetThreads(n)
		e.opts.Threads = n
	})
	return nil
}

// SetTunable sets a tunable search parameter (search.SetTunable, the
// options of an spsa build) from the next search on; a name or value it
// would refuse is refused at once. The parameters are shared by every
// engine of the process, which only a tuning build has several of.
func (e *Engine) SetTunable(name string, v int) error {
	if err := search.CheckTunable(name, v); err != nil {
		return err
	}
	e.whenIdle(func() {
		if err := search.SetTunable(name, v); err != nil {
			e.logf("%v", err) // checked above: cannot happen
		}
	})
	return nil
}

// ClearHash empties the hash table, after the running search if there is
// one.
func (e *Engine) ClearHash() {
	e.whenIdle(e.searcher.ClearHash)
}

// NewGame forgets everything learned (hash, history) and sets up the start
// position, stopping a running search.
func (e *Engine) NewGame() {
	e.withIdleSearcher(func() {
		e.searcher.NewGame()
		e.game = NewGame()
		e.game.pos.SetChess960(e.opts.Chess960)
	})
}

// withIdleSearcher stops any search and runs f while no search can start.
// f runs under e.mu.
func (e *Engine) withIdleSearcher(f func()) {
	// A new search registers under e.mu, so none starts while f runs.
	e.lockIdle()
	defer e.mu.Unlock()
	f()
}

// lockIdle stops any search, waits for it to end and returns holding e.mu,
// so that the caller can register a new run before another starts.
func (e *Engine) lockIdle() {
	e.mu.Lock()
	for e.current != nil && !e.current.searchFinished() {
		r := e.current
		e.mu.Unlock()
		r.stop(e)
		<-r.searchDone
		e.mu.Lock()
	}
	e.applyPending()
}

// whenIdle runs f under e.mu at once when no search (or perft) runs, else
// when the running one has returned and given its result, before another
// can start; changes that wait run in the order they came. So an option set during a search
// takes effect from the next one, and the search goes on undisturbed, as
// in Stockfish: stopping it instead would send an infinite or ponder
// search's bestmove before the GUI's stop.
func (e *Engine) whenIdle(f func()) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.current != nil && !e.current.searchFinished() {
		e.pending = append(e.pending, f)
		return
	}
	e.applyPending()
	f()
}

// finishRun marks the search (or perft) of r as returned: the searcher is
// free. The changes that waited for it do not run yet: a slow one, such
// as emptying a hash table of gigabytes, would hold back the result, and
// a bestmove sent seconds late loses on time. They run after onDone
// (settle), or before whatever needs the searcher first (lockIdle,
// whenIdle), all under e.mu, so none runs during a search.
func (e *Engine) finishRun(r *run) {
	e.mu.Lock()
	defer e.mu.Unlock()
	close(r.searchDone)
}

// applyPending runs the changes that waited for a search, in the order
// they came, with e.mu held and no search running.
func (e *Engine) applyPending() {
	for _, f := range e.pending {
		f()
	}
	e.pending = nil
}

// settle runs the changes that waited for a search once its result is out,
// unless onDone has started another search: they ran before it, and those
// that came since wait for it.
func (e *Engine) settle() {
	e.lockSettled()
	e.mu.Unlock()
}

// lockSettled takes e.mu and, when no search runs, first runs the changes
// that waited for the last one, so that a reader of the settings after a
// bestmove finds the options set during that search, as the next search
// will.
func (e *Engine) lockSettled() {
	e.mu.Lock()
	if e.current == nil || e.current.searchFinished() {
		e.applyPending()
	}
}

// Searching reports whether a search is running.
func (e *Engine) Searching() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.current != nil && !e.current.searchFinished()
}

// Go starts a search of the current position and returns at once. The
// reporter's functions and then onDone (which may be nil) run on the search
// goroutine; a front end that writes the reported moves takes Position()
// just before Go and uses that copy only inside them. The result given to
// onDone has a legal Best (chess.NoMove only when there is no legal move)
// and a Ponder that is legal after it or chess.NoMove.
//
// A search still running is stopped first and Go waits until the searcher
// is free, but not for that search's onDone: a front end that must print
// the old bestmove before anything of the new search calls Stop and Wait
// first. onDone may call any method except Wait.
func (e *Engine) Go(limits search.Limits, rep search.Reporter, onDone func(search.Result)) {
	e.GoAfter(chess.NoMove, limits, rep, onDone)
}

// GoAfter is Go for the position after reply, a legal move that is not
// played into the game: an XBoard engine ponders on the expected reply this
// way, and the game changes only when the opponent really plays it. An
// illegal reply is ignored (the current position is searched).
func (e *Engine) GoAfter(reply chess.Move, limits search.Limits, rep search.Reporter, onDone func(search.Result)) {
	e.lockIdle()
	root := e.game.pos.Clone()
	if reply != chess.NoMove && root.IsLegal(reply) {
		root.MakeMove(reply)
	}
	opts := search.Options{MultiPV: e.opts.MultiPV, MoveOverhead: e.opts.MoveOverhead, SlowMover: e.opts.SlowMover,
		NodesPerSecond: e.opts.NodesPerSecond, Tablebases: e.tablebases()}
	var weak *weakening
	if level := e.opts.strengthLevel(); level < MaxSkillLevel && !trivialWin(root, 0) {
		weak = newWeakening(level, uint64(time.Now().UnixNano()))
	}
	net := e.searchNet()
	if weak != nil {
		// The levels were calibrated with the classical evaluation
		// (docs/strength.md); at the same node budget a net plays each
		// level stronger than its UCI_Elo says.
		// The hash table is kept: clearing a large one costs a move's
		// time, and the two evaluations' scores share one scale.
		net = nil
	}
	r := newRun()
	e.current = r
	e.searcher.Net = net
	e.searcher.Prepare(limits.Ponder)
	e.mu.Unlock()

	go e.runSearch(r, root, limits, opts, rep, onDone, weak)
}

// Stop asks the running search to finish now; its onDone follows shortly.
// It does not wait (use Wait).
func (e *Engine) Stop() {
	if r := e.currentRun(); r != nil {
		r.stop(e)
	}
}

// PonderHit tells a ponder search that the opponent played the expected
// move: it goes on as a normal timed search.
func (e *Engine) PonderHit() {
	if r := e.currentRun(); r != nil {
		r.ponderHit(e)
	}
}

// Wait blocks until the last search started has ended, its onDone has
// returned and the option changes that waited for it have run. It returns
// at once when no search was started.
func (e *Engine) Wait() {
	if r := e.currentRun(); r != nil {
		<-r.done
	}
}

func (e *Engine) currentRun() *run {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.current
}

// run is one search (or perft) from Go to onDone.
type run struct {
	searchDone chan struct{} // closed when Search has returned: the searcher is free
	done       chan struct{} // closed when onDone has returned
	wake       chan struct{} // closed by the first Stop or PonderHit
	wakeOnce   sync.Once
	stopped    chan struct{} // closed by the first Stop
	stopOnce   sync.Once
	halted     atomic.Bool // set by Stop; a perft reads it
}

func newRun() *run {
	return &run{
		searchDone: make(chan struct{}),
		done:       make(chan struct{}),
		wake:       make(chan struct{}),
		stopped:    make(chan struct{}),
	}
}

func (r *run) searchFinished() bool {
	select {
	case <-r.searchDone:
		return true
	default:
		return false
	}
}

// stop and ponderHit reach the searcher directly: Go prepared its flags
// before starting the goroutine, so a request sent at once is not lost.
func (r *run) stop(e *Engine) {
	r.halted.Store(true)
	r.wakeOnce.Do(func() { close(r.wake) })
	r.stopOnce.Do(func() { close(r.stopped) })
	if !r.searchFinished() {
		e.searcher.Stop()
	}
}

func (r *run) ponderHit(e *Engine) {
	r.wakeOnce.Do(func() { close(r.wake) })
	if !r.searchFinished() {
		e.searcher.PonderHit()
	}
}

func (e *Engine) runSearch(r *run, root *chess.Position, limits search.Limits, opts search.Options, rep search.Reporter, onDone func(search.Result), weak *weakening) {
	start := time.Now()
	var res search.Result
	var legal chess.MoveList
	root.GenerateLegal(&legal)
	var bookRes search.Result
	inBook := false
	if legal.N > 0 {
		bookRes, inBook = e.bookResult(root, limits)
	}
	switch {
	case legal.N == 0:
		res = noMoveResult(root)
	case inBook:
		res = bookRes
	case weak != nil:
		think := thinkTime(root, limits, opts.MoveOverhead)
		// The extra lines the weakening looks at are its own: the GUI gets
		// the lines its MultiPV asked for. A GUI such as python-chess keeps
		// the last line reported as the engine's score and line, which was
		// the weakening's last.
		shown := opts.MultiPV
		weak.adjust(&limits, &opts)
		report := rep.Info
		rep.Info = func(in search.Info) {
			weak.record(in)
			if report != nil && max(in.MultiPV, 1) <= shown {
				report(in)
			}
		}
		res = weak.choose(root, e.searcher.Search(root, limits, opts, rep))
		// A person takes a while over a move; so does a weakened engine
		// on a clock, unless told to stop.
		if wait := think - time.Since(start); wait > 0 {
			select {
			case <-time.After(wait):
			case <-r.wake:
			}
		}
	default:
		res = e.searcher.Search(root, limits, opts, rep)
	}
	// UCI forbids a bestmove before stop or ponderhit in an infinite or
	// ponder search, even one that ended by itself: no legal move, a book
	// move, or a node limit reached ("go ponder nodes 100"). An infinite
	// search ends only with stop; a ponderhit ends only the pondering.
	switch {
	case limits.Infinite:
		<-r.stopped
	case limits.Ponder:
		<-r.wake
	}
	e.finishRun(r)

	res = e.repair(root, &legal, res)
	if onDone != nil {
		onDone(res)
	}
	e.settle()
	close(r.done)
}

// noMoveResult answers a position without legal moves without searching:
// mated (score -MateScore) or stalemate (0).
func noMoveResult(root *chess.Position) search.Result {
	res := search.Result{Best: chess.NoMove, Ponder: chess.NoMove}
	if root.InCheck() {
		res.Score = -search.MateScore
	}
	return res
}

// repair makes sure the result can be sent to a GUI: a legal best move
// whenever one exists, and a ponder move only if legal after it. A search
// bug must cost a weak move, never a forfeit for an illegal one.
func (e *Engine) repair(root *chess.Position, legal *chess.MoveList, res search.Result) search.Result {
	if legal.N == 0 {
		res.Best, res.Ponder = chess.NoMove, chess.NoMove
		return res
	}
	if res.Best == chess.NoMove || !legal.Contains(res.Best) {
		e.logf("search returned the illegal move %s in %s; playing %s instead", root.UCI(res.Best), root.FEN(), root.UCI(legal.Moves[0]))
		res.Best, res.Ponder = legal.Moves[0], chess.NoMove
		return res
	}
	res.Best = res.Best.Base()
	if res.Ponder != chess.NoMove {
		root.MakeMove(res.Best)
		if !root.IsLegal(res.Ponder.Base()) {
			res.Ponder = chess.NoMove
		} else {
			res.Ponder = res.Ponder.Base()
		}
		root.UnmakeMove(res.Best)
	}
	return res
}
