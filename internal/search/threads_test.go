package search

import (
	"slices"
	"testing"
	"time"

	"matador/internal/chess"
)

// Between them the first helpers search every depth, and none of them
// leaves out more than a few iterations in a row.
func TestHelperSkips(t *testing.T) {
	if helperSkips(1, 2) || !helperSkips(1, 3) || !helperSkips(2, 2) || helperSkips(2, 3) {
		t.Error("helper 1 should search the even depths, helper 2 the odd ones")
	}
	for depth := 1; depth <= 40; depth++ {
		searched := false
		for id := 1; id <= 2; id++ {
			searched = searched || !helperSkips(id, depth)
		}
		if !searched {
			t.Errorf("depth %d: skipped by helpers 1 and 2", depth)
		}
	}
	for id := 1; id <= 12; id++ {
		run := 0
		for depth := 1; depth <= 60; depth++ {
			if !helperSkips(id, depth) {
				run = 0
				continue
			}
			if run++; run > 1+(id-1)/2 {
				t.Errorf("helper %d skips more than %d depths in a row at depth %d", id, 1+(id-1)/2, depth)
				break
			}
		}
	}
}

func threadsPosition(t *testing.T) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN("r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// With helpers, a search still returns a legal move with its PV, the
// helpers have searched, and the node count is everyone's.
func TestThreadsSearch(t *testing.T) {
	s := NewSearcher(16)
	s.SetThreads(3)
	if s.Threads() != 3 {
		t.Fatalf("Threads() = %d after SetThreads(3)", s.Threads())
	}
	pos := threadsPosition(t)
	// A helper the operating system does not run before the main thread
	// has finished (a loaded machine) searches nothing, which is no fault:
	// each helper must have searched in one of a few searches.
	searched := make([]bool, len(s.helpers))
	for range 5 {
		s.NewGame()
		res := s.Search(pos, Limits{Depth: 9}, Options{}, Reporter{})
		if !pos.IsLegal(res.Best) || res.Depth != 9 {
			t.Fatalf("best %v at depth %d", res.Best, res.Depth)
		}
		total := s.main.nodes
		for i, h := range s.helpers {
			searched[i] = searched[i] || h.nodes > 0
			total += h.nodes
		}
		if res.Nodes != total {
			t.Errorf("result counts %d nodes, the threads searched %d", res.Nodes, total)
		}
		if !slices.Contains(searched, false) {
			break
		}
	}
	for i, ok := range searched {
		if !ok {
			t.Errorf("helper %d searched no node in five searches", i+1)
		}
	}
	// A second search after a new game works the same way.
	s.NewGame()
	if res := s.Search(pos, Limits{Depth: 6}, Options{}, Reporter{}); !pos.IsLegal(res.Best) {
		t.Errorf("second search: best %v", res.Best)
	}
	s.SetThreads(1)
	if s.Threads() != 1 || len(s.helpers) != 0 {
		t.Errorf("SetThreads(1) left %d helpers", len(s.helpers))
	}
}

// Stop ends an infinite search with helpers promptly, and the node limit
// counts the helpers' nodes.
func TestThreadsStopAndNodes(t *testing.T) {
	s := NewSearcher(16)
	s.SetThreads(2)
	pos := threadsPosition(t)
	done := make(chan Result)
	s.Prepare(false)
	go func() { done <- s.Search(pos, Limits{Infinite: true}, Options{}, Reporter{}) }()
	time.Sleep(100 * time.Millisecond)
	s.Stop()
	select {
	case res := <-done:
		if !pos.IsLegal(res.Best) {
			t.Errorf("stopped search: best %v", res.Best)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the search with a helper did not stop")
	}

	const limit = 300_000
	res := s.Search(pos, Limits{Nodes: limit}, Options{}, Reporter{})
	if res.Nodes < limit || res.Nodes > 2*limit {
		t.Errorf("node limit %d: searched %d", limit, res.Nodes)
	}
	if h := s.helpers[0].nodes; h == 0 || res.Nodes != s.main.nodes+h {
		t.Errorf("node limit %d: main thread %d, helper %d, result %d", limit, s.main.nodes, h, res.Nodes)
	}
}
