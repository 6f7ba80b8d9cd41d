package main

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseComment(t *testing.T) {
	for _, c := range []struct {
		in   string
		want note
		ok   bool
	}{
		{"+1.62/13 0.346s", note{13, 0.346, -1}, true},
		{"-M5/20 1.5s", note{20, 1.5, -1}, true},
		// fastchess with timeleft=true latency=true
		{"-0.52/13 0.111s, tl=1.600s, latency=0.000s", note{13, 0.111, 1.6}, true},
		{"+0.20/9 0.02s, latency=-0.001s, tl=0.150s", note{9, 0.02, 0.15}, true},
		{"+0.20/9 0.02s, tl=soon", note{9, 0.02, -1}, true},
		{"+0.20/9 0.02s, tl=-1s", note{9, 0.02, -1}, true},
		{"book", note{}, false},
		{"+0.10/x 0.1s", note{}, false},
		{"+0.10/3 fast", note{}, false},
		{"+0.10/3 fast, tl=1s", note{}, false},
		{"+0.1/3 NaNs", note{}, false},
		{"+0.1/3 0.1s, tl=+Infs", note{3, 0.1, -1}, true},
		{"", note{}, false},
	} {
		n, ok := parseComment(c.in)
		if n != c.want || ok != c.ok {
			t.Errorf("parseComment(%q) = %+v, %v; want %+v, %v", c.in, n, ok, c.want, c.ok)
		}
	}
}

func TestIncrement(t *testing.T) {
	for tc, want := range map[string]float64{"2+0.02": 0.02, "10+0.1": 0.1, "40/60+1": 1, "60": 0, "": 0, "2+x": 0, "-": 0, "2+NaN": 0, "2+Inf": 0, "2+-1": 0} {
		if got := increment(tc); got != want {
			t.Errorf("increment(%q) = %v, want %v", tc, got, want)
		}
	}
}

func TestPhaseOf(t *testing.T) {
	for move, want := range map[int]int{1: 0, 20: 0, 21: 1, 40: 1, 41: 2, 60: 2, 61: 3, 200: 3} {
		if got := phaseOf(move); got != want {
			t.Errorf("phaseOf(%d) = %d, want %d", move, got, want)
		}
	}
}

const twoGames = `[White "A"]
[Black "B"]
[Result "0-1"]
[Termination "time forfeit"]

1. e4 {+0.30/10 0.5s} e5 {-0.20/12 0.25s} 2. Nf3 {book} Nc6 {-0.10/14 0.75s} 0-1

[White "B"]
[Black "A"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30"]
[SetUp "1"]
[Result "1/2-1/2"]
[Termination "normal"]

30. Kd2 {+1.00/20 1.0s} Kd7 {0.00/30 2.0s} 1/2-1/2
`

func TestReport(t *testing.T) {
	r := newReport()
	if _, err := r.read(strings.NewReader(twoGames), "test", io.Discard); err != nil {
		t.Fatal(err)
	}
	a, b := r.engines["A"], r.engines["B"]
	if r.games != 2 || a.games != 2 || a.losses != 1 || a.draws != 1 || b.wins != 1 || b.draws != 1 {
		t.Fatalf("scores: %d games, A %+v, B %+v", r.games, a, b)
	}
	if a.lostBy["time forfeit"] != 1 || len(b.lostBy) != 0 {
		t.Errorf("losses by termination: A %v, B %v", a.lostBy, b.lostBy)
	}
	// A: e4 (0.5 s, depth 10) in moves 1-20 (Nf3 has no timing); Kd7 at
	// move 30 (2 s, depth 30). B: e5 and Nc6 at moves 1-2, Kd2 at move 30.
	if u := a.phase[0]; u.moves != 1 || u.seconds != 0.5 || u.depthSum != 10 {
		t.Errorf("A moves 1-20: %+v", u)
	}
	if u := a.phase[1]; u.moves != 1 || u.seconds != 2 || u.depthSum != 30 {
		t.Errorf("A moves 21-40: %+v", u)
	}
	if u := b.phase[0]; u.moves != 2 || u.seconds != 1 || u.depthSum != 26 {
		t.Errorf("B moves 1-20: %+v", u)
	}
	var out strings.Builder
	r.write(&out)
	for _, want := range []string{"2 games; terminations: normal 1, time forfeit 1", "A: 2 games, +0 -1 =1; lost 1 by time forfeit",
		"B: 2 games, +1 -0 =1; no game lost", "0.500 s a move, depth 10.0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestReportByPlayed(t *testing.T) {
	r := newReport()
	r.byPlayed = true
	if _, err := r.read(strings.NewReader(twoGames), "test", io.Discard); err != nil {
		t.Fatal(err)
	}
	// Counted from the first move played, game two's moves (numbered 30)
	// are first moves too: everything is in the first phase.
	if u := r.engines["A"].phase[0]; u.moves != 2 || u.seconds != 2.5 {
		t.Errorf("A first 20 moves played: %+v", u)
	}
	if u := r.engines["B"].phase[0]; u.moves != 3 || u.seconds != 2 {
		t.Errorf("B first 20 moves played: %+v", u)
	}
}

// Fastchess's comments with the clock. The clock before a move is its tl
// plus its time less the increment: A had 2.000 s before e4 and 0.680 s
// before Nf3; B 2.000 s before e5.
const clockGame = `[White "A"]
[Black "B"]
[TimeControl "2+0.02"]
[Result "1/2-1/2"]
[Termination "adjudication"]

1. e4 {+0.30/10 0.100s, tl=1.920s, latency=0.001s} e5 {-0.20/12 0.500s, tl=1.520s, latency=0.000s}
2. Nf3 {+0.10/11 0.400s, tl=0.300s, latency=0.002s} Nc6 {book} 1/2-1/2
`

func TestReportClock(t *testing.T) {
	r := newReport()
	if _, err := r.read(strings.NewReader(clockGame), "test", io.Discard); err != nil {
		t.Fatal(err)
	}
	a, b := r.engines["A"].clock, r.engines["B"].clock
	// A used 0.05 of its clock on e4 and 0.588 on Nf3; neither began
	// under the default mark of 0.5 s.
	if a.moves != 2 || !near(a.least, 0.68) || !near(a.mostShare, 0.4/0.68) || !near(a.shareOf, 0.68) || a.low != 0 {
		t.Errorf("A's clock: %+v", a)
	}
	// B: one timed move, 2.000 s before it; the book move's comment has no time.
	if b.moves != 1 || !near(b.least, 2.0) || !near(b.mostShare, 0.25) || b.low != 0 {
		t.Errorf("B's clock: %+v", b)
	}
	r2 := newReport()
	r2.lowClock = 1
	if _, err := r2.read(strings.NewReader(clockGame), "test", io.Discard); err != nil {
		t.Fatal(err)
	}
	if got := r2.engines["A"].clock.low; got != 1 {
		t.Errorf("A's moves begun under 1 s: %d, want 1", got)
	}
	var out strings.Builder
	r2.write(&out)
	want := "clock             2 moves with the time left: least left as a move began 0.680 s; largest share one move used 59% (of 0.680 s); 1 moves (50.0%) begun under 1 s"
	if !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
	// Without tl= comments no clock line is written.
	out.Reset()
	r3 := newReport()
	if _, err := r3.read(strings.NewReader(twoGames), "test", io.Discard); err != nil {
		t.Fatal(err)
	}
	r3.write(&out)
	if strings.Contains(out.String(), "clock ") {
		t.Errorf("a clock line without time-left comments:\n%s", out.String())
	}
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// FuzzParseComment: any comment is read without a panic, and what is read
// is in range (times and depth not negative, a time left given or -1).
func FuzzParseComment(f *testing.F) {
	for _, c := range []string{"+1.62/13 0.346s", "-0.52/13 0.111s, tl=1.600s, latency=0.000s", "book", "+M1/1 0s, tl=0s", "/ s, tl=s"} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, c string) {
		n, ok := parseComment(c)
		if !ok {
			if n != (note{}) {
				t.Errorf("parseComment(%q) failed but gave %+v", c, n)
			}
			return
		}
		if n.depth < 0 || !(n.seconds >= 0) || math.IsInf(n.seconds, 0) || !(n.timeLeft >= 0 || n.timeLeft == -1) || math.IsInf(n.timeLeft, 0) {
			t.Errorf("parseComment(%q) = %+v: out of range", c, n)
		}
	})
}

// A file whose last game is cut off in a comment still gives the report
// of every game that can be read, names the bad one and exits 1; -low must
// be a finite number of seconds, not below zero.
func TestRunReportsTheGoodGamesAndNamesTheBad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	cut := filepath.Join(dir, "cut.pgn")
	os.WriteFile(good, []byte("\xEF\xBB\xBF"+twoGames), 0o644)
	os.WriteFile(cut, []byte(twoGames+"\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 {+0.20/9 0.1s"), 0o644)
	var stdout, stderr strings.Builder
	code := run([]string{good, cut}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stdout.String(), "4 games; terminations") || !strings.Contains(stderr.String(), cut+" game 3: ") {
		t.Errorf("good and cut: exit %d, printed\n%s\nsaid\n%s", code, stdout.String(), stderr.String())
	}
	for _, low := range []string{"NaN", "-1", "Inf", "-Inf"} {
		stdout.Reset()
		stderr.Reset()
		if code := run([]string{"-low", low, good}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "-low must be") {
			t.Errorf("-low %s: exit %d, said %q", low, code, stderr.String())
		}
	}
	stderr.Reset()
	if code := run([]string{filepath.Join(dir, "missing.pgn"), good}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "missing.pgn: no such file") {
		t.Errorf("a missing file: exit %d, said %q", code, stderr.String())
	}
}
