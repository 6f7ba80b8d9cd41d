package main

import (
	"math"
	"testing"
)

// fastchess's own figures for pentanomials of docs/strength.md, as it
// printed them (Elo ± 95%, nElo ± 95%, rounded to 0.1).
var statsVectors = []struct {
	penta                Penta
	elo, err, nelo, nerr float64
	hasNElo              bool
	where                string
}{
	{Penta{3, 15, 79, 79, 24}, 94.3, 22.2, 152.5, 34.1, true, "bar14 of the ledger, 400 games at 10+0.1"},
	{Penta{6, 37, 92, 74, 27}, 58.7, 21.9, 85.9, 31.3, true, "CorrectionHistory, SingularDouble, IIReduction"},
	{Penta{4, 29, 50, 32, 5}, 7.2, 28.0, 11.4, 44.0, true, "ClockNodeShare and ClockStableFloor"},
	{Penta{8, 52, 83, 48, 9}, -1.7, 22.1, -2.7, 34.1, true, "the four open switches of the seeds' era"},
	{Penta{9, 52, 104, 86, 19}, 34.9, 19.7, 0, 0, false, "the first fit, 540 games"},
	{Penta{3, 19, 59, 55, 27}, 91.6, 27.5, 0, 0, false, "the fitted weights against 89e99a1"},
	{Penta{1, 4, 14, 48, 35}, 214.4, 41.2, 0, 0, false, "the fitted weights against a272175"},
}

// near: a figure printed to 0.01 and rounded to 0.1 in the document is
// within 0.05 (and a little, for a printed ..5 rounded up) of ours.
func near(a, b float64) bool { return math.Abs(a-b) <= 0.055 }

func TestStatsKnownVectors(t *testing.T) {
	for _, v := range statsVectors {
		r := Stats(v.penta)
		if !near(r.Elo, v.elo) || !near(r.EloErr, v.err) {
			t.Errorf("%v (%s): Elo %.2f ± %.2f, fastchess %.1f ± %.1f", v.penta, v.where, r.Elo, r.EloErr, v.elo, v.err)
		}
		if v.hasNElo && (!near(r.NElo, v.nelo) || !near(r.NEloErr, v.nerr)) {
			t.Errorf("%v (%s): nElo %.2f ± %.2f, fastchess %.1f ± %.1f", v.penta, v.where, r.NElo, r.NEloErr, v.nelo, v.nerr)
		}
		if r.Pairs != v.penta.Pairs() || !r.HasError() {
			t.Errorf("%v: %d pairs, HasError %v", v.penta, r.Pairs, r.HasError())
		}
	}
}

func TestStatsEdges(t *testing.T) {
	if r := Stats(Penta{}); r.Pairs != 0 || r.Finite() {
		t.Errorf("no pairs: %+v", r)
	}
	if r := Stats(Penta{0, 0, 10, 0, 0}); !r.Finite() || r.Elo != 0 || r.HasError() {
		t.Errorf("all even pairs: Elo %v, HasError %v (no spread, no interval)", r.Elo, r.HasError())
	}
	if r := Stats(Penta{0, 0, 0, 0, 3}); r.Finite() {
		t.Errorf("all won: Elo %v should not be finite", r.Elo)
	}
	// The mirror image of a pentanomial has the opposite figures.
	a, b := Stats(Penta{6, 37, 92, 74, 27}), Stats(Penta{27, 74, 92, 37, 6})
	if !near(a.Elo, -b.Elo) || !near(a.EloErr, b.EloErr) || !near(a.NElo, -b.NElo) {
		t.Errorf("mirror: %+v against %+v", a, b)
	}
}

func TestStopRule(t *testing.T) {
	rule := StopRule{Min: 200, Cap: 800, Margin: 2}
	clear := Stats(Penta{3, 15, 79, 79, 24}) // +94 ± 22
	loss := Stats(Penta{24, 79, 79, 15, 3})  // -94 ± 22
	even := Stats(Penta{8, 52, 83, 48, 9})   // -1.7 ± 22
	small := Stats(Penta{0, 40, 40, 60, 0})  // about +25 ± 24: lower bound +0.8, between 0 and 10
	for _, c := range []struct {
		games int
		r     Result
		rule  StopRule
		done  bool
		why   string
	}{
		{198, clear, rule, false, ""},
		{200, clear, rule, true, "clear gain"},
		{400, loss, rule, true, "clear loss"},
		{400, even, rule, false, ""},
		{798, even, rule, false, ""},
		{800, even, rule, true, "cap"},
		{900, even, rule, true, "cap"},
		{280, small, StopRule{Min: 200, Cap: 800, Margin: 0}, true, "clear gain"},
		{280, small, StopRule{Min: 200, Cap: 800, Margin: 10}, false, ""},
	} {
		done, why := c.rule.Done(c.games, c.r)
		if done != c.done || why != c.why {
			t.Errorf("%d games, %+.1f [%+.1f, %+.1f], margin %v: %v %q, want %v %q",
				c.games, c.r.Elo, c.r.Lower, c.r.Upper, c.rule.Margin, done, why, c.done, c.why)
		}
	}
}
