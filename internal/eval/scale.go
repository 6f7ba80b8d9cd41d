package eval

import "matador/internal/chess"

// nonPawnMaterial sums one side's pieces n other than pawns and king, in
// the middle-game values the drawishness rules are written in.
func nonPawnMaterial(n *[7]int) int {
	return KnightValue*n[chess.Knight] + BishopValue*n[chess.Bishop] +
		RookValue*n[chess.Rook] + QueenValue*n[chess.Queen]
}

// scaleFactor returns, in 64ths, how much of its advantage the side ahead
// (by the unscaled blended score v) can hope to convert, at game phase
// phase, and the weight it comes from (nil for a fixed factor). n counts
// the pieces of pos.
func (p *Params) scaleFactor(pos *chess.Position, n *pieceCounts, v, phase int) (int, *Score) {
	fixed, from := p.drawishness(pos, n, v)
	if from == nil {
		return fixed, nil
	}
	return ScaleAt(*from, phase), from
}

// drawishness picks the scale factor of the material on the board for the
// side ahead by v: a weight of p, or else a fixed factor (ScaleNormal when
// the material is not drawish).
//
// IPPOLIT: winning-chances token, reduced in drawish material such as
// opposite-coloured bishops and pawnless endings.
func (p *Params) drawishness(pos *chess.Position, n *pieceCounts, v int) (fixed int, from *Score) {
	if v == 0 {
		return ScaleNormal, nil
	}
	strong := chess.White
	if v < 0 {
		strong = chess.Black
	}
	weak := strong.Other()
	strongPawns := pos.Pieces(strong, chess.Pawn)
	npmStrong, npmWeak := nonPawnMaterial(&n[strong]), nonPawnMaterial(&n[weak])

	if strongPawns == 0 {
		// Without pawns, a side at most a minor piece up seldom wins, and
		// with only a minor's worth never.
		if npmStrong-npmWeak <= BishopValue {
			if npmStrong < RookValue {
				return 0, &p.ScalePawnlessLoneMinor
			}
			if npmWeak <= BishopValue {
				return 0, &p.ScalePawnlessVsMinor
			}
			return 0, &p.ScalePawnless
		}
		// Two knights cannot force mate on a bare king.
		if pos.ByColor(weak) == pos.Pieces(weak, chess.King) &&
			pos.ByColor(strong) == pos.Pieces(strong, chess.Knight)|pos.Pieces(strong, chess.King) &&
			n[strong][chess.Knight] == 2 {
			return 0, nil
		}
	}

	// Opposite-coloured bishops: the defender's bishop holds the squares
	// the attacker's cannot contest.
	wb, bb := pos.Pieces(chess.White, chess.Bishop), pos.Pieces(chess.Black, chess.Bishop)
	if wb != 0 && bb != 0 && !wb.More() && !bb.More() && (wb&darkSquares == 0) != (bb&darkSquares == 0) {
		if npmStrong == BishopValue && npmWeak == BishopValue {
			return 0, &p.ScaleOCBBishopsOnly
		}
		// With a rook or a minor more each the ending is still drawish;
		// with more on the board the middle game decides.
		if npmStrong <= BishopValue+RookValue && npmWeak <= BishopValue+RookValue {
			return 0, &p.ScaleOCBWithPieces
		}
	}

	// A lone queen without pawns against two or more pieces: the pieces
	// defend each other and the queen cannot force much.
	if strongPawns == 0 && pos.ByColor(strong) == pos.Pieces(strong, chess.Queen)|pos.Pieces(strong, chess.King) &&
		!pos.Pieces(strong, chess.Queen).More() && (pos.ByColor(weak) &^ pos.Pieces(weak, chess.Pawn) &^ pos.Pieces(weak, chess.King)).More() {
		return 0, &p.ScaleLoneQueen
	}

	// A single pawn with no extra piece to support it is often drawn
	// (KRP v KR, KBP v KB, KQP v KQ).
	if !strongPawns.More() && strongPawns != 0 && npmStrong > 0 && npmStrong <= npmWeak {
		return 0, &p.ScaleOnePawnNoExtra
	}

	// Fewer pawns leave fewer ways to convert: on 400,000 positions of
	// the first data round the side ahead with 0-4 pawns on the board scored
	// 21 cp under its evaluation (tune residuals).
	if p.UseScaleByPawns && n[strong][chess.Pawn] < len(p.ScaleStrongPawns) {
		return 0, &p.ScaleStrongPawns[n[strong][chess.Pawn]]
	}
	return ScaleNormal, nil
}

// evalMopUp helps to mate a bare king: push it to the edge (to a corner of
// the bishop's colour with bishop and knight) and bring our king close. The
// search finds these mates late without it.
//
// With bishop and knight the king is pushed away from the long diagonal
// that joins the two corners of the other colour, as Stockfish's KBNK
// does: every step along the edge from a wrong corner towards a right one
// gains the same, while the centre and the wrong corners gain nothing, and
// the step is worth enough that the search sees it through the other
// terms. A small reward for nearness to the nearer right corner, in king
// moves, rated the centre above a wrong corner and was lost among the
// other terms: from hard starts the search circled until the fifty-move
// rule drew the game (TestMatesWithBishopAndKnight).
func (p *Params) evalMopUp(pos *chess.Position, info *evalInfo) {
	for c := chess.White; c <= chess.Black; c++ {
		them := c.Other()
		if pos.ByColor(them) != pos.Pieces(them, chess.King) {
			continue
		}
		bishops, knights := pos.Pieces(c, chess.Bishop), pos.Pieces(c, chess.Knight)
		bishopKnight := bishops != 0 && knights != 0 && !bishops.More() && !knights.More() &&
			nonPawnMaterial(&info.count[c]) == BishopValue+KnightValue
		if nonPawnMaterial(&info.count[c]) < RookValue && !bishopKnight {
			continue
		}
		ours, theirs := info.king[c], info.king[them]
		s := p.MopUpCloseness * Score(7-dist(ours, theirs))
		if bishopKnight && pos.Pieces(c, chess.Pawn) == 0 {
			s += p.MopUpCorner * Score(offLongDiagonal(theirs, bishops&darkSquares != 0))
		} else {
			s += p.MopUpEdge * Score(centreDistance[theirs])
		}
		info.terms[termPlacement][c] += s
	}
}

// complexity is the sum that moves the end-game half towards zero in
// drawish material, or away from it (complexityShift): a constant, the
// pawns left, pawns on both wings, a pure pawn ending and (UsePawnLead) the
// lead in pawns; end-game halves of the weights, in centipawns.
func (p *Params) complexity(pos *chess.Position, n *pieceCounts) int {
	pawns := pos.ByType(chess.Pawn)
	const queenSide chess.Bitboard = 0x0F0F0F0F0F0F0F0F
	c := p.ComplexityAdjust.Eg() + p.ComplexityPawns.Eg()*(n[chess.White][chess.Pawn]+n[chess.Black][chess.Pawn])
	if pawns&queenSide != 0 && pawns&^queenSide != 0 {
		c += p.ComplexityFlanks.Eg()
	}
	if pos.Occupied() == pawns|pos.ByType(chess.King) {
		c += p.ComplexityPawnEnding.Eg()
	}
	if p.UsePawnLead {
		c += p.ComplexityPawnLead.Eg() * abs(n[chess.White][chess.Pawn]-n[chess.Black][chess.Pawn])
	}
	return c
}

// offLongDiagonal is how far s lies, in squares along its rank (0-7), from
// the long diagonal of the colour other than the bishop's: 7 in the two
// corners of the bishop's colour, where bishop and knight mate, 0 in the
// other two.
func offLongDiagonal(s chess.Square, darkBishop bool) int {
	f, r := s.File(), s.Rank()
	if darkBishop {
		// a1 and h8 are dark: away from the light diagonal a8-h1.
		return abs(7 - f - r)
	}
	// h1 and a8 are light: away from the dark diagonal a1-h8.
	return abs(f - r)
}
