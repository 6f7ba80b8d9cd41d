package search

import "matador/internal/chess"

// updateQuietStats rewards the quiet move that caused a cut-off and
// punishes the quiet moves tried before it: history by [piece][to], the
// continuation histories of the last two moves, the killers and the
// counter move.
func (s *Searcher) updateQuietStats(ss *plyState, best chess.Move, quiets []chess.Move, depth, ply, score int) {
	pos := s.pos
	if isNoisy(pos, best) {
		return
	}
	if score >= MateInMaxPly && s.Switches.MateKiller {
		// REBEL: the mate killer
		ss.mateKiller = best
	}
	if ss.killers[0] != best {
		ss.killers[1] = ss.killers[0]
		ss.killers[0] = best
	}
	if ply >= 1 && s.stack[ply-1].move != chess.NoMove {
		prev := &s.stack[ply-1]
		s.counter[prev.moved][prev.move.To()] = best
	}
	cont1, cont2 := s.contRows(ply)
	bonus := int32(min(depth*depth, 400))
	for _, m := range quiets {
		s.updateHistory(m, -bonus, cont1, cont2)
	}
	s.updateHistory(best, bonus, cont1, cont2)
}

// updateHistory moves the history of m towards +HistoryMax (bonus > 0) or
// -HistoryMax (bonus < 0). IPPOLIT: saturating history, H += (max - H) * w.
func (s *Searcher) updateHistory(m chess.Move, bonus int32, cont1, cont2 *contRow) {
	pc := s.pos.PieceOn(m.From())
	to := m.To()
	s.history[pc][to] = gravity(s.history[pc][to], bonus)
	if s.Switches.ContinuationHistory {
		cont1[pc][to] = int16(gravity(int32(cont1[pc][to]), bonus))
		cont2[pc][to] = int16(gravity(int32(cont2[pc][to]), bonus))
	}
}

// gravity adds a bonus that shrinks as h nears the bound of its sign, so
// that h stays within ±HistoryMax.
func gravity(h, bonus int32) int32 {
	return h + 32*bonus - h*abs32(bonus)/(32*HistoryMax/1024)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// contRows returns the continuation rows of the moves one and two plies
// before ply (the sink row when there is no such move).
func (s *Searcher) contRows(ply int) (cont1, cont2 *contRow) {
	cont1, cont2 = &s.contHist[0][0], &s.contHist[0][0]
	if ply >= 1 && s.stack[ply-1].cont != nil {
		cont1 = s.stack[ply-1].cont
	}
	if ply >= 2 && s.stack[ply-2].cont != nil {
		cont2 = s.stack[ply-2].cont
	}
	return cont1, cont2
}

// ageHistory halves history between searches so that old games fade.
func (s *Searcher) ageHistory() {
	for p := range s.history {
		for sq := range s.history[p] {
			s.history[p][sq] /= 2
		}
	}
}

// updateGain learns from the static evaluation at ply what the quiet move
// that led here gained positionally: IPPOLIT keeps the largest gain per
// piece, from and to, and lets it shrink by a point whenever the move
// gains less.
func (s *Searcher) updateGain(ply, staticEval int) {
	if !s.Switches.PositionalGain || ply < 1 {
		return
	}
	prev := &s.stack[ply-1]
	m := prev.move
	if m == chess.NoMove || m.IsPromotion() || s.pos.CapturedPiece() != chess.NoPiece || prev.inCheck || prev.staticEval == -Infinity {
		return
	}
	g := &s.gain[prev.moved][m.From()][m.To()]
	// The parent's evaluation is the mover's view, ours the opponent's.
	delta := min(max(-staticEval-prev.staticEval, -PositionalGainLimit), PositionalGainLimit)
	if delta > int(*g) {
		*g = int16(delta)
	} else {
		*g--
	}
}

// updateCaptureHistory rewards the capture or promotion that caused a
// cut-off and punishes the noisy moves searched before it; after a quiet
// cut-off every noisy move searched failed, and all are punished.
func (s *Searcher) updateCaptureHistory(best chess.Move, noisies []chess.Move, depth int) {
	bonus := int32(min(depth*depth, 400))
	for _, m := range noisies {
		if m == best {
			continue
		}
		h := s.captureHistory(m)
		*h = int16(gravity(int32(*h), -bonus))
	}
	if isNoisy(s.pos, best) {
		h := s.captureHistory(best)
		*h = int16(gravity(int32(*h), bonus))
	}
}

// captureHistory is the entry of a noisy move: by the moving piece, the
// target square and the piece taken (none for a promotion to an empty
// square, a pawn for en passant).
func (s *Searcher) captureHistory(m chess.Move) *int16 {
	pos := s.pos
	victim := pos.PieceOn(m.To()).Type()
	if m.IsEnPassant() {
		victim = chess.Pawn
	}
	return &s.captureHist[pos.PieceOn(m.From())][m.To()][victim]
}
