package engine

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

func TestHashLargerThanMemoryIsRefused(t *testing.T) {
	avail, ok := availableMemoryMB()
	if !ok || avail >= MaxHashMB {
		t.Skip("cannot read the available memory, or the machine holds the largest table")
	}
	e := New()
	if err := e.SetHashMB(MaxHashMB); err == nil {
		t.Fatalf("a %d MB hash was accepted with %d MB available", MaxHashMB, avail)
	}
	if got := e.Options().HashMB; got != DefaultHashMB {
		t.Errorf("HashMB = %d after a refused resize, want %d", got, DefaultHashMB)
	}
}

// More threads than the memory holds are refused, and the thread count
// stays as it was; fewer threads are always fine.
func TestThreadsLargerThanMemoryAreRefused(t *testing.T) {
	defer func(f func() (int, bool)) { availableMemory = f }(availableMemory)
	availableMemory = func() (int, bool) { return 20, true }
	e := New()
	if err := e.SetThreads(4); err != nil {
		t.Fatalf("4 threads in 20 MB: %v", err)
	}
	if err := e.SetThreads(MaxThreads); err == nil {
		t.Fatalf("%d threads accepted in 20 MB", MaxThreads)
	}
	if got := e.Options().Threads; got != 4 {
		t.Errorf("Threads = %d after a refused change, want 4", got)
	}
	availableMemory = func() (int, bool) { return 0, true }
	if err := e.SetThreads(2); err != nil {
		t.Errorf("going down to 2 threads with no memory left: %v", err)
	}
}
