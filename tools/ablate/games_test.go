package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pgnGame writes one game as fastchess does: tags, then move text with
// comments, ending with the result.
func pgnGame(round int, white, black, result, term string) string {
	return fmt.Sprintf(`[Event "Fastchess Tournament"]
[Site "?"]
[Date "2026.01.01"]
[Round "%d"]
[White "%s"]
[Black "%s"]
[Result "%s"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[SetUp "1"]
[GameDuration "00:00:07"]
[PlyCount "3"]
[Termination "%s"]

1... e5 {+0.10/12 0.120s} 2. Nf3 {+0.20/13 0.130s, a comment
that goes on} Nc6 {-0.15/11 0.100s, White wins by adjudication} %s

`, round, white, black, result, term, result)
}

// pair is the two games of one opening: the "on" side white first, then
// black, with its two results from its own side ("W", "D", "L").
func pair(round int, first, second string) string {
	res := func(onWhite bool, r string) string {
		switch {
		case r == "D":
			return "1/2-1/2"
		case (r == "W") == onWhite:
			return "1-0"
		}
		return "0-1"
	}
	return pgnGame(round, "on", "off", res(true, first), "adjudication") + pgnGame(round, "off", "on", res(false, second), "normal")
}

func TestReadGamesTruncated(t *testing.T) {
	whole := pair(1, "W", "D")
	last := pgnGame(2, "on", "off", "1-0", "normal")
	for _, cut := range []int{40, len(last) / 2, len(last) - 12} {
		games, err := ReadGames(strings.NewReader(whole + last[:cut]))
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != 3 || !games[0].Complete || !games[1].Complete || games[2].Complete {
			t.Errorf("cut at %d: %d games, complete %v", cut, len(games), completeness(games))
		}
	}
	games, err := ReadGames(strings.NewReader(whole + last))
	if err != nil || len(games) != 3 || !games[2].Complete {
		t.Fatalf("whole file: %d games, %v, %v", len(games), completeness(games), err)
	}
	g := games[0]
	if g.Round() != 1 || g.tag("White") != "on" || g.tag("Result") != "1-0" || g.Seconds() != 7 || g.tag("Termination") != "adjudication" {
		t.Errorf("tags read: %v", g.Tags)
	}
	// A game whose result is "*" (fastchess stopped it) is not a result.
	if games, _ := ReadGames(strings.NewReader(pgnGame(3, "on", "off", "*", "unterminated"))); len(games) != 1 || games[0].Complete {
		t.Errorf("a '*' game counts as complete")
	}
}

func completeness(games []Game) []bool {
	var c []bool
	for _, g := range games {
		c = append(c, g.Complete)
	}
	return c
}

func TestTallyPairs(t *testing.T) {
	// Pairs in the order fastchess finishes them with two games at once:
	// interleaved.
	p1, p2, p3 := pair(1, "W", "W"), pair(2, "D", "L"), pair(3, "L", "L")
	a1, b1 := splitGames(p1)
	a2, b2 := splitGames(p2)
	text := a1 + a2 + b2 + p3 + b1 + pgnGame(4, "on", "off", "0-1", "time forfeit") // round 4 has no partner
	games, err := ReadGames(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	tl := newTally()
	tl.Add(games, "on", "off")
	if want := (Penta{1, 1, 0, 0, 1}); tl.Penta != want {
		t.Errorf("pentanomial %v, want %v", tl.Penta, want)
	}
	if tl.W != 2 || tl.L != 3 || tl.D != 1 || tl.Games != 6 || tl.Played != 7 || tl.Unpaired != 1 {
		t.Errorf("W-L-D %d-%d-%d, games %d, played %d, unpaired %d", tl.W, tl.L, tl.D, tl.Games, tl.Played, tl.Unpaired)
	}
	if tl.TimeLosses() != 1 || tl.Crashes() != 0 || tl.IllegalMoves() != 0 {
		t.Errorf("terminations %v", tl.Terminations)
	}
	if tl.SecondsPerGame() != 7 {
		t.Errorf("seconds a game %v", tl.SecondsPerGame())
	}
}

// TestTallyCountsStallsAsCrashes: fastchess writes a lost connection as
// "abandoned", and some versions a stall as "stalled connection"; both
// count against the bar.
func TestTallyCountsStallsAsCrashes(t *testing.T) {
	text := pgnGame(1, "on", "off", "0-1", "abandoned") + pgnGame(1, "off", "on", "1-0", "stalled connection") +
		pgnGame(2, "on", "off", "1/2-1/2", "adjudication")
	games, err := ReadGames(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	tl := newTally()
	tl.Add(games, "on", "off")
	if tl.Crashes() != 2 || tl.TimeLosses() != 0 || tl.IllegalMoves() != 0 {
		t.Errorf("crashes %d, terminations %v", tl.Crashes(), tl.Terminations)
	}
}

// splitGames cuts a pair's text into its two games.
func splitGames(p string) (string, string) {
	i := strings.Index(p[1:], "[Event") + 1
	return p[:i], p[i:]
}

func TestResumeRecount(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if n := nextChunk(dir); n != 1 {
		t.Errorf("empty row: next chunk %d", n)
	}
	// Chunk 1 finished; chunk 2 killed: one whole pair, one game whose
	// partner was not played, and a game cut off while written. Rounds
	// restart in each chunk.
	write(chunkName(1), pair(1, "W", "D")+pair(2, "D", "D"))
	cut := pgnGame(3, "on", "off", "1-0", "normal")
	write(chunkName(2)+partExt, pair(1, "W", "W")+pgnGame(2, "off", "on", "0-1", "normal")+cut[:len(cut)-30])
	write("log.txt", "not a chunk")
	tl, err := CountRow(dir, "on", "off")
	if err != nil {
		t.Fatal(err)
	}
	if want := (Penta{0, 0, 1, 1, 1}); tl.Penta != want || tl.Games != 6 || tl.Incomplete != 1 || tl.Unpaired != 1 {
		t.Errorf("recount: %v, %d games, %d cut short, %d unpaired", tl.Penta, tl.Games, tl.Incomplete, tl.Unpaired)
	}
	if n := nextChunk(dir); n != 3 {
		t.Errorf("next chunk %d, want 3 (past the killed one)", n)
	}
	// The same files give the same count.
	again, _ := CountRow(dir, "on", "off")
	if again.Penta != tl.Penta || again.W != tl.W || again.L != tl.L || again.D != tl.D {
		t.Errorf("a second recount differs: %+v", again)
	}
}
