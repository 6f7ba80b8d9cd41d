package toolio

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMeminfoField(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meminfo")
	text := "MemTotal:       16318264 kB\nMemFree:          781324 kB\nMemAvailable:    9412448 kB\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if kb, ok := meminfoField(path, "MemAvailable:"); !ok || kb != 9412448 {
		t.Errorf("MemAvailable = %d, %v", kb, ok)
	}
	if _, ok := meminfoField(path, "SwapFree:"); ok {
		t.Error("found a field that is not there")
	}
	if _, ok := meminfoField(filepath.Join(t.TempDir(), "missing"), "MemAvailable:"); ok {
		t.Error("read a missing file")
	}
}
