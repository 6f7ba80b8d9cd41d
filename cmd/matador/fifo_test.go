//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe given as a table, a book or a log is refused: opening it
// would block the engine until something wrote to it.
func TestNamedPipesAreRefused(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	dir := tableSetWith(t, nil)
	table := filepath.Join(dir, "KRvK.rtbw")
	os.Remove(table)
	other := t.TempDir()
	bookPipe, logPipe := filepath.Join(other, "book.bin"), filepath.Join(other, "log.txt")
	for _, p := range []string{table, bookPipe, logPipe} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	p := startEngine(t)
	p.send("setoption name SyzygyPath value " + dir)
	l, before := p.expect(`^info string Found `, 5*time.Second)
	if len(before) != 1 || before[0] != "info string "+table+": not a regular file; not used" ||
		!strings.HasPrefix(l.text, "info string Found 34 tablebases") {
		t.Errorf("a pipe among the tables: %q, then %q", before, l.text)
	}
	p.send("setoption name BookFile value " + bookPipe)
	l, _ = p.expect(`^info string `, 5*time.Second)
	if !strings.Contains(l.text, bookPipe+" is not a regular file") {
		t.Errorf("a pipe as BookFile: %q", l.text)
	}
	p.send("setoption name Debug Log File value " + logPipe)
	l, _ = p.expect(`^info string `, 5*time.Second)
	if !strings.Contains(l.text, logPipe+" is not a regular file") {
		t.Errorf("a pipe as Debug Log File: %q", l.text)
	}
	p.ready()
	p.send("position fen 8/2R5/5K2/8/1k6/8/8/8 w - - 0 1", "go depth 3")
	p.bestMove(position(t, "8/2R5/5K2/8/1k6/8/8/8 w - - 0 1"), 10*time.Second)
}

// A named pipe as EvalFile is refused at once through UCI and XBoard, the
// net in use kept: opening it would wait for a writer, and the GUI's
// isready, ping and quit would go unanswered.
func TestNamedPipeAsEvalFileIsRefusedAtOnce(t *testing.T) {
	t.Parallel()
	pipe := filepath.Join(t.TempDir(), "n.fifo")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	p := startEngine(t)
	p.send("setoption name EvalFile value "+pipe, "isready")
	l, _ := p.expect(`^info string .*EvalFile`, time.Second)
	if !strings.Contains(l.text, pipe+" is not a regular file") || !strings.Contains(l.text, "; keeping nn-") {
		t.Errorf("a pipe as EvalFile: %q", l.text)
	}
	p.expect(`^readyok$`, time.Second)

	cmd := exec.Command(binary)
	cmd.Stdin = strings.NewReader("xboard\nprotover 2\noption EvalFile=" + pipe + "\nping 7\nquit\n")
	done := make(chan []byte, 1)
	go func() {
		out, _ := cmd.Output()
		done <- out
	}()
	select {
	case out := <-done:
		if !strings.Contains(string(out), pipe+" is not a regular file") || !strings.Contains(string(out), "pong 7") {
			t.Errorf("XBoard, a pipe as EvalFile:\n%s", out)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Error("XBoard blocked on a pipe as EvalFile")
	}
}

// Every subcommand refuses a named pipe wherever it takes a file to read,
// at once and naming it, never waiting for a writer.
func TestSubcommandsRefuseNamedPipes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pipe := filepath.Join(dir, "p.fifo")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	games := filepath.Join(dir, "g.pgn")
	os.WriteFile(games, []byte("1. e4 e5 *\n"), 0o644)
	data := filepath.Join(dir, "d.bin")
	trainData(t, data, 100)
	for _, args := range [][]string{
		{"train", "-data", pipe, "-o", filepath.Join(dir, "n.nnue")},
		{"train", "-data", data, "-init", pipe, "-o", filepath.Join(dir, "n.nnue")},
		{"datagen", "-o", filepath.Join(dir, "dg.txt"), "-evalfile", pipe, "-games", "1"},
		{"datagen", "-o", filepath.Join(dir, "dg.txt"), "-openings", pipe, "-games", "1"},
		{"datagen", "-o", pipe, "-games", "1", "-openings", "startpos"},
		{"tune", "evalscale", "-data", data, "-evalfile", pipe},
		{"tune", "evalscale", "-data", pipe},
		{"tune", "extract", "-o", filepath.Join(dir, "x.txt"), pipe},
		{"tune", "extract", "-o", pipe, games},
		{"tune", "convert", pipe, filepath.Join(dir, "c.bin")},
		{"tune", "residuals", "-data", pipe},
		{"tune", "wdl", "-data", pipe},
		{"tune", "run", "-data", data, "-cache", pipe, "-o", filepath.Join(dir, "p.go")},
		{"tune", "run", "-data", data, "-params", pipe, "-o", filepath.Join(dir, "p.go")},
		{"book", "probe", "-book", pipe},
		{"book", "make", "-pgn", pipe, "-o", filepath.Join(dir, "b.bin")},
		{"book", "make", "-pgn", games, "-o", pipe},
		{"analyze", "-pgn", pipe, "-depth", "1"},
		{"epd", pipe, "-depth", "1"},
		{"pgnbin", "-o", filepath.Join(dir, "p.bin"), pipe},
		{"genfens 1 seed 1 book " + pipe},
	} {
		cmd := exec.Command(binary, args...)
		done := make(chan []byte, 1)
		go func() {
			out, _ := cmd.CombinedOutput()
			done <- out
		}()
		select {
		case out := <-done:
			if cmd.ProcessState.ExitCode() == 0 || !strings.Contains(string(out), pipe) || !strings.Contains(string(out), "not a regular file") {
				t.Errorf("%q: exit %d\n%s", args, cmd.ProcessState.ExitCode(), out)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("%q blocked on a named pipe", args)
		}
	}
}
