// Package search finds the best move: iterative deepening with aspiration
// windows over a principal-variation alpha-beta search with a transposition
// table, the selective techniques of REBEL, micro-Max and Rybka/IPPOLIT (each
// switchable in params.go), and quiescence with checks.
package search

import (
	"math"
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

	nodes     uint64
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
	s.history = [16][64]int32{}
	s.counter = [16][64]chess.Move{}
	clear(s.contHist[:])
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

// Nodes returns the nodes searched by the last search; during a search
// only the search goroutine may call it.
func (s *Searcher) Nodes() uint64 { return s.nodes }

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
	s.nodes = 0
	s.checkTick = 0
	s.tt.NewSearch()
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
		s.rootDepth = depth
		for i := range s.rootMoves {
			s.rootMoves[i].prevScore = s.rootMoves[i].score
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
			// An interrupted iteration is dropped: the result stays the
			// best move of the last completed one.
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
	if result.Ponder == chess.NoMove {
		result.Ponder = s.ponderFromTT(result.Best)
	}
	result.Nodes = s.Nodes()
	s.waitIfRequired()
	return result
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
	if s.limits.Nodes > 0 && s.Nodes() >= s.limits.Nodes {
		s.stopped.Store(true)
		return
	}
	s.checkTick++
	if s.checkTick&1023 != 0 {
		return
	}
	if s.rootDepth > 1 && s.clock.isTimed() && !s.pondering.Load() && s.clock.pastHard(time.Now()) {
		s.stopped.Store(true)
	}
}

// negamax is the main alpha-beta search (fail-soft, PVS).
func (s *Searcher) negamax(alpha, beta, depth, ply int, cutNode bool) int {
	pos := s.pos
	pvNode := beta-alpha > 1
	ss := &s.stack[ply]
	ss.pvLen = 0
	inCheck := pos.InCheck()

	ss.inCheck = inCheck
	// REBEL: check extension (the side in check gets one more ply)
	ss.checks = 0
	if ply > 0 {
		ss.checks = s.stack[ply-1].checks
	}
	ss.pathExt = 0
	if ply > 0 {
		ss.pathExt = s.stack[ply-1].pathExt + s.stack[ply-1].moveExt
	}
	if inCheck && s.Switches.CheckExtension {
		ss.checks++
		e := checkExtension(ss.checks, s.Switches.CheckExtREBEL)
		depth += e
		ss.pathExt += e
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply, 0)
	}
	s.checkLimits()
	if s.stopping() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}

	// Draws: repetition, fifty moves, dead material.
	if pos.IsRepetition(ply) || pos.InsufficientMaterial() {
		return DrawScore
	}
	if pos.Rule50() >= 100 && (!inCheck || s.pos.HasLegalMove()) {
		return DrawScore
	}
	if ply >= MaxPly-2 {
		if inCheck {
			return DrawScore
		}
		return s.ev.Evaluate(pos)
	}

	// Mate-distance pruning: no line here can beat a shorter mate found.
	if s.Switches.MateDistance {
		alpha = max(alpha, -MateScore+ply)
		beta = min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	excluded := ss.excluded
	key := pos.Key()
	var hit ttHit
	var ttOK bool
	if excluded == chess.NoMove {
		hit, ttOK = s.tt.Probe(key)
	}
	ttMove := chess.NoMove
	ttScore := 0
	if ttOK {
		ttMove = hit.move
		ttScore = scoreFromTT(hit.score, ply)
		if !pvNode && hit.depth >= depth && pos.Rule50() < 90 {
			if hit.bound == BoundExact ||
				hit.bound == BoundLower && ttScore >= beta ||
				hit.bound == BoundUpper && ttScore <= alpha {
				return ttScore
			}
		}
	}

	// Static evaluation, improved by the hash score when its bound allows.
	staticEval := -Infinity
	evalScore := -Infinity
	ss.lazyGap, ss.dangerKnown = -1, false
	if !inCheck {
		if ttOK && hit.eval != 0 && !s.needsKingDanger() {
			staticEval = hit.eval
		} else {
			staticEval = s.fullEval(ss)
		}
		evalScore = staticEval
		if ttOK && (hit.bound == BoundExact ||
			hit.bound == BoundLower && ttScore > evalScore ||
			hit.bound == BoundUpper && ttScore < evalScore) {
			evalScore = ttScore
		}
	}
	ss.staticEval = staticEval
	if !inCheck {
		s.updateGain(ply, staticEval)
	}
	improving := !inCheck && ply >= 2 && staticEval > s.stack[ply-2].staticEval

	// REBEL: king-safety extension. A move that seriously increases the
	// pressure on our king is searched a ply deeper (checks are extended
	// already). The test needs this node's evaluation, so it does not reach
	// moves into quiescence.
	if s.Switches.KingPressureExt && !inCheck && excluded == chess.NoMove && s.kingPressureExtends(ply) {
		depth++
		ss.pathExt++
	}

	// REBEL: reduction 2a. The move that led here left its side below alpha
	// even if a quarter of its biggest threat comes true: one ply less,
	// unless the hash says this position is better than it looks.
	if s.Switches.ThreatReduction && !pvNode && !inCheck && excluded == chess.NoMove && depth > 2 &&
		s.threatReduces(ply, staticEval, beta, ttOK, ttScore) {
		depth--
	}

	// micro-Max: delay penalty. Scores better than the current evaluation
	// lose a point per ply, so the engine takes the fastest route to a gain.
	// The window limits above the evaluation are raised by one point to
	// match, and the node's bound is judged on the penalised scale.
	delay := s.Switches.DelayPenalty && !inCheck && staticEval > -MateInMaxPly && staticEval < MateInMaxPly
	originalAlpha, originalBeta := alpha, beta
	if delay {
		if alpha >= staticEval && alpha < MateInMaxPly {
			alpha++
		}
		if beta > staticEval && beta < MateInMaxPly {
			beta++
		}
	}

	if !pvNode && !inCheck && excluded == chess.NoMove {
		tryNull, r := false, 0
		nullAllowed := s.Switches.NullMove && s.nullVerifying == 0 && depth >= NullMoveMinDepth &&
			pos.LastMove() != chess.NoMove && pos.HasNonPawnMaterial(pos.SideToMove()) && beta > -MateInMaxPly
		if s.Switches.StaticREBEL {
			// REBEL: static selective search, as REBEL does it: in the
			// last plies of an iteration whole subtrees are pruned by the
			// evaluation and the threat; before them, null move is tried
			// only where the evaluation minus the threat beats beta.
			threat := s.rebelThreat()
			if ply > s.rebelStaticDepth(ply) {
				if depth > 1 && s.rebelCanPrune(ply) &&
					staticEval-threat-rebelStaticMargin[min(depth, len(rebelStaticMargin)-1)] >= beta &&
					staticEval < MateInMaxPly {
					return s.delayed(staticEval, staticEval, delay)
				}
			} else {
				tryNull = nullAllowed && staticEval-threat >= beta
				r = NullMoveREBELMiddle
				if s.rebelStage > 0 {
					r = NullMoveREBELEnd
				}
			}
		} else {
			// Reverse futility, after REBEL's static selective search: near
			// the horizon a position whose evaluation stands well above
			// beta is not searched further.
			if s.Switches.StaticPruning && depth <= StaticPruningMaxDepth &&
				evalScore-StaticPruningMargin*depth >= beta && evalScore < MateInMaxPly {
				return s.delayed(evalScore, staticEval, delay)
			}
			// Null move (R by depth, and by eval-beta as IPPOLIT does), off
			// in pawn endings; verified by a normal search near the end game.
			tryNull = nullAllowed && evalScore >= beta
			r = NullMoveBaseR + depth/NullMoveDepthDiv + min((evalScore-beta)/NullMoveEvalDiv, 3)
			// Game stage: a smaller R when few pieces are left and
			// zugzwang-like positions grow common.
			if !s.hasMajorMaterial() {
				r--
			}
		}

		if tryNull {
			ss.move = chess.NoMove
			ss.moved = chess.NoPiece
			ss.cont = &s.contHist[0][0]
			ss.moveExt, ss.moveWinning, ss.moveIsTT, ss.moveReduced = 0, false, false, false
			pos.MakeNullMove()
			s.nodes++
			score := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, !cutNode)
			pos.UnmakeNullMove()
			if s.stopping() {
				return 0
			}
			if score >= beta {
				if score >= MateInMaxPly {
					score = beta
				}
				if !s.Switches.NullVerify || depth < NullVerifyMinDepth || s.hasMajorMaterial() {
					return s.delayed(score, staticEval, delay)
				}
				// Verification: a real search without null move at reduced depth.
				ss.excluded = chess.NoMove
				s.nullVerifying++
				v := s.negamax(originalBeta-1, originalBeta, depth-1-r, ply, false)
				s.nullVerifying--
				if v >= originalBeta {
					return s.delayed(score, staticEval, delay)
				}
			}
		}
	}

	// Internal iterative deepening: no hash move, so find one with a
	// shallower search (REBEL: half depth; micro-Max deepens itself).
	if s.Switches.IID && ttMove == chess.NoMove && excluded == chess.NoMove &&
		(pvNode && depth >= IIDMinDepthPV || cutNode && depth >= IIDMinDepthCut) {
		s.negamax(originalAlpha, originalBeta, depth/2, ply, cutNode)
		if h, ok := s.tt.Probe(key); ok {
			ttMove = h.move
		}
		ss.pvLen = 0
	}

	// Rybka/IPPOLIT: singular extension. The hash move is extended when an
	// exclusion search without it fails well below the hash score; when even
	// that search beats beta, several moves do and the node is cut (multi-cut).
	// It runs before the picker is set up, since it reuses this ply's state.
	singular := false
	if s.Switches.SingularExt && ply > 0 && depth >= SingularMinDepth && excluded == chess.NoMove &&
		ttMove != chess.NoMove && ttOK && hit.bound != BoundUpper && hit.depth >= depth-3 &&
		ttScore > -MateInMaxPly && ttScore < MateInMaxPly && pos.IsLegal(ttMove) {
		singularBeta := ttScore - SingularMarginPerPly*depth
		ss.excluded = ttMove
		v := s.negamax(singularBeta-1, singularBeta, (depth-1)/2, ply, cutNode)
		ss.excluded = chess.NoMove
		ss.pvLen = 0
		if s.stopping() {
			return 0
		}
		if v < singularBeta {
			singular = true
		} else if singularBeta >= beta {
			return singularBeta
		}
	}

	var killers [4]chess.Move
	killers[0], killers[1] = ss.killers[0], ss.killers[1]
	if ply >= 2 {
		killers[2], killers[3] = s.stack[ply-2].killers[0], s.stack[ply-2].killers[1]
	}
	pk := &ss.picker
	pk.init(ttMove, ss.mateKiller, killers)
	pk.cont1, pk.cont2 = s.contRows(ply)
	if s.Switches.CounterMove && ply >= 1 && s.stack[ply-1].move != chess.NoMove {
		prev := &s.stack[ply-1]
		pk.counter = s.counter[prev.moved][prev.move.To()]
	}

	bestScore := -Infinity
	bestMove := chess.NoMove
	moveCount := 0
	quietsTried := 0
	var quiets [64]chess.Move
	us := pos.SideToMove()
	lazyBalance := lazyUnknown // material and piece squares, when needed

	for {
		m := s.next(pk)
		if m == chess.NoMove {
			break
		}
		if m == excluded {
			continue
		}
		moveCount++
		noisy := isNoisy(pos, m)
		givesCheck := pos.GivesCheck(m)
		pc := pos.PieceOn(m.From())

		// Pruning of hopeless moves, once a move has been found that is
		// not a mate against us.
		if ply > 0 && bestScore > -MateInMaxPly && !inCheck && pos.HasNonPawnMaterial(us) {
			if !noisy && !givesCheck {
				if s.Switches.LateMovePruning && depth < len(LateMoveCount[0]) && moveCount > LateMoveCount[b2i(improving)][depth] {
					pk.skipQuiets = true
					continue
				}
				// REBEL: futility pruning at horizon-1 and horizon-2
				if s.Switches.Futility && s.futile(depth, staticEval, alpha) {
					pk.skipQuiets = true
					continue
				}
				// IPPOLIT: a quiet move whose largest positional gain seen
				// lately cannot lift the evaluation to alpha is skipped.
				if s.Switches.PositionalGain && depth <= PositionalGainMaxDepth &&
					staticEval+int(s.gain[pc][m.From()][m.To()])+PositionalGainMargin*depth <= alpha {
					continue
				}
				if s.Switches.SEEPruning && depth <= SEEPruneMaxDepth && !pos.SEEGreaterEqual(m, SEEQuietMargin*depth*depth/2) {
					continue
				}
			} else if s.Switches.SEEPruning && depth <= SEEPruneMaxDepth && !givesCheck && !pos.SEEGreaterEqual(m, SEENoisyMargin*depth) {
				continue
			}
		}

		// Extensions.
		ext := 0
		if m == ttMove && singular {
			ext = 1
		}
		// REBEL: recapture extension
		if s.Switches.RecaptureExt && ext == 0 && noisy && s.recaptureInWindow(m, ply) {
			ext = 1
		}
		// REBEL: pawns reaching the 7th rank
		if s.Switches.PawnPushExt && ext == 0 && pc.Type() == chess.Pawn && m.To().RelativeRank(us) == 6 {
			ext = 1
		}

		newDepth := depth - 1 + ext
		ss.moveWinning = (s.Switches.StaticREBEL || s.Switches.ThreatReduction) && noisy && pos.SEEGreaterEqual(m, 1)
		ss.moveIsTT = m == ttMove
		// REBEL: reduction 1. A quiet move of a side that stands a rook or
		// more (by material and piece squares) below alpha is searched a ply
		// shallower, once on a path.
		ss.materialReduced = ply > 0 && s.stack[ply-1].materialReduced
		if s.Switches.MaterialReduction && ext == 0 && !ss.materialReduced && depth-1 > 2 &&
			!noisy && !givesCheck && !inCheck {
			if lazyBalance == lazyUnknown {
				lazyBalance = s.ev.Lazy(pos)
			}
			if materialReductionApplies(depth-1, alpha, lazyBalance) {
				newDepth--
				ss.materialReduced = true
			}
		}
		ss.move = m
		ss.moved = pc
		ss.cont = &s.contHist[pc][m.To()]
		pos.MakeMove(m)
		s.nodes++
		// REBEL: a capture into a pawn ending that is not yet decided is
		// searched three plies deeper.
		if s.Switches.PawnEndingExt && ext == 0 && pos.CapturedPiece() != chess.NoPiece &&
			pos.CapturedPiece().Type() != chess.Pawn && s.pawnEndingInBalance() {
			newDepth += PawnEndingExtPlies
		}
		ss.moveExt = newDepth - (depth - 1)

		var score int
		reducedHere := ss.materialReduced && (ply == 0 || !s.stack[ply-1].materialReduced)
		ss.moveReduced = reducedHere
		if moveCount == 1 {
			score = -s.negamax(-beta, -alpha, newDepth, ply+1, !pvNode && !cutNode)
		} else {
			r := 0
			// LMR in REBEL, edition 3: reduce late quiet moves one ply, and
			// a second and third ply when their history is poor.
			if s.Switches.LMR && depth >= LMRMinDepth && moveCount > LMRMinMoveCount && !noisy &&
				!givesCheck && !inCheck && !pk.isSpecial(m) &&
				!(pc.Type() == chess.Pawn && m.To().RelativeRank(us) >= 5) {
				r = 1
				h := s.history[pc][m.To()]
				if s.Switches.HistoryReduction {
					if h < LMRHistoryTwo {
						r++
					}
					if h < LMRHistoryThree {
						r++
					}
				}
				// REBEL: a hanging piece that moves away is not reduced further.
				if s.Switches.HangingNoReduce && pk.hanging.Has(m.From()) {
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
				r = min(max(r, 0), newDepth-1)
			}
			ss.moveReduced = reducedHere || r > 0
			score = -s.negamax(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				ss.moveReduced = reducedHere
				score = -s.negamax(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if pvNode && score > alpha && score < beta {
				score = -s.negamax(-beta, -alpha, newDepth, ply+1, false)
			}
		}
		pos.UnmakeMove(m)
		if s.stopping() {
			return 0
		}

		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					s.updatePV(ply, m)
				}
				if score >= beta {
					break
				}
			}
		}
		if !noisy && quietsTried < len(quiets) {
			quiets[quietsTried] = m
			quietsTried++
		}
	}

	if moveCount == 0 {
		if excluded != chess.NoMove {
			return alpha
		}
		if inCheck {
			return -MateScore + ply
		}
		return DrawScore
	}

	if bestScore >= beta && bestMove != chess.NoMove {
		s.updateQuietStats(ss, bestMove, quiets[:quietsTried], depth, ply, bestScore)
	}

	bestScore = s.delayed(bestScore, staticEval, delay)

	if excluded == chess.NoMove {
		bound := BoundUpper
		if bestScore >= originalBeta {
			bound = BoundLower
		} else if pvNode && bestMove != chess.NoMove && bestScore > originalAlpha {
			bound = BoundExact
		}
		evalToStore := staticEval
		if inCheck {
			evalToStore = 0
		}
		s.tt.Store(key, bestMove, scoreToTT(bestScore, ply), evalToStore, depth, bound)
	}
	return bestScore
}

// futile reports whether a quiet move at this depth cannot lift the static
// evaluation to alpha even with the futility margin.
func (s *Searcher) futile(depth, staticEval, alpha int) bool {
	if !s.Switches.FutilityREBEL {
		return depth < len(FutilityMargin) && staticEval+FutilityMargin[depth] <= alpha
	}
	// REBEL: 3.00 at horizon-1 (5.00 in the end game), 5.00 at horizon-2.
	switch depth {
	case 1:
		if !s.hasMajorMaterial() {
			return staticEval+FutilityREBELOneEndgame <= alpha
		}
		return staticEval+FutilityREBELOne <= alpha
	case 2:
		return staticEval+FutilityREBELTwo <= alpha
	}
	return false
}

// updatePV makes m followed by the child's PV the PV of this ply.
func (s *Searcher) updatePV(ply int, m chess.Move) {
	ss, child := &s.stack[ply], &s.stack[ply+1]
	ss.pv[0] = m
	copy(ss.pv[1:], child.pv[:child.pvLen])
	ss.pvLen = child.pvLen + 1
}

// delayed applies micro-Max's delay penalty to a score returned by a node.
func (s *Searcher) delayed(score, staticEval int, delay bool) int {
	if delay && score > staticEval && score < MateInMaxPly && score > -MateInMaxPly {
		return score - 1
	}
	return score
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lmrExtra adds reductions for very late moves at high depth, beyond what
// REBEL's fixed plies give.
func lmrExtra(depth, moveCount int) int {
	return lmrTable[min(depth, 63)][min(moveCount, 63)]
}

var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			// Grows like log(depth)*log(moves), zero for early moves.
			r := int(math.Log(float64(d)) * math.Log(float64(n)) / 2.6)
			lmrTable[d][n] = max(r-1, 0)
		}
	}
}

// updateQuietStats rewards the quiet move that caused a cut-off and
// punishes the quiet moves tried before it: history by [piece][to], the
// continuation histories of the last two moves, the killers and the
// counter move.
func (s *Searcher) updateQuietStats(ss *plyState, best chess.Move, quiets []chess.Move, depth, ply, score int) {
	pos := s.pos
	if isNoisy(pos, best) {
		return
	}
	if score >= MateInMaxPly && s.Switches.MateKiller {
		// REBEL: the mate killer
		ss.mateKiller = best
	}
	if ss.killers[0] != best {
		ss.killers[1] = ss.killers[0]
		ss.killers[0] = best
	}
	if ply >= 1 && s.stack[ply-1].move != chess.NoMove {
		prev := &s.stack[ply-1]
		s.counter[prev.moved][prev.move.To()] = best
	}
	cont1, cont2 := s.contRows(ply)
	bonus := int32(min(depth*depth, 400))
	for _, m := range quiets {
		s.updateHistory(m, -bonus, cont1, cont2)
	}
	s.updateHistory(best, bonus, cont1, cont2)
}

// updateHistory moves the history of m towards +HistoryMax (bonus > 0) or
// -HistoryMax (bonus < 0). IPPOLIT: saturating history, H += (max - H) * w.
func (s *Searcher) updateHistory(m chess.Move, bonus int32, cont1, cont2 *contRow) {
	pc := s.pos.PieceOn(m.From())
	to := m.To()
	s.history[pc][to] = gravity(s.history[pc][to], bonus)
	if s.Switches.ContinuationHistory {
		cont1[pc][to] = int16(gravity(int32(cont1[pc][to]), bonus))
		cont2[pc][to] = int16(gravity(int32(cont2[pc][to]), bonus))
	}
}

// gravity adds a bonus that shrinks as h nears the bound of its sign, so
// that h stays within ±HistoryMax.
func gravity(h, bonus int32) int32 {
	return h + 32*bonus - h*abs32(bonus)/(32*HistoryMax/1024)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// contRows returns the continuation rows of the moves one and two plies
// before ply (the sink row when there is no such move).
func (s *Searcher) contRows(ply int) (cont1, cont2 *contRow) {
	cont1, cont2 = &s.contHist[0][0], &s.contHist[0][0]
	if ply >= 1 && s.stack[ply-1].cont != nil {
		cont1 = s.stack[ply-1].cont
	}
	if ply >= 2 && s.stack[ply-2].cont != nil {
		cont2 = s.stack[ply-2].cont
	}
	return cont1, cont2
}

// ageHistory halves history between searches so that old games fade.
func (s *Searcher) ageHistory() {
	for p := range s.history {
		for sq := range s.history[p] {
			s.history[p][sq] /= 2
		}
	}
}

// hasMajorMaterial reports whether the side to move has enough material
// that zugzwang is unlikely (a rook or queen, or two minor pieces).
func (s *Searcher) hasMajorMaterial() bool {
	pos := s.pos
	us := pos.SideToMove()
	if pos.Pieces(us, chess.Rook)|pos.Pieces(us, chess.Queen) != 0 {
		return true
	}
	return (pos.Pieces(us, chess.Knight) | pos.Pieces(us, chess.Bishop)).More()
}

// qsearch resolves captures so that the static evaluation is only used in
// quiet positions.
func (s *Searcher) qsearch(alpha, beta, ply, qply int) int {
	pos := s.pos
	ss := &s.stack[ply]
	ss.pvLen = 0
	s.checkLimits()
	if s.stopping() {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	inCheck := pos.InCheck()
	if (inCheck && pos.IsRepetition(ply)) || pos.InsufficientMaterial() {
		return DrawScore
	}
	if ply >= MaxPly-2 {
		if inCheck {
			return DrawScore
		}
		return s.ev.Evaluate(pos)
	}
	pvNode := beta-alpha > 1

	key := pos.Key()
	hit, ttOK := s.tt.Probe(key)
	ttMove := chess.NoMove
	if ttOK {
		ttMove = hit.move
		ttScore := scoreFromTT(hit.score, ply)
		if !pvNode && (hit.bound == BoundExact ||
			hit.bound == BoundLower && ttScore >= beta ||
			hit.bound == BoundUpper && ttScore <= alpha) {
			return ttScore
		}
	}

	bestScore := -Infinity
	staticEval := 0
	lazy := false
	ss.lazyGap, ss.dangerKnown = -1, false
	if !inCheck {
		switch {
		case ttOK && hit.eval != 0:
			staticEval = hit.eval
		case s.Switches.LazyEval && ply > 0 && s.stack[ply-1].lazyGap >= 0 &&
			pos.HasNonPawnMaterial(chess.White) && pos.HasNonPawnMaterial(chess.Black):
			// REBEL: lazy eval. When material and piece-square values plus
			// a margin cannot reach alpha, that guess stands for the
			// evaluation. The margin grows by what the full evaluation one
			// ply up found beyond the guess; pawn endings, where a runaway
			// pawn outweighs any margin, always get the full evaluation.
			guess := s.ev.Lazy(pos) + LazyEvalMargin + s.stack[ply-1].lazyGap
			if guess <= alpha {
				staticEval, lazy = guess, true
			} else {
				staticEval = s.fullEval(ss)
			}
		default:
			staticEval = s.fullEval(ss)
		}
		if !lazy {
			s.updateGain(ply, staticEval)
		}
		bestScore = staticEval
		if bestScore >= beta {
			return bestScore
		}
		// REBEL: horizon trick two / delta pruning: nothing can lift the
		// score to alpha, not even winning a queen.
		if s.Switches.QSDeltaPruning && staticEval+eval.QueenValue+DeltaMargin < alpha && !s.canPromote() {
			return staticEval
		}
		if s.Switches.HorizonTrickOne && s.horizonTrickOne(ply, staticEval, alpha) {
			return staticEval
		}
		if bestScore > alpha {
			alpha = bestScore
		}
	}

	// The children read this node's evaluation for the positional gain of
	// their move; a lazy guess or a position in check has none.
	ss.staticEval = staticEval
	ss.inCheck = inCheck
	if inCheck || lazy {
		ss.staticEval = -Infinity
	}
	withChecks := s.Switches.QSChecks && qply < QSCheckPlies
	pk := &ss.picker
	pk.initQS(ttMove, inCheck, withChecks)
	bestMove := chess.NoMove
	moveCount := 0
	originalAlpha := alpha
	for {
		m := s.next(pk)
		if m == chess.NoMove {
			break
		}
		moveCount++
		if !inCheck {
			// Only captures that do not lose material (REBEL: winning and
			// equal captures), and no hopeless ones.
			if !m.IsPromotion() {
				if !pos.SEEGreaterEqual(m, 0) {
					continue
				}
				if s.Switches.QSDeltaPruning && pos.PieceOn(m.To()) != chess.NoPiece &&
					staticEval+materialValue(pos.PieceOn(m.To()).Type())+DeltaMargin <= alpha && !pos.GivesCheck(m) {
					continue
				}
			}
		}
		ss.move = m
		ss.moved = pos.PieceOn(m.From())
		ss.cont = &s.contHist[ss.moved][m.To()]
		pos.MakeMove(m)
		s.nodes++
		score := -s.qsearch(-beta, -alpha, ply+1, qply+1)
		pos.UnmakeMove(m)
		if s.stopping() {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					s.updatePV(ply, m)
				}
				if score >= beta {
					break
				}
			}
		}
	}
	if inCheck && moveCount == 0 {
		return -MateScore + ply
	}
	bound := BoundUpper
	if bestScore >= beta {
		bound = BoundLower
	} else if pvNode && bestScore > originalAlpha {
		bound = BoundExact
	}
	evalToStore := staticEval
	if inCheck || lazy {
		evalToStore = 0 // no evaluation to keep
	}
	s.tt.Store(key, bestMove, scoreToTT(bestScore, ply), evalToStore, 0, bound)
	return bestScore
}

// updateGain learns from the static evaluation at ply what the quiet move
// that led here gained positionally: IPPOLIT keeps the largest gain per
// piece, from and to, and lets it shrink by a point whenever the move
// gains less.
func (s *Searcher) updateGain(ply, staticEval int) {
	if !s.Switches.PositionalGain || ply < 1 {
		return
	}
	prev := &s.stack[ply-1]
	m := prev.move
	if m == chess.NoMove || m.IsPromotion() || s.pos.CapturedPiece() != chess.NoPiece || prev.inCheck || prev.staticEval == -Infinity {
		return
	}
	g := &s.gain[prev.moved][m.From()][m.To()]
	// The parent's evaluation is the mover's view, ours the opponent's.
	delta := min(max(-staticEval-prev.staticEval, -PositionalGainLimit), PositionalGainLimit)
	if delta > int(*g) {
		*g = int16(delta)
	} else {
		*g--
	}
}

// checkExtension is how many plies a position in check adds, the n-th on
// its path. REBEL's variant leaves the first check alone (a lone check is
// seldom important) and catches up with two plies at the fourth.
func checkExtension(n int, rebel bool) int {
	if !rebel {
		return 1
	}
	switch n {
	case 1:
		return 0
	case 4:
		return 2
	}
	return 1
}

// rebelStageOf is REBEL's stage of the game: a late end game has no queens
// and at most one piece a side (rook, bishop, knight and pawn endings), an
// end game no queens or little material left, the rest is a middle game.
func rebelStageOf(pos *chess.Position) int {
	queens := pos.ByType(chess.Queen)
	pieces := func(c chess.Color) int {
		return (pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop) | pos.Pieces(c, chess.Rook)).Count()
	}
	switch {
	case queens == 0 && pieces(chess.White) <= 1 && pieces(chess.Black) <= 1:
		return 2
	case queens == 0 || pieces(chess.White)+pieces(chess.Black) <= 4:
		return 1
	}
	return 0
}

// rebelStaticDepth is REBEL's S_DEPTH for the current iteration: the plies
// from the root where null move rules; deeper, the static part prunes.
// Every extension on the path moves it one ply deeper.
func (s *Searcher) rebelStaticDepth(ply int) int {
	t := rebelSDepth[s.rebelStage]
	d := s.rootDepth
	base := 0
	if d < len(t) {
		base = t[d]
	} else {
		base = t[len(t)-1] + d - (len(t) - 1)
	}
	return base + s.stack[ply].pathExt
}

// rebelThreat is the biggest threat of the side that just moved, as REBEL
// reads it from the evaluation: the value of the most valuable piece of
// the side to move that hangs.
func (s *Searcher) rebelThreat() int { return s.biggestHanging(s.pos.SideToMove()) }

// biggestHanging is the value of c's most valuable hanging piece, 0 when
// none hangs.
func (s *Searcher) biggestHanging(c chess.Color) int {
	pos := s.pos
	hanging := eval.Hanging(pos, c)
	for t := chess.Queen; t >= chess.Pawn; t-- {
		if hanging&pos.Pieces(c, t) != 0 {
			return materialValue(t)
		}
	}
	return 0
}

// materialReductionApplies is REBEL's reduction 1 test: with more than 2
// plies to go, alpha stands above the mover's material and piece-square
// balance by more than the margin for that remaining depth.
func materialReductionApplies(remaining, alpha, balance int) bool {
	return remaining > 2 && alpha > balance+materialReductionMargin[min(remaining, len(materialReductionMargin)-1)]
}

// threatReduces is REBEL's reduction 2a, from the side to move's view (the
// opponent of the mover): the mover stands below alpha (our evaluation
// above beta) even after a quarter of its biggest threat is counted; the
// move was not the hash move, not reduced already, not a winning capture,
// not the answer to a check, and did not seriously increase the pressure on
// our king; and the hash, when it knows this position, does not say it is
// better for the mover than alpha or than the evaluation by more than 0.50.
func (s *Searcher) threatReduces(ply, staticEval, beta int, ttOK bool, ttScore int) bool {
	if ply < 1 || staticEval <= beta || staticEval >= MateInMaxPly {
		return false
	}
	parent := &s.stack[ply-1]
	if parent.move == chess.NoMove || parent.inCheck || parent.moveIsTT ||
		parent.moveReduced || parent.moveWinning || s.kingPressureRose(ply) {
		return false
	}
	if staticEval-s.rebelThreat()/ThreatReductionDivisor <= beta {
		return false
	}
	if ttOK && (ttScore < beta || staticEval-ttScore > ThreatReductionHashMargin) {
		return false
	}
	return true
}

// rebelCanPrune holds REBEL's exceptions to static pruning after the last
// move: it answered a check, won material, seriously increased the pressure
// on our king, or brought a pawn to the 6th or 7th rank.
func (s *Searcher) rebelCanPrune(ply int) bool {
	if ply < 1 {
		return false
	}
	parent := &s.stack[ply-1]
	if parent.inCheck || parent.moveWinning || s.kingPressureRose(ply) {
		return false
	}
	pos := s.pos
	last := pos.LastMove()
	if last == chess.NoMove {
		return true
	}
	mover := pos.SideToMove().Other()
	if pc := pos.PieceOn(last.To()); pc.Type() == chess.Pawn && last.To().RelativeRank(mover) >= 5 {
		return false
	}
	return true
}

// recaptureInWindow is REBEL's test for the recapture extension: m takes
// back on the square where the last move captured, wins material by SEE,
// and the material balance (REBEL's I_SCORE, from the root side's view)
// lies in a window around the root's balance that narrows from 5.00 to
// 2.00 as the search goes deeper; the upper edge widens by the piece the
// last move took.
func (s *Searcher) recaptureInWindow(m chess.Move, ply int) bool {
	pos := s.pos
	last := pos.LastMove()
	captured := pos.CapturedPiece()
	if last == chess.NoMove || captured == chess.NoPiece || m.To() != last.To() || !pos.SEEGreaterEqual(m, 1) {
		return false
	}
	balance := s.ev.Lazy(pos)
	if ply%2 == 1 {
		balance = -balance
	}
	w := recaptureWindow[min(ply, len(recaptureWindow)-1)]
	return balance >= s.rootBalance-w && balance <= s.rootBalance+w+materialValue(captured.Type())
}

// pawnEndingInBalance reports whether the position (after a capture) is a
// pawn ending whose material and piece-square balance is within 3.00.
func (s *Searcher) pawnEndingInBalance() bool {
	pos := s.pos
	if pos.HasNonPawnMaterial(chess.White) || pos.HasNonPawnMaterial(chess.Black) {
		return false
	}
	return abs(s.ev.Lazy(pos)) <= PawnEndingExtWindow
}

// horizonTrickOne is REBEL's first horizon trick, seen from the side to
// move: quiescence is mainly there to take a hanging piece, so when even
// taking the most valuable one of the opponent's hanging pieces, plus 3.00,
// leaves the evaluation below alpha, the node is not searched. The margin
// grows by 9.00 when the opponent's last move answered a check (or the
// position before it had no evaluation) and by 6.00 when we can promote.
func (s *Searcher) horizonTrickOne(ply, staticEval, alpha int) bool {
	margin := HorizonTrickMargin
	if staticEval+margin >= alpha {
		return false
	}
	if ply < 1 || s.stack[ply-1].inCheck || s.stack[ply-1].staticEval == -Infinity {
		margin += HorizonTrickCheck
	}
	if s.canPromote() {
		margin += HorizonTrickPromotion
	}
	margin += s.biggestHanging(s.pos.SideToMove().Other())
	return staticEval+margin < alpha
}

// fullEval evaluates the position and records at ss what the search reads
// from it besides the score: for lazy eval, how far the full evaluation
// stood from the lazy one; for REBEL's king-pressure tests, the danger to
// each king.
func (s *Searcher) fullEval(ss *plyState) int {
	v := s.ev.Evaluate(s.pos)
	if s.Switches.LazyEval {
		ss.lazyGap = s.ev.LazyGap()
	}
	ss.danger = [2]int{s.ev.KingDanger(chess.White), s.ev.KingDanger(chess.Black)}
	ss.dangerKnown = true
	return v
}

// needsKingDanger reports whether a technique reads the king danger of
// nodes, which then evaluate in full rather than take the hash's
// evaluation.
func (s *Searcher) needsKingDanger() bool {
	return s.Switches.KingPressureExt || s.Switches.StaticREBEL || s.Switches.ThreatReduction
}

// kingPressureExtends is REBEL's king-safety extension test at ply: the
// move that led here increased the pressure on our king, was not extended
// otherwise, and the path has had fewer extended plies than half the
// iteration's depth.
func (s *Searcher) kingPressureExtends(ply int) bool {
	return 2*s.stack[ply].pathExt < s.rootDepth && s.kingPressureRose(ply) && s.stack[ply-1].moveExt == 0
}

// kingPressureRose is REBEL's "move increases the pressure on the
// opponent's king": the move that led to ply raised the evaluation's
// danger to the king of the side to move there by KingPressureRise or
// more. Unknown (no full evaluation here or at the parent, or a null
// move) counts as no.
func (s *Searcher) kingPressureRose(ply int) bool {
	if ply < 1 {
		return false
	}
	ss, parent := &s.stack[ply], &s.stack[ply-1]
	if !ss.dangerKnown || !parent.dangerKnown || parent.move == chess.NoMove {
		return false
	}
	us := s.pos.SideToMove()
	return ss.danger[us]-parent.danger[us] >= KingPressureRise
}

func (s *Searcher) canPromote() bool {
	pos := s.pos
	us := pos.SideToMove()
	seventh := chess.Rank7
	if us == chess.Black {
		seventh = chess.Rank2
	}
	return pos.Pieces(us, chess.Pawn)&seventh != 0
}

// materialValue is the evaluation's middle-game value of a piece type.
func materialValue(t chess.PieceType) int {
	switch t {
	case chess.Pawn:
		return eval.PawnValue
	case chess.Knight:
		return eval.KnightValue
	case chess.Bishop:
		return eval.BishopValue
	case chess.Rook:
		return eval.RookValue
	case chess.Queen:
		return eval.QueenValue
	}
	return 0
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
