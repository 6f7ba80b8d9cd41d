package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/tb"
)

// syzygyDir is the shared 3- and 4-piece set beside the repository.
var syzygyDir = filepath.Join("..", "..", "..", "shared", "data", "syzygy")

func needSyzygy(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(syzygyDir, "KQvK.rtbw")); err != nil {
		t.Skipf("no Syzygy tables at %s (../shared/data/syzygy beside the repository): %v", syzygyDir, err)
	}
}

func TestTBProbeSubcommand(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	// A reference position (wdl -2, dtz -13), its FEN given as separate fields.
	out, err := run(t, "tb", "probe", "-path", syzygyDir, "8/1B6/8/8/6K1/8/8/4B2k", "b", "-", "-", "0", "1")
	if err != nil {
		t.Fatalf("tb probe: %v\n%s", err, out)
	}
	for _, want := range []string{
		"tables: 35 WDL, 35 DTZ, up to 4 pieces\n",
		"fen:    8/1B6/8/8/6K1/8/8/4B2k b - - 0 1\n",
		"wdl:    loss\n",
		"dtz:    -13\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tb probe output lacks %q:\n%s", want, out)
		}
	}
	// Every legal move, best (the longest loss) first, its DTZ counted from
	// the position.
	if !regexp.MustCompile(`move +uci +result +dtz\nKg1 +h1g1 +loss +-13\nKh2 +h1h2 +loss +-9\n$`).MatchString(out) {
		t.Errorf("tb probe moves:\n%s", out)
	}

	// Mate in one, found first and marked.
	out, err = run(t, "tb", "probe", "-path", syzygyDir, "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1")
	if err != nil || !regexp.MustCompile(`move +uci +result +dtz\nQg8# +g1g8 +win +1 \(mate\)\n`).MatchString(out) {
		t.Errorf("mate in one: %v\n%s", err, out)
	}

	// Failures say what is wrong and exit non-zero.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"probe", "-path", syzygyDir, "4k3/8/8/8/8/8/8/RNB1K3 w - - 0 1"}, "more pieces than the tables hold"},
		{[]string{"probe", "-path", syzygyDir, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"}, "castling rights"},
		{[]string{"probe", "-path", syzygyDir, "8/8/8/8 w - - 0 1"}, "bad FEN"},
		{[]string{"probe", "-path", filepath.Join(t.TempDir(), "absent"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}, "no such file"},
		{[]string{"probe", "-path", syzygyDir}, "usage:"},
		{[]string{"frobnicate"}, "unknown command"},
		{nil, "usage:"},
	} {
		out, err := run(t, append([]string{"tb"}, c.args...)...)
		if err == nil || !strings.Contains(out, c.want) {
			t.Errorf("tb %v: %v, want an error with %q:\n%s", c.args, err, c.want, out)
		}
	}
}

// TestTBProbeWDLOnly: a set of WDL tables without their DTZ files (a
// common download) still answers tb probe: the WDL, the DTZ named as
// missing, and every move with its result, ranked by WDL alone.
func TestTBProbeWDLOnly(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	dir := t.TempDir()
	wdlFiles, err := filepath.Glob(filepath.Join(syzygyDir, "*.rtbw"))
	if err != nil || len(wdlFiles) == 0 {
		t.Fatalf("no WDL tables in %s: %v", syzygyDir, err)
	}
	for _, f := range wdlFiles {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := run(t, "tb", "probe", "-path", dir, "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1")
	if err != nil {
		t.Errorf("tb probe with WDL tables alone: %v\n%s", err, out)
	}
	for _, want := range []string{
		"tables: 35 WDL, 0 DTZ, up to 4 pieces\n",
		"wdl:    win\n",
		"dtz:    - (missing table KQvK)\n",
		"(moves ranked by WDL alone: DTZ tables missing)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("tb probe output lacks %q:\n%s", want, out)
		}
	}
	// Every legal move is listed, the winning ones first.
	if !regexp.MustCompile(`move +uci +result +dtz\n\S+ +\S+ +win +-\n`).MatchString(out) ||
		!regexp.MustCompile(`\nQf7\+ +f1f7 +draw +-\n`).MatchString(out) {
		t.Errorf("tb probe moves:\n%s", out)
	}
}

func TestTBVerifySubcommand(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	out, err := run(t, "tb", "verify", "-path", syzygyDir)
	if err != nil || !strings.Contains(out, "all tables open and check out") {
		t.Errorf("tb verify: %v\n%s", err, out)
	}
	// A truncated table is named.
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(syzygyDir, "KRvK.rtbz"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "KRvK.rtbz"), data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(t, "tb", "verify", "-path", dir)
	if err == nil || !strings.Contains(out, "KRvK.rtbz") || !strings.Contains(out, "truncated") {
		t.Errorf("tb verify of a truncated table: %v\n%s", err, out)
	}
	// Probing through it fails with the same message, and no panic.
	out, err = run(t, "tb", "probe", "-path", dir+string(os.PathListSeparator)+syzygyDir, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
	if err == nil || !strings.Contains(out, "KRvK.rtbz") || strings.Contains(out, "panic") {
		t.Errorf("tb probe with a truncated DTZ table: %v\n%s", err, out)
	}
}

// TestUCISyzygy sets the tables through the UCI options and searches
// positions in them: a win is kept and reported as the tables' win (or a
// mate), with tbhits counted; a draw scores 0; a capture into the tables
// from five pieces is found by the probes inside the tree; a bad path is
// refused with an info string and the tables before it kept.
func TestUCISyzygy(t *testing.T) {
	t.Parallel()
	needSyzygy(t)
	dir, err := filepath.Abs(syzygyDir)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := tb.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	p := startEngine(t)
	// python-chess (lichess-bot) refuses to set an option the engine has
	// not declared.
	p.send("uci")
	_, before := p.expect(`^uciok$`, 2*time.Second)
	for _, want := range []string{"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name Syzygy50MoveRule type check default true",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7"} {
		if !slices.Contains(before, want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}
	// Two directories, the second without tables: it is named, and the
	// first one's tables are used.
	empty := t.TempDir()
	p.send("setoption name SyzygyPath value " + dir + string(os.PathListSeparator) + empty)
	l, _ := p.expect(`^info string `, 5*time.Second)
	if l.text != "info string SyzygyPath: no Syzygy tables (.rtbw, .rtbz) in "+empty+"; not used" {
		t.Errorf("SyzygyPath: %q, want the empty directory named", l.text)
	}
	l, _ = p.expect(`^info string `, 5*time.Second)
	if !strings.HasPrefix(l.text, "info string Found 35 tablebases (35 WDL, 35 DTZ files, up to 4 pieces)") {
		t.Errorf("SyzygyPath: %q", l.text)
	}
	infoRx := regexp.MustCompile(`^info depth \d+ .*score (cp|mate) (-?\d+) .*tbhits (\d+) time`)
	// search runs "go depth N" on fen and returns the last info line's
	// score and tbhits and the position after the best move.
	search := func(fen string, depth int) (string, int, int, *chess.Position) {
		t.Helper()
		p.send("position fen "+fen, fmt.Sprintf("go depth %d", depth))
		pos := position(t, fen)
		best, before := p.bestMove(pos, 30*time.Second)
		kind, score, hits := "", 0, -1
		for _, l := range before {
			if m := infoRx.FindStringSubmatch(l); m != nil {
				kind = m[1]
				score, _ = strconv.Atoi(m[2])
				hits, _ = strconv.Atoi(m[3])
			}
		}
		if hits < 0 {
			t.Fatalf("%s: no info line with tbhits: %q", fen, tail(before))
		}
		m, _ := pos.ParseUCI(best)
		pos.MakeMove(m)
		return kind, score, hits, pos
	}
	for _, fen := range []string{
		"2Q5/8/1k6/8/1K6/8/8/8 w - - 0 1", // KQvK, 5 plies to mate
		"8/2R5/5K2/8/1k6/8/8/8 w - - 0 1", // KRvK, 19
		"8/8/8/4k3/8/8/2N5/KB6 w - - 0 1", // KBNvK
	} {
		kind, score, hits, after := search(fen, 5)
		if kind == "cp" && score < 30000 || kind == "mate" && score <= 0 {
			t.Errorf("%s: score %s %d, want the tables' win or a mate", fen, kind, score)
		}
		if hits == 0 {
			t.Errorf("%s: tbhits 0", fen)
		}
		if after.InCheck() && !after.HasLegalMove() {
			continue
		}
		if wdl, ok := tables.ProbeWDL(after); !ok || wdl != tb.Loss {
			t.Errorf("%s: the move played leaves the loser %v (ok %v)", fen, wdl, ok)
		}
	}
	// KRvKR, a draw.
	if kind, score, _, after := search("2K5/8/6r1/8/7k/8/4R3/8 w - - 0 1", 5); kind != "cp" || score != 0 {
		t.Errorf("KRvKR draw: score %s %d, want cp 0", kind, score)
	} else if wdl, ok := tables.ProbeWDL(after); !ok || wdl != tb.Draw {
		t.Errorf("KRvKR draw: the move played leaves %v", wdl)
	}
	// Five pieces: Qxd4 leaves KQvKP, a win the probes find in the tree.
	if kind, score, hits, after := search("8/p7/8/8/3r4/8/3Q4/K6k w - - 0 1", 6); kind == "cp" && score < 30000 || hits == 0 ||
		after.LastMove() == chess.NoMove || after.PieceOn(after.LastMove().To()).Type() != chess.Queen {
		t.Errorf("capture into the tables: score %s %d, tbhits %d, after %s", kind, score, hits, after.FEN())
	}
	// A bad path keeps the tables.
	p.send("setoption name SyzygyPath value /no/such/directory")
	l, _ = p.expect(`^info string `, 5*time.Second)
	if !strings.Contains(l.text, "SyzygyPath: ") || !strings.Contains(l.text, "keeping the tablebases of "+dir) {
		t.Errorf("bad SyzygyPath: %q", l.text)
	}
	if _, _, hits, _ := search("2Q5/8/1k6/8/1K6/8/8/8 w - - 0 1", 3); hits == 0 {
		t.Error("the tables were lost after a bad SyzygyPath")
	}
	// <empty> closes them.
	p.send("setoption name SyzygyPath value <empty>")
	if _, score, hits, _ := search("2K5/8/6r1/8/7k/8/4R3/8 w - - 0 1", 3); hits != 0 {
		t.Errorf("without tables: tbhits %d (score %d)", hits, score)
	}
}
