package main

import "matador/tools/internal/elo"

// Penta counts game pairs by the points the technique's side ("on") took
// in them: [LL, LD, DD or WL, WD, WW] for 0, 0.5, 1, 1.5 and 2 points.
type Penta = elo.Penta

// Result is what one row's pairs say (elo.Result).
type Result = elo.Result

// Stats computes a Result from a pentanomial.
func Stats(p Penta) Result { return elo.Stats(p) }

// StopRule says when a row has played enough: at the cap, or after at
// least Min games once the 95% interval of its Elo lies wholly beyond
// Margin Elo either way (lower bound above +Margin, or upper bound below -Margin).
type StopRule struct {
	Min, Cap int
	Margin   float64
}

// Done reports whether a row of this many games with this result stops,
// and why.
func (s StopRule) Done(games int, r Result) (bool, string) {
	if games >= s.Cap {
		return true, "cap"
	}
	if games < s.Min || r.Pairs == 0 {
		return false, ""
	}
	if r.Lower > s.Margin {
		return true, "clear gain"
	}
	if r.Upper < -s.Margin {
		return true, "clear loss"
	}
	return false, ""
}
