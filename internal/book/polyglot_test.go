package book

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"matador/internal/chess"
)

// findPolyglot finds Debian's polyglot, which installs into /usr/games.
func findPolyglot(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("polyglot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/polyglot"); err == nil {
		return "/usr/games/polyglot"
	}
	t.Skip("polyglot not installed (Debian package polyglot)")
	return ""
}

// dumpMove is a move of a line of "polyglot dump-book": the move in SAN
// and, for moves of the dumped colour, its share of the position's weight
// in percent as polyglot prints it.
type dumpMove struct {
	san     string
	percent string // "" for the other colour's moves
}

var (
	dumpEnding = regexp.MustCompile(`\{(trans|cycle):[^}]*\}`)
)

// readDump reads the lines of a dump-book file.
func readDump(t *testing.T, path string) [][]dumpMove {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines [][]dumpMove
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	sc.Scan() // the title
	for sc.Scan() {
		_, text, ok := strings.Cut(sc.Text(), ": ")
		if !ok {
			t.Fatalf("dump line %q", sc.Text())
		}
		var line []dumpMove
		for _, tok := range strings.Fields(dumpEnding.ReplaceAllString(text, "")) {
			if strings.HasSuffix(tok, ".") {
				continue
			}
			// "e4{39%}"
			if san, percent, ok := strings.Cut(tok, "{"); ok && strings.HasSuffix(percent, "%}") {
				line = append(line, dumpMove{san, strings.TrimSuffix(percent, "%}")})
			} else {
				line = append(line, dumpMove{san: tok})
			}
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// playableMoves are the moves of a position as polyglot plays them: legal,
// weight above zero.
func playableMoves(b *Book, pos *chess.Position) ([]BookMove, uint64, error) {
	moves, err := b.Moves(pos)
	var out []BookMove
	var total uint64
	for _, bm := range moves {
		if bm.Weight > 0 {
			out = append(out, bm)
			total += uint64(bm.Weight)
		}
	}
	return out, total, err
}

// compareWithDump checks the book against polyglot's dump of it for one
// colour: every move of that colour in the dump is in the book with the
// same share of the weight, and every position the dump goes through has
// in the book exactly the moves the dump plays from it.
func compareWithDump(t *testing.T, b *Book, lines [][]dumpMove, color chess.Color) (positions, moves int) {
	t.Helper()
	seen := map[uint64]map[chess.Move]bool{} // moves the dump plays from a position
	// What Matador finds there, and the dump line it was first seen on.
	found := map[uint64]int{}
	firstLine := map[uint64]int{}
	pos := chess.StartPosition()
	var played []chess.Move
	var prev []dumpMove
	for n, line := range lines {
		// Lines come depth first: take back to the prefix shared with the
		// previous line, then play on.
		common := 0
		for common < len(line) && common < len(prev) && common < len(played) && line[common].san == prev[common].san {
			common++
		}
		for len(played) > common {
			pos.UnmakeMove(played[len(played)-1])
			played = played[:len(played)-1]
		}
		for _, dm := range line[common:] {
			m, err := pos.ParseSAN(dm.san)
			if err != nil {
				t.Fatalf("dump line %d: %s: %v", n+1, dm.san, err)
			}
			if pos.SideToMove() == color {
				if dm.percent == "" {
					t.Fatalf("dump line %d: %s has no percentage", n+1, dm.san)
				}
				key := Key(pos)
				if seen[key] == nil {
					seen[key] = map[chess.Move]bool{}
					bms, _, _ := playableMoves(b, pos)
					found[key] = len(bms)
					firstLine[key] = n + 1
				}
				seen[key][m] = true
				bms, total, err := playableMoves(b, pos)
				if err != nil {
					t.Fatal(err)
				}
				inBook := false
				for _, bm := range bms {
					if bm.Move == m {
						inBook = true
						if got := fmt.Sprintf("%.0f", 100*(float64(bm.Weight)/float64(total))); got != dm.percent {
							t.Errorf("%s: %s has %s%% of the weight, polyglot says %s%%", pos.FEN(), dm.san, got, dm.percent)
						}
					}
				}
				if !inBook {
					t.Errorf("%s: polyglot plays %s from the book, Matador does not find it", pos.FEN(), dm.san)
				}
				moves++
			}
			pos.MakeMove(m)
			played = append(played, m)
		}
		prev = line
	}
	for key, want := range seen {
		if found[key] != len(want) {
			t.Errorf("position of key %016x (dump line %d): Matador finds %d book moves, polyglot's dump plays %d",
				key, firstLine[key], found[key], len(want))
		}
	}
	return len(seen), moves
}

// dumpBook runs "polyglot dump-book" for both colours at once.
func dumpBook(t *testing.T, polyglot, bookPath string) map[chess.Color]string {
	dir := t.TempDir()
	out := map[chess.Color]string{
		chess.White: filepath.Join(dir, "white.txt"),
		chess.Black: filepath.Join(dir, "black.txt"),
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for c, path := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := map[chess.Color]string{chess.White: "white", chess.Black: "black"}[c]
			cmd := exec.Command(polyglot, "dump-book", "-bin", bookPath, "-color", name, "-out", path)
			cmd.Dir = dir
			if outText, err := cmd.CombinedOutput(); err != nil {
				errs[c] = fmt.Errorf("polyglot dump-book: %v\n%s", err, outText)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Debian's book read by Matador and by polyglot itself: the same moves and
// weights in every position polyglot's dump of the book goes through.
// Dumping the whole book takes polyglot seconds, so this test gives it the
// part of the book within bookDepth plies of the start, entries copied as
// they are; the whole book is compared with -tags bookfull
// (TestWholeDebianBookAgainstPolyglot).
func TestDebianBookAgainstPolyglot(t *testing.T) {
	const bookDepth = 8
	polyglot := findPolyglot(t)
	b := openDebianBook(t)
	part := bookPart(t, b, bookDepth)
	path := filepath.Join(t.TempDir(), "part.bin")
	var buf bytes.Buffer
	if _, err := WriteEntries(&buf, part); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	compareBookWithPolyglot(t, polyglot, b, path, 500)
}

// bookPart returns the entries of every position the book reaches from the
// start within depth plies (both sides playing book moves), in file order.
func bookPart(t *testing.T, b *Book, depth int) []Entry {
	var part []Entry
	visited := map[uint64]bool{}
	var walk func(pos *chess.Position, ply int)
	walk = func(pos *chess.Position, ply int) {
		key := Key(pos)
		if ply >= depth || visited[key] {
			return
		}
		visited[key] = true
		entries, err := b.Entries(key)
		if err != nil {
			t.Fatal(err)
		}
		part = append(part, entries...)
		moves, err := b.Moves(pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, bm := range moves {
			pos.MakeMove(bm.Move)
			walk(pos, ply+1)
			pos.UnmakeMove(bm.Move)
		}
	}
	walk(chess.StartPosition(), 0)
	slices.SortStableFunc(part, func(x, y Entry) int { return cmp.Compare(x.Key, y.Key) })
	return part
}

// compareBookWithPolyglot dumps the book file at path with polyglot and
// compares the dumps with what b holds.
func compareBookWithPolyglot(t *testing.T, polyglot string, b *Book, path string, minPositions int) {
	dumps := dumpBook(t, polyglot, path)
	for _, c := range []chess.Color{chess.White, chess.Black} {
		lines := readDump(t, dumps[c])
		positions, moves := compareWithDump(t, b, lines, c)
		t.Logf("%v: %d dump lines, %d positions, %d book moves compared", c, len(lines), positions, moves)
		if positions < minPositions {
			t.Errorf("%v: only %d positions compared", c, positions)
		}
	}
}

// A book written by Matador, read back by polyglot: what polyglot's dump
// plays is what Matador reads.
func TestBuiltBookReadByPolyglot(t *testing.T) {
	polyglot := findPolyglot(t)
	bld := NewBuilder()
	bld.MinGames = 1
	lines := []string{
		"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1h1", // castling
		"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4",
		"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
		"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8h8", // black castling
		"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
		"e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
		"a2a4 b7b5 a4b5 c7c6 b5c6 a7a5 c6c7 a5a4 c7b8q", // promotion
	}
	results := []string{"1-0", "0-1", "1/2-1/2", "1-0", "*", "0-1", "1-0"}
	for i, line := range lines {
		for range i%3 + 1 {
			start := chess.StartPosition()
			pos := start.Clone()
			var moves []chess.Move
			for _, text := range strings.Fields(line) {
				m := mustMove(t, pos, text)
				moves = append(moves, m)
				pos.MakeMove(m)
			}
			bld.AddGame(start, moves, results[i])
		}
	}
	path := filepath.Join(t.TempDir(), "made.bin")
	var buf bytes.Buffer
	if _, err := bld.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := New(bytes.NewReader(buf.Bytes()), int64(buf.Len()), path)
	if err != nil {
		t.Fatal(err)
	}
	dumps := dumpBook(t, polyglot, path)
	total := 0
	for _, c := range []chess.Color{chess.White, chess.Black} {
		dump := readDump(t, dumps[c])
		_, moves := compareWithDump(t, b, dump, c)
		total += moves
	}
	// Every move with a point is in some dump line: 7 lines of 6 to 10
	// plies, less the moves that scored nothing.
	if total < 30 {
		t.Errorf("only %d moves of the made book in polyglot's dumps", total)
	}
}
