package chess

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The six positions of the Chess Programming Wiki perft page, with their
// published leaf counts.
var wikiPerft = []struct {
	name   string
	fen    string
	counts []uint64
}{
	{"start", StartFEN, []uint64{20, 400, 8902, 197281, 4865609}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []uint64{48, 2039, 97862, 4085603}},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []uint64{14, 191, 2812, 43238, 674624}},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []uint64{6, 264, 9467, 422333}},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []uint64{44, 1486, 62379, 2103487}},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", []uint64{46, 2079, 89890, 3894594}},
}

func TestPerftWiki(t *testing.T) {
	for _, tc := range wikiPerft {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for d, want := range tc.counts {
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s depth %d: got %d, want %d", tc.name, d+1, got, want)
			}
		}
	}
}

// epdCase is one line of an Ethereal-style perft suite: "FEN ;D1 n ;D2 n".
type epdCase struct {
	fen    string
	counts map[int]uint64
}

func readPerftSuite(t testing.TB, name string) []epdCase {
	path := filepath.Join("..", "..", "..", "shared", "data", "perft", name)
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("perft suite %s not found (%v): ../shared/data is not beside the repository", name, err)
	}
	defer f.Close()
	var cases []epdCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		if len(parts) < 2 {
			continue
		}
		c := epdCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) != 2 || !strings.HasPrefix(fields[0], "D") {
				t.Fatalf("bad perft entry %q", part)
			}
			d, err1 := strconv.Atoi(fields[0][1:])
			n, err2 := strconv.ParseUint(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("bad perft entry %q", part)
			}
			c.counts[d] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// runSuite checks every position of a suite up to maxDepth (and to any
// depth whose count is below maxNodes).
func runSuite(t *testing.T, name string, every int, maxDepth int, maxNodes uint64) {
	cases := readPerftSuite(t, name)
	for i, c := range cases {
		if i%every != 0 {
			continue
		}
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s line %d: %v", name, i+1, err)
		}
		for d := 1; d <= 7; d++ {
			want, ok := c.counts[d]
			if !ok || (d > maxDepth && want > maxNodes) {
				continue
			}
			if got := p.Perft(d); got != want {
				t.Errorf("%s line %d (%s) depth %d: got %d, want %d", name, i+1, c.fen, d, got, want)
			}
		}
	}
}

func TestPerftStandardSuite(t *testing.T) {
	if testing.Short() {
		runSuite(t, "standard.epd", 1, 3, 0)
		return
	}
	runSuite(t, "standard.epd", 1, 4, 2_000_000)
}

func TestPerftFischerSuite(t *testing.T) {
	if testing.Short() {
		runSuite(t, "fischer.epd", 8, 3, 0)
		return
	}
	runSuite(t, "fischer.epd", 4, 4, 0)
}
