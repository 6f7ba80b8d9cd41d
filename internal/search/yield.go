package search

// YieldToHost gives a browser's event loop its turn when one is due
// (yield_js.go; nothing elsewhere). Work outside a search that runs long
// on the engine's goroutine, perft, calls it as the search does, so that
// "stop" and "isready" are read meanwhile.
func YieldToHost() { yieldToHost() }
