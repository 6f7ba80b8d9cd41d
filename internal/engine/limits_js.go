//go:build js

package engine

// In a browser (GOOS=js) the engine runs on the one thread of its Web
// Worker: goroutines take turns there, so helper threads of Lazy SMP would
// only share that thread with the main search. Threads can run in parallel
// in a page only as WebAssembly threads on a SharedArrayBuffer, which
// browsers give only to pages served cross-origin isolated (two special
// HTTP headers), and which Go's js/wasm port does not use.
//
// A WebAssembly module addresses at most 4 GB, and a tab that asks for
// more memory than the browser grants is killed without a word, so the
// hash stays far below that. Go cannot recover from a failed allocation,
// and the browser does not say how much memory is free (availableMemoryMB
// finds no /proc there).
const (
	MaxHashMB  = 1024
	MaxThreads = 1
)
