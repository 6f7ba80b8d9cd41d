//go:build !linux

package search

// mapTable maps nothing on systems without Linux's transparent huge pages
// (see hugepages_linux.go): the caller allocates the table from the Go heap.
func mapTable(size int) (mem []byte, m *tableMapping, ok bool) { return nil, nil, false }

// tableMapping is never made here.
type tableMapping struct{}

func (m *tableMapping) unmap() {}
