package chess

// Generation selects which legal moves a generator writes.
const (
	genNoisy = 1 // captures and promotions
	genQuiet = 2 // everything else, castling included
	genAll   = genNoisy | genQuiet
	// genChecks, with genQuiet alone: only the quiet moves that may check.
	genChecks = 4
)

// GenerateLegal appends every legal move.
func (p *Position) GenerateLegal(ml *MoveList) { p.generate(ml, genAll) }

// GenerateNoisy appends the legal captures and promotions (in check: only
// those that are evasions).
func (p *Position) GenerateNoisy(ml *MoveList) { p.generate(ml, genNoisy) }

// GenerateQuiet appends the legal moves that neither capture nor promote.
func (p *Position) GenerateQuiet(ml *MoveList) { p.generate(ml, genQuiet) }

// GenerateQuietChecks appends the legal quiet moves that may check the
// opponent, in GenerateQuiet's order: the moves onto a square from which
// the piece would attack the enemy king, every move of a piece that may
// uncover a line to it, and castling. A caller tells the checks among
// them with GivesCheck (quiescence's checks).
func (p *Position) GenerateQuietChecks(ml *MoveList) { p.generate(ml, genQuiet|genChecks) }

// checkReach says where a quiet move may land to check the enemy king.
type checkReach struct {
	squares     [7]Bitboard // by the mover's type: where it would attack the king
	discoverers Bitboard    // our pieces alone on a line from one of our sliders to the king
}

func (p *Position) checkReach() checkReach {
	us, them := p.side&1, p.side&1^1 // masked, for the compiler: a colour indexes unchecked
	eksq := p.KingSquare(them)
	occ := p.byType[0]
	r := checkReach{discoverers: p.blockers(eksq, p.byColor[us]) & p.byColor[us]}
	rookLines, bishopLines := RookAttacks(eksq, occ), BishopAttacks(eksq, occ)
	r.squares[Pawn] = pawnAttacks[them][eksq]
	r.squares[Knight] = knightAttacks[eksq]
	r.squares[Bishop] = bishopLines
	r.squares[Rook] = rookLines
	r.squares[Queen] = rookLines | bishopLines
	return r
}

// mask is where the piece of type t on from may move to check.
func (r *checkReach) mask(t PieceType, from Square) Bitboard {
	if r.discoverers.Has(from) {
		return ^Bitboard(0)
	}
	return r.squares[t]
}

// GenerateEvasions appends every legal move of a side in check. It is
// GenerateLegal under a name that says what the caller expects.
func (p *Position) GenerateEvasions(ml *MoveList) { p.generate(ml, genAll) }

// generate writes fully legal moves: pinned pieces stay on their pin line,
// in check only blocks and captures of the checker are made, and king moves
// are tested against the attacks with the king lifted off the board.
func (p *Position) generate(ml *MoveList, kinds int) {
	us, them := p.side&1, p.side&1^1 // masked, for the compiler: a colour indexes unchecked
	occ := p.byType[0]
	own := p.byColor[us]
	enemy := p.byColor[them]
	ksq := p.KingSquare(us) & 63
	// checks stays nil for the other generators.
	var checks *checkReach
	if kinds&genChecks != 0 {
		reach := p.checkReach()
		checks = &reach
	}

	// King moves first: they are legal whatever the number of checkers.
	var kingTargets Bitboard
	if kinds&genNoisy != 0 {
		kingTargets |= enemy
	}
	if kinds&genQuiet != 0 {
		kingTargets |= ^occ
	}
	if checks != nil {
		kingTargets &= checks.mask(King, ksq)
	}
	occNoKing := occ ^ SquareBB(ksq)
	for b := kingAttacks[ksq] & kingTargets; b != 0; {
		to := b.PopFirst()
		if !p.Attacked(to, them, occNoKing) {
			ml.add(NewMove(ksq, to))
		}
	}
	if p.checkers.More() {
		return
	}

	// checkMask: where a non-king move must land (anywhere when not in check).
	checkMask := ^Bitboard(0)
	if p.checkers != 0 {
		checker := p.checkers.First()
		checkMask = between[ksq][checker] | p.checkers
	}
	pinned := p.Pinned(us)

	var captureTargets, quietTargets Bitboard
	if kinds&genNoisy != 0 {
		captureTargets = enemy & checkMask
	}
	if kinds&genQuiet != 0 {
		quietTargets = ^occ & checkMask
	}
	targets := captureTargets | quietTargets

	p.generatePawnMoves(ml, kinds, checkMask, pinned, ksq, checks)

	// Pinned knights never move; pinned sliders stay on the pin line.
	n := ml.N
	for b := p.byType[Knight] & own &^ pinned; b != 0; {
		from := b.PopFirst()
		att := knightAttacks[from] & targets
		if checks != nil {
			att &= checks.mask(Knight, from)
		}
		for att != 0 {
			ml.Moves[n] = NewMove(from, att.PopFirst())
			n++
		}
	}
	diagonal := (p.byType[Bishop] | p.byType[Queen]) & own
	for b := diagonal; b != 0; {
		from := b.PopFirst()
		att := BishopAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= line[ksq][from]
		}
		if checks != nil {
			att &= checks.mask(p.board[from].Type(), from)
		}
		for att != 0 {
			ml.Moves[n] = NewMove(from, att.PopFirst())
			n++
		}
	}
	straight := (p.byType[Rook] | p.byType[Queen]) & own
	for b := straight; b != 0; {
		from := b.PopFirst()
		att := RookAttacks(from, occ) & targets
		if pinned.Has(from) {
			att &= line[ksq][from]
		}
		if checks != nil {
			att &= checks.mask(p.board[from].Type(), from)
		}
		for att != 0 {
			ml.Moves[n] = NewMove(from, att.PopFirst())
			n++
		}
	}
	ml.N = n

	if kinds&genQuiet != 0 && p.checkers == 0 && p.castling&castleRightsOf[us] != 0 {
		p.generateCastling(ml, us, ksq)
	}
}

func (p *Position) generatePawnMoves(ml *MoveList, kinds int, checkMask, pinned Bitboard, ksq Square, checks *checkReach) {
	us, them := p.side&1, p.side&1^1 // masked, for the compiler: a colour indexes unchecked
	occ := p.byType[0]
	pawns := p.Pieces(us, Pawn)
	promoRank, doubleRank := Rank7, Rank3
	up := 8
	if us == Black {
		promoRank, doubleRank = Rank2, Rank6
		up = -8
	}
	empty := ^occ
	enemy := p.byColor[them]
	promoting := pawns & promoRank
	normal := pawns &^ promoRank

	pinnedPawns := pawns & pinned

	if kinds&genQuiet != 0 {
		single := normal.Forward(us) & empty
		double := (single & doubleRank).Forward(us) & empty & checkMask
		single &= checkMask
		if checks != nil {
			uncovering := (normal & checks.discoverers).Forward(us)
			single &= checks.squares[Pawn] | uncovering
			double &= checks.squares[Pawn] | uncovering.Forward(us)
		}
		for single != 0 {
			to := single.PopFirst()
			from := to - Square(up)
			if pinOK(pinnedPawns, ksq, from, to) {
				ml.Moves[ml.N] = NewMove(from, to)
				ml.N++
			}
		}
		for double != 0 {
			to := double.PopFirst()
			from := to - Square(2*up)
			if pinOK(pinnedPawns, ksq, from, to) {
				ml.Moves[ml.N] = NewMove(from, to)
				ml.N++
			}
		}
	}

	if kinds&genNoisy != 0 {
		// Promotions: all four pieces count as noisy.
		if promoting != 0 {
			pushes := promoting.Forward(us) & empty & checkMask
			for pushes != 0 {
				to := pushes.PopFirst()
				from := to - Square(up)
				if pinOK(pinnedPawns, ksq, from, to) {
					addPromotions(ml, from, to)
				}
			}
			for b := promoting; b != 0; {
				from := b.PopFirst()
				for att := pawnAttacks[us][from] & enemy & checkMask; att != 0; {
					to := att.PopFirst()
					if pinOK(pinnedPawns, ksq, from, to) {
						addPromotions(ml, from, to)
					}
				}
			}
		}
		var left, right Bitboard
		if us == White {
			left, right = normal.NorthWest()&enemy&checkMask, normal.NorthEast()&enemy&checkMask
		} else {
			left, right = normal.SouthWest()&enemy&checkMask, normal.SouthEast()&enemy&checkMask
		}
		for left != 0 {
			to := left.PopFirst()
			from := to - Square(up-1)
			if pinOK(pinnedPawns, ksq, from, to) {
				ml.Moves[ml.N] = NewMove(from, to)
				ml.N++
			}
		}
		for right != 0 {
			to := right.PopFirst()
			from := to - Square(up+1)
			if pinOK(pinnedPawns, ksq, from, to) {
				ml.Moves[ml.N] = NewMove(from, to)
				ml.N++
			}
		}
		if p.epSquare != NoSquare {
			p.generateEnPassant(ml, us, ksq)
		}
	}
}

// pinOK filters pinned pawns: they may only move along the line through
// their king. Most positions have none, so the test is usually one AND.
func pinOK(pinned Bitboard, ksq, from, to Square) bool {
	return pinned&SquareBB(from) == 0 || line[ksq][from].Has(to)
}

func addPromotions(ml *MoveList, from, to Square) {
	ml.add(NewPromotion(from, to, Queen))
	ml.add(NewPromotion(from, to, Knight))
	ml.add(NewPromotion(from, to, Rook))
	ml.add(NewPromotion(from, to, Bishop))
}

// generateEnPassant tests each e.p. capture by replaying it on the
// occupancy: the rare case of a pawn pair pinned along a rank is caught
// without special code.
func (p *Position) generateEnPassant(ml *MoveList, us Color, ksq Square) {
	ep := p.epSquare
	capSq := ep ^ 8
	for b := pawnAttacks[us^1][ep] & p.Pieces(us, Pawn); b != 0; {
		from := b.PopFirst()
		occ := p.byType[0] ^ SquareBB(from) ^ SquareBB(capSq) | SquareBB(ep)
		if p.AttackersTo(ksq, occ)&p.byColor[us^1]&^SquareBB(capSq) == 0 {
			ml.add(newSpecial(from, ep, EnPassant))
		}
	}
}

var castleRightsOf = [2]uint8{WhiteKingSide | WhiteQueenSide, BlackKingSide | BlackQueenSide}

// generateCastling handles standard chess and Chess960 alike: the squares
// the king and rook pass over and land on must be empty (but for the two of
// them), and no square the king crosses may be attacked once the castling
// rook is lifted (it may be shielding the king's target in Chess960).
func (p *Position) generateCastling(ml *MoveList, us Color, ksq Square) {
	for _, kingSide := range [2]bool{true, false} {
		idx := castleIndex(us, kingSide)
		if p.castling&(1<<idx) == 0 {
			continue
		}
		rsq := p.castleRook[idx]
		kingTo, rookTo := CastleTargets(us, kingSide)
		movers := SquareBB(ksq) | SquareBB(rsq)
		path := between[ksq][kingTo] | between[rsq][rookTo] | SquareBB(kingTo) | SquareBB(rookTo)
		if path&p.byType[0]&^movers != 0 {
			continue
		}
		occ := p.byType[0] ^ movers
		safe := true
		for b := between[ksq][kingTo] | SquareBB(kingTo); b != 0; {
			if p.Attacked(b.PopFirst(), us^1, occ) {
				safe = false
				break
			}
		}
		if safe {
			ml.add(newSpecial(ksq, rsq, Castling))
		}
	}
}

// HasLegalMove reports whether the side to move has any legal move (false:
// checkmate or stalemate).
func (p *Position) HasLegalMove() bool {
	var ml MoveList
	p.generate(&ml, genAll)
	return ml.N > 0
}
