package engine

import (
	"strings"
	"testing"
)

// TestEvalSaysWhichEvaluationPlays: eval names the net as in use only for
// positions the search evaluates with it; for a bare king or lopsided
// material it says that the classical evaluation plays, and why.
func TestEvalSaysWhichEvaluationPlays(t *testing.T) {
	e := New()
	for _, c := range []struct {
		fen  string
		want []string
	}{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []string{"in use (Use NNUE true)"}},
		{"8/8/8/4k3/8/8/8/4K2R w K - 0 1", []string{"not used for this position", "Black has a bare king", "classical evaluation below plays"}},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []string{"not used for this position", "material", "NNUEImbalance", "classical evaluation below plays"}},
	} {
		if err := e.SetPosition(c.fen, nil); err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(e.EvalTrace(), "\n")
		for _, w := range c.want {
			if !strings.Contains(first, w) {
				t.Errorf("%s: %q does not say %q", c.fen, first, w)
			}
		}
		if len(c.want) > 1 && strings.Contains(first, "in use") {
			t.Errorf("%s: %q", c.fen, first)
		}
	}
	e.SetUseNNUE(false)
	if first, _, _ := strings.Cut(e.EvalTrace(), "\n"); !strings.Contains(first, "not in use (Use NNUE false)") {
		t.Errorf("Use NNUE false: %q", first)
	}
}
