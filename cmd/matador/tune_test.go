package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Tune under hostile input. Each test failed before its fix.

const (
	startLine = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	e4Line    = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
)

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runSplit runs the binary and returns its standard output, its standard
// error and its exit status.
func runSplit(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return stdout.String(), stderr.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), 0
}

func TestTuneExtractChecksInputsBeforeItsOutput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keep := writeFile(t, dir, "keep.txt", startLine+" | 1.0\n")
	notes := writeFile(t, dir, "notes.txt", "my notes\n")
	games := writeFile(t, dir, "games.pgn", "\xEF\xBB\xBF[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"b\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-o", keep, "/nonexistent.pgn"}, 1, "/nonexistent.pgn: no such file"},
		{[]string{"-o", keep, games, dir}, 1, dir + " is a directory"},
		{[]string{"-o", notes, games}, 2, notes + " is not a data file"},
		{[]string{"-skip", "-1", "-o", keep, games}, 2, "-skip must be from 0 to 10000, got -1"},
	} {
		_, stderr, code := runSplit(t, append([]string{"tune", "extract"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("tune extract %q: exit %d, said %q; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
	if b, _ := os.ReadFile(keep); string(b) != startLine+" | 1.0\n" {
		t.Errorf("keep.txt holds %q", b)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
		t.Errorf("notes.txt holds %q", b)
	}
	// A byte-order mark costs no game.
	_, stderr, code := runSplit(t, "tune", "extract", "-skip", "0", "-o", keep, games)
	if code != 0 || !strings.Contains(stderr, "2 games, 0 skipped") {
		t.Errorf("a PGN with a byte-order mark: exit %d, said %q", code, stderr)
	}
}

func TestTuneRunChecksEverythingBeforeTheFit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := writeFile(t, dir, "data.txt", "\xEF\xBB\xBF"+startLine+" | 1.0 | 20\n"+e4Line+" | 0.0 | -30\n")
	future := writeFile(t, dir, "future.dat", "MATADOR\x02"+strings.Repeat("\x00", 72))
	params := writeFile(t, dir, "params.go", "package eval\n")
	other := writeFile(t, dir, "other.go", "package main\n")
	missing := filepath.Join(dir, "no", "such", "out.go")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-o", missing}, 2, "-o " + missing + ": the directory"},
		{[]string{"-cache", missing}, 2, "-cache " + missing + ": the directory"},
		{[]string{"-o", other}, 2, other + " is Go source of package main"},
		{[]string{"-o", data}, 2, "-o " + data + " is one of the inputs"},
		{[]string{"-params", data}, 2, "-params " + data + " is not Go source"},
		{[]string{"-data", ","}, 2, `-data "," has an empty file name`},
		{[]string{"-data", future}, 1, future + ": binary records of format version 2; this build reads version 1"},
	} {
		args := append([]string{"tune", "run", "-data", data, "-params", params, "-epochs", "1"}, tc.args...)
		start := time.Now()
		_, stderr, code := runSplit(t, args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "linearised") {
			t.Errorf("tune run %q: exit %d, said %q; want %d and %q before any work", tc.args, code, stderr, tc.code, tc.want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("tune run %q took %v to refuse", tc.args, d)
		}
	}
}

func TestTuneWDLAndResidualsRefuseWhatTheyCannotUse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var b strings.Builder
	for i := range 200 {
		score := 100 + i
		b.WriteString(startLine + " | 1.0 | " + itoa(score) + "\n")
		b.WriteString(e4Line + " | 1.0 | " + itoa(score) + "\n")
	}
	// The byte-order mark is read past (it made line 1 a bad sample).
	noDraws := writeFile(t, dir, "nodraws.txt", "\xEF\xBB\xBF"+b.String())
	stdout, stderr, code := runSplit(t, "tune", "wdl", "-data", noDraws)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "no draws") {
		t.Errorf("tune wdl on data without draws: exit %d, printed %q, said %q", code, stdout, stderr)
	}
	_, stderr, code = runSplit(t, "tune", "residuals", "-data", noDraws, "-min", "-5")
	if code != 2 || !strings.Contains(stderr, "-min must be from 0") {
		t.Errorf("tune residuals -min -5: exit %d, said %q", code, stderr)
	}
	_, stderr, code = runSplit(t, "tune", "convert", "/dev/zero", filepath.Join(dir, "z.txt"))
	if code != 2 || !strings.Contains(stderr, "/dev/zero is not a regular file") {
		t.Errorf("tune convert /dev/zero: exit %d, said %q", code, stderr)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
