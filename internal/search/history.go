package search

import "matador/internal/chess"

// updateQuietStats rewards the quiet move that caused a cut-off and
// punishes the quiet moves tried before it: history by [piece][to], the
// continuation histories of the last two moves, the killers and the
// counter move.
func (w *worker) updateQuietStats(ss *plyState, best chess.Move, quiets []chess.Move, depth, ply, score int) {
	pos := w.pos
	if isNoisy(pos, best) {
		return
	}
	if score >= MateInMaxPly && w.Switches.MateKiller {
		// REBEL: the mate killer
		ss.mateKiller = best
	}
	if ss.killers[0] != best {
		ss.killers[1] = ss.killers[0]
		ss.killers[0] = best
	}
	if ply >= 1 && w.stack[ply-1].move != chess.NoMove {
		prev := &w.stack[ply-1]
		w.counter[prev.moved][prev.move.To()] = best
	}
	cont1, cont2 := w.contRows(ply)
	bonus := historyBonus(depth)
	for _, m := range quiets {
		w.updateHistory(m, -bonus, cont1, cont2)
	}
	w.updateHistory(best, bonus, cont1, cont2)
}

// historyEntry is the butterfly history of the quiet move m of piece pc.
func (w *worker) historyEntry(pc chess.Piece, m chess.Move) *int32 {
	return &w.history[pc][m.To()]
}

// updateHistory moves the history of m towards +HistoryMax (bonus > 0) or
// -HistoryMax (bonus < 0). IPPOLIT: saturating history, H += (max - H) * w.
func (w *worker) updateHistory(m chess.Move, bonus int32, cont1, cont2 *contRow) {
	pc := w.pos.PieceOn(m.From())
	to := m.To()
	h := w.historyEntry(pc, m)
	*h = gravity(*h, bonus)
	if w.Switches.ContinuationHistory {
		if cont1 != nil {
			cont1[pc][to] = int16(gravity(int32(cont1[pc][to]), bonus))
		}
		if cont2 != nil {
			cont2[pc][to] = int16(gravity(int32(cont2[pc][to]), bonus))
		}
	}
}

// gravity adds a bonus that shrinks as h nears the bound of its sign, so
// that h stays within HistoryMax either way.
func gravity(h, bonus int32) int32 {
	return h + HistoryBonusScale*bonus - h*abs32(bonus)/(HistoryMax/HistoryBonusScale)
}

// historyBonus is the reward of a cut-off at depth: depth², capped.
func historyBonus(depth int) int32 { return int32(min(depth*depth, HistoryBonusMax)) }

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// contRows returns the continuation rows of the moves one and two plies
// before ply. Where there is no such move (before the root, or a null
// move) it returns the sink row, which every such node shares, reads for
// ordering and writes; with ContHistNoSink it returns nil there instead,
// so that unrelated positions stop teaching each other through that row.
func (w *worker) contRows(ply int) (cont1, cont2 *contRow) {
	if w.Switches.ContHistNoSink {
		if ply >= 1 && w.stack[ply-1].move != chess.NoMove {
			cont1 = w.stack[ply-1].cont
		}
		if ply >= 2 && w.stack[ply-2].move != chess.NoMove {
			cont2 = w.stack[ply-2].cont
		}
		return cont1, cont2
	}
	cont1, cont2 = &w.contHist[0][0], &w.contHist[0][0]
	if ply >= 1 && w.stack[ply-1].cont != nil {
		cont1 = w.stack[ply-1].cont
	}
	if ply >= 2 && w.stack[ply-2].cont != nil {
		cont2 = w.stack[ply-2].cont
	}
	return cont1, cont2
}

// contScore is the continuation-history value of the reply pc to 'to' in
// a row, zero for a missing row.
func contScore(row *contRow, pc chess.Piece, to chess.Square) int32 {
	if row == nil {
		return 0
	}
	return int32(row[pc][to])
}

// ageHistory halves history between searches so that older searches
// fade.
func (w *worker) ageHistory() {
	for p := range w.history {
		for sq := range w.history[p] {
			w.history[p][sq] /= HistoryAgeDivisor
		}
	}
}

// updateGain learns from the static evaluation at ply what the quiet move
// that led here gained positionally: IPPOLIT keeps the largest gain per
// piece, from and to, and lets it shrink by a point whenever the move
// gains less.
func (w *worker) updateGain(ply, staticEval int) {
	if !w.Switches.PositionalGain || ply < 1 {
		return
	}
	prev := &w.stack[ply-1]
	m := prev.move
	if m == chess.NoMove || m.IsPromotion() || w.pos.CapturedPiece() != chess.NoPiece || prev.inCheck || prev.rawEval == noEval {
		return
	}
	g := &w.gain[prev.moved][m.From()][m.To()]
	// The parent's evaluation is the mover's view, ours the opponent's.
	delta := min(max(-staticEval-prev.rawEval, -PositionalGainLimit), PositionalGainLimit)
	if delta > int(*g) {
		*g = int16(delta)
	} else {
		*g--
	}
}

// updateCaptureHistory rewards the capture or promotion that caused a
// cut-off and punishes the noisy moves searched before it; after a quiet
// cut-off every noisy move searched failed, and all are punished.
func (w *worker) updateCaptureHistory(best chess.Move, noisies []chess.Move, depth int) {
	bonus := historyBonus(depth)
	for _, m := range noisies {
		if m == best {
			continue
		}
		h := w.captureHistory(m)
		*h = int16(gravity(int32(*h), -bonus))
	}
	if isNoisy(w.pos, best) {
		h := w.captureHistory(best)
		*h = int16(gravity(int32(*h), bonus))
	}
}

// captureHistory is the entry of a noisy move: by the moving piece, the
// target square and the piece taken (none for a promotion to an empty
// square, a pawn for en passant).
func (w *worker) captureHistory(m chess.Move) *int16 {
	pos := w.pos
	victim := pos.PieceOn(m.To()).Type()
	if m.IsEnPassant() {
		victim = chess.Pawn
	}
	return &w.captureHist[pos.PieceOn(m.From())][m.To()][victim]
}

// correctionEntry is the correction history's entry of the position.
func (w *worker) correctionEntry() *int32 {
	return &w.correction[w.pos.SideToMove()&1][w.pos.PawnKey()%CorrectionEntries]
}

// nonPawnEntries are the entries of the position's pieces other than pawns,
// White's and Black's (switch CorrectionNonPawn). Their index is a
// multiplicative hash of the side's piece bitboards, kings included,
// computed where it is needed: the position keeps no key for it.
func (w *worker) nonPawnEntries() (white, black *int32) {
	pos := w.pos
	stm := pos.SideToMove()
	return &w.correctionNP[stm][chess.White][nonPawnIndex(pos, chess.White)],
		&w.correctionNP[stm][chess.Black][nonPawnIndex(pos, chess.Black)]
}

// nonPawnIndex hashes c's knights, bishops, rooks, queens and king to an
// index below CorrectionEntries, a power of two: each bitboard times its
// own odd constant, the products added, the sum multiplied again and its
// top bits kept.
func nonPawnIndex(pos *chess.Position, c chess.Color) uint64 {
	h := uint64(pos.Pieces(c, chess.Knight))*0x9e3779b97f4a7c15 +
		uint64(pos.Pieces(c, chess.Bishop))*0xc2b2ae3d27d4eb4f +
		uint64(pos.Pieces(c, chess.Rook))*0x165667b19e3779f9 +
		uint64(pos.Pieces(c, chess.Queen))*0xd6e8feb86659fd93 +
		uint64(pos.Pieces(c, chess.King))*0xff51afd7ed558ccd
	h ^= h >> 29
	return (h * 0x94d049bb133111eb) >> (64 - correctionEntriesLog2)
}

// correctionSum is the position's correction in 1/CorrectionGrain
// centipawns: the pawn structure's entry alone, or with CorrectionNonPawn
// its combination with the non-pawn entries (combinedCorrection).
func (w *worker) correctionSum() int32 {
	pawn := *w.correctionEntry()
	if !w.Switches.CorrectionNonPawn {
		return pawn
	}
	white, black := w.nonPawnEntries()
	return combinedCorrection(pawn, *white, *black)
}

// combinedCorrection weighs the pawn entry CorrectionPawnShare of
// CorrectionShares and halves the rest between the two sides' non-pawn
// entries.
func combinedCorrection(pawn, white, black int32) int32 {
	return (pawn*CorrectionPawnShare + (white+black)*(CorrectionShares-CorrectionPawnShare)/2) / CorrectionShares
}

// correctedEval is the static evaluation raw moved by the correction
// history (switch CorrectionHistory), kept short of the mate scores.
func (w *worker) correctedEval(raw int) int {
	if !w.Switches.CorrectionHistory || raw == noEval {
		return raw
	}
	return correctedBy(raw, w.correctionSum())
}

// correctedBy is raw moved by a correction of sum/CorrectionGrain
// centipawns, kept short of the mate scores.
func correctedBy(raw int, sum int32) int {
	v := raw + int(sum)/CorrectionGrain
	return min(max(v, -MateInMaxPly+1), MateInMaxPly-1)
}

// updateCorrection moves the position's correction towards what a search
// of depth found beyond the raw static evaluation: score with its bound.
// A bound that does not tell which way the corrected evaluation erred (a
// lower bound below it, an upper bound above it) teaches nothing, nor
// does a mate score.
func (w *worker) updateCorrection(score, raw, depth int, bound Bound) {
	if !w.Switches.CorrectionHistory || raw == noEval || score >= MateInMaxPly || score <= -MateInMaxPly {
		return
	}
	pawn := w.correctionEntry()
	sum := *pawn
	var white, black *int32
	if w.Switches.CorrectionNonPawn {
		white, black = w.nonPawnEntries()
		sum = combinedCorrection(*pawn, *white, *black)
	}
	if corrected := correctedBy(raw, sum); bound == BoundLower && score <= corrected || bound == BoundUpper && score >= corrected {
		return
	}
	weight := int32(min(depth, CorrectionDepthMax) + 1)
	target := int32(min(max(score-raw, -CorrectionLimit), CorrectionLimit)) * CorrectionGrain
	if white == nil {
		*pawn = (*pawn*(CorrectionWeightMax-weight) + target*weight) / CorrectionWeightMax
		return
	}
	// With the non-pawn entries the three learn together: each moves by
	// the combination's error times the weight, so the combination moves
	// as the pawn entry alone moves above, and each entry keeps within
	// the limit.
	step := (target - sum) * weight / CorrectionWeightMax
	for _, e := range [3]*int32{pawn, white, black} {
		*e = min(max(*e+step, -CorrectionLimit*CorrectionGrain), CorrectionLimit*CorrectionGrain)
	}
}
