package search

import (
	"testing"

	"matador/internal/chess"
)

// searchSetupAllocs bounds what one search allocates to set up: the copy
// of the position with its history, and little else.
const searchSetupAllocs = 4

// No allocation in the search's hot path: once a Searcher has searched,
// a search allocates only its few setup objects, as many for thousands of
// nodes as for a handful.
func TestSearchAllocatesNothingPerNode(t *testing.T) {
	s := NewSearcher(1)
	for _, i := range []int{0, 5, 20, 40} {
		pos, err := chess.ParseFEN(BenchPositions[i])
		if err != nil {
			t.Fatal(err)
		}
		search := func(depth int) (allocs float64, nodes uint64) {
			allocs = testing.AllocsPerRun(2, func() {
				s.NewGame()
				nodes = s.Search(pos, Limits{Depth: depth}, Options{MultiPV: 1}, Reporter{}).Nodes
			})
			return allocs, nodes
		}
		search(9) // the root-move slots, the PVs' arrays
		shallow, _ := search(1)
		deep, nodes := search(9)
		if deep > shallow || deep > searchSetupAllocs {
			t.Errorf("position %d: a search of %d nodes allocates %.0f objects, one of depth 1 %.0f (at most %d)",
				i+1, nodes, deep, shallow, searchSetupAllocs)
		}
	}
}
