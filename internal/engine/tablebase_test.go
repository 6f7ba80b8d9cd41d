package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"matador/internal/search"
)

// syzygyDir is the shared 3- and 4-piece set beside the repository.
var syzygyDir = filepath.Join("..", "..", "..", "shared", "data", "syzygy")

// TestSyzygyPathWaitsForTheSearch: new tables replace the old ones only
// once the search probing them has returned, and the search goes on until
// stop (run with -race); a bad path keeps them, <empty> closes them.
func TestSyzygyPathWaitsForTheSearch(t *testing.T) {
	if _, err := os.Stat(filepath.Join(syzygyDir, "KQvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", syzygyDir, err)
	}
	e := New()
	var logged []string
	e.Log = func(msg string) { logged = append(logged, msg) }
	if err := e.SetSyzygyPath(syzygyDir); err != nil {
		t.Fatal(err)
	}
	if len(logged) != 1 || !strings.HasPrefix(logged[0], "Found 35 tablebases") {
		t.Errorf("logged %q", logged)
	}
	// Five pieces: the search probes the four-piece tables below it.
	if err := e.SetPosition("8/p7/8/8/3r4/8/3Q4/K6k w - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		r := startSearch(e, search.Limits{Infinite: true})
		time.Sleep(20 * time.Millisecond)
		if err := e.SetSyzygyPath(syzygyDir); err != nil {
			t.Fatal(err)
		}
		select {
		case <-r.done:
			t.Fatal("SyzygyPath set during an infinite search ended it")
		case <-time.After(30 * time.Millisecond):
		}
		e.Stop()
		r.wait(t, 2*time.Second)
	}
	r := startSearch(e, search.Limits{Infinite: true})
	err := e.SetSyzygyPath(filepath.Join(t.TempDir(), "missing"))
	if err == nil || !strings.Contains(err.Error(), "keeping the tablebases of "+syzygyDir) {
		t.Errorf("a missing directory: %v", err)
	}
	e.Stop()
	r.wait(t, 2*time.Second)
	if got := e.Options().SyzygyPath; got != syzygyDir {
		t.Errorf("SyzygyPath %q after a bad path, want %q kept", got, syzygyDir)
	}
	if err := e.SetSyzygyPath("<empty>"); err != nil || e.Options().SyzygyPath != "" || e.tablebases().Tables != nil {
		t.Errorf("<empty>: %v, path %q", err, e.Options().SyzygyPath)
	}
	for _, bad := range []func() error{
		func() error { return e.SetSyzygyProbeDepth(0) },
		func() error { return e.SetSyzygyProbeDepth(101) },
		func() error { return e.SetSyzygyProbeLimit(-1) },
		func() error { return e.SetSyzygyProbeLimit(8) },
	} {
		if bad() == nil {
			t.Error("an out-of-range Syzygy option was accepted")
		}
	}
}

// TestSyzygyPathLeavesOutBadDirectories: a path with a missing directory
// beside a good one opens the good one's tables and names the missing one
// (the whole path was refused, and the engine played without tables).
func TestSyzygyPathLeavesOutBadDirectories(t *testing.T) {
	if _, err := os.Stat(filepath.Join(syzygyDir, "KQvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", syzygyDir, err)
	}
	e := New()
	var logged []string
	e.Log = func(msg string) { logged = append(logged, msg) }
	missing := filepath.Join(t.TempDir(), "missing")
	path := missing + string(os.PathListSeparator) + syzygyDir
	if err := e.SetSyzygyPath(path); err != nil {
		t.Fatalf("SyzygyPath %s: %v", path, err)
	}
	if len(logged) != 2 || !strings.Contains(logged[0], missing) || !strings.HasSuffix(logged[0], "; not used") ||
		!strings.HasPrefix(logged[1], "Found 35 tablebases") {
		t.Errorf("logged %q, want the missing directory named, then 35 tables found", logged)
	}
	if tbs := e.tablebases(); tbs.Tables == nil || tbs.Tables.MaxPieces() != 4 {
		t.Errorf("no tables in use after %s", path)
	}
}

// TestWeakPlayKeepsTheTablebaseRank: a weakened engine, which plays one of
// several lines, chooses in a tablebase root only among the moves the
// tables rank best, as MultiPV now shows the other ranks too.
func TestWeakPlayKeepsTheTablebaseRank(t *testing.T) {
	if _, err := os.Stat(filepath.Join(syzygyDir, "KQvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s: %v", syzygyDir, err)
	}
	e := New()
	if err := e.SetSyzygyPath(syzygyDir); err != nil {
		t.Fatal(err)
	}
	e.SetSkillLevel(0)
	e.SetMultiPV(2)
	tables := e.tablebases().Tables
	for _, fen := range []string{"8/8/8/3k4/8/2r5/1R6/K7 w - - 0 1", "1K2k3/8/8/8/q7/8/8/1R6 b - - 0 1", "8/8/8/8/2k5/8/1r6/KQ6 w - - 0 1"} {
		if err := e.SetPosition(fen, nil); err != nil {
			t.Fatal(err)
		}
		pos := e.Position()
		ranking, ok := tables.RankRootMoves(pos, true, true)
		if !ok {
			t.Fatalf("%s: not ranked", fen)
		}
		for range 6 {
			res := bestMove(e, search.Limits{Nodes: 5000})
			for _, m := range ranking.Moves {
				if m.Move == res.Best && m.Rank != ranking.Moves[0].Rank {
					t.Errorf("%s: level 0 played %s (rank %d, %v), the best rank is %d", fen, pos.UCI(res.Best), m.Rank, m.WDL, ranking.Moves[0].Rank)
				}
			}
		}
	}
}
