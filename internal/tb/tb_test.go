package tb

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"matador/internal/chess"
)

// dataDir is the shared 3- and 4-piece set beside the repository.
var dataDir = filepath.Join("..", "..", "..", "shared", "data", "syzygy")

// openShared opens the shared set, or skips the test when it is not there.
func openShared(tb testing.TB) *Tables {
	tb.Helper()
	if _, err := os.Stat(filepath.Join(dataDir, "KQvK.rtbw")); err != nil {
		tb.Skipf("no Syzygy tables at %s (../shared/data/syzygy beside the repository): %v", dataDir, err)
	}
	t, err := Open(dataDir)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { t.Close() })
	return t
}

type refPosition struct {
	fen string
	wdl WDL
	dtz int
}

// loadReference reads the shared reference.txt.
func loadReference(tb testing.TB) []refPosition {
	tb.Helper()
	return loadPositions(tb, filepath.Join(dataDir, "reference.txt"))
}

// loadPositions reads "FEN ; wdl W ; dtz D" lines.
func loadPositions(tb testing.TB, path string) []refPosition {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("no reference positions: %v", err)
	}
	defer f.Close()
	var refs []refPosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 3 {
			tb.Fatalf("bad reference line %q", line)
		}
		w, err1 := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(parts[1]), "wdl "))
		d, err2 := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(parts[2]), "dtz "))
		if err1 != nil || err2 != nil {
			tb.Fatalf("bad reference line %q", line)
		}
		refs = append(refs, refPosition{strings.TrimSpace(parts[0]), WDL(w), d})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return refs
}

func mustFEN(tb testing.TB, fen string) *chess.Position {
	tb.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		tb.Fatalf("%s: %v", fen, err)
	}
	return pos
}

func TestReferencePositions(t *testing.T) {
	tables := openShared(t)
	refs := loadReference(t)
	if len(refs) < 3000 {
		t.Fatalf("only %d reference positions", len(refs))
	}
	checkPositions(t, tables, refs)
}

// TestEnPassant: the tables store positions as if no en passant capture
// were possible; these KPvKP positions have one (values from python-chess).
func TestEnPassant(t *testing.T) {
	tables := openShared(t)
	refs := loadPositions(t, filepath.Join("testdata", "enpassant.txt"))
	for _, r := range refs {
		if mustFEN(t, r.fen).EPSquare() == chess.NoSquare {
			t.Fatalf("%s: no en passant square", r.fen)
		}
	}
	checkPositions(t, tables, refs)
}

func checkPositions(t *testing.T, tables *Tables, refs []refPosition) {
	bad := 0
	for _, r := range refs {
		pos := mustFEN(t, r.fen)
		before := pos.FEN()
		w, err := tables.ProbeWDLErr(pos)
		if err != nil || w != r.wdl {
			t.Errorf("%s: WDL %v (%v), want %v", r.fen, w, err, r.wdl)
			bad++
		}
		d, err := tables.ProbeDTZErr(pos)
		if err != nil || d != r.dtz {
			t.Errorf("%s: DTZ %d (%v), want %d", r.fen, d, err, r.dtz)
			bad++
		}
		if pos.FEN() != before {
			t.Fatalf("probing changed the position: %s, then %s", before, pos.FEN())
		}
		if bad > 20 {
			t.Fatal("too many failures")
		}
	}
}

func TestOpenAndNames(t *testing.T) {
	tables := openShared(t)
	if got := tables.MaxPieces(); got != 4 {
		t.Errorf("MaxPieces %d, want 4", got)
	}
	if w, d := tables.Counts(); w != 35 || d != 35 {
		t.Errorf("Counts %d WDL %d DTZ, want 35 and 35", w, d)
	}
	if err := tables.Verify(); err != nil {
		t.Errorf("Verify: %v", err)
	}
	sep := string(os.PathListSeparator)
	if _, err := Open(dataDir + sep + t.TempDir()); err != nil {
		t.Errorf("two directories: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(t.TempDir()); err == nil {
		t.Error("an empty directory opened without error")
	}
	if _, err := Open(""); err == nil {
		t.Error("an empty path opened without error")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "absent")); err == nil {
		t.Error("a missing directory opened without error")
	}
}

// TestOpenLeavesOutBadDirectories: a directory of the path that cannot be
// read or holds no table is left out and named, and the tables of the
// others are used, as Stockfish uses them (a missing directory among good
// ones made Open fail, and the engine went without tables); a path where
// no directory holds a table fails, naming each on one line.
func TestOpenLeavesOutBadDirectories(t *testing.T) {
	good, empty := t.TempDir(), t.TempDir()
	absent := filepath.Join(t.TempDir(), "absent")
	if err := os.WriteFile(filepath.Join(good, "KBvK.rtbw"), singleValueTable(wdlTable), 0o644); err != nil {
		t.Fatal(err)
	}
	sep := string(os.PathListSeparator)
	tables, err := Open(absent + sep + good + sep + empty)
	if err != nil {
		t.Fatalf("a path with one good directory: %v", err)
	}
	defer tables.Close()
	if w, _ := tables.Counts(); w != 1 {
		t.Errorf("%d WDL tables, want 1", w)
	}
	skipped := tables.Skipped()
	if len(skipped) != 2 || !strings.Contains(skipped[0].Error(), absent) || !strings.Contains(skipped[1].Error(), "no Syzygy tables") ||
		!strings.Contains(skipped[1].Error(), empty) {
		t.Errorf("Skipped() = %v, want the absent and the empty directory", skipped)
	}
	if w, err := tables.ProbeWDLErr(mustFEN(t, "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1")); err != nil || w != Draw {
		t.Errorf("probe through the good directory: %v %v, want a draw", w, err)
	}
	if one, err := Open(good); err != nil {
		t.Errorf("one good directory: %v", err)
	} else {
		if len(one.Skipped()) != 0 {
			t.Errorf("one good directory: skipped %v", one.Skipped())
		}
		one.Close()
	}
	_, err = Open(absent + sep + empty)
	if err == nil || !strings.Contains(err.Error(), absent) || !strings.Contains(err.Error(), empty) || strings.Contains(err.Error(), "\n") {
		t.Errorf("no directory with a table: %v, want one line naming both", err)
	}
}

func TestTableNames(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"KQvK", true}, {"KRPvKQ", true}, {"KQRBNvKP", true}, {"KPPPPPvK", true},
		{"KvK", false}, {"KQRBNPvKP", false}, {"KPQvK", false}, {"QKvK", false}, {"KQvKvK", false}, {"KXvK", false},
	} {
		if _, _, _, ok := parseTableName(c.name); ok != c.ok {
			t.Errorf("parseTableName(%q) ok %v, want %v", c.name, ok, c.ok)
		}
	}
}

func TestMateAndStalemate(t *testing.T) {
	tables := openShared(t)
	for _, c := range []struct {
		fen string
		wdl WDL
		dtz int
	}{
		{"k5Q1/8/1K6/8/8/8/8/8 b - - 0 1", Loss, -1}, // mated
		{"k7/8/1Q6/8/8/8/8/1K6 b - - 0 1", Draw, 0},  // stalemate
		{"k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", Win, 1},   // mates in one
	} {
		pos := mustFEN(t, c.fen)
		w, err1 := tables.ProbeWDLErr(pos)
		d, err2 := tables.ProbeDTZErr(pos)
		if w != c.wdl || d != c.dtz || err1 != nil || err2 != nil {
			t.Errorf("%s: %v %d (%v, %v), want %v %d", c.fen, w, d, err1, err2, c.wdl, c.dtz)
		}
	}
}
