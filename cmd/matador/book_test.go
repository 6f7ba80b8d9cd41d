package main

import (
	"bytes"
	"cmp"
	bigendian "encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"matador/internal/book"
	"matador/internal/chess"
	"matador/internal/pgn"
)

// testGamesPGN writes a PGN of a few short games: 1. e4 three times (two
// won by White), 1. d4 twice, 1. c4 once (lost).
func testGamesPGN(t *testing.T) string {
	t.Helper()
	text := `[Event "a"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "b"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nf6 1-0

[Event "c"]
[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Event "d"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 1/2-1/2

[Event "e"]
[Result "0-1"]

1. d4 Nf6 2. c4 e6 0-1

[Event "f"]
[Result "0-1"]

1. c4 e5 0-1
`
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func makeTestBook(t *testing.T, minGames string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "test.bin")
	got, err := run(t, "book", "make", "-pgn", testGamesPGN(t), "-o", out, "-min-game", minGames)
	if err != nil {
		t.Fatalf("book make: %v\n%s", err, got)
	}
	return out
}

func TestBookSubcommands(t *testing.T) {
	t.Parallel()
	path := makeTestBook(t, "1")
	out, err := run(t, "book", "probe", "-book", path)
	if err != nil {
		t.Fatalf("book probe: %v\n%s", err, out)
	}
	// e4: 2+2+1 points, d4: 1+0, c4: nothing (left out).
	for _, want := range []string{
		"key 463b96181691fc9c: 2 book moves, total weight 6",
		"e2e4   e4            5   83.3% 0",
		"d2d4   d4            1   16.7% 0",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("book probe lacks %q:\n%s", want, out)
		}
	}
	// A FEN as the remaining arguments: after 1. e4 e5, Nf3 won twice.
	out, err = run(t, "book", "probe", "-book", path, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", "w", "KQkq", "-", "0", "2")
	if err != nil || !strings.Contains(out, "g1f3   Nf3           4  100.0% 0") {
		t.Errorf("book probe after 1. e4 e5: %v\n%s", err, out)
	}
	// Black lost both games after 1. e4 e5 2. Nf3: no points, no entries.
	out, err = run(t, "book", "probe", "-book", path, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R", "b", "KQkq", "-", "1", "2")
	if err != nil || !strings.Contains(out, "not in the book") {
		t.Errorf("book probe after 1. e4 e5 2. Nf3: %v\n%s", err, out)
	}
	// -book after the FEN, as analyze, epd and tb take their flags: it used
	// to be read as no -book at all ("-book FILE is required").
	out, err = run(t, "book", "probe", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR", "w", "KQkq", "-", "0", "2", "-book", path)
	if err != nil || !strings.Contains(out, "g1f3   Nf3           4  100.0% 0") {
		t.Errorf("book probe FEN -book FILE: %v\n%s", err, out)
	}
	out, err = run(t, "book", "probe", "-book", path, "8/8/8/8/8/8/k7/2K5", "w", "-", "-")
	if err != nil || !strings.Contains(out, "not in the book") {
		t.Errorf("a position out of the book: %v\n%s", err, out)
	}
	// Polyglot's default: a move needs three games; only e4 has them.
	out, _ = run(t, "book", "probe", "-book", makeTestBook(t, "3"))
	if !strings.Contains(out, "1 book moves") || !strings.Contains(out, "e2e4") {
		t.Errorf("-min-game 3:\n%s", out)
	}
	// Bad arguments and bad files fail with a message, never a crash.
	notBook := filepath.Join(t.TempDir(), "notbook.bin")
	os.WriteFile(notBook, []byte("this is not a book"), 0o644)
	for _, args := range [][]string{
		{"book"},
		{"book", "frobnicate"},
		{"book", "probe"},
		{"book", "probe", "-book", filepath.Join(t.TempDir(), "missing.bin")},
		{"book", "probe", "-book", notBook},
		{"book", "probe", "-book", path, "not", "a", "fen"},
		{"book", "make", "-pgn", testGamesPGN(t)},
		{"book", "make", "-pgn", filepath.Join(t.TempDir(), "missing.pgn"), "-o", filepath.Join(t.TempDir(), "x.bin")},
		{"book", "make", "-pgn", testGamesPGN(t), "-o", filepath.Join(t.TempDir(), "x.bin"), "-max-ply", "0"},
		{"book", "make", "-pgn", testGamesPGN(t), "-o", filepath.Join(t.TempDir(), "no", "dir", "x.bin")},
	} {
		out, err := run(t, args...)
		if err == nil {
			t.Errorf("%q succeeded:\n%s", args, out)
		}
		if strings.Contains(out, "panic") || strings.Contains(out, "goroutine") {
			t.Errorf("%q crashed:\n%s", args, out)
		}
	}
}

func TestUCIOwnBook(t *testing.T) {
	t.Parallel()
	path := makeTestBook(t, "1")
	p := startEngine(t)
	p.send("uci")
	_, before := p.expect(`^uciok$`, 2*time.Second)
	decl := strings.Join(before, "\n")
	for _, want := range []string{
		"option name OwnBook type check default false",
		"option name BookFile type string default <empty>",
		"option name BookBestMove type check default false",
		"option name Debug Log File type string default <empty>",
	} {
		if !strings.Contains(decl, want) {
			t.Errorf("uci lacks %q", want)
		}
	}
	// OwnBook on without a book: said once, and the search plays.
	p.send("setoption name OwnBook value true", "position startpos", "go depth 3")
	p.expect(`^info string OwnBook is on but no book is open`, 2*time.Second)
	p.bestMove(chess.StartPosition(), 10*time.Second)

	p.send("setoption name BookFile value "+path, "setoption name BookBestMove value true")
	for range 5 {
		p.send("position startpos", "go wtime 60000 btime 60000")
		l, before := p.expect(`^bestmove `, 5*time.Second)
		// After 1. e4 only c5 scored for Black (e5 lost twice).
		if l.text != "bestmove e2e4 ponder c7c5" {
			t.Errorf("BookBestMove: %q, want bestmove e2e4 ponder c7c5 (the book's best reply)", l.text)
		}
		if len(before) != 1 || !strings.HasPrefix(before[0], "info string book move e2e4, weight 5 of 6 (83%)") {
			t.Errorf("before the book move: %q", before)
		}
	}
	// Weighted random: e4 five times in six, d4 once.
	p.send("setoption name BookBestMove value false")
	count := map[string]int{}
	for range 60 {
		p.send("position startpos", "go depth 20")
		l, _ := p.expect(`^bestmove `, 5*time.Second)
		count[strings.Fields(l.text)[1]]++
	}
	if count["e2e4"]+count["d2d4"] != 60 || count["d2d4"] == 0 || count["e2e4"] < 35 {
		t.Errorf("60 book moves: %v, want about 50 e2e4 and 10 d2d4", count)
	}
	// Out of the book the search takes over.
	p.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "go depth 3")
	_, before = p.bestMove(position(t, chess.StartFEN, "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"), 10*time.Second)
	if !strings.HasPrefix(before[len(before)-1], "info depth 3 ") {
		t.Errorf("out of the book: %q", tail(before))
	}
	// A ponder search in the book holds its move until ponderhit.
	p.send("position startpos moves e2e4", "go ponder wtime 60000 btime 60000")
	p.quiet(`^bestmove`, 300*time.Millisecond)
	p.send("ponderhit")
	l, _ := p.expect(`^bestmove `, 2*time.Second)
	if f := strings.Fields(l.text); f[1] != "c7c5" {
		t.Errorf("ponder in the book: %q", l.text)
	}
	// Analysis ignores the book.
	p.send("position startpos", "go infinite")
	p.expect(`^info depth 2 `, 5*time.Second)
	p.send("stop")
	p.bestMove(chess.StartPosition(), 2*time.Second)
	// searchmoves restricts the book too.
	p.send("position startpos", "go depth 2 searchmoves d2d4")
	l, _ = p.expect(`^bestmove `, 5*time.Second)
	if !strings.HasPrefix(l.text, "bestmove d2d4") {
		t.Errorf("searchmoves d2d4: %q", l.text)
	}
	// UCI_AnalyseMode: the GUI analyses, so the book stays closed.
	p.send("setoption name UCI_AnalyseMode value true", "position startpos", "go depth 3")
	_, before = p.bestMove(chess.StartPosition(), 10*time.Second)
	if strings.Contains(strings.Join(before, "\n"), "book move") || !strings.HasPrefix(before[len(before)-1], "info depth 3 ") {
		t.Errorf("analyse mode played from the book: %q", tail(before))
	}
	p.send("setoption name UCI_AnalyseMode value false")
	// A missing or broken book is an info string, and the old book stays.
	notBook := filepath.Join(t.TempDir(), "notbook.bin")
	os.WriteFile(notBook, bytes.Repeat([]byte("x"), 33), 0o644)
	p.send("setoption name BookFile value " + filepath.Join(t.TempDir(), "missing.bin"))
	p.expect(`^info string setoption: BookFile: .*missing\.bin: no such file; keeping `+regexp.QuoteMeta(path)+`$`, 2*time.Second)
	p.send("setoption name BookFile value " + notBook)
	p.expect(`^info string setoption: BookFile: .*not a Polyglot book`, 2*time.Second)
	p.send("setoption name BookBestMove value true", "position startpos", "go depth 20")
	l, _ = p.expect(`^bestmove `, 5*time.Second)
	if !strings.HasPrefix(l.text, "bestmove e2e4") {
		t.Errorf("the old book is gone: %q", l.text)
	}
	// No book: the search plays.
	p.send("setoption name BookFile value <empty>", "position startpos", "go depth 2")
	_, before = p.bestMove(chess.StartPosition(), 10*time.Second)
	for _, b := range before {
		if strings.Contains(b, "book move") {
			t.Errorf("a book move without a book: %q", b)
		}
	}
}

// Debian's book (gnuchess-book) through the engine: every move it plays
// from the start is one the book holds for the position.
func TestUCIDebianBook(t *testing.T) {
	t.Parallel()
	const debianBook = "/usr/share/games/gnuchess/book.bin"
	if _, err := os.Stat(debianBook); err != nil {
		t.Skipf("%s not installed (Debian package gnuchess-book)", debianBook)
	}
	b, err := book.Open(debianBook)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p := startEngine(t)
	p.send("setoption name OwnBook value true", "setoption name BookFile value "+debianBook)
	var moves []string
	pos := chess.StartPosition()
	for ply := 0; ply < 12; ply++ {
		inBook, err := b.Moves(pos)
		if err != nil {
			t.Fatal(err)
		}
		if len(inBook) == 0 {
			break
		}
		p.send("position startpos moves "+strings.Join(moves, " "), "go wtime 60000 btime 60000")
		l, before := p.expect(`^bestmove `, 5*time.Second)
		m, err := pos.ParseUCI(strings.Fields(l.text)[1])
		if err != nil {
			t.Fatal(err)
		}
		found := slices.ContainsFunc(inBook, func(bm book.BookMove) bool { return bm.Move == m })
		if !found || len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info string book move ") {
			t.Fatalf("ply %d: %q after %q, book moves %d", ply, l.text, before, len(inBook))
		}
		moves = append(moves, pos.UCI(m))
		pos.MakeMove(m)
	}
	if len(moves) < 4 {
		t.Errorf("only %d plies from the book: %v", len(moves), moves)
	}
}

// findPolyglot finds Debian's polyglot, which installs into /usr/games.
func findPolyglot(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot"
	}
	t.Skip("polyglot not installed (Debian package polyglot)")
	return ""
}

// readBookFile reads all the entries of a book file.
func readBookFile(t *testing.T, path string) []book.Entry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data)%book.EntrySize != 0 {
		t.Fatalf("%s: %d bytes", path, len(data))
	}
	b, err := book.New(bytes.NewReader(data), int64(len(data)), path)
	if err != nil {
		t.Fatal(err)
	}
	var entries []book.Entry
	var last uint64
	for i := int64(0); i < b.Len(); {
		key := bigendian.BigEndian.Uint64(data[i*book.EntrySize:])
		if key < last {
			t.Fatalf("%s: not sorted at entry %d", path, i)
		}
		last = key
		got, err := b.Entries(key)
		if err != nil {
			t.Fatal(err)
		}
		// Within a key, weights fall (both writers put the best first).
		for j := 1; j < len(got); j++ {
			if got[j].Weight > got[j-1].Weight {
				t.Errorf("%s: key %016x not best first: %v", path, key, got)
			}
		}
		entries = append(entries, got...)
		i += int64(len(got))
	}
	return entries
}

// Books made from the same games by polyglot make-book and matador book
// make hold the same moves with the same weights. The games are the first
// of the shared 8-move openings with results spread over 1-0, 0-1, 1/2-1/2
// and *, so that every rule of the weights is used.
func TestBookMakeAgainstPolyglot(t *testing.T) {
	t.Parallel()
	polyglot := findPolyglot(t)
	src := sharedFile("data/openings/8moves_v3.pgn")
	if src == "" {
		t.Skip("shared/data/openings/8moves_v3.pgn not found beside the repository")
	}
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := 3000
	if testing.Short() {
		games = 500
	}
	r := pgn.NewReader(f)
	var text bytes.Buffer
	results := []string{"1-0", "0-1", "1/2-1/2", "1-0", "*", "0-1", "1-0"}
	for i := range games {
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		g.Result = results[i%len(results)]
		g.SetTag("Result", g.Result)
		if err := pgn.Write(&text, g); err != nil {
			t.Fatal(err)
		}
		text.WriteString("\n")
	}
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "games.pgn")
	if err := os.WriteFile(pgnPath, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, maxPly := range []string{"1024", "6"} {
		theirs := filepath.Join(dir, "polyglot-"+maxPly+".bin")
		ours := filepath.Join(dir, "matador-"+maxPly+".bin")
		cmd := exec.Command(polyglot, "make-book", "-pgn", pgnPath, "-bin", theirs, "-max-ply", maxPly)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("polyglot make-book: %v\n%s", err, out)
		}
		if out, err := run(t, "book", "make", "-pgn", pgnPath, "-o", ours, "-max-ply", maxPly); err != nil {
			t.Fatalf("matador book make: %v\n%s", err, out)
		}
		want, got := readBookFile(t, theirs), readBookFile(t, ours)
		if len(want) < 100 {
			t.Fatalf("polyglot's book has only %d entries", len(want))
		}
		// Within a key of equal weights the order is free: compare sorted.
		sortEntries := func(es []book.Entry) {
			slices.SortFunc(es, func(a, b book.Entry) int {
				if a.Key != b.Key {
					return cmp.Compare(a.Key, b.Key)
				}
				return int(a.Move) - int(b.Move)
			})
		}
		sortEntries(want)
		sortEntries(got)
		if !slices.Equal(want, got) {
			t.Errorf("-max-ply %s: polyglot wrote %d entries, matador %d; first difference: %s", maxPly, len(want), len(got), firstDifference(want, got))
		} else {
			t.Logf("-max-ply %s: the same %d entries", maxPly, len(got))
		}
	}
}

func firstDifference(a, b []book.Entry) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("entry %d: polyglot %+v, matador %+v", i, a[i], b[i])
		}
	}
	return fmt.Sprintf("one is a prefix of the other (%d, %d)", len(a), len(b))
}
