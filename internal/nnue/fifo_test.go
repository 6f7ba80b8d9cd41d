//go:build unix

package nnue

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe as the net file is refused at once: opening it to read
// would wait for a writer, and the engine would answer no isready.
func TestLoadRefusesANamedPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "n.fifo")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(pipe)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), pipe+" is not a regular file") {
			t.Errorf("a named pipe: %v", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Load blocked on a named pipe")
	}
}
