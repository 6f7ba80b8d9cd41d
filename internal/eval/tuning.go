package eval

import "matador/internal/chess"

// What the tuner (internal/tune) needs from the evaluation: the list of
// weights it may change, a way to rebuild the tables derived from them, and
// the score before the drawishness scale and the phase blend. None of it is
// on Evaluate's path.

// Param is one weight of params.go that the tuner may change: a single
// Score or an array of them, flattened in source order.
type Param struct {
	Name   string   // the variable's name in params.go
	Values []*Score // the elements themselves, so the tuner can set them
}

// Params lists the weights the evaluation uses linearly: each one enters
// the unscaled score as an integer count times the weight, the same count
// for both halves, so the score is a linear function of them and a tuner
// can fit them by least squares.
//
// Left out because they are not linear weights: the king-safety counter
// tables (KingCounterSquare, KingAttackPattern, KingSafeCheck,
// KingSafetyTable, whose values are indices into a non-linear table), the
// passed pawns' king-distance multipliers (PassedKingWeight,
// PassedKingDistanceCap), ImbalancePawnPivot, the phase weights and the
// drawishness scale factors. Also left out: the mop-up terms, which steer
// the search towards a mate in positions already won rather than predict
// results.
func Params() []Param {
	return []Param{
		{"PieceValue", elems(PieceValue[:])},
		{"KnightPawnAdjust", []*Score{&KnightPawnAdjust}},
		{"RookPawnAdjust", []*Score{&RookPawnAdjust}},
		{"BishopPair", []*Score{&BishopPair}},
		{"Tempo", []*Score{&Tempo}},
		{"PSTFile", elems2(PSTFile[:])},
		{"PSTRank", elems2(PSTRank[:])},
		{"PawnCentre", []*Score{&PawnCentre}},
		{"PawnCentreUnmoved", []*Score{&PawnCentreUnmoved}},
		{"KnightMobility", elems(KnightMobility[:])},
		{"BishopMobility", elems(BishopMobility[:])},
		{"RookMobility", elems(RookMobility[:])},
		{"QueenMobility", elems(QueenMobility[:])},
		{"PawnDoubled", []*Score{&PawnDoubled}},
		{"PawnIsolatedUnopposed", []*Score{&PawnIsolatedUnopposed}},
		{"PawnBackward", []*Score{&PawnBackward}},
		{"PawnBackwardUnopposed", []*Score{&PawnBackwardUnopposed}},
		{"PawnIsolated", elems(PawnIsolated[:])},
		{"PawnConnected", elems(PawnConnected[:])},
		{"PassedRank", elems(PassedRank[:])},
		{"PassedFreePath", elems(PassedFreePath[:])},
		{"PassedSafePath", elems(PassedSafePath[:])},
		{"PassedSafeStop", elems(PassedSafeStop[:])},
		{"PassedEnemyKingDistance", []*Score{&PassedEnemyKingDistance}},
		{"PassedOwnKingDistance", []*Score{&PassedOwnKingDistance}},
		{"PassedUnstoppable", []*Score{&PassedUnstoppable}},
		{"KnightOutpost", []*Score{&KnightOutpost}},
		{"BishopOutpost", []*Score{&BishopOutpost}},
		{"MinorBehindPawn", []*Score{&MinorBehindPawn}},
		{"RookOpenFile", []*Score{&RookOpenFile}},
		{"RookHalfOpenFile", []*Score{&RookHalfOpenFile}},
		{"RookOnSeventh", []*Score{&RookOnSeventh}},
		{"KingShelter", elems(KingShelter[:])},
		{"KingStorm", elems(KingStorm[:])},
		{"KingStormBlocked", elems(KingStormBlocked[:])},
		{"HangingPiece", elems(HangingPiece[:])},
		{"ThreatMultiple", []*Score{&ThreatMultiple}},
	}
}

func elems(s []Score) []*Score {
	p := make([]*Score, len(s))
	for i := range s {
		p[i] = &s[i]
	}
	return p
}

func elems2[A ~[4]Score | ~[8]Score](rows []A) []*Score {
	var p []*Score
	for i := range rows {
		for j := range len(rows[i]) {
			p = append(p, &rows[i][j])
		}
	}
	return p
}

// RebuildTables recomputes the tables derived from params.go (the
// piece-square tables); call it after changing PSTFile, PSTRank or the pawn
// centre terms. Pawn-hash entries computed before the change are stale:
// use a new Evaluator or turn UsePawnHash off.
func RebuildTables() { buildPST() }

// Breakdown is an evaluation taken apart: the unscaled middle-game and
// end-game sums of every term (White's view), the game phase and the
// drawishness scale, and the final score Evaluate derives from them as
// Blend(Mg, Eg, Phase, Scale).
type Breakdown struct {
	Mg, Eg       int
	Phase, Scale int
	Score        int // White's view
}

// Breakdown evaluates pos with the same code as Evaluate and returns its
// parts.
func (e *Evaluator) Breakdown(pos *chess.Position) Breakdown {
	v := e.evaluate(pos)
	var total Score
	for t := range numTerms {
		total += e.info.terms[t][chess.White] - e.info.terms[t][chess.Black]
	}
	return Breakdown{Mg: total.Mg(), Eg: total.Eg(), Phase: e.info.phase, Scale: e.info.scale, Score: v}
}

// Blend applies the drawishness scale and the phase taper exactly as
// Evaluate does, in integers.
func Blend(mg, eg, phase, scale int) int {
	return taper(mg*scale/ScaleNormal, eg*scale/ScaleNormal, phase)
}
