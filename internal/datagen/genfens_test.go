package datagen

import (
	"slices"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/trainbin"
)

func TestParseGenFens(t *testing.T) {
	req, err := ParseGenFens(strings.Fields("genfens 12 seed 77 book None"))
	if err != nil || req.Count != 12 || req.Seed != 77 || req.Book != "" {
		t.Fatalf("%+v, %v", req, err)
	}
	req, err = ParseGenFens(strings.Fields("genfens 1 seed -3 book Books/UHO.epd extra"))
	if err != nil || req.Seed != uint64(1<<64-3) || req.Book != "Books/UHO.epd" {
		t.Fatalf("%+v, %v", req, err)
	}
	for _, bad := range []string{"genfens", "genfens 0 seed 1 book None", "genfens -5 seed 1 book None",
		"genfens 99999999999 seed 1 book None", "genfens 5 seed x book None", "genfens 5 sed 1 book None",
		"genfens 5 seed 1 None"} {
		if _, err := ParseGenFens(strings.Fields(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func genFens(t *testing.T, req GenFensRequest, book []string) []string {
	t.Helper()
	var out []string
	if err := GenFens(req, book, func(fen string) { out = append(out, fen) }); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGenFens: the positions asked for, each legal with the game going
// on, the same again for the same seed, others for another seed, and
// from the book's lines when there is a book.
func TestGenFens(t *testing.T) {
	a := genFens(t, GenFensRequest{Count: 20, Seed: 5}, nil)
	if len(a) != 20 {
		t.Fatalf("%d positions, want 20", len(a))
	}
	for _, fen := range a {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if !pos.HasLegalMove() || pos.InCheck() || pos.GamePly() < 8 {
			t.Errorf("%s: in check, over, or fewer than 8 plies from the start", fen)
		}
	}
	if b := genFens(t, GenFensRequest{Count: 20, Seed: 5}, nil); !slices.Equal(a, b) {
		t.Error("the same request gave other positions")
	}
	if c := genFens(t, GenFensRequest{Count: 20, Seed: 6}, nil); slices.Equal(a, c) {
		t.Error("another seed gave the same positions")
	}
	book := []string{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}
	for _, fen := range genFens(t, GenFensRequest{Count: 5, Seed: 1, Book: "x"}, book) {
		pos, _ := chess.ParseFEN(fen)
		if n := pos.GamePly(); n < 4 || n > 5 {
			t.Errorf("%s: %d plies, want the book line's 2 and 2 or 3 more", fen, n)
		}
	}
}

const convertPGN = `[Event "t"]
[Result "0-1"]

1. e4 {book} e5 {+0.25/10 0.1s} 2. Nf3 {+0.31/12 0.245s, tl=1.5s} Nc6 {-0.20/11 0.2s}
3. Bb5 {+0.40/12 0.3s} a6 {-M5/20 0.1s} 4. Bxc6 {+0.5/10 0.1s} dxc6 {-0.10/9 0.1s} 0-1

[Event "t"]
[Result "*"]

1. d4 {+0.1/5 0.1s} *

[Event "t"]
[Result "1/2-1/2"]

1. d4 {+0.12/5 0.1s} 1/2-1/2
`

// TestConvertPGN: positions kept by datagen's rules, scores turned to
// White's view, the result and game numbers, games without a result out.
func TestConvertPGN(t *testing.T) {
	var recs []trainbin.Record
	st, err := ConvertPGN(strings.NewReader(convertPGN), 40, func(r trainbin.Record) error {
		recs = append(recs, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 3 || st.Skipped != 1 || st.Positions != len(recs) {
		t.Fatalf("stats %+v with %d records", st, len(recs))
	}
	// Kept: e5 (+0.25 for Black: -25), Nf3 (+31), Nc6 (-0.20 Black: +20),
	// Bb5 (+40); not the book move, the mate, or the captures; then d4 of
	// game three.
	want := []int16{-25, 31, 20, 40, 12}
	var got []int16
	for _, r := range recs {
		got = append(got, r.Score)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("scores %v, want %v", got, want)
	}
	if recs[0].Result != trainbin.BlackWins || recs[0].Game != 40 || recs[4].Game != 42 || recs[4].Result != trainbin.Draw {
		t.Fatalf("labels %+v ... %+v", recs[0], recs[4])
	}
	pos, err := recs[1].Board.Unpack()
	if err != nil || pos.FEN() != "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2" {
		t.Fatalf("second record's board %v, %v", pos, err)
	}
}

func TestScoreOfComment(t *testing.T) {
	cases := map[string]struct {
		cp int
		ok bool
	}{
		"+0.31/12 0.245s": {31, true}, "-1.07/9 1s": {-107, true}, "0.00/1 0s": {0, true},
		"+0.31/12 0.245s, tl=1.520s": {31, true}, "+M5/20 0.1s": {0, false}, "-M3/7": {0, false},
		"book": {0, false}, "": {0, false}, "+1e9/3 1s": {0, false}, "NaN/3": {0, false},
		"0.31": {0, false}, "abc/12": {0, false},
	}
	for c, want := range cases {
		if cp, ok := ScoreOfComment(c); cp != want.cp || ok != want.ok {
			t.Errorf("%q: %d %v, want %d %v", c, cp, ok, want.cp, want.ok)
		}
	}
}

func FuzzConvertPGN(f *testing.F) {
	f.Add(convertPGN)
	f.Add("1. e4 {+0.3/1 0s} *")
	f.Fuzz(func(t *testing.T, text string) {
		_, _ = ConvertPGN(strings.NewReader(text), 0, func(r trainbin.Record) error {
			if _, err := r.Board.Unpack(); err != nil {
				t.Fatalf("a record with a bad board: %v", err)
			}
			return nil
		})
	})
}
