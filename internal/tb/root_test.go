package tb

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matador/internal/chess"
)

func rank(t *testing.T, tables *Tables, pos *chess.Position, rule50, rankDTZ bool) RootRanking {
	t.Helper()
	r, ok := tables.RankRootMoves(pos, rule50, rankDTZ)
	if !ok {
		t.Fatalf("%s: RankRootMoves failed", pos.FEN())
	}
	return r
}

// TestRootRankingKeepsResult: on the reference positions (counter at zero)
// the best ranked move keeps the probed result and its DTZ is the
// position's, and every move of the best rank keeps the result.
func TestRootRankingKeepsResult(t *testing.T) {
	tables := openShared(t)
	refs := loadReference(t)
	step := 5
	if testing.Short() {
		step = 41
	}
	for i := 0; i < len(refs); i += step {
		pos := mustFEN(t, refs[i].fen)
		var moves chess.MoveList
		if pos.GenerateLegal(&moves); moves.N == 0 {
			continue
		}
		want := refs[i].wdl
		r := rank(t, tables, pos, true, true)
		if !r.ByDTZ || len(r.Moves) != moves.N {
			t.Fatalf("%s: ByDTZ %v, %d moves of %d", refs[i].fen, r.ByDTZ, len(r.Moves), moves.N)
		}
		best := r.Best()
		if best[0].WDL != want {
			t.Errorf("%s: best move %s is a %v, the position a %v", refs[i].fen, pos.UCI(best[0].Move), best[0].WDL, want)
		}
		if d := best[0].DTZ - refs[i].dtz; d > 1 || d < -1 || sign(best[0].DTZ) != sign(refs[i].dtz) {
			t.Errorf("%s: best move %s DTZ %d, the position's %d", refs[i].fen, pos.UCI(best[0].Move), best[0].DTZ, refs[i].dtz)
		}
		// Without DTZ ranking all the sure wins share the best rank, and each
		// keeps the win.
		for _, m := range rank(t, tables, pos, true, false).Best() {
			pos.MakeMove(m.Move)
			w, _ := tables.ProbeWDL(pos)
			pos.UnmakeMove(m.Move)
			if sign(-int(w)) != sign(int(want)) {
				t.Errorf("%s: best-ranked %s leads to %v for the opponent, the position is a %v", refs[i].fen, pos.UCI(m.Move), w, want)
			}
		}
		// Without the fifty-move rule the rule's results turn to wins and losses.
		if got, want := rank(t, tables, pos, false, true).Moves[0].WDL, WDL(2*sign(int(want))); got != want {
			t.Errorf("%s: without the fifty-move rule best is a %v, want %v", refs[i].fen, got, want)
		}
	}
}

func TestRootRankingMate(t *testing.T) {
	tables := openShared(t)
	pos := mustFEN(t, "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1")
	best := rank(t, tables, pos, true, false).Moves[0]
	if pos.UCI(best.Move) != "g1g8" || best.DTZ != 1 || best.WDL != Win || best.Rank != maxDTZ-1 {
		t.Errorf("mate in one: best %s %+v, want g1g8 with DTZ 1", pos.UCI(best.Move), best)
	}
}

// TestRootRankingCounter: a win whose DTZ the fifty-move counter no longer
// allows is a cursed win at the root.
func TestRootRankingCounter(t *testing.T) {
	tables := openShared(t)
	found := false
	for _, r := range loadReference(t) {
		if r.wdl != Win || r.dtz < 30 || r.dtz > 60 {
			continue
		}
		fen := strings.Fields(r.fen)
		fen[4] = "80"
		pos := mustFEN(t, strings.Join(fen, " "))
		if len(rank(t, tables, pos, true, false).Moves) == 0 {
			continue
		}
		best := rank(t, tables, pos, true, false).Moves[0]
		if best.WDL != CursedWin || best.Rank >= maxDTZ/2 || best.Rank <= 0 {
			t.Errorf("%s with counter 80: best %+v, want a cursed win", r.fen, best)
		}
		if best := rank(t, tables, pos, false, false).Moves[0]; best.WDL != Win {
			t.Errorf("%s with counter 80 and no fifty-move rule: best %+v, want a win", r.fen, best)
		}
		found = true
		break
	}
	if !found {
		t.Fatal("no reference win with DTZ 30..60")
	}
}

// TestRootRankingRepetition: after a repetition a win is no longer ranked as
// sure, and a move into a threefold repetition is a draw.
func TestRootRankingRepetition(t *testing.T) {
	tables := openShared(t)
	pos := mustFEN(t, "k7/8/8/8/8/8/8/K5Q1 w - - 0 1")
	play := func(moves ...string) {
		for _, s := range moves {
			m, err := pos.ParseUCI(s)
			if err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(m)
		}
	}
	if hasRepeated(pos) {
		t.Fatal("repetition in a fresh position")
	}
	// KQvK ranks by DTZ (it is the distance to mate): sure wins near maxDTZ.
	if best := rank(t, tables, pos, true, false).Moves[0]; best.Rank != maxDTZ-best.DTZ {
		t.Errorf("fresh position: best %+v, want a sure win", best)
	}
	play("g1f1", "a8b8", "f1g1", "b8a8")
	if !hasRepeated(pos) {
		t.Fatal("no repetition seen after a cycle")
	}
	best := rank(t, tables, pos, true, false).Moves[0]
	if best.WDL != Win || best.Rank >= maxDTZ/2 {
		t.Errorf("after a repetition: best %+v, want a win ranked below the sure ones", best)
	}
	// Black to move a second time here; Ka8 repeats the start a third time.
	play("g1f1", "a8b8", "f1g1")
	r := rank(t, tables, pos, true, false)
	if got := r.Moves[0]; pos.UCI(got.Move) != "b8a8" || got.WDL != Draw || got.DTZ != 0 {
		t.Errorf("a move into a threefold repetition: best %s %+v, want b8a8, a draw", pos.UCI(got.Move), got)
	}
	if last := r.Moves[len(r.Moves)-1]; last.WDL != Loss {
		t.Errorf("the other moves lose: worst %+v", last)
	}
}

// TestRootRankingWithoutDTZ: with only the WDL tables the moves are ranked
// by WDL alone.
func TestRootRankingWithoutDTZ(t *testing.T) {
	openShared(t)
	dir := t.TempDir()
	files, err := filepath.Glob(filepath.Join(dataDir, "*.rtbw"))
	if err != nil || len(files) == 0 {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tables, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	byWDL := 0
	for _, r := range loadReference(t)[:400] {
		pos := mustFEN(t, r.fen)
		if !pos.HasLegalMove() {
			continue
		}
		// A DTZ needs no table where a zeroing move decides it.
		if d, err := tables.ProbeDTZErr(pos); err == nil && d != r.dtz {
			t.Errorf("%s: DTZ %d without DTZ tables, want %d", r.fen, d, r.dtz)
		} else if err != nil && !strings.Contains(err.Error(), "missing table") {
			t.Errorf("%s: %v, want a missing table", r.fen, err)
		}
		got := rank(t, tables, pos, true, false)
		if !got.ByDTZ {
			byWDL++
		}
		if got.Moves[0].WDL != r.wdl {
			t.Errorf("%s: best move a %v, the position a %v", r.fen, got.Moves[0].WDL, r.wdl)
		}
	}
	if byWDL < 100 {
		t.Errorf("only %d of 400 positions ranked by WDL", byWDL)
	}
}

func TestProbeRefusals(t *testing.T) {
	tables := openShared(t)
	for _, c := range []struct{ fen, why string }{
		{"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", "castling"},
		{"4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1", "more pieces"},
	} {
		pos := mustFEN(t, c.fen)
		if _, err := tables.ProbeWDLErr(pos); err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: WDL error %v, want %q", c.fen, err, c.why)
		}
		if _, err := tables.ProbeDTZErr(pos); err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: DTZ error %v, want %q", c.fen, err, c.why)
		}
		if _, ok := tables.ProbeWDL(pos); ok {
			t.Errorf("%s: ProbeWDL ok", c.fen)
		}
		if _, ok := tables.RankRootMoves(pos, true, false); ok {
			t.Errorf("%s: RankRootMoves ok", c.fen)
		}
	}
	// A table the captures lead to is missing.
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(dataDir, "KRvKN.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KRvKN.rtbw"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	alone, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer alone.Close()
	pos := mustFEN(t, "4k3/8/8/8/8/8/8/R2nK3 w - - 0 1")
	if _, err := alone.ProbeWDLErr(pos); err == nil || !strings.Contains(err.Error(), "missing table KRvK") {
		t.Errorf("KRvKN alone: %v, want the missing KRvK", err)
	}
	if _, err := alone.ProbeDTZErr(pos); err == nil || !strings.Contains(err.Error(), "missing table") {
		t.Errorf("KRvKN alone, DTZ: %v, want a missing table", err)
	}
	// Bare kings need no table.
	if w, err := tables.ProbeWDLErr(mustFEN(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")); err != nil || w != Draw {
		t.Errorf("KvK: %v %v", w, err)
	}
}
