package eval

import "matador/internal/chess"

// evalKings adds the kings' attacks to the tables (the pieces are done by
// now, so the tables become complete) and scores both kings' safety.
func (p *Params) evalKings(pos *chess.Position, info *evalInfo) {
	for c := chess.White; c <= chess.Black; c++ {
		info.addAttacks(c, chess.King, chess.KingAttacks(info.king[c]))
	}
	for c := chess.White; c <= chess.Black; c++ {
		var s Score
		if p.UseKingShelter {
			s += p.cachedShelter(pos, info.pawns, c)
		}
		if p.UseKingDangerModel {
			s += p.KingDefenders[min(kingDefenders(pos, c).Count(), len(p.KingDefenders)-1)]
		}
		if p.UsePieceActivity && info.pawns.pawnFiles != 0 {
			s += p.KingPawnDistance[fileDistance(info.pawns.pawnFiles, info.king[c].File())]
		}
		if p.UseKingSafety {
			var pen Score
			var parts counterParts
			p.rebelCounterParts(pos, info, c, &parts)
			counter := p.rebelCounter(&parts)
			switch {
			case p.UseKingDangerModel:
				info.danger[c] = p.kingDanger(pos, info, c, &parts, counter)
				pen = p.kingPenalty(info.danger[c])
			case counter > 0:
				v := p.KingSafetyTable[min(counter, len(p.KingSafetyTable)-1)]
				pen = S(v, v/KingSafetyEgDivisor)
			}
			info.kingDanger[c] = pen.Mg()
			s -= pen
		}
		info.terms[termKingSafety][c] = s
	}
}

// kingDefenders are c's pawns, knights and bishops in its king's zone.
func kingDefenders(pos *chess.Position, c chess.Color) chess.Bitboard {
	return (pos.Pieces(c, chess.Pawn) | pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop)) &
		kingZone[c][pos.KingSquare(c)]
}

// cachedShelter is kingShelter through the pawn entry, which depends on the
// pawns and the king's square only.
func (p *Params) cachedShelter(pos *chess.Position, ent *pawnEntry, c chess.Color) Score {
	tag := uint8(pos.KingSquare(c)) + 1
	kings, shelters := &ent.shelterKing[c], &ent.shelter[c]
	if kings[0] == tag {
		return shelters[0]
	}
	if kings[1] == tag {
		kings[0], kings[1] = kings[1], kings[0]
		shelters[0], shelters[1] = shelters[1], shelters[0]
		return shelters[0]
	}
	kings[1], shelters[1] = kings[0], shelters[0]
	kings[0], shelters[0] = tag, p.kingShelter(pos, c)
	return shelters[0]
}

// kingShelter scores c's pawns in front of its king and the enemy pawns
// storming towards it, on the king's file and its neighbours (a king on the
// rim looks at the three files nearest it).
//
// IPPOLIT/Rybka: 3-file shelter and storm arrays.
func (p *Params) kingShelter(pos *chess.Position, c chess.Color) Score {
	ksq := pos.KingSquare(c)
	kr := ksq.Rank()
	// Pawns level with the king or ahead of it.
	var notBehind chess.Bitboard
	if c == chess.White {
		notBehind = ^chess.Bitboard(0) << uint(8*kr)
	} else {
		notBehind = ^chess.Bitboard(0) >> uint(8*(7-kr))
	}
	ours := pos.Pieces(c, chess.Pawn) & notBehind
	theirs := pos.Pieces(c.Other(), chess.Pawn) & notBehind
	centre := min(max(ksq.File(), 1), 6)
	var s Score
	for f := centre - 1; f <= centre+1; f++ {
		folded := min(f, 7-f) & 3
		file := chess.FileBB(f)
		ourRank, theirRank := 0, 0
		if b := ours & file; b != 0 {
			ourRank = nearest(b, c).RelativeRank(c)
		}
		if b := theirs & file; b != 0 {
			theirRank = nearest(b, c).RelativeRank(c)
		}
		s += p.KingShelter[folded][ourRank&7]
		if ourRank != 0 && theirRank == ourRank+1 {
			s += p.KingStormBlocked[theirRank]
		} else {
			s += p.KingStorm[folded][theirRank&7]
		}
	}
	return s
}

// nearest returns the square of b closest to c's back rank.
func nearest(b chess.Bitboard, c chess.Color) chess.Square {
	if c == chess.White {
		return b.First()
	}
	return b.Last()
}

// counterParts are the inputs of REBEL's king-safety counter for one king:
// where the king stands, how the enemy hits the ring around it and the
// squares two ranks ahead, which kinds of piece attack the zone, and
// which kinds have a safe check. REBEL's counter adds them up with its own
// integer steps (rebelCounter); the danger model weighs each with a tuned
// weight.
type counterParts struct {
	active     bool         // the enemy has a queen and a piece to help her
	square     chess.Square // the king's square from its own side (rank 1 at home)
	squareOn   bool         // the enemy has enough pieces for the king's walk to matter
	ringHits   int          // attacked squares of the ring and the king's own
	ringOpen   int          // of those, squares none of our pieces but the king defends
	frontHits  int          // attacked squares two ranks ahead (kingFront2)
	frontEmpty int          // of those, squares no piece of ours stands on
	frontOpen  int          // of those, squares none of our pieces but the king defends
	pattern    int          // which kinds of enemy piece attack the zone (bits)
	// safeChecks[t]: the squares from which an enemy piece of type t could
	// check without being taken (REBEL's counter asks whether there is
	// one, the danger model also counts them).
	safeChecks [7]chess.Bitboard
	// attacks: the enemy's attacks as kingZoneAttacks counts them, for
	// the danger model.
	attacks chess.Bitboard
}

// rebelCounterParts finds the counter's inputs for c's king and writes
// them to cp, which must be zero (filled in place: the parts are too
// large to be returned cheaply, once for each king of every evaluation).
func (p *Params) rebelCounterParts(pos *chess.Position, info *evalInfo, c chess.Color, cp *counterParts) {
	them := c.Other()
	// REBEL: no king safety without an enemy queen, nor against a lone
	// queen with no rook or minor to help her.
	if pos.Pieces(them, chess.Queen) == 0 {
		return
	}
	helpers := info.count[them][chess.Rook] + info.count[them][chess.Bishop] + info.count[them][chess.Knight]
	if helpers == 0 {
		return
	}
	cp.active = true
	ksq := info.king[c]
	cp.square = ksq
	if c == chess.Black {
		cp.square = ksq.Flip()
	}
	// REBEL: the counter starts from the king's square, unless the enemy
	// has too few pieces left for the king's walk to matter.
	cp.squareOn = helpers >= 2

	theirAttacks := p.kingZoneAttacks(pos, info, c)
	cp.attacks = theirAttacks
	// Squares our pieces other than the king defend.
	defended := info.attacked[c][chess.Pawn] | info.attacked[c][chess.Knight] |
		info.attacked[c][chess.Bishop] | info.attacked[c][chess.Rook] | info.attacked[c][chess.Queen]

	// REBEL: the ring around the king (and its own square): one step per
	// attacked square, another if no piece of ours but the king defends it.
	inner := chess.KingAttacks(ksq) | chess.SquareBB(ksq)
	hit := inner & theirAttacks
	cp.ringHits, cp.ringOpen = hit.Count(), (hit &^ defended).Count()

	// REBEL: two ranks ahead: the same, plus a step when no own piece
	// stands there to shield the king.
	front := kingFront2[c][ksq]
	hit = front & theirAttacks
	cp.frontHits, cp.frontEmpty, cp.frontOpen = hit.Count(), (hit &^ pos.ByColor(c)).Count(), (hit &^ defended).Count()

	// REBEL: attack pattern over the whole zone, three ranks ahead included:
	// which kinds of piece take part matters more than how many squares.
	zone := inner | front | kingFront3[c][ksq]
	if info.attacked[them][chess.Pawn]&zone != 0 {
		cp.pattern |= 1
	}
	if (info.attacked[them][chess.Knight]|info.attacked[them][chess.Bishop])&zone != 0 {
		cp.pattern |= 2
	}
	if info.attacked[them][chess.Rook]&zone != 0 {
		cp.pattern |= 4
	}
	if info.attacked[them][chess.Queen]&zone != 0 {
		cp.pattern |= 8
	}
	if info.attacked[them][chess.King]&zone != 0 {
		cp.pattern |= 16
	}

	// Safe checks: squares from which an enemy piece could check, that the
	// enemy attacks with that piece type and we do not defend at all.
	safe := ^(info.attacked[c][0] | pos.ByColor(them))
	occ := pos.Occupied()
	rookLines := chess.RookAttacks(ksq, occ)
	bishopLines := chess.BishopAttacks(ksq, occ)
	cp.safeChecks[chess.Knight] = chess.KnightAttacks(ksq) & info.attacked[them][chess.Knight] & safe
	cp.safeChecks[chess.Bishop] = bishopLines & info.attacked[them][chess.Bishop] & safe
	cp.safeChecks[chess.Rook] = rookLines & info.attacked[them][chess.Rook] & safe
	cp.safeChecks[chess.Queen] = (rookLines | bishopLines) & info.attacked[them][chess.Queen] & safe
}

// rebelCounter is REBEL's progressive king safety: the counter of a king's
// parts with REBEL's steps; 0 when the enemy has no queen, or no piece to
// help her.
func (p *Params) rebelCounter(cp *counterParts) int {
	if !cp.active {
		return 0
	}
	counter := 0
	if cp.squareOn {
		counter = p.KingCounterSquare[cp.square]
	}
	counter += cp.ringHits + cp.ringOpen + cp.frontHits + cp.frontEmpty + cp.frontOpen
	counter += p.KingAttackPattern[cp.pattern]
	for t := chess.Knight; t <= chess.Queen; t++ {
		if cp.safeChecks[t] != 0 {
			counter += p.KingSafeCheck[t]
		}
	}
	return counter
}

// kingDanger is the danger sum of c's king: REBEL's counter taken apart,
// each of its inputs with a tuned weight (no danger where the counter is 0:
// the enemy lacks the pieces for an attack, or none of the counter's inputs
// counts against this king), and the inputs REBEL's text
// does not have: how many pieces of each kind take part, how often they
// hit the ring, the ring's attacked squares that no pawn, minor or rook of
// ours defends, and every safe check by kind. kingPenalty squares it.
func (p *Params) kingDanger(pos *chess.Position, info *evalInfo, c chess.Color, cp *counterParts, counter int) Score {
	if counter == 0 {
		return 0
	}
	them := c.Other()
	inner := kingRing[info.king[c]]
	theirAttacks := cp.attacks
	danger := p.KingDangerBase + p.KingDangerPattern[cp.pattern] +
		p.KingDangerRing[0]*Score(cp.ringHits) + p.KingDangerRing[1]*Score(cp.ringOpen) +
		p.KingDangerFront[0]*Score(cp.frontHits) + p.KingDangerFront[1]*Score(cp.frontEmpty) +
		p.KingDangerFront[2]*Score(cp.frontOpen)
	if cp.squareOn {
		danger += p.KingDangerSquare[cp.square]
	}
	attackers := &info.zoneAttackers[them] // indexed once, not in the loop
	for t := chess.Knight; t <= chess.Queen; t++ {
		if cp.safeChecks[t] != 0 {
			danger += p.KingDangerSafeCheck[t]
		}
		danger += p.KingDangerSafeChecks[t] * Score(cp.safeChecks[t].Count())
		danger += p.KingDangerAttackers[t] * Score(attackers[t])
	}
	danger += p.KingDangerZoneAttacks * Score(info.zoneAttacks[them])
	weak := inner & theirAttacks &^ (info.attacked[c][chess.Pawn] | info.attacked[c][chess.Knight] |
		info.attacked[c][chess.Bishop] | info.attacked[c][chess.Rook])
	danger += p.KingDangerWeakSquares * Score(weak.Count())
	if p.UsePoorlyDefended {
		zone := inner | kingFront2[c][info.king[c]]
		poor := zone & info.attacked2[them] &^ info.attacked2[c]
		danger += p.KingDangerPoorlyDefended * Score(poor.Count())
	}
	return danger
}

// kingZoneAttacks are the squares the enemy attacks, as the king-safety
// terms count them around c's king: with UseKingPawnCover, a square two of
// c's pawns defend is not counted (Ethereal: such a square cannot be used
// for an attack).
func (p *Params) kingZoneAttacks(pos *chess.Position, info *evalInfo, c chess.Color) chess.Bitboard {
	// Kept under Go's inlining budget (c^1 for c.Other(), Black's squares
	// by a shift of White's; TestKingPawnCoverShift): it is asked for each
	// king of most evaluations.
	attacks := info.attacked[c^1][0]
	if !p.UseKingPawnCover {
		return attacks
	}
	pawns := pos.Pieces(c, chess.Pawn)
	twice := pawns.NorthEast() & pawns.NorthWest()
	if c == chess.Black {
		// Two ranks down, White's squares are Black's (South-East and
		// South-West): as no pawn stands on the first or last rank, no
		// square is lost off the board either way.
		twice >>= 16
	}
	return attacks &^ twice
}

// kingPenalty turns a danger sum into the king-safety penalty: the middle
// game by its square, so that danger piles up progressively (REBEL), the
// end game linearly; a danger at or below zero costs nothing.
func (p *Params) kingPenalty(d Score) Score {
	mg := min(max(d.Mg(), 0), MaxDanger)
	return S(mg*mg/p.KingDangerMgDiv, max(d.Eg(), 0)/p.KingDangerEgDiv)
}

// MaxDanger bounds the danger sum so that its penalty fits a Score half
// (the tuner's gradient stops at it too).
const MaxDanger = 4000

// KingDanger is the middle-game penalty the last Evaluate gave c's king
// for the enemy's pressure on it (REBEL's progressive king safety), in
// centipawns: 0 when there is none or king safety is off. The search
// reads from it whether a move increased the pressure on a king.
func (e *Evaluator) KingDanger(c chess.Color) int { return e.info.kingDanger[c] }
