package pgn

import (
	"errors"
	"io"
	"strings"
	"testing"

	"matador/internal/chess"
)

const twoGames = `[Event "Casual \"blitz\""]
[Site "?"]
[White "Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1.e4 e5 2. Nf3 d6 3. d4 Bg4 $6 {This is a weak move} 4. dxe5 Bxf3 5. Qxf3 dxe5
6. Bc4 Nf6 7. Qb3 qe7?! (7... Qd7 8. Qxb7 Qc6 (8... Qd6) 9. Qxa8) 8. Nc3 c6
9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6
15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0

% an escape line, ignored
; a comment line
[Event "From a position"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40"]

40. e4 Kd7 41. e5 Ke6 *
`

func TestReadGames(t *testing.T) {
	games, err := ReadAll(strings.NewReader(strings.Replace(twoGames, "qe7?!", "Qe7?!", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("read %d games, want 2", len(games))
	}
	g := games[0]
	if got := g.Tag("Event"); got != `Casual "blitz"` {
		t.Errorf("Event = %q", got)
	}
	if len(g.Moves) != 33 || g.Result != "1-0" {
		t.Errorf("first game: %d plies, result %q; want 33 plies, 1-0", len(g.Moves), g.Result)
	}
	if c := g.Notes[5].Comment; c != "This is a weak move" {
		t.Errorf("comment after 3... Bg4 = %q", c)
	}
	pos, err := g.Position()
	if err != nil {
		t.Fatal(err)
	}
	if o := OutcomeOf(pos); o != (Outcome{"1-0", "White mates"}) {
		t.Errorf("outcome of the Opera game %+v", o)
	}

	g = games[1]
	if len(g.Moves) != 4 || g.Result != "*" {
		t.Errorf("second game: %d plies, result %q", len(g.Moves), g.Result)
	}
	pos, err = g.Position()
	if err != nil {
		t.Fatal(err)
	}
	if want := "8/8/4k3/4P3/8/8/8/4K3 w - - 1 42"; pos.FEN() != want {
		t.Errorf("second game ends in %s, want %s", pos.FEN(), want)
	}
}

func TestReadErrorsAndRecovery(t *testing.T) {
	// "qe7" is not a move: the first game fails at line 8, the second is
	// read all the same.
	r := NewReader(strings.NewReader(twoGames))
	g, err := r.Next()
	var perr *Error
	if !errors.As(err, &perr) || perr.Game != 1 || perr.Line != 8 {
		t.Fatalf("first game: err %v, want a game 1, line 8 error", err)
	}
	if !strings.Contains(err.Error(), "move 7...") {
		t.Errorf("error %q does not name the move", err)
	}
	if len(g.Moves) != 13 {
		t.Errorf("%d moves kept before the error, want 13", len(g.Moves))
	}
	g, err = r.Next()
	if err != nil || len(g.Moves) != 4 {
		t.Fatalf("second game: %v, %d moves", err, len(g.Moves))
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last game: %v, want EOF", err)
	}

	bad := []struct{ name, text string }{
		{"bad FEN", `[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]` + "\n\n1. e4 *"},
		{"bad FEN, no moves", `[FEN "nonsense"]` + "\n"},
		{"illegal move", "1. e5 *"},
		{"unclosed variation", "1. e4 (1. d4 *"},
		{"bad tag", "[Event]\n1. e4 *"},
		{"unmatched paren", "1. e4 ) e5 *"},
	}
	for _, tc := range bad {
		if _, err := ReadAll(strings.NewReader(tc.text)); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestGameWithoutResultEndsAtNextTags(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n"
	games, err := ReadAll(strings.NewReader(text))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if games[0].Result != "*" || games[1].Result != "1/2-1/2" {
		t.Errorf("results %q %q", games[0].Result, games[1].Result)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	games, err := ReadAll(strings.NewReader(strings.Replace(twoGames, "qe7?!", "Qe7?!", 1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		text, err := Format(g)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(text, "\n") {
			if len(line) > 79 {
				t.Errorf("line longer than 79: %q", line)
			}
		}
		if !strings.HasPrefix(text, "[Event ") || !strings.Contains(text, "[Date \"????.??.??\"]") {
			t.Errorf("seven-tag roster missing:\n%s", text)
		}
		back, err := ReadAll(strings.NewReader(text))
		if err != nil || len(back) != 1 {
			t.Fatalf("reading back: %v\n%s", err, text)
		}
		if !sameMoves(back[0].Moves, g.Moves) || back[0].Result != g.Result || back[0].Tag("Event") != g.Tag("Event") {
			t.Errorf("round trip changed the game:\n%s", text)
		}
	}
}

func TestWriteNotes(t *testing.T) {
	pos := chess.StartPosition()
	g := &Game{Result: "*"}
	g.SetTag("White", "Matador")
	var moves []chess.Move
	for _, s := range []string{"e4", "e5", "Nf3"} {
		m, err := pos.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		pos.MakeMove(m)
	}
	g.Moves = moves
	start := chess.StartPosition()
	d4, _ := start.ParseSAN("d4")
	start.MakeMove(moves[0])
	c5, _ := start.ParseSAN("c5")
	g.Note(0).Comment = "+0.30/10"
	g.Note(0).Variation = []chess.Move{d4}
	g.Note(0).VariationComment = "+0.35/10"
	g.Note(1).Variation = []chess.Move{c5, moves[0]} // e2e4 again is not legal: the line is cut
	text, err := Format(g)
	if err != nil {
		t.Fatal(err)
	}
	want := "1. e4 {+0.30/10} (1. d4 {+0.35/10}) 1... e5 (1... c5) 2. Nf3 *"
	if !strings.Contains(text, want) {
		t.Errorf("movetext:\n%s\nwant %q", text, want)
	}
	if !strings.Contains(text, "[White \"Matador\"]") {
		t.Errorf("White tag missing:\n%s", text)
	}
	g.Moves = append(g.Moves, d4) // d4 from White's start square is not legal now
	if _, err := Format(g); err == nil {
		t.Error("an illegal move was written")
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		fen   string
		moves []string
		want  Outcome
	}{
		{chess.StartFEN, nil, Outcome{}},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", nil, Outcome{"1-0", "White mates"}},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", nil, Outcome{"0-1", "Black mates"}},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, Outcome{"1/2-1/2", "Stalemate"}},
		{"8/8/4k3/8/8/3BK3/8/8 w - - 0 1", nil, Outcome{"1/2-1/2", "Insufficient material"}},
		{"8/8/4k3/8/8/3RK3/8/8 w - - 99 80", []string{"d3d4"}, Outcome{"1/2-1/2", "50 move rule"}},
		{chess.StartFEN, []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, Outcome{"1/2-1/2", "Draw by repetition"}},
	}
	for _, tc := range tests {
		pos, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.moves {
			m, err := pos.ParseUCI(s)
			if err != nil {
				t.Fatal(err)
			}
			pos.MakeMove(m)
		}
		if got := OutcomeOf(pos); got != tc.want {
			t.Errorf("%s %v: %+v, want %+v", tc.fen, tc.moves, got, tc.want)
		}
	}
}

func sameMoves(a, b []chess.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzPGN feeds the reader arbitrary text: it must never panic or loop, and
// every game it accepts must survive being written and read back.
func FuzzPGN(f *testing.F) {
	f.Add(twoGames)
	f.Add(strings.Replace(twoGames, "qe7?!", "Qe7?!", 1))
	f.Add("1. e4 (1. d4 d5 (1... Nf6)) e5 {x} $1 2. Nf3 1/2-1/2")
	f.Add("[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1\"]\n[Variant \"Chess960\"]\n1. O-O O-O *")
	f.Add("[Event \"\\\\\\\"\n1.e4 e5 2.Nf3 * [")
	f.Add("%x\n{unclosed")
	f.Fuzz(func(t *testing.T, text string) {
		r := NewReader(strings.NewReader(text))
		for n := 0; n <= len(text)+1; n++ {
			g, err := r.Next()
			if err == io.EOF {
				return
			}
			var perr *Error
			if err != nil && !errors.As(err, &perr) {
				t.Fatalf("error of the wrong kind: %v", err)
			}
			if err != nil {
				continue
			}
			out, err := Format(g)
			if err != nil {
				t.Fatalf("writing an accepted game: %v", err)
			}
			back, err := ReadAll(strings.NewReader(out))
			if err != nil || len(back) != 1 {
				t.Fatalf("reading back (%v, %d games):\n%s", err, len(back), out)
			}
			if !sameMoves(back[0].Moves, g.Moves) || back[0].Result != g.Result {
				t.Fatalf("round trip changed the game:\n%q\n%s", text, out)
			}
		}
		t.Fatal("the reader did not reach the end of the input")
	})
}

// A comment brace that is never closed swallows the rest of the input; the
// reader says where it began (it passed without a word).
func TestUnclosedCommentSaysWhereItBegan(t *testing.T) {
	for _, tc := range []struct {
		text       string
		game, line int
	}{
		{"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 {a note that\nnever ends\n2. c4 d5 0-1\n", 2, 7},
		{"1. e4 e5 1-0\n{ trailing words\n", 2, 2},
		{"{", 1, 1},
	} {
		r := NewReader(strings.NewReader(tc.text))
		var perr *Error
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if errors.As(err, &perr) {
				break
			}
			if err != nil {
				t.Fatalf("%q: %v", tc.text, err)
			}
		}
		if perr == nil {
			t.Errorf("%q: no error", tc.text)
			continue
		}
		if perr.Game != tc.game || perr.Line != tc.line || !strings.Contains(perr.Error(), "comment") || !strings.Contains(perr.Error(), "never closed") {
			t.Errorf("%q: %v (game %d, line %d), want game %d, line %d, a comment never closed", tc.text, perr, perr.Game, perr.Line, tc.game, tc.line)
		}
	}
	// A closed comment, and a ';' comment at the end without a newline,
	// are no error.
	if _, err := ReadAll(strings.NewReader("1. e4 {fine} e5 1-0 ; the end")); err != nil {
		t.Errorf("closed comments: %v", err)
	}
}

// A game of another variant than chess is reported as bad, with its
// variant named, and the games around it are read. Three-check and King of
// the Hill games, whose moves are legal chess moves, used to be read as
// chess games (into books and tuning data), and Crazyhouse ones failed on
// their first drop with "not a move".
func TestOtherVariantsAreRefused(t *testing.T) {
	text := `[Variant "Three-check"]
[Result "1-0"]

1. e4 e5 1-0

[Variant "Crazyhouse"]
[Result "*"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 *

[Variant "Standard"]
[Result "*"]

1. d4 *

[Variant "From Position"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]
[Result "*"]

1. O-O *

[Variant "Chess960"]
[FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1"]
[Result "*"]

1. O-O *
`
	r := NewReader(strings.NewReader(text))
	var read []string
	for n := 1; ; n++ {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		switch n {
		case 1, 2:
			var v *VariantError
			if !errors.As(err, &v) || !strings.Contains(err.Error(), "is not chess") {
				t.Errorf("game %d: %v, want a variant error", n, err)
			}
		default:
			if err != nil {
				t.Errorf("game %d: %v", n, err)
				continue
			}
			read = append(read, g.Tag("Variant"))
		}
	}
	if strings.Join(read, ",") != "Standard,From Position,Chess960" {
		t.Errorf("games read: %q", read)
	}
}
