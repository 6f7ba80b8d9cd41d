package tb

import (
	"testing"

	"matador/internal/chess"
)

// Probe speed. There is no cache of results: every probe encodes the
// position, reads its index entry and block from the memory-mapped file and
// decodes the block up to the position, recursing through the captures
// first. The 4.3 MB of the shared set stay in the operating system's page
// cache after the first pass, so these figures are for tables in memory;
// a probe that has to read a page from disk costs a disk access more.
//
//	go test -run - -bench Probe -benchmem ./internal/tb

func benchPositions(b *testing.B) (*Tables, []*chess.Position) {
	tables := openShared(b)
	refs := loadReference(b)
	positions := make([]*chess.Position, len(refs))
	for i, r := range refs {
		positions[i] = mustFEN(b, r.fen)
	}
	return tables, positions
}

// BenchmarkProbeWDL reports WDL probes per second over the reference
// positions (each a probe as the search makes one: the captures resolved
// and the table read). It must report 0 allocs/op.
func BenchmarkProbeWDL(b *testing.B) {
	tables, positions := benchPositions(b)
	for _, pos := range positions { // open every table first
		tables.ProbeWDL(pos)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, ok := tables.ProbeWDL(positions[i%len(positions)]); !ok {
			b.Fatal("probe failed")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

// BenchmarkProbeDTZ reports DTZ probes per second (the root's and the
// command's probe; it may search one ply).
func BenchmarkProbeDTZ(b *testing.B) {
	tables, positions := benchPositions(b)
	for _, pos := range positions {
		tables.ProbeDTZ(pos)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, ok := tables.ProbeDTZ(positions[i%len(positions)]); !ok {
			b.Fatal("probe failed")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "probes/s")
}

// TestProbeWDLAllocatesNothing holds the search's requirement outside the
// benchmarks too.
func TestProbeWDLAllocatesNothing(t *testing.T) {
	if !mapped {
		t.Skip("the read-on-demand build allocates its read buffers")
	}
	tables := openShared(t)
	refs := loadReference(t)
	var positions []*chess.Position
	for _, r := range refs[:300] {
		pos := mustFEN(t, r.fen)
		tables.ProbeWDL(pos)
		positions = append(positions, pos)
	}
	allocs := testing.AllocsPerRun(3, func() {
		for _, pos := range positions {
			tables.ProbeWDL(pos)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per 300 WDL probes, want 0", allocs)
	}
}
