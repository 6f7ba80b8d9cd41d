//go:build spsa

package main

import (
	"strings"
	"testing"

	"matador/internal/search"
)

// Under "go test -tags spsa" the engine under test is the spsa build.
func init() {
	buildFlags = append(buildFlags, "-tags", "spsa")
}

func TestSPSAParamsSubcommand(t *testing.T) {
	t.Parallel()
	out, err := run(t, "spsa-params")
	if err != nil {
		t.Fatalf("spsa-params: %v\n%s", err, out)
	}
	if out != search.SPSAInput() {
		t.Errorf("spsa-params printed\n%s\nwant\n%s", out, search.SPSAInput())
	}
	if !strings.Contains(out, "ReverseFutilityMargin, int, 80, 30, 160, 6, 0.01\n") {
		t.Errorf("no ReverseFutilityMargin line in\n%s", out)
	}
	if out, err := run(t, "spsa-params", "extra"); err == nil {
		t.Errorf("spsa-params extra succeeded:\n%s", out)
	}
}
