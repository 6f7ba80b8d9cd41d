package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"matador/internal/nnue"
)

func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	out, err := exec.Command(binary, args...).CombinedOutput()
	return string(out), err
}

func TestBenchSubcommand(t *testing.T) {
	t.Parallel()
	out, err := run(t, "bench", "3")
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	last := lines[len(lines)-1]
	if !regexp.MustCompile(`^[1-9]\d* nodes \d+ nps$`).MatchString(last) {
		t.Errorf("last line %q, want \"<nodes> nodes <nps> nps\"", last)
	}
	// The signature depends only on the code: a second run agrees.
	again, _ := run(t, "bench", "3")
	if sig := strings.Fields(last)[0]; !strings.Contains(again, "\n"+sig+" nodes ") {
		t.Errorf("bench node count changed between runs: %s, then\n%s", sig, again)
	}
	for _, bad := range [][]string{{"deep"}, {"3", "0"}, {"3", "many"}, {"3", "2", "1"}} {
		if out, err := run(t, append([]string{"bench"}, bad...)...); err == nil {
			t.Errorf("bench %v succeeded:\n%s", bad, out)
		}
	}
	// On two threads it still searches every position and ends the same way.
	out, err = run(t, "bench", "4", "2")
	if err != nil || !regexp.MustCompile(`2 threads, \d+ ms\n[1-9]\d* nodes \d+ nps\n$`).MatchString(out) {
		t.Errorf("bench 4 2: %v\n%s", err, out)
	}
}

func TestPerftSubcommand(t *testing.T) {
	t.Parallel()
	out, err := run(t, "perft", "-depth", "3")
	if err != nil || !strings.Contains(out, "Nodes searched: 8902\n") {
		t.Errorf("perft -depth 3: %v\n%s", err, out)
	}
	out, err = run(t, "perft", "-depth", "2", "-divide", "-fen", kiwipete)
	if err != nil || !strings.Contains(out, "e1g1: 43\n") || !strings.Contains(out, "Nodes searched: 2039\n") {
		t.Errorf("perft -divide: %v\n%s", err, out)
	}
}

func TestVersionAndUsage(t *testing.T) {
	t.Parallel()
	out, err := run(t, "version")
	if err != nil || !strings.HasPrefix(out, "Matador ") {
		t.Errorf("version: %v %q", err, out)
	}
	out, err = run(t, "frobnicate")
	if err == nil || !strings.Contains(out, "usage:") {
		t.Errorf("unknown subcommand: %v %q", err, out)
	}
	// Asked for, the usage is the answer: it goes to standard output, so
	// that "matador help | less" shows it. It used to go to standard
	// error, as for a mistake. Every subcommand of docs/commands.md is in it.
	for _, ask := range []string{"help", "-h", "--help"} {
		cmd := exec.Command(binary, ask)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		stdout, err := cmd.Output()
		if err != nil || !strings.HasPrefix(string(stdout), "usage:") || stderr.Len() != 0 {
			t.Errorf("matador %s: %v, stdout %q, stderr %q", ask, err, stdout, stderr.String())
		}
		for _, sub := range []string{"play", "analyze", "epd", "datagen", "genfens", "pgnbin", "train", "tune", "book probe", "book make", "tb probe", "tb verify", "bench", "perft", "version"} {
			if !strings.Contains(string(stdout), "matador "+sub+" ") {
				t.Errorf("matador %s does not name %q", ask, sub)
			}
		}
	}
}

func TestDatagenSubcommand(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "data.txt")
	out, err := run(t, "datagen", "-o", path, "-games", "1", "-nodes", "300", "-threads", "1",
		"-openings", "startpos", "-random-plies", "6", "-seed", "3")
	if err != nil || !strings.Contains(out, "datagen: done: 1 games") {
		t.Fatalf("datagen: %v\n%s", err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil || !regexp.MustCompile(`^(\S+( \S+){5} \| (1\.0|0\.5|0\.0) \| -?\d+ \| \d+\n)+$`).Match(data) {
		t.Errorf("data file (%v):\n%s", err, data)
	}
	for _, bad := range [][]string{{}, {"-o", path, "extra"}, {"-o", path, "-nodes", "0"}} {
		if out, err := run(t, append([]string{"datagen"}, bad...)...); err == nil {
			t.Errorf("datagen %v succeeded:\n%s", bad, out)
		}
	}
	// A negative count is refused with the flag's name and range and exit
	// status 2, never read as "no limit".
	for _, flag := range []string{"-games", "-positions", "-random-plies", "-skip-plies", "-per-game", "-threads", "-hash"} {
		out, err := run(t, "datagen", "-o", path, flag, "-1")
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(out, flag+" must be from") {
			t.Errorf("datagen %s -1: %v\n%s", flag, err, out)
		}
	}
	if out, err := run(t, "datagen", "-o", path, "-openings", filepath.Join(t.TempDir(), "missing.epd")); err == nil || !strings.Contains(out, "openings") {
		t.Errorf("datagen with a missing openings file: %v\n%s", err, out)
	}
	// An -o that cannot be written is refused by name before the run is
	// announced: a missing directory, a directory.
	for _, o := range []string{filepath.Join(t.TempDir(), "missing", "data.bin"), t.TempDir()} {
		out, err := run(t, "datagen", "-o", o, "-games", "1", "-openings", "startpos")
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(out, "-o "+o) || strings.Contains(out, "threads") {
			t.Errorf("datagen -o %s: %v\n%s", o, err, out)
		}
	}

	// The same game into a file named .bin: binary records, which tune
	// convert turns back into the text file's lines.
	dir := t.TempDir()
	bin, back := filepath.Join(dir, "data.bin"), filepath.Join(dir, "back.txt")
	out, err = run(t, "datagen", "-o", bin, "-games", "1", "-nodes", "300", "-threads", "1",
		"-openings", "startpos", "-random-plies", "6", "-seed", "3")
	if err != nil || !strings.Contains(out, "datagen: done: 1 games") {
		t.Fatalf("datagen into .bin: %v\n%s", err, out)
	}
	if out, err := run(t, "tune", "convert", bin, back); err != nil {
		t.Fatalf("tune convert: %v\n%s", err, out)
	}
	if text, _ := os.ReadFile(back); string(text) != string(data) {
		t.Errorf("the .bin file converts to\n%s\nthe text file is\n%s", text, data)
	}
}

// TestBenchSearchesWithTheNet: the bench signature is the net's in every
// build (benchUsesNNUE), whatever the build's default evaluation, and
// MATADOR_BENCH_EVAL picks either one.
func TestBenchSearchesWithTheNet(t *testing.T) {
	t.Parallel()
	nodes := func(env string) string {
		cmd := exec.Command(binary, "bench", "3")
		if env != "" {
			cmd.Env = append(os.Environ(), "MATADOR_BENCH_EVAL="+env)
		}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("bench (MATADOR_BENCH_EVAL=%s): %v", env, err)
		}
		return strings.Fields(lastLine(string(out)))[0]
	}
	def, net, classical := nodes(""), nodes("nnue"), nodes("classical")
	if def != net {
		t.Errorf("bench: %s nodes, with the net %s", def, net)
	}
	if classical == net {
		t.Errorf("bench with the classical evaluation searched the net's %s nodes", net)
	}
	// Any other value is a mistake, refused before the search, not a
	// bench of the default evaluation.
	for _, env := range []string{"clasical", "NNUE", "1"} {
		cmd := exec.Command(binary, "bench", "3")
		cmd.Env = append(os.Environ(), "MATADOR_BENCH_EVAL="+env)
		out, err := cmd.CombinedOutput()
		if e, ok := err.(*exec.ExitError); !ok || e.ExitCode() != 2 || !strings.Contains(string(out), "MATADOR_BENCH_EVAL \""+env+"\"") || strings.Contains(string(out), " nodes ") {
			t.Errorf("bench with MATADOR_BENCH_EVAL=%s: %v\n%s", env, err, out)
		}
	}
}

// TestBenchEvalFile: MATADOR_BENCH_EVALFILE benches with a net file: the
// embedded net's bytes give its signature, another net another one, and
// a file that is no net fails rather than bench the embedded net.
func TestBenchEvalFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bench := func(path string) (string, error) {
		cmd := exec.Command(binary, "bench", "3")
		cmd.Env = append(os.Environ(), "MATADOR_BENCH_EVALFILE="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return string(out), err
		}
		return strings.Fields(lastLine(string(out)))[0], nil
	}
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	def, err := run(t, "bench", "3")
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, def)
	}
	def = strings.Fields(lastLine(def))[0]
	if got, err := bench(write("default.nnue", nnue.Default().Encode())); err != nil || got != def {
		t.Errorf("bench with the embedded net's file: %s (%v), want %s nodes", got, err, def)
	}
	layout, _ := nnue.KingLayout(4)
	v3, err := nnue.RandomV3(1, 512, layout)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := bench(write("v3.nnue", v3.Encode())); err != nil || got == def {
		t.Errorf("bench with a version 3 net: %s (%v), the embedded net's %s nodes", got, err, def)
	}
	if out, err := bench(write("bad.nnue", []byte("not a net"))); err == nil {
		t.Errorf("bench with a bad net file succeeded: %s", out)
	}
}
