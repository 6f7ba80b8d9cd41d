// Package tune is Matador's Texel tuner: it fits the evaluation's
// weights (eval.Params.Tunable) to the results of games, by minimising the
// mean squared error between each position's result and sigmoid(K * eval).
//
// The tuner runs the engine's own evaluation code, never a copy of it, on
// a configuration of its own (eval.DefaultParams, a copy): the engine's
// evaluators in the same process keep the defaults. It
// linearises each sample once (Linearize): every tunable weight but the
// drawishness factors enters one of the evaluation's sums as an integer
// count times the weight, so setting one weight a centipawn higher and
// evaluating again gives that count exactly.
// What the tuned weights do not cover (the mop-up terms, the tables
// Params.Tunable leaves out) stays in the sample as a constant, and the
// phase, and which drawishness factor applies (a fixed one, or one of the
// Scale weights, which are fitted), are kept from the starting weights.
// The optimiser (Adam, see below)
// then works on these sparse linear forms; a test checks that they
// reproduce Evaluate exactly, before and after the weights move.
//
// Workflow:
//
//	matador tune extract -o data.txt games.pgn...
//	matador tune run -data data.txt -o internal/eval/params.go
//
// The data file has one sample per line:
//
//	FEN | result
//	FEN | result | score
//	FEN | result | score | game
//
// with the result from White's view: 1.0, 0.5 or 0.0 (1-0, 1/2-1/2 and
// 0-1 are read too), the optional score the engine's search gave the
// position during the game, in centipawns from White's view, and the
// optional number of the game (datagen writes it). Lines that
// are blank or start with # are skipped. extract writes the quiet positions
// of PGN games (not in check, no capture or promotion winning material by
// SEE) after the first plies of each game, labelled with the game's result
// and, where the move's comment holds one (fastchess and cutechess write
// "+0.52/7 0.004s"), the search score.
//
// The same samples can be binary records of package trainbin, 36 bytes a
// position (a text line of datagen takes about 70): every reader tells
// the formats apart by the file's first bytes, and
//
//	matador tune convert IN OUT
//
// copies a file to the format OUT's name asks for (binary for a name
// ending in .bin, text otherwise) without losing a field; datagen writes
// the binary format itself into a file named .bin.
//
// The target of a sample is its result, or with -lambda L below 1,
// L * result + (1 - L) * sigmoid(K * score): a game's result is one noisy
// outcome shared by all of its positions, the score judges each position
// by itself. The error the tuner reports, and the held-out error it stops
// early on, are always measured against the results alone.
//
// K is fitted first, to the starting weights, and then stays fixed so
// that the weights keep their centipawn meaning. The optimiser is Adam,
// on mini-batches (-batch, 0 for the full batch) in a new random order
// every epoch (-seed), its gradient computed on every core (-threads).
// -validate F holds out a fraction F of the games, whole: by a hash of the
// game's number where the data has one (datagen's fourth field), else the
// file's last lines. The training and held-out errors are printed every
// -report epochs; the weights kept are those of the epoch with the lowest
// held-out error, and -patience P stops after P epochs without a better
// one. -halve N halves Adam's step size each time N epochs pass without a
// better held-out error: with a constant step the weights keep circling
// the minimum, as far from it as one step of noisy mini-batch gradient
// carries them.
//
// The flags' defaults are the settings of the fit on a million
// positions: a tenth of the games held out, lambda 0.5, L2 1e-9, Adam at
// 1 cp on mini-batches of 16,384, at most 300 epochs, patience 20. The fit
// that made the current params.go, on 7.2 million positions,
// ran with -patience 15 -halve 3 besides. docs/tuning.md has both runs and
// the measurements that chose the settings.
//
// The new params.go keeps the old one's layout and comments: RewriteParams
// changes only the numbers.
package tune
