package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
)

// The protocol tests build the real binary once and talk to it through
// pipes, as a GUI would. The tests that time the engine's answers run
// alone (not t.Parallel), TestWeakerPlay apart, so that other engines
// searching beside them cannot make a slow answer look like a bug.

var (
	binary     string
	buildFlags []string
	// timeScale stretches every timeout and time bound: a race-enabled
	// engine runs several times slower, and a loaded machine answers
	// late (MATADOR_TEST_TIME_SCALE=N stretches them N times more).
	timeScale time.Duration = 1
)

// raceExitCode is how a binary built with -race exits after reporting a
// data race.
const raceExitCode = 66

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "matador-protocol-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if n, err := strconv.Atoi(os.Getenv("MATADOR_TEST_TIME_SCALE")); err == nil && n > 1 {
		timeScale *= time.Duration(n)
	}
	binary = filepath.Join(dir, "matador")
	args := append([]string{"build", "-o", binary}, buildFlags...)
	build := exec.Command(goTool(), append(args, ".")...)
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building matador:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// goTool finds the go command that runs this test.
func goTool() string {
	if goroot := os.Getenv("GOROOT"); goroot != "" {
		p := filepath.Join(goroot, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "go"
}

const (
	kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	// Mate in 2: 1. Nf6+ gxf6 2. Bxf7#.
	mateIn2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10"
	// Chess960: kings on b1 and b8 with rooks in both corners.
	fen960 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1"
)

// line is one line the engine printed and when it arrived.
type line struct {
	text string
	at   time.Time
}

// proc is a running engine.
type proc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan line
	exited chan struct{} // closed when the process has ended
}

func startEngine(t *testing.T) *proc {
	t.Helper()
	return startEngineEnv(t)
}

// startEngineEnv is startEngine with the variables env ("NAME=value")
// added to the engine's environment.
func startEngineEnv(t *testing.T, env ...string) *proc {
	t.Helper()
	cmd := exec.Command(binary)
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{t: t, cmd: cmd, stdin: stdin, lines: make(chan line, 10000), exited: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			p.lines <- line{sc.Text(), time.Now()}
		}
		close(p.lines)
		cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		stdin.Close()
		select {
		case <-p.exited:
			if code := cmd.ProcessState.ExitCode(); code != 0 {
				t.Errorf("engine exit code %d (%d: a data race)", code, raceExitCode)
			}
		case <-time.After(3 * time.Second * timeScale):
			cmd.Process.Kill()
			t.Error("engine still running 3 s after its input closed")
		}
	})
	// Wait until the engine is up (its start-up tables take a moment), so
	// that the tests time the engine's answers rather than its start.
	p.send("isready")
	p.expect(`^readyok$`, 30*time.Second)
	return p
}

func (p *proc) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			p.t.Fatalf("sending %.50q: %v", l, err)
		}
	}
}

// expect reads lines until one matches pattern and returns it with the
// lines before it. It fails the test on timeout or end of output.
func (p *proc) expect(pattern string, timeout time.Duration) (line, []string) {
	p.t.Helper()
	re := regexp.MustCompile(pattern)
	var before []string
	deadline := time.After(timeout * timeScale)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("engine output ended while waiting for %q; before: %q", pattern, tail(before))
			}
			if re.MatchString(l.text) {
				return l, before
			}
			before = append(before, l.text)
		case <-deadline:
			p.t.Fatalf("no line matching %q within %v; got %q", pattern, timeout, tail(before))
		}
	}
}

func tail(lines []string) []string {
	if len(lines) > 8 {
		return lines[len(lines)-8:]
	}
	return lines
}

// quiet asserts that no line matching pattern arrives within d.
func (p *proc) quiet(pattern string, d time.Duration) {
	p.t.Helper()
	re := regexp.MustCompile(pattern)
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatal("engine output ended")
			}
			if re.MatchString(l.text) {
				p.t.Fatalf("unexpected %q", l.text)
			}
		case <-deadline:
			return
		}
	}
}

// bestMove waits for bestmove and checks that it (and the ponder move) is
// legal in pos.
func (p *proc) bestMove(pos *chess.Position, timeout time.Duration) (string, []string) {
	p.t.Helper()
	l, before := p.expect(`^bestmove `, timeout)
	f := strings.Fields(l.text)
	if len(f) != 2 && !(len(f) == 4 && f[2] == "ponder") {
		p.t.Fatalf("malformed %q", l.text)
	}
	m, err := pos.ParseUCI(f[1])
	if err != nil {
		p.t.Fatalf("%q: %v in %s", l.text, err, pos.FEN())
	}
	if len(f) == 4 {
		pos.MakeMove(m)
		if _, err := pos.ParseUCI(f[3]); err != nil {
			p.t.Errorf("%q: ponder move: %v", l.text, err)
		}
		pos.UnmakeMove(m)
	}
	return f[1], before
}

// fen asks for the position with "d" and returns its FEN.
func (p *proc) fen() string {
	p.t.Helper()
	p.send("d")
	l, _ := p.expect(`^Fen: `, 2*time.Second)
	return strings.TrimPrefix(l.text, "Fen: ")
}

func (p *proc) ready() {
	p.t.Helper()
	p.send("isready")
	p.expect(`^readyok$`, 5*time.Second)
}

func position(t *testing.T, fen string, moves ...string) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		m, err := pos.ParseUCI(text)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	return pos
}

func TestHandshake(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("uci")
	_, before := p.expect(`^uciok$`, 2*time.Second)
	got := strings.Join(before, "\n")
	for _, want := range []string{"id name Matador", "id author", "option name Hash type spin", "option name Threads",
		"option name MultiPV", "option name Ponder", "option name Move Overhead", "option name Clear Hash",
		"option name UCI_ShowWDL", "option name UCI_Chess960",
		"option name Skill Level type spin default 20 min 0 max 20", "option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1500 min 1200 max 2500",
		"option name Slow Mover type spin default 100 min 10 max 1000",
		"option name nodestime type spin default 0 min 0 max 10000",
		"option name UCI_AnalyseMode type check default false"} {
		if !strings.Contains(got, want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}
	p.ready()
	// Slow Mover out of range or not a number, and UCI_AnalyseMode
	// neither true nor false, are info strings; a good Slow Mover plays
	// on a clock as before.
	for _, bad := range []string{"setoption name Slow Mover value 5", "setoption name Slow Mover value 1001",
		"setoption name Slow Mover value fast", "setoption name UCI_AnalyseMode value maybe"} {
		p.send(bad)
		p.expect(`^info string `, 2*time.Second)
	}
	p.send("setoption name Slow Mover value 10", "position startpos", "go wtime 2000 btime 2000")
	p.bestMove(chess.StartPosition(), 3*time.Second)
}

// TestWeakerPlay: a weakened Matador answers with a legal move, reports
// only the lines MultiPV asks for, takes its time on a clock, and stops
// when told.
func TestWeakerPlay(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	// It looks at four lines to choose from, but shows the GUI no more
	// than it asked for, as Stockfish does: python-chess (lichess-bot)
	// keeps the last info line of a search as the engine's score and line,
	// which was the fourth best.
	for _, lines := range []int{1, 2} {
		p.send(fmt.Sprintf("setoption name MultiPV value %d", lines),
			"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1300",
			"position startpos moves e2e4", "go depth 8")
		_, before := p.bestMove(position(t, chess.StartFEN, "e2e4"), 10*time.Second)
		seen := map[int]bool{}
		for _, l := range before {
			if m := regexp.MustCompile(`^info depth \d+ .* multipv (\d+) `).FindStringSubmatch(l); m != nil {
				n, _ := strconv.Atoi(m[1])
				seen[n] = true
			}
		}
		for n := 1; n <= 4; n++ {
			if seen[n] != (n <= lines) {
				t.Errorf("MultiPV %d, weakened: line %d reported %v, want %v (%q)", lines, n, seen[n], n <= lines, tail(before))
			}
		}
	}
	p.send("setoption name MultiPV value 1")
	// 60 s on the clock: a person takes a second or so, and so does it.
	p.send("go wtime 60000 btime 60000")
	start := time.Now()
	p.bestMove(position(t, chess.StartFEN, "e2e4"), 10*time.Second)
	if took := time.Since(start); took < 500*time.Millisecond {
		t.Errorf("a weakened engine with 60 s on the clock answered in %v", took)
	}
	// stop ends the wait at once.
	p.send("go wtime 600000 btime 600000")
	time.Sleep(100 * time.Millisecond)
	p.send("stop")
	start = time.Now()
	p.bestMove(position(t, chess.StartFEN, "e2e4"), 2*time.Second)
	if took := time.Since(start); took > 500*time.Millisecond*timeScale {
		t.Errorf("stop took %v", took)
	}
	for _, bad := range []string{"setoption name UCI_Elo value 500", "setoption name Skill Level value 21", "setoption name UCI_Elo value x"} {
		p.send(bad)
		p.expect(`^info string `, 2*time.Second)
	}
}

func TestGoDepth(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("uci", "isready", "ucinewgame", "position startpos moves e2e4 e7e5 g1f3", "go depth 5")
	_, before := p.bestMove(position(t, chess.StartFEN, "e2e4", "e7e5", "g1f3"), 20*time.Second)
	re := regexp.MustCompile(`^info depth (\d+) seldepth \d+ multipv 1 score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ hashfull \d+ tbhits \d+ time \d+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$`)
	depths := map[string]bool{}
	for _, l := range before {
		if m := re.FindStringSubmatch(l); m != nil {
			depths[m[1]] = true
		}
	}
	for _, d := range []string{"1", "5"} {
		if !depths[d] {
			t.Errorf("no well-formed info line of depth %s in %q", d, tail(before))
		}
	}
}

func TestGoMoveTime(t *testing.T) {
	p := startEngine(t)
	p.send("position fen "+kiwipete, "go movetime 200")
	start := time.Now()
	p.bestMove(position(t, kiwipete), 3*time.Second)
	if took := time.Since(start); took < 100*time.Millisecond || took > 1500*time.Millisecond*timeScale {
		t.Errorf("go movetime 200 took %v", took)
	}
}

func TestGoClock(t *testing.T) {
	p := startEngine(t)
	pos := position(t, chess.StartFEN, "d2d4")
	p.send("position startpos moves d2d4", "go wtime 3000 btime 2000 winc 100 binc 100")
	start := time.Now()
	p.bestMove(pos, 3*time.Second)
	if took := time.Since(start); took > 1500*time.Millisecond*timeScale {
		t.Errorf("with 2 s on the clock the move took %v", took)
	}
	// A flagged or empty clock still gets an answer at once.
	p.send("go wtime 0 btime -50")
	start = time.Now()
	p.bestMove(pos, 2*time.Second)
	if took := time.Since(start); took > 500*time.Millisecond*timeScale {
		t.Errorf("with no time left the move took %v", took)
	}
}

func TestGoNodes(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("position fen "+kiwipete, "go nodes 20000")
	p.bestMove(position(t, kiwipete), 10*time.Second)
}

func TestGoMate(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("position fen "+mateIn2, "go mate 2")
	best, before := p.bestMove(position(t, mateIn2), 20*time.Second)
	if best != "d5f6" {
		t.Errorf("bestmove %s, want d5f6", best)
	}
	found := false
	for _, l := range before {
		found = found || strings.Contains(l, " score mate 2 ")
	}
	if !found {
		t.Errorf("no info with score mate 2 in %q", tail(before))
	}
}

func TestNoLegalMoves(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	for _, tc := range []struct{ fen, score string }{
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "mate 0"}, // mated
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0"},   // stalemate
	} {
		p.send("position fen "+tc.fen, "go depth 3")
		p.expect(`^info depth 0 score `+tc.score+`$`, 2*time.Second)
		p.expect(`^bestmove \(none\)$`, 2*time.Second)
	}
}

func TestInfiniteStopLatencyAndCurrMove(t *testing.T) {
	p := startEngine(t)
	pos := position(t, kiwipete)
	p.send("position fen "+kiwipete, "go infinite")
	// After a second the search names the move it is on.
	p.expect(`^info depth \d+ currmove [a-h][1-8][a-h][1-8][qrbn]? currmovenumber \d+$`, 5*time.Second)
	p.quiet(`^bestmove`, 100*time.Millisecond)
	p.send("stop")
	sent := time.Now()
	l, _ := p.expect(`^bestmove `, 2*time.Second)
	latency := l.at.Sub(sent)
	t.Logf("stop latency %v", latency)
	if latency > 500*time.Millisecond*timeScale {
		t.Errorf("bestmove came %v after stop", latency)
	}
	if _, err := pos.ParseUCI(strings.Fields(l.text)[1]); err != nil {
		t.Errorf("%q: %v", l.text, err)
	}
}

func TestStopLatency(t *testing.T) {
	p := startEngine(t)
	p.send("position startpos", "go infinite")
	time.Sleep(300 * time.Millisecond)
	p.send("stop")
	sent := time.Now()
	l, _ := p.expect(`^bestmove `, 2*time.Second)
	t.Logf("stop latency %v", l.at.Sub(sent))
	if l.at.Sub(sent) > 500*time.Millisecond*timeScale {
		t.Errorf("bestmove came %v after stop", l.at.Sub(sent))
	}
}

func TestStopRightAfterGo(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	pos := position(t, kiwipete)
	p.send("position fen " + kiwipete)
	for range 20 {
		p.send("go infinite", "stop")
		p.bestMove(pos, 2*time.Second)
	}
	// go while searching: the old search answers first.
	p.send("go infinite", "go depth 3")
	p.bestMove(pos, 2*time.Second)
	p.bestMove(pos, 10*time.Second)
	p.ready()
}

func TestPonder(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	pos := position(t, chess.StartFEN, "e2e4", "c7c5")
	p.send("setoption name Ponder value true", "position startpos moves e2e4 c7c5",
		"go ponder wtime 2000 btime 2000 winc 0 binc 0")
	p.quiet(`^bestmove`, 300*time.Millisecond)
	p.send("ponderhit")
	p.bestMove(pos, 3*time.Second)

	// A ponder miss: the GUI stops the search and sends the real move.
	p.send("go ponder wtime 2000 btime 2000")
	p.quiet(`^bestmove`, 200*time.Millisecond)
	p.send("stop")
	p.bestMove(pos, time.Second)
	// ponderhit straight after go.
	p.send("go ponder wtime 500 btime 500", "ponderhit")
	p.bestMove(pos, 3*time.Second)
}

func TestMultiPV(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("setoption name MultiPV value 3", "position fen "+kiwipete, "go depth 5")
	_, before := p.bestMove(position(t, kiwipete), 20*time.Second)
	seen := map[string]bool{}
	for _, l := range before {
		if strings.HasPrefix(l, "info depth 5 ") {
			if m := regexp.MustCompile(` multipv (\d+) `).FindStringSubmatch(l); m != nil {
				seen[m[1]] = true
			}
		}
	}
	if !seen["1"] || !seen["2"] || !seen["3"] || len(seen) != 3 {
		t.Errorf("multipv lines at depth 5: %v", seen)
	}
}

func TestHashOptions(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("setoption name Hash value 64")
	p.ready()
	p.send("go depth 4")
	p.bestMove(chess.StartPosition(), 10*time.Second)
	p.send("setoption name Clear Hash", "setoption name Hash value 1")
	p.ready()
	p.send("go depth 4")
	p.bestMove(chess.StartPosition(), 10*time.Second)
	// Resizing during a search leaves it running; the new table comes
	// after it.
	p.send("go infinite", "setoption name Hash value 8")
	p.quiet(`^bestmove `, 300*time.Millisecond)
	p.send("stop")
	p.bestMove(chess.StartPosition(), 2*time.Second)
	p.ready()
}

// Threads: a search on several threads answers like one on a single
// thread, stops at once, and a change of Threads during a search leaves it
// running until stop.
func TestThreads(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	pos := position(t, kiwipete)
	p.send("setoption name Threads value 3", "position fen "+kiwipete)
	p.ready()
	p.send("go depth 7")
	_, infos := p.bestMove(pos, 30*time.Second)
	if !slices.ContainsFunc(infos, func(l string) bool { return strings.HasPrefix(l, "info depth 7 ") }) {
		t.Errorf("no info line of depth 7 with three threads: %q", infos)
	}
	p.send("go infinite")
	time.Sleep(200 * time.Millisecond)
	p.send("stop")
	p.bestMove(pos, 2*time.Second)
	p.send("go infinite", "setoption name Threads value 2")
	p.quiet(`^bestmove `, 300*time.Millisecond)
	p.send("stop")
	p.bestMove(pos, 2*time.Second)
	p.send("go movetime 200")
	p.bestMove(pos, 3*time.Second)
	p.send("setoption name Threads value 1", "go nodes 20000")
	p.bestMove(pos, 10*time.Second)
}

// UCI_ShowWDL adds "wdl W D L" after the score of every info line with a
// score, and only while it is on.
func TestShowWDL(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	wdl := regexp.MustCompile(` score (cp|mate) -?\d+ wdl (\d+) (\d+) (\d+) `)
	p.send("setoption name UCI_ShowWDL value true", "position startpos moves e2e4", "go depth 5")
	_, before := p.bestMove(position(t, chess.StartFEN, "e2e4"), 10*time.Second)
	scored := 0
	for _, line := range before {
		if !strings.Contains(line, " score ") {
			continue
		}
		scored++
		m := wdl.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("info line without wdl: %q", line)
		}
		w, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		l, _ := strconv.Atoi(m[4])
		if w+d+l != 1000 {
			t.Errorf("wdl does not sum to 1000: %q", line)
		}
	}
	if scored == 0 {
		t.Fatal("no info line with a score")
	}
	p.send("setoption name UCI_ShowWDL value false", "go depth 3")
	_, before = p.bestMove(position(t, chess.StartFEN, "e2e4"), 10*time.Second)
	for _, line := range before {
		if strings.Contains(line, " wdl ") {
			t.Errorf("wdl after the option was turned off: %q", line)
		}
	}
}

func TestChess960Castling(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("setoption name UCI_Chess960 value true", "position fen "+fen960, "go depth 3 searchmoves b1h1")
	if best, _ := p.bestMove(position(t, fen960), 10*time.Second); best != "b1h1" {
		t.Errorf("castling in Chess960 mode written %s, want b1h1", best)
	}
	// Moves are read either way; the PV writes castling king-takes-rook.
	p.send("position fen "+fen960+" moves b1g1", "go depth 2 searchmoves b8h8")
	best, before := p.bestMove(position(t, fen960, "b1h1"), 10*time.Second)
	if best != "b8h8" {
		t.Errorf("black castling written %s, want b8h8", best)
	}
	if len(before) == 0 || !strings.Contains(before[len(before)-1], " pv b8h8") {
		t.Errorf("last info line %q, want a pv starting b8h8", tail(before))
	}
	if got, want := p.fen(), position(t, fen960, "b1h1").FEN(); got != want {
		t.Errorf("FEN after b1g1 = %s, want %s", got, want)
	}
	// With the option off the same castling reads king-to-target.
	p.send("setoption name UCI_Chess960 value false", "position fen "+fen960, "go depth 2 searchmoves b1h1")
	if best, _ := p.bestMove(position(t, fen960), 10*time.Second); best != "b1g1" {
		t.Errorf("castling in standard mode written %s, want b1g1", best)
	}
}

func TestGoPerft(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("position fen "+kiwipete, "go perft 3")
	_, before := p.expect(`^Nodes searched: 97862$`, 10*time.Second)
	if len(before) != 49 || before[48] != "" {
		t.Fatalf("want 48 move lines and a blank line, got %d lines: %q", len(before), tail(before))
	}
	moveLine := regexp.MustCompile(`^[a-h][1-8][a-h][1-8][qrbn]?: \d+$`)
	for _, l := range before[:48] {
		if !moveLine.MatchString(l) {
			t.Errorf("malformed perft line %q", l)
		}
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("position startpos moves e2e4 c7c5 g1f3")
	want := p.fen()
	bad := []string{
		"foo",
		"position fen garbage",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e2e4",
		"position startpos moves e2e5",
		"position startpos moves e2e4 c7c5 g1f3 zz",
		"position startpos moves e2e4 c7c5 g1f3 d7d5 e4d5 d8d5 d5d4 e1e2",
		"position",
		"position fen",
		"setoption name Hash value abc",
		"setoption name Hash value 0",
		"setoption name MultiPV value 999",
		"setoption name Threads value 0",
		"setoption name Threads value 257",
		"setoption name Nope value 1",
		"setoption name UCI_Chess960",
		"go movetime",
		"go depth",
		"go nodes many",
		"go perft 0",
		"\x00\x01\xff\xfe\x7f binary garbage",
		strings.Repeat("garbage", 3000),
	}
	for _, l := range bad {
		p.send(l)
		p.expect(`^info string .`, 2*time.Second)
		if got := p.fen(); got != want {
			t.Fatalf("after %.40q the position is %s, want %s", l, got, want)
		}
	}
	// A legal 20,000-character position command is accepted.
	var sb strings.Builder
	sb.WriteString("position startpos moves")
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	n := 0
	for sb.Len() < 20000 {
		sb.WriteString(" " + shuffle[n%4])
		n++
	}
	for n%4 != 0 {
		sb.WriteString(" " + shuffle[n%4])
		n++
	}
	p.send(sb.String())
	if got := p.fen(); !strings.HasPrefix(got, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ") {
		t.Errorf("after a long game of knight moves the position is %s", got)
	}
	// A line past the limit is dropped with a message; the engine goes on.
	p.send(strings.Repeat("x", 3<<20))
	p.expect(`^info string line of \d+ bytes ignored`, 5*time.Second)
	p.ready()
	p.send("go depth 1")
	p.bestMove(chess.StartPosition(), 5*time.Second)
}

func TestQuitDuringSearch(t *testing.T) {
	p := startEngine(t)
	p.send("position fen "+kiwipete, "go infinite")
	p.expect(`^info depth 3 `, 5*time.Second)
	p.send("quit")
	select {
	case <-p.exited:
	case <-time.After(time.Second * timeScale):
		t.Fatal("engine still running 1 s after quit")
	}
}

func TestEOFExits(t *testing.T) {
	for _, searching := range []bool{false, true} {
		p := startEngine(t)
		p.send("uci")
		p.expect(`^uciok$`, 2*time.Second)
		if searching {
			p.send("go infinite")
			p.expect(`^info depth 2 `, 5*time.Second)
		}
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(time.Second * timeScale):
			t.Fatalf("engine still running 1 s after end of input (searching %v)", searching)
		}
	}
}

func TestEvalAndDisplay(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("position fen "+kiwipete, "eval", "isready")
	_, before := p.expect(`^readyok$`, 2*time.Second)
	if len(before) == 0 {
		t.Error("eval printed nothing")
	}
	p.send("d")
	_, board := p.expect(`^Fen: `+regexp.QuoteMeta(kiwipete)+`$`, 2*time.Second)
	if !strings.Contains(strings.Join(board, "\n"), "r . . . k . . r") {
		t.Errorf("board diagram: %q", board)
	}
	p.expect(`^Key: [0-9A-F]{16}$`, time.Second)
	p.expect(`^Checkers: none$`, time.Second)
}

// TestNodesTime: with nodestime the clock counts nodes, so the same search
// on a clock, from a cleared hash, repeats itself to the node and reports
// the time those nodes stand for.
func TestNodesTime(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("setoption name nodestime value 100") // 100 nodes a millisecond
	var runs [2]string
	for i := range runs {
		p.send("ucinewgame", "position startpos moves e2e4", "go wtime 3000 btime 3000")
		m, before := p.bestMove(position(t, chess.StartFEN, "e2e4"), 10*time.Second)
		last := before[len(before)-1]
		f := strings.Fields(last)
		nodes, ms := "", -1
		for j := 0; j+1 < len(f); j++ {
			switch f[j] {
			case "nodes":
				nodes = f[j+1]
			case "time":
				ms, _ = strconv.Atoi(f[j+1])
			}
		}
		n, _ := strconv.Atoi(nodes)
		if n == 0 || ms < 0 {
			t.Fatalf("no nodes or time in the last info line %q", last)
		}
		if d := n/100 - ms; d < -1 || d > 1 {
			t.Errorf("%q: time %d ms for %s nodes at 100 a millisecond", last, ms, nodes)
		}
		runs[i] = m + " " + nodes
	}
	if runs[0] != runs[1] {
		t.Errorf("nodestime searches differ: %q and %q", runs[0], runs[1])
	}
	for _, bad := range []string{"setoption name nodestime value -1", "setoption name nodestime value 10001"} {
		p.send(bad)
		p.expect(`^info string `, 2*time.Second)
	}
}
