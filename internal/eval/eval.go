// Package eval is Matador's static evaluation: a tapered sum of packed
// middle-game/end-game terms (material, piece-square tables, mobility, pawn
// structure through a pawn hash, passed pawns, rooks, bishop pair, king
// safety, threats) squashed by drawish-material knowledge. Of Matador's
// packages it imports only matador/internal/chess and
// matador/internal/switches. Every weight is in params.go.
package eval

import "matador/internal/chess"

// darkSquares holds a1 and every square of its colour.
const darkSquares chess.Bitboard = 0xAA55AA55AA55AA55

// Term families: the rows of the trace. Each is accumulated per colour so
// that Trace reads exactly what Evaluate added.
const (
	termMaterial = iota
	termPlacement
	termMobility
	termPawns
	termPassed
	termRooks
	termBishopPair
	termKingSafety
	termThreats
	termSpace
	termTempo
	numTerms
)

// evalInfo is the scratch state of one evaluation. Its fields are
// either set by every evaluation before they are read (below) or summed
// into, or set only by some switches' terms (evalSums, the part zeroed
// at the start: zeroing all of it cost about 0.8% of the search).
type evalInfo struct {
	evalSums
	// attacked2[c]: squares c attacks at least twice.
	attacked2 [2]chess.Bitboard
	// mobilityArea[c]: squares counted for c's mobility.
	mobilityArea [2]chess.Bitboard
	pawns        *pawnEntry
	// king[c]: c's king square, found once for the many terms that read it.
	king [2]chess.Square
	// count[c][t]: c's pieces of type t, counted once for every term that
	// reads a number of pieces (material, phase, scaling, space, king
	// safety) rather than by each of them. countPieces sets the pawns to
	// the queens; [c][0] and the kings are never written, so stay zero.
	count pieceCounts
	// pieceSquares[c]: the piece-square values alone, for LazyGap.
	pieceSquares [2]Score

	// Filled at the end for the trace.
	phase, scale int
	mg, eg       int // after scaling
	full         int // the result, White's view
}

// evalSums is the part of evalInfo that an evaluation sums into, or sets
// only under some switches, so it starts each evaluation zeroed.
type evalSums struct {
	// attacked[c][t]: squares attacked by c's pieces of type t; [c][0] is
	// the union (REBEL's attack tables WB/BB, as bitboards).
	attacked [2][7]chess.Bitboard
	// hanging[c]: c's hanging pieces (REBEL's list).
	hanging [2]chess.Bitboard
	terms   [numTerms][2]Score
	// kingDanger[c]: the middle-game penalty of c's king safety, for
	// KingDanger; danger[c] the danger sum it comes from.
	kingDanger [2]int
	danger     [2]Score
	// zoneAttackers[c][t]: c's pieces of type t that attack the enemy
	// king's zone; zoneAttacks[c]: their attacks on the ring around it.
	zoneAttackers [2][7]int
	zoneAttacks   [2]int
	// complexity: the complexity sum (end-game centipawns), and what it
	// moved the end-game half by.
	complexity, complexityShift int
	// scaleFrom: the weight the scale factor comes from, nil for a fixed
	// one (for the trace).
	scaleFrom *Score
}

// addAttacks records the attacks a of a piece of type t and colour c.
func (info *evalInfo) addAttacks(c chess.Color, t chess.PieceType, a chess.Bitboard) {
	info.attacked2[c] |= info.attacked[c][0] & a
	info.attacked[c][0] |= a
	info.attacked[c][t] |= a
}

// Evaluator evaluates with one configuration (Params) and holds per-thread
// caches (the pawn hash). Not safe for concurrent use; one per search
// thread.
type Evaluator struct {
	p      *Params
	info   evalInfo
	pawns  [pawnHashSize]pawnEntry
	spare  pawnEntry // used when UsePawnHash is off
	probes uint64
	hits   uint64
}

// NewEvaluator returns an evaluator with the engine's configuration
// (shared, never changed) and an empty pawn hash.
func NewEvaluator() *Evaluator { return &Evaluator{p: &defaultParams} }

// NewEvaluatorWith returns an evaluator that reads its switches and weights
// from p, which the caller may change between evaluations (calling
// p.Rebuild after the piece-square weights, and minding the pawn hash).
func NewEvaluatorWith(p *Params) *Evaluator { return &Evaluator{p: p} }

// Params is the configuration the evaluator reads.
func (e *Evaluator) Params() *Params { return e.p }

// Evaluate returns the static score in centipawns from the side to move's
// point of view.
func (e *Evaluator) Evaluate(pos *chess.Position) int {
	v := e.evaluate(pos)
	if pos.SideToMove() == chess.Black {
		return -v
	}
	return v
}

// evaluate returns the score from White's point of view and leaves the
// per-term breakdown in e.info.
func (e *Evaluator) evaluate(pos *chess.Position) int {
	p := e.p
	info := &e.info
	info.evalSums = evalSums{}
	info.king = [2]chess.Square{pos.KingSquare(chess.White), pos.KingSquare(chess.Black)}
	info.pawns = e.probePawns(pos)
	countPieces(pos, &info.count)

	initAttacks(pos, info)
	p.evalMaterial(pos, info)
	p.evalPieces(pos, info, chess.White)
	p.evalPieces(pos, info, chess.Black)
	p.evalKings(pos, info)
	p.evalPassed(pos, info, chess.White)
	p.evalPassed(pos, info, chess.Black)
	if p.UseThreats {
		// The hanging pieces are found only for the threats; the search
		// reads them afterwards through LastHanging.
		info.hanging[chess.White] = hanging(pos, &info.attacked, chess.White)
		info.hanging[chess.Black] = hanging(pos, &info.attacked, chess.Black)
		p.evalThreats(pos, info, chess.White)
		p.evalThreats(pos, info, chess.Black)
	}
	if p.UseMopUp {
		p.evalMopUp(pos, info)
	}
	if p.UseSpace {
		p.evalSpace(pos, info, chess.White)
		p.evalSpace(pos, info, chess.Black)
	}
	info.terms[termTempo][pos.SideToMove()] = p.Tempo

	total := info.termSum()
	mg, eg := total.Mg(), total.Eg()
	if p.UseComplexity {
		info.complexity = p.complexity(pos, &info.count)
		shifted := complexityShift(eg, info.complexity)
		info.complexityShift, eg = shifted-eg, shifted
	}
	phase := gamePhase(&info.count)
	scale := ScaleNormal
	if p.UseScaling {
		scale, info.scaleFrom = p.scaleFactor(pos, &info.count, taper(mg, eg, phase), phase)
	}
	info.phase, info.scale = phase, scale
	info.mg, info.eg, info.full = scaleAndTaper(mg, eg, phase, scale)
	return info.full
}

// termSum is White's terms less Black's, written out as Go does not unroll
// the loop over the terms (packed scores add the same in any order;
// TestTermSum holds it to the loop).
func (info *evalInfo) termSum() Score {
	tm := &info.terms
	return tm[termMaterial][chess.White] - tm[termMaterial][chess.Black] +
		tm[termPlacement][chess.White] - tm[termPlacement][chess.Black] +
		tm[termMobility][chess.White] - tm[termMobility][chess.Black] +
		tm[termPawns][chess.White] - tm[termPawns][chess.Black] +
		tm[termPassed][chess.White] - tm[termPassed][chess.Black] +
		tm[termRooks][chess.White] - tm[termRooks][chess.Black] +
		tm[termBishopPair][chess.White] - tm[termBishopPair][chess.Black] +
		tm[termKingSafety][chess.White] - tm[termKingSafety][chess.Black] +
		tm[termThreats][chess.White] - tm[termThreats][chess.Black] +
		tm[termSpace][chess.White] - tm[termSpace][chess.Black] +
		tm[termTempo][chess.White] - tm[termTempo][chess.Black]
}

// scaleAndTaper is the evaluation's last step: IPPOLIT's drawishness
// factor squashes both halves (scaling them first keeps the trace exact),
// then the phase blends them.
func scaleAndTaper(mg, eg, phase, scale int) (scaledMg, scaledEg, full int) {
	scaledMg, scaledEg = mg*scale/ScaleNormal, eg*scale/ScaleNormal
	return scaledMg, scaledEg, taper(scaledMg, scaledEg, phase)
}

// complexityShift moves the end-game half eg towards zero by the
// complexity sum c when c is negative (and away from it when positive),
// never past zero.
func complexityShift(eg, c int) int {
	switch {
	case eg > 0:
		return eg + max(c, -eg)
	case eg < 0:
		return eg - max(c, eg)
	}
	return 0
}

// taper blends the two halves by phase (PhaseTotal = opening).
func taper(mg, eg, phase int) int {
	return (mg*phase + eg*(PhaseTotal-phase)) / PhaseTotal
}

// gamePhase counts the pieces left, Fruit/Rybka style.
func gamePhase(n *pieceCounts) int {
	p := PhaseKnight*(n[chess.White][chess.Knight]+n[chess.Black][chess.Knight]) +
		PhaseBishop*(n[chess.White][chess.Bishop]+n[chess.Black][chess.Bishop]) +
		PhaseRook*(n[chess.White][chess.Rook]+n[chess.Black][chess.Rook]) +
		PhaseQueen*(n[chess.White][chess.Queen]+n[chess.Black][chess.Queen])
	return min(p, PhaseTotal)
}

// pieceCounts[c][t] is the number of c's pieces of type t (not counted
// for the kings).
type pieceCounts [2][7]int

// countPieces fills n from pos. Written out, as Go does not unroll loops:
// the loop over colours and types cost three times as much.
func countPieces(pos *chess.Position, n *pieceCounts) {
	pawns, knights, bishops := pos.ByType(chess.Pawn), pos.ByType(chess.Knight), pos.ByType(chess.Bishop)
	rooks, queens := pos.ByType(chess.Rook), pos.ByType(chess.Queen)
	for c := chess.White; c <= chess.Black; c++ {
		us := pos.ByColor(c)
		n[c][chess.Pawn] = (us & pawns).Count()
		n[c][chess.Knight] = (us & knights).Count()
		n[c][chess.Bishop] = (us & bishops).Count()
		n[c][chess.Rook] = (us & rooks).Count()
		n[c][chess.Queen] = (us & queens).Count()
	}
}

// initAttacks seeds the attack tables with pawn attacks (the pieces add
// theirs as they are evaluated) and sets the mobility areas.
func initAttacks(pos *chess.Position, info *evalInfo) {
	for c := chess.White; c <= chess.Black; c++ {
		pawns := pos.Pieces(c, chess.Pawn)
		a := chess.PawnAttacksBB(pawns, c)
		info.attacked[c][chess.Pawn] = a
		info.attacked[c][0] = a
		if c == chess.White {
			info.attacked2[c] = pawns.NorthEast() & pawns.NorthWest()
		} else {
			info.attacked2[c] = pawns.SouthEast() & pawns.SouthWest()
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		info.mobilityArea[c] = ^(pos.Pieces(c, chess.Pawn) | pos.Pieces(c, chess.King) |
			info.attacked[c.Other()][chess.Pawn])
	}
}

// evalMaterial: material, imbalance and the bishop pair.
func (p *Params) evalMaterial(pos *chess.Position, info *evalInfo) {
	for c := chess.White; c <= chess.Black; c++ {
		info.terms[termMaterial][c] = p.pieceMaterial(&info.count[c])
		info.terms[termBishopPair][c] = p.bishopPair(pos, c)
	}
	if p.UseImbalanceClasses {
		if class, side := imbalanceClass(&info.count); class >= 0 {
			info.terms[termMaterial][side] += p.ImbalanceClass[class]
		}
	}
}

// Imbalance classes (UseImbalanceClasses): trades whose worth the piece
// values and the imbalance of pawn counts misjudge as a whole, each with a
// weight of its own for the side with the larger pieces. `tune residuals`
// found them (docs/tuning.md): on the first 400,000 positions of the first
// data round, a minor for pawns was off by 14 cp and a queen for a rook and a
// minor by 49 cp.
const (
	ImbalanceRookForMinor = iota
	ImbalanceMinorForPawns
	ImbalanceRookForTwoMinors
	ImbalanceQueenForTwoRooks
	ImbalanceQueenForRookAndMinor
	ImbalanceQueenForThreeMinors
	NumImbalanceClasses
)

// ImbalanceClassNames name the classes, in their order.
var ImbalanceClassNames = [NumImbalanceClasses]string{"rook for a minor", "minor for pawns", "rook for two minors",
	"queen for two rooks", "queen for rook and minor", "queen for three minors"}

// imbalanceClass is the class of the material n, and the side with the
// larger pieces; -1 when it is in none.
func imbalanceClass(n *pieceCounts) (int, chess.Color) {
	// Every class trades pieces: the same queens, rooks and minors on both
	// sides (most positions) are in none.
	w, b := &n[chess.White], &n[chess.Black]
	if w[chess.Queen] == b[chess.Queen] && w[chess.Rook] == b[chess.Rook] &&
		w[chess.Knight]+w[chess.Bishop] == b[chess.Knight]+b[chess.Bishop] {
		return -1, chess.White
	}
	for _, side := range [2]chess.Color{chess.White, chess.Black} {
		us, them := &n[side], &n[side^1]
		dq, dr := us[chess.Queen]-them[chess.Queen], us[chess.Rook]-them[chess.Rook]
		dm := us[chess.Knight] + us[chess.Bishop] - them[chess.Knight] - them[chess.Bishop]
		dp := us[chess.Pawn] - them[chess.Pawn]
		switch {
		case dq == 0 && dr == 1 && dm == -1:
			return ImbalanceRookForMinor, side
		case dq == 0 && dr == 0 && dm == 1 && dp <= -1:
			return ImbalanceMinorForPawns, side
		case dq == 0 && dr == 1 && dm == -2:
			return ImbalanceRookForTwoMinors, side
		case dq == 1 && dr == -2 && dm == 0:
			return ImbalanceQueenForTwoRooks, side
		case dq == 1 && dr == -1 && dm == -1:
			return ImbalanceQueenForRookAndMinor, side
		case dq == 1 && dr == 0 && dm == -3:
			return ImbalanceQueenForThreeMinors, side
		}
	}
	return -1, chess.White
}

// ImbalanceClass is the imbalance class of pos and the side with the
// larger pieces (-1: none), for the tuner's residuals.
func ImbalanceClass(pos *chess.Position) (int, chess.Color) {
	var n pieceCounts
	countPieces(pos, &n)
	return imbalanceClass(&n)
}

// pieceMaterial is the material of one side's pieces n with the
// imbalance adjustment.
func (p *Params) pieceMaterial(n *[7]int) Score {
	s := p.PieceValue[chess.Pawn]*Score(n[chess.Pawn]) + p.PieceValue[chess.Knight]*Score(n[chess.Knight]) +
		p.PieceValue[chess.Bishop]*Score(n[chess.Bishop]) + p.PieceValue[chess.Rook]*Score(n[chess.Rook]) +
		p.PieceValue[chess.Queen]*Score(n[chess.Queen])
	if p.UseImbalance {
		// Rybka/IPPOLIT: material imbalance, knights and rooks by pawn count.
		extra := Score(n[chess.Pawn] - p.ImbalancePawnPivot)
		s += p.KnightPawnAdjust * extra * Score(n[chess.Knight])
		s += p.RookPawnAdjust * extra * Score(n[chess.Rook])
	}
	return s
}

// bishopPair is c's bishop-pair bonus. Two bishops on one colour (after an
// underpromotion) are no pair.
func (p *Params) bishopPair(pos *chess.Position, c chess.Color) Score {
	if b := pos.Pieces(c, chess.Bishop); p.UseBishopPair && b&darkSquares != 0 && b&^darkSquares != 0 {
		return p.BishopPair
	}
	return 0
}

// materialScore is what evalMaterial gives c: material and bishop pair.
func (p *Params) materialScore(pos *chess.Position, n *pieceCounts, c chess.Color) Score {
	s := p.pieceMaterial(&n[c]) + p.bishopPair(pos, c)
	if p.UseImbalanceClasses {
		if class, side := imbalanceClass(n); class >= 0 && side == c {
			s += p.ImbalanceClass[class]
		}
	}
	return s
}
