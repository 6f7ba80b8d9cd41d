//go:build linux

package search

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
	"unsafe"
)

func TestHashTableStartsOnAHugePage(t *testing.T) {
	tt := NewTranspositionTable(16)
	if tt.mapping == nil {
		t.Skip("the kernel refused the mapping; the table came from the Go heap")
	}
	if addr := uintptr(unsafe.Pointer(&tt.buckets[0])); addr%hugePageSize != 0 {
		t.Fatalf("table at %#x, not on a 2 MB boundary", addr)
	}
	if got := uintptr(len(tt.buckets)) * unsafe.Sizeof(ttBucket{}); got != 16<<20 {
		t.Fatalf("table of %d bytes, want 16 MB", got)
	}
	old := tt.mapping
	tt.Resize(4)
	if old.whole != nil {
		t.Fatal("Resize kept the old table mapped")
	}
	// The new table is zeroed and usable to its last bucket.
	last := &tt.buckets[len(tt.buckets)-1]
	if *last != (ttBucket{}) {
		t.Fatal("new table not zeroed")
	}
	last[3].data = 1
}

// virtualMB is the process's mapped memory (VmSize).
func virtualMB(t *testing.T) int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status:", err)
	}
	for _, line := range bytes.Split(status, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmSize:")); ok {
			kb, err := strconv.Atoi(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte("kB")))))
			if err != nil {
				t.Fatal(err)
			}
			return kb >> 10
		}
	}
	t.Skip("no VmSize in /proc/self/status")
	return 0
}

// Tables dropped without a Resize (searchers of finished games, tests) are
// unmapped once collected, or a program that makes many would run out of
// address space.
func TestDroppedHashTablesAreUnmapped(t *testing.T) {
	before := virtualMB(t)
	const tables, sizeMB = 40, 64
	for range tables {
		tt := NewTranspositionTable(sizeMB)
		if tt.mapping == nil {
			t.Skip("the kernel refused the mapping; the table came from the Go heap")
		}
	}
	waitUnmapped(t, before, tables*sizeMB, "hash tables")
}

// waitUnmapped waits for the mapped memory to fall back to less than half
// of droppedMB above before: cleanups run on their own goroutine after a
// collection.
func waitUnmapped(t *testing.T, before, droppedMB int, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		after := virtualMB(t)
		if after < before+droppedMB/2 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("mapped memory %d MB after dropping %d MB of %s, %d MB before", after, droppedMB, what, before)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
