//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package datagen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A second run on a file that a run is writing is refused before it
// touches the file or its list; once the first has ended, a run starts.
func TestSecondRunOnOneFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.bin")
	cfg := smallConfig()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := Run(ctx, cfg, path, nil, 0)
		done <- err
	}()
	// The header is written after the lock is taken.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if info, err := os.Stat(path + SkippedSuffix); err == nil && info.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatal("the first run did not start")
		}
	}
	second := cfg
	second.Games = 1
	_, err := Run(context.Background(), second, path, nil, 0)
	cancel()
	if first := <-done; first != nil {
		t.Errorf("the first run: %v", first)
	}
	if err == nil || !strings.Contains(err.Error(), "another run of datagen") {
		t.Fatalf("the second run: %v, want a refusal", err)
	}
	if _, err := Run(context.Background(), second, path, nil, 0); err != nil {
		t.Errorf("a run after the first ended: %v", err)
	}
}
