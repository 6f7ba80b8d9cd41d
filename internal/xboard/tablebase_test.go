package xboard

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/tb"
)

// syzygyDir is the shared 3- and 4-piece set beside the repository.
var syzygyDir = filepath.Join("..", "..", "..", "shared", "data", "syzygy")

// TestEgtpath: the engine offers feature egt="syzygy" and the Syzygy
// options; "egtpath syzygy DIR" opens the tables (a bad directory is an
// error that keeps them), and the engine then converts a tablebase win,
// reporting the tables' score.
func TestEgtpath(t *testing.T) {
	e := startCECP(t, "matador", binary)
	features := e.handshake()
	if features["egt"] != "syzygy" {
		t.Errorf("feature egt=%q, want syzygy", features["egt"])
	}
	for _, want := range []string{`feature option="SyzygyPath -path "`, `feature option="SyzygyProbeDepth -spin 1 1 100"`,
		`feature option="Syzygy50MoveRule -check 1"`, `feature option="SyzygyProbeLimit -spin 7 0 7"`} {
		if !strings.Contains(e.transcript(), want) {
			t.Errorf("no %s:\n%s", want, e.transcript())
		}
	}
	e.send("egtpath nalimov /tmp") // other tables: ignored
	e.send("option SyzygyProbeDepth=3")
	e.send("option Syzygy50MoveRule=0")
	e.send("option SyzygyProbeLimit=5")
	checkQuiet(t, e, e.sync(5*time.Second))
	e.send("option SyzygyProbeLimit=8")
	if lines := e.sync(5 * time.Second); len(lines) != 1 || !strings.HasPrefix(lines[0], "Error") {
		t.Errorf("SyzygyProbeLimit=8: %q", lines)
	}
	e.send("option Syzygy50MoveRule=1")
	e.send("option SyzygyProbeLimit=7")

	if _, err := os.Stat(filepath.Join(syzygyDir, "KRvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", syzygyDir, err)
	}
	abs, err := filepath.Abs(syzygyDir)
	if err != nil {
		t.Fatal(err)
	}
	e.send("egtpath syzygy %s", abs)
	lines := e.sync(5 * time.Second)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "# Found 35 tablebases") {
		t.Errorf("egtpath syzygy %s: %q", abs, lines)
	}
	e.send("egtpath syzygy /no/such/directory")
	lines = e.sync(5 * time.Second)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "Error (SyzygyPath: ") || !strings.Contains(lines[0], "keeping") {
		t.Errorf("egtpath with a bad directory: %q", lines)
	}

	// KRvK, won in 19 plies (reference.txt).
	const fen = "8/2R5/5K2/8/1k6/8/8/8 w - - 0 1"
	e.send("new")
	e.send("force")
	e.send("post")
	e.send("setboard %s", fen)
	e.send("sd 5")
	e.send("go")
	move, thinking := e.expect(`^move `, 20*time.Second)
	best := 0
	for _, l := range thinking {
		if f := strings.Fields(l); len(f) > 4 {
			if n, err := strconv.Atoi(f[1]); err == nil {
				best = n
			}
		}
	}
	if best < 30000 {
		t.Errorf("last thinking score %d, want the tables' win (above 30000); thinking %q", best, thinking)
	}
	tables, err := tb.Open(abs)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	pos := positionAfter(t, fen, strings.TrimPrefix(move, "move "))
	if wdl, ok := tables.ProbeWDL(pos); !ok || wdl != tb.Loss {
		t.Errorf("%s leaves Black %v, want a loss", move, wdl)
	}
}
