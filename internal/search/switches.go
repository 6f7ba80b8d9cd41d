package search

import (
	"reflect"

	"matador/internal/switches"
)

// Switches is the set of techniques; the zero value turns them all off.
type Switches struct {
	Aspiration          bool
	NullMove            bool
	ReverseFutility     bool // a non-PV node whose evaluation beats beta by a margin a ply returns, to depth 7 (after REBEL's static pruning)
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
	HangingNoReduce     bool // LMR in REBEL: a hanging piece that moves is reduced a ply less
	MateKiller          bool // REBEL: the killer that mated is tried before captures
	OrderingHints       bool // REBEL: quiet moves of a hanging piece raised, of a piece onto a pawn-attacked square lowered
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
	// The search and clock of the strongest engines, on since the nine
	// together passed an SPRT (nine14 in the ledger); each one's own worth
	// is its row in docs/ablation.
	LMRAdjusted               bool // LMR from the second move, adjusted by node type, improving, killers, history; checks and the root too
	SafeChecksOnly            bool // only the hash move and SEE-safe checks at low move counts escape move pruning
	SEEQuietLinearNoisySquare bool // SEE pruning at -0.73·d for quiet moves and -0.20·d² for captures, to depth 9
	ContHistPruning           bool // quiet moves with poor counter-move or follow-up history pruned near the horizon
	AspirationFailHigh        bool // after a fail high at the root, search again a ply shallower
	QSSEEThreshold            bool // quiescence searches only captures whose SEE can bring the score near alpha
	ImprovingPastCheck        bool // improving compares with four plies up when two plies up was in check; never after two checks
	ContHistNoSink            bool // no continuation history after a null move or before the root, instead of a shared row
	ClockIdealScaled          bool // an ideal time per move, scaled by stability, best-move changes and score drops
	// Three node-level refinements, on since together they passed an SPRT
	// (corrsingiir in the ledger); each one's own worth is its row in
	// docs/ablation.
	CorrectionHistory bool // the static evaluation corrected by what searches found beyond it, by pawn structure
	CorrectionNonPawn bool // the correction history also by each side's pieces other than pawns
	SingularDouble    bool // a very singular hash move two plies deeper, a non-singular one that beats beta a ply shallower
	IIReduction       bool // no hash move at a PV or cut node: a ply less, instead of internal iterative deepening
	// Refinements of the clock and a cache of static evaluations.
	ClockNodeShare bool // Ethereal's clock since version 14: a larger ideal time, scaled by the best move's share of the nodes and the score's fall
	EvalCache      bool // static evaluations kept by position key beside the hash table (the same scores, sooner)
	// Details of the search and the clock, each on since it passed an
	// SPRT: the clock that front-loads, LMRCaptures (on the net at
	// 10s+0.1s) and PruneAtLMRDepth (in a group with the tuned margins and
	// ClockNodeShare).
	LMRCaptures     bool // late captures reduced by how seldom they cut off (their capture history)
	ClockFrontLoad  bool // the ideal time a share of ClockFrontLoadMoves moves instead of ClockIdealScaledMoves: more time early
	PruneAtLMRDepth bool // futility and continuation-history pruning judge a quiet move at the depth its reduction would leave
	// With the network: Stockfish 12's rule, on since its SPRT on the net.
	NNUEImbalance bool // a position whose material is far from level is evaluated classically, the margin growing with the fifty-move count
}

// DefaultSwitches is what the engine plays with.
var DefaultSwitches = Switches{
	Aspiration:                true,
	NullMove:                  true,
	ReverseFutility:           true,
	Futility:                  true,
	LateMovePruning:           true,
	SEEPruning:                true,
	LMR:                       true,
	IID:                       true,
	SingularExt:               true,
	CheckExtension:            true,
	RecaptureExt:              false,
	PawnPushExt:               false,
	QSChecks:                  true,
	QSDeltaPruning:            true,
	MateDistance:              true,
	DelayPenalty:              true,
	AspirationREBEL:           false,
	HangingNoReduce:           true,
	MateKiller:                true,
	OrderingHints:             true,
	NullVerify:                true,
	CounterMove:               true,
	ContinuationHistory:       true,
	HistoryReduction:          true,
	FutilityREBEL:             false,
	LazyEval:                  false,
	PositionalGain:            false,
	HorizonTrickOne:           false,
	PawnEndingExt:             false,
	MaterialReduction:         false,
	CheckExtREBEL:             true,
	StaticREBEL:               false,
	ThreatReduction:           false,
	KingPressureExt:           false,
	LMRAdjusted:               true,
	SafeChecksOnly:            true,
	SEEQuietLinearNoisySquare: true,
	ContHistPruning:           true,
	AspirationFailHigh:        true,
	QSSEEThreshold:            true,
	ImprovingPastCheck:        true,
	ContHistNoSink:            true,
	ClockIdealScaled:          true,
	CorrectionHistory:         true,
	CorrectionNonPawn:         false,
	SingularDouble:            true,
	IIReduction:               true,
	ClockNodeShare:            true,
	EvalCache:                 true,
	LMRCaptures:               true,
	ClockFrontLoad:            true,
	PruneAtLMRDepth:           true,
	NNUEImbalance:             true,
}

// builtinSwitches are DefaultSwitches as compiled, before start-up applies
// MATADOR_SWITCHES to them: the base the Switches option's value is read
// against, so that setting it again replaces the earlier value rather than
// adding to it.
var builtinSwitches = DefaultSwitches

// SwitchesFromSpec returns the switches as compiled with spec applied
// (see ApplySwitchSpec); an empty spec gives them as compiled.
func SwitchesFromSpec(spec string) (Switches, error) {
	sw := builtinSwitches
	err := ApplySwitchSpec(&sw, spec)
	return sw, err
}

// ApplySwitchSpec turns techniques on or off by name, for measuring what
// each is worth: "-NullMove,-LMR,+RecaptureExt". Names are the fields of
// Switches. It is used once at start-up, never on a hot path.
func ApplySwitchSpec(sw *Switches, spec string) error {
	return switches.Apply(sw, spec, "search", anySwitch)
}

// SwitchNames lists the technique switches.
func SwitchNames() []string {
	return switches.Names(reflect.TypeOf(Switches{}), anySwitch)
}

// anySwitch: every field of Switches is a switch.
func anySwitch(string) bool { return true }
