package xboard

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/book"
	"matador/internal/chess"
)

// "remove" with a single ply played is an error and takes nothing back;
// before the fix it answered the error but took the ply back.
func TestRemoveWithOnePlyKeepsIt(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("force")
	e.send("usermove e2e4")
	e.send("remove")
	lines := e.sync(5 * time.Second)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "Error (no move to take back): remove") {
		t.Errorf("remove after one ply: %q", lines)
	}
	// 1. e4 is still on the board: Black to move, e7e5 legal, e2e4 not.
	e.send("usermove e7e5")
	checkQuiet(t, e, e.sync(5*time.Second))
	e.send("undo")
	e.send("undo")
	e.send("usermove e2e4")
	checkQuiet(t, e, e.sync(5*time.Second))
}

// "setboard" without a FEN is an error that keeps the position; before the
// fix it silently set up the start position.
func TestSetboardWithoutFEN(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("force")
	e.send("setboard 7k/8/5KQ1/8/8/8/8/8 w - - 0 1")
	e.send("setboard")
	e.send("setboard   ")
	lines := e.sync(5 * time.Second)
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Error (setboard needs a FEN)") || !strings.HasPrefix(lines[1], "Error (setboard needs a FEN)") {
		t.Errorf("setboard without a FEN: %q", lines)
	}
	e.send("usermove g6g7") // legal only in the position set up first
	checkQuiet(t, e, e.sync(5*time.Second))
}

// "cores 99999" runs as many threads as the machine can, says so, and
// the engine keeps answering at once.
func TestCoresFarAboveTheMachine(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("cores 99999")
	lines := e.sync(5 * time.Second)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "# Threads 256 is more than this machine can run") {
		t.Errorf("cores 99999: %q", lines)
	}
	e.send("post")
	e.send("analyze")
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	e.sync(5 * time.Second)
	if d := time.Since(start); d > 500*time.Millisecond*timeScale {
		t.Errorf("ping during analysis answered after %v", d)
	}
	e.send("exit")
	e.send("st 0.1")
	e.send("go")
	start = time.Now()
	e.expect(`^move `, 5*time.Second)
	if d := time.Since(start); d > 600*time.Millisecond*timeScale {
		t.Errorf("st 0.1: the move came after %v", d)
	}
}

// The opening book through CECP options: the engine plays the book's move
// and "bk" lists the moves.
func TestXBoardBook(t *testing.T) {
	bld := book.NewBuilder()
	bld.MinGames = 1
	start := chess.StartPosition()
	d4, _ := start.ParseUCI("d2d4")
	bld.AddGame(start, []chess.Move{d4}, "1-0")
	path := filepath.Join(t.TempDir(), "d4.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bld.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()

	e := startMatador(t)
	for _, want := range []string{`feature option="OwnBook -check 0"`, `feature option="BookFile -file "`, `feature option="BookBestMove -check 0"`} {
		if !strings.Contains(e.transcript(), want) {
			t.Errorf("no %s in the features", want)
		}
	}
	e.send("new")
	e.send("option BookFile=%s", path)
	e.send("option OwnBook=1")
	e.send("bk")
	lines := e.sync(5 * time.Second)
	if len(lines) < 2 || lines[0] != "\td4 100% (weight 2)" || lines[len(lines)-1] != "" {
		t.Errorf("bk: %q", lines)
	}
	e.send("white") // protocol 1 way of letting the engine play White
	e.send("sd 20") // a search would take long; the book answers at once
	e.send("go")
	move, _ := e.expect(`^move `, 5*time.Second)
	if move != "move d2d4" {
		t.Errorf("with the book: %s, want move d2d4", move)
	}
	e.send("option BookFile=%s", filepath.Join(t.TempDir(), "missing.bin"))
	lines = e.sync(5 * time.Second)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "Error (BookFile: ") || !strings.Contains(lines[0], "missing.bin: no such file") || !strings.Contains(lines[0], "keeping "+path) {
		t.Errorf("a missing book: %q", lines)
	}
}

// Defects found by the second hostile probe. Each test failed
// before its fix.

// Non-finite or negative numbers in level, st, time and otim are errors
// that keep the old setting; "level 0 5 NaN" was taken and made every move
// instant. "sd 1 2" was read as depth 12.
func TestClockCommandsRefuseNonFiniteAndNegative(t *testing.T) {
	bad := []string{
		"level 0 5 NaN", "level 0 NaN 0", "level 0 nan:30 0", "level 0 5 -1", "level 0 -5 0", "level 0 5 Inf",
		"level 40 Inf 0", "level -1 5 0",
		"st NaN", "st -1", "st Inf", "st 0",
		"time -1", "otim -5", "time NaN", "otim 1e3",
		"sd 1 2", "sd NaN", "sd",
	}
	e := startMatador(t)
	e.send("new")
	for _, b := range bad {
		e.send("%s", b)
	}
	lines := e.sync(5 * time.Second)
	if len(lines) != len(bad) {
		t.Fatalf("%d answers to %d bad clock commands: %q", len(lines), len(bad), lines)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "Error (") || !strings.HasSuffix(l, "): "+bad[i]) {
			t.Errorf("%q answered %q", bad[i], l)
		}
		if strings.Contains(l, "strconv") {
			t.Errorf("%q answered in Go's words: %q", bad[i], l)
		}
	}

	// The settings before the bad commands stay.
	s := &Session{tc: defaultTimeControl}
	for _, c := range []string{"level 40 5 2", "time 12000", "otim 9000"} {
		f := strings.Fields(c)
		if err := s.clockCommand(f[0], f[1:]); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	for _, b := range bad {
		f := strings.Fields(b)
		if f[0] == "st" || f[0] == "sd" {
			continue // checked below, once a move time is set
		}
		if err := s.clockCommand(f[0], f[1:]); err == nil {
			t.Errorf("%s: no error", b)
		}
	}
	pos := chess.StartPosition()
	lim := s.limitsFor(pos, 0)
	if lim.WTime != 120*time.Second || lim.BTime != 90*time.Second || lim.WInc != 2*time.Second || lim.MovesToGo != 40 {
		t.Errorf("the level changed after bad commands: %+v", lim)
	}
	s.clockCommand("st", []string{"0.5"})
	s.clockCommand("sd", []string{"7"})
	for _, b := range bad {
		f := strings.Fields(b)
		if f[0] == "st" || f[0] == "sd" {
			if err := s.clockCommand(f[0], f[1:]); err == nil {
				t.Errorf("%s: no error", b)
			}
		}
	}
	if lim := s.limitsFor(pos, 0); lim.MoveTime != 500*time.Millisecond || lim.Depth != 7 {
		t.Errorf("st and sd changed after bad commands: %+v", lim)
	}
}

// A game that is already over when the engine is told to move is
// announced, not played on: the engine used to play a move first.
func TestFinishedGameAnnouncedNotPlayed(t *testing.T) {
	e := startMatador(t)
	for _, tc := range []struct{ fen, want string }{
		{"8/8/8/4k3/8/8/8/KB6 w - - 0 1", "1/2-1/2 {Insufficient material}"},
		{"8/8/8/4k3/8/8/3Q4/K7 w - - 150 100", "1/2-1/2 {50 move rule}"},
		{"8/8/8/4k3/8/8/3Q4/K7 b - - 100 100", "1/2-1/2 {50 move rule}"},
	} {
		e.send("new")
		e.send("force")
		e.send("setboard %s", tc.fen)
		e.send("go")
		lines := e.sync(5 * time.Second)
		if len(lines) != 1 || lines[0] != tc.want {
			t.Errorf("%s, go: %q, want %q alone", tc.fen, lines, tc.want)
		}
	}
}

// "egtpath syzygy" without a directory is an error that keeps the tables
// (it used to drop them without a word); a damaged table among good ones
// is named and left out.
func TestEgtpathWithoutDirectoryAndDamagedTable(t *testing.T) {
	if _, err := os.Stat(filepath.Join(syzygyDir, "KRvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", syzygyDir, err)
	}
	abs, err := filepath.Abs(syzygyDir)
	if err != nil {
		t.Fatal(err)
	}
	e := startMatador(t)
	e.send("egtpath syzygy %s", abs)
	if lines := e.sync(5 * time.Second); len(lines) != 1 || !strings.HasPrefix(lines[0], "# Found 35 tablebases") {
		t.Fatalf("egtpath syzygy %s: %q", abs, lines)
	}
	e.send("egtpath syzygy")
	e.send("egtpath syzygy   ")
	lines := e.sync(5 * time.Second)
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Error (egtpath syzygy needs a directory") || !strings.Contains(lines[0], "keeping the tablebases of "+abs) {
		t.Errorf("egtpath syzygy without a directory: %q", lines)
	}
	// The tables are still there: KRvK is scored as the tables' win.
	e.send("new")
	e.send("force")
	e.send("post")
	e.send("setboard 8/2R5/5K2/8/1k6/8/8/8 w - - 0 1")
	e.send("sd 3")
	e.send("go")
	_, thinking := e.expect(`^move `, 20*time.Second)
	won := false
	for _, l := range thinking {
		if f := strings.Fields(l); len(f) > 4 {
			if n, err := strconv.Atoi(f[1]); err == nil && n >= 30000 {
				won = true
			}
		}
	}
	if !won {
		t.Errorf("KRvK after egtpath without a directory: no tablebase win in %q", thinking)
	}

	// A damaged KRvK.rtbw among links to the good tables.
	dir := t.TempDir()
	files, err := os.ReadDir(abs)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasPrefix(f.Name(), "K") && f.Name() != "KRvK.rtbw" {
			if err := os.Symlink(filepath.Join(abs, f.Name()), filepath.Join(dir, f.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "KRvK.rtbw"), make([]byte, 208), 0o644); err != nil {
		t.Fatal(err)
	}
	e.send("egtpath syzygy %s", dir)
	lines = e.sync(5 * time.Second)
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "# "+filepath.Join(dir, "KRvK.rtbw")+": bad magic") ||
		!strings.HasSuffix(lines[0], "; not used") || !strings.HasPrefix(lines[1], "# Found 34 tablebases") {
		t.Errorf("egtpath with a damaged table: %q", lines)
	}
}

// Errors are said in the protocol's words: "nps -1" used to answer with
// strconv's message, and a FEN with "é" named the wrong character.
func TestErrorsInTheProtocolsWords(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("force")
	cmds := []string{"nps -1", "nps fast", "nps 1.5", "memory lots", "memory -3", "cores many", "cores 1.5",
		"setboard rnbqkbnr/pppéppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}
	for _, c := range cmds {
		e.send("%s", c)
	}
	lines := e.sync(5 * time.Second)
	want := []string{
		"Error (nps needs a number of nodes per second, 0 or more): nps -1",
		"Error (nps needs a number of nodes per second, 0 or more): nps fast",
		"Error (nps needs a number of nodes per second, 0 or more): nps 1.5",
		"Error (memory needs a number of megabytes): memory lots",
		"Error (Hash must be from",
		"Error (cores needs a number of threads): cores many",
		"Error (cores needs a number of threads): cores 1.5",
		"tellusererror Illegal position: bad FEN: rank 7: 'é' is not a piece letter or digit",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %q\nwant %q", lines, want)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, want[i]) {
			t.Errorf("%s: %q, want %q", cmds[i], l, want[i])
		}
		if strings.Contains(l, "strconv") || strings.Contains(l, "invalid syntax") {
			t.Errorf("%s: %q speaks Go", cmds[i], l)
		}
	}
	// The game is kept: e2e4 is legal.
	e.send("usermove e2e4")
	checkQuiet(t, e, e.sync(5*time.Second))
}

// A ping while the engine thinks on its move is answered after the move,
// and the commands after it are acted on at once: "?" moves now, and the
// pong follows the move (before the fix the ping held the input
// loop for the whole think).
func TestPingDuringThinkDoesNotBlock(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("st 20")
	e.send("go")
	time.Sleep(500 * time.Millisecond)
	e.send("ping 41")
	start := time.Now()
	e.send("?")
	_, before := e.expect(`^pong 41$`, 5*time.Second)
	if d := time.Since(start); d > 2*time.Second*timeScale {
		t.Errorf("the move and pong came %v after ?", d)
	}
	moves := 0
	for _, l := range before {
		if strings.HasPrefix(l, "move ") {
			moves++
		}
	}
	if moves != 1 {
		t.Errorf("before the pong: %q, want one move", before)
	}
	// A ping held by a think that "force" disowns is answered after it.
	e.send("st 20")
	e.send("usermove e7e5")
	time.Sleep(300 * time.Millisecond)
	e.send("ping 42")
	start = time.Now()
	e.send("force")
	e.expect(`^pong 42$`, 5*time.Second)
	if d := time.Since(start); d > 2*time.Second*timeScale {
		t.Errorf("pong 42 came %v after force", d)
	}
	checkQuiet(t, e, e.sync(5*time.Second))
}

// An option, memory, cores or egtpath command during analysis or while
// the engine thinks on its move leaves the search running: the analysis
// goes on rather than starting again, and the move is played. They used
// to stop the search, which lost the analysis so far and, thinking on a
// move, disowned it: the move never came.
func TestOptionsDuringSearchKeepItRunning(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	e := startMatador(t)
	e.send("new")
	e.send("force")
	e.send("setboard %s", kiwipete)
	e.send("post")
	e.send("analyze")
	e.expect(`^\d+ -?\d+ \d+ \d+ `, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	stat01 := func() int {
		e.send(".")
		l, _ := e.expect(`^stat01: `, 5*time.Second)
		centis, _ := strconv.Atoi(strings.Fields(l)[1])
		return centis
	}
	for _, cmd := range []string{"option Clear Hash", "memory 8", "cores 1", "option Use NNUE=1",
		"option Switches=-NullMove", "option EvalSwitches=-UseSpace", "option EvalFile=<default>", "egtpath syzygy /no/such/dir"} {
		before := stat01()
		e.send("%s", cmd)
		if after := stat01(); after < before {
			t.Errorf("%s during analysis: the analysis started again (%d cs before, %d after)\n%s", cmd, before, after, e.transcript())
		}
	}
	e.send("exit")
	e.sync(5 * time.Second)

	e.send("new")
	e.send("setboard %s", kiwipete)
	e.send("st 1")
	e.send("go")
	e.expect(`^\d+ -?\d+ \d+ \d+ `, 10*time.Second)
	e.send("memory 16")
	e.send("option Clear Hash")
	e.send("cores 1")
	e.send("option Use NNUE=0")
	e.expect(`^move `, 5*time.Second)
	e.send("force")
	e.sync(5 * time.Second)
}

// A move sent while the engine thinks on its own move is not the user's
// to make: it is refused and the engine still plays. It used to disown
// the search, answer "Illegal move" and then never move, so the engine
// lost on time.
func TestUserMoveWhileThinkingKeepsTheSearch(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("st 1")
	e.send("usermove e2e4")
	e.send("usermove d2d4") // White again, while Black thinks
	e.send("e7e5")          // protocol 1's form, a Black move
	l, _ := e.expect(`^Illegal move`, 5*time.Second)
	if !strings.HasPrefix(l, "Illegal move (") || !strings.HasSuffix(l, "): d2d4") {
		t.Errorf("usermove d2d4 while thinking: %q", l)
	}
	l, _ = e.expect(`^Illegal move`, 5*time.Second)
	if !strings.HasSuffix(l, "): e7e5") {
		t.Errorf("e7e5 while thinking: %q", l)
	}
	move, _ := e.expect(`^move `, 5*time.Second)
	e.send("force")
	e.sync(5 * time.Second)
	// The game is 1. e4 and the engine's reply: White is to move.
	e.send("usermove d2d4")
	checkQuiet(t, e, e.sync(5*time.Second))
	if !strings.HasPrefix(move, "move ") {
		t.Errorf("no move after the refused ones:\n%s", e.transcript())
	}
}

// Commands refused as errors change nothing, the engine's thinking
// included: "remove" with one ply played, "setboard" without a FEN or
// with a bad one, and "exit" outside analyze mode, sent while the engine
// thought on its move, used to stop that search, so the engine never
// moved.
func TestRefusedCommandsKeepTheSearch(t *testing.T) {
	for _, cmd := range []string{"remove", "setboard", "setboard garbage", "setboard 8/8/8/8/8/8/8/8 w - - 0 1", "exit"} {
		e := startMatador(t)
		e.send("new")
		e.send("st 0.5")
		e.send("usermove e2e4")
		e.send("%s", cmd)
		move, lines := e.expect(`^move `, 5*time.Second)
		if !strings.HasPrefix(move, "move ") {
			t.Errorf("%s while thinking: no move after %q", cmd, lines)
		}
		if cmd != "exit" && (len(lines) == 0 || !protocolError(lines[0])) {
			t.Errorf("%s while thinking: answered %q before the move", cmd, lines)
		}
		e.send("force")
		e.send("usermove d2d4") // White's second move: the game went on
		checkQuiet(t, e, e.sync(5*time.Second))
	}
}
