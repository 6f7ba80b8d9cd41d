//go:build spsa

package uci

import (
	"strings"
	"testing"

	"matador/internal/engine"
	"matador/internal/search"
)

// The spsa build declares every tunable parameter, and setoption moves it.
func TestSPSAOptions(t *testing.T) {
	defer search.ResetTunables()
	var out syncBuffer
	s := NewSession(engine.New(), &out)
	s.Handle("uci")
	got := out.take()
	for _, p := range search.Tunables() {
		if !strings.Contains(got, "option name "+p.Name+" type spin default ") {
			t.Errorf("no option %s in\n%s", p.Name, got)
		}
	}
	if !strings.Contains(got, "option name ReverseFutilityMargin type spin default 80 min 30 max 160\n") {
		t.Errorf("ReverseFutilityMargin's declaration is not as expected:\n%s", got)
	}
	s.Handle("setoption name ReverseFutilityMargin value 95")
	s.Handle("setoption name lmrlogdivisor100 value 200")
	if got := out.take(); got != "" {
		t.Errorf("setoption: unexpected output %q", got)
	}
	if search.ReverseFutilityMargin != 95 || search.LMRLogDivisor != 2 {
		t.Errorf("ReverseFutilityMargin %d, LMRLogDivisor %v", search.ReverseFutilityMargin, search.LMRLogDivisor)
	}
	s.Handle("setoption name ReverseFutilityMargin value 1000")
	if got := out.take(); !strings.Contains(got, "info string setoption: ReverseFutilityMargin must lie in [30, 160]") ||
		search.ReverseFutilityMargin != 95 {
		t.Errorf("out of range: %q, ReverseFutilityMargin %d", got, search.ReverseFutilityMargin)
	}
	// During a search: it goes on, and the value is set once it ends.
	before := search.NullMoveBaseR
	s.Handle("go infinite")
	s.Handle("setoption name NullMoveBaseR value 4")
	if got := out.take(); strings.Contains(got, "bestmove ") || search.NullMoveBaseR != before {
		t.Errorf("setoption during a search: %q, NullMoveBaseR %d before the search ended", got, search.NullMoveBaseR)
	}
	s.Handle("stop")
	s.engine.Wait()
	if got := out.take(); !strings.Contains(got, "bestmove ") || search.NullMoveBaseR != 4 {
		t.Errorf("setoption during a search: %q, NullMoveBaseR %d after it", got, search.NullMoveBaseR)
	}
}
