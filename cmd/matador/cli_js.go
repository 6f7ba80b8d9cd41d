//go:build js

package main

import (
	"fmt"
	"io"
)

// The WebAssembly build (GOOS=js, "make wasm") runs in a browser's Web
// Worker, which has no file system and no signals: the subcommands that
// read or write files (books, tablebases, test suites, training data, the
// tuner) are left out, which also makes the module a third smaller. The
// engine, bench, perft and analyze of a FEN stay.

func runDatagen(_ []string, stderr io.Writer) int { return notInBrowser("datagen", stderr) }

func runBook(_ []string, _, stderr io.Writer) int { return notInBrowser("book", stderr) }

func runTB(_ []string, _, stderr io.Writer) int { return notInBrowser("tb", stderr) }

func runEPD(_ []string, _, stderr io.Writer) int { return notInBrowser("epd", stderr) }

func runTune(_ []string, _, stderr io.Writer) int { return notInBrowser("tune", stderr) }

func notInBrowser(command string, stderr io.Writer) int {
	fmt.Fprintf(stderr, "matador %s: not in the WebAssembly build, which has no files; use the native binary\n", command)
	return 2
}
