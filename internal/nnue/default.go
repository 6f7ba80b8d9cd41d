package nnue

import (
	_ "embed"
	"sync"
)

// defaultFile is the net every build carries, so that the binary, go run
// and the browser build evaluate with it from any directory.
//
//go:embed default.nnue
var defaultFile []byte

// Default is the embedded net. The embedded file is checked by the tests,
// so a build whose net does not load is a build fault and panics.
var Default = sync.OnceValue(func() *Net {
	n, err := Parse(defaultFile)
	if err != nil {
		panic("nnue: the embedded net does not load: " + err.Error())
	}
	return n
})

// DefaultFileName is the embedded net's name as an EvalFile value, in
// Stockfish's form: its ID and ".nnue".
func DefaultFileName() string { return Default().ID + ".nnue" }
