//go:build !spsa

package uci

import (
	"strings"
	"testing"

	"matador/internal/engine"
	"matador/internal/search"
)

// Only the spsa build declares the tunable search parameters: the normal
// engine's options stay as they were.
func TestNoSPSAOptionsInTheNormalBuild(t *testing.T) {
	var out syncBuffer
	s := NewSession(engine.New(), &out)
	s.Handle("uci")
	got := out.take()
	for _, p := range search.Tunables() {
		if strings.Contains(got, "option name "+p.Name+" ") {
			t.Errorf("the normal build declares %s", p.Name)
		}
	}
	before := search.ReverseFutilityMargin
	s.Handle("setoption name ReverseFutilityMargin value 95")
	if got := out.take(); !strings.Contains(got, "no option named") || search.ReverseFutilityMargin != before {
		t.Errorf("setoption ReverseFutilityMargin: %q, value %d", got, search.ReverseFutilityMargin)
	}
}
