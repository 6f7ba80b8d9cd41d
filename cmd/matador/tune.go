//go:build !js

package main

import (
	"io"

	"matador/internal/tune"
)

// runTune is "matador tune": fitting the evaluation's weights to games.
func runTune(args []string, stdout, stderr io.Writer) int {
	return tune.Main(args, stdout, stderr)
}
