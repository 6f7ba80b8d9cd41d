package tb

import (
	"sync"
	"testing"

	"matador/internal/chess"
)

// TestConcurrentProbes probes the reference positions from eight goroutines
// at once on freshly opened tables, so that they also race to open the
// files; each must get the reference answers. Run under go test -race.
func TestConcurrentProbes(t *testing.T) {
	tables := openShared(t)
	refs := loadReference(t)
	if testing.Short() {
		refs = refs[:500]
	}
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each goroutine walks the positions from its own starting point.
			for i := range refs {
				r := refs[(i+w*len(refs)/workers)%len(refs)]
				pos, err := chess.ParseFEN(r.fen)
				if err != nil {
					errs <- err.Error()
					return
				}
				wdl, ok1 := tables.ProbeWDL(pos)
				dtz, ok2 := tables.ProbeDTZ(pos)
				if !ok1 || !ok2 || wdl != r.wdl || dtz != r.dtz {
					errs <- r.fen
					return
				}
				if i%50 == 0 {
					if _, ok := tables.RankRootMoves(pos, true, false); !ok && pos.HasLegalMove() {
						errs <- "ranking " + r.fen
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("wrong answer under concurrent probing: %s", e)
	}
}
