package search

import (
	"matador/internal/chess"
	"matador/internal/eval"
)

// checkExtension is how many plies a position in check adds, the n-th on
// its path. REBEL's variant leaves the first check alone (a lone check is
// seldom important) and catches up with two plies at the fourth.
func checkExtension(n int, rebel bool) int {
	if !rebel {
		return 1
	}
	switch n {
	case 1:
		return 0
	case 4:
		return 2
	}
	return 1
}

// rebelStageOf is REBEL's stage of the game: a late end game has no queens
// and at most one piece a side (rook, bishop, knight and pawn endings), an
// end game no queens or little material left, the rest is a middle game.
func rebelStageOf(pos *chess.Position) int {
	queens := pos.ByType(chess.Queen)
	pieces := func(c chess.Color) int {
		return (pos.Pieces(c, chess.Knight) | pos.Pieces(c, chess.Bishop) | pos.Pieces(c, chess.Rook)).Count()
	}
	switch {
	case queens == 0 && pieces(chess.White) <= 1 && pieces(chess.Black) <= 1:
		return 2
	case queens == 0 || pieces(chess.White)+pieces(chess.Black) <= 4:
		return 1
	}
	return 0
}

// rebelStaticDepth is REBEL's S_DEPTH for the current iteration: the plies
// from the root where null move rules; deeper, the static part prunes.
// Every extension on the path moves it one ply deeper.
func (s *Searcher) rebelStaticDepth(ply int) int {
	t := rebelSDepth[s.rebelStage]
	d := s.rootDepth
	base := 0
	if d < len(t) {
		base = t[d]
	} else {
		base = t[len(t)-1] + d - (len(t) - 1)
	}
	return base + s.stack[ply].pathExt
}

// rebelThreat is the biggest threat of the side that just moved, as REBEL
// reads it from the evaluation: the value of the most valuable piece of
// the side to move that hangs.
func (s *Searcher) rebelThreat() int { return s.biggestHanging(s.pos.SideToMove()) }

// biggestHanging is the value of c's most valuable hanging piece, 0 when
// none hangs.
func (s *Searcher) biggestHanging(c chess.Color) int {
	pos := s.pos
	hanging := eval.Hanging(pos, c)
	for t := chess.Queen; t >= chess.Pawn; t-- {
		if hanging&pos.Pieces(c, t) != 0 {
			return materialValue(t)
		}
	}
	return 0
}

// materialReductionApplies is REBEL's reduction 1 test: with more than 2
// plies to go, alpha stands above the mover's material and piece-square
// balance by more than the margin for that remaining depth.
func materialReductionApplies(remaining, alpha, balance int) bool {
	return remaining > 2 && alpha > balance+materialReductionMargin[min(remaining, len(materialReductionMargin)-1)]
}

// threatReduces is REBEL's reduction 2a, from the side to move's view (the
// opponent of the mover): the mover stands below alpha (our evaluation
// above beta) even after a quarter of its biggest threat is counted; the
// move was not the hash move, not reduced already, not a winning capture,
// not the answer to a check, and did not seriously increase the pressure on
// our king; and the hash, when it knows this position, does not say it is
// better for the mover than alpha or than the evaluation by more than 0.50.
func (s *Searcher) threatReduces(ply, staticEval, beta int, ttOK bool, ttScore int) bool {
	if ply < 1 || staticEval <= beta || staticEval >= MateInMaxPly {
		return false
	}
	parent := &s.stack[ply-1]
	if parent.move == chess.NoMove || parent.inCheck || parent.moveIsTT ||
		parent.moveReduced || parent.moveWinning || s.kingPressureRose(ply) {
		return false
	}
	if staticEval-s.rebelThreat()/ThreatReductionDivisor <= beta {
		return false
	}
	if ttOK && (ttScore < beta || staticEval-ttScore > ThreatReductionHashMargin) {
		return false
	}
	return true
}

// rebelCanPrune holds REBEL's exceptions to static pruning after the last
// move: it answered a check, won material, seriously increased the pressure
// on our king, or brought a pawn to the 6th or 7th rank.
func (s *Searcher) rebelCanPrune(ply int) bool {
	if ply < 1 {
		return false
	}
	parent := &s.stack[ply-1]
	if parent.inCheck || parent.moveWinning || s.kingPressureRose(ply) {
		return false
	}
	pos := s.pos
	last := pos.LastMove()
	if last == chess.NoMove {
		return true
	}
	mover := pos.SideToMove().Other()
	if pc := pos.PieceOn(last.To()); pc.Type() == chess.Pawn && last.To().RelativeRank(mover) >= 5 {
		return false
	}
	return true
}

// recaptureInWindow is REBEL's test for the recapture extension: m takes
// back on the square where the last move captured, wins material by SEE,
// and the material balance (REBEL's I_SCORE, from the root side's view)
// lies in a window around the root's balance that narrows from 5.00 to
// 2.00 as the search goes deeper; the upper edge widens by the piece the
// last move took.
func (s *Searcher) recaptureInWindow(m chess.Move, ply int) bool {
	pos := s.pos
	last := pos.LastMove()
	captured := pos.CapturedPiece()
	if last == chess.NoMove || captured == chess.NoPiece || m.To() != last.To() || !pos.SEEGreaterEqual(m, 1) {
		return false
	}
	balance := s.ev.Lazy(pos)
	if ply%2 == 1 {
		balance = -balance
	}
	w := recaptureWindow[min(ply, len(recaptureWindow)-1)]
	return balance >= s.rootBalance-w && balance <= s.rootBalance+w+materialValue(captured.Type())
}

// pawnEndingInBalance reports whether the position (after a capture) is a
// pawn ending whose material and piece-square balance is within 3.00.
func (s *Searcher) pawnEndingInBalance() bool {
	pos := s.pos
	if pos.HasNonPawnMaterial(chess.White) || pos.HasNonPawnMaterial(chess.Black) {
		return false
	}
	return abs(s.ev.Lazy(pos)) <= PawnEndingExtWindow
}

// horizonTrickOne is REBEL's first horizon trick, seen from the side to
// move: quiescence is mainly there to take a hanging piece, so when even
// taking the most valuable one of the opponent's hanging pieces, plus 3.00,
// leaves the evaluation below alpha, the node is not searched. The margin
// grows by 9.00 when the opponent's last move answered a check (or the
// position before it had no evaluation) and by 6.00 when we can promote.
func (s *Searcher) horizonTrickOne(ply, staticEval, alpha int) bool {
	margin := HorizonTrickMargin
	if staticEval+margin >= alpha {
		return false
	}
	if ply < 1 || s.stack[ply-1].inCheck || s.stack[ply-1].staticEval == -Infinity {
		margin += HorizonTrickCheck
	}
	if s.canPromote() {
		margin += HorizonTrickPromotion
	}
	margin += s.biggestHanging(s.pos.SideToMove().Other())
	return staticEval+margin < alpha
}

// needsKingDanger reports whether a technique reads the king danger of
// nodes, which then evaluate in full rather than take the hash's
// evaluation.
func (s *Searcher) needsKingDanger() bool {
	return s.Switches.KingPressureExt || s.Switches.StaticREBEL || s.Switches.ThreatReduction
}

// kingPressureExtends is REBEL's king-safety extension test at ply: the
// move that led here increased the pressure on our king, was not extended
// otherwise, and the path has had fewer extended plies than half the
// iteration's depth.
func (s *Searcher) kingPressureExtends(ply int) bool {
	return 2*s.stack[ply].pathExt < s.rootDepth && s.kingPressureRose(ply) && s.stack[ply-1].moveExt == 0
}

// kingPressureRose is REBEL's "move increases the pressure on the
// opponent's king": the move that led to ply raised the evaluation's
// danger to the king of the side to move there by KingPressureRise or
// more. Unknown (no full evaluation here or at the parent, or a null
// move) counts as no.
func (s *Searcher) kingPressureRose(ply int) bool {
	if ply < 1 {
		return false
	}
	ss, parent := &s.stack[ply], &s.stack[ply-1]
	if !ss.dangerKnown || !parent.dangerKnown || parent.move == chess.NoMove {
		return false
	}
	us := s.pos.SideToMove()
	return ss.danger[us]-parent.danger[us] >= KingPressureRise
}
