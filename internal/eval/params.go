package eval

// Every switch and weight of the evaluation lives here (but the pawn-king
// network's weights, which pknet_weights.go holds): the Params type, and
// defaultParams, the values the engine plays with, explained term by
// term. Weights are packed S(mg, eg) pairs in centipawns, in one labelled
// block per term family. The values started as hand-set points of the
// usual published magnitudes; every weight of Params.Tunable (the linear
// terms, the king's danger sum and the drawishness scales among them)
// except issue 28's (still neutral, 0 or a scale of 64, off until fitted) was then fitted by internal/tune to 1,005,933 positions of 100,830 self-play
// games (docs/tuning.md), and "matador tune run" rewrites the numbers
// here. The rest stays as set by hand; Tunable's comment lists it (the
// piece-square formula, REBEL's counter steps, the mop-up terms among
// them), but for the pawn-king network, which "matador tune run -pknet"
// fits beside the weights. The switches turn one technique off so that its worth can be
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
	// Issue 11's terms, on since its fit (docs/strength.md has the SPRT).
	UseSpace           bool // space behind the pawns in the centre files
	UseComplexity      bool // the end-game half moves towards zero in drawish material
	UseThreatsByType   bool // threats by attacker and victim, beside REBEL's hanging pieces
	UseKingDangerModel bool // king danger as a tuned sum squared, instead of REBEL's table alone
	UseBishopShape     bool // bishops on a long diagonal, bishops hemmed in by rammed pawns
	UsePieceActivity   bool // knights far from both kings, knights and rooks by closed pawns, the king's distance to the pawns
	// Issue 28's terms, Ethereal's that Matador lacked: off until fitted
	// and measured in games.
	UseKingPawnCover  bool // squares around the king two own pawns defend do not count as attacked
	UsePoorlyDefended bool // king-zone squares the enemy attacks twice and we defend at most once
	UsePassedStacked  bool // a passed pawn with an own pawn behind it on its file, by rank
	UsePawnLead       bool // the end game's complexity grows with the lead in pawns
	UseBackwardByRank bool // backward pawns by rank, beside the flat penalty
	UseSpacePieces    bool // the space squares count again for each own piece
	// Issue 28's residuals: off until fitted and measured.
	UseImbalanceClasses bool // six trades (a rook for a minor, a minor for pawns, ...) with a weight each
	UseScaleByPawns     bool // the side ahead with 0-3 pawns converts less of its lead, by a factor for each count
	UsePassedSeveral    bool // two passed pawns, or three or more, are worth more than their sum
	// Issue 28's optional network: off until trained and measured.
	UsePKNet bool // Ethereal: PKNN, a pawn-king network's correction (pknet.go)

	// PKNet is the network's weights (pknet_weights.go).
	PKNet PKNet

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
	KnightValue = 336
	BishopValue = 351
	RookValue   = 471
	QueenValue  = 1029
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
	// Switches: one per technique, all on except issue 28's nine terms
	// (Ethereal's six and the three its residuals asked for) and its
	// pawn-king network (UsePKNet), off until fitted (false by omission).
	UsePawnHash:        true, // IPPOLIT: pawn hash table (off: recompute every call)
	UseImbalance:       true, // Rybka/IPPOLIT: knight and rook values follow the pawn count
	UseMobility:        true,
	UsePawnStructure:   true,
	UsePassedPawns:     true,
	UseOutposts:        true,
	UseRookFiles:       true,
	UseBishopPair:      true,
	UseKingShelter:     true,
	UseKingSafety:      true, // REBEL: progressive king-safety counter
	UseThreats:         true, // REBEL: hanging pieces
	UseScaling:         true, // IPPOLIT: winning-chances token
	UseMopUp:           true,
	UseSpace:           true,
	UseComplexity:      true,
	UseThreatsByType:   true,
	UseKingDangerModel: true,
	UseBishopShape:     true,
	UsePieceActivity:   true,

	PKNet: pkNetWeights,

	// Material, indexed by chess.PieceType. Rooks and pawns gain in the end
	// game, where open lines and promotion matter more than piece play.
	PieceValue: [7]Score{
		0,
		S(PawnValue, 121),
		S(KnightValue, 393),
		S(BishopValue, 416),
		S(RookValue, 682),
		S(QueenValue, 1268),
		0,
	},

	// Material imbalance (Rybka/IPPOLIT: knight and rook adjustments by pawn
	// count): per knight and per rook, times (own pawns -
	// ImbalancePawnPivot). Knights like closed positions full of pawns;
	// rooks want the files the pawns leave.
	KnightPawnAdjust:   S(3, 1),
	RookPawnAdjust:     S(-11, -3),
	ImbalancePawnPivot: 5,

	// Bishop pair.
	BishopPair: S(25, 64),

	// With UseImbalanceClasses: the side with the larger pieces in each
	// imbalance class (eval.go, imbalanceClass).
	ImbalanceClass: [6]Score{0, 0, 0, 0, 0, 0},

	// Tempo: the side to move is worth a little.
	Tempo: S(17, 15),

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
			S(-5, 4), S(-6, 5), S(-11, 2), S(-13, 2), S(-3, 8), S(-5, 0), S(1, 1), S(-7, -4),
			S(-13, 1), S(-11, 4), S(-13, 2), S(-12, 5), S(-7, 8), S(-6, -2), S(-6, 3), S(-14, -2),
			S(-13, -3), S(-14, 7), S(-14, -2), S(-15, -5), S(-11, -8), S(-4, -1), S(-10, 0), S(-14, -1),
			S(-6, -3), S(-6, 2), S(-11, -3), S(-14, -3), S(-8, -9), S(3, -3), S(-10, 0), S(-9, -1),
			S(-9, -6), S(-6, 2), S(6, -1), S(0, -6), S(9, -5), S(6, 1), S(-1, 7), S(-5, -4),
			S(2, -10), S(-11, 2), S(1, 6), S(10, 9), S(4, -1), S(0, 1), S(-2, 3), S(2, -12),
			0, 0, 0, 0, 0, 0, 0, 0,
		},
		{ // knight
			S(-3, 3), S(-1, 10), S(-5, -6), S(-5, 4), S(0, 1), S(-7, 1), S(1, 1), S(-2, -3),
			S(0, 4), S(-7, 2), S(-13, 1), S(-7, -5), S(-2, -9), S(-1, -15), S(5, 10), S(15, 5),
			S(-3, 4), S(-3, 0), S(-6, -4), S(-4, -2), S(-4, -2), S(-8, -9), S(-6, -2), S(7, 9),
			S(7, 4), S(-9, 1), S(3, -2), S(-5, -2), S(3, 0), S(5, -1), S(10, -4), S(10, 5),
			S(15, 3), S(-1, -5), S(5, 2), S(2, -2), S(-4, 2), S(-2, 3), S(-6, 3), S(17, 6),
			S(2, 5), S(2, -11), S(3, 3), S(-9, -4), S(-8, -1), S(3, -8), S(-9, 0), S(-4, -7),
			S(-3, 6), S(-4, 12), S(4, -2), S(10, 5), S(-5, 7), S(10, -5), S(1, 7), S(7, 7),
			S(-13, -10), S(3, 4), S(-1, 4), S(1, 0), S(8, 4), S(-3, -1), S(2, 2), S(-2, -1),
		},
		{ // bishop
			S(4, -5), S(3, -3), S(-3, 2), S(-6, -4), S(6, 2), S(-9, 0), S(1, -1), S(6, 1),
			S(10, -2), S(-12, -10), S(5, -4), S(-4, 6), S(-4, 1), S(10, -1), S(-2, -9), S(-2, -3),
			S(-2, 1), S(9, 3), S(-14, -6), S(-1, 5), S(0, 12), S(-12, -9), S(-5, 0), S(-2, -3),
			S(-7, -2), S(-5, 6), S(11, 6), S(17, 7), S(12, 7), S(8, 4), S(3, -3), S(-1, -7),
			S(-5, -1), S(4, 3), S(13, -3), S(16, 6), S(9, 5), S(9, 2), S(9, -5), S(2, 6),
			S(0, 4), S(-13, 1), S(-16, -12), S(12, 0), S(2, -2), S(0, 5), S(4, 1), S(-3, 8),
			S(0, 1), S(-10, 5), S(0, 4), S(-1, 1), S(-7, 9), S(1, 4), S(-13, 2), S(-8, -3),
			S(-9, 2), S(-4, 1), S(2, 3), S(1, 4), S(-4, -4), S(0, -2), S(-3, -5), S(9, 4),
		},
		{ // rook
			S(-10, -10), S(-11, -8), S(-10, -6), S(-10, -9), S(-5, -12), S(-2, -4), S(0, -9), S(-4, -20),
			S(-9, -10), S(-1, -14), S(-1, 10), S(-7, -4), S(2, -3), S(10, -5), S(8, -7), S(-10, -9),
			S(-16, -3), S(2, 2), S(-5, 3), S(-9, 4), S(-3, 1), S(2, -4), S(11, -4), S(0, -13),
			S(-15, 6), S(-6, 11), S(-3, 13), S(-15, 6), S(-4, 0), S(8, 8), S(8, 5), S(5, 2),
			S(-7, 4), S(3, 4), S(3, 8), S(-1, 6), S(2, -1), S(12, 10), S(4, 9), S(1, -2),
			S(-6, 7), S(-5, -2), S(2, 2), S(2, 0), S(10, -3), S(13, 5), S(11, -2), S(-1, 0),
			S(-12, 0), S(-5, 3), S(1, -3), S(7, -6), S(9, -2), S(6, 3), S(-1, 3), S(1, 0),
			S(-9, 7), S(4, 8), S(-4, 12), S(11, 10), S(-3, 9), S(6, 11), S(10, 17), S(7, 6),
		},
		{ // queen
			S(-1, -7), S(-7, -14), S(-14, -20), S(-3, -18), S(-11, -10), S(-10, -22), S(-18, -8), S(0, -3),
			S(-2, -3), S(-3, -3), S(-5, -8), S(-3, -4), S(-1, -13), S(-1, -12), S(-3, -12), S(8, -3),
			S(-6, -5), S(1, -7), S(-3, -3), S(1, -12), S(-2, -3), S(5, -2), S(16, 0), S(17, 2),
			S(7, 6), S(-3, -2), S(-13, 7), S(3, 8), S(0, 9), S(13, 0), S(7, 13), S(12, -4),
			S(-4, 6), S(-7, 3), S(-10, -3), S(-4, 7), S(6, 10), S(7, -1), S(1, 8), S(8, 6),
			S(-11, 0), S(1, 9), S(-14, 4), S(1, 7), S(9, 14), S(10, 6), S(6, 6), S(-2, 10),
			S(-8, 6), S(-21, 14), S(-4, 3), S(2, 9), S(-1, 8), S(2, 9), S(-5, 7), S(9, 7),
			S(4, 4), S(5, 12), S(-1, 2), S(14, 15), S(16, 16), S(8, 8), S(7, 9), S(14, 6),
		},
		{ // king
			S(-5, -3), S(-5, -2), S(1, -7), S(-20, -11), S(1, -22), S(-21, -7), S(-12, 0), S(8, -5),
			S(5, 0), S(-11, -7), S(-10, -12), S(-6, -10), S(-13, -13), S(-9, -11), S(-14, -5), S(5, 2),
			S(2, -8), S(2, -6), S(0, -13), S(6, -9), S(2, -11), S(3, -9), S(7, -7), S(-3, -1),
			S(-1, -11), S(-1, -10), S(1, -4), S(-3, -5), S(2, 1), S(2, -5), S(1, -6), S(0, -1),
			S(2, 0), S(4, -7), S(2, 6), S(-3, 0), S(1, 2), S(8, 2), S(10, 6), S(2, 2),
			S(-5, -1), S(1, 9), S(2, 14), S(1, 8), S(5, 15), S(3, 21), S(7, 17), S(3, 4),
			S(-1, 4), S(5, 14), S(6, 21), S(4, 18), S(2, 12), S(4, 18), S(4, 17), S(2, 1),
			S(-1, -12), S(2, 2), S(1, 10), S(3, 3), S(2, 9), S(1, 8), S(3, 6), S(-5, -17),
		},
	},

	// Mobility: indexed by the number of squares a piece attacks that hold no
	// own pawn or king and no square attacked by an enemy pawn (IPPOLIT: safe
	// mobility). Zero sits near the typical count so material stays meaningful.
	KnightMobility: [9]Score{
		S(-55, -64), S(-24, -34), S(-6, -14), S(2, 6), S(10, 17), S(15, 23), S(21, 29), S(27, 28), S(30, 27),
	},

	BishopMobility: [14]Score{
		S(-42, -61), S(-22, -26), S(-8, -12), S(1, 0), S(8, 11), S(14, 20), S(17, 26),
		S(15, 29), S(19, 33), S(23, 35), S(39, 30), S(35, 32), S(35, 30), S(41, 33),
	},

	RookMobility: [15]Score{
		S(-59, -74), S(-29, -38), S(-7, -8), S(3, -1), S(4, 9), S(-1, 19), S(4, 28), S(7, 25),
		S(9, 34), S(12, 40), S(15, 49), S(18, 51), S(21, 52), S(28, 53), S(26, 58),
	},

	QueenMobility: [28]Score{
		S(-20, -40), S(-19, -31), S(-18, -23), S(-11, -12), S(-1, -13), S(4, 2), S(6, 1),
		S(11, 10), S(14, 16), S(14, 19), S(15, 26), S(17, 30), S(16, 33), S(20, 40),
		S(15, 44), S(14, 44), S(15, 56), S(15, 54), S(18, 56), S(20, 47), S(21, 52),
		S(21, 48), S(25, 49), S(21, 40), S(22, 46), S(21, 42), S(23, 47), S(24, 47),
	},

	// Pawn structure (evaluated once per pawn structure through the pawn hash).
	PawnDoubled:           S(-12, -24), // per pawn with an own pawn ahead on its file
	PawnIsolatedUnopposed: S(-3, -11),  // an isolated pawn on a half-open file is a target
	PawnBackward:          S(2, -8),
	PawnBackwardUnopposed: S(-16, -2),
	// With UseBackwardByRank, beside PawnBackward: a backward pawn by its
	// rank (Ethereal: a backward pawn further up is easier to attack).
	PawnBackwardRank: [8]Score{0, 0, 0, 0, 0, 0, 0, 0},

	// REBEL: isolated pawn penalty by square table. A central isolated pawn is
	// worse than one on the rim in the middle game; in the end game it is a
	// weakness wherever it stands. Indexed by the square from the owner's side,
	// a1 first; each line is one rank, rank 1 on top.
	PawnIsolated: [64]Score{
		0, 0, 0, 0, 0, 0, 0, 0,
		S(0, -4), S(1, -12), S(-10, -5), S(-15, -18), S(-12, -9), S(-3, -6), S(-10, -7), S(2, -3),
		S(5, -5), S(-2, -6), S(-10, -11), S(-5, -5), S(-11, -16), S(-3, -10), S(1, -10), S(-5, -3),
		S(6, 1), S(-3, -9), S(-9, -8), S(-6, -10), S(-15, -5), S(-4, -10), S(-10, -1), S(-5, -3),
		S(6, 1), S(3, -9), S(-5, -4), S(-11, -2), S(-20, 4), S(-2, -5), S(1, -9), S(6, -9),
		S(9, -10), S(0, -16), S(-4, -5), S(-11, -4), S(2, 2), S(6, -7), S(0, -18), S(3, -12),
		S(-2, -24), S(-5, -22), S(-5, -1), S(-1, 4), S(-4, 0), S(1, -3), S(-3, -8), S(7, -17),
		0, 0, 0, 0, 0, 0, 0, 0,
	},

	// Connected pawns (side by side or defended by a pawn), by rank from the
	// owner's side: the chain grows in worth as it advances.
	PawnConnected: [8]Score{
		0, S(1, -3), S(10, 4), S(11, 6), S(16, 18), S(29, 41), S(61, 55), 0,
	},

	// Candidate passed pawns, by rank: no enemy pawn ahead on the file and
	// at least as many own pawns beside it or behind it on the neighbouring
	// files as enemy pawns in front on them, so that it can force its way
	// through.
	PawnCandidate: [8]Score{0, S(-1, -6), S(-1, 6), S(8, 6), S(10, 15), S(25, 16), 0, 0},

	// Passed pawns by rank (IPPOLIT/Rybka: passed pawn value by rank), stored
	// in the pawn hash; the terms below depend on pieces and kings and are added
	// on every call.
	PassedRank: [8]Score{
		0, S(7, 19), S(-14, 30), S(0, 51), S(29, 59), S(62, 76), S(84, 124), 0,
	},

	// Rybka/IPPOLIT: passed pawn with a clear path (no piece ahead on its file).
	PassedFreePath: [8]Score{
		0, S(-7, 6), S(-7, -3), S(-6, 12), S(1, 16), S(6, 38), S(28, 60), 0,
	},

	// Rybka/IPPOLIT: attacks on the squares ahead. SafePath when the enemy
	// neither holds nor attacks any square up to promotion, SafeStop when only
	// the next square is safe.
	PassedSafePath: [8]Score{0, S(-13, 9), S(-18, 8), S(-28, 21), S(-5, 31), S(11, 51), S(21, 51), 0},
	PassedSafeStop: [8]Score{0, S(7, -8), S(12, 2), S(0, 2), S(8, 11), S(11, 18), S(8, 22), 0},

	// King distance to the square in front of a passed pawn, counted up to
	// PassedKingDistanceCap, per step by the pawn's rank: the enemy king
	// far away and our own close both help in the end game.
	PassedKingDistanceCap:   5,
	PassedEnemyKingDistance: [8]Score{0, S(-2, -1), S(-2, 2), S(-5, 11), S(-1, 24), S(-4, 44), S(8, 58), 0},
	PassedOwnKingDistance:   [8]Score{0, S(-3, 0), S(2, -5), S(3, -15), S(-4, -20), S(-3, -25), S(-6, -35), 0},

	// A passed pawn defended by an own pawn or with one beside it, by rank.
	PassedSupported: [8]Score{0, S(-1, 0), S(5, -9), S(8, -1), S(8, 8), S(2, 14), S(13, 15), 0},

	// REBEL: quadrant rule. Against a side with only king and pawns, a passer
	// the enemy king cannot catch is nearly a queen.
	PassedUnstoppable: S(-1, 386),

	// With UsePassedStacked: a passed pawn with an own pawn behind it on its
	// file, by the passer's rank (Ethereal: the rear pawn adds little).
	PassedStacked: [8]Score{0, 0, 0, 0, 0, 0, 0, 0},
	// With UsePassedSeveral: a side with two passed pawns, with three or
	// more, beyond what each is worth alone (the defence cannot stop two).
	PassedSeveral: [2]Score{0, 0},

	// Minor-piece placement: an outpost is a square on ranks 4-6 defended by an
	// own pawn that no enemy pawn can ever attack; a minor right behind a pawn
	// is shielded from frontal attack and blocks nothing of its own.
	KnightOutpost:   S(10, 3),
	BishopOutpost:   S(20, 4),
	MinorBehindPawn: S(8, 14),

	// A bishop on a long diagonal that sees both centre squares of it; a
	// bishop hemmed in by its own pawns on its colour that enemy pawns
	// block, per such pawn.
	BishopLongDiagonal: S(21, 7),
	BishopRammedPawns:  S(-1, -6),

	// With UsePieceActivity: a knight by its distance to the nearer king
	// (one far from both plays no part), and each knight and rook by how
	// closed the pawns are (closedness, 0 to 8: knights gain behind locked
	// pawns, rooks want open files) (Ethereal, not in the seeds).
	KnightKingDistance: [8]Score{0, S(-1, 12), S(8, 7), S(3, 13), S(-3, 8), S(-3, -2), S(-2, -4), S(-7, -6)},
	KnightClosedness:   [9]Score{S(4, 0), S(-10, 3), S(-5, 11), S(-3, 5), S(-3, 9), S(-1, 5), S(5, 1), S(5, 5), S(3, -11)},
	RookClosedness:     [9]Score{S(-11, 13), S(-14, 20), S(-13, 15), 0, S(-1, -4), S(5, -3), S(4, -3), S(-3, 0), S(6, 5)},

	// Space: per safe square (no own pawn on it, no enemy pawn attacking
	// it) on our 2nd to 4th ranks in files c to f, twice for one behind an
	// own pawn.
	SpaceSquare: S(0, -2),
	// With UseSpacePieces: the same squares again for each own knight,
	// bishop, rook and queen (Stockfish: space is worth more with more
	// pieces to use it).
	SpacePieces: 0,

	// Rooks on open and half-open files and on the 7th rank (Rybka/IPPOLIT:
	// Rook7thKingPawn, only when the enemy king is on the 8th or enemy pawns
	// remain on the 7th).
	RookOpenFile:     S(33, -2),
	RookHalfOpenFile: S(14, 7),
	RookOnSeventh:    S(-3, 27),

	// King shelter and pawn storm on the king's file and its two neighbours
	// (IPPOLIT/Rybka: 3-file shelter arrays). KingShelter is indexed by the
	// rank (from the king's side) of the nearest own pawn ahead, 0 for none;
	// KingStorm by the rank of the nearest enemy pawn, KingStormBlocked when one
	// of our pawns stands right in front of it.
	// Both tables are by file (folded to a..d) and rank.
	KingShelter: [4][8]Score{
		{S(-18, 13), S(22, -18), S(23, -15), S(8, -2), S(0, -2), S(7, 1), S(1, 9), 0},
		{S(-16, 11), S(28, -6), S(23, -7), S(5, -2), S(1, 1), S(-7, 4), S(11, 15), 0},
		{S(-14, 3), S(22, 1), S(5, -1), S(-1, -6), S(1, 0), S(14, -6), S(7, 11), 0},
		{S(-12, 5), S(13, -3), S(5, 0), S(4, 1), S(-4, 1), S(-6, 0), S(0, -3), 0},
	},
	KingStorm: [4][8]Score{
		{S(-17, -5), S(-8, 10), S(-26, 24), S(-24, 14), S(-13, 0), S(-5, -1), S(-2, -5), 0},
		{S(-7, 1), S(-1, 6), S(-29, 12), S(-19, 7), S(-10, 6), S(1, -5), S(-4, -4), 0},
		{S(-2, 1), S(-17, 3), S(-42, 13), S(-9, 10), S(-1, 1), S(1, -2), S(7, -6), 0},
		{S(-2, 4), S(-5, 7), S(-29, 9), S(-19, -3), S(-1, -10), S(3, 0), S(2, -4), 0},
	},
	KingStormBlocked: [8]Score{0, 0, S(-14, -14), S(1, -13), S(8, -11), S(3, -13), S(0, -4), 0},

	// REBEL: progressive king safety. A counter collects the pressure on the
	// squares around a king, and the penalty grows with its square, so that
	// several attackers together count for more than their sum. REBEL's
	// counter is one input of a danger sum whose other inputs are tuned
	// weights; the middle-game penalty is danger^2/KingDangerMgDiv, the
	// end-game one danger/KingDangerEgDiv (only a positive danger costs).
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
	// the ring's squares that only our king or queen defends, the safe
	// checks by piece type counted, and a constant. Its start is REBEL's
	// counter times S(19, 12), the rest 0: REBEL's table grows as
	// counter^2/2, and 19^2/720 is about 1/2.
	KingDangerSquare: [64]Score{
		S(15, 12), S(5, 0), S(3, -1), S(27, 11), S(15, 16), S(10, -2), S(-9, -6), S(36, 12),
		S(39, 25), S(12, 13), S(19, 11), S(31, 24), S(18, 27), S(18, 11), S(-9, 11), S(23, 24),
		S(59, 35), S(53, 36), S(53, 36), S(76, 48), S(70, 48), S(52, 36), S(51, 34), S(60, 36),
		S(99, 60), S(96, 60), S(98, 60), S(97, 60), S(97, 60), S(96, 60), S(99, 61), S(92, 60),
		S(115, 72), S(113, 71), S(117, 71), S(113, 72), S(113, 72), S(115, 72), S(112, 71), S(116, 72),
		S(119, 72), S(115, 72), S(115, 72), S(115, 72), S(114, 72), S(114, 72), S(114, 72), S(114, 72),
		S(115, 72), S(114, 72), S(111, 72), S(115, 72), S(114, 72), S(114, 72), S(114, 72), S(114, 72),
		S(114, 72), S(114, 72), S(114, 72), S(115, 72), S(114, 72), S(114, 72), S(114, 72), S(114, 72),
	},
	KingDangerPattern: [32]Score{
		S(6, 1), S(2, -1), S(11, 3), S(10, 11), S(2, 0), S(9, 9), S(31, 11), S(25, 23),
		S(26, 1), S(11, 10), S(33, 29), S(35, 35), S(36, 23), S(44, 32), S(68, 38), S(78, 49),
		0, 0, S(-1, 0), S(17, 12), S(-1, 0), S(22, 12), S(20, 12), S(40, 24),
		S(20, 12), S(37, 24), S(35, 24), S(53, 36), S(43, 23), S(53, 35), S(57, 36), S(78, 48),
	},
	KingDangerRing:        [2]Score{S(-19, 7), S(23, 7)},
	KingDangerFront:       [3]Score{S(10, 5), S(2, 3), S(34, 8)},
	KingDangerSafeCheck:   [7]Score{0, 0, S(64, 26), S(34, 16), S(63, 26), S(73, 35), 0},
	KingDangerAttackers:   [7]Score{0, 0, S(31, 4), S(16, 1), S(9, -2), S(5, -2), 0},
	KingDangerZoneAttacks: S(33, -2),
	KingDangerWeakSquares: S(21, -3),
	// With UsePoorlyDefended: king-zone squares the enemy attacks twice and
	// we defend at most once.
	KingDangerPoorlyDefended: 0,
	KingDangerSafeChecks:     [7]Score{0, 0, S(21, 2), S(16, 4), S(30, 2), S(29, 14), 0},
	KingDangerBase:           S(-14, -1),
	KingDangerMgDiv:          720,
	KingDangerEgDiv:          20,
	// With UseKingDangerModel, our pawns, knights and bishops in the king's
	// zone, by their count: the defenders an attack has to get through
	// (Ethereal, not in the seeds).
	KingDefenders: [12]Score{S(-25, -7), S(-7, -9), S(0, 5), S(6, 8), S(10, 5), S(15, -3), S(-2, 3), 0, 0, 0, 0, 0},
	// With UsePieceActivity, the king by its distance in files to the
	// nearest pawn of either colour: in the end game a king far from every
	// pawn is out of play (Ethereal, not in the seeds).
	KingPawnDistance: [8]Score{S(8, 56), S(-18, 53), S(4, 30), S(10, -7), S(2, -42), S(-2, -42), S(-3, -38), S(-2, -13)},

	// REBEL: hanging pieces, by the type of the piece at risk: attacked by a
	// cheaper enemy piece, or attacked and not defended. ThreatMultiple when two
	// or more pieces (not pawns) hang at once: only one can be saved.
	HangingPiece:   [7]Score{0, S(15, 31), S(27, 13), S(23, 14), S(32, 7), S(33, 8), 0},
	ThreatMultiple: S(40, 24),

	// Threats by attacker and victim: an enemy piece attacked by our pawn,
	// by our knight or bishop, by our rook (by the victim's type; pawns and
	// minors count only when no enemy pawn defends them), by our king
	// (undefended pieces), and a pawn push to a safe square that attacks
	// an enemy piece.
	ThreatByPawn:     [7]Score{0, 0, S(30, 15), S(28, 19), S(16, 16), S(10, -1), 0},
	ThreatByMinor:    [7]Score{0, S(2, 10), S(15, 21), S(19, 10), S(24, 18), S(15, 7), 0},
	ThreatByRook:     [7]Score{0, S(4, 9), S(12, 26), S(19, 20), 0, S(28, 1), 0},
	ThreatByKing:     S(28, 16),
	ThreatByPawnPush: S(11, 11),
	// An overloaded defender: an enemy piece or pawn that alone defends two
	// or more pieces we attack, and cannot keep both.
	ThreatOverload: S(4, 7),
	// Our queen, per enemy rook or bishop that would attack it once the
	// one piece between them moved: a pin or a discovered attack waiting.
	QueenXRay: S(-16, 11),

	// Mop-up: with the enemy king alone, drive it to the edge (to a corner of
	// the bishop's colour with bishop and knight) and bring our king close.
	MopUpEdge:      S(0, 10),
	MopUpCorner:    S(0, 12),
	MopUpCloseness: S(0, 6),

	// Complexity: with few pawns or pawns on one wing only the side ahead
	// converts less, and a pure pawn ending (fitted positive) converts more;
	// the end-game score moves towards zero by at most its own size, or
	// away from it. Per pawn, for pawns on both wings, for
	// a pure pawn ending, and a constant; end-game halves only.
	ComplexityPawns:      S(0, 3),
	ComplexityFlanks:     S(0, 38),
	ComplexityPawnEnding: S(0, 31),
	ComplexityAdjust:     S(0, -68),
	// With UsePawnLead: per pawn of lead (Ethereal: an ending with more
	// pawns up is easier to win).
	ComplexityPawnLead: 0,

	// Drawish material (IPPOLIT: winning-chances token), in 64ths
	// (ScaleNormal) of the score of the side ahead.
	ScalePawnlessLoneMinor: 0,         // no pawns, at most a minor up and only a minor's worth: cannot win
	ScalePawnlessVsMinor:   S(5, 6),   // no pawns, at most a minor up, defender keeps a minor (KR v KB)
	ScalePawnless:          S(21, 7),  // no pawns, at most a minor up
	ScaleOCBBishopsOnly:    S(20, 21), // opposite-coloured bishops and pawns only
	ScaleOCBWithPieces:     S(56, 48), // opposite-coloured bishops and at most a rook or minor more each
	ScaleOnePawnNoExtra:    S(54, 36), // one pawn and no extra piece, e.g. KRP v KR
	ScaleLoneQueen:         S(64, 64), // a queen and no pawns against at least two pieces
	// With UseScaleByPawns: the side ahead with no pawn, one, two, three
	// (Stockfish: fewer pawns, fewer winning chances); 64 scales nothing.
	ScaleStrongPawns: [4]Score{S(64, 64), S(64, 64), S(64, 64), S(64, 64)},
}
