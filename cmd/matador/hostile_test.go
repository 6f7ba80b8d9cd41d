package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
)

// Defects found by driving the engine the way a careless or hostile GUI
// would (issue 13). Each test failed before its fix.

// A search with a node limit that ends by itself must still hold its
// bestmove until stop or ponderhit when it is a ponder or infinite search.
func TestPonderAndInfiniteWithNodesWaitForStop(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	pos := position(t, chess.StartFEN, "e2e4")
	for _, tc := range []struct{ goCmd, release string }{
		{"go ponder nodes 100", "ponderhit"},
		{"go ponder nodes 100", "stop"},
		{"go infinite nodes 100", "stop"},
		{"go infinite depth 1", "stop"},
	} {
		p.send("position startpos moves e2e4", tc.goCmd)
		p.quiet(`^bestmove`, 500*time.Millisecond)
		p.ready() // the input loop answers meanwhile
		p.send(tc.release)
		p.bestMove(pos, 2*time.Second)
	}
}

// "go perft" runs like a search: isready is answered during it, stop ends
// it with an info string instead of the total, and quit ends the engine.
func TestGoPerftDoesNotBlock(t *testing.T) {
	p := startEngine(t)
	p.send("position startpos", "go perft 12") // hours
	time.Sleep(200 * time.Millisecond)
	sent := time.Now()
	p.send("isready")
	l, _ := p.expect(`^readyok$`, time.Second)
	if d := l.at.Sub(sent); d > 500*time.Millisecond*timeScale {
		t.Errorf("readyok came %v after isready during perft", d)
	}
	sent = time.Now()
	p.send("stop")
	l, _ = p.expect(`^info string perft 12 stopped`, 2*time.Second)
	if d := l.at.Sub(sent); d > 500*time.Millisecond*timeScale {
		t.Errorf("perft stopped %v after stop", d)
	}
	// A new command after a perft works as usual, and a short perft still
	// ends with its total.
	p.send("go perft 2")
	p.expect(`^Nodes searched: 400$`, 5*time.Second)
	p.send("go depth 2")
	p.bestMove(chess.StartPosition(), 5*time.Second)
	// quit during a long perft ends the process at once.
	p.send("go perft 12")
	time.Sleep(100 * time.Millisecond)
	sent = time.Now()
	p.send("quit")
	select {
	case <-p.exited:
		if d := time.Since(sent); d > time.Second*timeScale {
			t.Errorf("quit during perft took %v", d)
		}
	case <-time.After(3 * time.Second * timeScale):
		t.Fatal("the engine did not quit during perft")
	}
}

// Threads far above the machine's CPUs are capped with an info string, and
// the engine answers as fast as with few threads. Before the cap, 256
// threads on two cores took about a second to answer isready, half a
// second to stop, and over a second for "go movetime 100".
func TestManyThreadsStayResponsive(t *testing.T) {
	p := startEngine(t)
	p.send("setoption name Threads value 256")
	p.expect(`^info string Threads 256 is more than this machine can run`, 2*time.Second)
	p.ready()
	p.send("position fen "+kiwipete, "go infinite")
	time.Sleep(300 * time.Millisecond)
	timed := func(what, pattern string, limit time.Duration) {
		t.Helper()
		sent := time.Now()
		p.send(what)
		l, _ := p.expect(pattern, 5*time.Second)
		if d := l.at.Sub(sent); d > limit*timeScale {
			t.Errorf("%s answered after %v (limit %v)", what, d, limit)
		} else {
			t.Logf("%s answered after %v", what, d)
		}
	}
	timed("isready", `^readyok$`, 300*time.Millisecond)
	timed("stop", `^bestmove `, 300*time.Millisecond)
	timed("go movetime 100", `^bestmove `, 400*time.Millisecond)
	// 50 ms on the clock: the move must come within it.
	timed("go wtime 50 btime 50", `^bestmove `, 50*time.Millisecond)
	p.send("go infinite")
	time.Sleep(200 * time.Millisecond)
	sent := time.Now()
	p.send("quit")
	select {
	case <-p.exited:
		if d := time.Since(sent); d > 500*time.Millisecond*timeScale {
			t.Errorf("quit took %v", d)
		}
	case <-time.After(3 * time.Second * timeScale):
		t.Fatal("the engine did not quit")
	}
}

// "Debug Log File" appends every line in and out with a timestamp.
func TestDebugLogFile(t *testing.T) {
	t.Parallel()
	logPath := filepath.Join(t.TempDir(), "debug log.txt") // a space in the name
	if err := os.WriteFile(logPath, []byte("an earlier line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startEngine(t)
	p.send("setoption name Debug Log File value " + logPath)
	p.send("position startpos", "go depth 2")
	p.bestMove(chess.StartPosition(), 5*time.Second)
	p.send("setoption name Debug Log File value <empty>")
	p.ready()
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.HasPrefix(text, "an earlier line\n") {
		t.Errorf("the log was not appended to:\n%s", text)
	}
	stamp := `\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} `
	for _, want := range []string{
		stamp + `>> position startpos$`,
		stamp + `>> go depth 2$`,
		stamp + `<< info depth 1 .*$`,
		stamp + `<< bestmove \S+`,
		stamp + `>> setoption name Debug Log File value <empty>$`,
	} {
		if !regexp.MustCompile(`(?m)^` + want).MatchString(text) {
			t.Errorf("the log lacks a line matching %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "readyok") {
		t.Errorf("lines after the log was closed were written:\n%s", text)
	}
	// A file that cannot be created is an info string, not a crash.
	p.send("setoption name Debug Log File value " + filepath.Join(t.TempDir(), "no", "such", "dir", "log.txt"))
	p.expect(`^info string setoption: Debug Log File: `, 2*time.Second)
	p.ready()
}

// UCI_Opponent, which lichess-bot sends when the engine declares it, is
// declared and accepted.
func TestUCIOpponent(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("uci")
	_, before := p.expect(`^uciok$`, 2*time.Second)
	if !strings.Contains(strings.Join(before, "\n"), "option name UCI_Opponent type string default <empty>") {
		t.Errorf("UCI_Opponent not declared: %q", before)
	}
	p.send("setoption name UCI_Opponent value GM 2800 human Magnus Carlsen", "setoption name UCI_Opponent value none none computer Stockfish 15")
	p.send("isready")
	_, before = p.expect(`^readyok$`, 2*time.Second)
	if len(before) != 0 {
		t.Errorf("UCI_Opponent answered %q", before)
	}
}

func TestPerftSubcommandRefusesBadArguments(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"perft", "-depth", "-1"},
		{"perft", "-depth", "0"},
		{"perft", "-depth", "21"},
		{"perft", "extra", "words"},
		{"perft", "-depth", "2", "extra"},
		{"perft", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-"},
	} {
		out, err := run(t, args...)
		if err == nil {
			t.Errorf("%q succeeded:\n%s", args, out)
		} else if strings.Contains(out, "Nodes searched") {
			t.Errorf("%q counted nodes:\n%s", args, out)
		}
	}
}

// Defects found by the second hostile probe (issue 26). Each test failed
// before its fix.

// A MultiPV search reports each line once per iteration, as Stockfish
// does; it used to print every line so far again after each line, N(N+1)/2
// lines an iteration, megabytes at MultiPV 256.
func TestMultiPVReportsEachLineOncePerIteration(t *testing.T) {
	t.Parallel()
	const fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"
	pos := position(t, fen)
	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	p := startEngine(t)
	p.send("setoption name MultiPV value 256", "position fen "+fen, "go depth 2")
	_, before := p.bestMove(pos, 30*time.Second)
	multiPV := regexp.MustCompile(`^info depth (\d+) .* multipv (\d+) `)
	seen := map[string]int{}
	lines := 0
	for _, l := range before {
		m := multiPV.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		lines++
		seen[m[1]+"/"+m[2]]++
	}
	for k, n := range seen {
		if n > 1 {
			t.Errorf("depth/multipv %s reported %d times", k, n)
		}
	}
	if lines > 2*legal.N {
		t.Errorf("%d info lines for %d legal moves at depth 2", lines, legal.N)
	}
	for k := 1; k <= legal.N; k++ {
		if seen[fmt.Sprintf("2/%d", k)] != 1 {
			t.Errorf("multipv %d not reported at depth 2", k)
		}
	}
}

// tableSetWith makes a directory holding the shared tables, linked, with
// KRvK.rtbw replaced by a copy holding data.
func tableSetWith(t *testing.T, data []byte) string {
	t.Helper()
	src, err := filepath.Abs(syzygyDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".rtbw") && !strings.HasSuffix(f.Name(), ".rtbz") || f.Name() == "KRvK.rtbw" {
			continue
		}
		if err := os.Symlink(filepath.Join(src, f.Name()), filepath.Join(dir, f.Name())); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "KRvK.rtbw"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// tableWin tells whether a score ("cp 31852", "mate 10") is a tablebase
// win or a mate for the side to move.
func tableWin(score string) bool {
	kind, n, _ := strings.Cut(score, " ")
	v, err := strconv.Atoi(n)
	return err == nil && (kind == "cp" && v >= 30000 || kind == "mate" && v > 0)
}

// A damaged table among good ones is named when the path is set and left
// out; one that turns out corrupt at a probe is named once, at the first
// failed probe, and no longer used. Both used to pass without a word.
func TestCorruptSyzygyTableIsNamed(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	good, err := os.ReadFile(filepath.Join(syzygyDir, "KRvK.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := os.ReadFile(filepath.Join(syzygyDir, "KQvK.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte(nil), good...)
	flipped[4] ^= 1
	badMagic := append([]byte(nil), good...)
	badMagic[0] ^= 0x40
	p := startEngine(t)
	const krk = "8/2R5/5K2/8/1k6/8/8/8 w - - 0 1"
	scoreRx := regexp.MustCompile(`^info depth \d+ .*score (cp|mate) (-?\d+) .*tbhits (\d+) `)
	// search returns the last score of a depth 5 search of KRvK and its
	// tbhits, and the info strings said meanwhile.
	search := func() (string, int, []string) {
		t.Helper()
		p.send("position fen "+krk, "go depth 5")
		_, before := p.bestMove(position(t, krk), 30*time.Second)
		score, hits := "", -1
		var said []string
		for _, l := range before {
			if m := scoreRx.FindStringSubmatch(l); m != nil {
				score = m[1] + " " + m[2]
				hits, _ = strconv.Atoi(m[3])
			}
			if strings.HasPrefix(l, "info string ") {
				said = append(said, l)
			}
		}
		return score, hits, said
	}
	for _, tc := range []struct {
		what, fault string
		data        []byte
	}{
		{"truncated", "truncated", good[:len(good)-64]},
		{"bit-flipped", "flag", flipped},
		{"zeroed", "magic", make([]byte, len(good))},
		{"wrong magic", "magic", badMagic},
		{"renamed KQvK", "do not match the name", other},
	} {
		dir := tableSetWith(t, tc.data)
		p.send("setoption name SyzygyPath value " + dir)
		l, before := p.expect(`^info string Found `, 5*time.Second)
		if !strings.HasPrefix(l.text, "info string Found 34 tablebases (34 WDL, 35 DTZ files") {
			t.Errorf("%s: %q", tc.what, l.text)
		}
		want := "info string " + filepath.Join(dir, "KRvK.rtbw") + ": "
		if len(before) != 1 || !strings.HasPrefix(before[0], want) || !strings.Contains(before[0], tc.fault) ||
			!strings.HasSuffix(before[0], "; not used") {
			t.Errorf("%s: said %q, want %q...%q...; not used", tc.what, before, want, tc.fault)
		}
		// The engine still plays the position, without the table's help
		// and without a word more.
		if _, _, said := search(); len(said) > 0 {
			t.Errorf("%s: the search said %q", tc.what, said)
		}
	}

	// A table whose header is sound but whose data is damaged after the
	// path was set: named at the first failed probe, once.
	dir := tableSetWith(t, good)
	p.send("setoption name SyzygyPath value " + dir)
	l, _ := p.expect(`^info string Found `, 5*time.Second)
	if !strings.HasPrefix(l.text, "info string Found 35 tablebases") {
		t.Errorf("good copy: %q", l.text)
	}
	if score, hits, said := search(); hits == 0 || len(said) > 0 || !tableWin(score) {
		t.Errorf("good copy: score %s, tbhits %d, said %q", score, hits, said)
	}
	f, err := os.OpenFile(filepath.Join(dir, "KRvK.rtbw"), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Same size, every byte set to 0xff, so that no probe of it can succeed.
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xff}, len(good)), 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	p.send("ucinewgame")
	_, _, said := search()
	want := "info string " + filepath.Join(dir, "KRvK.rtbw") + ": corrupt data; no longer used"
	if len(said) != 1 || said[0] != want {
		t.Errorf("damaged data: said %q, want %q", said, want)
	}
	p.send("ucinewgame")
	if _, _, said := search(); len(said) > 0 {
		t.Errorf("damaged data, second search: said %q", said)
	}
}

// An infinite search ends only with stop: a ponderhit (which belongs to
// ponder searches) used to release the bestmove of "go infinite nodes 100".
func TestInfiniteSearchIgnoresPonderhit(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	pos := position(t, chess.StartFEN, "e2e4")
	for _, goCmd := range []string{"go infinite nodes 100", "go infinite depth 1", "go infinite depth 3", "go infinite", "go ponder infinite nodes 100"} {
		p.send("position startpos moves e2e4", goCmd)
		p.quiet(`^bestmove`, 300*time.Millisecond)
		p.send("ponderhit")
		p.quiet(`^bestmove`, 500*time.Millisecond)
		p.ready()
		p.send("stop")
		p.bestMove(pos, 2*time.Second)
	}
}

// "eval" in a position without a legal move says the game is over rather
// than printing a static score as if it went on.
func TestEvalWithoutLegalMove(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	for _, tc := range []struct{ fen, want string }{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8", "No evaluation: Black is checkmated, 1-0."},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "No evaluation: stalemate, 1/2-1/2."},
	} {
		p.send("position fen "+tc.fen, "eval", "isready")
		_, before := p.expect(`^readyok$`, 2*time.Second)
		if len(before) != 1 || before[0] != tc.want {
			t.Errorf("eval in %s: %q, want %q", tc.fen, before, tc.want)
		}
	}
}

// exitCode runs the binary and returns its output and exit status.
func exitCode(t *testing.T, args ...string) (string, int) {
	t.Helper()
	out, err := run(t, args...)
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out, exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out, 0
}

// book make never overwrites its own input or a file that is not a book,
// writes no empty book (BookFile would refuse it), and says where a PGN
// comment that is never closed began (issue 26).
func TestBookMakeKeepsOtherFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	games := testGamesPGN(t)
	gamesText, _ := os.ReadFile(games)
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("not a book, 32 bytes long......\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"book", "make", "-pgn", games, "-o", games}, "-o " + games + " is the -pgn file"},
		{[]string{"book", "make", "-pgn", games, "-o", notes}, "-o " + notes + " is not a Polyglot book"},
		{[]string{"book", "make", "-pgn", games, "-o", dir}, "-o " + dir + " is not a Polyglot book"},
	} {
		out, code := exitCode(t, tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) {
			t.Errorf("%q: exit %d, said %q; want 2 and %q", tc.args, code, out, tc.want)
		}
	}
	if b, _ := os.ReadFile(games); !bytes.Equal(b, gamesText) {
		t.Error("book make changed its PGN")
	}
	if b, _ := os.ReadFile(notes); string(b) != "not a book, 32 bytes long......\n" {
		t.Error("book make changed a file that is not a book")
	}
	// A book it made may be made again.
	book := filepath.Join(dir, "games.bin")
	for range 2 {
		if out, code := exitCode(t, "book", "make", "-pgn", games, "-o", book, "-min-game", "1"); code != 0 {
			t.Fatalf("book make: exit %d\n%s", code, out)
		}
	}

	// No games, or no move played often enough: no book is written.
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, nil, 0o644)
	for _, args := range [][]string{
		{"book", "make", "-pgn", empty, "-o", filepath.Join(dir, "empty.bin")},
		{"book", "make", "-pgn", games, "-o", filepath.Join(dir, "empty.bin"), "-min-game", "100"},
	} {
		out, code := exitCode(t, args...)
		if code != 1 || !strings.Contains(out, "no book entries") || !strings.Contains(out, "nothing written") {
			t.Errorf("%q: exit %d, said %q", args, code, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "empty.bin")); err == nil {
			t.Errorf("%q wrote a book", args)
		}
	}

	// A comment never closed: the game it swallows is named with the line
	// where the comment began.
	unclosed := filepath.Join(dir, "unclosed.pgn")
	os.WriteFile(unclosed, append(append([]byte(nil), gamesText...), "\n[Event \"g\"]\n\n1. e4 {forgot to close\n1. e4 e5 1-0\n"...), 0o644)
	out, code := exitCode(t, "book", "make", "-pgn", unclosed, "-o", filepath.Join(dir, "u.bin"), "-min-game", "1")
	lines := bytes.Count(gamesText, []byte("\n"))
	want := fmt.Sprintf("game 7, line %d: a comment { opened here is never closed", lines+4)
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("unclosed comment: exit %d, said %q; want %q", code, out, want)
	}
}

// "d" prints a FEN that "position fen" takes back, whatever moves took
// the counters past its bounds (issue 71: a half-move clock of 10001).
func TestDisplayedFENIsReadBack(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("position fen 8/8/8/8/8/8/8/K6k w - - 10000 100000 moves a1a2 h1h2 a2a3")
	fen := p.fen()
	if fen != "8/8/8/8/8/K7/7k/8 b - - 10000 100000" {
		t.Errorf("d after the moves: %q", fen)
	}
	p.expect(`^Checkers: `, 2*time.Second)
	p.send("position fen "+fen, "isready")
	if _, before := p.expect(`^readyok$`, 2*time.Second); len(before) != 0 {
		t.Errorf("position fen of d's FEN: %q", before)
	}
	if again := p.fen(); again != fen {
		t.Errorf("d after position fen %q: %q", fen, again)
	}
}

// A byte-order mark before a PGN's first tag costs no game: book make
// makes the same book with it as without (issue 71: it dropped game 1),
// and a device is refused as the PGN of book make, analyze and epd.
func TestByteOrderMarkAndDevicesAsInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	games, _ := os.ReadFile(testGamesPGN(t))
	withBOM := filepath.Join(dir, "bom.pgn")
	os.WriteFile(withBOM, append([]byte("\xEF\xBB\xBF"), games...), 0o644)
	plain := filepath.Join(dir, "plain.pgn")
	os.WriteFile(plain, games, 0o644)
	var books [2][]byte
	for i, pgnPath := range []string{plain, withBOM} {
		out := filepath.Join(dir, fmt.Sprintf("book%d.bin", i))
		if msg, code := exitCode(t, "book", "make", "-pgn", pgnPath, "-o", out, "-min-game", "1"); code != 0 || strings.Contains(msg, "skipped") && !strings.Contains(msg, "0 skipped") {
			t.Fatalf("book make -pgn %s: exit %d\n%s", pgnPath, code, msg)
		}
		books[i], _ = os.ReadFile(out)
	}
	if !bytes.Equal(books[0], books[1]) {
		t.Error("the PGN with a byte-order mark makes another book")
	}
	epd := filepath.Join(dir, "suite.epd")
	os.WriteFile(epd, []byte("\xEF\xBB\xBF"+"7k/8/5KQ1/8/8/8/8/8 w - - bm Qg7#; id \"mate\";\n"), 0o644)
	if msg, code := exitCode(t, "epd", epd, "-depth", "2"); code != 0 || strings.Contains(msg, "skipped") {
		t.Errorf("epd with a byte-order mark: exit %d\n%s", code, msg)
	}
	for _, args := range [][]string{
		{"book", "make", "-pgn", "/dev/zero", "-o", filepath.Join(dir, "z.bin")},
		{"analyze", "-pgn", "/dev/zero", "-depth", "1"},
		{"epd", "/dev/zero"},
	} {
		if msg, code := exitCode(t, args...); code == 0 || !strings.Contains(msg, "/dev/zero is not a regular file") {
			t.Errorf("%q: exit %d, said %q", args, code, msg)
		}
	}
}

// A setoption during an infinite or ponder search leaves it running: the
// bestmove comes only after stop (or ponderhit), and the option holds from
// the next search. Use NNUE, EvalFile, Clear Hash and Hash, changed or
// not, used to stop the search and send its bestmove at once.
func TestSetOptionDuringInfiniteSearch(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	pos := position(t, kiwipete)
	p.send("position fen " + kiwipete)
	for _, opt := range []string{
		"setoption name Use NNUE value true", "setoption name EvalFile value <default>",
		"setoption name Clear Hash", "setoption name Hash value 16", "setoption name Hash value 8",
		"setoption name Threads value 1", "setoption name SyzygyPath value <empty>",
		"setoption name Switches value -NullMove", "setoption name EvalSwitches value -UseSpace",
		"setoption name Use NNUE value false",
	} {
		p.send("go infinite")
		p.expect(`^info depth 1 `, 10*time.Second)
		p.send(opt)
		p.quiet(`^bestmove`, 300*time.Millisecond)
		p.ready()
		p.send("stop")
		p.bestMove(pos, 2*time.Second)
	}
	// Use NNUE false, set during the last search, holds after it.
	p.send("eval")
	if l, _ := p.expect(`^NNUE evaluation `, 5*time.Second); !strings.Contains(l.text, "not in use (Use NNUE false)") {
		t.Errorf("Use NNUE false set during a search, after it: %q", l.text)
	}
	// A ponder search too: the ponderhit ends it as a timed search.
	p.send("go ponder wtime 500 btime 500")
	p.expect(`^info depth 1 `, 10*time.Second)
	p.send("setoption name Hash value 4", "setoption name Clear Hash", "setoption name Use NNUE value true")
	p.quiet(`^bestmove`, 300*time.Millisecond)
	p.send("ponderhit")
	p.bestMove(pos, 3*time.Second)
	p.send("go depth 6")
	p.bestMove(pos, 30*time.Second)
}
