package search

import (
	"testing"

	"matador/internal/chess"
	"matador/internal/nnue"
)

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

// BenchmarkBenchNet runs the bench set at depth 10 with the embedded net,
// its accumulators updated lazily (as the search does) or eagerly: the
// measurement behind the lazy stack (docs/nnue.md). Both search the same
// tree, so nodes/s compares them.
func BenchmarkBenchNet(b *testing.B) {
	for _, mode := range []string{"lazy", "eager"} {
		b.Run(mode, func(b *testing.B) {
			net := nnue.Default()
			s := NewSearcher(16)
			s.Net = net
			s.main.nn = nnue.NewStack(net)
			s.main.nn.SetEager(mode == "eager")
			var nodes uint64
			for b.Loop() {
				for _, fen := range BenchPositions {
					pos, err := chess.ParseFEN(fen)
					if err != nil {
						b.Fatal(err)
					}
					// Clearing the hash costs both alike: left out, as
					// BenchThreads leaves it out.
					b.StopTimer()
					s.NewGame()
					b.StartTimer()
					nodes += s.Search(pos, Limits{Depth: 10}, Options{MultiPV: 1}, Reporter{}).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
