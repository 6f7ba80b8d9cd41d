package tb

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"matador/internal/chess"
)

// fuzzTables are the tables the corruption tests and FuzzTable damage, each
// with positions of its material in which no capture is possible, so that
// the probe reaches the damaged table itself.
var fuzzTables = []struct {
	name string
	fens []string
}{
	{"KQvKR", []string{"4k3/8/8/8/8/8/r7/3QK3 w - - 0 1", "4k3/8/8/8/8/8/r7/3QK3 b - - 0 1"}},
	{"KRvKP", []string{"8/8/4k3/8/8/1p6/8/R3K3 w - - 0 1", "8/8/4k3/8/8/1p6/8/R3K3 b - - 0 1"}},
	{"KPvKP", []string{"8/8/3k4/3p4/8/3P4/3K4/8 w - - 0 1", "8/8/3k4/3p4/8/3P4/3K4/8 b - - 0 1"}},
	{"KBNvK", []string{"8/8/8/4k3/8/8/8/1BN1K3 w - - 0 1", "8/8/8/4k3/8/8/8/1BN1K3 b - - 0 1"}},
	{"KPvK", []string{"8/8/8/4k3/8/8/3P4/4K3 w - - 0 1", "8/8/8/4k3/8/8/3P4/4K3 b - - 0 1"}},
	{"KRvK", []string{"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1"}},
	{"KBvK", []string{"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"}},
	{"KQvKQ", []string{"1q2k3/8/8/8/8/8/8/4KQ2 w - - 0 1", "1q2k3/8/8/8/8/8/8/4KQ2 b - - 0 1"}},
	{"KBvKP", []string{"8/8/4k3/8/8/1p6/8/2B1K3 w - - 0 1", "8/8/4k3/8/8/1p6/8/2B1K3 b - - 0 1"}},
}

var extensions = [2]string{".rtbw", ".rtbz"}

// probeDamaged writes data as table number which (of fuzzTables, WDL or DTZ)
// into dir, a directory of its own, opens it ahead of the shared set (when
// there), and probes that table's positions every way. It must not panic;
// it returns the error of opening the damaged table.
func probeDamaged(t testing.TB, dir string, data []byte, which int) error {
	ft := fuzzTables[which/2%len(fuzzTables)]
	if err := os.WriteFile(filepath.Join(dir, ft.name+extensions[which%2]), data, 0o644); err != nil {
		t.Fatal(err)
	}
	paths := dir
	if _, err := os.Stat(dataDir); err == nil {
		paths += string(os.PathListSeparator) + dataDir
	}
	tables, err := Open(paths)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	// The damaged file is the first found (Verify would check them all).
	verr := tables.all[0].load()
	for _, fen := range ft.fens {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		before := pos.FEN()
		tables.ProbeWDL(pos)
		tables.ProbeWDLErr(pos)
		tables.ProbeDTZErr(pos)
		tables.RankRootMoves(pos, true, true)
		if pos.FEN() != before {
			t.Fatalf("probing changed the position: %s, then %s", before, pos.FEN())
		}
	}
	return verr
}

// singleValueTable builds a valid table in which every position has one
// value: KBvK's, a draw for both sides to move (WDL) or a draw (DTZ). It
// seeds the fuzz test, alone where the shared tables are absent.
func singleValueTable(kind tableKind) []byte {
	b := make([]byte, minFileSize)
	copy(b, magics[kind][:])
	b[4] = 1                            // two colours of material: two-sided
	b[5] = 0                            // group order
	b[6], b[7], b[8] = 0x66, 0x33, 0xee // K, B, k for both sides
	b[10], b[11] = singleValue, 2       // side 0: draw (stored as 2)
	b[12], b[13] = singleValue, 2       // side 1
	return b
}

func TestSingleValueTable(t *testing.T) {
	for kind, name := range []string{"KBvK.rtbw", "KBvK.rtbz"} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), singleValueTable(tableKind(kind)), 0o644); err != nil {
			t.Fatal(err)
		}
		tables, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := tables.Verify(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if kind == int(wdlTable) {
			// With no capture possible the table alone answers.
			if w, err := tables.ProbeWDLErr(mustFEN(t, "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1")); err != nil || w != Draw {
				t.Errorf("%s: %v %v, want a draw", name, w, err)
			}
		}
		tables.Close()
	}
}

// TestCorruptTables: copies cut short or 16 bytes too long, and copies with
// a bad magic or bad flags, are refused with an error naming the file;
// copies with random bytes changed may or may not be noticed, but never
// panic.
func TestCorruptTables(t *testing.T) {
	openShared(t)
	rng := rand.New(rand.NewPCG(12, 12))
	variants := 25
	if testing.Short() {
		variants = 5
	}
	for which := range 2 * len(fuzzTables) {
		name := fuzzTables[which/2].name + extensions[which%2]
		data, err := os.ReadFile(filepath.Join(dataDir, name))
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := probeDamaged(t, dir, data, which); err != nil {
			t.Fatalf("%s unchanged: %v", name, err)
		}
		n := len(data)
		refused := map[string][]byte{
			"empty":                nil,
			"magic only":           data[:4],
			"header cut":           data[:minFileSize-1],
			"last byte cut":        data[:n-1],
			"checksum cut":         data[:n-16],
			"half":                 data[:n/2],
			"bad magic":            withByte(data, 0, data[0]^0x40),
			"bad pawn flag":        withByte(data, 4, data[4]^2),
			"bad side flag":        withByte(data, 4, data[4]^1),
			"16 bytes too many":    append(append([]byte{}, data...), make([]byte, 16)...),
			"a block's worth less": data[:max(n-64, 0)],
		}
		for what, bad := range refused {
			err := probeDamaged(t, dir, bad, which)
			if err == nil {
				t.Errorf("%s %s: no error", name, what)
			} else if !strings.Contains(err.Error(), name) {
				t.Errorf("%s %s: error %q does not name the file", name, what, err)
			}
		}
		for range variants {
			bad := append([]byte{}, data...)
			for range 1 + rng.IntN(8) {
				bad[rng.IntN(n)] = byte(rng.UintN(256))
			}
			probeDamaged(t, dir, bad, which)
		}
	}
}

func withByte(data []byte, i int, b byte) []byte {
	c := append([]byte{}, data...)
	c[i] = b
	return c
}

// FuzzTable feeds damaged table files to the reader and the probes: no
// input may panic. The seeds are the real tables where ../shared is there,
// and a hand-built single-valued table everywhere.
//
//	go test -fuzz FuzzTable -fuzztime 60s ./internal/tb
func FuzzTable(f *testing.F) {
	f.Add(singleValueTable(wdlTable), uint8(12))
	f.Add(singleValueTable(dtzTable), uint8(13))
	f.Add([]byte{0x71, 0xe8, 0x23, 0x5d}, uint8(0))
	for which := range 2 * len(fuzzTables) {
		name := fuzzTables[which/2].name + extensions[which%2]
		if data, err := os.ReadFile(filepath.Join(dataDir, name)); err == nil && len(data) < 40000 {
			f.Add(data, uint8(which))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		probeDamaged(t, t.TempDir(), data, int(which))
	})
}

// Check leaves out a table whose header is damaged, naming it; a table
// whose data turns out corrupt at a probe is dropped and reported once,
// however many probes meet it (both were silent).
func TestCheckAndDrop(t *testing.T) {
	openShared(t)
	good, err := os.ReadFile(filepath.Join(dataDir, "KRvK.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "KRvK.rtbw")
	if err := os.WriteFile(path, withByte(good, 0, good[0]^0x40), 0o644); err != nil {
		t.Fatal(err)
	}
	tables, err := Open(dir + string(os.PathListSeparator) + dataDir)
	if err != nil {
		t.Fatal(err)
	}
	wdl, dtz := tables.Counts()
	bad := tables.Check()
	if len(bad) != 1 || !strings.Contains(bad[0].Error(), path) || !strings.Contains(bad[0].Error(), "magic") {
		t.Errorf("Check: %v", bad)
	}
	if w, d := tables.Counts(); w != wdl-1 || d != dtz {
		t.Errorf("after Check: %d WDL %d DTZ tables, want %d and %d", w, d, wdl-1, dtz)
	}
	var dropped []error
	tables.OnDrop(func(err error) { dropped = append(dropped, err) })
	// Black to move: the side of KRvK that is not all one value.
	krk := mustFEN(t, "8/8/8/4k3/8/8/8/R3K3 b - - 0 1")
	if _, err := tables.ProbeWDLErr(krk); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("probe of the left-out table: %v", err)
	}
	if len(dropped) != 0 {
		t.Errorf("a table left out by Check was reported again: %v", dropped)
	}
	tables.Close()

	// Sound when checked, corrupt when probed.
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	tables, err = Open(dir + string(os.PathListSeparator) + dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	if bad := tables.Check(); len(bad) != 0 {
		t.Fatalf("Check of sound tables: %v", bad)
	}
	var mu sync.Mutex
	dropped = nil
	tables.OnDrop(func(err error) {
		mu.Lock()
		dropped = append(dropped, err)
		mu.Unlock()
	})
	if w, err := tables.ProbeWDLErr(krk); err != nil || w != Loss {
		t.Fatalf("sound table: %v %v", w, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xff}, len(good)), 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pos := mustFEN(t, "8/8/8/4k3/8/8/8/R3K3 b - - 0 1")
			for range 10 {
				if _, err := tables.ProbeWDLErr(pos); err == nil || err.Error() != path+": corrupt data" {
					t.Errorf("probe of the damaged table: %v", err)
				}
			}
		}()
	}
	wg.Wait()
	if len(dropped) != 1 || dropped[0].Error() != path+": corrupt data" {
		t.Errorf("dropped: %v, want once %s: corrupt data", dropped, path)
	}
	// Other tables still answer.
	if w, err := tables.ProbeWDLErr(mustFEN(t, "8/8/8/4k3/8/8/8/Q3K3 b - - 0 1")); err != nil || w != Loss {
		t.Errorf("KQvK after KRvK was dropped: %v %v", w, err)
	}
}
