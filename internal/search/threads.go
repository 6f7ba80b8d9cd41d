package search

import (
	"unsafe"

	"matador/internal/eval"
)

// Lazy SMP. More threads search the same root at once, each with its own
// position, evaluator, history and stack, sharing only the hash table:
// what one thread stores, the others find, so together they cover the tree
// faster than one. The main thread alone keeps the clock, reports and picks
// the move; the helpers run iterative deepening without a clock (within
// the depth and move limits) until it stops them. Helpers skip some
// iterations (helperSkips) so that they run ahead of the main thread
// instead of repeating its work.

// MaxThreads is the most search threads (workers) a Searcher runs.
const MaxThreads = 256

// SetThreads sets the number of search threads, n from 1 to MaxThreads;
// the main thread is one of them. Call it while no search runs.
func (s *Searcher) SetThreads(n int) {
	n = min(max(n, 1), MaxThreads)
	if len(s.helpers) > n-1 {
		clear(s.helpers[n-1:]) // let the dropped helpers' tables go
		s.helpers = s.helpers[:n-1]
	}
	for len(s.helpers) < n-1 {
		s.helpers = append(s.helpers, newWorker(s, len(s.helpers)+1))
	}
}

// HelperBytes is the memory one more search thread takes: its worker
// (history tables, stack) and its evaluator (pawn hash).
func HelperBytes() int {
	return int(unsafe.Sizeof(worker{}) + unsafe.Sizeof(eval.Evaluator{}))
}

// Threads returns the number of search threads.
func (s *Searcher) Threads() int { return 1 + len(s.helpers) }

// startHelpers sets the helpers searching the root the main thread is
// about to search, within its depth and move limits but without a clock.
func (s *Searcher) startHelpers() {
	m := s.main
	limits := Limits{Infinite: true, Depth: m.limits.Depth, SearchMoves: m.limits.SearchMoves}
	s.helpersDone.Add(len(s.helpers))
	for _, h := range s.helpers {
		h.Switches = s.Switches
		// Prepared before the goroutine starts, so that a stop sent at
		// once reaches it; the root is copied here, as the main thread
		// goes on to make moves on its own.
		h.prepare(false)
		h.shareTablebases(m)
		root := m.pos.Clone()
		go func() {
			defer s.helpersDone.Done()
			h.begin(root, limits, Options{MultiPV: 1}, Reporter{})
			if len(h.rootMoves) > 0 {
				h.iterate()
			}
			h.published.Store(h.nodes)
		}()
	}
}

// stopHelpers stops the helpers and waits until they have returned; their
// node counts are final after it.
func (s *Searcher) stopHelpers() {
	for _, h := range s.helpers {
		h.stop()
	}
	s.helpersDone.Wait()
}

// helperNodes is the nodes the helpers have searched, as they last
// published them (exact once they have returned).
func (s *Searcher) helperNodes() uint64 {
	var n uint64
	for _, h := range s.helpers {
		n += h.published.Load()
	}
	return n
}

// helperSkips reports whether helper id (1, 2, ...) leaves out the
// iteration of this depth. Helper 1 searches the even depths, helper 2 the
// odd ones; helpers 3 and 4 keep or skip depths in pairs, 5 and 6 in
// threes, and so on, each pair in opposite phase. Together they are spread
// over the next few depths, while the main thread searches every one.
func helperSkips(id, depth int) bool {
	block := 1 + (id-1)/2
	phase := (id - 1) % 2 * block
	return (depth+phase)/block%2 == 1
}
