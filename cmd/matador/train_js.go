//go:build js

package main

import "io"

// The browser has no files to train on (cli_js.go).
func runTrain(_ []string, _, stderr io.Writer) int { return notInBrowser("train", stderr) }
