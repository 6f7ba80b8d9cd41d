package xboard

// A small CECP "GUI" for the tests: it starts engines as processes, talks
// to them through pipes the way xboard does, relays moves between two of
// them, keeps the clocks, checks every move with internal/chess and ends
// the game by the rules.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/pgn"
)

var (
	// binary is the matador command built by TestMain.
	binary string
	// buildFlags are added to its "go build" (-race under go test -race).
	buildFlags []string
	// timeScale stretches the latency bounds: a race-enabled engine runs
	// several times slower, and a loaded machine answers late
	// (MATADOR_TEST_TIME_SCALE=N stretches them N times more).
	timeScale time.Duration = 1
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "matador-xboard-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if n, err := strconv.Atoi(os.Getenv("MATADOR_TEST_TIME_SCALE")); err == nil && n > 1 {
		timeScale *= time.Duration(n)
	}
	binary = filepath.Join(dir, "matador")
	args := append([]string{"build", "-o", binary}, buildFlags...)
	build := exec.Command(goTool(), append(args, "matador/cmd/matador")...)
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

// cecpEngine is an engine process spoken to in CECP.
type cecpEngine struct {
	t        *testing.T
	name     string
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan string
	exited   chan struct{}
	usermove bool // the engine asked for "usermove" before moves
	pings    int
	log      []string // the conversation, for failure messages
}

func startCECP(t *testing.T, name, path string) *cecpEngine {
	t.Helper()
	cmd := exec.Command(path)
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
	e := &cecpEngine{t: t, name: name, cmd: cmd, stdin: stdin, lines: make(chan string, 100000), exited: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
		cmd.Wait()
		close(e.exited)
	}()
	t.Cleanup(func() {
		e.stdin.Close()
		select {
		case <-e.exited:
			// 66 is how a -race binary exits after reporting a data race.
			if code := cmd.ProcessState.ExitCode(); code != 0 && path == binary {
				t.Errorf("%s exit code %d (66: a data race)", name, code)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s did not exit after its input closed", name)
			cmd.Process.Kill()
			<-e.exited
		}
	})
	return e
}

func (e *cecpEngine) send(format string, args ...any) {
	e.t.Helper()
	line := fmt.Sprintf(format, args...)
	e.log = append(e.log, "> "+line)
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		e.t.Fatalf("%s: writing %q: %v", e.name, line, err)
	}
}

// readLine returns the next line, or ok=false after the timeout.
func (e *cecpEngine) readLine(timeout time.Duration) (string, bool) {
	select {
	case l, open := <-e.lines:
		if !open {
			e.t.Fatalf("%s exited; conversation:\n%s", e.name, e.transcript())
		}
		e.log = append(e.log, "< "+l)
		return l, true
	case <-time.After(timeout):
		return "", false
	}
}

func (e *cecpEngine) transcript() string {
	log := e.log
	if len(log) > 60 {
		log = append([]string{"..."}, log[len(log)-60:]...)
	}
	return strings.Join(log, "\n")
}

// expect reads until a line matches re and returns it with the lines
// before it.
func (e *cecpEngine) expect(re string, timeout time.Duration) (string, []string) {
	e.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(timeout)
	var before []string
	for {
		l, ok := e.readLine(time.Until(deadline))
		if !ok {
			e.t.Fatalf("%s: no line matching %q within %v; conversation:\n%s", e.name, re, timeout, e.transcript())
		}
		if rx.MatchString(l) {
			return l, before
		}
		before = append(before, l)
	}
}

// sync sends a ping and returns the lines that came before the pong.
func (e *cecpEngine) sync(timeout time.Duration) []string {
	e.t.Helper()
	e.pings++
	e.send("ping %d", e.pings)
	_, before := e.expect(fmt.Sprintf(`^pong %d$`, e.pings), timeout)
	return before
}

// handshake sends "xboard" and "protover 2" and reads the features up to
// done=1, accepting them all.
func (e *cecpEngine) handshake() map[string]string {
	e.t.Helper()
	e.send("xboard")
	e.send("protover 2")
	features := map[string]string{}
	for {
		l, ok := e.readLine(10 * time.Second)
		if !ok {
			e.t.Fatalf("%s: no feature done=1; conversation:\n%s", e.name, e.transcript())
		}
		if !strings.HasPrefix(l, "feature ") {
			continue
		}
		for _, m := range featureRx.FindAllStringSubmatch(l, -1) {
			value := m[2]
			if strings.HasPrefix(value, `"`) {
				value = strings.Trim(value, `"`)
			}
			if m[1] != "option" {
				features[m[1]] = value
			}
			if m[1] != "done" {
				e.send("accepted %s", m[1])
			}
		}
		if features["done"] == "1" {
			break
		}
	}
	e.usermove = features["usermove"] == "1"
	return features
}

var featureRx = regexp.MustCompile(`(\w+)=("[^"]*"|\S+)`)

// protocolError reports a line that says the engine did not understand us,
// or that a move was refused.
func protocolError(l string) bool {
	return strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "Illegal move") ||
		strings.HasPrefix(l, "tellusererror")
}

// gameSettings are the commands that set up each game.
type gameSettings struct {
	level    string        // "level 0 0:03 0.05", or ""
	extra    []string      // sent to both engines after level (sd, st, hard...)
	clock    time.Duration // each side's clock (with level)
	inc      time.Duration
	maxPlies int // adjudicated a draw after this many plies
}

// gameRecord is a finished game.
type gameRecord struct {
	moves  []string // coordinate notation
	result string
	reason string
}

// playGame plays one game between two engines that have done their
// handshake, as xboard would, and fails the test on any protocol error or
// illegal move.
func playGame(t *testing.T, white, black *cecpEngine, set gameSettings) gameRecord {
	t.Helper()
	pos := chess.StartPosition()
	players := [2]*cecpEngine{white, black}
	clocks := [2]time.Duration{set.clock, set.clock}
	for _, e := range players {
		e.send("new")
		e.send("random")
		if set.level != "" {
			e.send("%s", set.level)
		}
		for _, x := range set.extra {
			e.send("%s", x)
		}
		e.send("post")
		checkQuiet(t, e, e.sync(10*time.Second))
	}
	var rec gameRecord
	sendClocks := func(e *cecpEngine, us chess.Color) {
		if set.level != "" {
			e.send("time %d", clocks[us]/(10*time.Millisecond))
			e.send("otim %d", clocks[us.Other()]/(10*time.Millisecond))
		}
	}
	sendClocks(white, chess.White)
	white.send("go")
	start := time.Now()
	finish := func(result, reason string) gameRecord {
		rec.result, rec.reason = result, reason
		for _, e := range players {
			e.send("result %s {%s}", result, reason)
			// Everything up to here must have been understood; a claim
			// of the game's end must match the rules. (Fairy-Max answers
			// "result" after a mate with an error: its own quirk.)
			for _, l := range e.sync(10 * time.Second) {
				if protocolError(l) && e.name == "matador" {
					t.Errorf("%s after the game: %q\n%s", e.name, l, e.transcript())
				}
				if isClaim(l) && e.name == "matador" && !strings.HasPrefix(l, result) {
					t.Errorf("%s claimed %q; the game ended %s {%s}", e.name, l, result, reason)
				}
			}
		}
		return rec
	}
	for ply := 0; ; ply++ {
		us := pos.SideToMove()
		e := players[us]
		limit := 30 * time.Second
		if set.level != "" {
			limit = clocks[us] + 5*time.Second
		}
		var moveText string
		for moveText == "" {
			l, ok := e.readLine(time.Until(start.Add(limit)))
			if !ok {
				t.Fatalf("%s did not move within %v in %s; conversation:\n%s", e.name, limit, pos.FEN(), e.transcript())
			}
			switch {
			case protocolError(l):
				t.Fatalf("%s: %q in %s; conversation:\n%s", e.name, l, pos.FEN(), e.transcript())
			case strings.HasPrefix(l, "move "):
				moveText = strings.TrimPrefix(l, "move ")
			case l == "resign":
				if us == chess.White {
					return finish("0-1", "White resigns")
				}
				return finish("1-0", "Black resigns")
			case isClaim(l):
				o := pgn.OutcomeOf(pos)
				if !o.Over() || !strings.HasPrefix(l, o.Result) {
					if e.name == "matador" {
						t.Errorf("matador claimed %q in %s, which has not ended", l, pos.FEN())
					}
					t.Logf("%s claimed %q in %s; not accepted", e.name, l, pos.FEN())
					return finish("1/2-1/2", "false claim, adjudicated")
				}
				return finish(o.Result, o.Reason)
			}
		}
		elapsed := time.Since(start)
		m, err := pos.ParseUCI(moveText)
		if err != nil {
			m, err = pos.ParseSAN(moveText) // O-O in Chess960
		}
		if err != nil {
			t.Fatalf("%s played the illegal move %q in %s: %v\n%s", e.name, moveText, pos.FEN(), err, e.transcript())
		}
		if set.level != "" {
			clocks[us] -= elapsed
			if clocks[us] < 0 {
				t.Logf("%s lost on time (%v over) in %s", e.name, -clocks[us], pos.FEN())
				if us == chess.White {
					return finish("0-1", "White forfeits on time")
				}
				return finish("1-0", "Black forfeits on time")
			}
			clocks[us] += set.inc
		}
		rec.moves = append(rec.moves, pos.UCI(m))
		pos.MakeMove(m)
		if o := pgn.OutcomeOf(pos); o.Over() {
			return finish(o.Result, o.Reason)
		}
		if set.maxPlies > 0 && len(rec.moves) >= set.maxPlies {
			return finish("1/2-1/2", "adjudicated after the move limit")
		}
		other := players[us.Other()]
		sendClocks(other, us.Other())
		if last := rec.moves[len(rec.moves)-1]; other.usermove {
			other.send("usermove %s", last)
		} else {
			other.send("%s", last)
		}
		start = time.Now()
	}
}

func isClaim(l string) bool {
	return strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") || strings.HasPrefix(l, "1/2-1/2")
}

// checkQuiet fails on protocol errors among lines.
func checkQuiet(t *testing.T, e *cecpEngine, lines []string) {
	t.Helper()
	for _, l := range lines {
		if protocolError(l) {
			t.Errorf("%s: %q\n%s", e.name, l, e.transcript())
		}
	}
}
