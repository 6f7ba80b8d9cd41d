package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/search"
	"matador/internal/trainbin"
	"matador/internal/tune"
)

// smallConfig plays quick games: few nodes, start position plus random
// plies for variety.
func smallConfig() Config {
	cfg := DefaultConfig()
	cfg.Nodes = 400
	cfg.HashMB = 1
	cfg.RandomPlies = 6
	cfg.MaxOpeningScore = 10000
	cfg.MaxPlies = 120
	cfg.Seed = 7
	return cfg
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

func TestGamesAreRepeatableAndWellFormed(t *testing.T) {
	cfg := smallConfig()
	s := search.NewSearcher(1)
	a := PlayGame(s, &cfg, 3)
	b := PlayGame(search.NewSearcher(1), &cfg, 3)
	if a.Format() != b.Format() || a.Result == "" {
		t.Fatalf("game 3 differs between runs or was not played:\n%s---\n%s", a.Format(), b.Format())
	}
	if c := PlayGame(s, &cfg, 4); c.Format() == a.Format() {
		t.Errorf("games 3 and 4 are the same game")
	}
	if len(a.Positions) <= 3 {
		t.Errorf("game kept %d positions; with no cap it keeps every usable one", len(a.Positions))
	}
	capped := cfg
	capped.PerGame = 3
	c := PlayGame(search.NewSearcher(1), &capped, 3)
	if len(c.Positions) != 3 {
		t.Errorf("with -per-game 3 the game kept %d positions", len(c.Positions))
	}
	for _, p := range c.Positions {
		if !slices.Contains(a.Positions, p) {
			t.Errorf("capped game kept %v, which the uncapped one lacks", p)
		}
	}
	samples, err := tune.ReadData(strings.NewReader(a.Format()))
	if err != nil {
		t.Fatalf("the tuner cannot read the data: %v", err)
	}
	for _, smp := range samples {
		if smp.Pos.InCheck() || !smp.HasScore || smp.Game != 3 {
			t.Errorf("bad sample %s: in check %v, score %v, game %d", smp.Pos.FEN(), smp.Pos.InCheck(), smp.HasScore, smp.Game)
		}
		if want := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[a.Result]; smp.Result != want {
			t.Errorf("sample result %v, game %s", smp.Result, a.Result)
		}
	}
}

// A run stopped and started again holds whole games, each once, each as
// one run would have written it; on one thread, the very same file.
func TestResumeLosesAndDuplicatesNothing(t *testing.T) {
	dir := t.TempDir()
	cfg := smallConfig()
	whole := filepath.Join(dir, "whole.txt")
	cfg.Games = 6
	if _, err := Run(context.Background(), cfg, whole, nil, 0); err != nil {
		t.Fatal(err)
	}
	resume := func(path string, threads int) {
		cfg := cfg
		cfg.Games, cfg.Threads = 2, 1
		if _, err := Run(context.Background(), cfg, path, nil, 0); err != nil {
			t.Fatal(err)
		}
		// A run killed in the middle of a line leaves it cut off.
		f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0.")
		f.Close()
		cfg.Games, cfg.Threads = 6, threads
		st, err := Run(context.Background(), cfg, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if lines := readLines(t, path); st.Total != len(lines) {
			t.Errorf("run reports %d positions in the file, the file has %d", st.Total, len(lines))
		}
	}
	parts := filepath.Join(dir, "parts.txt")
	resume(parts, 1)
	a, b := readLines(t, whole), readLines(t, parts)
	if !slices.Equal(a, b) {
		t.Errorf("resumed file differs from one run:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}

	// On two threads the games that finish first are kept, so the set may
	// differ, but every game is whole and the one its number gives.
	threads := filepath.Join(dir, "threads.txt")
	resume(threads, 2)
	games := map[string][]string{}
	for _, l := range readLines(t, threads) {
		n := l[strings.LastIndexByte(l, '|')+2:]
		games[n] = append(games[n], l+"\n")
	}
	if len(games) != 6 {
		t.Errorf("%d games in the file, want 6", len(games))
	}
	s := search.NewSearcher(1)
	for n, lines := range games {
		num, _ := strconv.ParseUint(n, 10, 64)
		g := PlayGame(s, &cfg, num)
		if want := g.Format(); strings.Join(lines, "") != want {
			t.Errorf("game %s in the file:\n%s\nplayed alone:\n%s", n, strings.Join(lines, ""), want)
		}
	}

	// The file is complete: a further run plays nothing.
	cfg.Games = 6
	st, err := Run(context.Background(), cfg, parts, nil, 0)
	if err != nil || st.Games != 0 {
		t.Errorf("run on a complete file played %d games (%v)", st.Games, err)
	}
}

// The binary file resumes as the text file does: a run stopped, its last
// record cut off, and started again writes the file one run writes, and
// that file holds the text file's games, record for line.
func TestBinaryResumeLosesAndDuplicatesNothing(t *testing.T) {
	dir := t.TempDir()
	cfg := smallConfig()
	cfg.Games, cfg.Threads = 6, 1
	wholeText, whole := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "whole.bin")
	for _, path := range []string{wholeText, whole} {
		if _, err := Run(context.Background(), cfg, path, nil, 0); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := os.ReadFile(whole)
	var asText bytes.Buffer
	if _, err := tune.Convert(bytes.NewReader(want), &asText, false); err != nil {
		t.Fatal(err)
	}
	if text, _ := os.ReadFile(wholeText); asText.String() != string(text) {
		t.Errorf("the binary file converts to\n%s\nthe text file is\n%s", &asText, text)
	}

	parts := filepath.Join(dir, "parts.bin")
	first := cfg
	first.Games = 2
	if _, err := Run(context.Background(), first, parts, nil, 0); err != nil {
		t.Fatal(err)
	}
	// A run killed in the middle of a record leaves it cut off.
	f, _ := os.OpenFile(parts, os.O_APPEND|os.O_WRONLY, 0)
	f.Write(want[trainbin.HeaderSize : trainbin.HeaderSize+20])
	f.Close()
	st, err := Run(context.Background(), cfg, parts, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(parts)
	if !bytes.Equal(got, want) {
		t.Errorf("resumed file (%d bytes) differs from one run's (%d bytes)", len(got), len(want))
	}
	if records := (len(got) - trainbin.HeaderSize) / trainbin.RecordSize; st.Total != records {
		t.Errorf("run reports %d positions in the file, the file has %d", st.Total, records)
	}
	if st, err := Run(context.Background(), cfg, parts, nil, 0); err != nil || st.Games != 0 {
		t.Errorf("run on a complete file played %d games (%v)", st.Games, err)
	}

	// A run killed before its header was whole starts the file again.
	cut := filepath.Join(dir, "cut.bin")
	os.WriteFile(cut, trainbin.Header[:5], 0o644)
	first.Games = 1
	if _, err := Run(context.Background(), first, cut, nil, 0); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cut); len(got) <= trainbin.HeaderSize || !bytes.HasPrefix(want, got) {
		t.Errorf("a file cut in its header resumed to %d bytes, not the start of the whole file", len(got))
	}
}

// A file's name gives its format; a run never mixes the two in one file.
func TestRunRefusesAFormatItsNameDoesNotGive(t *testing.T) {
	dir := t.TempDir()
	cfg := smallConfig()
	cfg.Games = 1
	line := chess.StartFEN + " | 0.5 | 0 | 0\n"
	bin := append(trainbin.Header[:], make([]byte, trainbin.RecordSize)...)
	for name, content := range map[string][]byte{"text.bin": []byte(line), "binary.txt": bin} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, content, 0o644)
		if _, err := Run(context.Background(), cfg, path, nil, 0); err == nil {
			t.Errorf("%s: a run appended to it", name)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, content) {
			t.Errorf("%s: the refused run changed the file", name)
		}
	}
}

func TestCancelledRunStops(t *testing.T) {
	cfg := smallConfig()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join(t.TempDir(), "d.txt")
	if _, err := Run(ctx, cfg, path, nil, 0); err != nil {
		t.Fatal(err)
	}
	if ex, err := ScanExisting(path); err != nil || ex.Positions != 0 {
		t.Errorf("a cancelled run wrote %d positions (%v)", ex.Positions, err)
	}
}

func TestScanExistingRefusesOtherFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.txt")
	os.WriteFile(path, []byte(chess.StartFEN+" | 0.5\n"), 0o644)
	if _, err := ScanExisting(path); err == nil {
		t.Error("a file without game numbers was taken for datagen's")
	}
}

func TestReadOpenings(t *testing.T) {
	got, err := ReadOpenings(strings.NewReader("# a comment\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"e4\";\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"))
	if err != nil || len(got) != 2 || got[0] != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -" || got[1] != chess.StartFEN {
		t.Errorf("got %q, %v", got, err)
	}
	for _, bad := range []string{"", "# only a comment\n", "not a fen\n", "8/8/8/8/8/8/8/8 w - -\n"} {
		if _, err := ReadOpenings(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadOpenings(%q) accepted", bad)
		}
	}
}

func TestTimeLeftCountsTheNearerLimit(t *testing.T) {
	cfg := Config{Positions: 1000, Games: 30}
	// 10 games and 100 positions in 10s: 20 games left take 20s, 900
	// positions 90s; the run ends at the games' limit.
	st := Stats{Games: 10, Positions: 100, Total: 100}
	if got := cfg.timeLeft(st, 10, 10*time.Second); got != 20*time.Second {
		t.Errorf("time left %v, want 20s", got)
	}
	if got := (&Config{}).timeLeft(st, 10, 10*time.Second); got != 0 {
		t.Errorf("no limit: time left %v, want 0", got)
	}
}

// ScanExisting on any bytes: no panic, and what it keeps as whole lines
// is never more than the file, so a resume cuts nothing it did not count.
func FuzzScanExisting(f *testing.F) {
	f.Add([]byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 1.0 | 5 | 7\nrnbqk"))
	f.Add([]byte("one line"))
	f.Add([]byte("MATADOR\x02"))
	f.Add([]byte("\xEF\xBB\xBF8/8 | 0.5 | 0 | 1\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "data.txt")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ex, err := ScanExisting(path)
		if err == nil && (ex.Size > int64(len(data)) || ex.Positions > len(data)) {
			t.Fatalf("%q: size %d, %d positions", data, ex.Size, ex.Positions)
		}
	})
}

// A run lists the games it tried and wrote nothing for beside the data,
// and a run started again does not try them again; the file is the one a
// single run writes, with the list or without it.
func TestSkippedGamesAreListedAndNotTriedAgain(t *testing.T) {
	dir := t.TempDir()
	cfg := smallConfig()
	cfg.MaxOpeningScore = 40 // six random plies unbalance many openings
	cfg.Threads, cfg.Games = 1, 6
	whole := filepath.Join(dir, "whole.bin")
	all, err := Run(context.Background(), cfg, whole, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if all.Skipped == 0 {
		t.Fatal("no opening was skipped; the test needs some")
	}
	want, _ := os.ReadFile(whole)
	listed := readLines(t, whole+SkippedSuffix)
	if listed[0]+"\n" != skippedHeader || len(listed)-1 != all.Skipped {
		t.Fatalf("the list holds %q, want its header and the %d skipped games", listed, all.Skipped)
	}
	s := search.NewSearcher(1)
	for _, l := range listed[1:] {
		n, err := strconv.ParseUint(l, 10, 64)
		if err != nil {
			t.Fatalf("list line %q", l)
		}
		if g := PlayGame(s, &cfg, n); g.Result != "" && len(g.Positions) > 0 {
			t.Errorf("game %d is listed as skipped, but it keeps %d positions", n, len(g.Positions))
		}
	}

	first := cfg
	first.Games = 3
	parts := filepath.Join(dir, "parts.bin")
	before, err := Run(context.Background(), first, parts, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A run killed in the middle of a number leaves it cut off.
	f, _ := os.OpenFile(parts+SkippedSuffix, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("12")
	f.Close()
	after, err := Run(context.Background(), cfg, parts, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if before.Skipped+after.Skipped != all.Skipped {
		t.Errorf("skipped %d and then %d games; one run skipped %d", before.Skipped, after.Skipped, all.Skipped)
	}
	if got, _ := os.ReadFile(parts); !bytes.Equal(got, want) {
		t.Errorf("resumed file (%d bytes) differs from one run's (%d bytes)", len(got), len(want))
	}
	if got := readLines(t, parts+SkippedSuffix); !slices.Equal(got, listed) {
		t.Errorf("resumed list %q, one run's %q", got, listed)
	}

	// Without the list, the run tries those games again and writes the same.
	os.Remove(parts)
	os.Remove(parts + SkippedSuffix)
	if _, err := Run(context.Background(), first, parts, nil, 0); err != nil {
		t.Fatal(err)
	}
	os.Remove(parts + SkippedSuffix)
	again, err := Run(context.Background(), cfg, parts, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if again.Skipped != all.Skipped {
		t.Errorf("without the list the resumed run skipped %d games, want all %d again", again.Skipped, all.Skipped)
	}
	if got, _ := os.ReadFile(parts); !bytes.Equal(got, want) {
		t.Errorf("resumed file without the list differs from one run's")
	}

	// A list left from a data file since removed is started again.
	os.Remove(parts)
	os.WriteFile(parts+SkippedSuffix, []byte(skippedHeader+"0\n1\n2\n3\n4\n5\n6\n7\n"), 0o644)
	if _, err := Run(context.Background(), cfg, parts, nil, 0); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(parts); !bytes.Equal(got, want) {
		t.Errorf("a stale list changed the games of a new file")
	}
}

// A file of someone else under the list's name is refused, untouched.
func TestSkippedListRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	cfg := smallConfig()
	cfg.Games = 1
	for _, content := range []string{"notes\n", skippedHeader + "12\nx\n", skippedHeader + "-1\n", skippedHeader + "7x"} {
		path := filepath.Join(dir, "d.bin")
		os.Remove(path)
		os.WriteFile(path, trainbin.Header[:], 0o644)
		os.WriteFile(path+SkippedSuffix, []byte(content), 0o644)
		if _, err := Run(context.Background(), cfg, path, nil, 0); err == nil || !strings.Contains(err.Error(), SkippedSuffix) {
			t.Errorf("list %q: err %v, want a refusal naming the list", content, err)
		}
		if got, _ := os.ReadFile(path + SkippedSuffix); string(got) != content {
			t.Errorf("list %q was changed to %q", content, got)
		}
	}
	os.Remove(filepath.Join(dir, "d.bin"+SkippedSuffix))
	os.Mkdir(filepath.Join(dir, "d.bin"+SkippedSuffix), 0o755)
	if _, err := Run(context.Background(), cfg, filepath.Join(dir, "d.bin"), nil, 0); err == nil {
		t.Error("a directory under the list's name was accepted")
	}
}

// scanSkipped on any bytes: no panic, and what it keeps is never more
// than the file, each number kept a whole line of it.
func FuzzScanSkipped(f *testing.F) {
	f.Add([]byte(skippedHeader + "1\n22\n3"))
	f.Add([]byte(skippedHeader[:10]))
	f.Add([]byte("1\n2\n"))
	f.Add([]byte(skippedHeader + "99999999999999999999999\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "d.skipped")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		games, size, err := scanSkipped(context.Background(), path)
		if err != nil {
			return
		}
		if size > int64(len(data)) {
			t.Fatalf("%q: size %d", data, size)
		}
		kept := string(data[:size])
		for n := range games {
			if !strings.Contains(kept, "\n"+strconv.FormatUint(n, 10)+"\n") {
				t.Fatalf("%q: kept %d, not a whole line of the kept part", data, n)
			}
		}
	})
}
