//go:build js

package engine

// DefaultUseNNUE is whether a new engine evaluates with its network (Use
// NNUE) or with the classical evaluation. In WebAssembly the net runs its
// plain-Go kernels at about 0.67 of the classical evaluation's nodes a
// second, where natively it makes 1.3 to 1.6 times them, and it has not
// played the classical evaluation at the page's times: the browser build
// keeps the classical evaluation until it has (docs/browser.md).
const DefaultUseNNUE = false
