//go:build !js

package engine

// DefaultUseNNUE is whether a new engine evaluates with its network (Use
// NNUE) or with the classical evaluation. Natively the embedded net
// nn-62d35110c8e7 beat the classical evaluation by +110.4 ± 25.8 Elo in
// 400 games at 10s+0.1s (docs/nnue.md, round 5), so the net plays by
// default, as Stockfish 12's net did beside its classical evaluation.
const DefaultUseNNUE = true
