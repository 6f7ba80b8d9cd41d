package search

import "matador/internal/chess"

// The extensions of negamax: check (REBEL's variant), singular
// (Rybka/IPPOLIT), and REBEL's recapture, pawn-ending and king-safety
// extensions with the king-pressure test they share with reduction 2a
// and static pruning.

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

// singularCandidate: the node is deep enough and the hash move's entry
// (bound, depth, score) is good enough to test the move for singularity.
func singularCandidate(depth int, bound Bound, hashDepth, ttScore int) bool {
	return depth >= SingularMinDepth && bound != BoundUpper && hashDepth >= depth-SingularTTDepthMargin &&
		ttScore > -MateInMaxPly && ttScore < MateInMaxPly
}

// singularResult reads the exclusion search's score v against the
// singular window: the hash move's extension, or a cut when even without
// it the node beats beta (multi-cut). double (switch SingularDouble, at
// non-PV nodes) allows two plies for a hash move far more singular than the window
// demands, while the path has had fewer than SingularDoubleMax of them,
// and a ply less for one that is not singular but scores above beta.
func singularResult(v, singularBeta, beta, ttScore int, double bool, doubleExts int) (ext int, cut bool) {
	switch {
	case v < singularBeta:
		if double && v < singularBeta-SingularDoubleMargin && doubleExts < SingularDoubleMax {
			return 2, false
		}
		return 1, false
	case singularBeta >= beta:
		return 0, true
	case double && ttScore >= beta:
		return -1, false
	}
	return 0, false
}

// recaptureInWindow is REBEL's test for the recapture extension: m takes
// back on the square where the last move captured, wins material by SEE,
// and the material balance (REBEL's I_SCORE, from the root side's view)
// lies in a window around the root's balance that narrows from 5.00 to
// 2.00 as the search goes deeper; the upper edge widens by the piece the
// last move took.
func (w *worker) recaptureInWindow(m chess.Move, ply int) bool {
	pos := w.pos
	last := pos.LastMove()
	captured := pos.CapturedPiece()
	if last == chess.NoMove || captured == chess.NoPiece || m.To() != last.To() || !pos.SEEGreaterEqual(m, 1) {
		return false
	}
	balance := w.ev.Lazy(pos)
	if ply%2 == 1 {
		balance = -balance
	}
	win := RecaptureWindow[min(ply, len(RecaptureWindow)-1)]
	return balance >= w.rootBalance-win && balance <= w.rootBalance+win+materialValue(captured.Type())
}

// captureIntoPawnEnding is REBEL's test for the pawn-ending extension,
// after the move: it took a piece, and left a pawn ending in balance.
func (w *worker) captureIntoPawnEnding() bool {
	captured := w.pos.CapturedPiece()
	return captured != chess.NoPiece && captured.Type() != chess.Pawn && w.pawnEndingInBalance()
}

// pawnEndingInBalance reports whether the position (after a capture) is a
// pawn ending whose material and piece-square balance is within 3.00.
func (w *worker) pawnEndingInBalance() bool {
	pos := w.pos
	if pos.HasNonPawnMaterial(chess.White) || pos.HasNonPawnMaterial(chess.Black) {
		return false
	}
	return abs(w.ev.Lazy(pos)) <= PawnEndingExtWindow
}

// needsKingDanger reports whether a technique reads the king danger of
// nodes, which then evaluate in full rather than take the hash's
// evaluation.
func (w *worker) needsKingDanger() bool {
	return w.Switches.KingPressureExt || w.Switches.StaticREBEL || w.Switches.ThreatReduction
}

// kingPressureExtends is REBEL's king-safety extension test at ply: the
// move that led here increased the pressure on our king, was not extended
// otherwise, and the path has had fewer extended plies than a share of
// the iteration's depth.
func (w *worker) kingPressureExtends(ply int) bool {
	return KingPressureExtDivisor*w.stack[ply].pathExt < w.rootDepth && w.kingPressureRose(ply) &&
		w.stack[ply-1].moveExt == 0
}

// kingPressureRose is REBEL's "move increases the pressure on the
// opponent's king": the move that led to ply raised the evaluation's
// danger to the king of the side to move there by KingPressureRise or
// more. Unknown (no full evaluation here or at the parent, or a null
// move) counts as no.
func (w *worker) kingPressureRose(ply int) bool {
	if ply < 1 {
		return false
	}
	ss, parent := &w.stack[ply], &w.stack[ply-1]
	if !ss.dangerKnown || !parent.dangerKnown || parent.move == chess.NoMove {
		return false
	}
	us := w.pos.SideToMove()
	return ss.danger[us]-parent.danger[us] >= KingPressureRise
}
