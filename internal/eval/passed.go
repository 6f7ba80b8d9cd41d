package eval

import "matador/internal/chess"

// evalPassed scores c's passed pawns: the rank value from the pawn hash,
// then the terms that depend on pieces and kings, which the hash cannot
// keep. It needs the complete attack tables.
func (p *Params) evalPassed(pos *chess.Position, info *evalInfo, c chess.Color) {
	if !p.UsePassedPawns {
		return
	}
	s := info.pawns.passedBase[c]
	them := c.Other()
	occ := pos.Occupied()
	ourKing, theirKing := info.king[c], info.king[them]
	ours := pos.Pieces(c, chess.Pawn)
	// Squares the enemy holds or attacks: a pawn cannot walk through them.
	blocked := info.attacked[them][0] | pos.ByColor(them)
	// REBEL: quadrant rule, only when the enemy has no piece to stop the
	// pawn with.
	pawnEnding := pos.ByColor(them) == pos.Pieces(them, chess.Pawn)|pos.Pieces(them, chess.King)

	for b := info.pawns.passed[c]; b != 0; {
		sq := b.PopFirst()
		r := sq.RelativeRank(c)
		path := forwardFile[c][sq]
		stop := sq + 8
		if c == chess.Black {
			stop = sq - 8
		}

		// Rybka/IPPOLIT: whether the pawn can move, whether its path is
		// clear, and who controls the squares ahead.
		s += p.PassedEnemyKingDistance[r] * Score(min(dist(theirKing, stop), p.PassedKingDistanceCap))
		s += p.PassedOwnKingDistance[r] * Score(min(dist(ourKing, stop), p.PassedKingDistanceCap))
		// Defended by a pawn or with one beside it.
		if chess.PawnAttacks(them, sq)&ours != 0 || ours&adjacentFiles[sq.File()]&chess.RankBB(sq.Rank()) != 0 {
			s += p.PassedSupported[r]
		}
		if path&occ == 0 {
			s += p.PassedFreePath[r]
		}
		if path&blocked == 0 {
			s += p.PassedSafePath[r]
		} else if !blocked.Has(stop) {
			s += p.PassedSafeStop[r]
		}

		if pawnEnding && path&pos.ByColor(c) == 0 {
			promo := path.Last()
			if c == chess.Black {
				promo = path.First()
			}
			moves := 7 - r
			if r == 1 {
				moves-- // the double step
			}
			kingMoves := dist(theirKing, promo)
			if pos.SideToMove() == them {
				kingMoves--
			}
			if kingMoves > moves {
				s += p.PassedUnstoppable
			}
		}
	}
	// Counted among the side's own passers, whatever the enemy has. The
	// residual it answers: two passers more than the enemy scored 14 cp
	// over their evaluation on 400,000 positions of the first data round (tune
	// residuals).
	if n := info.pawns.passed[c].Count(); p.UsePassedSeveral && n >= 2 {
		s += p.PassedSeveral[min(n, 3)-2]
	}
	info.terms[termPassed][c] = s
}
