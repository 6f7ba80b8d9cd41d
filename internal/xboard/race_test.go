//go:build race

package xboard

// Under "go test -race" the engine under test is built with the race
// detector too, so that the session's goroutines (command loop, search
// callbacks, ponder and analysis restarts) are checked in the real binary;
// it runs several times slower, so the latency bounds stretch.
func init() {
	buildFlags = append(buildFlags, "-race")
	timeScale = 5
}
