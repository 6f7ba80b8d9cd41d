package tb

import (
	"testing"

	"matador/internal/chess"
)

// moveResult is what a move is worth to the side playing it, from probes of
// the position after it: a zeroing move starts the fifty-move count afresh,
// so the WDL after it is the answer; after any other move the count goes on
// from one, so the DTZ after it says whether the result beats the count.
func moveResult(t *testing.T, tables *Tables, pos *chess.Position, m chess.Move) (v WDL, dtz int) {
	t.Helper()
	zeroing := isZeroing(pos, m)
	pos.MakeMove(m)
	defer pos.UnmakeMove(m)
	w, err := tables.ProbeWDLErr(pos)
	if err != nil {
		t.Fatalf("%s after %s: %v", pos.FEN(), pos.UCI(m), err)
	}
	if zeroing {
		return -w, -zeroingDTZ(w)
	}
	d, err := tables.ProbeDTZErr(pos)
	if err != nil {
		t.Fatalf("%s after %s: %v", pos.FEN(), pos.UCI(m), err)
	}
	if sign(d) != sign(int(w)) {
		t.Errorf("%s: WDL %v but DTZ %d", pos.FEN(), w, d)
	}
	switch {
	case d < 0 && -d+1 <= 100:
		v = Win
	case d < 0:
		v = CursedWin
	case d > 0 && d+1 <= 100:
		v = Loss
	case d > 0:
		v = BlessedLoss
	}
	return v, -d + sign(-d)
}

// TestMovesAgreeWithProbe checks, for a sample of the reference positions,
// that the position's WDL is the best of its moves' results and its DTZ the
// best of theirs (within the one ply the format may round away).
func TestMovesAgreeWithProbe(t *testing.T) {
	tables := openShared(t)
	refs := loadReference(t)
	step := 3
	if testing.Short() {
		step = 37
	}
	checked := 0
	for i := 0; i < len(refs); i += step {
		pos := mustFEN(t, refs[i].fen)
		w, _ := tables.ProbeWDL(pos)
		d, _ := tables.ProbeDTZ(pos)
		var moves chess.MoveList
		pos.GenerateLegal(&moves)
		if moves.N == 0 {
			if want := map[bool]WDL{true: Loss, false: Draw}[pos.InCheck()]; w != want || d != sign(int(want)) {
				t.Errorf("%s: no legal move, WDL %v DTZ %d", refs[i].fen, w, d)
			}
			continue
		}
		best := Loss
		bestDTZ := 0 // the winner's shortest or the loser's longest distance
		zeroingKeeps := false
		for _, m := range moves.Moves[:moves.N] {
			v, md := moveResult(t, tables, pos, m)
			if v > best {
				best = v
			}
			if v == w && w > 0 && isZeroing(pos, m) {
				zeroingKeeps = true
			}
			if sign(md) == sign(int(w)) && md != 0 && (bestDTZ == 0 || md < bestDTZ) {
				bestDTZ = md
			}
		}
		if best != w {
			t.Errorf("%s: WDL %v, best move %v", refs[i].fen, w, best)
		}
		switch {
		case w == Draw:
			if d != 0 {
				t.Errorf("%s: draw with DTZ %d", refs[i].fen, d)
			}
		case zeroingKeeps:
			if d != zeroingDTZ(w) {
				t.Errorf("%s: a zeroing move keeps the %v, DTZ %d", refs[i].fen, w, d)
			}
		case d-bestDTZ > 1 || bestDTZ-d > 1:
			t.Errorf("%s: DTZ %d, best move's %d", refs[i].fen, d, bestDTZ)
		}
		checked++
	}
	t.Logf("%d positions, every legal move probed", checked)
}
