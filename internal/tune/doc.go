// Package tune is Matador's Texel tuner: it fits the evaluation's linear
// weights (eval.Params) to the results of games, by minimising the mean
// squared error between each position's result and sigmoid(K * eval).
//
// The tuner runs the engine's own evaluation code, never a copy of it. It
// linearises each sample once (Linearize): every tunable weight enters the
// unscaled score as an integer count times the weight, so setting one
// weight a centipawn higher and evaluating again gives that count exactly.
// What the tuned weights do not cover (king safety's counter table) stays
// in the sample as a constant, and the phase and drawishness scale are
// kept from the starting weights. The optimiser (Adam on the full batch)
// then works on these sparse linear forms; a test checks that they
// reproduce Evaluate exactly, before and after the weights move.
//
// Workflow:
//
//	matador tune extract -o data.txt games.pgn...
//	matador tune run -data data.txt -epochs 2000 -o internal/eval/params.go
//
// The data file has one sample per line:
//
//	FEN | result
//
// with the result from White's view: 1.0, 0.5 or 0.0 (1-0, 1/2-1/2 and
// 0-1 are read too). Lines that are blank or start with # are skipped.
// extract writes the quiet positions of PGN games (not in check, no
// capture or promotion winning material by SEE) after the first plies of
// each game, labelled with the game's result.
//
// The new params.go keeps the old one's layout and comments: RewriteParams
// changes only the numbers.
package tune
