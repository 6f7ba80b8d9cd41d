package search

import (
	"fmt"
	"sync/atomic"
	"time"

	"matador/internal/chess"
	"matador/internal/eval"
	"matador/internal/nnue"
)

// worker is one search thread: its position, evaluator, ply stack and
// everything it learns (history, killers, counter moves), and the state
// of the search it runs. Only the hash table is shared with the other
// workers of its pool.
type worker struct {
	// Switches are the pool's, copied at the start of each search so that
	// the hot path reads them from the worker itself.
	Switches Switches

	pool *Searcher
	id   int // 0 for the main worker, 1, 2, ... for helpers
	tt   *TranspositionTable
	ev   *eval.Evaluator
	pos  *chess.Position
	// nn is the network's accumulator stack when the pool evaluates with
	// a net (Searcher.Net), else nil and the classical evaluation runs.
	nn *nnue.Stack
	// cachedNet is the net whose scores evalCache holds, nil for the
	// classical evaluation's.
	cachedNet *nnue.Net

	stack [MaxPly + 4]plyState
	// history[piece][to]: the butterfly history.
	history [16][64]int32
	// counter[piece][to] is the quiet move that last refuted that move.
	counter [16][64]chess.Move
	// contHist[piece][to] is the continuation row of a move; row zero of
	// piece 0 is the sink that null moves and the root share unless
	// ContHistNoSink (contRows).
	contHist [16][64]contRow
	// captureHist[piece][to][victim]: how often a capture (or promotion)
	// caused a cut-off, on the history scale.
	captureHist [16][64][8]int16
	// gain[piece][from][to]: the largest recent positional gain of a quiet
	// move, in centipawns (IPPOLIT's positional-gain table).
	gain [16][64][64]int16
	// correction[side to move][pawn key]: what searches found beyond the
	// static evaluation, in 1/CorrectionGrain centipawns.
	correction [2][CorrectionEntries]int32
	// correctionNP[side to move][colour][index of that colour's pieces
	// other than pawns]: the same, by each side's other pieces
	// (CorrectionNonPawn).
	correctionNP [2][2][CorrectionEntries]int32
	// evalCache holds recent static evaluations by position key
	// (EvalCache, params.go).
	evalCache [EvalCacheEntries]uint64

	rootMoves []rootMove
	rootDepth int
	// stage is REBEL's stage of the game at the root.
	stage gameStage
	// rootBalance is REBEL's I_SCORE of the root: material and piece
	// squares, for the recapture extension's window.
	rootBalance int
	pvIdx       int
	// pvLast ends the root moves line pvIdx chooses among
	// (rootMoves[pvIdx:pvLast]): all of them, or in a tablebase root
	// searched for several lines, those of line pvIdx's rank (rootGroup).
	pvLast   int
	selDepth int

	nodes uint64
	// published is nodes as other threads may read it, updated every
	// LimitCheckNodes nodes and when the search returns.
	published atomic.Uint64
	// helperCount is the helpers' nodes as the main worker last read
	// them, for the node limit.
	helperCount uint64
	limits      Limits
	opts        Options
	reporter    Reporter
	clock       timeManager
	stopped     atomic.Bool
	pondering   atomic.Bool
	prepared    atomic.Bool
	checkTick   int
	// nullVerifying counts the null-move verification searches running
	// below this point: no null move inside them.
	nullVerifying int
	// searchStart is when "go" arrived; reports count from it even after a
	// ponderhit restarts the clock of the time limits.
	searchStart time.Time
	// tb is the endgame tables as this search uses them (tablebase.go).
	tb tbState
}

// plyState is the per-ply scratch space of the search.
type plyState struct {
	pv         [MaxPly + 1]chess.Move
	pvLen      int
	killers    [2]chess.Move
	mateKiller chess.Move
	// rawEval is this node's evaluation before the correction history
	// moves it (the figure the improving test and the positional-gain table
	// compare), noEval when it has none.
	rawEval int
	// inCheck: the side to move here is in check.
	inCheck bool
	// checks counts the positions in check on the path to here (with
	// CheckExtension, for REBEL's variant).
	checks int
	// pathExt: plies of extension on the path to here (check extensions
	// included; net of reduction 1 and SingularDouble's ply less);
	// doubleExts: the moves on it extended by two plies or more.
	pathExt, doubleExts int
	// lazyGap is |Evaluate - Lazy| where this node ran a full evaluation,
	// noLazyGap where it did not (REBEL's lazy eval widens its children's
	// margin by it).
	lazyGap int
	// danger[c]: the evaluation's king-safety penalty of c's king here,
	// when dangerKnown (a full evaluation ran at this node).
	danger      [2]int
	dangerKnown bool
	// hanging: the side to move's hanging pieces (eval.Hanging), when
	// hangingKnown (a full evaluation found them at this node), for the
	// ordering of the quiet moves.
	hanging      chess.Bitboard
	hangingKnown bool
	excluded     chess.Move

	// The move being searched from here, as its child reads it; enterMove
	// sets all of it.
	move  chess.Move
	moved chess.Piece // the piece that made move (NoPiece for a null move)
	// cont is the continuation-history row of (moved, move.To()): how
	// good each reply has been after this move.
	cont *contRow
	// moveExt: the move's extension, net of reduction 1 and SingularDouble's
	// ply less (so it may be negative); moveWinning: it wins material by SEE
	// (StaticREBEL, ThreatReduction); moveIsTT: it is the hash move;
	// moveReduced: it is searched reduced (REBEL's reduction 2a reduces
	// only once); materialReduced: REBEL's reduction 1 was applied on the
	// path here, this move included.
	moveExt                                             int
	moveWinning, moveIsTT, moveReduced, materialReduced bool

	picker picker

	// noisies and quiets: the moves this node searched before its cut-off
	// move, for the capture and quiet histories. Kept here rather than as arrays local to
	// negamax, which Go would zero on every node; the searches a node
	// runs at its own ply (null-move verification, IID, singular) all
	// return before its move loop starts filling them.
	noisies [32]chess.Move
	quiets  [64]chess.Move
}

// noLazyGap marks a node without a full evaluation, for lazy eval.
const noLazyGap = -1

// contRow is indexed by the replying piece and its target square.
type contRow [16][64]int16

// parentMaterialReduced: REBEL's reduction 1 was applied on the path to
// this node (it is applied once a path).
func (w *worker) parentMaterialReduced(ply int) bool {
	return ply > 0 && w.stack[ply-1].materialReduced
}

// enterMove records on ss the move about to be made from it (a null move
// is NoMove by NoPiece), so that the child reads the whole of it: not
// extended and not reduced until the caller says so.
func (w *worker) enterMove(ss *plyState, m chess.Move, pc chess.Piece, isTT, winning, materialReduced bool) {
	ss.move, ss.moved, ss.cont = m, pc, &w.contHist[pc&15][m.To()]
	ss.moveExt, ss.moveReduced = 0, false
	ss.moveIsTT, ss.moveWinning, ss.materialReduced = isTT, winning, materialReduced
}

// forget clears what this worker has learned: history, killers, counter
// moves, positional gains.
func (w *worker) forget() {
	w.history = [16][64]int32{}
	w.counter = [16][64]chess.Move{}
	clear(w.contHist[:])
	clear(w.captureHist[:])
	clear(w.gain[:])
	clear(w.correction[:])
	clear(w.correctionNP[:])
	for i := range w.stack {
		w.stack[i].killers = [2]chess.Move{}
		w.stack[i].mateKiller = chess.NoMove
	}
}

// prepare sets the flags of a search about to start (see Searcher.Prepare).
func (w *worker) prepare(ponder bool) {
	w.stopped.Store(false)
	w.pondering.Store(ponder)
	w.prepared.Store(true)
}

// stop ends the worker's search as soon as possible.
func (w *worker) stop() { w.stopped.Store(true) }

// begin readies the worker to search a copy of pos within the limits: the
// flags (unless prepared), the clock, the stack, the root moves and what
// the techniques read from the root.
func (w *worker) begin(pos *chess.Position, limits Limits, opts Options, reporter Reporter) {
	start := time.Now()
	w.searchStart = start
	w.pos = pos.Clone()
	w.limits = limits
	w.opts = opts
	if w.opts.MultiPV < 1 {
		w.opts.MultiPV = 1
	}
	w.reporter = reporter
	if !w.prepared.Swap(false) {
		w.stopped.Store(false)
		w.pondering.Store(limits.Ponder)
	}
	w.nodes, w.helperCount = 0, 0
	w.published.Store(0)
	w.checkTick = 0
	w.clock.idealMoves = ClockIdealScaledMoves
	if w.Switches.ClockFrontLoad {
		w.clock.idealMoves = ClockFrontLoadMoves
	}
	w.clock.nodeShare = w.Switches.ClockNodeShare
	w.clock.plan(start, limits, opts.MoveOverhead, opts.SlowMover, w.pos.SideToMove(), w.pos.GamePly(), w.Switches.ClockIdealScaled)
	w.clock.nodesPerSecond = opts.NodesPerSecond
	w.clock.nodeStart.Store(0)
	for i := range w.stack {
		w.stack[i].excluded = chess.NoMove
		w.stack[i].rawEval = noEval
	}
	// Killers from the previous search are two plies off; start clean.
	for i := range w.stack {
		w.stack[i].killers = [2]chess.Move{}
		w.stack[i].mateKiller = chess.NoMove
	}
	w.ageHistory()

	w.useNet(w.pool.Net)
	w.initRootMoves()
	w.rootBalance = w.ev.Lazy(w.pos)
	w.stage = stageOf(w.pos)
}

// checkLimits is called at every node: the node limit at once, the hard
// time limit and the published node count every LimitCheckNodes calls.
func (w *worker) checkLimits() {
	if w.limits.Nodes > 0 && w.nodes+w.helperCount >= w.limits.Nodes {
		w.stopped.Store(true)
		return
	}
	w.checkTick++
	if w.checkTick&(LimitCheckNodes-1) != 0 {
		return
	}
	w.published.Store(w.nodes)
	yieldToHost()
	if w.id == 0 && len(w.pool.helpers) > 0 {
		w.helperCount = w.pool.helperNodes()
	}
	if w.rootDepth > 1 && w.clock.isTimed() && !w.pondering.Load() && w.clock.pastHard(w.clock.reading(w.nodes+w.helperCount)) {
		w.stopped.Store(true)
	}
}

// stopping reports whether the search must unwind now. The first iteration
// always completes (a few hundred nodes), so that even a stop sent at once
// returns a searched move rather than the first one generated.
func (w *worker) stopping() bool { return w.rootDepth > 1 && w.stopped.Load() }

// waitIfRequired holds the result of an infinite or ponder search until the
// GUI says stop or ponderhit: UCI forbids an early bestmove there.
func (w *worker) waitIfRequired() {
	for !w.stopped.Load() && (w.limits.Infinite || w.pondering.Load()) {
		time.Sleep(time.Millisecond)
	}
}

// useNet sets the worker to evaluate with net (nil: the classical
// evaluation) from its root, emptying the evaluation cache when that
// changes what its scores are of.
func (w *worker) useNet(net *nnue.Net) {
	if net != w.cachedNet {
		w.evalCache = [EvalCacheEntries]uint64{}
		w.cachedNet = net
	}
	if net == nil {
		w.nn = nil
		return
	}
	if w.nn == nil || w.nn.Net() != net {
		w.nn = nnue.NewStack(net)
	}
	w.nn.Reset(w.pos)
}

// evaluate is the static evaluation of the worker's position: the
// network's when the pool has one, else the classical one.
//
// Stockfish 12 kept its classical evaluation where the material is
// lopsided; here it keeps it where one side has a bare king. datagen
// adjudicates a game once a side stands 10.00 up, so the net has seen
// almost no such endings and cannot drive the king to the edge (it failed
// to mate with king and queen or rook against king, TestNetMatesBareKing),
// while the classical evaluation's mop-up terms were made for them. The
// lazy stack costs nothing at the nodes it does not evaluate. Stockfish
// 12's own rule is the switch NNUEImbalance (lopsided), on: though the net
// is the faster evaluation here, the rule won its SPRT (nnueimbalance in
// the ledger, docs/strength.md), since games adjudicated at 10.00 leave
// the net few lopsided positions to learn from.
func (w *worker) evaluate() int {
	if w.nn != nil && !bareKing(w.pos) && !(w.Switches.NNUEImbalance && lopsided(w.pos)) {
		return w.nn.Evaluate(w.pos)
	}
	return w.ev.Evaluate(w.pos)
}

// bareKing tells whether a side has nothing but its king.
func bareKing(pos *chess.Position) bool {
	return pos.ByColor(chess.White) == pos.Pieces(chess.White, chess.King) ||
		pos.ByColor(chess.Black) == pos.Pieces(chess.Black, chess.King)
}

// lopsidedMargin is how far (cp) from level the material must be, at a
// fifty-move count of 0, for NNUEImbalance to hand a position to the
// classical evaluation: Stockfish 12's NNUEThreshold1, 550 in its units
// (a pawn 206 in the end game), on the classical evaluation's scale.
const lopsidedMargin = 550 * eval.PawnValue / 206

// lopsided reports whether the material is so far from level that
// Stockfish 12 would have evaluated classically: its margin grows with
// the fifty-move count, since a long quiet stretch makes a large lead
// less sure to convert.
func lopsided(pos *chess.Position) bool {
	return abs(materialBalance(pos))*16 > lopsidedMargin*(16+pos.Rule50())
}

// materialBalance is White's material less Black's, in the classical
// evaluation's middle-game values (cp).
//
// It runs before every evaluation with a net (lopsided), so the five
// piece types are written out: a loop over them would look each value up
// through materialValue's switch.
func materialBalance(pos *chess.Position) int {
	white, black := pos.ByColor(chess.White), pos.ByColor(chess.Black)
	count := func(t chess.PieceType) int {
		pieces := pos.ByType(t)
		return (white & pieces).Count() - (black & pieces).Count()
	}
	return eval.PawnValue*count(chess.Pawn) + eval.KnightValue*count(chess.Knight) +
		eval.BishopValue*count(chess.Bishop) + eval.RookValue*count(chess.Rook) +
		eval.QueenValue*count(chess.Queen)
}

// ClassicalReason says why a search with a net evaluates pos with the
// classical evaluation instead (evaluate's rules), or "" when the net
// evaluates it: what the eval command reports, so that it never names the
// net for a position the net does not play.
func (s *Searcher) ClassicalReason(pos *chess.Position) string {
	for _, c := range [2]chess.Color{chess.White, chess.Black} {
		if pos.ByColor(c) == pos.Pieces(c, chess.King) {
			return fmt.Sprintf("%s has a bare king, whose endings the net has hardly seen (the classical evaluation's mop-up terms drive that king to the edge)", colorName(c))
		}
	}
	if s.Switches.NNUEImbalance && lopsided(pos) {
		return fmt.Sprintf("the material is %.2f from level, beyond the %.2f (at a fifty-move count of %d) at which NNUEImbalance hands a position to the classical evaluation",
			float64(abs(materialBalance(pos)))/100, float64(lopsidedMargin*(16+pos.Rule50()))/16/100, pos.Rule50())
	}
	return ""
}

func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// makeMove plays m in the search, recording it for the network's
// accumulators; unmakeMove takes it back.
func (w *worker) makeMove(m chess.Move) {
	if w.nn != nil {
		w.nn.Push(w.pos, m)
	}
	w.pos.MakeMove(m)
}

func (w *worker) unmakeMove(m chess.Move) {
	w.pos.UnmakeMove(m)
	if w.nn != nil {
		w.nn.Pop()
	}
}

func (w *worker) makeNullMove() {
	if w.nn != nil {
		w.nn.PushNull()
	}
	w.pos.MakeNullMove()
}

func (w *worker) unmakeNullMove() {
	w.pos.UnmakeNullMove()
	if w.nn != nil {
		w.nn.Pop()
	}
}
