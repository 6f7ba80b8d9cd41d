package eval

// Every switch and weight of the evaluation lives here: the Params type, and
// defaultParams, the values the engine plays with, explained term by
// term. Weights are packed S(mg, eg) pairs in centipawns, in one labelled
// block per term family. The values started as hand-set points of the
// usual published magnitudes; every weight of Params.Tunable (the linear
// terms, the king's danger sum and the drawishness scales among them) was
// then fitted by internal/tune, last to 7,178,772 positions of 100,000
// self-play games (docs/tuning.md), and "matador tune run" rewrites the
// numbers here. The rest stays as set by hand; Tunable's comment lists it
// (the piece-square formula, REBEL's counter steps, the mop-up terms among
// them). The switches turn one technique off so that its worth can be
// measured in games.
//
// A new term is a field in Params, its value in defaultParams, its code in
// the evaluation, and (when it is a linear weight) a line in
// Params.Tunable.

// Params is the evaluation's configuration: a switch per technique and
// every weight. An Evaluator reads it through a pointer: the engine's
// evaluators share the defaults, the tuner changes a copy of its own
// (DefaultParams). The fields are explained at their values in
// defaultParams.
type Params struct {
	// Switches.
	UsePawnHash      bool // IPPOLIT: pawn hash table (off: recompute every call)
	UseImbalance     bool // Rybka/IPPOLIT: knight and rook values follow the pawn count
	UseMobility      bool
	UsePawnStructure bool
	UsePassedPawns   bool
	UseOutposts      bool
	UseRookFiles     bool
	UseBishopPair    bool
	UseKingShelter   bool
	UseKingSafety    bool // REBEL: progressive king-safety counter
	UseThreats       bool // REBEL: hanging pieces
	UseScaling       bool // IPPOLIT: winning-chances token
	UseMopUp         bool
	// The first fit's terms, on since that fit (its SPRT is in the ledger).
	UseSpace           bool // safe squares on our side of the centre files, twice behind our pawns
	UseComplexity      bool // the end-game half moves towards zero in drawish material
	UseThreatsByType   bool // threats by attacker and victim, beside REBEL's hanging pieces
	UseKingDangerModel bool // king danger as a tuned sum squared, in place of REBEL's table
	UseBishopShape     bool // bishops on a long diagonal, bishops hemmed in by rammed pawns
	UsePieceActivity   bool // knights far from both kings, knights and rooks by closed pawns, the king's distance to the pawns
	// The second fit's terms, Ethereal's that Matador lacked: on since
	// that fit (its SPRT is in the ledger, docs/strength.md).
	UseKingPawnCover  bool // squares around the king two own pawns defend do not count as attacked
	UsePoorlyDefended bool // king-zone squares the enemy attacks twice and we defend at most once
	UsePassedStacked  bool // a passed pawn with an own pawn behind it on its file, by rank
	UsePawnLead       bool // the end game's complexity grows with the lead in pawns
	UseBackwardByRank bool // backward pawns by rank, beside the flat penalty
	UseSpacePieces    bool // the space squares count again for each own piece
	// The residuals' terms, on since the same fit.
	UseImbalanceClasses bool // six trades (a rook for a minor, a minor for pawns, ...) with a weight each
	UseScaleByPawns     bool // the side ahead with 0-3 pawns converts less of its lead, by a factor for each count
	UsePassedSeveral    bool // a weight for two passed pawns and one for three or more, beside each one's own

	// Material, imbalance, bishop pair, side to move.
	PieceValue                       [7]Score // by chess.PieceType
	KnightPawnAdjust, RookPawnAdjust Score
	ImbalancePawnPivot               int
	BishopPair                       Score
	ImbalanceClass                   [NumImbalanceClasses]Score
	Tempo                            Score

	// Piece-square tables by formula, and the pawn centre.
	PSTFile                       [7][4]Score
	PSTRank                       [7][8]Score
	PawnCentre, PawnCentreUnmoved Score
	PSTSquare                     [7][64]Score

	// Mobility by the number of safe squares attacked.
	KnightMobility [9]Score
	BishopMobility [14]Score
	RookMobility   [15]Score
	QueenMobility  [28]Score

	// Pawn structure.
	PawnDoubled, PawnIsolatedUnopposed  Score
	PawnBackward, PawnBackwardUnopposed Score
	PawnIsolated                        [64]Score
	PawnBackwardRank                    [8]Score
	PawnConnected                       [8]Score
	PawnCandidate                       [8]Score

	// Passed pawns.
	PassedRank, PassedFreePath                     [8]Score
	PassedSafePath, PassedSafeStop                 [8]Score
	PassedKingDistanceCap                          int
	PassedEnemyKingDistance, PassedOwnKingDistance [8]Score
	PassedSupported                                [8]Score
	PassedUnstoppable                              Score
	PassedStacked                                  [8]Score
	PassedSeveral                                  [2]Score

	// Minor pieces and rooks.
	KnightOutpost, BishopOutpost, MinorBehindPawn Score
	BishopLongDiagonal, BishopRammedPawns         Score
	KnightKingDistance                            [8]Score
	KnightClosedness, RookClosedness              [9]Score
	RookOpenFile, RookHalfOpenFile, RookOnSeventh Score
	SpaceSquare, SpacePieces                      Score

	// King shelter, pawn storm and REBEL's king-safety counter.
	KingShelter, KingStorm           [4][8]Score
	KingStormBlocked                 [8]Score
	KingCounterSquare                [64]int
	KingAttackPattern                [32]int
	KingSafeCheck                    [7]int
	KingDangerSquare                 [64]Score
	KingDangerPattern                [32]Score
	KingDangerRing                   [2]Score
	KingDangerFront                  [3]Score
	KingDangerSafeCheck              [7]Score
	KingDangerAttackers              [7]Score
	KingDangerZoneAttacks            Score
	KingDangerWeakSquares            Score
	KingDangerPoorlyDefended         Score
	KingDangerSafeChecks             [7]Score
	KingDangerBase                   Score
	KingDefenders                    [12]Score
	KingPawnDistance                 [8]Score
	KingDangerMgDiv, KingDangerEgDiv int
	KingSafetyTable                  [40]int

	// Threats and mop-up.
	HangingPiece                           [7]Score
	ThreatMultiple                         Score
	ThreatByPawn, ThreatByMinor            [7]Score
	ThreatByRook                           [7]Score
	ThreatByKing, ThreatByPawnPush         Score
	ThreatOverload, QueenXRay              Score
	MopUpEdge, MopUpCorner, MopUpCloseness Score

	// Complexity: the end-game score moves towards zero in drawish
	// material; only the end-game halves count.
	ComplexityPawns, ComplexityFlanks      Score
	ComplexityPawnEnding, ComplexityAdjust Score
	ComplexityPawnLead                     Score

	// Drawish material, in 64ths (ScaleNormal), tapered by phase like a
	// score: the middle-game half applies in the middle game, the end-game
	// half in the end game.
	ScalePawnlessLoneMinor, ScalePawnlessVsMinor, ScalePawnless  Score
	ScaleOCBBishopsOnly, ScaleOCBWithPieces, ScaleOnePawnNoExtra Score
	ScaleLoneQueen                                               Score
	// With UseScaleByPawns: by the side ahead's pawns (0-3), where no rule
	// above applies.
	ScaleStrongPawns [4]Score

	// pst[c][t][s]: the piece-square value of a piece of colour c and type
	// t on s, from c's point of view; built by Rebuild.
	pst [2][7][64]Score
}

// DefaultParams returns a copy of the engine's configuration, its tables
// built, for a caller to change and evaluate with (NewEvaluatorWith).
func DefaultParams() *Params {
	p := defaultParams
	return &p
}

// Material: values the search uses for delta pruning, hanging-piece
// threats and the recapture window, and the evaluation's own scale rules.
// They are the middle-game halves of PieceValue.
const (
	PawnValue   = 100
	KnightValue = 332
	BishopValue = 346
	RookValue   = 442
	QueenValue  = 1020
)

// Phase weights (Fruit/Rybka style 1/1/2/4); PhaseTotal is the opening.
const (
	PhaseKnight = 1
	PhaseBishop = 1
	PhaseRook   = 2
	PhaseQueen  = 4
	PhaseTotal  = 24
)

// REBEL's table penalty counts 1/KingSafetyEgDivisor in the end game.
const KingSafetyEgDivisor = 8

// The drawishness scale of an ordinary position: the factors are in 64ths.
const ScaleNormal = 64

// defaultParams is the configuration the engine plays with.
var defaultParams = Params{
	// Switches: one per technique, all on.
	UsePawnHash:         true, // IPPOLIT: pawn hash table (off: recompute every call)
	UseImbalance:        true, // Rybka/IPPOLIT: knight and rook values follow the pawn count
	UseMobility:         true,
	UsePawnStructure:    true,
	UsePassedPawns:      true,
	UseOutposts:         true,
	UseRookFiles:        true,
	UseBishopPair:       true,
	UseKingShelter:      true,
	UseKingSafety:       true, // REBEL: progressive king-safety counter
	UseThreats:          true, // REBEL: hanging pieces
	UseScaling:          true, // IPPOLIT: winning-chances token
	UseMopUp:            true,
	UseSpace:            true,
	UseComplexity:       true,
	UseThreatsByType:    true,
	UseKingDangerModel:  true,
	UseBishopShape:      true,
	UsePieceActivity:    true,
	UseKingPawnCover:    true,
	UsePoorlyDefended:   true,
	UsePassedStacked:    true,
	UsePawnLead:         true,
	UseBackwardByRank:   true,
	UseSpacePieces:      true,
	UseImbalanceClasses: true,
	UseScaleByPawns:     true,
	UsePassedSeveral:    true,

	// Material, indexed by chess.PieceType. The rook gains most for its
	// value in the end game, where open lines matter more than piece play.
	PieceValue: [7]Score{
		0,
		S(PawnValue, 117),
		S(KnightValue, 403),
		S(BishopValue, 423),
		S(RookValue, 700),
		S(QueenValue, 1301),
		0,
	},

	// Material imbalance (Rybka/IPPOLIT: knight and rook adjustments by pawn
	// count): per knight and per rook, times (own pawns -
	// ImbalancePawnPivot). Knights like closed positions full of pawns;
	// rooks want the files the pawns leave.
	KnightPawnAdjust:   S(2, 4),
	RookPawnAdjust:     S(-7, -3),
	ImbalancePawnPivot: 5,

	// Bishop pair.
	BishopPair: S(23, 71),

	// With UseImbalanceClasses: the side with the larger pieces in each
	// imbalance class (eval.go, imbalanceClass).
	ImbalanceClass: [6]Score{S(17, 10), S(-1, 22), S(22, -13), S(7, 20), S(9, 37), S(-1, 2)},

	// Tempo: the side to move is worth a little.
	Tempo: S(14, 13),

	// Piece-square tables by formula (IPPOLIT: PST generated at start-up):
	// value(piece, square) = PSTFile[piece][file folded to a..d] +
	// PSTRank[piece][rank counted from the owner's side]. Files fold, so the
	// formula scores a position and its mirror across the d/e line alike;
	// PSTSquare below tells the wings apart.
	PSTFile: [7][4]Score{
		{},
		{S(-5, 5), S(-1, 6), S(0, -1), S(3, -5)}, // pawn
		{S(-18, -20), S(-8, -6), S(0, 1), S(3, 8)},  // knight
		{S(-6, -6), S(4, -3), S(1, 5), S(3, 2)},     // bishop
		{S(-3, 3), S(-4, 0), S(0, -1), S(8, -1)},    // rook
		{S(-5, -11), S(-1, -4), S(5, 6), S(0, 6)},   // queen
		{S(20, -29), S(37, -9), S(5, 3), S(-14, 9)}, // king: castled files, central in the end game
	},

	PSTRank: [7][8]Score{
		{},
		{0, S(1, 6), S(0, -1), S(3, 8), S(3, 13), S(16, 27), S(24, 38), 0},                              // pawn
		{S(-20, -21), S(-9, -9), S(-1, 0), S(13, 7), S(16, 13), S(14, 6), S(7, -1), S(-25, -15)},        // knight
		{S(-6, -5), S(-1, -5), S(6, -1), S(4, 0), S(2, 3), S(8, 4), S(-3, -3), S(-8, -4)},               // bishop
		{S(1, -8), S(-11, -9), S(-8, -3), S(-5, 0), S(3, 5), S(7, 13), S(10, 7), S(8, 7)},               // rook
		{S(-9, -15), S(3, -9), S(-1, 0), S(-3, 6), S(5, 10), S(5, 8), S(-2, 3), S(-5, -5)},              // queen
		{S(1, -37), S(-16, -11), S(-31, 0), S(-49, 10), S(-57, 18), S(-64, 16), S(-70, 5), S(-74, -20)}, // king
	},

	// Pawn centre terms added to the formula: a pawn on d4/e4/d5/e5 claims the
	// centre; one still on d2/e2 blocks its own bishop.
	PawnCentre:        S(11, 6),
	PawnCentreUnmoved: S(-10, -1),

	// The formula's tables get a tuned correction per square, the whole
	// board from the owner's side (a1 first): the king's and the queen's
	// wings differ once castled.
	PSTSquare: [7][64]Score{
		{},
		{ // pawn
			0, 0, 0, 0, 0, 0, 0, 0,
			S(-6, 9), S(-10, 7), S(-18, 5), S(-14, 6), S(-8, 22), S(-7, 10), S(9, 1), S(-13, 1),
			S(-19, 5), S(-19, 6), S(-21, 6), S(-19, 6), S(-15, 11), S(-17, 3), S(-4, 2), S(-22, 1),
			S(-18, 0), S(-18, 4), S(-14, -8), S(-21, -10), S(-13, -12), S(-9, -1), S(-13, 1), S(-20, -3),
			S(-10, -3), S(-13, 2), S(-13, -2), S(-21, -14), S(-12, -13), S(1, -4), S(-6, -2), S(-17, 4),
			S(-17, -12), S(-22, 7), S(-8, 0), S(7, -13), S(-2, -9), S(-12, -4), S(6, 6), S(-9, -3),
			S(8, -28), S(-16, 13), S(-2, 5), S(8, 10), S(12, 4), S(2, -4), S(-6, -2), S(2, -26),
			0, 0, 0, 0, 0, 0, 0, 0,
		},
		{ // knight
			S(3, 4), S(4, 14), S(-8, -8), S(-6, 5), S(3, 2), S(4, -7), S(4, 1), S(-1, -4),
			S(0, 4), S(0, -2), S(-14, -5), S(-8, -10), S(-5, -6), S(-3, -8), S(9, 1), S(13, 0),
			S(-4, 6), S(-3, -5), S(-14, -7), S(-7, 0), S(-8, 2), S(-11, -13), S(-5, -4), S(3, 11),
			S(6, 2), S(-9, 1), S(3, -6), S(-8, 3), S(-2, 3), S(6, -1), S(7, 1), S(9, 10),
			S(10, 8), S(-2, -7), S(0, -1), S(3, 0), S(-7, -1), S(4, 0), S(-2, 2), S(15, 7),
			S(-3, 3), S(0, -6), S(-1, 2), S(-6, 0), S(-5, 0), S(10, -5), S(-14, -4), S(0, 0),
			S(-5, 8), S(-2, 15), S(3, 1), S(9, 0), S(-1, 9), S(15, -6), S(-2, 7), S(10, 9),
			S(-19, -13), S(5, 8), S(2, 6), S(-2, -1), S(12, 7), S(-3, 3), S(2, 6), S(-10, -7),
		},
		{ // bishop
			S(-2, -9), S(2, -2), S(-4, 3), S(-8, -1), S(6, -4), S(-14, 3), S(4, -5), S(11, -9),
			S(6, -7), S(-7, -15), S(10, -10), S(-3, 4), S(-3, 4), S(10, 0), S(-1, -15), S(9, -3),
			S(-1, -3), S(4, 7), S(-10, -2), S(-3, 4), S(0, 18), S(-12, -10), S(1, 7), S(3, -7),
			S(2, 3), S(-1, 6), S(11, 8), S(18, 16), S(19, 11), S(11, 8), S(2, -1), S(4, -3),
			S(-16, -1), S(8, -4), S(15, -2), S(19, 11), S(12, 14), S(26, -3), S(9, 3), S(-2, 4),
			S(-9, 2), S(-13, 6), S(-16, -11), S(10, 6), S(6, -2), S(1, 0), S(-6, 5), S(-2, 3),
			S(-9, 7), S(-16, 3), S(0, 5), S(4, 2), S(-5, 15), S(-5, 3), S(-20, -4), S(-16, -4),
			S(-11, -7), S(-5, 5), S(-3, -2), S(-3, 4), S(-5, 1), S(-4, -4), S(-5, -7), S(1, -2),
		},
		{ // rook
			S(-9, -17), S(-8, -13), S(-8, -10), S(-13, -12), S(-6, -19), S(-2, -13), S(-4, -12), S(-4, -30),
			S(-12, -12), S(-5, -9), S(-4, 8), S(-3, -4), S(-1, 1), S(16, -8), S(10, -9), S(-10, -16),
			S(-12, -5), S(-1, 1), S(-5, 4), S(-5, -1), S(-4, 3), S(2, -2), S(11, -5), S(-14, -8),
			S(-14, 9), S(-8, 19), S(-2, 14), S(-12, 11), S(0, 7), S(6, 16), S(12, 8), S(-5, -1),
			S(-11, 9), S(-3, 14), S(5, 9), S(-2, 10), S(-1, 7), S(16, 11), S(6, 6), S(0, -2),
			S(-14, 7), S(-7, 0), S(2, 2), S(7, -2), S(13, -1), S(16, 1), S(13, 2), S(-9, -2),
			S(-12, -1), S(-3, 1), S(1, -3), S(10, -8), S(5, -5), S(12, 4), S(6, 7), S(3, -2),
			S(-7, 5), S(-3, 9), S(-4, 14), S(3, 12), S(-9, 15), S(6, 18), S(11, 13), S(11, 9),
		},
		{ // queen
			S(5, -12), S(-14, -19), S(-16, -30), S(-3, -33), S(-8, -20), S(-10, -32), S(-16, -14), S(-4, -7),
			S(-1, -11), S(-7, -10), S(-8, -14), S(-7, -12), S(-1, -23), S(-5, -23), S(-5, -27), S(1, -5),
			S(-2, -1), S(0, -6), S(-5, -5), S(-3, -4), S(-3, 6), S(0, -4), S(17, -10), S(10, -4),
			S(8, -5), S(-3, 0), S(-7, 11), S(4, 13), S(6, 18), S(6, 4), S(9, 13), S(15, -1),
			S(-5, 3), S(-10, 8), S(-9, 3), S(-7, 13), S(6, 22), S(9, 3), S(-1, 14), S(7, 5),
			S(-12, 0), S(-4, 11), S(-15, 9), S(0, 14), S(9, 18), S(11, 9), S(2, 8), S(-1, 12),
			S(-15, 13), S(-17, 17), S(-8, 9), S(1, 18), S(3, 16), S(0, 12), S(-4, 8), S(9, 8),
			S(13, 13), S(8, 18), S(2, 11), S(15, 19), S(16, 18), S(12, 13), S(14, 15), S(25, 16),
		},
		{ // king
			S(-10, 6), S(-18, -3), S(-9, -11), S(-33, -14), S(-6, -33), S(-39, -11), S(-26, 0), S(-1, -3),
			S(7, -6), S(-15, -7), S(-4, -22), S(-16, -20), S(-21, -20), S(-19, -14), S(-26, -3), S(3, 0),
			S(5, -10), S(7, -15), S(-5, -18), S(7, -17), S(3, -15), S(2, -13), S(5, -11), S(-10, 2),
			S(5, -2), S(8, -10), S(7, -8), S(-2, -3), S(2, -5), S(8, -10), S(9, -6), S(-1, 0),
			S(7, -5), S(13, -6), S(4, 3), S(2, -1), S(2, 0), S(12, -2), S(17, 0), S(5, -1),
			S(-3, -2), S(7, 8), S(6, 17), S(4, 15), S(9, 16), S(5, 22), S(15, 16), S(4, 6),
			S(-2, 0), S(12, 33), S(10, 28), S(6, 27), S(6, 26), S(8, 34), S(9, 42), S(0, -5),
			S(-5, -29), S(5, 12), S(3, 18), S(6, 17), S(4, 17), S(5, 24), S(6, 19), S(-13, -58),
		},
	},

	// Mobility: indexed by the number of squares a piece attacks that hold no
	// own pawn or king and that no enemy pawn attacks (IPPOLIT: safe
	// mobility). Each table crosses zero at a few squares: a piece with less
	// room than that costs, one with more gains.
	KnightMobility: [9]Score{
		S(-60, -65), S(-25, -39), S(-9, -12), S(1, 4), S(7, 21), S(15, 28), S(22, 33), S(29, 33), S(35, 26),
	},

	BishopMobility: [14]Score{
		S(-42, -61), S(-17, -30), S(-4, -8), S(1, 6), S(7, 14), S(12, 22), S(14, 27),
		S(14, 30), S(19, 34), S(21, 35), S(30, 28), S(37, 29), S(35, 24), S(41, 33),
	},

	RookMobility: [15]Score{
		S(-70, -75), S(-27, -37), S(-5, -10), S(1, -1), S(4, 9), S(0, 21), S(2, 29), S(7, 27),
		S(8, 35), S(10, 41), S(11, 48), S(15, 54), S(19, 57), S(27, 52), S(20, 67),
	},

	QueenMobility: [28]Score{
		S(-20, -40), S(-27, -33), S(-19, -24), S(-9, -15), S(-1, -13), S(3, -3), S(10, -9),
		S(9, 8), S(12, 12), S(13, 17), S(14, 26), S(15, 31), S(18, 36), S(17, 41),
		S(13, 50), S(16, 53), S(12, 60), S(13, 63), S(17, 62), S(18, 61), S(20, 60),
		S(26, 55), S(28, 50), S(26, 42), S(24, 44), S(20, 37), S(24, 48), S(24, 45),
	},

	// Pawn structure (evaluated once per pawn structure through the pawn hash).
	PawnDoubled:           S(-12, -26), // per pawn with an own pawn ahead on its file
	PawnIsolatedUnopposed: S(-3, -12),  // an isolated pawn on a half-open file is a target
	PawnBackward:          S(3, -13),
	PawnBackwardUnopposed: S(-18, -2),
	// With UseBackwardByRank, beside PawnBackward: a backward pawn by its
	// rank (Ethereal: a backward pawn further up is easier to attack).
	PawnBackwardRank: [8]Score{0, S(0, 6), S(0, 2), S(-2, 2), S(5, -9), S(-4, -5), 0, 0},

	// REBEL: isolated pawn penalty by square table, so that a central
	// isolated pawn can cost more than one on the rim. Indexed by the square
	// from the owner's side, a1 first; each line is one rank, rank 1 on top.
	PawnIsolated: [64]Score{
		0, 0, 0, 0, 0, 0, 0, 0,
		S(-3, -6), S(-2, -10), S(-6, -7), S(-12, -6), S(-10, -14), S(-8, -10), S(-7, -9), S(3, -6),
		S(7, -1), S(1, -2), S(-10, -7), S(-4, 2), S(-11, -11), S(-1, -7), S(-8, -4), S(2, -2),
		S(9, 5), S(-6, 0), S(-3, -4), S(-7, -7), S(-7, -11), S(-9, -6), S(-10, 3), S(1, -3),
		S(9, 2), S(5, 0), S(0, 2), S(0, 2), S(-11, 0), S(-1, -7), S(6, -6), S(17, -11),
		S(20, -12), S(6, -16), S(1, -3), S(5, 2), S(10, -1), S(15, -9), S(4, -25), S(-2, -23),
		S(15, -40), S(-4, -26), S(-3, -3), S(4, 4), S(-1, -2), S(2, -6), S(-2, -8), S(10, -43),
		0, 0, 0, 0, 0, 0, 0, 0,
	},

	// Connected pawns (side by side or defended by a pawn), by rank from the
	// owner's side: the chain grows in worth as it advances.
	PawnConnected: [8]Score{
		0, S(1, -4), S(11, 4), S(12, 9), S(18, 22), S(22, 56), S(59, 62), 0,
	},

	// Candidate passed pawns, by rank: no enemy pawn ahead on the file and
	// at least as many own pawns beside it or behind it on the neighbouring
	// files as enemy pawns in front on them, so that it can force its way
	// through.
	PawnCandidate: [8]Score{0, S(-4, -4), S(0, 6), S(5, 15), S(13, 24), S(34, 27), 0, 0},

	// Passed pawns by rank (IPPOLIT/Rybka: passed pawn value by rank), stored
	// in the pawn hash (as is PassedStacked); the other terms below depend on
	// pieces and kings and are added on every call.
	PassedRank: [8]Score{
		0, S(6, 34), S(-13, 49), S(-6, 64), S(37, 64), S(83, 71), S(88, 98), 0,
	},

	// Rybka/IPPOLIT: passed pawn with a clear path (no piece ahead on its file).
	PassedFreePath: [8]Score{
		0, S(-4, 9), S(-1, -1), S(-8, 12), S(-1, 14), S(6, 42), S(42, 78), 0,
	},

	// Rybka/IPPOLIT: attacks on the squares ahead. SafePath when the enemy
	// neither holds nor attacks any square up to promotion, SafeStop when only
	// the next square is safe.
	PassedSafePath: [8]Score{0, S(-18, 11), S(-32, 14), S(-40, 24), S(-21, 39), S(7, 53), S(26, 35), 0},
	PassedSafeStop: [8]Score{0, S(9, -7), S(3, 4), S(5, 1), S(5, 9), S(13, 18), S(8, 22), 0},

	// King distance to the square in front of a passed pawn, counted up to
	// PassedKingDistanceCap, per step by the pawn's rank: the enemy king
	// far away and our own close both help in the end game.
	PassedKingDistanceCap:   5,
	PassedEnemyKingDistance: [8]Score{0, S(0, -3), S(-2, -2), S(-8, 12), S(-3, 26), S(-2, 45), S(5, 62), 0},
	PassedOwnKingDistance:   [8]Score{0, S(-6, 0), S(2, -8), S(7, -19), S(-3, -21), S(-10, -25), S(-7, -32), 0},

	// A passed pawn defended by an own pawn or with one beside it, by rank.
	PassedSupported: [8]Score{0, S(2, 1), S(8, -8), S(5, 6), S(13, 14), S(21, 11), S(11, 22), 0},

	// REBEL: quadrant rule. Against a side with only king and pawns, a passer
	// the enemy king cannot catch is on its way to a queen.
	PassedUnstoppable: S(-1, 374),

	// With UsePassedStacked: a passed pawn with an own pawn behind it on its
	// file, by the passer's rank (Ethereal: the rear pawn adds little).
	PassedStacked: [8]Score{0, 0, S(-9, -14), S(4, 0), 0, S(-12, 4), S(-18, -1), 0},
	// With UsePassedSeveral: a side with two passed pawns, with three or
	// more, beside what each is worth alone (the residual it answers: two
	// passers more than the enemy were worth more than the evaluation said).
	PassedSeveral: [2]Score{S(-1, 6), S(-8, -7)},

	// Minor-piece placement: an outpost is a square on ranks 4-6 defended by an
	// own pawn that no enemy pawn can ever attack; a minor right behind a pawn
	// is shielded from frontal attack and blocks nothing of its own.
	KnightOutpost:   S(8, 9),
	BishopOutpost:   S(14, 10),
	MinorBehindPawn: S(7, 17),

	// A bishop on a long diagonal that sees both centre squares of it; a
	// bishop hemmed in by its own pawns on its colour that enemy pawns
	// block, per such pawn.
	BishopLongDiagonal: S(19, 10),
	BishopRammedPawns:  S(-5, -4),

	// With UsePieceActivity: a knight by its distance to the nearer king
	// (one far from both plays no part), and each knight and rook by how
	// closed the pawns are (closedness, 0 to 8; the idea that knights gain
	// behind locked pawns and rooks want open files) (Ethereal, not in the
	// seeds).
	KnightKingDistance: [8]Score{0, S(0, 17), S(8, 11), S(2, 16), S(-3, 10), S(-6, 1), S(-4, -7), S(-7, -8)},
	KnightClosedness:   [9]Score{S(3, 0), S(-7, 0), S(-3, 9), S(-1, 5), S(-1, 9), S(1, 10), S(-2, 10), S(0, 2), S(1, -7)},
	RookClosedness:     [9]Score{S(-14, 30), S(-13, 25), S(-14, 20), S(-1, 1), S(-3, 0), S(1, -3), S(1, -5), S(-10, -2), S(-1, -4)},

	// Space: per safe square (no own pawn on it, no enemy pawn attacking
	// it) on our 2nd to 4th ranks in files c to f, twice for one behind an
	// own pawn.
	SpaceSquare: S(-11, 0),
	// With UseSpacePieces: the same squares again for each own knight,
	// bishop, rook and queen (Stockfish: space is worth more with more
	// pieces to use it).
	SpacePieces: S(2, 0),

	// Rooks on open and half-open files and on the 7th rank (Rybka/IPPOLIT:
	// Rook7thKingPawn, only when the enemy king is on the 8th or enemy pawns
	// remain on the 7th).
	RookOpenFile:     S(29, -7),
	RookHalfOpenFile: S(13, 2),
	RookOnSeventh:    S(-9, 26),

	// King shelter and pawn storm on the king's file and its two neighbours
	// (IPPOLIT/Rybka: 3-file shelter arrays). KingShelter is indexed by the
	// rank (from the king's side) of the nearest own pawn level with the
	// king or ahead of it, 0 for none; KingStorm by the rank of the nearest
	// such enemy pawn, KingStormBlocked when one of our pawns stands right in
	// front of it.
	// Both tables are by file (folded to a..d) and rank.
	KingShelter: [4][8]Score{
		{S(-17, 16), S(22, -24), S(19, -13), S(7, -6), S(-1, -2), S(15, -5), S(7, 6), 0},
		{S(-16, 14), S(29, -2), S(19, -10), S(6, -7), S(-3, 3), S(9, 4), S(12, 11), 0},
		{S(-15, 4), S(22, 5), S(1, -1), S(-1, -9), S(-3, -2), S(18, -7), S(13, 13), 0},
		{S(-12, 7), S(10, 5), S(-2, 2), S(-3, 4), S(0, 2), S(-13, 1), S(-1, -4), 0},
	},
	KingStorm: [4][8]Score{
		{S(-13, -11), S(1, 36), S(-21, 40), S(-28, 17), S(-10, -4), S(-6, -8), S(-3, -13), 0},
		{S(-15, 2), S(2, 6), S(-23, 21), S(-16, 7), S(-14, 3), S(-2, -7), S(-5, -7), 0},
		{S(-2, -2), S(-18, 19), S(-57, 19), S(-9, 8), S(3, -2), S(5, -8), S(12, -9), 0},
		{S(-6, 3), S(-6, 9), S(-28, 21), S(-15, 3), S(-5, -5), S(6, -6), S(5, -8), 0},
	},
	KingStormBlocked: [8]Score{0, 0, S(-19, -25), S(9, -21), S(13, -18), S(3, -22), S(-14, -11), 0},

	// REBEL: progressive king safety. A counter collects the pressure on the
	// squares around a king, and the penalty grows faster than the counter,
	// so that several attackers together count for more than their sum.
	// With UseKingDangerModel the counter only decides whether there is any
	// danger (none at 0): its inputs each enter a danger sum with a tuned
	// weight of their own, beside inputs REBEL does not have; the
	// middle-game penalty is danger^2/KingDangerMgDiv (the danger capped at
	// MaxDanger), the end-game one danger/KingDangerEgDiv (only a positive
	// danger costs). Without it, KingSafetyTable maps the counter to the
	// penalty.
	//
	// KingCounterSquare pre-fills the counter from the king's square (from the
	// owner's side, a1 first, rank 1 on top): a king that has left its corner
	// starts in danger.
	KingCounterSquare: [64]int{
		1, 0, 0, 1, 1, 0, 0, 1,
		2, 1, 1, 2, 2, 1, 1, 2,
		3, 3, 3, 4, 4, 3, 3, 3,
		5, 5, 5, 5, 5, 5, 5, 5,
		6, 6, 6, 6, 6, 6, 6, 6,
		6, 6, 6, 6, 6, 6, 6, 6,
		6, 6, 6, 6, 6, 6, 6, 6,
		6, 6, 6, 6, 6, 6, 6, 6,
	},

	// REBEL: attack-pattern table. Index bits say which kinds of enemy piece hit
	// the king's zone: 1 pawn, 2 minor, 4 rook, 8 queen, 16 king. A lone piece
	// earns nothing; the queen with helpers earns most.
	KingAttackPattern: [32]int{
		//   -  P  M  MP R  RP RM RMP
		0, 0, 0, 1, 0, 1, 1, 2, // no queen
		0, 1, 2, 3, 2, 3, 3, 4, // queen
		0, 0, 0, 1, 0, 1, 1, 2, // king, no queen
		1, 2, 2, 3, 2, 3, 3, 4, // king and queen
	},

	// Counter steps when the enemy has a safe check (a check from a square we
	// do not defend), by piece type: once a type, however many such checks it
	// has. Not in REBEL's text; it lets the counter see attacks that come from
	// outside the king's zone.
	KingSafeCheck: [7]int{0, 0, 2, 1, 2, 2, 0},

	// KingSafetyTable maps REBEL's counter to a middle-game penalty (the end
	// game gets 1/KingSafetyEgDivisor of it) when UseKingDangerModel is off.
	KingSafetyTable: [40]int{
		0, 1, 2, 4, 7, 11, 16, 22, 29, 37,
		46, 56, 67, 79, 92, 106, 121, 137, 154, 172,
		191, 211, 232, 254, 277, 300, 324, 348, 372, 396,
		420, 440, 460, 480, 500, 500, 500, 500, 500, 500,
	},

	// With UseKingDangerModel, the danger sum: the inputs of REBEL's counter
	// each with a weight of its own (the king's square, when the enemy has
	// two pieces besides the queen; the attack pattern; the ring's attacked
	// and undefended squares; the front's attacked, empty and undefended
	// squares; a safe check by piece type), the enemy pieces that attack
	// the king's zone by type, their attacks on the ring around the king,
	// the ring's attacked squares that no pawn, minor or rook of ours
	// defends, the safe checks by piece type counted, and a constant. Before
	// the fits it was REBEL's counter times S(19, 12), the rest 0: REBEL's
	// table grows as counter^2/2, and 19^2/720 is about 1/2.
	KingDangerSquare: [64]Score{
		S(20, 11), S(9, 0), S(12, -1), S(35, 11), S(16, 20), S(17, -1), S(-8, -8), S(32, 12),
		S(37, 25), S(9, 12), S(12, 11), S(32, 25), S(13, 28), S(5, 11), S(-17, 11), S(13, 22),
		S(57, 35), S(48, 36), S(54, 36), S(78, 48), S(70, 48), S(51, 36), S(43, 34), S(61, 36),
		S(99, 60), S(97, 60), S(97, 60), S(99, 60), S(98, 60), S(96, 60), S(101, 61), S(93, 60),
		S(115, 72), S(112, 71), S(117, 71), S(113, 72), S(113, 72), S(116, 72), S(112, 71), S(116, 72),
		S(118, 72), S(115, 72), S(115, 72), S(115, 72), S(113, 72), S(113, 72), S(114, 72), S(114, 72),
		S(115, 72), S(114, 72), S(111, 72), S(115, 72), S(114, 72), S(114, 72), S(114, 72), S(114, 72),
		S(114, 72), S(114, 72), S(114, 72), S(115, 72), S(114, 72), S(114, 72), S(114, 72), S(114, 72),
	},
	KingDangerPattern: [32]Score{
		S(12, 1), S(-2, -2), S(8, 4), S(8, 11), S(4, 0), S(-5, 7), S(33, 10), S(32, 24),
		S(30, 3), S(17, 10), S(33, 30), S(35, 37), S(42, 24), S(41, 28), S(70, 38), S(70, 50),
		0, S(1, 0), S(0, 0), S(16, 12), S(-1, 0), S(21, 12), S(20, 12), S(40, 24),
		S(21, 12), S(41, 24), S(38, 24), S(51, 36), S(40, 23), S(51, 35), S(57, 36), S(76, 48),
	},
	KingDangerRing:        [2]Score{S(-23, 2), S(14, 1)},
	KingDangerFront:       [3]Score{S(9, 4), S(-5, -2), S(32, 3)},
	KingDangerSafeCheck:   [7]Score{0, 0, S(68, 26), S(41, 17), S(74, 28), S(73, 42), 0},
	KingDangerAttackers:   [7]Score{0, 0, S(34, 8), S(17, 2), S(8, -6), S(2, 0), 0},
	KingDangerZoneAttacks: S(34, -5),
	KingDangerWeakSquares: S(23, -7),
	// With UsePoorlyDefended: king-zone squares the enemy attacks twice and
	// we defend at most once.
	KingDangerPoorlyDefended: S(26, -2),
	KingDangerSafeChecks:     [7]Score{0, 0, S(26, 3), S(23, 5), S(41, 4), S(36, 23), 0},
	KingDangerBase:           S(-17, 0),
	KingDangerMgDiv:          720,
	KingDangerEgDiv:          20,
	// With UseKingDangerModel, our pawns, knights and bishops in the king's
	// zone, by their count: the defenders an attack has to get through
	// (Ethereal, not in the seeds).
	KingDefenders: [12]Score{S(-39, -7), S(-12, -11), S(-2, 1), S(6, 8), S(14, 6), S(21, 0), S(10, 4), S(1, 1), 0, 0, 0, 0},
	// With UsePieceActivity, the king by its distance in files to the
	// nearest pawn of either colour: in the end game a king far from every
	// pawn is out of play (Ethereal, not in the seeds).
	KingPawnDistance: [8]Score{S(8, 78), S(-22, 73), S(7, 38), S(15, -15), S(4, -53), S(-3, -54), S(-8, -54), S(-3, -17)},

	// REBEL: hanging pieces, by the type of the piece at risk: attacked by a
	// cheaper enemy piece, or attacked and not defended. ThreatMultiple when two
	// or more pieces (not pawns) hang at once: only one can be saved.
	HangingPiece:   [7]Score{0, S(16, 30), S(20, 11), S(14, 15), S(21, 2), S(18, -2), 0},
	ThreatMultiple: S(47, 30),

	// Threats by attacker and victim: an enemy piece attacked by our pawn,
	// by our knight or bishop, by our rook (by the victim's type; pawns and
	// minors count only when no enemy pawn defends them), by our king
	// (undefended pieces), and a pawn push to a safe square that attacks
	// an enemy piece.
	ThreatByPawn:     [7]Score{0, 0, S(36, 26), S(37, 35), S(29, 27), S(20, 2), 0},
	ThreatByMinor:    [7]Score{0, S(-1, 16), S(16, 29), S(24, 18), S(31, 22), S(24, 9), 0},
	ThreatByRook:     [7]Score{0, S(4, 12), S(16, 30), S(24, 24), 0, S(40, 13), 0},
	ThreatByKing:     S(32, 14),
	ThreatByPawnPush: S(14, 17),
	// An overloaded defender: an enemy piece or pawn that alone defends two
	// or more pieces we attack, and cannot keep both.
	ThreatOverload: S(8, 8),
	// Our queen, per enemy rook, bishop or queen that would attack it once
	// the one piece between them moved: a pin or a discovered attack waiting.
	QueenXRay: S(-17, 9),

	// Mop-up: with the enemy king alone, drive it to the edge (to a corner of
	// the bishop's colour with bishop and knight, a step of MopUpCorner per
	// file off the other colour's long diagonal) and bring our king close.
	MopUpEdge:      S(0, 10),
	MopUpCorner:    S(0, 80),
	MopUpCloseness: S(0, 6),

	// Complexity: with few pawns or pawns on one wing only the side ahead
	// converts less, and a pure pawn ending (fitted positive) converts more;
	// the end-game score moves towards zero by at most its own size, or
	// away from it. Per pawn, for pawns on both wings, for
	// a pure pawn ending, and a constant; end-game halves only.
	ComplexityPawns:      S(0, 3),
	ComplexityFlanks:     S(0, 55),
	ComplexityPawnEnding: S(0, 48),
	ComplexityAdjust:     S(0, -90),
	// With UsePawnLead: per pawn of lead (Ethereal: an ending with more
	// pawns up is easier to win).
	ComplexityPawnLead: S(0, 8),

	// Drawish material (IPPOLIT: winning-chances token), in 64ths
	// (ScaleNormal) of the score of the side ahead.
	ScalePawnlessLoneMinor: 0,         // no pawns, at most a minor up and only a minor's worth: cannot win
	ScalePawnlessVsMinor:   S(5, 4),   // no pawns, at most a minor up, defender keeps a minor (KR v KB)
	ScalePawnless:          S(32, 0),  // no pawns, at most a minor up
	ScaleOCBBishopsOnly:    S(20, 18), // opposite-coloured bishops and pawns only
	ScaleOCBWithPieces:     S(64, 42), // opposite-coloured bishops and at most a rook or minor more each
	ScaleOnePawnNoExtra:    S(63, 36), // one pawn and no extra piece, e.g. KRP v KR
	ScaleLoneQueen:         S(60, 50), // a queen and no pawns against at least two pieces
	// With UseScaleByPawns: the side ahead with no pawn, one, two, three
	// (Stockfish: fewer pawns, fewer winning chances); 64 scales nothing.
	ScaleStrongPawns: [4]Score{S(28, 35), S(64, 45), S(53, 64), S(63, 64)},
}
