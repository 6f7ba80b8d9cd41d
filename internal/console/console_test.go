package console

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/search"
)

// play runs a session on the given input lines and returns what it printed
// and the protocol it handed over to.
func play(t *testing.T, ascii bool, lines ...string) (string, string) {
	t.Helper()
	return playFor(t, 50*time.Millisecond, ascii, lines...)
}

// playFor is play with the engine thinking moveTime a move.
func playFor(t *testing.T, moveTime time.Duration, ascii bool, lines ...string) (string, string) {
	t.Helper()
	var out bytes.Buffer
	s := New(engine.New(), &out, Options{ASCII: ascii, MoveTime: moveTime,
		Date: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)})
	in := engine.NewLineReader(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	done := make(chan string, 1)
	go func() { done <- s.Run(in) }()
	select {
	case word := <-done:
		return out.String(), word
	case <-time.After(30 * time.Second):
		t.Fatalf("the session did not end; output:\n%s", out.String())
	}
	return "", ""
}

func mustContain(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

func TestGreetingAndBoard(t *testing.T) {
	out, word := play(t, false, "quit")
	if word != "" {
		t.Errorf("quit handed over to %q", word)
	}
	mustContain(t, out, "Matador", "help", " 8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜  8", " 1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖  1", "White to move.", "Your move (White) > ")
	out, _ = play(t, true, "flip", "quit")
	mustContain(t, out, " 8  r n b q k b n r  8", " 1  R N B Q K B N R  1", " 6  . . . . . . . .  6",
		"    h g f e d c b a\n 1  R N B K Q B N R  1")
}

func TestUserMoveAndReply(t *testing.T) {
	// Long enough for a second iteration on a loaded machine.
	out, _ := playFor(t, 500*time.Millisecond, true, "e4", "Nf3", "pgn", "quit")
	mustContain(t, out, "You play 1. e4.", "Matador thinks for Black...", "  depth  1 ", "Matador plays 1... ",
		"You play 2. Nf3.", "Matador plays 2... ", "[White \"You\"]", "[Black \"Matador ", "[Date \"2026.03.01\"]", "1. e4 ")
	// The thinking shows the score in pawns and the line in SAN with
	// move numbers.
	if !strings.Contains(out, "  depth  2 ") || !strings.Contains(out, " nodes  1... ") {
		t.Errorf("no thinking output:\n%s", out)
	}
}

func TestBadInput(t *testing.T) {
	out, _ := play(t, true, "foo", "e5", "Nd2", "Bb5", "moves", "undo", "level x", "fen 8/8/8 w - -", "quit")
	mustContain(t, out,
		"Not a move: foo (type help for the commands).",
		"Illegal move e5",
		"Illegal move Nd2",
		"Illegal move Bb5: no bishop can reach b5",
		"20 legal moves: ",
		"There is no move to take back.",
		`level needs a number of seconds from 0.001 to 86400, such as level 5; got "x".`,
		"Position unchanged: ")
}

func TestAmbiguousMove(t *testing.T) {
	// Knights on b1 and f1 can both go to d2.
	out, _ := play(t, true, "fen 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "quit")
	mustContain(t, out, "Ambiguous move Nd2: Nbd2, Nfd2")
}

func TestUndoTakesBackBothMoves(t *testing.T) {
	out, _ := play(t, true, "e4", "undo", "fen", "quit")
	mustContain(t, out, "Matador plays 1... ", chess.StartFEN)
}

func TestEngineMovesOnEnter(t *testing.T) {
	// An empty line: the engine plays White, the user Black.
	out, _ := play(t, true, "", "e5", "pgn", "quit")
	mustContain(t, out, "Matador thinks for White...", "Matador plays 1. ", "You play 1... e5.", "Matador plays 2. ",
		"[White \"Matador ", "[Black \"You\"]")
}

func TestGameEnd(t *testing.T) {
	// The user mates.
	out, _ := play(t, true, "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "e4", "pgn", "quit")
	mustContain(t, out, "You play 1. Ra8#.", "Checkmate. White wins, 1-0.", "The game is over (1-0, White mates)",
		"[SetUp \"1\"]", "[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]", "1. Ra8# 1-0")
	// The engine mates (it plays White after Enter).
	out, _ = play(t, true, "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "", "quit")
	mustContain(t, out, "Matador plays 1. Ra8#.", "Checkmate. White wins, 1-0.", "Game over")
	// Stalemate by the user's move.
	out, _ = play(t, true, "fen 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7", "quit")
	mustContain(t, out, "Stalemate. Draw, 1/2-1/2.")
}

// TestFenOfAFinishedGame: a position set up with fen that is already over
// is announced as such at once, not only when a move is tried.
func TestFenOfAFinishedGame(t *testing.T) {
	for fen, want := range map[string]string{
		"7k/5QQ1/8/8/8/8/8/K7 b - - 0 1":  "Checkmate. White wins, 1-0.",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":  "Stalemate. Draw, 1/2-1/2.",
		"4k3/8/8/8/8/8/8/4K2B w - - 0 1":  "Draw: neither side can mate, 1/2-1/2.",
		"7k/8/8/8/8/8/8/KR6 b - - 100 80": "Draw by the fifty-move rule, 1/2-1/2.",
	} {
		out, _ := play(t, true, "fen "+fen, "quit")
		mustContain(t, out, want, "Game over (new, undo, pgn or quit) > ")
	}
}

func TestHintLevelHelp(t *testing.T) {
	out, _ := play(t, true, "hint", "level 0.1", "level", "help", "new", "quit")
	mustContain(t, out, "Hint: ", "Matador now thinks 100ms per move.", "Matador thinks 100ms per move.",
		"Commands:", "New game. You play White.")
}

func TestHandOver(t *testing.T) {
	for _, w := range []string{"uci", "xboard"} {
		if _, word := play(t, true, w); word != w {
			t.Errorf("%s: handed over to %q", w, word)
		}
	}
	if _, word := play(t, true, "e4"); word != "" {
		t.Errorf("end of input handed over to %q", word)
	}
}

func TestUnicodeTerminal(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"LANG": "en_US.UTF-8"}, true},
		{map[string]string{"LANG": "C.utf8"}, true},
		{map[string]string{"LANG": "en_US.UTF-8", "TERM": "dumb"}, false},
		{map[string]string{"LANG": "C"}, false},
		{map[string]string{}, false},
		{map[string]string{"LC_ALL": "C", "LANG": "en_US.UTF-8"}, false},
		{map[string]string{"LC_CTYPE": "de_DE.UTF-8", "LANG": "C"}, true},
	}
	for _, tc := range tests {
		if got := UnicodeTerminal(func(k string) string { return tc.env[k] }); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.env, got, tc.want)
		}
	}
}

func TestFormatScoreAndLine(t *testing.T) {
	tests := []struct {
		score int
		side  chess.Color
		want  string
	}{
		{35, chess.White, "+0.35"},
		{35, chess.Black, "-0.35"},
		{-120, chess.Black, "+1.20"},
		{0, chess.White, "+0.00"},
		{search.MateScore - 5, chess.White, "#3"},
		{search.MateScore - 5, chess.Black, "#-3"},
		{-(search.MateScore - 2), chess.White, "#-1"},
		{-(search.MateScore - 2), chess.Black, "#1"},
	}
	for _, tc := range tests {
		if got := FormatScore(tc.score, tc.side); got != tc.want {
			t.Errorf("FormatScore(%d, %v) = %q, want %q", tc.score, tc.side, got, tc.want)
		}
	}
	pos := chess.StartPosition()
	var line []chess.Move
	for _, s := range []string{"e4", "e5", "Nf3"} {
		m, _ := pos.ParseSAN(s)
		line = append(line, m)
		pos.MakeMove(m)
	}
	start := chess.StartPosition()
	if got := NumberedLine(start, line); got != "1. e4 e5 2. Nf3" {
		t.Errorf("line from the start: %q", got)
	}
	start.MakeMove(line[0])
	if got := NumberedLine(start, line[1:]); got != "1... e5 2. Nf3" {
		t.Errorf("line from Black's move: %q", got)
	}
	if got := groupDigits(1234567); got != "1,234,567" {
		t.Errorf("groupDigits: %q", got)
	}
}

func TestRepeatedMate(t *testing.T) {
	var last string
	steps := []struct {
		score, line string
		want        bool
	}{
		{"+0.50", "1. e4", false},
		{"+0.50", "1. e4", false}, // not a mate: every depth is shown
		{"#2", "1. Nf6+ gxf6 2. Bxf7#", false},
		{"#2", "1. Nf6+ gxf6 2. Bxf7#", true},
		{"#2", "1. Nf6+ Kd7 2. Qxd8#", false},
	}
	for i, st := range steps {
		if got := RepeatedMate(st.score, st.line, &last); got != st.want {
			t.Errorf("step %d: %v, want %v", i, got, st.want)
		}
	}
}

// A level that is not a finite number of seconds within bounds is refused
// and the old one kept: "level NaN" and "level 1e-12" once made the next
// search endless, and the session could no longer be ended.
func TestLevelOutOfBoundsRefused(t *testing.T) {
	bad := []string{"NaN", "nan", "Inf", "-Inf", "+Inf", "1e-12", "0.0000001", "-0", "0", "-5", "86401", "1e300", "0x10", "5s"}
	lines := []string{"level 2"}
	for _, b := range bad {
		lines = append(lines, "level "+b)
	}
	lines = append(lines, "level", "quit")
	out, _ := play(t, true, lines...)
	for _, b := range bad {
		mustContain(t, out, fmt.Sprintf("level needs a number of seconds from 0.001 to 86400, such as level 5; got %q.", b))
	}
	mustContain(t, out, "Matador thinks 2s per move.")
	if strings.Contains(out, "now thinks -") || strings.Contains(out, "now thinks 0s") {
		t.Errorf("a bad level was taken:\n%s", out)
	}
	// The smallest level still ends its search.
	out, _ = play(t, true, "level NaN", "level 0.001", "e4", "quit")
	mustContain(t, out, "Matador now thinks 1ms per move.", "Matador plays 1... ")
}
