//go:build !amd64 && !arm64

package search

import "unsafe"

// prefetch is a hint that this architecture goes without.
func prefetch(unsafe.Pointer) {}
