package eval

import (
	"strings"
	"testing"

	"matador/internal/chess"
)

func TestApplySwitchSpec(t *testing.T) {
	p := DefaultParams()
	// Whatever the defaults, flip two switches of the copy.
	threats, space := !p.UseThreats, !p.UseSpace
	spec := map[bool]string{true: "+", false: "-"}
	if err := ApplySwitchSpec(p, spec[threats]+"UseThreats, "+spec[space]+"UseSpace"); err != nil {
		t.Fatal(err)
	}
	if p.UseThreats != threats || p.UseSpace != space || defaultParams.UseThreats == threats || defaultParams.UseSpace == space {
		t.Errorf("switches not applied to the copy alone: %v %v %v %v", p.UseThreats, p.UseSpace, defaultParams.UseThreats, defaultParams.UseSpace)
	}
	for _, bad := range []string{"+Frobnicate", "-PieceValue", "+KingSafetyTable"} {
		if err := ApplySwitchSpec(p, bad); err == nil || !strings.Contains(err.Error(), "UseThreats") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if err := ApplySwitchSpec(p, NewTerms); err != nil {
		t.Fatal(err)
	}
}

// TestNewTermsOffChangeNothing: with NewTerms' switches (both fits'
// terms) off, changed weights of the first fit's terms leave the score as
// it was; with the switches on, the score changes.
func TestNewTermsOffChangeNothing(t *testing.T) {
	pos, _ := chess.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8")
	off := strings.ReplaceAll(NewTerms, "+", "-")
	p, q := DefaultParams(), DefaultParams()
	for _, params := range []*Params{p, q} {
		if err := ApplySwitchSpec(params, off); err != nil {
			t.Fatal(err)
		}
	}
	p.SpaceSquare, p.ComplexityAdjust = S(7, 7), S(0, -30)
	p.ThreatByPawn[chess.Knight] = S(50, 50)
	base := NewEvaluatorWith(q).Evaluate(pos)
	if got := NewEvaluatorWith(p).Evaluate(pos); got != base {
		t.Errorf("weights of switched-off terms moved the score: %d, %d", got, base)
	}
	if err := ApplySwitchSpec(p, NewTerms); err != nil {
		t.Fatal(err)
	}
	if got := NewEvaluatorWith(p).Evaluate(pos); got == base {
		t.Errorf("the new terms switched on changed nothing (%d)", got)
	}
}
