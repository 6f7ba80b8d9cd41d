package datagen

import (
	"context"
	"testing"

	"matador/internal/nnue"
	"matador/internal/search"
)

// BenchmarkPlayGame plays datagen's games at its default settings (5,000
// nodes a move, one thread) from the start position and random plies, with
// each evaluation: positions kept a second is the generator's speed on one
// core, for profiling with -cpuprofile (docs/nnue.md gives the figures).
func BenchmarkPlayGame(b *testing.B) {
	for _, eval := range []string{"classical", "nnue"} {
		b.Run(eval, func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.RandomPlies = 8
			cfg.Seed = 3
			s := search.NewSearcher(cfg.HashMB)
			if eval == "nnue" {
				s.Net = nnue.Default()
			}
			positions := 0
			n := uint64(0)
			for b.Loop() {
				g := playGame(context.Background(), s, &cfg, n)
				positions += len(g.Positions)
				n++
			}
			b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
