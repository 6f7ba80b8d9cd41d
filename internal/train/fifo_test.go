//go:build unix

package train

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A named pipe as the data, the net to start from or the checkpoint is
// refused at once, naming it: opening one to read waits for a writer.
func TestNamedPipesAreRefused(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 200, 3)
	pipe := filepath.Join(dir, "p.fifo")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ckptDir := filepath.Join(dir, "ckpt")
	os.Mkdir(ckptDir, 0o755)
	if err := syscall.Mkfifo(filepath.Join(ckptDir, "checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, set := range map[string]func(*Config){
		"-data":       func(c *Config) { c.Data = []string{data, pipe} },
		"-init":       func(c *Config) { c.Init = pipe },
		"-checkpoint": func(c *Config) { c.Checkpoint = ckptDir },
	} {
		cfg := DefaultConfig()
		cfg.Data, cfg.Out, cfg.Epochs, cfg.Batch = []string{data}, filepath.Join(dir, "out.nnue"), 1, 50
		set(&cfg)
		done := make(chan error, 1)
		go func() {
			_, err := Run(context.Background(), cfg, io.Discard)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "is not a regular file") {
				t.Errorf("a pipe as %s: %v", name, err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("a pipe as %s blocked the run", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out.nnue")); err == nil {
		t.Error("a refused run wrote its net")
	}
}
