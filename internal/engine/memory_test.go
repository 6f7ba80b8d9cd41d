package engine

import (
	"strings"
	"testing"
)

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
	defer func(f func() int) { logicalCPUs = f }(logicalCPUs)
	logicalCPUs = func() int { return MaxThreads } // no cap below MaxThreads
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

// Threads far above the machine's CPUs are capped at threadsPerCore per
// CPU, and the user is told.
func TestThreadsCappedByCPUs(t *testing.T) {
	defer func(f func() int) { logicalCPUs = f }(logicalCPUs)
	logicalCPUs = func() int { return 3 }
	e := New()
	var logged []string
	e.Log = func(msg string) { logged = append(logged, msg) }
	if err := e.SetThreads(6); err != nil || e.Options().Threads != 6 || len(logged) != 0 {
		t.Fatalf("6 threads on 3 CPUs: %v, %d threads, %q", err, e.Options().Threads, logged)
	}
	if err := e.SetThreads(200); err != nil {
		t.Fatal(err)
	}
	if got := e.Options().Threads; got != 3*threadsPerCore {
		t.Errorf("200 threads on 3 CPUs: %d threads, want %d", got, 3*threadsPerCore)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "using 6") {
		t.Errorf("messages %q, want one saying 6 threads are used", logged)
	}
	if err := e.SetThreads(MaxThreads + 1); err == nil {
		t.Errorf("%d threads accepted", MaxThreads+1)
	}
}
