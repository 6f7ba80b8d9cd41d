package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matador/internal/engine"
	"matador/internal/eval"
	"matador/internal/search"
)

func TestEverySwitchHasARow(t *testing.T) {
	rows, err := AllRows()
	if err != nil {
		t.Fatal(err)
	}
	names := append(search.SwitchNames(), eval.SwitchNames()...)
	for _, o := range optionRows {
		names = append(names, o.name)
	}
	gone := 0
	for name, tq := range techniques {
		switch {
		case removedIn[name] != "":
			gone++
			if slices.Contains(names, name) {
				t.Errorf("techniques.go says %s was removed, yet it is a switch", name)
			}
			if tq.Group != groupOther {
				t.Errorf("%s: removed, yet from the seeds (%s): those stay switchable", name, tq.Group)
			}
		case !slices.Contains(names, name):
			t.Errorf("techniques.go names %s, which is no switch", name)
		}
	}
	for name := range removedIn {
		if _, ok := techniques[name]; !ok {
			t.Errorf("removedIn names %s, which has no source in techniques", name)
		}
	}
	if len(rows) != len(names)+gone || len(techniques) != len(names)+gone {
		t.Errorf("%d rows, %d sources, %d switches, %d removed", len(rows), len(techniques), len(names), gone)
	}
	for _, r := range rows {
		if r.Source == "" || !slices.Contains(groups, r.Group) {
			t.Errorf("%s: source %q, group %q", r.Name, r.Source, r.Group)
		}
		if (r.Group == groupOther) != strings.HasPrefix(r.Source, "not in the seeds") {
			t.Errorf("%s: group %q but source %q", r.Name, r.Group, r.Source)
		}
	}
	// Defaults come from the engine's own.
	for _, r := range rows {
		switch r.Name {
		case "NullMove", "UseThreats":
			if !r.Default || r.Spec() != "-"+r.Name || r.OnSpec() != "" || r.OffSpec() != "-"+r.Name {
				t.Errorf("%s: default %v, spec %q, on %q, off %q", r.Name, r.Default, r.Spec(), r.OnSpec(), r.OffSpec())
			}
		case "RecaptureExt":
			if r.Default || r.Spec() != "+"+r.Name || r.OnSpec() != "+"+r.Name || r.OffSpec() != "" {
				t.Errorf("%s: default %v, spec %q, on %q, off %q", r.Name, r.Default, r.Spec(), r.OnSpec(), r.OffSpec())
			}
		}
		if r.Option != "" {
			if r.Variable() != "" {
				t.Errorf("%s: an option row with variable %s", r.Name, r.Variable())
			}
			continue
		}
		if want := "MATADOR_SWITCHES"; r.Eval {
			if r.Variable() != "MATADOR_EVAL_SWITCHES" {
				t.Errorf("%s: %s", r.Name, r.Variable())
			}
		} else if r.Variable() != want {
			t.Errorf("%s: %s", r.Name, r.Variable())
		}
	}
}

func TestSelectRows(t *testing.T) {
	all, _ := AllRows()
	rows, err := selectRows(all, "UseSpace, NullMove")
	if err != nil || len(rows) != 2 || rows[0].Name != "UseSpace" || rows[1].Name != "NullMove" {
		t.Errorf("selected %v, %v", rows, err)
	}
	if _, err := selectRows(all, "NoSuchThing"); err == nil {
		t.Error("an unknown switch was accepted")
	}
	// A removed switch's row is reported, never played.
	for name := range removedIn {
		if _, err := selectRows(all, name); err == nil || !strings.Contains(err.Error(), "removed") {
			t.Errorf("%s, removed, selected: %v", name, err)
		}
		if slices.ContainsFunc(playable(all), func(r Row) bool { return r.Name == name }) {
			t.Errorf("%s, removed, is playable", name)
		}
	}
}

// TestOptionRow: Use NNUE's row gives the flipped side its option through
// fastchess, leaves both wrappers without switches, and benches the
// flipped side with the evaluation the option picks; a switch row's two
// sides both play the classical evaluation.
func TestOptionRow(t *testing.T) {
	all, _ := AllRows()
	rows, err := selectRows(all, "UseNNUE")
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	if r.Default != engine.DefaultUseNNUE || r.Option != "Use NNUE" {
		t.Fatalf("row %+v", r)
	}
	flip, bench := "option.Use NNUE=true", "nnue"
	if r.Default {
		flip, bench = "option.Use NNUE=false", "classical"
	}
	if r.Spec() != flip {
		t.Errorf("spec %q, want %q", r.Spec(), flip)
	}
	if v, val := r.BenchEnv(); v != "MATADOR_BENCH_EVAL" || val != bench {
		t.Errorf("bench %s=%s, want MATADOR_BENCH_EVAL=%s", v, val, bench)
	}
	c := Config{TC: "2+0.02", Openings: "o.epd", Concurrency: 2}
	args := c.fastchessArgs(r, "/d", 10, 1, "p.pgn")
	flipped := "on"
	if r.Default {
		flipped = "off"
	}
	for i, a := range args {
		if a == flip && (i < 1 || args[i-1] != "name="+flipped) {
			t.Errorf("%q follows %q, want name=%s: %q", a, args[i-1], flipped, args)
		}
	}
	if n := slices.Index(args, flip); n < 0 || slices.Index(args[n+1:], flip) >= 0 {
		t.Errorf("the option is not given once: %q", args)
	}
	sw, _ := selectRows(all, "NullMove")
	swArgs := c.fastchessArgs(sw[0], "/d", 10, 1, "p.pgn")
	for _, side := range []string{"on", "off"} {
		at := slices.Index(swArgs, "name="+side)
		if at < 0 || at+1 >= len(swArgs) || swArgs[at+1] != "option.Use NNUE=false" {
			t.Errorf("a switch row's %s side does not play the classical evaluation: %q", side, swArgs)
		}
	}
	if n := len(slices.DeleteFunc(slices.Clone(swArgs), func(a string) bool { return !strings.HasPrefix(a, "option.Use NNUE") })); n != 2 {
		t.Errorf("a switch row's games set Use NNUE %d times: %q", n, swArgs)
	}
	netRow, _ := selectRows(all, "NNUEImbalance")
	netArgs := c.fastchessArgs(netRow[0], "/d", 10, 1, "p.pgn")
	for _, side := range []string{"on", "off"} {
		if at := slices.Index(netArgs, "name="+side); at < 0 || at+1 >= len(netArgs) || netArgs[at+1] != "option.Use NNUE=true" {
			t.Errorf("NNUEImbalance's %s side does not play the net: %q", side, netArgs)
		}
	}
	tmp := t.TempDir()
	c.Work, c.Engine = tmp, filepath.Join(tmp, "matador")
	if err := os.WriteFile(c.Engine, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	dir, _, err := c.prepare(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"on.sh", "off.sh"} {
		b, _ := os.ReadFile(filepath.Join(dir, side))
		if !strings.Contains(string(b), "MATADOR_SWITCHES='' MATADOR_EVAL_SWITCHES=''") {
			t.Errorf("%s: %s", side, b)
		}
	}
}

func TestScript(t *testing.T) {
	s := script("/bin/mat ador", "MATADOR_EVAL_SWITCHES", "+UseSpace")
	want := "#!/bin/sh\nMATADOR_SWITCHES='' MATADOR_EVAL_SWITCHES='+UseSpace' exec '/bin/mat ador' \"$@\"\n"
	if s != want {
		t.Errorf("script:\n%s\nwant\n%s", s, want)
	}
}

// fakeFastchess stands in for fastchess: it writes -rounds pairs to the
// -pgnout file, the "on" side winning one game of each and drawing the
// other, and records its arguments.
const fakeFastchess = `#!/bin/sh
echo "$@" >> "$(dirname "$0")/calls"
rounds=0 pgn=
while [ $# -gt 0 ]; do
	case "$1" in
	-rounds) rounds=$2; shift ;;
	file=*.part) pgn=${1#file=} ;;
	esac
	shift
done
i=1
while [ $i -le $rounds ]; do
	printf '[Round "%d"]\n[White "on"]\n[Black "off"]\n[Result "1-0"]\n[GameDuration "00:00:04"]\n[Termination "normal"]\n\n1. e4 {+0.1/1 0.1s} e5 1-0\n\n' $i >> "$pgn"
	printf '[Round "%d"]\n[White "off"]\n[Black "on"]\n[Result "1/2-1/2"]\n[GameDuration "00:00:04"]\n[Termination "adjudication"]\n\n1. e4 e5 1/2-1/2\n\n' $i >> "$pgn"
	i=$((i+1))
done
`

func TestPlayRowStopsAndResumes(t *testing.T) {
	tmp := t.TempDir()
	fc := filepath.Join(tmp, "fastchess")
	engine := filepath.Join(tmp, "matador")
	for path, text := range map[string]string{fc: fakeFastchess, engine: "#!/bin/sh\n", filepath.Join(tmp, "openings.epd"): "x\n"} {
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	c := Config{Work: filepath.Join(tmp, "work"), Fastchess: fc, Openings: filepath.Join(tmp, "openings.epd"), Engine: engine,
		TC: "1+0.01", Concurrency: 2, ChunkRounds: 30, Rule: StopRule{Min: 100, Cap: 800, Margin: 2}, Seed: 1000}
	all, _ := AllRows()
	row, _ := selectRows(all, "RecaptureExt")
	dir := c.RowDir("RecaptureExt")

	// A killed earlier run left one whole pair in chunk 1.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, chunkName(1)+partExt), []byte(pair(1, "W", "D")+pgnGame(2, "on", "off", "1-0", "normal")[:50]), 0o644)

	var log bytes.Buffer
	chunks := 0
	if err := c.PlayRow(row[0], &log, func(*Tally) { chunks++ }); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	tl, _ := CountRow(dir, "on", "off")
	// +1.5 of 2 in every pair: clear at the first check past 100 games:
	// 2 + 60 + 60 = 122.
	if tl.Games != 122 || chunks != 2 || tl.Penta != (Penta{0, 0, 0, 61, 0}) {
		t.Errorf("%d games in %d chunks, %v\n%s", tl.Games, chunks, tl.Penta, log.String())
	}
	if !strings.Contains(log.String(), "done (clear gain) after 122 games") {
		t.Errorf("log:\n%s", log.String())
	}
	for _, f := range []string{chunkName(1) + partExt, chunkName(2), chunkName(3), "on.sh", "off.sh", "row.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	on, _ := os.ReadFile(filepath.Join(dir, "on.sh"))
	off, _ := os.ReadFile(filepath.Join(dir, "off.sh"))
	if !strings.Contains(string(on), "MATADOR_SWITCHES='+RecaptureExt'") || !strings.Contains(string(off), "MATADOR_SWITCHES=''") {
		t.Errorf("scripts:\n%s%s", on, off)
	}
	calls, _ := os.ReadFile(filepath.Join(tmp, "calls"))
	for _, want := range []string{"-srand 1002", "-srand 1003", "tc=1+0.01", "-concurrency 2", "-repeat", "-recover", "option.Hash=16",
		"option.Threads=1", "-games 2", "movenumber=40 movecount=8 score=10", "-resign movecount=4 score=700", "format=epd order=random", "-pgnout file=", ".part timeleft=true"} {
		if !strings.Contains(string(calls), want) {
			t.Errorf("fastchess was not called with %q:\n%s", want, calls)
		}
	}
	// Started again, the row is done and plays nothing.
	if err := c.PlayRow(row[0], io.Discard, func(*Tally) { chunks++ }); err != nil || chunks != 2 {
		t.Errorf("a finished row played again: %v, %d chunks", err, chunks)
	}
	// Another binary may not add to the row's games.
	os.WriteFile(engine, []byte("#!/bin/sh\n# another build\n"), 0o755)
	if err := c.PlayRow(row[0], io.Discard, nil); err == nil || !strings.Contains(err.Error(), "another binary") {
		t.Errorf("another binary: %v", err)
	}
}

// fakeTools writes the fake fastchess and an engine script into a new
// temporary directory.
func fakeTools(t *testing.T, engineScript string) (tmp, fc, engine string) {
	t.Helper()
	tmp = t.TempDir()
	fc, engine = filepath.Join(tmp, "fastchess"), filepath.Join(tmp, "matador")
	for path, text := range map[string]string{fc: fakeFastchess, engine: engineScript} {
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return tmp, fc, engine
}

func TestCapShortensTheLastChunk(t *testing.T) {
	tmp, fc, engine := fakeTools(t, "#!/bin/sh\n")
	c := Config{Work: tmp, Fastchess: fc, Openings: "x.epd", Engine: engine, TC: "1+0.01", Concurrency: 1, ChunkRounds: 50,
		Rule: StopRule{Min: 100, Cap: 130, Margin: 1000}, Seed: 1}
	all, _ := AllRows()
	if err := c.PlayRow(all[0], io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	tl, _ := CountRow(c.RowDir(all[0].Name), "on", "off")
	if tl.Games != 130 {
		t.Errorf("%d games, want the cap, 130", tl.Games)
	}
}

// measuredRows are rows with made-up results, some unplayed.
func measuredRows(t *testing.T) []Measured {
	all, err := AllRows()
	if err != nil {
		t.Fatal(err)
	}
	pentas := []Penta{{3, 15, 79, 79, 24}, {24, 79, 79, 15, 3}, {8, 52, 83, 48, 9}, {0, 0, 5, 0, 0}, {0, 0, 0, 0, 4}, {6, 37, 92, 74, 27}}
	var ms []Measured
	for i, r := range all {
		tl := newTally()
		if i%7 != 6 {
			p := pentas[i%len(pentas)]
			tl.Penta = p
			tl.Games = 2 * p.Pairs()
			tl.W, tl.L, tl.D = p[4]*2+p[3], p[0]*2+p[1], p[1]+p[2]*2+p[3]
		}
		ms = append(ms, Measured{Row: r, TC: "2+0.02", Tally: tl, Res: Stats(tl.Penta)})
	}
	return ms
}

func TestSVG(t *testing.T) {
	ms := measuredRows(t)
	var b bytes.Buffer
	WriteSVG(&b, ms, "test <chart> & more")
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	bars, labels := 0, map[string]bool{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			for _, a := range se.Attr {
				if a.Name.Local == "class" && a.Value == "bar" {
					bars++
				}
				if a.Name.Local == "data-switch" {
					labels[a.Value] = true
				}
			}
		}
	}
	played := 0
	for _, m := range ms {
		if m.Tally.Games > 0 {
			played++
			if !labels[m.Name] {
				t.Errorf("no bar for %s", m.Name)
			}
		}
	}
	if bars != played {
		t.Errorf("%d bars for %d played rows", bars, played)
	}
	for _, g := range groups {
		if !strings.Contains(b.String(), ">"+esc(g)+"<") {
			t.Errorf("no header for group %s", g)
		}
	}
	// Sorted by worth within a group.
	sortMeasured(ms)
	for i := 1; i < len(ms); i++ {
		a, c := ms[i-1], ms[i]
		if a.Group == c.Group && a.Res.Finite() && c.Res.Finite() && a.Res.Elo < c.Res.Elo {
			t.Errorf("%s (%+.1f) before %s (%+.1f)", a.Name, a.Res.Elo, c.Name, c.Res.Elo)
		}
	}
}

func TestReportIsReproducible(t *testing.T) {
	var md1, md2, tsv1, tsv2, svg1, svg2 bytes.Buffer
	rule := StopRule{Min: 200, Cap: 800, Margin: 2}
	WriteMarkdown(&md1, measuredRows(t), rule)
	WriteTSV(&tsv1, measuredRows(t))
	WriteSVG(&svg1, measuredRows(t), "x")
	ms := measuredRows(t)
	slices.Reverse(ms)
	WriteMarkdown(&md2, ms, rule)
	WriteTSV(&tsv2, ms)
	WriteSVG(&svg2, ms, "x")
	if md1.String() != md2.String() || tsv1.String() != tsv2.String() || svg1.String() != svg2.String() {
		t.Error("the same rows in another order give another report")
	}
	all, _ := AllRows()
	if lines := strings.Count(tsv1.String(), "\n"); lines != len(all)+1 {
		t.Errorf("TSV has %d lines for %d rows", lines, len(all))
	}
	for _, want := range []string{"+58.7 ± 21.9", "+85.9 ± 31.3", "[3, 15, 79, 79, 24]",
		"off (the row measures turning it on)", "only with CheckExtension (on)", "\"good for +30-40 elo points\""} {
		if !strings.Contains(md1.String(), want) {
			t.Errorf("the table lacks %q", want)
		}
	}
}

func TestEstimate(t *testing.T) {
	c := Config{TC: "2+0.02", Concurrency: 2, ChunkRounds: 50, Rule: StopRule{Min: 200, Cap: 800, Margin: 2}}
	all, _ := AllRows()
	rows, _ := selectRows(all, "NullMove,RecaptureExt,UseSpace")
	ms := []Measured{
		{Row: rows[0], Tally: &Tally{Games: 0, Terminations: map[string]int{}}},
		{Row: rows[1], Tally: &Tally{Games: 300, Terminations: map[string]int{}}},
		{Row: rows[2], Tally: &Tally{Games: 400, Terminations: map[string]int{}}, Stop: "clear loss"},
	}
	var b bytes.Buffer
	writeEstimate(&b, c, ms, 6, "test")
	// NullMove: 200 to 800 left; RecaptureExt: a chunk (100) to 500.
	for _, want := range []string{"-NullMove", "+RecaptureExt", "to play: 200 to 800 games", "to play: 100 to 500 games", "done: clear loss",
		"at least 300 games (0.2 h), at most 1300 games (1.1 h)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("estimate lacks %q:\n%s", want, b.String())
		}
	}
	if spg, _ := secondsPerGame(Config{TC: "2+0.02", Work: t.TempDir()}, all); spg != 6.4 {
		t.Errorf("guess for 2+0.02: %v s a game", spg)
	}
}

// TestWriteBench: the switch rows are benched with the classical
// evaluation (a switch of the net's with the net) and the option row with
// the evaluation its flip picks, each beside the base it is to be
// compared with.
func TestWriteBench(t *testing.T) {
	fake := filepath.Join(t.TempDir(), "matador")
	// Its node count says which evaluation and switches the bench had.
	src := `#!/bin/sh
case "$MATADOR_BENCH_EVAL" in classical) n=1000;; nnue) n=2000;; *) n=3000;; esac
[ -n "$MATADOR_SWITCHES" ] && n=$((n + 1))
echo "$n nodes 1 nps"
`
	if err := os.WriteFile(fake, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	all, _ := AllRows()
	rows, err := selectRows(all, "NullMove,UseNNUE,NNUEImbalance")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := writeBench(&out, fake, rows); err != nil {
		t.Fatal(err)
	}
	flipped := "1000"
	if !engine.DefaultUseNNUE {
		flipped = "2000"
	}
	imbalanceRow := "+NNUEImbalance"
	if search.DefaultSwitches.NNUEImbalance {
		imbalanceRow = "-NNUEImbalance"
	}
	for _, want := range []string{"bench: 3000 nodes with the defaults, 1000 with the classical evaluation",
		"-NullMove                          1001\n", "option.Use NNUE=", " " + flipped + "\n",
		imbalanceRow + "                     2001\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}
