//go:build race

package main

// Under "go test -race" the engine under test is built with the race
// detector too, so the protocol tests check the real binary's goroutines;
// it runs several times slower, so the time bounds stretch.
func init() {
	buildFlags = append(buildFlags, "-race")
	timeScale = 5
}
