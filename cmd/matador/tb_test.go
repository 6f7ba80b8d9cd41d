package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// syzygyDir is the shared 3- and 4-piece set beside the repository.
var syzygyDir = filepath.Join("..", "..", "..", "shared", "data", "syzygy")

func needSyzygy(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(syzygyDir, "KQvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s (../shared/data/syzygy beside the repository): %v", syzygyDir, err)
	}
}

func TestTBProbeSubcommand(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	// A reference position (wdl -2, dtz -13), its FEN given as separate fields.
	out, err := run(t, "tb", "probe", "-path", syzygyDir, "8/1B6/8/8/6K1/8/8/4B2k", "b", "-", "-", "0", "1")
	if err != nil {
		t.Fatalf("tb probe: %v\n%s", err, out)
	}
	for _, want := range []string{
		"tables: 35 WDL, 35 DTZ, up to 4 pieces\n",
		"fen:    8/1B6/8/8/6K1/8/8/4B2k b - - 0 1\n",
		"wdl:    loss\n",
		"dtz:    -13\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tb probe output lacks %q:\n%s", want, out)
		}
	}
	// Every legal move, best (the longest loss) first, its DTZ counted from
	// the position.
	if !regexp.MustCompile(`move +uci +result +dtz\nKg1 +h1g1 +loss +-13\nKh2 +h1h2 +loss +-9\n$`).MatchString(out) {
		t.Errorf("tb probe moves:\n%s", out)
	}

	// Mate in one, found first and marked.
	out, err = run(t, "tb", "probe", "-path", syzygyDir, "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1")
	if err != nil || !regexp.MustCompile(`move +uci +result +dtz\nQg8# +g1g8 +win +1 \(mate\)\n`).MatchString(out) {
		t.Errorf("mate in one: %v\n%s", err, out)
	}

	// Failures say what is wrong and exit non-zero.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"probe", "-path", syzygyDir, "4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1"}, "more pieces than the tables hold"},
		{[]string{"probe", "-path", syzygyDir, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"}, "castling rights"},
		{[]string{"probe", "-path", syzygyDir, "8/8/8/8 w - - 0 1"}, "bad FEN"},
		{[]string{"probe", "-path", filepath.Join(t.TempDir(), "absent"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}, "no such file"},
		{[]string{"probe", "-path", syzygyDir}, "usage:"},
		{[]string{"frobnicate"}, "unknown command"},
		{nil, "usage:"},
	} {
		out, err := run(t, append([]string{"tb"}, c.args...)...)
		if err == nil || !strings.Contains(out, c.want) {
			t.Errorf("tb %v: %v, want an error with %q:\n%s", c.args, err, c.want, out)
		}
	}
}

func TestTBVerifySubcommand(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	out, err := run(t, "tb", "verify", "-path", syzygyDir)
	if err != nil || !strings.Contains(out, "all tables open and check out") {
		t.Errorf("tb verify: %v\n%s", err, out)
	}
	// A truncated table is named.
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(syzygyDir, "KRvK.rtbz"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KRvK.rtbz"), data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(t, "tb", "verify", "-path", dir)
	if err == nil || !strings.Contains(out, "KRvK.rtbz") || !strings.Contains(out, "truncated") {
		t.Errorf("tb verify of a truncated table: %v\n%s", err, out)
	}
	// Probing through it fails with the same message, and no panic.
	out, err = run(t, "tb", "probe", "-path", dir+string(os.PathListSeparator)+syzygyDir, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
	if err == nil || !strings.Contains(out, "KRvK.rtbz") || strings.Contains(out, "panic") {
		t.Errorf("tb probe with a truncated DTZ table: %v\n%s", err, out)
	}
}
