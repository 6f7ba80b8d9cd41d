package chess

import (
	"reflect"
	"runtime"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
		"r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1",
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip:\n got %s\nwant %s", got, fen)
		}
	}
}

func TestFENShredderLettersReadAsXFEN(t *testing.T) {
	p, err := ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.castlingString(); got != "KQkq" {
		t.Errorf("castling written as %q, want KQkq", got)
	}
	if !p.Chess960() {
		t.Error("a king off the e-file should switch on Chess960 notation")
	}
}

// An e.p. square is kept only when the capture is legal, as in the key.
func TestFENDropsUselessEnPassant(t *testing.T) {
	p, err := ParseFEN("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")
	if err != nil {
		t.Fatal(err)
	}
	if p.EPSquare() != NoSquare || !strings.Contains(p.FEN(), " - ") {
		t.Errorf("e.p. square kept without a capturing pawn: %s", p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	bad := map[string]string{
		"": "at least 4 fields",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1":              "8 ranks",
		"rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":    "more than 8",
		"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":     "not 8",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1":       "white has no king",
		"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w kq - 0 1":     "2 kings",
		"4k3/8/8/8/8/8/8/4K2P w - - 0 1":                               "first or last rank",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1":     "side to move",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1":     "no white rook",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1":    "impossible",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1":    "impossible",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1":     "half-move",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y":     "full-move",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq zz 0 1":    "not a square",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1":     "castling",
		"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":     "not a piece",
		"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1":                              "not to move is in check",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 9 9": "at most 6",
		// A character outside ASCII is named whole, not by the first byte
		// of its UTF-8.
		"rnbqkbnr/pppéppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1":     `rank 7: 'é' is not a piece letter`,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQé - 0 1":     `castling field: 'é' is not`,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Ké - 0 1":      `castling field: 'é' is not`,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk\xff - 0 1": `castling field: byte 0xff is not`,
	}
	for fen, want := range bad {
		_, err := ParseFEN(fen)
		if err == nil {
			t.Errorf("%q: accepted, want error containing %q", fen, want)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %q does not mention %q", fen, err, want)
		}
	}
}

// walk makes every legal move to the given depth and checks after each that
// the incremental keys match recomputed ones, and that unmake restores the
// position exactly.
func walk(t *testing.T, p *Position, depth int) {
	if depth == 0 {
		return
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		before := *p
		beforeLen := len(p.history)
		p.MakeMove(m)
		key, pawnKey := p.computeKeys()
		if key != p.key || pawnKey != p.pawnKey {
			t.Fatalf("%s after %s: incremental key %x/%x, recomputed %x/%x", before.FEN(), p.UCI(m), p.key, p.pawnKey, key, pawnKey)
		}
		wantCheckers := p.AttackersTo(p.KingSquare(p.side), p.Occupied()) & p.byColor[p.side^1]
		if p.checkers != wantCheckers {
			t.Fatalf("%s after %s: checkers wrong", before.FEN(), p.UCI(m))
		}
		walk(t, p, depth-1)
		p.UnmakeMove(m)
		after := *p
		after.history, before.history = nil, nil
		if !reflect.DeepEqual(after, before) || len(p.history) != beforeLen {
			t.Fatalf("%s: unmake of %s did not restore the position: %s", before.FEN(), p.UCI(m), p.FEN())
		}
	}
}

func TestMakeUnmakeAndKeys(t *testing.T) {
	for _, tc := range wikiPerft {
		p, _ := ParseFEN(tc.fen)
		walk(t, p, 3)
	}
	for _, fen := range []string{
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1",
		"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(t, p, 3)
	}
}

func TestNullMoveRestores(t *testing.T) {
	p, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	before := *p
	p.MakeNullMove()
	if key, _ := p.computeKeys(); key != p.key {
		t.Fatal("null move key differs from recomputed key")
	}
	p.UnmakeNullMove()
	after := *p
	after.history, before.history = nil, nil
	if !reflect.DeepEqual(after, before) {
		t.Fatal("null move not restored")
	}
}

func TestRepetition(t *testing.T) {
	p := StartPosition()
	moves := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}
	for i, s := range moves {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
		if i == 3 && p.RepetitionCount() != 1 {
			t.Errorf("after %d moves: repetition count %d, want 1", i+1, p.RepetitionCount())
		}
		if i == 3 && p.IsRepetition(0) {
			t.Error("a single repetition before the root is not yet a draw")
		}
		if i == 3 && !p.IsRepetition(4) {
			t.Error("a repetition inside the search tree is a draw")
		}
	}
	if p.RepetitionCount() != 2 || !p.IsRepetition(0) {
		t.Error("threefold repetition not seen")
	}
}

func TestInsufficientMaterial(t *testing.T) {
	cases := map[string]bool{
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1":    true,
		"8/8/8/4k3/8/8/8/4KN2 w - - 0 1":   true,
		"8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1": false,
		"8/8/8/4k3/8/8/8/3BKB2 w - - 0 1":  true,
		"8/8/2b5/4k3/8/8/8/4KB2 w - - 0 1": true,
		"8/8/8/4k3/8/8/8/4KNN1 w - - 0 1":  false,
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1":  false,
	}
	for fen, want := range cases {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.InsufficientMaterial(); got != want {
			t.Errorf("%s: insufficient material %v, want %v", fen, got, want)
		}
	}
}

func TestUCINotation(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, s := range []string{"e1g1", "e1c1", "e1h1"} {
		m, err := p.ParseUCI(s)
		if err != nil || !m.IsCastling() {
			t.Fatalf("%s not read as castling: %v", s, err)
		}
	}
	m, _ := p.ParseUCI("e1h1")
	if got := p.UCI(m); got != "e1g1" {
		t.Errorf("standard castling written %s", got)
	}
	p.SetChess960(true)
	if got := p.UCI(m); got != "e1h1" {
		t.Errorf("Chess960 castling written %s", got)
	}
	for _, bad := range []string{"", "e2", "e2e5", "i1a1", "e7e8x", "a1a1"} {
		if _, err := p.ParseUCI(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	q, _ := ParseFEN("8/P6k/8/8/8/8/8/K7 w - - 0 1")
	m, err := q.ParseUCI("a7a8n")
	if err != nil || m.PromotionType() != Knight || q.UCI(m) != "a7a8n" {
		t.Errorf("under-promotion: %v %v", m, err)
	}
}

// The magic tables must agree with a ray walk for random occupancies.
func TestMagicsMatchRayWalk(t *testing.T) {
	rng := xorshift(12345)
	for i := 0; i < 20000; i++ {
		s := Square(rng.next() % 64)
		occ := Bitboard(rng.next() & rng.next())
		if RookAttacks(s, occ) != slidingAttacks(s, occ, rookDirs) {
			t.Fatalf("rook attacks wrong on %s", s)
		}
		if BishopAttacks(s, occ) != slidingAttacks(s, occ, bishopDirs) {
			t.Fatalf("bishop attacks wrong on %s", s)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, tc := range wikiPerft {
		f.Add(tc.fen)
	}
	f.Add("r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1")
	f.Add("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("k7/8/8/8/8/8/8/7K w Kk - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		// Whatever parses must round-trip and survive a short walk.
		again, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("own FEN %q rejected: %v", p.FEN(), err)
		}
		if again.FEN() != p.FEN() || again.Key() != p.Key() {
			t.Fatalf("FEN round trip changed %q to %q", p.FEN(), again.FEN())
		}
		p.Perft(2)
	})
}

// The stored magic factors must be the ones the trial search finds, so the
// table can be regenerated and checked.
func TestStoredMagicFactorsWork(t *testing.T) {
	var rooks, bishops [64]magic
	var rt [len(rookTable)]Bitboard
	var bt [len(bishopTable)]Bitboard
	var none [64]uint64
	initMagics(&rooks, rt[:], rookDirs, &none)
	initMagics(&bishops, bt[:], bishopDirs, &none)
	for s := 0; s < 64; s++ {
		if rooks[s].factor != rookFactors[s] || bishops[s].factor != bishopFactors[s] {
			t.Fatalf("square %d: stored factors differ from the trial search", s)
		}
	}
}

// A parsed position is small, for the tuner holds millions of them; a clone
// keeps room to search in.
func TestParsedPositionIsSmallAndCloneHasRoom(t *testing.T) {
	const n = 1000
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		if _, err := ParseFEN(StartFEN); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 2048 {
		t.Errorf("ParseFEN allocates %d bytes a position, want at most 2048", per)
	}
	p := StartPosition()
	for _, uci := range []string{"e2e4", "e7e5", "g1f3"} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		p.MakeMove(m)
	}
	c := p.Clone()
	if len(c.history) != 3 || cap(c.history)-len(c.history) < historyReserve {
		t.Fatalf("clone's history %d long with room for %d more; want 3 and at least %d",
			len(c.history), cap(c.history)-len(c.history), historyReserve)
	}
	for range 3 {
		c.UnmakeMove(c.LastMove())
	}
	if c.FEN() != StartFEN || p.FEN() == StartFEN {
		t.Fatalf("clone unmade to %q, original at %q", c.FEN(), p.FEN())
	}
}
