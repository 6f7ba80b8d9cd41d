package workenv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPathsFollowTheEnvironment(t *testing.T) {
	t.Setenv("WORK", "/w")
	t.Setenv("OPENINGS", "")
	t.Setenv("FASTCHESS", "")
	work, openings, fastchess := Paths()
	if work != "/w" || fastchess != "/w/fastchess/fastchess" {
		t.Errorf("WORK=/w: work %q, fastchess %q", work, fastchess)
	}
	// The test runs in tools/internal/workenv, inside the repository.
	if !strings.HasSuffix(openings, filepath.Join("shared", "data", "openings", "UHO_4060_v3.epd")) {
		t.Errorf("openings %q, want the shared UHO set beside the repository", openings)
	}
	t.Setenv("OPENINGS", "/o.epd")
	t.Setenv("FASTCHESS", "/f")
	if _, openings, fastchess := Paths(); openings != "/o.epd" || fastchess != "/f" {
		t.Errorf("OPENINGS and FASTCHESS set: %q %q", openings, fastchess)
	}
}

func TestFileSHA256(t *testing.T) {
	path := filepath.Join(t.TempDir(), "abc")
	if err := os.WriteFile(path, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The published SHA-256 of "abc".
	const want = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
	if got, err := FileSHA256(path); err != nil || got != want {
		t.Errorf("SHA-256 of abc: %s %v", got, err)
	}
	if _, err := FileSHA256(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing file has no hash")
	}
}
