package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestReadPGN(t *testing.T) {
	pgn := `[Event "Fastchess Tournament"]
[White "plus"]
[Black "minus"]
[Result "1-0"]
[Termination "normal"]

1. e4 {+0.30/10 0.1s} e5 1-0

[Event "Fastchess Tournament"]
[White "minus"]
[Black "plus"]
[Result "1-0"]
[Termination "time forfeit"]

1. d4 d5 2. c4
{a comment} 1-0

[Event "Fastchess Tournament"]
[White "minus"]
[Black "plus"]
[Result "0-1"]

1. c4 0-1
[Event "Fastchess Tournament"]
[White "plus"]
[Black "minus"]
[Result "1/2-1/2"]
[Termination "adjudication"]

1. Nf3 1/2-1/2

[Event "Fastchess Tournament"]
[White "plus"]
[Black "minus"]
[Result "*"]

1. g3 *
`
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := ReadPGN(path, "plus", "minus")
	if err != nil {
		t.Fatal(err)
	}
	if o.Games != 4 || o.Wins != 2 || o.Losses != 1 || o.Draws != 1 || o.Result() != 1 || o.Anomalies != 1 || o.AnomalyKinds[0] != "time forfeit" {
		t.Errorf("%+v", o)
	}
	if o, err := ReadPGN(filepath.Join(t.TempDir(), "none.pgn"), "plus", "minus"); err != nil || o.Games != 0 {
		t.Errorf("a missing PGN: %+v, %v", o, err)
	}
	os.WriteFile(path, []byte("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1-0\n"), 0o644)
	if _, err := ReadPGN(path, "plus", "minus"); err == nil {
		t.Error("a game of other engines was counted")
	}
}

// testRun is a run's directories and its fake fastchess.
type testRun struct {
	work, params, engine, openings, fake, args string
}

func newTestRun(t *testing.T) testRun {
	t.Helper()
	dir := t.TempDir()
	r := testRun{work: filepath.Join(dir, "work"), params: filepath.Join(dir, "params.txt"),
		engine: filepath.Join(dir, "engine"), openings: filepath.Join(dir, "open.epd"),
		args: filepath.Join(dir, "args.txt")}
	var err error
	if r.fake, err = filepath.Abs(filepath.Join("testdata", "fake-fastchess.sh")); err != nil {
		t.Fatal(err)
	}
	// The engine lists the test's parameters as its own (spsa-params).
	engine := "#!/bin/sh\n[ \"$1\" = spsa-params ] && cat '" + r.params + "'\n"
	for path, text := range map[string]string{r.params: testInput, r.engine: engine, r.openings: "8/8/8/8/8/8/8/K6k w - - 0 1\n"} {
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("FAKE_ARGS", r.args)
	t.Setenv("FAKE_RESULTS", "1-0 1/2-1/2")
	t.Setenv("FAKE_SLEEP", "")
	t.Setenv("FAKE_DIE_AFTER", "")
	t.Setenv("FAKE_TERM", "")
	return r
}

func (r testRun) run(ctx context.Context, t *testing.T, name string, extra ...string) (string, error) {
	t.Helper()
	args := append([]string{"-name", name, "-work", r.work, "-fastchess", r.fake, "-engine", r.engine,
		"-params", r.params, "-openings", r.openings, "-iterations", "10", "-seed", "3"}, extra...)
	var out bytes.Buffer
	err := run(ctx, args, &out)
	return out.String(), err
}

func (r testRun) state(t *testing.T, name string) *State {
	t.Helper()
	st, ok, err := LoadState(filepath.Join(r.work, "spsa", name))
	if err != nil || !ok {
		t.Fatalf("state of %s: %v, %v", name, ok, err)
	}
	return st
}

func (r testRun) logRows(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(r.work, "spsa", name, "log.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return lines[1:]
}

func (r testRun) argLines(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(r.args)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// Iterations against the fake fastchess: its arguments, the state and the
// log after each.
func TestRunIterations(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	out, err := r.run(ctx, t, "a", "-run", "3", "-pairs", "1", "-tc", "1+0.01", "-concurrency", "1")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	st := r.state(t, "a")
	// The plus engine scored 1.5/2 every iteration: 3 wins, 3 draws.
	if st.Iteration != 3 || st.Games != 6 || st.Wins != 3 || st.Draws != 3 || st.Losses != 0 {
		t.Errorf("state %+v", st)
	}
	if rows := r.logRows(t, "a"); len(rows) != 3 || !strings.HasPrefix(rows[2], "3\t2\t1\t0\t1\t1\t0\t") {
		t.Errorf("log rows %q", rows)
	}
	args := r.argLines(t)
	if len(args) != 3 {
		t.Fatalf("fastchess ran %d times", len(args))
	}
	for _, want := range []string{"-engine cmd=" + r.engine + " name=plus option.NullMoveBaseR=",
		" option.LMRLogBase100=", "-engine cmd=" + r.engine + " name=minus option.NullMoveBaseR=",
		"-each tc=1+0.01 option.Hash=16 option.Threads=1 ", "-openings file=" + r.openings + " format=epd order=random",
		"-rounds 1 -games 2 -repeat -concurrency 1 ", "-srand ", " level=warn engine=true append=false ", ".pgn timeleft=true"} {
		if !strings.Contains(args[0], want) {
			t.Errorf("fastchess arguments lack %q:\n%s", want, args[0])
		}
	}
	if args[0] == args[1] {
		t.Error("two iterations played the same perturbation and openings")
	}
	// Every value moved towards the plus side's (it won each iteration).
	for _, p := range st.Params {
		if p.Value == p.Start {
			t.Errorf("%s did not move", p.Name)
		}
	}
	// The same flags go on; others are refused.
	if out, err := r.run(ctx, t, "a", "-tc", "2+0.02"); err == nil || !strings.Contains(err.Error(), "-tc 2+0.02") {
		t.Errorf("a resume with another tc: %v\n%s", err, out)
	}
	out, err = r.run(ctx, t, "a", "-concurrency", "2")
	if err != nil || !strings.Contains(out, "resuming") || !strings.Contains(out, "the run is complete") {
		t.Fatalf("%v\n%s", err, out)
	}
	if st := r.state(t, "a"); st.Iteration != 10 || st.Games != 20 {
		t.Errorf("after the end: %+v", st)
	}
	out, err = r.run(ctx, t, "a", "-report")
	if err != nil || !strings.Contains(out, "SPSA run a: 10 of 10 iterations, 20 games (plus 10-0-10)") ||
		!strings.Contains(out, "LMRLogBase = ") || !strings.Contains(out, "NullMoveBaseR, int, ") {
		t.Errorf("report: %v\n%s", err, out)
	}
}

// An iteration with a time forfeit (or a crash, an illegal move) keeps its
// games and fastchess log under anomalies/, named by its number, since
// the next iteration empties the directory they were played in; a normal
// iteration keeps nothing there.
func TestAnomalousIterationKept(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	if out, err := r.run(ctx, t, "a", "-run", "1", "-concurrency", "1"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	anomalies := filepath.Join(r.work, "spsa", "a", "anomalies")
	if _, err := os.Stat(anomalies); !os.IsNotExist(err) {
		t.Errorf("a normal iteration left %s (%v)", anomalies, err)
	}
	t.Setenv("FAKE_TERM", "time forfeit")
	out, err := r.run(ctx, t, "a", "-run", "1", "-concurrency", "1")
	if err != nil || !strings.Contains(out, "(time forfeit, time forfeit)") {
		t.Fatalf("%v\n%s", err, out)
	}
	pgn, err := os.ReadFile(filepath.Join(anomalies, "iteration-0002.pgn"))
	if err != nil || strings.Count(string(pgn), `[Termination "time forfeit"]`) != 2 {
		t.Errorf("kept games: %v\n%s", err, pgn)
	}
	if _, err := os.Stat(filepath.Join(anomalies, "iteration-0002.log")); err != nil {
		t.Errorf("kept log: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(anomalies, "iteration-0002.engines.log")); err != nil || strings.Count(string(b), "bestmove") != 2 {
		t.Errorf("kept engine log: %v\n%s", err, b)
	}
	if _, err := os.Stat(filepath.Join(anomalies, "iteration-0001.pgn")); !os.IsNotExist(err) {
		t.Errorf("iteration 1 was normal, yet kept (%v)", err)
	}
}

// A run cut short anywhere resumes as if it had not been: an iteration
// whose fastchess failed, was interrupted, or whose state was not saved
// after its log row is played again with the same perturbation and
// openings, and counted once.
func TestResumeReplaysTheIteration(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	if out, err := r.run(ctx, t, "straight", "-run", "3"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := r.state(t, "straight")

	if out, err := r.run(ctx, t, "cut", "-run", "1"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// fastchess dies after one game of iteration 2.
	t.Setenv("FAKE_DIE_AFTER", "1")
	if out, err := r.run(ctx, t, "cut"); err == nil || !strings.Contains(err.Error(), "1 of 2 games finished") {
		t.Errorf("a failed fastchess: %v\n%s", err, out)
	}
	t.Setenv("FAKE_DIE_AFTER", "")
	// Interrupted (SIGINT to fastchess) in the middle of iteration 2.
	t.Setenv("FAKE_SLEEP", "10")
	cctx, cancel := context.WithCancel(ctx)
	// Cancelled once fastchess has started (written its arguments, the
	// sixth call), not after a fixed delay a loaded machine may outlast.
	go func() {
		for cctx.Err() == nil {
			if b, _ := os.ReadFile(r.args); strings.Count(string(b), "\n") >= 6 {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
	}()
	start := time.Now()
	out, err := r.run(cctx, t, "cut")
	if !errors.Is(err, errInterrupted) || !strings.Contains(out, "resumes at iteration 2") || time.Since(start) > 5*time.Second {
		t.Errorf("an interrupted iteration: %v after %v\n%s", err, time.Since(start), out)
	}
	t.Setenv("FAKE_SLEEP", "")
	if st := r.state(t, "cut"); st.Iteration != 1 || st.Games != 2 || len(r.logRows(t, "cut")) != 1 {
		t.Fatalf("after the failures: %+v, log %q", st, r.logRows(t, "cut"))
	}
	// Stopped between the log row and the state: the row goes.
	logPath := filepath.Join(r.work, "spsa", "cut", "log.tsv")
	f, _ := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("2\t2\t2\t0\t0\t2\t0\t1\tx\ty\n")
	f.Close()
	if out, err := r.run(ctx, t, "cut", "-run", "2"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := r.state(t, "cut")
	if got.Iteration != 3 || got.Games != want.Games || got.Wins != want.Wins || got.Draws != want.Draws {
		t.Errorf("resumed %+v, straight %+v", got, want)
	}
	for i := range want.Params {
		if got.Params[i].Value != want.Params[i].Value {
			t.Errorf("%s: %v resumed, %v straight", want.Params[i].Name, got.Params[i].Value, want.Params[i].Value)
		}
	}
	rows, straightRows := r.logRows(t, "cut"), r.logRows(t, "straight")
	if strings.Join(rows, "\n") != strings.Join(straightRows, "\n") {
		t.Errorf("log resumed\n%s\nstraight\n%s", strings.Join(rows, "\n"), strings.Join(straightRows, "\n"))
	}
	// Fastchess ran 3 times straight, then 1 + 3 (iteration 2: failed,
	// interrupted, played) + 1; every attempt at iteration 2 played the
	// same engines and openings, with its own PGN path in the same place.
	args := r.argLines(t)
	if len(args) != 8 {
		t.Fatalf("fastchess ran %d times", len(args))
	}
	second := strings.ReplaceAll(args[1], "/straight/", "/cut/")
	for _, a := range args[4:7] {
		if a != second {
			t.Errorf("iteration 2 replayed as\n%s\nnot\n%s", a, second)
		}
	}
}

// A run with -keep outlives its work directory: after WORK is lost (a new
// machine), the same command goes on from the kept copy, and ends where a
// run never stopped ends.
func TestKeptStateOutlivesWork(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	if out, err := r.run(ctx, t, "straight", "-run", "4"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := r.state(t, "straight")

	keep := filepath.Join(t.TempDir(), "runs", "moved.json")
	if out, err := r.run(ctx, t, "moved", "-run", "2", "-keep", keep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if kept, ok, err := loadStateFile(keep); !ok || err != nil || kept.Iteration != 2 {
		t.Fatalf("kept copy: %v, %v, %+v", ok, err, kept)
	}
	os.RemoveAll(filepath.Join(r.work, "spsa", "moved"))
	if out, err := r.run(ctx, t, "moved", "-report", "-keep", keep); err != nil || !strings.Contains(out, "2 of 10 iterations") {
		t.Errorf("report from the kept copy: %v\n%s", err, out)
	}
	out, err := r.run(ctx, t, "moved", "-run", "2", "-keep", keep)
	if err != nil || !strings.Contains(out, "taken from "+keep+" (iteration 2)") {
		t.Fatalf("%v\n%s", err, out)
	}
	got := r.state(t, "moved")
	kept, _, _ := loadStateFile(keep)
	if got.Iteration != 4 || kept.Iteration != 4 || got.Games != want.Games || got.Wins != want.Wins {
		t.Errorf("resumed %+v (kept at %d), straight %+v", got, kept.Iteration, want)
	}
	for i := range want.Params {
		if got.Params[i].Value != want.Params[i].Value {
			t.Errorf("%s: %v resumed, %v straight", want.Params[i].Name, got.Params[i].Value, want.Params[i].Value)
		}
	}
	// A kept copy of another run is refused.
	if _, err := r.run(ctx, t, "other", "-run", "1", "-keep", keep); err == nil || !strings.Contains(err.Error(), "holds the run") {
		t.Errorf("another run's copy: %v", err)
	}
}

func TestApply(t *testing.T) {
	src := `package search

// Null move.
var (
	NullMoveBaseR    = 3
	NullMoveDepthDiv = 4   // R grows by one every NullMoveDepthDiv plies
	NullMoveEvalDiv  = 200 // IPPOLIT
)

const NullMoveBaseRMax = 9

var (
	LMRLogBase    = 0.75
	LMRLogDivisor = 2.25
)

var LMRAdjustedHistoryDivisor int32 = 5000
`
	path := filepath.Join(t.TempDir(), "params.go")
	os.WriteFile(path, []byte(src), 0o644)
	params := []Param{
		{Name: "NullMoveBaseR", Value: 3.6}, {Name: "NullMoveEvalDiv", Value: 1234.2},
		{Name: "LMRLogBase100", Value: 81.2}, {Name: "LMRAdjustedHistoryDivisor", Value: 6100.5},
	}
	var out bytes.Buffer
	if err := Apply(path, params, &out); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	got := string(b)
	for _, want := range []string{"NullMoveBaseR    = 4\n", "NullMoveEvalDiv  = 1234 // IPPOLIT", "NullMoveDepthDiv = 4    // R grows",
		"LMRLogBase    = 0.81\n", "LMRLogDivisor = 2.25\n", "var LMRAdjustedHistoryDivisor int32 = 6101\n", "NullMoveBaseRMax = 9"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if err := Apply(path, []Param{{Name: "Missing", Value: 1}}, &out); err == nil {
		t.Error("a parameter params.go does not assign was applied")
	}
}

// -switches: both sides play with the run's search switches whatever the
// caller's environment holds, a resume with others is refused, and a name
// that is no switch is refused at the start.
func TestRunSwitches(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	t.Setenv("MATADOR_SWITCHES", "-LMR")
	if out, err := r.run(ctx, t, "plain", "-run", "1"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := r.run(ctx, t, "flipped", "-run", "1", "-switches", "+PruneAtLMRDepth"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	args := r.argLines(t)
	if len(args) != 2 || !strings.HasSuffix(args[0], " env:MATADOR_SWITCHES=") ||
		!strings.HasSuffix(args[1], " env:MATADOR_SWITCHES=+PruneAtLMRDepth") {
		t.Fatalf("the engines' switches:\n%s", strings.Join(args, "\n"))
	}
	if out, err := r.run(ctx, t, "flipped", "-switches", "+RecaptureExt"); err == nil || !strings.Contains(err.Error(), "-switches +RecaptureExt") {
		t.Errorf("a resume with other switches: %v\n%s", err, out)
	}
	out, err := r.run(ctx, t, "flipped", "-report")
	if err != nil || !strings.Contains(out, ", switches +PruneAtLMRDepth") {
		t.Errorf("report: %v\n%s", err, out)
	}
	if out, err := r.run(ctx, t, "bad", "-switches", "+NoSuchThing"); err == nil || !strings.Contains(err.Error(), "-switches") {
		t.Errorf("an unknown switch: %v\n%s", err, out)
	}
}

// TestRunNNUE: -nnue gives both sides the network, a resume without it is
// refused, and the report says so.
func TestRunNNUE(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	if out, err := r.run(ctx, t, "net", "-run", "1", "-nnue"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := r.run(ctx, t, "classical", "-run", "1"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	args := r.argLines(t)
	if len(args) != 2 || !strings.Contains(args[0], "-each tc=5+0.05 option.Hash=16 option.Threads=1 option.Use NNUE=true ") ||
		strings.Contains(args[1], "Use NNUE") {
		t.Fatalf("the engines' options:\n%s", strings.Join(args, "\n"))
	}
	if out, err := r.run(ctx, t, "net", "-nnue=false"); err == nil || !strings.Contains(err.Error(), "-nnue false") {
		t.Errorf("a resume without the net: %v\n%s", err, out)
	}
	out, err := r.run(ctx, t, "net", "-report")
	if err != nil || !strings.Contains(out, ", the network (Use NNUE)") {
		t.Errorf("report: %v\n%s", err, out)
	}
}

// Settings that make no games or no schedule, and a parameter the engine
// does not have, are refused before a run is saved.
func TestRunRefusesBadSettings(t *testing.T) {
	r := newTestRun(t)
	ctx := context.Background()
	unknown := filepath.Join(t.TempDir(), "unknown.txt")
	os.WriteFile(unknown, []byte(testInput+"NoSuchParam, int, 5, 0, 10, 1, 0.002\n"), 0o644)
	for i, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-tc", "garbage"}, "-tc \"garbage\""},
		{[]string{"-tc", "-1+0"}, "-tc \"-1+0\""},
		{[]string{"-tc", "inf"}, "-tc inf needs -nodes"},
		{[]string{"-tc", "inf", "-nodes", "-5"}, "-nodes must be from 0"},
		{[]string{"-gamma", "-1"}, "-gamma must be"},
		{[]string{"-a-ratio", "-5"}, "-a-ratio must be"},
		{[]string{"-alpha", "NaN"}, "-alpha must be"},
		{[]string{"-concurrency", "0"}, "-concurrency must be"},
		{[]string{"-params", unknown}, "has no parameter \"NoSuchParam\""},
		{[]string{"-keep", "/dev/zero"}, "/dev/zero is not a regular file"},
	} {
		name := fmt.Sprintf("bad%d", i)
		out, err := r.run(ctx, t, name, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q\n%s", tc.args, err, tc.want, out)
		}
		if _, ok, _ := LoadState(filepath.Join(r.work, "spsa", name)); ok {
			t.Errorf("%q saved a run", tc.args)
		}
	}
}
