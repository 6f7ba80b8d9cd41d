package eval

import (
	"math/bits"
	"unsafe"

	"matador/internal/chess"
)

// IPPOLIT: pawn hash. Everything that depends on the pawns alone is computed
// once per pawn structure and kept by the pawn Zobrist key; pawn structures
// repeat across most of a search tree, so nearly every call is a hit.
const pawnHashSize = 1 << 13

// pawnEntry is what the pawn hash keeps for one pawn structure.
//
// A position without pawns has key 0 and an all-zero entry, which is what a
// fresh table holds, so an empty slot can never answer wrongly for it.
type pawnEntry struct {
	key uint64
	// passed[c]: c's passed pawns.
	passed [2]chess.Bitboard
	// span[c]: every square c's pawns attack now or could after advancing;
	// outside it an outpost is safe from pawns for good.
	span [2]chess.Bitboard
	// structure[c]: doubled, isolated, backward and connected pawns;
	// passedBase[c]: the passed pawns' and candidates' rank values (with
	// PassedStacked).
	structure  [2]Score
	passedBase [2]Score
	// placement[c]: the pawns' piece-square values.
	placement [2]Score
	// shelter[c][i] is kingShelter for c's king on square
	// shelterKing[c][i]-1 (0: not computed yet), the last square first.
	// Kings seldom move in a search, so the shelter is nearly always
	// found here with the pawns; keeping two squares spares a quarter of
	// the recomputations of one (a king stepping back and forth).
	shelterKing [2][2]uint8
	shelter     [2][2]Score
	// closedness: how locked the pawns are, 0 to 8; pawnFiles: the files
	// that hold a pawn of either colour, bit f for file f.
	closedness int
	pawnFiles  uint8
}

// PawnSlot is the address of the pawn-hash entry pos's pawns would use,
// for the search to prefetch before it evaluates.
func (e *Evaluator) PawnSlot(pos *chess.Position) unsafe.Pointer {
	return unsafe.Pointer(&e.pawns[pos.PawnKey()&(pawnHashSize-1)])
}

// probePawns returns the entry for pos's pawns, computing it on a miss.
func (e *Evaluator) probePawns(pos *chess.Position) *pawnEntry {
	key := pos.PawnKey()
	ent := &e.spare
	if e.p.UsePawnHash {
		e.probes++
		ent = &e.pawns[key&(pawnHashSize-1)]
		if ent.key == key {
			e.hits++
			return ent
		}
	}
	*ent = pawnEntry{key: key}
	for c := chess.White; c <= chess.Black; c++ {
		e.p.evalPawns(pos, ent, c)
	}
	ent.closedness, ent.pawnFiles = pawnShape(pos)
	return ent
}

// pawnShape measures how closed the pawns are, from 0 (no pawns, open
// files) to 8 (all pawns on, locked against each other): the pawn count
// plus two for each pair of pawns that block each other head-on, less two
// for each file without pawns, a third of that. It also returns the files
// with pawns.
func pawnShape(pos *chess.Position) (closedness int, files uint8) {
	white, black := pos.Pieces(chess.White, chess.Pawn), pos.Pieces(chess.Black, chess.Pawn)
	for f := range 8 {
		if (white|black)&chess.FileBB(f) != 0 {
			files |= 1 << f
		}
	}
	open := 8 - bits.OnesCount8(files)
	rams := (white.Forward(chess.White) & black).Count()
	raw := (white | black).Count() + 2*rams - 2*open
	return min(max(raw/3, 0), 8), files
}

// fileDistance is the distance from file f to the nearest file in files
// (not empty).
func fileDistance(files uint8, f int) int {
	for d := range 8 {
		if (f-d >= 0 && files&(1<<(f-d)) != 0) || (f+d < 8 && files&(1<<(f+d)) != 0) {
			return d
		}
	}
	return 0
}

// evalPawns fills c's half of ent.
func (p *Params) evalPawns(pos *chess.Position, ent *pawnEntry, c chess.Color) {
	us := pos.Pieces(c, chess.Pawn)
	them := pos.Pieces(c.Other(), chess.Pawn)

	attacks := chess.PawnAttacksBB(us, c)
	ent.span[c] = fillForward(attacks, c)

	var structure, passedBase, placement Score
	for b := us; b != 0; {
		s := b.PopFirst()
		r := s.RelativeRank(c)
		placement += p.pst[c][chess.Pawn][s]

		front := forwardFile[c][s]
		opposed := front&them != 0
		rear := front&us != 0 // an own pawn stands ahead of this one
		neighbours := us & adjacentFiles[s.File()]
		phalanx := neighbours & chess.RankBB(s.Rank())
		supported := neighbours & chess.PawnAttacks(c.Other(), s)

		if rear && p.UsePawnStructure {
			structure += p.PawnDoubled
		}
		if !rear && passedSpan[c][s]&them == 0 {
			ent.passed[c] |= chess.SquareBB(s)
			passedBase += p.PassedRank[r]
			if p.UsePassedStacked && forwardFile[c.Other()][s]&us != 0 {
				passedBase += p.PassedStacked[r]
			}
		} else if !rear && !opposed && p.UsePassedPawns {
			// A candidate: the file ahead is free of enemy pawns, and our
			// pawns beside it or behind it outnumber or match the enemy
			// pawns that guard its way.
			sentries := passedSpan[c][s] & them
			helpers := us & adjacentFiles[s.File()] &^ passedSpan[c][s]
			if helpers.Count() >= sentries.Count() {
				passedBase += p.PawnCandidate[r]
			}
		}
		if !p.UsePawnStructure {
			continue
		}
		if phalanx|supported != 0 {
			structure += p.PawnConnected[r]
		}
		if neighbours == 0 {
			// REBEL: isolated pawn penalty from a square table.
			rel := s
			if c == chess.Black {
				rel = s.Flip()
			}
			structure += p.PawnIsolated[rel]
			if !opposed {
				structure += p.PawnIsolatedUnopposed
			}
			continue
		}
		// Backward: no neighbour level with it or behind to support its
		// advance, and the square in front is held by an enemy pawn.
		if neighbours&^passedSpan[c][s] == 0 {
			stop := s + 8
			if c == chess.Black {
				stop = s - 8
			}
			if chess.PawnAttacks(c, stop)&them != 0 || them.Has(stop) {
				structure += p.PawnBackward
				if p.UseBackwardByRank {
					structure += p.PawnBackwardRank[r]
				}
				if !opposed {
					structure += p.PawnBackwardUnopposed
				}
			}
		}
	}
	if !p.UsePassedPawns {
		passedBase = 0
	}
	ent.structure[c] = structure
	ent.passedBase[c] = passedBase
	ent.placement[c] = placement
}

// fillForward extends every square of b to the end of its file in c's
// direction of play.
func fillForward(b chess.Bitboard, c chess.Color) chess.Bitboard {
	if c == chess.White {
		b |= b << 8
		b |= b << 16
		b |= b << 32
	} else {
		b |= b >> 8
		b |= b >> 16
		b |= b >> 32
	}
	return b
}
