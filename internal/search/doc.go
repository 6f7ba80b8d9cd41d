// Package search finds the best move: iterative deepening with aspiration
// windows over a principal-variation alpha-beta search with a transposition
// table, the selective techniques of REBEL, micro-Max and Rybka/IPPOLIT
// and of later engines (Ethereal, Stockfish), each with a switch, and
// quiescence with checks.
//
// Where things are:
//
//	search.go      the API: Limits, Options, Info, Result, and Searcher, the
//	               pool of search threads a front end drives
//	worker.go      one search thread (worker): its state, the ply stack,
//	               enterMove, the limit checks
//	iterate.go     iterative deepening and aspiration windows
//	root.go        the root's moves, what each scored, the reports
//	node.go        negamax, the search of every node, the root included, in
//	               numbered steps
//	pruning.go     the pruning tests: reverse futility, REBEL's static
//	               selective search, null move, late moves,
//	               futility, positional gain, SEE
//	reductions.go  late-move reductions, REBEL's reductions 1 and 2a
//	extensions.go  check, singular, recapture, pawn-ending and king-safety
//	               extensions, and the king-pressure test
//	quiescence.go  quiescence: stand pat, delta pruning, horizon trick one
//	material.go    what the techniques ask of the material: REBEL's stage
//	               of the game, zugzwang danger, hanging pieces
//	picker.go      move ordering: the staged picker on REBEL's scale
//	history.go     what the search learns: history, continuation, capture
//	               and correction history, killers, counter moves,
//	               positional gain
//	tt.go          the hash table
//	time.go        the clock: soft and hard limits, or ClockIdealScaled's ideal
//	               time scaled after each iteration
//	threads.go     Lazy SMP: the helper threads
//	params.go      the margins, depth limits and ordering scores, named
//	switches.go    the switch of every technique, and their defaults
//	bench.go       the bench positions and "matador bench"
//	wdl.go         the win/draw/loss model of UCI_ShowWDL
//	tablebase.go   Syzygy tablebases: the root moves ranked by the tables,
//	               the probes inside the tree (negamax step 6b), their scores
//
// A technique from the seeds is marked where it lives by a one-line
// comment naming its source ("// REBEL: ..."); in negamax each step's
// header names the technique, its source and its switch.
package search
