//go:build !(goexperiment.simd && amd64)

package search

// firstHighest returns the index of the first of the highest scores in
// scores, which must not be empty (highest_simd.go has the vector form).
func firstHighest(scores []int32) int { return scalarFirstHighest(scores) }
