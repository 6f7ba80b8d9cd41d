package eval

import "matador/internal/chess"

// What the tuner (internal/tune) needs from the evaluation: the list of
// weights it may change (Params.Rebuild rebuilds the tables derived from
// them), and the score before the drawishness scale and the phase blend.
// None of it is on Evaluate's path.

// Param is one weight of Params that the tuner may change: a single Score
// or an array of them, flattened in source order.
type Param struct {
	Name   string   // the field's name in Params (and in params.go)
	Values []*Score // the elements themselves, so the tuner can set them
}

// Tunable lists the weights of p that the evaluation uses linearly: each
// one enters the unscaled score as an integer count times the weight, the
// same count for both halves, so the score is a linear function of them
// and a tuner can fit them by least squares.
//
// Left out because they are not linear weights: the king-safety counter
// tables (KingCounterSquare, KingAttackPattern, KingSafeCheck,
// KingSafetyTable, whose values are indices into a non-linear table), the
// passed pawns' king-distance multipliers (PassedKingWeight,
// PassedKingDistanceCap), ImbalancePawnPivot, the phase weights and the
// drawishness scale factors. Also left out: the mop-up terms, which steer
// the search towards a mate in positions already won rather than predict
// results.
func (p *Params) Tunable() []Param {
	return []Param{
		{"PieceValue", elems(p.PieceValue[:])},
		{"KnightPawnAdjust", []*Score{&p.KnightPawnAdjust}},
		{"RookPawnAdjust", []*Score{&p.RookPawnAdjust}},
		{"BishopPair", []*Score{&p.BishopPair}},
		{"Tempo", []*Score{&p.Tempo}},
		{"PSTFile", elems2(p.PSTFile[:])},
		{"PSTRank", elems2(p.PSTRank[:])},
		{"PawnCentre", []*Score{&p.PawnCentre}},
		{"PawnCentreUnmoved", []*Score{&p.PawnCentreUnmoved}},
		{"KnightMobility", elems(p.KnightMobility[:])},
		{"BishopMobility", elems(p.BishopMobility[:])},
		{"RookMobility", elems(p.RookMobility[:])},
		{"QueenMobility", elems(p.QueenMobility[:])},
		{"PawnDoubled", []*Score{&p.PawnDoubled}},
		{"PawnIsolatedUnopposed", []*Score{&p.PawnIsolatedUnopposed}},
		{"PawnBackward", []*Score{&p.PawnBackward}},
		{"PawnBackwardUnopposed", []*Score{&p.PawnBackwardUnopposed}},
		{"PawnIsolated", elems(p.PawnIsolated[:])},
		{"PawnConnected", elems(p.PawnConnected[:])},
		{"PassedRank", elems(p.PassedRank[:])},
		{"PassedFreePath", elems(p.PassedFreePath[:])},
		{"PassedSafePath", elems(p.PassedSafePath[:])},
		{"PassedSafeStop", elems(p.PassedSafeStop[:])},
		{"PassedEnemyKingDistance", []*Score{&p.PassedEnemyKingDistance}},
		{"PassedOwnKingDistance", []*Score{&p.PassedOwnKingDistance}},
		{"PassedUnstoppable", []*Score{&p.PassedUnstoppable}},
		{"KnightOutpost", []*Score{&p.KnightOutpost}},
		{"BishopOutpost", []*Score{&p.BishopOutpost}},
		{"MinorBehindPawn", []*Score{&p.MinorBehindPawn}},
		{"RookOpenFile", []*Score{&p.RookOpenFile}},
		{"RookHalfOpenFile", []*Score{&p.RookHalfOpenFile}},
		{"RookOnSeventh", []*Score{&p.RookOnSeventh}},
		{"KingShelter", elems(p.KingShelter[:])},
		{"KingStorm", elems(p.KingStorm[:])},
		{"KingStormBlocked", elems(p.KingStormBlocked[:])},
		{"HangingPiece", elems(p.HangingPiece[:])},
		{"ThreatMultiple", []*Score{&p.ThreatMultiple}},
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
