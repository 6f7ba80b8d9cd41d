//go:build !js

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookMakeChecksOutputFirst: an -o that cannot be written is refused
// before the games are read, naming the directory at fault, not after the
// whole PGN (minutes for a large one) with a temporary file's name.
func TestBookMakeChecksOutputFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	// A bad game that the read would report, were the games read.
	text := "[Event \"bad\"]\n\n1. e4 Ke2 1-0\n\n[Event \"good\"]\n\n1. e4 e5 1-0\n"
	if err := os.WriteFile(games, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "no-such-dir")
	var stdout, stderr bytes.Buffer
	code := runBookMake([]string{"-pgn", games, "-o", filepath.Join(missing, "book.bin"), "-min-game", "1"}, &stdout, &stderr)
	msg := stderr.String()
	if code != 2 {
		t.Errorf("exit %d, want 2; stderr:\n%s", code, msg)
	}
	if !strings.Contains(msg, "the directory "+missing+" does not exist") {
		t.Errorf("the message does not name the missing directory:\n%s", msg)
	}
	if strings.Contains(msg, ".tmp") || strings.Contains(msg, "left out") {
		t.Errorf("the games were read before the output was checked:\n%s", msg)
	}
}
