//go:build spsa

package uci

import (
	"strconv"

	"matador/internal/engine"
	"matador/internal/search"
)

// A build with the tag spsa ("go build -tags spsa") declares every tunable
// search parameter (search.Tunables) as a spin option of its own name, so
// that tools/spsa can play two settings of one binary against each other.
// Set during a search, one waits for it to return; the next search plays
// it.
func init() {
	for _, t := range search.Tunables() {
		name := t.Name
		options = append(options, option{name: name, kind: "spin", def: strconv.Itoa(t.Default), min: t.Min, max: t.Max,
			set: spinSetter(name, "a number", func(e *engine.Engine, n int) error {
				return e.SetTunable(name, n)
			})})
	}
}
