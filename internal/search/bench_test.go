package search

import (
	"strings"
	"testing"

	"matador/internal/eval"
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

// BenchmarkBenchNewTerms is BenchmarkBench with eval.NewTerms (issue 11's
// and issue 28's evaluation terms) switched on: the search's speed with the
// evaluation the tuner fits, which issue 11 wanted at no less than 80% of
// build a272175's. All of them are on by default now, so it measures the
// default evaluation; afterwards it switches them all off.
func BenchmarkBenchNewTerms(b *testing.B) {
	if err := eval.ApplySwitchSpec(nil, eval.NewTerms); err != nil {
		b.Fatal(err)
	}
	defer func() {
		off := strings.ReplaceAll(eval.NewTerms, "+", "-")
		if err := eval.ApplySwitchSpec(nil, off); err != nil {
			b.Fatal(err)
		}
	}()
	BenchmarkBench(b)
}
