package eval

import "matador/internal/chess"

// Occupancies for sliders: a bishop sees through its own queen and a rook
// through its own rooks and queen, so batteries count both for mobility and
// as attackers and defenders.
func bishopOcc(pos *chess.Position, c chess.Color) chess.Bitboard {
	return pos.Occupied() &^ pos.Pieces(c, chess.Queen)
}

func rookOcc(pos *chess.Position, c chess.Color) chess.Bitboard {
	return pos.Occupied() &^ (pos.Pieces(c, chess.Queen) | pos.Pieces(c, chess.Rook))
}

// evalPieces scores c's knights, bishops, rooks and queens: placement,
// mobility, outposts and rook files, and records their attacks.
func (p *Params) evalPieces(pos *chess.Position, info *evalInfo, c chess.Color) {
	them := c.Other()
	area := info.mobilityArea[c]
	occ := pos.Occupied()
	ourPawns := pos.Pieces(c, chess.Pawn)
	theirPawns := pos.Pieces(them, chess.Pawn)
	// Outposts: ranks 4-6 from c's side, defended by an own pawn, out of the
	// reach of every enemy pawn now and later.
	ranks456 := chess.Rank4 | chess.Rank5 | chess.Rank6
	if c == chess.Black {
		ranks456 = chess.Rank3 | chess.Rank4 | chess.Rank5
	}
	outposts := ranks456 & info.attacked[c][chess.Pawn] &^ info.pawns.span[them]
	// Minors directly behind a pawn of either colour.
	shielded := (ourPawns | theirPawns).Forward(them)

	// The enemy king's zone, for the danger sum's attacker counts (nobody
	// reads them without the danger model: an empty zone counts nothing).
	ourKing, theirKing := info.king[c], info.king[them]
	var zone, ring chess.Bitboard
	if p.UseKingDangerModel {
		zone, ring = kingZone[them][theirKing], kingRing[theirKing]
	}

	placement := info.pawns.placement[c] + p.pst[c][chess.King][ourKing]
	pieceSquares := placement // the plain piece-square part, for LazyGap
	if p.UsePieceActivity {
		closed := info.pawns.closedness
		placement += p.KnightClosedness[closed]*Score(info.count[c][chess.Knight]) +
			p.RookClosedness[closed]*Score(info.count[c][chess.Rook])
	}
	var mobility, rooks Score

	for b := pos.Pieces(c, chess.Knight); b != 0; {
		s := b.PopFirst()
		a := chess.KnightAttacks(s)
		info.addAttacks(c, chess.Knight, a)
		info.noteKingAttack(c, chess.Knight, a, zone, ring)
		placement += p.pst[c][chess.Knight][s]
		pieceSquares += p.pst[c][chess.Knight][s]
		mobility += p.KnightMobility[(a & area).Count()]
		if p.UsePieceActivity {
			placement += p.KnightKingDistance[min(distance[s][ourKing], distance[s][theirKing])]
		}
		if p.UseOutposts {
			if outposts.Has(s) {
				placement += p.KnightOutpost
			}
			if shielded.Has(s) {
				placement += p.MinorBehindPawn
			}
		}
	}

	bOcc := bishopOcc(pos, c)
	for b := pos.Pieces(c, chess.Bishop); b != 0; {
		s := b.PopFirst()
		a := chess.BishopAttacks(s, bOcc)
		info.addAttacks(c, chess.Bishop, a)
		info.noteKingAttack(c, chess.Bishop, a, zone, ring)
		// A bishop on a long diagonal that sees both of its centre squares
		// through the pawns; one whose colour our blocked pawns share is
		// hemmed in.
		if p.UseBishopShape {
			if longDiagonals.Has(s) && (chess.BishopAttacks(s, ourPawns|theirPawns) & centreSquares).More() {
				placement += p.BishopLongDiagonal
			}
			// Our pawns that an enemy pawn blocks, on the bishop's colour.
			colour := darkSquares
			if !darkSquares.Has(s) {
				colour = ^darkSquares
			}
			rammed := ourPawns & theirPawns.Forward(them) & colour
			placement += p.BishopRammedPawns * Score(rammed.Count())
		}
		placement += p.pst[c][chess.Bishop][s]
		pieceSquares += p.pst[c][chess.Bishop][s]
		mobility += p.BishopMobility[(a & area).Count()]
		if p.UseOutposts {
			if outposts.Has(s) {
				placement += p.BishopOutpost
			}
			if shielded.Has(s) {
				placement += p.MinorBehindPawn
			}
		}
	}

	rOcc := rookOcc(pos, c)
	// Rybka/IPPOLIT: the 7th-rank bonus needs a target: the enemy king on
	// the 8th or enemy pawns on the 7th.
	seventh, eighth := chess.Rank7, chess.Rank8
	if c == chess.Black {
		seventh, eighth = chess.Rank2, chess.Rank1
	}
	seventhTarget := pos.Pieces(them, chess.King)&eighth != 0 || theirPawns&seventh != 0
	for b := pos.Pieces(c, chess.Rook); b != 0; {
		s := b.PopFirst()
		a := chess.RookAttacks(s, rOcc)
		info.addAttacks(c, chess.Rook, a)
		info.noteKingAttack(c, chess.Rook, a, zone, ring)
		placement += p.pst[c][chess.Rook][s]
		pieceSquares += p.pst[c][chess.Rook][s]
		mobility += p.RookMobility[(a & area).Count()]
		if p.UseRookFiles {
			file := chess.FileBB(s.File())
			if file&ourPawns == 0 {
				if file&theirPawns == 0 {
					rooks += p.RookOpenFile
				} else {
					rooks += p.RookHalfOpenFile
				}
			}
			if seventhTarget && seventh.Has(s) {
				rooks += p.RookOnSeventh
			}
		}
	}

	for b := pos.Pieces(c, chess.Queen); b != 0; {
		s := b.PopFirst()
		rookSeen, bishopSeen := chess.RookAttacks(s, occ), chess.BishopAttacks(s, occ)
		a := rookSeen | bishopSeen
		info.addAttacks(c, chess.Queen, a)
		info.noteKingAttack(c, chess.Queen, a, zone, ring)
		placement += p.pst[c][chess.Queen][s]
		pieceSquares += p.pst[c][chess.Queen][s]
		mobility += p.QueenMobility[(a & area).Count()]
		if p.UseThreatsByType {
			placement += p.QueenXRay * Score(queenXRays(pos, s, them, rookSeen, bishopSeen).Count())
		}
	}

	info.terms[termPlacement][c] = placement
	info.pieceSquares[c] = pieceSquares
	if p.UseMobility {
		info.terms[termMobility][c] = mobility
	}
	info.terms[termRooks][c] = rooks
	if p.UsePawnStructure {
		info.terms[termPawns][c] = info.pawns.structure[c]
	}
}

// noteKingAttack counts a piece of c whose attacks a reach the enemy
// king's zone, and its attacks on the ring around the king.
func (info *evalInfo) noteKingAttack(c chess.Color, t chess.PieceType, a, zone, ring chess.Bitboard) {
	if a&zone != 0 {
		info.zoneAttackers[c&1][t&7]++
		info.zoneAttacks[c&1] += (a & ring).Count()
	}
}

// Long diagonals and the centre, for bishops and space.
const (
	longDiagonals chess.Bitboard = 0x8142241818244281
	centreSquares chess.Bitboard = 0x0000001818000000
	centreFiles   chess.Bitboard = 0x3C3C3C3C3C3C3C3C // files c to f
)

// evalSpace scores c's safe squares (no own pawn on it, no enemy pawn
// attacking it) on its 2nd to 4th ranks in files c to f, counting those
// behind an own pawn twice: room for the pieces to manoeuvre. Each counts
// SpaceSquare, and with UseSpacePieces SpacePieces more per own knight,
// bishop, rook and queen.
func (p *Params) evalSpace(pos *chess.Position, info *evalInfo, c chess.Color) {
	ours := pos.Pieces(c, chess.Pawn)
	ranks := chess.Rank2 | chess.Rank3 | chess.Rank4
	if c == chess.Black {
		ranks = chess.Rank7 | chess.Rank6 | chess.Rank5
	}
	safe := centreFiles & ranks &^ ours &^ info.attacked[c.Other()][chess.Pawn]
	behind := fillForward(ours, c.Other())
	squares := safe.Count() + (safe & behind).Count()
	info.terms[termSpace][c] = p.SpaceSquare * Score(squares)
	if p.UseSpacePieces {
		n := &info.count[c]
		pieces := n[chess.Knight] + n[chess.Bishop] + n[chess.Rook] + n[chess.Queen]
		info.terms[termSpace][c] += p.SpacePieces * Score(squares*pieces)
	}
}

// queenXRays are the rooks and bishops of colour by (queens count as
// either) that do not attack s but would once the first piece on their
// line to s was gone. rookSeen and bishopSeen are a rook's and a bishop's
// attacks from s, which the queen's own attacks have found already.
func queenXRays(pos *chess.Position, s chess.Square, by chess.Color, rookSeen, bishopSeen chess.Bitboard) chess.Bitboard {
	occ := pos.Occupied()
	straight := pos.Pieces(by, chess.Rook) | pos.Pieces(by, chess.Queen)
	diagonal := pos.Pieces(by, chess.Bishop) | pos.Pieces(by, chess.Queen)
	return (straight&^rookSeen)&chess.RookAttacks(s, occ&^rookSeen) |
		(diagonal&^bishopSeen)&chess.BishopAttacks(s, occ&^bishopSeen)
}
