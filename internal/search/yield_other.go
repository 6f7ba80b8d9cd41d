//go:build !js

package search

// yieldToHost is needed only in a browser (yield_js.go); here the input
// loop runs on a thread of its own.
func yieldToHost() {}
