//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly) || tbreadat

package tb

import (
	"fmt"
	"os"

	"matador/internal/toolio"
)

// mapping reads a table file on demand where memory mapping is not used
// (Windows and the rarer systems; elsewhere too with the build tag tbreadat,
// which tests it): each probe reads the few bytes it needs with ReadAt, which
// is safe from many goroutines at once. The file stays open until the tables
// are closed.
type mapping struct {
	f        *os.File
	fileSize int64
}

func openMapping(path string) (*mapping, error) {
	f, err := toolio.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if info.Size() < minFileSize {
		f.Close()
		return nil, fmt.Errorf("truncated: %d bytes", info.Size())
	}
	return &mapping{f: f, fileSize: info.Size()}, nil
}

func (m *mapping) size() int64 { return m.fileSize }

// bytes reads n bytes from off, or returns nil when they are not all in the
// file or cannot be read.
func (m *mapping) bytes(off, n int64) []byte {
	if off < 0 || n < 0 || off > m.fileSize || n > m.fileSize-off {
		return nil
	}
	buf := make([]byte, n)
	if _, err := m.f.ReadAt(buf, off); err != nil {
		return nil
	}
	return buf
}

func (m *mapping) close() error {
	if m.f == nil {
		return nil
	}
	err := m.f.Close()
	m.f = nil
	return err
}

// headerChunk is the first part of a file read to parse its header; a header
// longer than that (a table with many symbols) is read again, four times as
// much each time.
const headerChunk = 4 << 10

// mapped: probes read the file and allocate their buffers.
const mapped = false
