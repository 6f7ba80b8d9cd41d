//go:build spsa

package main

import (
	"fmt"
	"io"

	"matador/internal/search"
)

// The spsa build ("go build -tags spsa") declares the tunable search
// parameters as UCI options (internal/uci/spsa.go) and prints their SPSA
// input, a line each, "name, int, value, min, max, c_end, r_end", as
// OpenBench and tools/spsa read it:
//
//	matador-spsa spsa-params
func init() {
	extraCommands["spsa-params"] = runSPSAParams
}

func runSPSAParams(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: matador spsa-params (no arguments)")
		return 2
	}
	fmt.Fprint(stdout, search.SPSAInput())
	return 0
}
