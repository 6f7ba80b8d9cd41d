// Package elo computes match figures from pentanomial counts as fastchess
// computes them, for every tool that reports a match: the ablation, the
// ledger and the page's Techniques data.
package elo

import (
	"math"
)

// Penta counts game pairs (the two games of one opening, one with each
// colour) by the points the technique's side ("on") took in them:
// [LL, LD, DD or WL, WD, WW] for 0, 0.5, 1, 1.5 and 2 points.
type Penta [5]int

// Pairs is the number of pairs counted.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// ci95 is the two-sided 95% quantile of the normal distribution, as
// fastchess uses it.
const ci95 = 1.959963984540054

// Result is what one row's pairs say, computed as fastchess computes its
// pentanomial figures (app/src/matchmaking/elo/elo_pentanomial.cpp): the
// mean score a game, its variance over pairs, the logistic Elo of the
// score with the half-width of the Elo interval of the score plus and minus 1.96 standard
// errors, and normalized Elo (the score's distance from 0.5 in standard
// deviations of a game, times 800/ln 10).
type Result struct {
	Pairs            int
	Score            float64 // mean points a game, 0 to 1
	Variance         float64 // variance of a pair's mean score
	Elo, EloErr      float64
	Lower, Upper     float64 // the Elo of the score's 95% bounds
	NElo, NEloErr    float64
	finite, hasError bool
}

// eloOf is the logistic Elo difference of a score; infinite at 0 and 1.
func eloOf(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

func neloOf(score, variance float64) float64 {
	return (score - 0.5) / math.Sqrt(2*variance) * (800 / math.Ln10)
}

// Stats computes a Result from a pentanomial.
func Stats(p Penta) Result {
	n := p.Pairs()
	r := Result{Pairs: n}
	if n == 0 {
		return r
	}
	f := func(i int) float64 { return float64(p[i]) / float64(n) }
	r.Score = f(4) + 0.75*f(3) + 0.5*f(2) + 0.25*f(1)
	for i, s := range []float64{0, 0.25, 0.5, 0.75, 1} {
		r.Variance += f(i) * (s - r.Score) * (s - r.Score)
	}
	r.Elo = eloOf(r.Score)
	r.finite = !math.IsInf(r.Elo, 0)
	if r.Variance == 0 {
		r.Lower, r.Upper = r.Elo, r.Elo
		return r
	}
	perPair := math.Sqrt(r.Variance / float64(n))
	hi, lo := r.Score+ci95*perPair, r.Score-ci95*perPair
	r.Lower, r.Upper = eloOf(lo), eloOf(hi)
	r.EloErr = (r.Upper - r.Lower) / 2
	r.NElo = neloOf(r.Score, r.Variance)
	r.NEloErr = (neloOf(hi, r.Variance) - neloOf(lo, r.Variance)) / 2
	r.hasError = !math.IsInf(r.EloErr, 0) && !math.IsNaN(r.EloErr)
	return r
}

// Finite: the Elo is a number (the score is neither 0 nor 1).
func (r Result) Finite() bool { return r.Pairs > 0 && r.finite }

// HasError: the interval is a finite number (some spread, no bound at 0
// or 1).
func (r Result) HasError() bool { return r.Finite() && r.hasError }
