package engine

// DefaultUseNNUE is whether a new engine evaluates with its network (Use
// NNUE) or with the classical evaluation: the net, in every build, as
// Stockfish 12's net played beside its classical evaluation. The embedded
// net beats the classical evaluation natively (the README's strength
// table) and in WebAssembly, where its plain-Go kernels search about 1.1
// to 1.3 times the classical evaluation's nodes a second, at the page's
// 1 s a move (docs/browser.md).
const DefaultUseNNUE = true
