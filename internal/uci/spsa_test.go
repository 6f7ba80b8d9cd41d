//go:build spsa

package uci

import (
	"fmt"
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
	// The declaration carries the code's own default and range, so that
	// a retuned default does not need this test changed.
	var rfm search.Tunable
	for _, p := range search.Tunables() {
		if p.Name == "ReverseFutilityMargin" {
			rfm = p
		}
	}
	if rfm.Name == "" || rfm.Min > 95 || rfm.Max < 95 || rfm.Max >= 1000 {
		t.Fatalf("ReverseFutilityMargin: %+v; the test sets it to 95 and to 1000", rfm)
	}
	want := fmt.Sprintf("option name ReverseFutilityMargin type spin default %d min %d max %d\n", rfm.Default, rfm.Min, rfm.Max)
	if !strings.Contains(got, want) {
		t.Errorf("ReverseFutilityMargin's declaration is not %q:\n%s", want, got)
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
	if got := out.take(); !strings.Contains(got, fmt.Sprintf("info string setoption: ReverseFutilityMargin must lie in [%d, %d]", rfm.Min, rfm.Max)) ||
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
