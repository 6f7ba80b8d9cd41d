//go:build perftdeep

package chess

import (
	"os"
	"strconv"
	"testing"
)

// The deep perft runs: go test -tags perftdeep -run Deep -timeout 0 ./internal/chess
// MATADOR_PERFT_DEPTH sets the deepest level checked (default 6; the
// suites list up to 6).
func deepDepth() int {
	if d, err := strconv.Atoi(os.Getenv("MATADOR_PERFT_DEPTH")); err == nil && d > 0 {
		return d
	}
	return 6
}

func TestDeepPerftStandard(t *testing.T) { runSuite(t, "standard.epd", 1, deepDepth(), 0) }

func TestDeepPerftFischer(t *testing.T) { runSuite(t, "fischer.epd", 1, deepDepth(), 0) }
