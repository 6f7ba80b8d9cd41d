package search

import (
	"math"
	"math/rand"
	"testing"
)

// TestFirstHighest checks the picker's search for the highest score, in
// whichever form this build runs, against the plain loop: every length a
// move list can have, scores drawn from a narrow range (many ties) and
// from the whole one, the highest at either end.
func TestFirstHighest(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var scores [256]int32
	for n := 1; n <= len(scores); n++ {
		for trial := 0; trial < 50; trial++ {
			s := scores[:n]
			for i := range s {
				switch trial % 3 {
				case 0:
					s[i] = int32(rng.Intn(4)) - 2
				case 1:
					s[i] = int32(rng.Uint32())
				default:
					s[i] = math.MinInt32 + int32(rng.Intn(3))
				}
			}
			if trial == 10 {
				s[n-1] = math.MaxInt32
			}
			if trial == 11 {
				s[0] = math.MaxInt32
			}
			if got, want := firstHighest(s), scalarFirstHighest(s); got != want {
				t.Fatalf("%d scores %v: firstHighest %d, the plain loop %d", n, s, got, want)
			}
		}
	}
}
