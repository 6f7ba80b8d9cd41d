package main

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"matador/internal/eval"
	"matador/internal/search"
)

// TestEverySwitchListed: the tab lists every switch of the search and the
// evaluation, and the network's option, once each, described (two or three
// sentences), with the places that read it.
func TestEverySwitchListed(t *testing.T) {
	d, err := build("../..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]Technique{}
	for _, g := range d.Groups {
		if !strings.HasPrefix(g.Doc, "docs/techniques.md#") {
			t.Errorf("group %s links to %q", g.Name, g.Doc)
		}
		for _, tq := range g.Techniques {
			if _, dup := seen[tq.Name]; dup {
				t.Errorf("%s listed twice", tq.Name)
			}
			seen[tq.Name] = tq
		}
	}
	want := append(append(search.SwitchNames(), eval.SwitchNames()...), "UseNNUE")
	if len(seen) != len(want) {
		t.Errorf("%d techniques listed, %d switches", len(seen), len(want))
	}
	sentence := regexp.MustCompile(`[.!?](\s|$)`)
	for _, name := range want {
		tq, ok := seen[name]
		if !ok {
			t.Errorf("switch %s not listed", name)
			continue
		}
		if n := len(sentence.FindAllString(tq.Description, -1)); n < 2 || n > 3 {
			t.Errorf("%s: a description of %d sentences", name, n)
		}
		if len(tq.Code) == 0 {
			t.Errorf("%s: no place in the code reads its switch", name)
		}
		if tq.Flip == "" || tq.Source == "" {
			t.Errorf("%s: flip %q, source %q", name, tq.Flip, tq.Source)
		}
	}
	null := seen["NullMove"]
	found := false
	for _, s := range null.Code {
		found = found || (s.File == "internal/search/node.go" && s.Func == "negamax" && s.Step == "12")
	}
	if !found || null.Flip != "-NullMove" || null.Kind != "search" || !null.Default {
		t.Errorf("NullMove: %+v", null)
	}
	if r := seen["RecaptureExt"]; r.Flip != "+RecaptureExt" || r.Default {
		t.Errorf("RecaptureExt: flip %q, default %v", r.Flip, r.Default)
	}
	if u := seen["UseSpace"]; u.Kind != "eval" || u.Flip != "-UseSpace" {
		t.Errorf("UseSpace: kind %q, flip %q", u.Kind, u.Flip)
	}
}

// TestWorthIsTheReport: the worth summed from the ledger is what
// tools/ablate's report (docs/ablation/table.tsv) says of every row.
func TestWorthIsTheReport(t *testing.T) {
	worth, err := readLedger("../../docs/ablation/chunks-2+0.02.tsv")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("../../docs/ablation/table.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var col map[string]int
	rows := 0
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if col == nil {
			col = map[string]int{}
			for i, n := range fields {
				col[n] = i
			}
			continue
		}
		name := fields[col["switch"]]
		games, _ := strconv.Atoi(fields[col["games"]])
		if games == 0 {
			if worth[name] != nil {
				t.Errorf("%s: no games in the report, %d in the ledger", name, worth[name].Games)
			}
			continue
		}
		rows++
		w := worth[name]
		if w == nil {
			t.Errorf("%s: %d games in the report, none in the ledger", name, games)
			continue
		}
		elo, _ := strconv.ParseFloat(fields[col["elo"]], 64)
		e, _ := strconv.ParseFloat(fields[col["elo_err95"]], 64)
		if w.Games != games || math.Abs(w.Elo-elo) > 0.051 || math.Abs(w.Err-e) > 0.051 || w.TC != fields[col["tc"]] {
			t.Errorf("%s: %d games, %+.1f ± %.1f at %s; the report: %d games, %+.2f ± %.2f", name, w.Games, w.Elo, w.Err, w.TC, games, elo, e)
		}
	}
	if rows < 80 {
		t.Errorf("only %d rows with games in the report", rows)
	}
}

// TestModule: the output is an ES module whose value is the data.
func TestModule(t *testing.T) {
	d, err := build("../..")
	if err != nil {
		t.Fatal(err)
	}
	text, err := render(d)
	if err != nil {
		t.Fatal(err)
	}
	s := string(text)
	i := strings.Index(s, "export default ")
	if i < 0 || !strings.HasSuffix(s, ";\n") {
		t.Fatalf("not a module: %.200s", s)
	}
	var back Data
	if err := json.Unmarshal([]byte(strings.TrimSuffix(s[i+len("export default "):], ";\n")), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Groups) != len(groupNames) || back.Ledger == "" {
		t.Errorf("%d groups, ledger %q", len(back.Groups), back.Ledger)
	}
}

// TestPentanomialElo: the Elo of known pairs.
func TestPentanomialElo(t *testing.T) {
	if elo, e := pentanomialElo([5]int{0, 0, 10, 0, 0}); elo != 0 || e != 0 {
		t.Errorf("all draws: %v ± %v", elo, e)
	}
	// UseKingSafety's row: +77.7 ± 36.4 (docs/ablation/table.tsv).
	elo, e := pentanomialElo([5]int{2, 15, 38, 27, 18})
	if math.Abs(elo-77.71) > 0.01 || math.Abs(e-36.40) > 0.01 {
		t.Errorf("UseKingSafety's pairs: %.2f ± %.2f, want 77.71 ± 36.40", elo, e)
	}
}

// TestWriteModuleKeepsOtherFiles: -out replaces a module the tool wrote,
// and refuses, untouched, a file it did not write, an empty one and a
// directory.
func TestWriteModuleKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	d, err := build("../..")
	if err != nil {
		t.Fatal(err)
	}
	text, err := render(d)
	if err != nil {
		t.Fatal(err)
	}
	module := filepath.Join(dir, "techniques-data.js")
	if err := writeModule(module, text); err != nil {
		t.Fatalf("a new file: %v", err)
	}
	if err := writeModule(module, text); err != nil {
		t.Errorf("the module written before: %v", err)
	}
	for name, content := range map[string]string{"data.txt": "r3kr2/pp1n1pb1/2pR1npp/4p3/2P1P3/2N2BPP/PP3P2/1RB3K1 b q - 0 15 | 0.5 | 136 | 0\n", "empty.js": ""} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(content), 0o644)
		if err := writeModule(path, text); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v, want a refusal naming it", name, err)
		}
		if b, _ := os.ReadFile(path); string(b) != content {
			t.Errorf("%s changed", name)
		}
	}
	if err := writeModule(dir, text); err == nil {
		t.Error("a directory accepted")
	}
}
