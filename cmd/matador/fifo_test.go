//go:build unix

package main

import (
	"os"
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
