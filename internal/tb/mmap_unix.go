//go:build (linux || darwin || freebsd || netbsd || openbsd || dragonfly) && !tbreadat

package tb

import (
	"fmt"
	"syscall"

	"matador/internal/toolio"
)

// mapping is a table file mapped read-only into memory: the operating system
// reads its pages on demand and keeps the ones in use in its page cache, so a
// set of any size costs only the pages probed.
type mapping struct {
	data []byte
}

func openMapping(path string) (*mapping, error) {
	f, err := toolio.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := info.Size()
	if size < minFileSize {
		return nil, fmt.Errorf("truncated: %d bytes", size)
	}
	if int64(int(size)) != size {
		return nil, fmt.Errorf("%d bytes: too large to map on this machine", size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mmap: %w", err)
	}
	return &mapping{data: data}, nil
}

func (m *mapping) size() int64 { return int64(len(m.data)) }

// bytes returns n bytes from off, or nil when they are not all in the file.
// The slice points into the mapping: nothing is copied or allocated.
func (m *mapping) bytes(off, n int64) []byte {
	if off < 0 || n < 0 || off > int64(len(m.data)) || n > int64(len(m.data))-off {
		return nil
	}
	return m.data[off : off+n : off+n]
}

func (m *mapping) close() error {
	if m.data == nil {
		return nil
	}
	err := syscall.Munmap(m.data)
	m.data = nil
	return err
}

// headerChunk: the whole mapping is at hand, so the header is parsed in one go.
const headerChunk = 1 << 62

// mapped: probes read the mapping in place and allocate nothing.
const mapped = true
