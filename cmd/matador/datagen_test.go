//go:build unix

package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"matador/internal/nnue"
)

// Datagen under hostile input. Each test failed before its fix.

// A file that datagen did not write is refused and left as it was, with
// or without a newline, text or random bytes.
func TestDatagenRefusesForeignFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	blob := make([]byte, 4000)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range blob {
		blob[i] = byte(r.IntN(256))
		if blob[i] == '\n' {
			blob[i] = 'x'
		}
	}
	for name, content := range map[string][]byte{
		"notes.txt":  []byte("one line"),
		"lines.txt":  []byte("one line\ntwo"),
		"blob.bin":   blob,
		"blob.txt":   blob,
		"bom.txt":    []byte("\xEF\xBB\xBF8/8/8/8/8/8/8/8"),
		"short.txt":  []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1.0\n"),
		"future.bin": []byte("MATADOR\x02" + strings.Repeat("\x00", 36)),
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, content, 0o644)
		out, code := exitCode(t, "datagen", "-o", path, "-games", "1", "-nodes", "200", "-openings", "startpos", "-threads", "1")
		if code == 0 || !strings.Contains(out, path) {
			t.Errorf("datagen -o %s: exit %d, said %q", name, code, out)
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, content) {
			t.Errorf("datagen -o %s changed the file", name)
		}
	}
	// A line of datagen cut off by a kill is still taken as its own.
	cut := filepath.Join(dir, "cut.txt")
	os.WriteFile(cut, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1.0 | 5 | 7\nrnbqkbnr/pppp"), 0o644)
	if out, code := exitCode(t, "datagen", "-o", cut, "-games", "2", "-nodes", "200", "-openings", "startpos", "-threads", "1"); code != 0 {
		t.Errorf("a file of datagen with a cut line: exit %d\n%s", code, out)
	}
}

// A device as the output is refused at once, not read until memory runs
// out; a count beyond what a game number holds is refused.
func TestDatagenRefusesDevicesAndHugeCounts(t *testing.T) {
	t.Parallel()
	for _, dev := range []string{"/dev/zero", "/dev/full", "/dev/null"} {
		if _, err := os.Stat(dev); err != nil {
			continue
		}
		start := time.Now()
		out, code := exitCode(t, "datagen", "-o", dev, "-games", "1", "-nodes", "200", "-openings", "startpos", "-threads", "1")
		if code == 0 || !strings.Contains(out, dev+" is not a regular file") || time.Since(start) > 5*time.Second {
			t.Errorf("datagen -o %s: exit %d after %v, said %q", dev, code, time.Since(start), out)
		}
	}
	path := filepath.Join(t.TempDir(), "d.txt")
	out, code := exitCode(t, "datagen", "-o", path, "-games", "4294967297", "-openings", "startpos")
	if code != 2 || !strings.Contains(out, "-games must be from 0 to 4294967294") {
		t.Errorf("-games 4294967297: exit %d, said %q", code, out)
	}
	out, code = exitCode(t, "datagen", "-o", path, "-openings", "/dev/zero")
	if code == 0 || !strings.Contains(out, "/dev/zero is not a regular file") {
		t.Errorf("-openings /dev/zero: exit %d, said %q", code, out)
	}
}

// startDatagen starts the binary on datagen with args, its output
// collected.
func startDatagen(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"datagen"}, args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

// interrupt sends sig and returns how long the process took to end.
func interrupt(t *testing.T, cmd *exec.Cmd, sig syscall.Signal) time.Duration {
	t.Helper()
	sent := time.Now()
	cmd.Process.Signal(sig)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return time.Since(sent)
	case <-time.After(20 * time.Second * timeScale):
		cmd.Process.Kill()
		t.Fatalf("datagen still running 20 s after %v", sig)
	}
	return 0
}

// SIGINT and SIGTERM stop datagen within a second even in a search of
// 10^11 nodes, with the file whole.
func TestDatagenStopsAtOnceOnSignals(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		path := filepath.Join(t.TempDir(), "s.txt")
		cmd, out := startDatagen(t, "-o", path, "-games", "5", "-nodes", "99999999999", "-openings", "startpos", "-threads", "1")
		time.Sleep(time.Second)
		if d := interrupt(t, cmd, sig); d > time.Second*timeScale {
			t.Errorf("%v: datagen took %v to stop", sig, d)
		}
		if code := cmd.ProcessState.ExitCode(); code != 0 || !strings.Contains(out.String(), "datagen: done: 0 games") {
			t.Errorf("%v: exit %d\n%s", sig, code, out)
		}
		if b, err := os.ReadFile(path); err != nil || len(b) != 0 {
			t.Errorf("%v: the file holds %q (%v)", sig, b, err)
		}
	}
}

// A run stopped by Ctrl-C and started again with the same command ends
// with the file an unstopped run writes: no game lost or repeated.
func TestDatagenResumesAfterCtrlC(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := func(path string) []string {
		return []string{"-o", path, "-games", "4", "-nodes", "3000", "-openings", "startpos", "-threads", "1", "-seed", "5"}
	}
	whole := filepath.Join(dir, "whole.txt")
	if out, code := exitCode(t, append([]string{"datagen"}, args(whole)...)...); code != 0 {
		t.Fatalf("datagen: exit %d\n%s", code, out)
	}
	want, _ := os.ReadFile(whole)
	resumed := filepath.Join(dir, "resumed.txt")
	for stops := 0; ; stops++ {
		cmd, out := startDatagen(t, args(resumed)...)
		time.Sleep(700 * time.Millisecond)
		interrupt(t, cmd, syscall.SIGINT)
		if code := cmd.ProcessState.ExitCode(); code != 0 {
			t.Fatalf("stopped datagen: exit %d\n%s", code, out)
		}
		b, _ := os.ReadFile(resumed)
		if !bytes.HasPrefix(want, b) || (len(b) > 0 && b[len(b)-1] != '\n') {
			t.Fatalf("after %d stops the file is not a run's whole games:\n%s", stops+1, b)
		}
		if strings.Contains(out.String(), "datagen: done: 0 games") && len(b) == len(want) || stops > 20 {
			break
		}
	}
	if out, code := exitCode(t, append([]string{"datagen"}, args(resumed)...)...); code != 0 {
		t.Fatalf("datagen resumed: exit %d\n%s", code, out)
	}
	if got, _ := os.ReadFile(resumed); !bytes.Equal(got, want) {
		t.Errorf("resumed run wrote\n%s\nan unstopped one\n%s", got, want)
	}
}

// Ctrl-C during tune extract ends it at once with the old output as it
// was and no temporary file beside it.
func TestTuneExtractInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n\n"
	games := writeFile(t, dir, "games.pgn", strings.Repeat(game, 100000))
	keep := writeFile(t, dir, "keep.txt", startLine+" | 1.0\n")
	cmd := exec.Command(binary, "tune", "extract", "-skip", "0", "-o", keep, games)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if d := interrupt(t, cmd, syscall.SIGINT); d > time.Second*timeScale {
		t.Errorf("tune extract took %v to stop", d)
	}
	if code := cmd.ProcessState.ExitCode(); code == 0 {
		t.Skipf("tune extract was done before the signal:\n%s", out.String())
	} else if code != 130 || !strings.Contains(out.String(), "stopped by interrupt") {
		t.Errorf("exit %d\n%s", code, out.String())
	}
	if b, _ := os.ReadFile(keep); string(b) != startLine+" | 1.0\n" {
		t.Errorf("the output became %d bytes", len(b))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("files left: %v", entries)
	}
}

// TestDatagenWithTheNet plays a game with the embedded net, and refuses a
// bad net file before it makes its output.
func TestDatagenWithTheNet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "n.bin")
	out, code := exitCode(t, "datagen", "-o", path, "-games", "1", "-nodes", "300", "-openings", "startpos",
		"-threads", "1", "-evalfile", "default")
	if code != 0 || !strings.Contains(out, "the net "+nnue.Default().ID) {
		t.Fatalf("-evalfile default: exit %d, said %q", code, out)
	}
	if st, err := os.Stat(path); err != nil || st.Size() <= 8 {
		t.Fatalf("no positions written: %v", err)
	}
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(bad, []byte("MATNNUE\x01 too short"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(dir, "fresh.bin")
	out, code = exitCode(t, "datagen", "-o", fresh, "-games", "1", "-openings", "startpos", "-evalfile", bad)
	if code == 0 || !strings.Contains(out, bad) || !strings.Contains(out, "truncated") {
		t.Errorf("-evalfile %s: exit %d, said %q", bad, code, out)
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Error("an output was made though the net was refused")
	}
}
