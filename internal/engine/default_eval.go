package engine

// DefaultUseNNUE is whether a new engine evaluates with its network (Use
// NNUE) or with the classical evaluation: the net, in every build, as
// Stockfish 12's net played beside its classical evaluation. Natively the
// embedded net nn-62d35110c8e7 beat the classical evaluation by
// +110.4 ± 25.8 Elo in 400 games at 10s+0.1s (docs/nnue.md, round 5); in
// WebAssembly, where its plain-Go kernels search about 1.1 to 1.3 times
// the classical evaluation's nodes a second, by +72.3 ± 37.5 in 200 games
// at the page's 1 s a move (docs/browser.md).
const DefaultUseNNUE = true
