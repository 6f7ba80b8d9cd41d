package eval

// Every weight of the evaluation lives here, as packed S(mg, eg) pairs in
// centipawns, in one labelled block per term family. The values are
// hand-set starting points of the usual published magnitudes, meant to be
// tuned; the tables are written for Matador. The switches turn one
// technique off so that its worth can be measured in games.

// Switches: one per technique.
var (
	UsePawnHash      = true // IPPOLIT: pawn hash table (off: recompute every call)
	UseImbalance     = true // Rybka/IPPOLIT: knight and rook values follow the pawn count
	UseMobility      = true
	UsePawnStructure = true
	UsePassedPawns   = true
	UseOutposts      = true
	UseRookFiles     = true
	UseBishopPair    = true
	UseKingShelter   = true
	UseKingSafety    = true // REBEL: progressive king-safety counter
	UseThreats       = true // REBEL: hanging pieces
	UseScaling       = true // IPPOLIT: winning-chances token
	UseMopUp         = true
)

// Material: values the search uses for futility and delta pruning. They are
// the middle-game halves of PieceValue.
const (
	PawnValue   = 100
	KnightValue = 340
	BishopValue = 355
	RookValue   = 500
	QueenValue  = 1000
)

// Material, indexed by chess.PieceType. Rooks and pawns gain in the end
// game, where open lines and promotion matter more than piece play.
var PieceValue = [7]Score{
	0,
	S(PawnValue, 125),
	S(KnightValue, 365),
	S(BishopValue, 385),
	S(RookValue, 640),
	S(QueenValue, 1200),
	0,
}

// Material imbalance (Rybka/IPPOLIT: knight and rook adjustments by pawn
// count): per knight and per rook, times (own pawns - ImbalancePawnPivot). Knights like
// closed positions full of pawns; rooks want the files the pawns leave.
var (
	KnightPawnAdjust   = S(3, 3)
	RookPawnAdjust     = S(-6, -6)
	ImbalancePawnPivot = 5
)

// Bishop pair.
var BishopPair = S(30, 55)

// Tempo: the side to move is worth a little.
var Tempo = S(18, 8)

// Phase weights (Fruit/Rybka style 1/1/2/4); PhaseTotal is the opening.
const (
	PhaseKnight = 1
	PhaseBishop = 1
	PhaseRook   = 2
	PhaseQueen  = 4
	PhaseTotal  = 24
)

// Piece-square tables by formula (IPPOLIT: PST generated at start-up):
// value(piece, square) = PSTFile[piece][file folded to a..d] +
// PSTRank[piece][rank counted from the owner's side]. Files fold because a
// position and its mirror across the d/e line are worth the same.
var PSTFile = [7][4]Score{
	{},
	{S(-6, 4), S(-2, 2), S(2, 0), S(6, -2)}, // pawn
	{S(-28, -22), S(-8, -8), S(4, 2), S(10, 8)},   // knight
	{S(-10, -8), S(0, -2), S(4, 2), S(6, 4)},      // bishop
	{S(-4, 0), S(-1, 0), S(2, 0), S(5, 0)},        // rook
	{S(-5, -12), S(-1, -4), S(2, 4), S(4, 8)},     // queen
	{S(26, -34), S(34, -10), S(6, 4), S(-16, 14)}, // king: castled files, central in the end game
}

var PSTRank = [7][8]Score{
	{},
	{0, S(0, 0), S(0, 2), S(4, 8), S(8, 14), S(16, 26), S(24, 40), 0},                               // pawn
	{S(-20, -20), S(-8, -10), S(0, -2), S(8, 6), S(14, 10), S(18, 8), S(8, 0), S(-25, -15)},         // knight
	{S(-8, -6), S(2, -2), S(4, 0), S(4, 2), S(4, 2), S(4, 0), S(-2, -2), S(-8, -6)},                 // bishop
	{S(0, -2), S(-6, -4), S(-5, -3), S(-4, -1), S(-1, 2), S(2, 4), S(12, 8), S(8, 6)},               // rook
	{S(-6, -12), S(0, -6), S(2, 0), S(2, 6), S(2, 8), S(2, 6), S(-2, 2), S(-6, -6)},                 // queen
	{S(0, -40), S(-14, -12), S(-32, 4), S(-48, 14), S(-58, 18), S(-64, 14), S(-70, 2), S(-74, -20)}, // king
}

// Pawn centre terms added to the formula: a pawn on d4/e4/d5/e5 claims the
// centre; one still on d2/e2 blocks its own bishop.
var (
	PawnCentre        = S(14, 0)
	PawnCentreUnmoved = S(-10, 0)
)

// Mobility: indexed by the number of squares a piece attacks that hold no
// own pawn or king and no square attacked by an enemy pawn (IPPOLIT: safe
// mobility). Zero sits near the typical count so material stays meaningful.
var KnightMobility = [9]Score{
	S(-40, -55), S(-22, -30), S(-8, -12), S(0, 0), S(8, 8), S(14, 16), S(20, 20), S(25, 22), S(28, 22),
}

var BishopMobility = [14]Score{
	S(-35, -50), S(-20, -30), S(-8, -14), S(0, -3), S(7, 5), S(13, 12), S(18, 18),
	S(22, 23), S(25, 27), S(28, 30), S(30, 32), S(32, 34), S(34, 35), S(36, 36),
}

var RookMobility = [15]Score{
	S(-30, -60), S(-18, -35), S(-10, -18), S(-5, -5), S(-2, 5), S(0, 12), S(4, 20), S(8, 27),
	S(12, 33), S(15, 38), S(18, 43), S(20, 46), S(22, 48), S(23, 50), S(24, 52),
}

var QueenMobility = [28]Score{
	S(-20, -40), S(-14, -30), S(-9, -20), S(-5, -12), S(-2, -5), S(0, 0), S(2, 5),
	S(4, 10), S(6, 15), S(8, 19), S(10, 23), S(12, 27), S(13, 30), S(14, 33),
	S(15, 35), S(16, 37), S(17, 39), S(18, 41), S(19, 42), S(20, 43), S(21, 44),
	S(22, 45), S(22, 46), S(23, 47), S(23, 47), S(24, 48), S(24, 48), S(25, 49),
}

// Pawn structure (evaluated once per pawn structure through the pawn hash).
var (
	PawnDoubled           = S(-10, -22) // per pawn with an own pawn ahead on its file
	PawnIsolatedUnopposed = S(-6, -4)   // an isolated pawn on a half-open file is a target
	PawnBackward          = S(-6, -10)
	PawnBackwardUnopposed = S(-10, -4)
)

// REBEL: isolated pawn penalty by square table. A central isolated pawn is
// worse than one on the rim in the middle game; in the end game it is a
// weakness wherever it stands. Indexed by the square from the owner's side,
// a1 first; each line is one rank, rank 1 on top.
var PawnIsolated = [64]Score{
	0, 0, 0, 0, 0, 0, 0, 0,
	S(-3, -8), S(-5, -9), S(-7, -10), S(-11, -11), S(-11, -11), S(-7, -10), S(-5, -9), S(-3, -8),
	S(-4, -8), S(-6, -9), S(-9, -10), S(-13, -11), S(-13, -11), S(-9, -10), S(-6, -9), S(-4, -8),
	S(-5, -8), S(-8, -9), S(-11, -10), S(-15, -11), S(-15, -11), S(-11, -10), S(-8, -9), S(-5, -8),
	S(-6, -8), S(-9, -9), S(-12, -10), S(-16, -11), S(-16, -11), S(-12, -10), S(-9, -9), S(-6, -8),
	S(-5, -7), S(-8, -8), S(-10, -9), S(-12, -10), S(-12, -10), S(-10, -9), S(-8, -8), S(-5, -7),
	S(-4, -6), S(-6, -7), S(-8, -8), S(-9, -9), S(-9, -9), S(-8, -8), S(-6, -7), S(-4, -6),
	0, 0, 0, 0, 0, 0, 0, 0,
}

// Connected pawns (side by side or defended by a pawn), by rank from the
// owner's side: the chain grows in worth as it advances.
var PawnConnected = [8]Score{
	0, S(4, 0), S(6, 2), S(9, 5), S(16, 12), S(28, 22), S(48, 40), 0,
}

// Passed pawns by rank (IPPOLIT/Rybka: passed pawn value by rank), stored
// in the pawn hash; the terms below depend on pieces and kings and are added
// on every call.
var PassedRank = [8]Score{
	0, S(2, 8), S(0, 12), S(6, 24), S(22, 46), S(48, 84), S(80, 130), 0,
}

// Rybka/IPPOLIT: passed pawn with a clear path (no piece ahead on its file).
var PassedFreePath = [8]Score{
	0, 0, 0, S(0, 6), S(2, 12), S(6, 24), S(12, 46), 0,
}

// Rybka/IPPOLIT: attacks on the squares ahead. SafePath when the enemy
// neither holds nor attacks any square up to promotion, SafeStop when only
// the next square is safe.
var (
	PassedSafePath = [8]Score{0, 0, 0, S(2, 8), S(6, 18), S(12, 34), S(20, 60), 0}
	PassedSafeStop = [8]Score{0, 0, 0, S(1, 3), S(3, 8), S(5, 14), S(8, 22), 0}
)

// King distance to the square in front of a passed pawn, counted up to
// PassedKingDistanceCap and weighted by PassedKingWeight[rank]: the enemy
// king far away and our own close both help in the end game.
var (
	PassedKingDistanceCap   = 5
	PassedKingWeight        = [8]int{0, 0, 0, 1, 2, 3, 4, 0}
	PassedEnemyKingDistance = S(0, 4)
	PassedOwnKingDistance   = S(0, -2)
)

// REBEL: quadrant rule. Against a side with only king and pawns, a passer
// the enemy king cannot catch is nearly a queen.
var PassedUnstoppable = S(0, 400)

// Minor-piece placement: an outpost is a square on ranks 4-6 defended by an
// own pawn that no enemy pawn can ever attack; a minor right behind a pawn
// is shielded from frontal attack and blocks nothing of its own.
var (
	KnightOutpost   = S(24, 10)
	BishopOutpost   = S(12, 4)
	MinorBehindPawn = S(6, 2)
)

// Rooks on open and half-open files and on the 7th rank (Rybka/IPPOLIT:
// Rook7thKingPawn, only when the enemy king is on the 8th or enemy pawns
// remain on the 7th).
var (
	RookOpenFile     = S(32, 10)
	RookHalfOpenFile = S(12, 8)
	RookOnSeventh    = S(12, 30)
)

// King shelter and pawn storm on the king's file and its two neighbours
// (IPPOLIT/Rybka: 3-file shelter arrays). KingShelter is indexed by the
// rank (from the king's side) of the nearest own pawn ahead, 0 for none;
// KingStorm by the rank of the nearest enemy pawn, KingStormBlocked when one
// of our pawns stands right in front of it.
var (
	KingShelter      = [8]Score{S(-14, 0), S(24, 0), S(16, 0), S(6, 0), 0, 0, 0, 0}
	KingStorm        = [8]Score{0, S(-10, 0), S(-30, 0), S(-16, 0), S(-6, 0), S(-2, 0), 0, 0}
	KingStormBlocked = [8]Score{0, 0, S(-10, 0), S(-4, 0), 0, 0, 0, 0}
)

// REBEL: progressive king safety. A counter collects the pressure on the
// squares around a king and KingSafetyTable turns it into a penalty, so that
// several attackers together count for more than their sum.
//
// KingCounterSquare pre-fills the counter from the king's square (from the
// owner's side, a1 first, rank 1 on top): a king that has left its corner
// starts in danger.
var KingCounterSquare = [64]int{
	1, 0, 0, 1, 1, 0, 0, 1,
	2, 1, 1, 2, 2, 1, 1, 2,
	3, 3, 3, 4, 4, 3, 3, 3,
	5, 5, 5, 5, 5, 5, 5, 5,
	6, 6, 6, 6, 6, 6, 6, 6,
	6, 6, 6, 6, 6, 6, 6, 6,
	6, 6, 6, 6, 6, 6, 6, 6,
	6, 6, 6, 6, 6, 6, 6, 6,
}

// REBEL: attack-pattern table. Index bits say which kinds of enemy piece hit
// the king's zone: 1 pawn, 2 minor, 4 rook, 8 queen, 16 king. A lone piece
// earns nothing; the queen with helpers earns most.
var KingAttackPattern = [32]int{
	//   -  P  M  MP R  RP RM RMP
	0, 0, 0, 1, 0, 1, 1, 2, // no queen
	0, 1, 2, 3, 2, 3, 3, 4, // queen
	0, 0, 0, 1, 0, 1, 1, 2, // king, no queen
	1, 2, 2, 3, 2, 3, 3, 4, // king and queen
}

// Counter steps for each safe check the enemy has (a check from a square we
// do not defend), by piece type. Not in REBEL's text; it lets the counter see
// attacks that come from outside the king's zone.
var KingSafeCheck = [7]int{0, 0, 2, 1, 2, 2, 0}

// KingSafetyTable maps the counter to a middle-game penalty; the end game
// gets 1/KingSafetyEgDivisor of it.
var KingSafetyTable = [40]int{
	0, 1, 2, 4, 7, 11, 16, 22, 29, 37,
	46, 56, 67, 79, 92, 106, 121, 137, 154, 172,
	191, 211, 232, 254, 277, 300, 324, 348, 372, 396,
	420, 440, 460, 480, 500, 500, 500, 500, 500, 500,
}

const KingSafetyEgDivisor = 8

// REBEL: hanging pieces, by the type of the piece at risk: attacked by a
// cheaper enemy piece, or attacked and not defended. ThreatMultiple when two
// or more pieces (not pawns) hang at once: only one can be saved.
var (
	HangingPiece   = [7]Score{0, S(4, 18), S(36, 26), S(36, 26), S(52, 30), S(60, 40), 0}
	ThreatMultiple = S(20, 15)
)

// Mop-up: with the enemy king alone, drive it to the edge (to a corner of
// the bishop's colour with bishop and knight) and bring our king close.
var (
	MopUpEdge      = S(0, 10)
	MopUpCorner    = S(0, 12)
	MopUpCloseness = S(0, 6)
)

// Drawish material (IPPOLIT: winning-chances token), in 64ths of the score
// of the side ahead.
const ScaleNormal = 64

var (
	ScalePawnlessLoneMinor = 0  // no pawns, at most a minor up and only a minor's worth: cannot win
	ScalePawnlessVsMinor   = 4  // no pawns, at most a minor up, defender keeps a minor (KR v KB)
	ScalePawnless          = 12 // no pawns, at most a minor up
	ScaleOCBBishopsOnly    = 20 // opposite-coloured bishops and pawns only
	ScaleOCBWithPieces     = 46 // opposite-coloured bishops and at most a rook or minor more each
	ScaleOnePawnNoExtra    = 44 // one pawn and no extra piece, e.g. KRP v KR
)
