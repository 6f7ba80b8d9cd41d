package search

import (
	"math/rand/v2"
	"testing"

	"matador/internal/chess"
)

// pickerTestPositions plays random games from the bench positions and
// keeps a position every few plies: many captures, checks and promotions.
func pickerTestPositions(t *testing.T, n int) []*chess.Position {
	rng := rand.New(rand.NewPCG(28, 3))
	var out []*chess.Position
	for len(out) < n {
		pos, err := chess.ParseFEN(BenchPositions[rng.IntN(len(BenchPositions))])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 60 && len(out) < n; ply++ {
			var ml chess.MoveList
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			if ply%3 == 0 {
				p, err := chess.ParseFEN(pos.FEN())
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, p)
			}
			pos.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
	return out
}

// The lazy SEE must not change the order: the picker and the eager
// reference (picker_ref_test.go) hand out the same moves in the same
// order in main-search nodes (random hash moves, killers, counter moves,
// histories and a random point where the quiet moves are skipped) and in
// quiescence with several SEE floors. The two pickers are reused from position to position, as in
// the search's stack.
func TestLazySEEPickerOrder(t *testing.T) {
	positions := pickerTestPositions(t, 30000)
	rng := rand.New(rand.NewPCG(5, 8))
	var lazy picker
	var ref refPicker
	floors := []int{0, 1, 99, 100, 101, 224, 225, 325, 400, 500, 675, 1000, 2000}
	w := NewSearcher(1).main
	for pc := range w.history {
		for sq := range w.history[pc] {
			w.history[pc][sq] = rng.Int32N(2*HistoryMax) - HistoryMax
		}
	}
	var gotL, gotR []chess.Move
	compare := func(what string, pos *chess.Position) {
		t.Helper()
		same := len(gotL) == len(gotR)
		for i := 0; same && i < len(gotL); i++ {
			same = gotL[i] == gotR[i]
		}
		if !same {
			t.Fatalf("%s, %s:\nlazy  %v\neager %v", what, pos.FEN(), gotL, gotR)
		}
	}
	for _, pos := range positions {
		w.pos = pos
		var ml chess.MoveList
		pos.GenerateLegal(&ml)
		some := func() chess.Move {
			if ml.N == 0 || rng.IntN(3) == 0 {
				return chess.NoMove
			}
			return ml.Moves[rng.IntN(ml.N)]
		}
		// Main search.
		tt, mate := some(), some()
		killers := [4]chess.Move{some(), some(), some(), some()}
		counter := some()
		skipAfter := rng.IntN(40)
		lazy.reset(tt, mate, killers)
		ref.reset(tt, mate, killers)
		lazy.counter, ref.counter = counter, counter
		gotL, gotR = gotL[:0], gotR[:0]
		for m := lazy.next(w); m != chess.NoMove; m = lazy.next(w) {
			gotL = append(gotL, m)
			if len(gotL) == skipAfter {
				lazy.skipQuiets = true
			}
		}
		for m := ref.next(w); m != chess.NoMove; m = ref.next(w) {
			gotR = append(gotR, m)
			if len(gotR) == skipAfter {
				ref.skipQuiets = true
			}
		}
		compare("main search", pos)
		// Quiescence.
		for _, floor := range floors {
			tt := some()
			withChecks := rng.IntN(2) == 0
			lazy.resetQS(tt, pos.InCheck(), withChecks, floor)
			ref.resetQS(tt, pos.InCheck(), withChecks, floor)
			gotL, gotR = gotL[:0], gotR[:0]
			for m := lazy.next(w); m != chess.NoMove; m = lazy.next(w) {
				gotL = append(gotL, m)
			}
			for m := ref.next(w); m != chess.NoMove; m = ref.next(w) {
				gotR = append(gotR, m)
			}
			compare("quiescence", pos)
		}
	}
}

// captureScore never falls as the SEE grows, which the lazy SEE relies on;
// and no capture's SEE exceeds seeUpperBound.
func TestCaptureScoreMonotone(t *testing.T) {
	positions := pickerTestPositions(t, 30000)
	for _, pos := range positions {
		var ml chess.MoveList
		pos.GenerateNoisy(&ml)
		them := pos.SideToMove().Other()
		defended := chess.PawnAttacksBB(pos.Pieces(them, chess.Pawn), them)
		for _, m := range ml.Moves[:ml.N] {
			if m.IsPromotion() {
				continue
			}
			victim := pos.PieceOn(m.To()).Type()
			if m.IsEnPassant() {
				victim = chess.Pawn
			}
			attacker := pos.PieceOn(m.From()).Type()
			if see, hi := pos.SEE(m), seeUpperBound(attacker, victim, m.To(), defended); see > hi {
				t.Fatalf("%s %s: SEE %d above its bound %d", pos.FEN(), pos.UCI(m), see, hi)
			}
		}
	}
	w := NewSearcher(1).main
	var pk picker
	for _, pos := range positions[:200] {
		w.pos = pos
		var ml chess.MoveList
		pos.GenerateNoisy(&ml)
		for _, m := range ml.Moves[:ml.N] {
			if m.IsPromotion() {
				continue
			}
			attacker, victim := pos.PieceOn(m.From()).Type(), pos.PieceOn(m.To()).Type()
			if m.IsEnPassant() {
				victim = chess.Pawn
			}
			for _, qs := range []bool{false, true} {
				for _, floor := range []int{0, 1, 100, 325, 1000} {
					pk.resetQS(chess.NoMove, !qs, false, floor)
					prev := pk.captureScore(w, m, -2500, attacker, victim)
					for see := -2499; see <= 1100; see++ {
						sc := pk.captureScore(w, m, see, attacker, victim)
						if sc < prev {
							t.Fatalf("%s %s, quiescence %v, floor %d: score %d at SEE %d, %d at SEE %d",
								pos.FEN(), pos.UCI(m), qs, floor, prev, see-1, sc, see)
						}
						prev = sc
					}
				}
			}
		}
	}
}
