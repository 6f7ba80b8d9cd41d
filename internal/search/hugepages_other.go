//go:build !linux

package search

// mapTable is mapTable of hugepages_linux.go where the kernel has no
// transparent huge pages to ask for: the table comes from the Go heap.
func mapTable(size int) (mem []byte, m *tableMapping, ok bool) { return nil, nil, false }

// tableMapping is never made here.
type tableMapping struct{}

func (m *tableMapping) unmap() {}
