//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

// hugePageSize is the transparent huge page of x86-64 and arm64 Linux.
const hugePageSize = 2 << 20

// madvHugePage is MADV_HUGEPAGE, which the syscall package does not name.
const madvHugePage = 14

// mapTable returns size bytes of zeroed memory outside the Go heap for a
// table that holds no Go pointers, aligned to 2 MB and marked for
// transparent huge pages. A hash table probed at random misses the TLB on
// nearly every probe when its pages are 4 KB (a 16 MB table spans 4,096 of
// them); in 2 MB pages it spans eight. Ethereal and Stockfish allocate
// their tables the same way. A kernel whose transparent huge pages are set
// to "madvise" (/sys/kernel/mm/transparent_hugepage/enabled) gives them
// only to memory marked so, and the Go heap got none (docs/strength.md,
// "Huge pages"). ok is false when the kernel refuses the mapping, and the
// caller then allocates from the Go heap.
func mapTable(size int) (mem []byte, m *tableMapping, ok bool) {
	whole, err := syscall.Mmap(-1, 0, size+hugePageSize,
		syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS)
	if err != nil {
		return nil, nil, false
	}
	skip := 0
	if r := uintptr(unsafe.Pointer(unsafe.SliceData(whole))) % hugePageSize; r != 0 {
		skip = int(hugePageSize - r)
	}
	mem = whole[skip : skip+size : skip+size]
	// A kernel without transparent huge pages refuses the advice; the
	// memory then serves in small pages, as the Go heap's would.
	_ = syscall.Madvise(mem, madvHugePage)
	return mem, &tableMapping{whole: whole}, true
}

// tableMapping is one mapping made by mapTable.
type tableMapping struct{ whole []byte }

// unmap returns the mapping to the kernel; later calls do nothing, so that
// Resize and the table's cleanup may both call it.
func (m *tableMapping) unmap() {
	if m != nil && m.whole != nil {
		_ = syscall.Munmap(m.whole)
		m.whole = nil
	}
}
