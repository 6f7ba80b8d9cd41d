package book

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"matador/internal/chess"
)

// debianBook is the Polyglot book of Debian's gnuchess-book package.
const debianBook = "/usr/share/games/gnuchess/book.bin"

func openDebianBook(t *testing.T) *Book {
	t.Helper()
	if _, err := os.Stat(debianBook); err != nil {
		t.Skipf("%s not installed (Debian package gnuchess-book): %v", debianBook, err)
	}
	b, err := Open(debianBook)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// game is a game for the builder in UCI moves.
type game struct {
	moves  string
	result string
}

func buildBook(t *testing.T, minGames int, games ...game) *Book {
	t.Helper()
	bld := NewBuilder()
	bld.MinGames = minGames
	for _, g := range games {
		start := chess.StartPosition()
		pos := start.Clone()
		var moves []chess.Move
		for _, text := range strings.Fields(g.moves) {
			m, err := pos.ParseUCI(text)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			pos.MakeMove(m)
		}
		if n := bld.AddGame(start, moves, g.result); n != len(moves) {
			t.Fatalf("%d of %d moves counted", n, len(moves))
		}
	}
	var buf bytes.Buffer
	if _, err := bld.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	b, err := New(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "test book")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func movesText(pos *chess.Position, moves []BookMove) string {
	var parts []string
	for _, bm := range moves {
		parts = append(parts, pos.UCI(bm.Move)+":"+strconv.Itoa(int(bm.Weight)))
	}
	return strings.Join(parts, " ")
}

func TestBuildAndProbe(t *testing.T) {
	b := buildBook(t, 1,
		game{"e2e4 e7e5 g1f3", "1-0"},
		game{"e2e4 c7c5", "0-1"},
		game{"e2e4 e7e5 f1c4", "1/2-1/2"},
		game{"d2d4 d7d5", "1/2-1/2"},
		game{"d2d4 g8f6", "0-1"}, // d2d4 scores 0+1 = 1 point
		game{"g1f3", "0-1"},      // no point: left out
		game{"e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1h1", "*"},
	)
	start := chess.StartPosition()
	moves, err := b.Moves(start)
	if err != nil {
		t.Fatal(err)
	}
	// e2e4: 2 (win) + 0 (loss) + 1 (draw) + 1 (*) = 4; d2d4: 1 + 0 = 1.
	if got, want := movesText(start, moves), "e2e4:4 d2d4:1"; got != want {
		t.Errorf("start position: %s, want %s", got, want)
	}
	after := playMoves(t, chess.StartFEN, "e2e4")
	moves, _ = b.Moves(after)
	// Black's view: e7e5 lost, drew, drew(*) = 0+1+1; c7c5 won = 2.
	if got, want := movesText(after, moves), "c7c5:2 e7e5:2"; got != want {
		t.Errorf("after e2e4: %s, want %s", got, want)
	}
	// Castling is stored king takes rook and read back as castling.
	before := playMoves(t, chess.StartFEN, "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6")
	moves, _ = b.Moves(before)
	if len(moves) != 1 || !moves[0].Move.IsCastling() {
		t.Fatalf("castling not found: %s", movesText(before, moves))
	}
	entries, _ := b.Entries(Key(before))
	if len(entries) != 1 || entries[0].Move != 4<<6|7 {
		t.Errorf("castling stored as %#x, want e1h1 (%#x)", entries[0].Move, 4<<6|7)
	}
	// A position out of the book.
	if moves, err := b.Moves(playMoves(t, chess.StartFEN, "a2a3")); err != nil || len(moves) != 0 {
		t.Errorf("a2a3: %v %v", moves, err)
	}
}

func TestMinGamesAndMaxPly(t *testing.T) {
	games := []game{{"e2e4 e7e5", "1-0"}, {"e2e4 e7e5", "1-0"}, {"e2e4 c7c5", "1-0"}, {"d2d4", "1-0"}}
	b := buildBook(t, 2, games...)
	start := chess.StartPosition()
	moves, _ := b.Moves(start)
	if got, want := movesText(start, moves), "e2e4:6"; got != want {
		t.Errorf("min 2 games: %s, want %s", got, want)
	}
	// e7e5 was played in two games but lost both: no points, not kept.
	after := playMoves(t, chess.StartFEN, "e2e4")
	if moves, _ := b.Moves(after); len(moves) != 0 {
		t.Errorf("after e2e4: %s, want nothing", movesText(after, moves))
	}

	bld := NewBuilder()
	bld.MaxPly, bld.MinGames = 1, 1
	pos := chess.StartPosition()
	e4, _ := pos.ParseUCI("e2e4")
	pos.MakeMove(e4)
	e5, _ := pos.ParseUCI("e7e5")
	if n := bld.AddGame(chess.StartPosition(), []chess.Move{e4, e5}, "1/2-1/2"); n != 1 {
		t.Errorf("max ply 1: %d moves counted", n)
	}
	if len(bld.Entries()) != 1 {
		t.Errorf("max ply 1: %d entries", len(bld.Entries()))
	}
}

func TestWeightsScaledToSixteenBits(t *testing.T) {
	bld := NewBuilder()
	bld.MinGames = 1
	start := chess.StartPosition()
	e4, _ := start.ParseUCI("e2e4")
	d4, _ := start.ParseUCI("d2d4")
	for range 40000 {
		bld.AddGame(start, []chess.Move{e4}, "1-0") // 80000 points
	}
	for range 10000 {
		bld.AddGame(start, []chess.Move{d4}, "1-0") // 20000 points
	}
	entries := bld.Entries()
	if len(entries) != 2 || entries[0].Weight != 65535 || entries[1].Weight != 16383 {
		t.Errorf("weights %v, want 65535 and 16383 (80000:20000 scaled)", entries)
	}
}

func TestPick(t *testing.T) {
	moves := []BookMove{{Move: 1, Weight: 30}, {Move: 2, Weight: 10}, {Move: 3, Weight: 0}, {Move: 4, Weight: 60}}
	if bm, err := Pick(moves, true, nil); err != nil || bm.Move != 4 {
		t.Errorf("best: %v %v", bm, err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	count := map[chess.Move]int{}
	const n = 100000
	for range n {
		bm, err := Pick(moves, false, rng)
		if err != nil {
			t.Fatal(err)
		}
		count[bm.Move]++
	}
	if count[3] != 0 {
		t.Errorf("a move of weight 0 was played %d times", count[3])
	}
	for _, bm := range moves {
		want := float64(bm.Weight) / 100
		if got := float64(count[bm.Move]) / n; got < want-0.01 || got > want+0.01 {
			t.Errorf("move %d played %.3f of the time, want %.2f", bm.Move, got, want)
		}
	}
	if _, err := Pick([]BookMove{{Move: 1}}, false, rng); err != ErrNoMove {
		t.Errorf("all weights zero: %v", err)
	}
	if _, err := Pick(nil, true, rng); err != ErrNoMove {
		t.Errorf("no moves: %v", err)
	}
}

func TestMalformedBooks(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	unsorted := append(Entry{Key: 9, Move: 1, Weight: 1}.append(nil), Entry{Key: 3, Move: 1, Weight: 1}.append(nil)...)
	cases := []struct {
		path, want string
	}{
		{filepath.Join(dir, "missing.bin"), "no such file"},
		{dir, "is a directory"},
		{write("empty.bin", nil), "is empty"},
		{write("odd.bin", make([]byte, 17)), "not a multiple of 16"},
		{write("unsorted.bin", unsorted), "not sorted"},
		{write("text.bin", []byte(strings.Repeat("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n", 2))), "not sorted"},
	}
	for _, tc := range cases {
		b, err := Open(tc.path)
		if err == nil {
			b.Close()
			t.Errorf("%s opened", tc.path)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want it to say %q", tc.path, err, tc.want)
		}
	}
	// Entries of a broken book that decode to nothing legal are skipped,
	// and a move stored twice is listed once.
	start := chess.StartPosition()
	key := Key(start)
	var data []byte
	for _, code := range []uint16{0, 0xFFFF, EncodeMove(mustMove(t, start, "e2e4")), EncodeMove(mustMove(t, start, "e2e4"))} {
		data = Entry{Key: key, Move: code, Weight: 7}.append(data)
	}
	b, err := New(bytes.NewReader(data), int64(len(data)), "broken")
	if err != nil {
		t.Fatal(err)
	}
	moves, err := b.Moves(start)
	if err != nil || movesText(start, moves) != "e2e4:7" {
		t.Errorf("broken entries: %s %v, want e2e4:7 once", movesText(start, moves), err)
	}
}

func mustMove(t testing.TB, pos *chess.Position, text string) chess.Move {
	t.Helper()
	m, err := pos.ParseUCI(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The real book of Debian's gnuchess-book: sorted, the start position in
// it with the usual first moves, and every probe along a few book lines
// legal.
func TestDebianBook(t *testing.T) {
	b := openDebianBook(t)
	if b.Len() < 1000 {
		t.Fatalf("%d entries", b.Len())
	}
	start := chess.StartPosition()
	moves, err := b.Moves(start)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"e2e4", "d2d4", "c2c4", "g1f3"} {
		if !strings.Contains(" "+movesText(start, moves), " "+want+":") {
			t.Errorf("start position: %s lacks %s", movesText(start, moves), want)
		}
	}
	entries, _ := b.Entries(Key(start))
	if len(entries) != len(moves) {
		t.Errorf("start position: %d entries, %d legal moves", len(entries), len(moves))
	}
	// Follow random book lines until they leave the book.
	rng := rand.New(rand.NewPCG(13, 13))
	deepest := 0
	for range 50 {
		pos := chess.StartPosition()
		for ply := 0; ; ply++ {
			moves, err := b.Moves(pos)
			if err != nil {
				t.Fatal(err)
			}
			bm, err := Pick(moves, false, rng)
			if err != nil {
				deepest = max(deepest, ply)
				break
			}
			if !pos.IsLegal(bm.Move) {
				t.Fatalf("illegal book move %s in %s", pos.UCI(bm.Move), pos.FEN())
			}
			pos.MakeMove(bm.Move)
		}
	}
	if deepest < 10 {
		t.Errorf("the deepest book line was %d plies", deepest)
	}
}

// FuzzBook reads arbitrary bytes as a book and probes it: no panic, and
// every move it returns is legal.
func FuzzBook(f *testing.F) {
	start := chess.StartPosition()
	e4 := playMoves(f, chess.StartFEN, "e2e4")
	f.Add(Entry{Key: Key(start), Move: EncodeMove(mustMove(f, start, "e2e4")), Weight: 1}.append(nil))
	f.Add(append(Entry{Key: Key(start), Move: 0xFFFF, Weight: 9}.append(nil), Entry{Key: Key(e4), Move: 0x0C34, Weight: 1}.append(nil)...))
	f.Add([]byte("not a book at all, not at all."))
	f.Add(make([]byte, 32))
	positions := []*chess.Position{start, e4, playMoves(f, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "")}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := New(bytes.NewReader(data), int64(len(data)), "fuzz")
		if err != nil {
			return
		}
		// Probe the keys of the file itself as well as known positions.
		for _, pos := range positions {
			moves, err := b.Moves(pos)
			if err != nil {
				t.Fatal(err)
			}
			for _, bm := range moves {
				if !pos.IsLegal(bm.Move) {
					t.Fatalf("illegal move %v", bm.Move)
				}
			}
			Pick(moves, false, rand.New(rand.NewPCG(1, 1)))
			Pick(moves, true, nil)
		}
		for i := int64(0); i < b.Len() && i < 8; i++ {
			e, err := b.entry(i)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Entries(e.Key); err != nil {
				t.Fatal(err)
			}
		}
	})
}
