package search

import (
	"os"
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
				nodes += benchPass(b, s)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkBenchRefresh runs the bench set at depth 10 with a net of king
// buckets, a king that changes bucket rebuilt from the refresh table or
// from nothing (nnue.Stack.SetRefreshTable): the measurement behind the
// table (docs/nnue.md). The net is MATADOR_BENCH_EVALFILE's, or a random
// 512-wide one of eight buckets; both modes search the same tree, which
// the benchmark checks.
func BenchmarkBenchRefresh(b *testing.B) {
	net, err := benchRefreshNet()
	if err != nil {
		b.Fatal(err)
	}
	treeNodes := map[string]uint64{}
	for _, mode := range []string{"table", "scratch"} {
		b.Run(mode, func(b *testing.B) {
			s := NewSearcher(16)
			s.Net = net
			s.main.nn = nnue.NewStack(net)
			s.main.nn.SetRefreshTable(mode == "table")
			var nodes, perPass uint64
			for b.Loop() {
				perPass = benchPass(b, s)
				nodes += perPass
			}
			treeNodes[mode] = perPass
			if t := treeNodes["table"]; mode == "scratch" && t != 0 && perPass != t {
				b.Fatalf("the modes searched different trees: %d nodes from the table, %d from nothing", t, perPass)
			}
			table, scratch := s.main.nn.Refreshes()
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(table+scratch)*1000/float64(nodes), "refreshes/knode")
		})
	}
}

// benchPass searches each bench position to depth 10 from a new game and
// returns the nodes. Clearing the hash costs every mode alike: it is left
// out of the timing, as BenchThreads leaves it out.
func benchPass(b *testing.B, s *Searcher) uint64 {
	var nodes uint64
	for _, fen := range BenchPositions {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		s.NewGame()
		b.StartTimer()
		nodes += s.Search(pos, Limits{Depth: 10}, Options{MultiPV: 1}, Reporter{}).Nodes
	}
	return nodes
}

func benchRefreshNet() (*nnue.Net, error) {
	if path := os.Getenv("MATADOR_BENCH_EVALFILE"); path != "" {
		return nnue.Load(path)
	}
	layout, _ := nnue.KingLayout(8)
	return nnue.RandomV3(1, 512, layout)
}
