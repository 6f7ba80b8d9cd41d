package search

import "testing"

// BenchmarkBench runs the bench set at depth 8: nodes per second of the
// whole search (move generation, ordering, evaluation, hash), for profiling
// with -cpuprofile.
func BenchmarkBench(b *testing.B) {
	var nodes uint64
	for i := 0; i < b.N; i++ {
		n, _ := Bench(8, nil)
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
