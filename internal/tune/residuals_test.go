package tune

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/eval"
)

// mirrored is pos with the colours swapped and the board turned, without
// castling rights or an en passant square (on both, so that only the
// colours differ).
func mirrored(t *testing.T, pos *chess.Position) (orig, mirror *chess.Position) {
	t.Helper()
	var rows, flipped []string
	for r := 7; r >= 0; r-- {
		var a, b strings.Builder
		emptyA, emptyB := 0, 0
		for f := range 8 {
			put := func(sb *strings.Builder, empty *int, pc chess.Piece, swap bool) {
				if pc == chess.NoPiece {
					*empty++
					return
				}
				if *empty > 0 {
					sb.WriteByte(byte('0' + *empty))
					*empty = 0
				}
				ch := " pnbrqk"[pc.Type()]
				white := pc.Color() == chess.White
				if swap {
					white = !white
				}
				if white {
					ch -= 'a' - 'A'
				}
				sb.WriteByte(ch)
			}
			put(&a, &emptyA, pos.PieceOn(chess.MakeSquare(f, r)), false)
			put(&b, &emptyB, pos.PieceOn(chess.MakeSquare(f, 7-r)), true)
		}
		if emptyA > 0 {
			a.WriteByte(byte('0' + emptyA))
		}
		if emptyB > 0 {
			b.WriteByte(byte('0' + emptyB))
		}
		rows, flipped = append(rows, a.String()), append(flipped, b.String())
	}
	stm, other := "w", "b"
	if pos.SideToMove() == chess.Black {
		stm, other = "b", "w"
	}
	o, err := chess.ParseFEN(strings.Join(rows, "/") + " " + stm + " - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := chess.ParseFEN(strings.Join(flipped, "/") + " " + other + " - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	return o, m
}

func each(samples []Sample) func(func(Sample) error) error {
	return func(use func(Sample) error) error {
		for _, s := range samples {
			if err := use(s); err != nil {
				return err
			}
		}
		return nil
	}
}

func TestResidualClasses(t *testing.T) {
	if len(residualClasses) > maxResidualClasses {
		t.Fatalf("%d classes, room for %d", len(residualClasses), maxResidualClasses)
	}
	used := make([]int, len(residualClasses))
	for _, pos := range randomPositions(t, 2000) {
		for c, rc := range residualClasses {
			for _, v := range []int{-300, 0, 300} {
				b, _ := rc.of(pos, v, 12)
				if b < -1 || b >= len(rc.buckets) {
					t.Fatalf("%s: bucket %d of %d for %s", rc.name, b, len(rc.buckets), pos.FEN())
				}
				if b >= 0 {
					used[c]++
				}
			}
		}
	}
	for c, n := range used {
		if n == 0 {
			t.Errorf("%s: no position of 2000 in any bucket", residualClasses[c].name)
		}
	}
}

// TestResidualsMirror: a class means the same for either colour, so adding
// every position's colour mirror (with the result turned round) leaves
// each bucket's mean residual as it was and doubles its count.
func TestResidualsMirror(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	var one, both []Sample
	for _, pos := range randomPositions(t, 600) {
		o, m := mirrored(t, pos)
		res := float64(r.IntN(3)) / 2
		score := r.IntN(401) - 200
		one = append(one, Sample{Pos: o, Result: res, Score: score, HasScore: true})
		both = append(both, Sample{Pos: o, Result: res, Score: score, HasScore: true},
			Sample{Pos: m, Result: 1 - res, Score: -score, HasScore: true})
	}
	p := eval.DefaultParams()
	a, err := AnalyseResiduals(each(one), p, 0.006, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	b, err := AnalyseResiduals(each(both), p, 0.006, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	filled := 0
	for c := range a.Rows {
		for i, ra := range a.Rows[c] {
			rb := b.Rows[c][i]
			if rb.N != 2*ra.N {
				t.Fatalf("%s, %s: %d positions, %d with the mirrors", residualClasses[c].name, residualClasses[c].buckets[i], ra.N, rb.N)
			}
			if ra.N > 0 && math.Abs(ra.Mean()-rb.Mean()) > 1e-9 {
				t.Errorf("%s, %s: mean %v, %v with the mirrors", residualClasses[c].name, residualClasses[c].buckets[i], ra.Mean(), rb.Mean())
			}
			if ra.N > 0 {
				filled++
			}
		}
	}
	if filled < 15 {
		t.Errorf("only %d buckets hold positions", filled)
	}
}

// TestResidualsFindBias: in data where the side to move always wins, the
// side-to-move class shows it, at the size the prediction misses it by.
func TestResidualsFindBias(t *testing.T) {
	var samples []Sample
	for _, pos := range randomPositions(t, 800) {
		res := 1.0
		if pos.SideToMove() == chess.Black {
			res = 0
		}
		samples = append(samples, Sample{Pos: pos, Result: res})
	}
	r, err := AnalyseResiduals(each(samples), eval.DefaultParams(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[2][0]
	if residualClasses[2].name != "the side to move" || row.N != len(samples) {
		t.Fatalf("class 2 is %q with %d positions", residualClasses[2].name, row.N)
	}
	if row.Mean() < 0.2 || row.Centipawns() < 50 {
		t.Errorf("side to move: mean residual %.3f, %.0f cp: the bias is not found", row.Mean(), row.Centipawns())
	}
	var out bytes.Buffer
	r.Write(&out, 1)
	if !strings.Contains(out.String(), "the side to move") || !strings.Contains(out.String(), "*") {
		t.Errorf("report:\n%s", out.String())
	}
}

func TestRunResiduals(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(tinyData), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code := Main([]string{"residuals", "-data", data, "-min", "1"}, &out, io.Discard); code != 0 || !strings.Contains(out.String(), "positions, K = ") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
	for _, args := range [][]string{{"residuals"}, {"residuals", "-data", data, "-lambda", "2"}, {"residuals", "-data", data, "-k", "-1"}} {
		if code := Main(args, io.Discard, io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code := Main([]string{"residuals", "-data", filepath.Join(dir, "missing")}, io.Discard, io.Discard); code != 1 {
		t.Errorf("a missing file: exit %d, want 1", code)
	}
}
