//go:build !js

package engine

// DefaultUseNNUE is whether a new engine evaluates with its network (Use
// NNUE) or with the classical evaluation. Natively the net
// nn-e88808f141ce beat the classical evaluation by +98.1 ± 26.7 Elo in 400
// games at 10s+0.1s (docs/nnue.md, round 4), and the embedded
// nn-62d35110c8e7 beat it by +46.6 ± 36.1 (round 5), so the net plays by
// default, as Stockfish 12's net did beside its classical evaluation.
const DefaultUseNNUE = true
