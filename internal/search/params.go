package search

// Every selective technique has a switch and named margins here, so that a
// reader can turn one off and measure what it is worth (DESIGN.md).

// Scores.
const (
	Infinity     = 32001
	MateScore    = 32000
	MaxPly       = 128
	MateInMaxPly = MateScore - MaxPly
	DrawScore    = 0
)

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

// Switches is the set of techniques; the zero value turns them all off.
type Switches struct {
	Aspiration          bool
	NullMove            bool
	StaticPruning       bool // REBEL's static selective search near the horizon
	Futility            bool
	LateMovePruning     bool
	SEEPruning          bool
	LMR                 bool
	IID                 bool
	SingularExt         bool
	CheckExtension      bool
	RecaptureExt        bool
	PawnPushExt         bool
	QSChecks            bool
	QSDeltaPruning      bool
	MateDistance        bool
	DelayPenalty        bool
	AspirationREBEL     bool // REBEL's 0.50 / 2.00 / full windows instead of IPPOLIT's steps
	HangingNoReduce     bool // REBEL: hanging pieces that move are not reduced
	MateKiller          bool // REBEL: the killer that mated is tried before captures
	OrderingHints       bool // REBEL: hanging pieces first, pawn-attacked squares last among quiet moves
	NullVerify          bool
	CounterMove         bool
	ContinuationHistory bool
	HistoryReduction    bool // LMR edition 3's double/triple reductions
	FutilityREBEL       bool // REBEL's own margins (3.00/5.00 end game, 5.00) at horizon-1 and -2 only
	LazyEval            bool // REBEL: material and piece squares stand for the evaluation far below alpha (quiescence)
	PositionalGain      bool // IPPOLIT: quiet moves pruned near the horizon by their largest positional gain seen
	HorizonTrickOne     bool // REBEL: no quiescence when taking the best hanging piece cannot reach alpha
	PawnEndingExt       bool // REBEL: three plies more after a capture into a balanced pawn ending
	MaterialReduction   bool // REBEL: reduction 1, a ply less for quiet moves a rook or more below alpha
	CheckExtREBEL       bool // REBEL: no extension for the first check on a path, two plies at the fourth
	StaticREBEL         bool // REBEL's selective search in place of reverse futility and our null move
	ThreatReduction     bool // REBEL: reduction 2a, a ply less where the mover stays below alpha despite its threat
	KingPressureExt     bool // REBEL: a ply more for a move that seriously increases the pressure on the king
	PartialIteration    bool // a new best move of an interrupted iteration is played
	ProbCut             bool // a capture that beats beta by a margin in a shallower search cuts the node
	CaptureHistory      bool // captures ordered within their REBEL band by how often they caused cut-offs
}

// DefaultSwitches is what the engine plays with.
var DefaultSwitches = Switches{
	Aspiration:          true,
	NullMove:            true,
	StaticPruning:       true,
	Futility:            true,
	LateMovePruning:     true,
	SEEPruning:          true,
	LMR:                 true,
	IID:                 true,
	SingularExt:         true,
	CheckExtension:      true,
	RecaptureExt:        false,
	PawnPushExt:         false,
	QSChecks:            true,
	QSDeltaPruning:      true,
	MateDistance:        true,
	DelayPenalty:        true,
	AspirationREBEL:     false,
	HangingNoReduce:     true,
	MateKiller:          true,
	OrderingHints:       true,
	NullVerify:          true,
	CounterMove:         true,
	ContinuationHistory: true,
	HistoryReduction:    true,
	FutilityREBEL:       false,
	LazyEval:            false,
	PositionalGain:      false,
	HorizonTrickOne:     false,
	PawnEndingExt:       false,
	MaterialReduction:   false,
	CheckExtREBEL:       true,
	StaticREBEL:         false,
	ThreatReduction:     false,
	KingPressureExt:     false,
	PartialIteration:    false,
	ProbCut:             false,
	CaptureHistory:      false,
}

// Aspiration windows.
const (
	// IPPOLIT: aspiration steps 8, 12, 18, 27, ... (times 3/2 after each
	// fail); this starts one step later, at 12.
	AspirationStart    = 12
	AspirationMinDepth = 5
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
)

// REBEL: extensions.
const (
	PawnEndingExtPlies  = 3
	PawnEndingExtWindow = 300
)

// REBEL: the recapture extension's window around the root's material
// balance, by ply: 5.00 at the root, narrowed by 0.50 a ply from ply 2 to
// 5 and by 0.25 from ply 6 to 9, 2.00 from there on.
var recaptureWindow = [...]int{500, 500, 450, 400, 350, 300, 275, 250, 225, 200}

// REBEL: reduction 1's margins by remaining depth after the move: a rook
// (5.00) near the horizon, up to 15.00 far from it.
var materialReductionMargin = [...]int{0, 0, 0, 500, 500, 700, 700, 900, 900, 1500}

// lazyUnknown marks a material balance not computed yet.
const lazyUnknown = -2 * Infinity

// REBEL: S_DEPTH by stage (middle game, end game, late end game) and
// iteration: the plies where null move rules; the rest of the iteration is
// the static part. Past the end of a row it grows by one per iteration.
var rebelSDepth = [3][]int{
	{0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13},
	{0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17},
	{0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18},
}

// REBEL: the static part's margin by remaining depth, on top of the threat.
var rebelStaticMargin = [...]int{0, 0, 10, 15, 20, 25}

// REBEL: reduction 2a counts a quarter of the threat, and trusts a hash
// score half a pawn better than the evaluation.
const (
	ThreatReductionDivisor    = 4
	ThreatReductionHashMargin = 50
)

// REBEL: a move "seriously increases the pressure on the opponent's king"
// when it raises the evaluation's king-safety penalty of that king by 0.20
// or more. REBEL's own example, e4-e5 driving away the knight that guards
// h7 against queen and bishop, raises it from 0.01 to 0.22; about 3% of
// the moves where the test is made pass (bench positions, depth 8). It
// spares the move from reduction 2a and from static pruning, and
// KingPressureExt extends it.
const KingPressureRise = 20

// REBEL: null move R, 3 in the middle game and 2 in the end game.
const (
	NullMoveREBELMiddle = 3
	NullMoveREBELEnd    = 2
)

// Null move.
const (
	NullMoveMinDepth   = 2
	NullMoveBaseR      = 3
	NullMoveDepthDiv   = 4   // R grows by one every NullMoveDepthDiv plies
	NullMoveEvalDiv    = 200 // IPPOLIT: R grows with eval - beta
	NullVerifyMinDepth = 10  // verification search from this depth when material is low
)

// Static pruning (reverse futility).
const (
	StaticPruningMaxDepth = 7
	StaticPruningMargin   = 80 // per ply of remaining depth
)

// REBEL: futility margins at horizon-1 and horizon-2. REBEL uses 3.00 (5.00
// in the end game) and 5.00 pawns; these start smaller and reach further
// (to horizon-5), as modern engines do. Not yet measured against REBEL's.
var FutilityMargin = [...]int{0, 120, 240, 360, 480, 600}

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

// Late move pruning: quiet moves after this many tried are skipped.
var LateMoveCount = [2][9]int{
	{0, 3, 4, 6, 10, 14, 19, 25, 32},  // not improving
	{0, 5, 7, 11, 17, 24, 32, 42, 53}, // improving
}

// SEE pruning thresholds per ply of depth.
const (
	SEEQuietMargin   = -60
	SEENoisyMargin   = -100
	SEEPruneMaxDepth = 8
)

// LMR in REBEL.
const (
	LMRMinDepth     = 3     // no LMR in the last 3 plies before the horizon
	LMRMinMoveCount = 3     // never the first 3 moves
	LMRHistoryTwo   = -4000 // edition 3: reduce double below this history
	LMRHistoryThree = -12000
)

// Internal iterative deepening.
const (
	IIDMinDepthPV  = 6
	IIDMinDepthCut = 8
)

// CaptureHistoryDivisor scales the capture history (±HistoryMax) to the
// ordering scores of captures: ±1024, a pawn of SEE being 800.
const CaptureHistoryDivisor = 16

// ProbCut: from this depth, beta plus this margin, searched this many
// plies shallower.
const (
	ProbCutMinDepth  = 5
	ProbCutMargin    = 100
	ProbCutReduction = 4
)

// Singular extensions.
const (
	SingularMinDepth     = 8
	SingularMarginPerPly = 2
)

// Quiescence.
const (
	// REBEL: MAX_CHECKS_DEPTH, quiet checks in the first plies of quiescence
	QSCheckPlies = 1
	DeltaMargin  = 200
	// REBEL: the lazy-eval margin, 0.50 plus the gap found one ply up.
	LazyEvalMargin = 50
	// REBEL: horizon trick one's margin, on top of the best hanging piece;
	// more after a check evasion or with a promotion in the air. Trick two
	// (nothing matters 9.00 above beta) is delta pruning, QSDeltaPruning.
	HorizonTrickMargin    = 300
	HorizonTrickCheck     = 900
	HorizonTrickPromotion = 600
)

// History.
const HistoryMax = 16384
