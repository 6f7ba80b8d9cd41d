package engine

import (
	"sync/atomic"

	"matador/internal/chess"
	"matador/internal/search"
)

// Perft counts the leaves of the legal move tree of the current position
// depth plies deep (the root move included), root move by root move, on a
// goroutine of its own like a search, so that a front end keeps reading
// commands: Stop ends it early, Wait waits for it, and the next Go or
// Perft stops it and waits for it to end. onMove runs for each root move
// as its count is done, then onDone with the total and whether every root
// move was counted (false after Stop). Both run on the perft goroutine and
// may be nil.
func (e *Engine) Perft(depth int, onMove func(m chess.Move, nodes uint64), onDone func(total uint64, complete bool)) {
	e.lockIdle()
	root := e.game.pos.Clone()
	r := newRun()
	e.current = r
	e.mu.Unlock()

	go func() {
		var legal chess.MoveList
		root.GenerateLegal(&legal)
		var total uint64
		complete := true
		for _, m := range legal.Slice() {
			root.MakeMove(m)
			nodes, ok := perftUntil(root, depth-1, &r.halted)
			root.UnmakeMove(m)
			if !ok {
				complete = false
				break
			}
			total += nodes
			if onMove != nil {
				onMove(m, nodes)
			}
		}
		e.finishRun(r)
		if onDone != nil {
			onDone(total, complete)
		}
		e.settle()
		close(r.done)
	}()
}

// perftUntil is chess.Perft that gives up, with ok false, once halt is
// set. The flag is read at every node two or more plies from the leaves:
// one atomic load beside a move generation. There too the browser build
// lets its event loop run (search.YieldToHost): with a single thread, it
// could not deliver "stop" otherwise.
func perftUntil(p *chess.Position, depth int, halt *atomic.Bool) (nodes uint64, ok bool) {
	if depth <= 0 {
		return 1, true
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N), true
	}
	if halt.Load() {
		return 0, false
	}
	search.YieldToHost()
	for _, m := range ml.Slice() {
		p.MakeMove(m)
		n, ok := perftUntil(p, depth-1, halt)
		p.UnmakeMove(m)
		if !ok {
			return 0, false
		}
		nodes += n
	}
	return nodes, true
}
