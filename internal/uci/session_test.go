package uci

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/search"
)

func TestFormatScore(t *testing.T) {
	tests := []struct {
		score int
		want  string
	}{
		{0, "cp 0"},
		{35, "cp 35"},
		{-120, "cp -120"},
		{search.MateScore - 1, "mate 1"}, // we mate with our next move
		{search.MateScore - 3, "mate 2"},
		{search.MateScore - 4, "mate 2"}, // mate on the ply after our second move
		{-(search.MateScore - 2), "mate -1"},
		{-(search.MateScore - 4), "mate -2"},
		{-search.MateScore, "mate 0"}, // mated now
		{search.MateInMaxPly - 1, "cp " + itoa(search.MateInMaxPly-1)},
	}
	for _, tc := range tests {
		if got := formatScore(tc.score); got != tc.want {
			t.Errorf("formatScore(%d) = %q, want %q", tc.score, got, tc.want)
		}
	}
}

func itoa(n int) string { return strings.TrimPrefix(formatScore(n), "cp ") }

func mustFEN(t *testing.T, fen string) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func TestLineUCI(t *testing.T) {
	// Chess960: king b1, rooks a1 and h1.
	const fen960 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1"
	pos := mustFEN(t, fen960)
	var line []chess.Move
	for _, text := range []string{"b1h1", "b8h8", "a2a3"} {
		m, err := pos.ParseUCI(text)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		pos.MakeMove(m)
	}
	for i := len(line) - 1; i >= 0; i-- {
		pos.UnmakeMove(line[i])
	}
	before := pos.FEN()

	pos.SetChess960(true)
	if got, want := lineUCI(pos, line), "b1h1 b8h8 a2a3"; got != want {
		t.Errorf("Chess960 line = %q, want %q", got, want)
	}
	pos.SetChess960(false)
	if got, want := lineUCI(pos, line), "b1g1 b8g8 a2a3"; got != want {
		t.Errorf("standard line = %q, want %q", got, want)
	}
	if pos.FEN() != before {
		t.Errorf("lineUCI changed the position: %s, was %s", pos.FEN(), before)
	}

	// A stale move ends the line instead of reaching the GUI.
	start := chess.StartPosition()
	e4, _ := start.ParseUCI("e2e4")
	bogus := chess.NewMove(chess.A1, chess.A8)
	if got := lineUCI(start, []chess.Move{e4, bogus, e4}); got != "e2e4" {
		t.Errorf("line with an illegal second move = %q, want %q", got, "e2e4")
	}
}

func TestFormatInfo(t *testing.T) {
	pos := chess.StartPosition()
	e4, _ := pos.ParseUCI("e2e4")
	got := formatInfo(pos, search.Info{
		Depth: 7, SelDepth: 11, MultiPV: 2, Score: -25, Bound: search.BoundLower,
		Nodes: 123456, Time: 250 * time.Millisecond, HashFull: 17, TBHits: 42, PV: []chess.Move{e4},
	}, false)
	want := "info depth 7 seldepth 11 multipv 2 score cp -25 lowerbound nodes 123456 nps 493824 hashfull 17 tbhits 42 time 250 pv e2e4"
	if got != want {
		t.Errorf("formatInfo:\n got %q\nwant %q", got, want)
	}
}

// With UCI_ShowWDL the score is followed by win, draw and loss per mille,
// before any bound, as Stockfish writes them.
func TestFormatInfoWDL(t *testing.T) {
	pos := chess.StartPosition()
	wdl := regexp.MustCompile(`score (cp -?\d+|mate -?\d+) wdl (\d+) (\d+) (\d+)( lowerbound| upperbound)? nodes`)
	for _, c := range []struct {
		score   int
		check   func(w, d, l int) bool
		meaning string
	}{
		{-60, func(w, d, l int) bool { return l > w && d > 0 }, "a worse score loses more often than it wins"},
		{0, func(w, d, l int) bool { return w == l }, "a level score is symmetric"},
		{search.MateScore - 3, func(w, d, l int) bool { return w == 1000 }, "a mate is a win"},
		{-search.MateScore + 2, func(w, d, l int) bool { return l == 1000 }, "being mated is a loss"},
	} {
		line := formatInfo(pos, search.Info{Depth: 3, Score: c.score, Bound: search.BoundUpper}, true)
		m := wdl.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("no wdl in %q", line)
		}
		w, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		l, _ := strconv.Atoi(m[4])
		if w+d+l != 1000 || !c.check(w, d, l) {
			t.Errorf("%q: %s", line, c.meaning)
		}
	}
}

// syncBuffer collects output written by more than one goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) take() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.buf.String()
	b.buf.Reset()
	return s
}

// TestBadInputKeepsPosition runs the session in-process on every kind of
// bad line: each gets an info string and the position stays.
func TestBadInputKeepsPosition(t *testing.T) {
	var out syncBuffer
	s := NewSession(engine.New(), &out)
	s.Handle("position startpos moves e2e4 c7c5")
	want := s.engine.Position().FEN()
	out.take()
	bad := []string{
		"foo",
		"position fen garbage",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",
		"position startpos moves e2e5",
		"position startpos moves e2e4 e7e5 zz",
		"position startpos moves e2e4 e7e5 e1e2 e8e7 e2e3 e7e6 e3e4",
		"position",
		"position fen",
		"position startpos e2e4",
		"setoption name Hash value abc",
		"setoption name Hash value 0",
		"setoption name Hash value 70000",
		"setoption name MultiPV value 0",
		"setoption name Threads value 0",
		"setoption name Threads value many",
		"setoption name Move Overhead value -1",
		"setoption name UCI_Chess960 value maybe",
		"setoption name Hash",
		"setoption name Nope value 1",
		"setoption",
		"go perft 0",
		"\x00\xff\xfe\x01garbage",
		strings.Repeat("z", 20000),
		"debug sometimes",
	}
	for _, line := range bad {
		quit := s.Handle(line)
		got := out.take()
		if quit {
			t.Errorf("%.40q made the session quit", line)
		}
		if !strings.HasPrefix(got, "info string ") || strings.Count(got, "\n") != 1 {
			t.Errorf("%.40q: want one info string line, got %q", line, got)
		}
		if len(got) > 600 {
			t.Errorf("%.40q: info string of %d bytes", line, len(got))
		}
		if fen := s.engine.Position().FEN(); fen != want {
			t.Errorf("%.40q changed the position to %s", line, fen)
		}
	}
	s.Handle("go searchmoves e2e4 depth 1")
	s.engine.Wait()
	if got := out.take(); !strings.Contains(got, `info string searchmoves: illegal move e2e4`) ||
		!strings.Contains(got, "bestmove ") {
		t.Errorf("illegal searchmoves: got %q", got)
	}
}

func TestSetOptions(t *testing.T) {
	var out syncBuffer
	s := NewSession(engine.New(), &out)
	for _, line := range []string{
		"setoption name Hash value 32",
		"setoption name hash value 8", // names are case-insensitive
		"setoption name Threads value 2",
		"setoption name MultiPV value 3",
		"setoption name Ponder value true",
		"setoption name Move Overhead value 100",
		"setoption name Slow Mover value 150",
		"setoption name UCI_AnalyseMode value true",
		"setoption name Clear Hash",
		"setoption name UCI_Chess960 value true",
		"setoption name Skill Level value 7",
		"setoption name UCI_LimitStrength value true",
		"setoption name UCI_Elo value 2100",
		"setoption name SyzygyProbeDepth value 5",
		"setoption name SyzygyProbeLimit value 4",
		"setoption name Syzygy50MoveRule value false",
		"setoption name SyzygyPath value <empty>",
		"setoption name Use NNUE value true",
		"setoption name EvalFile value <default>",
	} {
		s.Handle(line)
		if got := out.take(); got != "" {
			t.Errorf("%q: unexpected output %q", line, got)
		}
	}
	want := engine.Options{HashMB: 8, Threads: 2, MultiPV: 3, Ponder: true, MoveOverhead: 100 * time.Millisecond,
		SlowMover: 150, AnalyseMode: true, Chess960: true,
		SkillLevel: 7, LimitStrength: true, Elo: 2100, SyzygyProbeDepth: 5, SyzygyProbeLimit: 4,
		UseNNUE: true, EvalFile: engine.DefaultEvalFile()}
	if got := s.engine.Options(); got != want {
		t.Errorf("options = %+v, want %+v", got, want)
	}
}

func TestUCIDeclaresOptions(t *testing.T) {
	var out syncBuffer
	s := NewSession(engine.New(), &out)
	s.Handle("uci")
	got := out.take()
	for _, want := range []string{
		"id name Matador " + engine.Version,
		"option name Hash type spin default 16 min 1 max 65536",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Clear Hash type button",
		"option name UCI_ShowWDL type check default false",
		"option name UCI_Chess960 type check default false",
		// python-chess (lichess-bot) refuses an engine without SyzygyPath.
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name Syzygy50MoveRule type check default true",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("uci reply lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, "uciok\n") {
		t.Errorf("uci reply does not end in uciok:\n%s", got)
	}
}

// A "go" with a bad parameter still searches: the GUI waits for bestmove.
func TestBadGoStillAnswersBestmove(t *testing.T) {
	for _, line := range []string{"go movetime", "go depth x", "go fast depth 2", "go nodes 99999999999999999999999 depth 2"} {
		var out syncBuffer
		s := NewSession(engine.New(), &out)
		s.Handle(line)
		s.Handle("stop")
		s.finish()
		got := out.take()
		if !strings.Contains(got, "info string go:") || !strings.Contains(got, "bestmove ") {
			t.Errorf("%q: want a warning and a bestmove, got %q", line, got)
		}
	}
}

// TestRefusedOptionNamesIt: a GUI sends its options in a burst at start,
// so the info string refusing a value must say which option it was, for
// every option that takes a value.
func TestRefusedOptionNamesIt(t *testing.T) {
	var out syncBuffer
	s := NewSession(engine.New(), &out)
	for _, o := range options {
		if o.kind == "button" || o.kind == "string" {
			continue // a button takes no value; strings take any text
		}
		line := "setoption name " + o.name + " value maybe"
		s.Handle(line)
		got := out.take()
		if !strings.HasPrefix(got, "info string ") || !strings.Contains(got, o.name) {
			t.Errorf("%q: the refusal does not name %s: %q", line, o.name, got)
		}
	}
}

// stopAtDepth is a GUI that sends stop the moment it reads the first
// complete line of an iteration: the stop reaches the engine after the
// line was reported and before the iteration is over.
type stopAtDepth struct {
	syncBuffer
	s      *Session
	prefix string
	once   sync.Once
}

func (w *stopAtDepth) Write(p []byte) (int, error) {
	n, err := w.syncBuffer.Write(p)
	line := string(p)
	if strings.HasPrefix(line, w.prefix) && strings.Contains(line, " pv ") &&
		!strings.Contains(line, "bound") {
		w.once.Do(func() { w.s.Handle("stop") })
	}
	return n, err
}

// TestStopAfterReportedLinePlaysIt: a stop that arrives just after the
// engine reported a line must not take back that line's move. A GUI (and
// python-chess's PlayResult or AnalysisResult) shows the last line with
// the bestmove; one from the iteration before would disagree with it.
func TestStopAfterReportedLinePlaysIt(t *testing.T) {
	lastPV := regexp.MustCompile(`(?m)^info depth (\d+) .* pv (\S+)(?: (\S+))?.*\n(?:info string.*\n)*bestmove (\S+)(?: ponder (\S+))?`)
	for depth := 2; depth <= 9; depth++ {
		w := &stopAtDepth{prefix: "info depth " + strconv.Itoa(depth) + " "}
		w.s = NewSession(engine.New(), w)
		w.s.Handle("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6")
		// The depth limit is beyond the stop: only the stop ends it.
		w.s.Handle("go depth 20")
		w.s.engine.Wait()
		out := w.take()
		m := lastPV.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("depth %d: no info line with a pv before bestmove in %q", depth, out)
		}
		if m[1] != strconv.Itoa(depth) {
			t.Fatalf("stop after the line of depth %d: the last line is of depth %s in %q", depth, m[1], out)
		}
		// Without a second move in the line the ponder move comes from the
		// hash table and may be any.
		if m[4] != m[2] || m[3] != "" && m[5] != m[3] {
			t.Errorf("stop after the line of depth %d: last line starts %s %s, but bestmove %s ponder %s", depth, m[2], m[3], m[4], m[5])
		}
	}
}

// TestMultiPVStopPlaysFinishedFirstLine: a node limit that ends a MultiPV
// iteration in its second line leaves the first line finished and
// reported at the new depth; bestmove must be that line's move, not the
// move of the iteration before.
func TestMultiPVStopPlaysFinishedFirstLine(t *testing.T) {
	firstLine := regexp.MustCompile(`(?m)^info depth (\d+) .* multipv 1 score \S+ -?\d+ (?:wdl \d+ \d+ \d+ )?nodes .* pv (\S+)`)
	best := regexp.MustCompile(`(?m)^bestmove (\S+)`)
	for nodes := 100; nodes <= 30000; nodes += nodes / 8 {
		var out syncBuffer
		s := NewSession(engine.New(), &out)
		s.Handle("setoption name MultiPV value 2")
		s.Handle("position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6")
		s.Handle("go nodes " + strconv.Itoa(nodes))
		s.engine.Wait()
		got := out.take()
		lines := firstLine.FindAllStringSubmatch(got, -1)
		b := best.FindStringSubmatch(got)
		if len(lines) == 0 || b == nil {
			t.Fatalf("nodes %d: no first line or no bestmove in %q", nodes, got)
		}
		if last := lines[len(lines)-1]; last[2] != b[1] {
			t.Errorf("nodes %d: the last first line (depth %s) starts %s, but bestmove %s", nodes, last[1], last[2], b[1])
		}
	}
}
