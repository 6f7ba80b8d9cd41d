//go:build js

package search

import "time"

// In a browser (GOOS=js) the Go runtime runs on one thread, the Web
// Worker's, and it hands control back to JavaScript only when every
// goroutine is blocked. A search never blocks: without a pause, the lines
// the page posts meanwhile ("stop", "isready") would wait in the worker's
// message queue until the search ended by itself, and an infinite analysis
// would never end.
//
// So the search sleeps briefly every hostYieldInterval. The sleep parks its
// goroutine, the runtime returns to JavaScript, the worker delivers the
// queued lines to the goroutine that reads standard input, and a timer
// resumes the search. Each pause costs about a millisecond (a few in a
// browser, which clamps nested timers), a few percent of the search's
// speed at this interval; the interval is also the longest a "stop" waits.
const hostYieldInterval = 100 * time.Millisecond

// lastHostYield needs no lock: GOOS=js has a single thread, and goroutines
// switch only where they block.
var lastHostYield time.Time

// yieldToHost is called every LimitCheckNodes nodes (checkLimits).
func yieldToHost() {
	now := time.Now()
	if now.Sub(lastHostYield) < hostYieldInterval {
		return
	}
	time.Sleep(time.Millisecond)
	lastHostYield = time.Now()
}
