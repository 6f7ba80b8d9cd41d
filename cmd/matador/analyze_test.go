package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/engine"
	"matador/internal/pgn"
	"matador/internal/search"
)

// Mate in 2: 1. Nf6+ gxf6 2. Bxf7#.
const analyzeMateIn2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10"

func runCapture(t *testing.T, f func([]string, *bytes.Buffer, *bytes.Buffer) int, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := f(args, &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

func analyze(args []string, stdout, stderr *bytes.Buffer) int {
	return runAnalyze(args, stdout, stderr)
}
func epd(args []string, stdout, stderr *bytes.Buffer) int { return runEPD(args, stdout, stderr) }

func TestAnalyzePosition(t *testing.T) {
	out, errs, code := runCapture(t, analyze, "-fen", analyzeMateIn2, "-depth", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"(White to move)", "depth  1 ", "#2", "10. Nf6+ gxf6 11. Bxf7#", "Best move: Nf6+ (#2, depth 5)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Three lines from the start position, each iteration printed once.
	out, _, _ = runCapture(t, analyze, "-depth", "3", "-multipv", "3")
	if n := strings.Count(out, "depth  3  [3]"); n != 1 || !strings.Contains(out, "depth  3  [1]") {
		t.Errorf("multipv output:\n%s", out)
	}
	// Score from White's side with Black to move: Black is a queen up.
	out, _, _ = runCapture(t, analyze, "-fen", "4k3/8/8/8/8/8/3q4/K7 b - - 0 1", "-movetime", "100")
	if !strings.Contains(out, "  #-") && !strings.Contains(out, "  -") {
		t.Errorf("Black's advantage not negative:\n%s", out)
	}
	// No legal move.
	out, _, _ = runCapture(t, analyze, "-fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "-depth", "2")
	if !strings.Contains(out, "No legal move: Stalemate") {
		t.Errorf("stalemate:\n%s", out)
	}
}

func TestAnalyzeBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-fen", "nonsense"},
		{"-fen", analyzeMateIn2, "-pgn", "x.pgn"},
		{"-depth", "-1"},
		{"-multipv", "0"},
		{"-movetime", "soon"},
		{"stray"},
	} {
		if _, _, code := runCapture(t, analyze, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if _, errs, code := runCapture(t, analyze, "-pgn", filepath.Join(t.TempDir(), "missing.pgn")); code != 1 || errs == "" {
		t.Errorf("missing PGN: exit %d, %q", code, errs)
	}
}

func TestAnnotatePGN(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.pgn")
	text := `[Event "Scholar's mate"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 {aggressive} Nc6 (2... g6) 3. Bc4 Nf6 $4 4. Qxf7# 1-0

[Event "broken"]

1. e4 e4 *

[Event "From a position"]
[SetUp "1"]
[FEN "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"]

1. Kf1 *
`
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCapture(t, analyze, "-pgn", file, "-depth", "4")
	if code != 1 || !strings.Contains(errs, "game 2") {
		t.Errorf("the broken game: exit %d, stderr:\n%s", code, errs)
	}
	games, err := pgn.ReadAll(strings.NewReader(out))
	if err != nil || len(games) != 2 {
		t.Fatalf("output is not 2 readable games (%v):\n%s", err, out)
	}
	g := games[0]
	if g.Tag("Annotator") == "" || g.Tag("White") != "A" || g.Result != "1-0" || len(g.Moves) != 7 {
		t.Errorf("first game changed:\n%s", out)
	}
	if c := g.Notes[2].Comment; !strings.HasPrefix(c, "aggressive ") || !strings.Contains(c, "/4") {
		t.Errorf("comment after 2. Qh5: %q", c)
	}
	if c := g.Notes[6].Comment; c != "White mates" {
		t.Errorf("comment after the mate: %q", c)
	}
	// 3... Nf6 allows mate: the better move is given as a variation. The
	// movetext is wrapped where the comments' lengths put the breaks.
	flat := strings.Join(strings.Fields(out), " ")
	if !strings.Contains(flat, "3... Nf6 {#1/4} (3...") {
		t.Errorf("no alternative to 3... Nf6:\n%s", out)
	}
	// The third game (the second written), 1. Kf1, missed the mate Ra8#.
	if !strings.Contains(flat, "(1. Ra8# {#1/") {
		t.Errorf("Ra8# not suggested:\n%s", out)
	}
	if !strings.Contains(errs, "game 1: 1. e4: ") {
		t.Errorf("no progress on stderr:\n%s", errs)
	}
}

func TestEPD(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "suite.epd")
	suite := `# a comment
6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "mate in one";
6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Kf1; id "avoid; with a semicolon";
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm a3; id "unlikely";
8/8/8/8 w - - bm e4;
4k3/8/8/8/8/8/8/4K3 w - - id "nothing to check";
4k3/8/8/8/8/8/8/4K3 w - - bm Qd4; id "illegal bm";
`
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCapture(t, epd, file, "-movetime", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"mate in one", "ok   Ra8#", "avoid; with a semicolon", "solved 2/3",
		"failed (1):", "unlikely: found "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(errs, "(skipped)") != 3 {
		t.Errorf("want 3 lines skipped, stderr:\n%s", errs)
	}
	if _, _, code := runCapture(t, epd); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
}

// "matador epd" checks -depth as analyze does, and with both -depth and
// -movetime stops at whichever comes first. It used to take a negative
// depth as no depth (silently a second a position), cap a huge one, and
// drop -movetime when -depth was given.
func TestEPDDepthAndMoveTime(t *testing.T) {
	file := filepath.Join(t.TempDir(), "suite.epd")
	if err := os.WriteFile(file, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am a3;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, depth := range []string{"-1", "-3", "1000"} {
		out, errs, code := runCapture(t, epd, file, "-depth", depth)
		if code != 2 || out != "" || !strings.Contains(errs, "-depth must be from 1 to") {
			t.Errorf("-depth %s: exit %d, stdout %q, stderr %q", depth, code, out, errs)
		}
	}
	done := make(chan int, 1)
	start := time.Now()
	go func() {
		_, _, code := runCapture(t, epd, file, "-depth", "60", "-movetime", "300")
		done <- code
	}()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("-depth 60 -movetime 300: exit %d", code)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("-depth 60 -movetime 300 took %v", d)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("-depth 60 -movetime 300: still searching after 20 s; the move time was dropped")
	}
}

// TestEPDWinAtChess runs the first positions of the shared WAC suite, when
// the shared data is beside the repository.
func TestEPDWinAtChess(t *testing.T) {
	file := sharedFile("data/tests/wac.epd")
	if file == "" {
		t.Skip("shared/data/tests/wac.epd not found beside the repository; skipping")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	first := filepath.Join(t.TempDir(), "wac10.epd")
	if err := os.WriteFile(first, []byte(strings.Join(lines[:min(10, len(lines))], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCapture(t, epd, first, "-movetime", "100")
	if code != 0 || !strings.Contains(out, "/10\n") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	t.Logf("%s", out[strings.LastIndex(out, "solved"):])
}

// sharedFile finds a file of the shared directory that sits beside the
// repository (or "" when there is none).
func sharedFile(name string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for ; ; dir = filepath.Dir(dir) {
		p := filepath.Join(dir, "shared", name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

func TestPlaySubcommand(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("e4\nuci\nisready\nquit\n")
	if code := runPlay([]string{"-ascii", "-movetime", "50"}, in, &out); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"You play 1. e4.", "Matador plays 1... ", "R N B Q K B N R", "uciok", "readyok"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	in = strings.NewReader("xboard\nprotover 2\nping 3\n")
	runPlay(nil, in, &out)
	if !strings.Contains(out.String(), "feature done=1") || !strings.Contains(out.String(), "pong 3") {
		t.Errorf("xboard after play:\n%s", out.String())
	}
	if code := runPlay([]string{"-frobnicate"}, strings.NewReader(""), &out); code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
}

func TestFlags(t *testing.T) {
	var d time.Duration
	f := durationFlag{&d}
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{{"200", 200 * time.Millisecond, true}, {"2s", 2 * time.Second, true}, {"0", 0, false}, {"-5", 0, false}, {"x", 0, false},
		{"1000000000", 1e9 * time.Millisecond, true}, {"1000000001", 0, false}, {"99999999999999999999", 0, false},
		{"0s", 0, false}, {"-2s", 0, false}, {"277h", 277 * time.Hour, true}, {"278h", 0, false}, {"2562047h", 0, false}} {
		d = 0
		err := f.Set(tc.in)
		if (err == nil) != tc.ok || (tc.ok && d != tc.want) {
			t.Errorf("Set(%q): %v, %v", tc.in, d, err)
		}
		// A time out of range is refused as such, whatever its form: not
		// as "not positive" (1000000001), nor as a malformed one.
		if !tc.ok && tc.in != "x" && (err == nil || !strings.Contains(err.Error(), "from 1 to 1000000000 milliseconds")) {
			t.Errorf("Set(%q): %v, want the range named", tc.in, err)
		}
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	n := fs.Int("n", 0, "")
	pos, err := parseInterleaved(fs, []string{"a", "-n", "3", "b"})
	if err != nil || *n != 3 || strings.Join(pos, ",") != "a,b" {
		t.Errorf("parseInterleaved: %v %d %q", err, *n, pos)
	}
}

// TestAnnotateVariationsScoreHigher: a variation is given only where the
// engine's move scored above the move played, by the engine's own
// searches (scores from White's side: higher for White's moves, lower for
// Black's). Each search of a game sees another position, so the engine's
// first choice may score below the move played one ply on; such a
// variation read as advice to play worse (1... e5 {+0.08/6} (1... e6
// {+0.25/6})).
func TestAnnotateVariationsScoreHigher(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *\n\n" +
		"1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O Nc6 8. a3 Bxc3 9. bxc3 dxc4 10. Bxc4 Qc7 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	// value reads a note's score from White's side, mates beyond pawns.
	value := func(text string) (float64, bool) {
		text, _, _ = strings.Cut(text, "/")
		if n, ok := strings.CutPrefix(text, "#"); ok {
			m, err := strconv.Atoi(n)
			if err != nil || m == 0 {
				return 0, false
			}
			if m > 0 {
				return 1000 - float64(m), true
			}
			return -1000 - float64(m), true
		}
		v, err := strconv.ParseFloat(text, 64)
		return v, err == nil
	}
	e := engine.New()
	variations := 0
	for n, g := range games {
		if err := annotateGame(e, g, n+1, search.Limits{Depth: 6}, io.Discard); err != nil {
			t.Fatal(err)
		}
		for i := range g.Moves {
			note := g.Note(i)
			if len(note.Variation) == 0 {
				continue
			}
			variations++
			played, ok1 := value(note.Comment)
			alt, ok2 := value(note.VariationComment)
			if !ok1 || !ok2 {
				t.Fatalf("game %d, ply %d: scores %q and %q", n+1, i+1, note.Comment, note.VariationComment)
			}
			if white := i%2 == 0; (white && alt <= played) || (!white && alt >= played) {
				t.Errorf("game %d, ply %d: the variation scores %s, the move played %s", n+1, i+1, note.VariationComment, note.Comment)
			}
		}
	}
	t.Logf("%d variations", variations)
}
