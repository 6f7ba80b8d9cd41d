package search

import "time"

// Nearly every number the search decides by lives here, named, next to the
// technique it belongs to: margins, depth limits, reduction tables, move
// ordering scores and the clock's shares (TBDepthBonus is in tablebase.go,
// the check extension's plies in extensions.go). The switches that turn each
// technique on or off are in switches.go. The margins are exported
// constants, so that a reader finds them by name (in the package's
// documentation too); changing one means a new build. Tables are
// variables, as Go has no constant arrays; of them only FutilityMargin and
// LateMoveCount are ever written, by tunable.go from their knobs. The few
// margins that SPSA tunes are variables of the same names, set only
// through tunable.go's registry (SetTunable), which rebuilds what is
// derived from them; the engine never changes them otherwise. Their
// values are those of SPSA run search3 (tools/spsa, 852 iterations,
// 1,704 games), written by its -apply: the "was" of each in the commit
// that brought them. Sentinels
// that are no margins (noEval, lazyUnknown) are not exported.

// Scores.
const (
	Infinity     = 32001
	MateScore    = 32000
	MaxPly       = 128
	MateInMaxPly = MateScore - MaxPly
	DrawScore    = 0
)

// noEval marks a node without a static evaluation (in check, or lazily
// evaluated in quiescence), on the ply stack and in the hash table alike.
// It lies below every real evaluation, so that the node two plies after
// one counts as improving (unless ImprovingPastCheck), and it fits the
// table's 16 bits: a stored evaluation of exactly 0 is a real one.
const noEval = -Infinity

// lazyUnknown marks a material balance not computed yet.
const lazyUnknown = -2 * Infinity

// MateIn converts a mate score into moves: positive when the side to move
// mates, negative when it is mated; ok is false for other scores. Every
// front end writes mates through it.
func MateIn(score int) (moves int, ok bool) {
	switch {
	case score >= MateInMaxPly:
		return (MateScore - score + 1) / 2, true
	case score <= -MateInMaxPly:
		return -(MateScore + score) / 2, true
	}
	return 0, false
}

// Relative ranks (0 is the mover's back rank) of the pawn tests.
const (
	relativeRank6 = 5
	relativeRank7 = 6
)

// Iterative deepening.
const (
	// MaxIterationDepth leaves the ply stack room for the extensions and
	// quiescence beyond the last iteration.
	MaxIterationDepth = MaxPly - 4
	// OnlyMoveDepth: a timed search with a single legal move stops after
	// this iteration.
	OnlyMoveDepth = 4
	// MateSettledPlies: a timed search stops once a mate is proven this
	// many plies below the iteration's depth; deeper iterations will not
	// change it.
	MateSettledPlies = 4
	// CurrMoveDelay: "currmove" reports start after this much search time,
	// BoundReportDelay reports of aspiration fails (and the lines of a
	// MultiPV iteration one by one as they finish) after this much.
	CurrMoveDelay    = time.Second
	BoundReportDelay = 3 * time.Second
	// LimitCheckNodes: the clock is read and the node count published
	// every this many nodes (a power of two).
	LimitCheckNodes = 1024
)

// IPPOLIT: aspiration steps 8, 12, 18, 27, ... (times 3/2 after each
// fail); this starts one step later, at 12 (tunable by SPSA, tunable.go).
var AspirationStart = 12

// Aspiration windows.
const (
	AspirationMinDepth = 5
	// AspirationMaxDelta: past this the window opens fully.
	AspirationMaxDelta = 1000
	// REBEL: a window of 0.50 around the last score, on a fail 2.00, then
	// the whole window.
	AspirationREBELFirst  = 50
	AspirationREBELSecond = 200
	// REBEL: after the first root move, beta is narrowed to alpha + 0.10
	// when the score fell less than 0.20 from the last iteration, else to
	// the last score + 0.25.
	AspirationREBELNarrow      = 10
	AspirationREBELDecline     = 20
	AspirationREBELNarrowAbove = 25
	// AspirationFailHigh: each fail high takes a ply off the search
	// again, down to this many plies below the iteration's depth.
	AspirationFailHighMaxPlies = 3
)

// The main search's hash table cut-offs: none this close to the fifty-move
// rule, where the stored score may hide a draw the path here runs into
// (quiescence's cut-offs ignore the count).
const TTCutMaxRule50 = 90

// REBEL: extensions.
const (
	PawnEndingExtPlies  = 3
	PawnEndingExtWindow = 300
)

// REBEL: the recapture extension's window around the root's material
// balance, by ply: 5.00 at the root, narrowed by 0.50 a ply from ply 2 to
// 5 and by 0.25 from ply 6 to 9, 2.00 from there on.
var RecaptureWindow = [...]int{500, 500, 450, 400, 350, 300, 275, 250, 225, 200}

// REBEL: reduction 1's margins by remaining depth after the move: a rook
// (5.00) near the horizon, up to 15.00 far from it. It needs at least
// MaterialReductionMinRemaining plies after the move.
var MaterialReductionMargin = [...]int{0, 0, 0, 500, 500, 700, 700, 900, 900, 1500}

const MaterialReductionMinRemaining = 3

// REBEL: S_DEPTH by stage (middle game, end game, late end game) and
// iteration: the plies where null move rules; the rest of the iteration is
// the static part. Past the end of a row it grows by one per iteration.
var RebelSDepth = [lateEndGame + 1][]int{
	middleGame:  {0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13},
	endGame:     {0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17},
	lateEndGame: {0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18},
}

// REBEL: the static part's margin by remaining depth, on top of the threat.
var RebelStaticMargin = [...]int{0, 0, 10, 15, 20, 25}

// REBEL: reduction 2a counts a quarter of the threat, and trusts a hash
// score half a pawn better than the evaluation; it needs this much depth.
const (
	ThreatReductionDivisor    = 4
	ThreatReductionHashMargin = 50
	ThreatReductionMinDepth   = 3
)

// REBEL: a move "seriously increases the pressure on the opponent's king"
// when it raises the evaluation's king-safety penalty of that king by 0.08
// or more. REBEL's own example, e4-e5 driving away the knight that guards
// h7 against queen and bishop, raises it from 0.00 to 0.09 with the danger
// model of the fit on 7.2M positions, a2-a3 not at all: the threshold
// follows the danger model's scale and is set again with it (its earlier
// values are in CHANGELOG.md). It spares the move from reduction 2a
// and from static pruning, and KingPressureExt extends it while the
// path's extended plies stay below the iteration depth divided by
// KingPressureExtDivisor.
const (
	KingPressureRise       = 8
	KingPressureExtDivisor = 2
)

// REBEL: null move R, 3 in the middle game and 2 in the end game.
const (
	NullMoveREBELMiddle = 3
	NullMoveREBELEnd    = 2
)

// Null move.
const (
	NullMoveMinDepth   = 2
	NullMoveEvalMaxR   = 3  // R grows with eval - beta by at most this much
	NullVerifyMinDepth = 10 // verification search from this depth when material is low
)

// Null move R (tunable by SPSA, tunable.go).
var (
	NullMoveBaseR    = 3
	NullMoveDepthDiv = 4   // R grows by one every NullMoveDepthDiv plies
	NullMoveEvalDiv  = 201 // IPPOLIT: R grows with eval - beta
)

// Reverse futility (ReverseFutility): static pruning near the horizon
// (tunable by SPSA, tunable.go).
var (
	ReverseFutilityMaxDepth = 7
	ReverseFutilityMargin   = 73 // per ply of remaining depth
)

// REBEL: futility margins at horizon-1 and horizon-2. REBEL uses 3.00 (5.00
// in the end game) and 5.00 pawns; these start smaller and reach further
// (to horizon-5), as modern engines do (REBEL's own: FutilityREBEL).
// FutilityMargin[d] is FutilityMarginPerPly·d, built from it at start-up
// (tunable.go): SPSA tunes the slope.
var FutilityMargin = [...]int{0, 118, 236, 354, 472, 590}

var FutilityMarginPerPly = 118

// REBEL's own futility margins, for the FutilityREBEL switch.
const (
	FutilityREBELOne        = 300
	FutilityREBELOneEndgame = 500
	FutilityREBELTwo        = 500
)

// IPPOLIT: positional-gain pruning of quiet moves near the horizon.
const (
	PositionalGainMaxDepth = 3
	PositionalGainMargin   = 60  // per ply of remaining depth
	PositionalGainLimit    = 500 // gains are clamped to +-5.00
)

// Late move pruning: once this many moves (of any kind) have been tried,
// the remaining quiet moves are skipped: lateMoveCountBase scaled row by
// row by LateMovePercent and LateMoveImprovingPercent, which SPSA tunes
// (built at start-up, tunable.go).
var LateMoveCount = lateMoveCountBase

var lateMoveCountBase = [2][9]int{
	{0, 3, 4, 6, 10, 14, 19, 25, 32},  // not improving
	{0, 5, 7, 11, 17, 24, 32, 42, 53}, // improving
}

var (
	LateMovePercent          = 105
	LateMoveImprovingPercent = 103
)

// SEE pruning thresholds per ply of depth (per depth² / 2 for quiet moves).
const (
	SEEQuietMargin   = -60
	SEENoisyMargin   = -100
	SEEPruneMaxDepth = 8
)

// SEEQuietLinearNoisySquare: SEE pruning as the strongest engines margin it, linear
// in depth for quiet moves, quadratic for captures, to a deeper depth (the
// margins tunable by SPSA, tunable.go).
var (
	SEELinearQuietMargin = -73 // per ply
	SEEQuadNoisyMargin   = -20 // per depth²
)

const SEELinearMaxDepth = 9

// SafeChecksOnly: a check escapes the pruning of step 16 only as the hash
// move, or among the first SafeCheckMaxMoves moves when SEE says it loses
// nothing.
const SafeCheckMaxMoves = 8

// ContHistPruning: a quiet move (not the hash move, a killer or the
// counter move) is pruned up to ContHistPruneMaxDepth (less when
// improving) when its counter-move history (the continuation after the
// last move) or its follow-up history (after our own last move) lies
// below its limit; the limits are lower when improving. On the history
// scale (-HistoryMax to HistoryMax), which is Ethereal's, whose limits these are.
const (
	ContHistPruneMaxDepth          = 3
	ContHistPruneMaxDepthImproving = 2
	ContHistPruneCounter           = 0
	ContHistPruneCounterImproving  = -1000
	ContHistPruneFollowUp          = -2000
	ContHistPruneFollowUpImproving = -4000
)

// LMR in REBEL.
const (
	LMRMinDepth     = 3     // no LMR in the last 2 plies before the horizon (depth 1 and 2)
	LMRMinMoveCount = 3     // never the first 3 moves
	LMRHistoryTwo   = -4000 // edition 3: reduce double below this history
	LMRHistoryThree = -12000
)

// Late-move reductions beyond REBEL's plies: LMRLogBase + ln(depth) ·
// ln(moves) / LMRLogDivisor, less the ply REBEL's LMR gives already
// (LMRAdjusted's table keeps that ply). Ethereal's published 0.75 and 2.25
// beat the earlier ln d ln n / 2.6 in an SPRT; SPSA (run search3, in
// hundredths) moved them to 0.70 and 2.37. SetTunable rebuilds the tables (reductions.go).
var (
	LMRLogBase    = 0.7
	LMRLogDivisor = 2.37
)

// Late-move reductions as the strongest engines make them (LMRAdjusted, after
// Ethereal, CounterGo, Stockfish): every quiet move after the first
// LMRAdjustedMinMoves is reduced from LMRAdjustedMinDepth on, by the log-log
// table (the constants above, whole plies) plus LMRAdjustedNonPV at a node
// off the principal variation, LMRAdjustedCutNode more at an expected cut
// node, LMRAdjustedNotImproving when the evaluation is not improving; less
// by LMRAdjustedRefutation for a killer or the counter move, by
// LMRAdjustedCheck for a check or a move out of check, by
// LMRAdjustedHanging for a hanging piece that moves away (with
// HangingNoReduce); and by the sum of butterfly and continuation
// histories over LMRAdjustedHistoryDivisor, within LMRAdjustedHistoryMax either way.
// At least LMRAdjustedMinReduction, and never into quiescence.
const (
	LMRAdjustedMinDepth     = 3
	LMRAdjustedMinMoves     = 1
	LMRAdjustedNonPV        = 1
	LMRAdjustedCutNode      = 1
	LMRAdjustedNotImproving = 1
	LMRAdjustedRefutation   = 1
	LMRAdjustedCheck        = 1
	LMRAdjustedHanging      = 1
	LMRAdjustedHistoryMax   = 2
	LMRAdjustedMinReduction = 1
)

// LMRAdjustedHistoryDivisor: on the scale of the histories it divides
// (tunable by SPSA, tunable.go).
var LMRAdjustedHistoryDivisor int32 = 4970

// Internal iterative deepening: from these depths, at depth/IIDDepthDivisor.
const (
	IIDMinDepthPV   = 6
	IIDMinDepthCut  = 8
	IIDDepthDivisor = 2
)

// IIReduction: a ply less without a hash move, from this depth (tunable by
// SPSA, tunable.go).
var IIRMinDepth = 4

// Singular extensions: from SingularMinDepth, for a hash move stored at
// most SingularTTDepthMargin plies shallower than the node; the exclusion
// search runs at (depth-1)/SingularDepthDivisor on a window
// SingularMarginPerPly·depth below the hash score.
const (
	SingularMinDepth      = 8
	SingularTTDepthMargin = 3
	SingularDepthDivisor  = 2
	// SingularDouble: two plies for a hash move whose exclusion search
	// fails more than SingularDoubleMargin below the singular window, at
	// most SingularDoubleMax times on a path.
	SingularDoubleMax = 6
)

// The singular margins (tunable by SPSA, tunable.go).
var (
	SingularMarginPerPly = 2
	SingularDoubleMargin = 22
)

// Quiescence.
const (
	// REBEL: MAX_CHECKS_DEPTH, quiet checks in the first plies of
	// quiescence; REBEL's are two (more after an evasion with one or two
	// legal moves), these one.
	QSCheckPlies = 1
	// REBEL: the lazy-eval margin, 0.50 plus the gap found one ply up.
	LazyEvalMargin = 50
	// REBEL: horizon trick one's margin, on top of the best hanging piece;
	// more after a check evasion or with a promotion in the air. Trick two
	// (nothing matters 9.00 above beta) is delta pruning, QSDeltaPruning.
	HorizonTrickMargin    = 300
	HorizonTrickCheck     = 900
	HorizonTrickPromotion = 600
)

// Quiescence's margins (tunable by SPSA, tunable.go): delta pruning's on top
// of a queen, and QSSEEThreshold's: a capture must win by SEE at least
// what brings the evaluation to within QSSEEMargin of alpha (Ethereal's).
var (
	DeltaMargin = 199
	QSSEEMargin = 115
)

// History: the bound of every history score, the largest bonus (depth²
// up to HistoryBonusMax, times HistoryBonusScale on the history scale),
// and the halving between searches.
const (
	HistoryMax        = 16384
	HistoryBonusMax   = 400
	HistoryBonusScale = 32
	HistoryAgeDivisor = 2
)

// Move ordering (the REBEL scale of "LMR in REBEL", step 2). Noisy moves
// fall in bands: winning captures by SEE gain (CaptureSEEWeight per
// centipawn, the cheaper attacker first on equal gain), queen promotions,
// equal captures by REBEL's class table (EqualCaptureClassWeight per
// class, the victim within it), under-promotions, and losing captures,
// lifted by LosingCaptureOffset so that a negative SEE still sorts.
const (
	ScoreWinning            = 1 << 24
	ScoreQueenPromotion     = 1 << 23
	ScoreEqual              = 1 << 22
	ScoreUnderPromotion     = 1 << 21
	ScoreLosing             = 0
	CaptureSEEWeight        = 8
	EqualCaptureClassWeight = 16
	LosingCaptureOffset     = 1 << 20
)

// Quiet moves: castling first, then by history, with REBEL's hints from
// the evaluation and the counter move, on the history scale.
const (
	CastlingScore       = 1 << 20
	HangingMoveBonus    = 4000
	CounterMoveBonus    = 16000
	UnsafeSquarePenalty = 4000
)

// Hash table replacement: a slot loses TTAgeWeight plies of depth per
// search it is old; a shallower non-exact result does not replace one of
// this search more than TTKeepDepthMargin plies deeper.
const (
	TTAgeWeight       = 8
	TTKeepDepthMargin = 2
)

// The clock. Without "movestogo" the time is shared among
// DefaultMovesToGo moves, one fewer every MovesToGoDecayPlies plies of the
// game, never fewer than MinMovesToGo (nor more than MaxMovesToGo).
const (
	DefaultMovesToGo    = 40
	MinMovesToGo        = 15
	MaxMovesToGo        = 50
	MovesToGoDecayPlies = 8
	// A safety margin on top of Move Overhead for process scheduling, and
	// a quarter of the overhead kept for each move to come, up to
	// OverheadReserveMoves of them.
	ClockSafety            = 5 * time.Millisecond
	OverheadReserveMoves   = 10
	OverheadReserveDivisor = 4
	// Shares: of the increment, added to an even share of the clock (the
	// base); the soft limit as a share of the base and at most a share
	// of the usable time; the hard limit a multiple of the base and at
	// most a share of the usable time; both with one move to go.
	IncrementPercent    = 75
	SoftPercent         = 100
	SoftMaxPercent      = 50
	HardFactor          = 4
	HardMaxPercent      = 75
	LastMoveSoftPercent = 75
	LastMoveHardPercent = 90
	// A best move that held for StableIterationsMax iterations shrinks the
	// soft limit to StableScaleStart - StableScaleStep · that many times;
	// a score that fell by more than ScoreDropMin stretches it by the fall
	// over ScoreDropScale, up to ScoreDropMaxExtra. BestChangeDecay halves
	// the count of best-move changes each iteration. A new iteration
	// starts only before NextIterationPercent of the limit, as it takes
	// about as long as all before it.
	StableIterationsMax  = 8
	StableScaleStart     = 1.2
	StableScaleStep      = 0.05
	ScoreDropMin         = 20
	ScoreDropScale       = 100.0
	ScoreDropMaxExtra    = 1.0
	BestChangeDecay      = 0.5
	NextIterationPercent = 60
)

// ClockIdealScaled: the clock of the strongest engines (after Ethereal). The
// ideal time of a move is the time left plus ClockIdealScaledIncMoves
// increments over ClockIdealScaledMoves moves (with movestogo: the time over
// the moves to go plus ClockIdealScaledMovesToGoExtra, plus the increment); the
// hard limit ClockIdealScaledHardFactor times that, within HardMaxPercent of
// the usable time. From ClockIdealScaledMinDepth on, the search stops after an
// iteration once the time passes the ideal scaled by stability (from
// ClockIdealScaledStableHigh down by ClockIdealScaledStableStep per iteration the
// best move held, at most ClockIdealScaledStableMax of them), by best-move
// changes (1 + ClockIdealScaledChangeWeight times the decaying count) and by
// the score's fall over the last ClockIdealScaledDropIterations iterations (1 +
// fall / ClockIdealScaledDropScale, at most ClockIdealScaledDropMaxScale), or once
// ClockIdealScaledLastStartPercent of the hard limit is gone.
const (
	ClockIdealScaledMoves            = 50
	ClockIdealScaledIncMoves         = 25
	ClockIdealScaledMovesToGoExtra   = 5
	ClockIdealScaledHardFactor       = 5
	ClockIdealScaledMinDepth         = 4
	ClockIdealScaledStableHigh       = 1.2
	ClockIdealScaledStableStep       = 0.04
	ClockIdealScaledStableMax        = 10
	ClockIdealScaledChangeWeight     = 1.0
	ClockIdealScaledDropIterations   = 3
	ClockIdealScaledDropScale        = 100.0
	ClockIdealScaledDropMaxScale     = 1.5
	ClockIdealScaledLastStartPercent = 50
)

// ClockFrontLoad: the time left is shared over this many moves, not
// ClockIdealScaledMoves, so that more of it goes to the moves of the
// opening and middle game, as Ethereal 12 spends more of its clock early;
// on since its SPRT at 5+0.05 (clockfl-base in the ledger), though its
// ablation row, with ClockNodeShare on, measured no gain).
const ClockFrontLoadMoves = 40

// LMRCaptures: a capture after the first move, from LMRCaptureMinDepth,
// is reduced LMRCaptureBase plies less its capture history over
// LMRCaptureHistoryDivisor (more for a capture that seldom cut off), at
// most LMRCaptureMax plies and never below zero (Ethereal, Stockfish).
const (
	LMRCaptureMinDepth       = 3
	LMRCaptureBase           = 1
	LMRCaptureHistoryDivisor = 5000
	LMRCaptureMax            = 3
)

// ClockNodeShare: Ethereal's clock since version 14 on ClockIdealScaled's
// frame. The ideal time is ClockNodeShareIdealScale times ClockIdealScaled's
// (with ClockFrontLoad, (time + 25 increments) / 20, as Ethereal's 2.5 ·
// (time + 25 increments) / 50; with movestogo the time's part
// ClockNodeShareMovesToGoScale times), the hard limit ClockNodeShareHardFactor
// times the ideal. After each iteration the ideal is scaled by stability
// as ClockIdealScaled's, by ClockNodeShareBase - ClockNodeShareSlope · the
// best move's share of the nodes (at least ClockNodeShareMin: a share of
// 0.7 leaves the time as it is, 0.95 halves it, 0.3 takes 1.8 times as
// long) and by ClockNodeShareScorePerCp times the score's fall over
// ClockIdealScaledDropIterations iterations, within ClockNodeShareScoreMin
// and ClockNodeShareScoreMax (a score that held takes 0.75 of the time, one
// that fell 0.25 or more 1.25 of it), in place of the best-move changes
// and ClockIdealScaled's drop, as Ethereal's commit 60f4d5c does, a gain
// there at 10s+0.1s.
const (
	ClockNodeShareIdealScale     = 2.0
	ClockNodeShareMovesToGoScale = 1.8
	ClockNodeShareHardFactor     = 4
	ClockNodeShareBase           = 2.4
	ClockNodeShareSlope          = 2.0
	ClockNodeShareMin            = 0.5
	ClockNodeShareScorePerCp     = 0.05
	ClockNodeShareScoreMin       = 0.75
	ClockNodeShareScoreMax       = 1.25
)

// CorrectionHistory: the static evaluation is moved by what searches from
// positions with the same pawns, the same side to move, found beyond it
// (Stockfish's correction history, not in the seeds). An entry holds that
// difference in 1/CorrectionGrain centipawns; each exact or bounding
// result moves it towards the new difference with a weight of depth+1 in
// CorrectionWeightMax (at most CorrectionDepthMax+1), and it stays within
// CorrectionLimit centipawns either way.
const (
	CorrectionEntries  = 1 << correctionEntriesLog2
	CorrectionGrain    = 256
	CorrectionDepthMax = 15
	CorrectionLimit    = 64
)

const correctionEntriesLog2 = 14

// CorrectionNonPawn: beside the pawn structure's entry, an entry for
// each side's pieces other than pawns (Stockfish's non-pawn correction
// history, not in the seeds). The correction is the pawn entry's
// CorrectionPawnShare of CorrectionShares and the non-pawn entries' half
// of the rest each.
const (
	CorrectionShares    = 4
	CorrectionPawnShare = 2
)

// CorrectionWeightMax is the weight of the whole update, of which a
// result gets depth+1 (tunable by SPSA, tunable.go; above
// CorrectionDepthMax+1).
var CorrectionWeightMax int32 = 253

// The evaluation cache (EvalCache): per search thread, one word an entry,
// the position key's upper 48 bits and the evaluation's 16; the lower 16
// bits of the key are the index, so a hit matches the whole key.
const EvalCacheEntries = 1 << 16
