//go:build amd64 || arm64

package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr closer, so
// that a hash probe a little later finds it there (Stockfish prefetches
// the entry of the position after a move the same way). It is a hint:
// nothing is read or written.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
