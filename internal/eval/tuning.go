package eval

import "matador/internal/chess"

// What the tuner (internal/tune) needs from the evaluation: the list of
// weights it may change (Params.Rebuild rebuilds the tables derived from
// them), the evaluation taken apart into the sums those weights enter, and
// the last step that makes the score of them (Combine). None of it is on
// Evaluate's path.

// Kind says which sum of the evaluation a weight enters.
type Kind int

const (
	// Linear weights enter the unscaled score as an integer count times
	// the weight, the same count for both halves.
	Linear Kind = iota
	// KingDanger weights enter a king's danger sum, whose middle-game half
	// the penalty squares (kingPenalty).
	KingDanger
	// Complexity weights enter the complexity sum by their end-game
	// halves alone (complexityShift).
	Complexity
	// Scale weights are drawishness factors: a position's scale factor is
	// one of them, tapered by phase (Breakdown.ScaleFrom), or a fixed one.
	Scale
)

// Param is one weight of Params that the tuner may change: a single Score
// or an array of them, flattened in source order.
type Param struct {
	Name   string   // the field's name in Params (and in params.go)
	Values []*Score // the elements themselves, so the tuner can set them
	Kind   Kind
}

// Tunable lists the weights of p that the tuner fits: each enters one of
// the evaluation's sums as an integer count times the weight, or is a
// drawishness factor (see Kind).
//
// Left out: the piece-square formula (PSTFile, PSTRank and the pawn
// centre: IPPOLIT's hand-set prior, which PSTSquare corrects), REBEL's
// counter steps (KingCounterSquare, KingAttackPattern, KingSafeCheck: the
// danger model weighs the counter's inputs with weights of its own, and
// the counter itself only decides whether there is danger at all), the
// king-danger divisors, REBEL's KingSafetyTable (used without the danger
// model), PassedKingDistanceCap, ImbalancePawnPivot and the phase
// weights. Also left out: the mop-up terms, which steer the search
// towards a mate in positions already won rather than predict results.
func (p *Params) Tunable() []Param {
	linear := func(name string, v []*Score) Param { return Param{name, v, Linear} }
	one := func(s *Score) []*Score { return []*Score{s} }
	return []Param{
		linear("PieceValue", elems(p.PieceValue[:])),
		linear("KnightPawnAdjust", one(&p.KnightPawnAdjust)),
		linear("RookPawnAdjust", one(&p.RookPawnAdjust)),
		linear("BishopPair", one(&p.BishopPair)),
		linear("ImbalanceClass", elems(p.ImbalanceClass[:])),
		linear("Tempo", one(&p.Tempo)),
		linear("PSTSquare", elems2(p.PSTSquare[:])),
		linear("KnightMobility", elems(p.KnightMobility[:])),
		linear("BishopMobility", elems(p.BishopMobility[:])),
		linear("RookMobility", elems(p.RookMobility[:])),
		linear("QueenMobility", elems(p.QueenMobility[:])),
		linear("PawnDoubled", one(&p.PawnDoubled)),
		linear("PawnIsolatedUnopposed", one(&p.PawnIsolatedUnopposed)),
		linear("PawnBackward", one(&p.PawnBackward)),
		linear("PawnBackwardUnopposed", one(&p.PawnBackwardUnopposed)),
		linear("PawnIsolated", elems(p.PawnIsolated[:])),
		linear("PawnBackwardRank", elems(p.PawnBackwardRank[:])),
		linear("PawnConnected", elems(p.PawnConnected[:])),
		linear("PawnCandidate", elems(p.PawnCandidate[:])),
		linear("PassedRank", elems(p.PassedRank[:])),
		linear("PassedFreePath", elems(p.PassedFreePath[:])),
		linear("PassedSafePath", elems(p.PassedSafePath[:])),
		linear("PassedSafeStop", elems(p.PassedSafeStop[:])),
		linear("PassedEnemyKingDistance", elems(p.PassedEnemyKingDistance[:])),
		linear("PassedOwnKingDistance", elems(p.PassedOwnKingDistance[:])),
		linear("PassedSupported", elems(p.PassedSupported[:])),
		linear("PassedUnstoppable", one(&p.PassedUnstoppable)),
		linear("PassedStacked", elems(p.PassedStacked[:])),
		linear("PassedSeveral", elems(p.PassedSeveral[:])),
		linear("KnightOutpost", one(&p.KnightOutpost)),
		linear("BishopOutpost", one(&p.BishopOutpost)),
		linear("MinorBehindPawn", one(&p.MinorBehindPawn)),
		linear("BishopLongDiagonal", one(&p.BishopLongDiagonal)),
		linear("BishopRammedPawns", one(&p.BishopRammedPawns)),
		linear("KnightKingDistance", elems(p.KnightKingDistance[:])),
		linear("KnightClosedness", elems(p.KnightClosedness[:])),
		linear("RookClosedness", elems(p.RookClosedness[:])),
		linear("RookOpenFile", one(&p.RookOpenFile)),
		linear("RookHalfOpenFile", one(&p.RookHalfOpenFile)),
		linear("RookOnSeventh", one(&p.RookOnSeventh)),
		linear("SpaceSquare", one(&p.SpaceSquare)),
		linear("SpacePieces", one(&p.SpacePieces)),
		linear("KingShelter", elems2(p.KingShelter[:])),
		linear("KingStorm", elems2(p.KingStorm[:])),
		linear("KingStormBlocked", elems(p.KingStormBlocked[:])),
		linear("HangingPiece", elems(p.HangingPiece[:])),
		linear("ThreatMultiple", one(&p.ThreatMultiple)),
		linear("ThreatByPawn", elems(p.ThreatByPawn[:])),
		linear("ThreatByMinor", elems(p.ThreatByMinor[:])),
		linear("ThreatByRook", elems(p.ThreatByRook[:])),
		linear("ThreatByKing", one(&p.ThreatByKing)),
		linear("ThreatByPawnPush", one(&p.ThreatByPawnPush)),
		linear("ThreatOverload", one(&p.ThreatOverload)),
		linear("QueenXRay", one(&p.QueenXRay)),
		linear("KingDefenders", elems(p.KingDefenders[:])),
		linear("KingPawnDistance", elems(p.KingPawnDistance[:])),
		{"KingDangerSquare", elems(p.KingDangerSquare[:]), KingDanger},
		{"KingDangerPattern", elems(p.KingDangerPattern[:]), KingDanger},
		{"KingDangerRing", elems(p.KingDangerRing[:]), KingDanger},
		{"KingDangerFront", elems(p.KingDangerFront[:]), KingDanger},
		{"KingDangerSafeCheck", elems(p.KingDangerSafeCheck[:]), KingDanger},
		{"KingDangerAttackers", elems(p.KingDangerAttackers[:]), KingDanger},
		{"KingDangerZoneAttacks", one(&p.KingDangerZoneAttacks), KingDanger},
		{"KingDangerWeakSquares", one(&p.KingDangerWeakSquares), KingDanger},
		{"KingDangerPoorlyDefended", one(&p.KingDangerPoorlyDefended), KingDanger},
		{"KingDangerSafeChecks", elems(p.KingDangerSafeChecks[:]), KingDanger},
		{"KingDangerBase", one(&p.KingDangerBase), KingDanger},
		{"ComplexityPawns", one(&p.ComplexityPawns), Complexity},
		{"ComplexityFlanks", one(&p.ComplexityFlanks), Complexity},
		{"ComplexityPawnEnding", one(&p.ComplexityPawnEnding), Complexity},
		{"ComplexityAdjust", one(&p.ComplexityAdjust), Complexity},
		{"ComplexityPawnLead", one(&p.ComplexityPawnLead), Complexity},
		{"ScalePawnlessLoneMinor", one(&p.ScalePawnlessLoneMinor), Scale},
		{"ScalePawnlessVsMinor", one(&p.ScalePawnlessVsMinor), Scale},
		{"ScalePawnless", one(&p.ScalePawnless), Scale},
		{"ScaleOCBBishopsOnly", one(&p.ScaleOCBBishopsOnly), Scale},
		{"ScaleOCBWithPieces", one(&p.ScaleOCBWithPieces), Scale},
		{"ScaleOnePawnNoExtra", one(&p.ScaleOnePawnNoExtra), Scale},
		{"ScaleLoneQueen", one(&p.ScaleLoneQueen), Scale},
		{"ScaleStrongPawns", elems(p.ScaleStrongPawns[:]), Scale},
	}
}

func elems(s []Score) []*Score {
	p := make([]*Score, len(s))
	for i := range s {
		p[i] = &s[i]
	}
	return p
}

func elems2[A ~[4]Score | ~[8]Score | ~[64]Score](rows []A) []*Score {
	var p []*Score
	for i := range rows {
		for j := range len(rows[i]) {
			p = append(p, &rows[i][j])
		}
	}
	return p
}

// Breakdown is an evaluation taken apart (White's view): the sum of every
// linear term, each king's danger sum and the complexity sum, the game
// phase and the drawishness scale; Combine makes the score of them, as
// Evaluate does.
type Breakdown struct {
	Mg, Eg       int      // the linear terms (king penalties not included)
	Danger       [2]Score // by the king's colour; zero when king safety or the danger model is off
	Complexity   int
	Phase, Scale int
	// ScaleFrom is the weight of p the scale factor came from, nil for a
	// fixed factor.
	ScaleFrom *Score
	Score     int // White's view
}

// Breakdown evaluates pos with the same code as Evaluate and returns its
// parts.
func (e *Evaluator) Breakdown(pos *chess.Position) Breakdown {
	v := e.evaluate(pos)
	info := &e.info
	var total Score
	for t := range numTerms {
		total += info.terms[t][chess.White] - info.terms[t][chess.Black]
	}
	// The king-safety rows hold the penalties: take them out again.
	total += e.p.kingPenalty(info.danger[chess.White]) - e.p.kingPenalty(info.danger[chess.Black])
	return Breakdown{Mg: total.Mg(), Eg: total.Eg(), Danger: info.danger, Complexity: info.complexity,
		Phase: info.phase, Scale: info.scale, ScaleFrom: info.scaleFrom, Score: v}
}

// Combine makes the score (White's view) of an evaluation's parts exactly
// as Evaluate does, in integers.
func (p *Params) Combine(b Breakdown) int {
	s := S(b.Mg, b.Eg) - p.kingPenalty(b.Danger[chess.White]) + p.kingPenalty(b.Danger[chess.Black])
	mg, eg := s.Mg(), s.Eg()
	if p.UseComplexity {
		eg = complexityShift(eg, b.Complexity)
	}
	_, _, full := scaleAndTaper(mg, eg, b.Phase, b.Scale)
	return full
}

// ScaleAt is the scale factor a Scale weight f gives at phase, in 64ths,
// as the evaluation computes it.
func ScaleAt(f Score, phase int) int {
	return min(max(taper(f.Mg(), f.Eg(), phase), 0), ScaleNormal)
}

// KingPenalty is the king-safety penalty of a danger sum (kingPenalty),
// for the tuner's checks.
func (p *Params) KingPenalty(d Score) Score { return p.kingPenalty(d) }
