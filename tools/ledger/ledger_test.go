package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository the test runs in (tools/ledger).
func root(t *testing.T) string {
	r, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDocumentsAreTheLedgers: every generated table of README.md and
// docs/*.md is what the ledger gives; a figure changed by hand in a
// document, or a record added without its table rewritten, fails here.
func TestDocumentsAreTheLedgers(t *testing.T) {
	recs, err := Load(LedgerDir(root(t)))
	if err != nil {
		t.Fatal(err)
	}
	stale, blocks, err := FillAll(root(t), recs, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range stale {
		t.Errorf("%s: a table differs from the ledger; run go run ./tools/ledger", d)
	}
	if blocks < 5 {
		t.Errorf("%d ledger tables in README.md and docs/, want the README's, docs/strength.md's three and docs/nnue.md's", blocks)
	}
	for name := range tables {
		if _, err := Markdown(name, recs); err != nil {
			t.Error(err)
		}
	}
}

// TestPentaEloAsFastchess: the Elo a record computes from a pentanomial
// without a log is fastchess's figure, to the decimal it printed.
func TestPentaEloAsFastchess(t *testing.T) {
	for _, c := range []struct {
		penta     []int
		elo, half string
	}{
		{[]int{48, 583, 1143, 660, 60}, "7.0", "5.6"}, // lmrcaptures-net-10s
		{[]int{21, 55, 72, 41, 11}, "-29.6", "25.4"},  // bar-ethereal
		{[]int{18, 88, 240, 154, 22}, "24.7", "13.0"}, // group3
		{[]int{3, 22, 63, 73, 39}, "110.4", "25.8"},   // r5b-vs-classical-10s
	} {
		e, h := pentaElo(c.penta)
		if got := fmt.Sprintf("%.1f", e); got != c.elo {
			t.Errorf("%v: Elo %s, fastchess %s", c.penta, got, c.elo)
		}
		if got := fmt.Sprintf("%.1f", h); got != c.half {
			t.Errorf("%v: ± %s, fastchess %s", c.penta, got, c.half)
		}
	}
}

// A fastchess state as config.json holds it, with the paths of one
// machine that the record must not keep.
const fakeState = `{
  "opening": {"file": "/home/someone/shared/UHO_4060_v3.epd"},
  "sprt": {"alpha": 0.05, "beta": 0.05, "elo0": -5.0, "elo1": 0.0, "enabled": true},
  "engines": [
    {"name": "new", "cmd": "/home/someone/matador-work/sprt/x/new.sh", "limit": {"tc": {"time": 10000, "increment": 100, "fixed_time": 0}}},
    {"name": "base", "cmd": "/home/someone/matador-work/sprt/x/base.sh", "limit": {"tc": {"time": 10000, "increment": 100, "fixed_time": 0}}}
  ],
  "stats": {"new vs base": {"wins": 5, "losses": 3, "draws": 8,
    "penta_WW": 1, "penta_WD": 2, "penta_WL": 1, "penta_DD": 2, "penta_LD": 1, "penta_LL": 1}}
}`

const fakeLog = `Elo: 12.00 +/- 50.00, nElo: 20.00 +/- 80.00
LLR: 0.10 (-2.94, 2.94) [-5.00, 0.00]
Elo: 43.66 +/- 60.12, nElo: 70.00 +/- 90.00
LLR: 0.21 (-2.94, 2.94) [-5.00, 0.00]
`

func TestRecordFromState(t *testing.T) {
	r := Record{Name: "x", Kind: "sprt", Opponent: "the defaults", Change: "+Y", Tables: []string{"sprt"}}
	if err := FromState(&r, []byte(fakeState), []byte(fakeLog)); err != nil {
		t.Fatal(err)
	}
	if r.Games != 16 || wld(r) != "5-3-8" || fmt.Sprint(r.Penta) != "[1 1 3 2 1]" || r.TC != "10+0.1" {
		t.Errorf("counts %d %s %v, tc %s", r.Games, wld(r), r.Penta, r.TC)
	}
	if bounds(r) != "[-5, 0]" || r.LLR != "0.21" || elo(r) != "+43.7 ± 60.1" || r.Result != "undecided" {
		t.Errorf("bounds %s, LLR %s, Elo %s, result %s: want fastchess's last lines", bounds(r), r.LLR, elo(r), r.Result)
	}
	if err := r.check(); err != nil {
		t.Errorf("a record from a state with paths: %v", err)
	}
	b, _ := r.Marshal()
	if strings.Contains(string(b), "/home/") || strings.Contains(string(b), "matador-work") {
		t.Errorf("the record keeps a path:\n%s", b)
	}
	// Without a log, the Elo is computed from the pentanomial; the
	// verdict is read from the log when there is one.
	r2 := Record{Name: "x", Kind: "sprt", Opponent: "o", Tables: []string{"sprt"}}
	if err := FromState(&r2, []byte(fakeState), nil); err != nil || r2.Elo == "" || r2.LLR != "" {
		t.Errorf("no log: Elo %q, LLR %q, %v", r2.Elo, r2.LLR, err)
	}
	if err := FromState(&r2, []byte(fakeState), []byte(fakeLog+"H1 was accepted\n")); err != nil || r2.Result != "H1" {
		t.Errorf("H1 in the log: result %q, %v", r2.Result, err)
	}
}

// TestRecordNamesABadState: a state that is not fastchess's is refused
// with the file named, the one in $WORK or the copy in tools/runs, and no
// record is written.
func TestRecordNamesABadState(t *testing.T) {
	repo := t.TempDir()
	work := t.TempDir()
	t.Setenv("WORK", work)
	kept := filepath.Join(repo, "tools", "runs", "match", "x.json")
	os.MkdirAll(filepath.Dir(kept), 0o755)
	inWork := filepath.Join(work, "match", "y", "config.json")
	os.MkdirAll(filepath.Dir(inWork), 0o755)
	for path, text := range map[string]string{kept: "{", inWork: "{}"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, path := range map[string]string{"x": kept, "y": inWork} {
		err := record(repo, []string{"match", name}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), path+": fastchess state") {
			t.Errorf("record match %s: %v, want the fault of %s", name, err, path)
		}
		if _, err := os.Stat(filepath.Join(LedgerDir(repo), name+".json")); err == nil {
			t.Errorf("record match %s wrote a record", name)
		}
	}
}

func TestCheckRefusesWhatATableCannotShow(t *testing.T) {
	good := Record{Name: "x", Kind: "match", Opponent: "o", TC: "10+0.1", Games: 2, Wins: 1, Draws: 1, Elo: "1", Tables: []string{"matches"}}
	if err := good.check(); err != nil {
		t.Fatal(err)
	}
	for what, bad := range map[string]func(*Record){
		"kind":   func(r *Record) { r.Kind = "gauntlet" },
		"games":  func(r *Record) { r.Games = 3 },
		"table":  func(r *Record) { r.Tables = []string{"elsewhere"} },
		"no Elo": func(r *Record) { r.Elo = "" },
		"a path": func(r *Record) { r.Opponent = "/root/matador-work/bin/matador-x" },
		"sprt":   func(r *Record) { r.Kind = "sprt" },
		// A match holds no net's data: the net's record does.
		"data": func(r *Record) { r.Data = "round 1" },
		// Only a match of a net is part of the nets table.
		"nets, classical": func(r *Record) { r.Eval, r.Tables = "classical", []string{"matches", "nets"} },
	} {
		r := good
		bad(&r)
		if err := r.check(); err == nil {
			t.Errorf("%s: a bad record taken", what)
		}
	}
	inNets := good
	inNets.Eval, inNets.Tables = "nn-0123456789ab, (768 → 256)×2 → 1", []string{"matches", "nets"}
	if err := inNets.check(); err != nil {
		t.Errorf("a match of a net in the nets table: %v", err)
	}

	net := Record{Name: "net-r1-a", Kind: "net", Eval: "nn-0123456789ab", Round: "r1-a", Data: "round 1", Training: "from random", Tables: []string{"nets"}}
	if err := net.check(); err != nil {
		t.Fatal(err)
	}
	for what, bad := range map[string]func(*Record){
		"games":        func(r *Record) { r.Games, r.Wins = 1, 1 },
		"an Elo":       func(r *Record) { r.Elo = "1" },
		"an opponent":  func(r *Record) { r.Opponent = "o" },
		"no data":      func(r *Record) { r.Data = "" },
		"no round":     func(r *Record) { r.Round = "" },
		"not a net":    func(r *Record) { r.Eval = "classical" },
		"a shape":      func(r *Record) { r.Eval = "nn-0123456789ab, (768 → 256)×2 → 1" },
		"other tables": func(r *Record) { r.Tables = []string{"nets", "matches"} },
	} {
		r := net
		bad(&r)
		if err := r.check(); err == nil {
			t.Errorf("a net's record with %s taken", what)
		}
	}
}

// TestNetsTable: a row a net, in the order of the rounds whatever the
// ledger's; its result every match of the net in the table, those
// against another net first; a net without one is not played; a match
// whose net has no record, and a net's second record, are refused.
func TestNetsTable(t *testing.T) {
	recs := []Record{
		{Name: "net-r2-a", Kind: "net", Eval: "nn-000000000002", Round: "r2-a", Data: "round 2", Training: "fine-tuned", Tables: []string{"nets"}, Note: "kept"},
		{Name: "r2a-vs-r1a", Kind: "match", Date: "2026-01-03", Eval: "nn-000000000002, shape", Opponent: "nn-000000000001, same build",
			TC: "5+0.05", Games: 4, Wins: 2, Losses: 1, Draws: 1, Elo: "88.7", Err: "40.0", Tables: []string{"matches", "nets"}},
		{Name: "r2a-vs-classical", Kind: "match", Date: "2026-01-02", Eval: "nn-000000000002, shape", Opponent: "the classical evaluation",
			TC: "10+0.1", Games: 2, Losses: 2, EloText: "no finite Elo", Tables: []string{"matches", "nets"}},
		{Name: "r2a-vs-ethereal", Kind: "match", Date: "2026-01-04", Eval: "nn-000000000002", Opponent: "Ethereal 12",
			TC: "10+0.1", Games: 2, Wins: 1, Draws: 1, Elo: "1", Tables: []string{"matches"}},
		{Name: "net-r1-a", Kind: "net", Eval: "nn-000000000001", Round: "r1-a", Data: "round 1", Training: "from random", Tables: []string{"nets"}},
	}
	for _, r := range recs {
		if err := r.check(); err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
	}
	got, err := Markdown("nets", recs)
	if err != nil {
		t.Fatal(err)
	}
	want := "| Net | Data | Training | Result |\n|---|---|---|---|\n" +
		"| nn-000000000001 (r1-a) | round 1 | from random | not played |\n" +
		"| nn-000000000002 (r2-a) | round 2 | fine-tuned | +88.7 ± 40.0 (4 games, 5+0.05) against nn-000000000001, same build; " +
		"no finite Elo (2 games, 10+0.1) against the classical evaluation; kept |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := Markdown("nets", recs[1:]); err == nil || !strings.Contains(err.Error(), "nn-000000000002") {
		t.Errorf("a match without its net's record: %v", err)
	}
	if _, err := Markdown("nets", append(recs, recs[0])); err == nil || !strings.Contains(err.Error(), "two records") {
		t.Errorf("a net's second record: %v", err)
	}
}

// TestCheckCatchesAnEditedNetsTable: -check on a copy of the repository's
// documents and ledger passes; a figure of docs/nnue.md's nets table
// edited by hand fails it with the document named; the rewrite from the
// ledger gives the document back as it was.
func TestCheckCatchesAnEditedNetsTable(t *testing.T) {
	repo := t.TempDir()
	docs, err := Documents(root(t))
	if err != nil {
		t.Fatal(err)
	}
	records, err := filepath.Glob(filepath.Join(LedgerDir(root(t)), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(docs, records...) {
		rel, _ := filepath.Rel(root(t), f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(repo, filepath.Dir(rel)), 0o755)
		if err := os.WriteFile(filepath.Join(repo, rel), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module matador\n"), 0o644)
	t.Chdir(repo)

	var out strings.Builder
	if err := run([]string{"-check"}, &out); err != nil {
		t.Fatalf("-check on the repository's copy: %v\n%s", err, out.String())
	}
	nnue := filepath.Join(repo, "docs", "nnue.md")
	doc, err := os.ReadFile(nnue)
	if err != nil {
		t.Fatal(err)
	}
	begin := strings.Index(string(doc), docBegin+"nets -->")
	end := strings.Index(string(doc)[max(begin, 0):], docEnd)
	if begin < 0 || end < 0 {
		t.Fatal("docs/nnue.md has no nets table")
	}
	block := string(doc)[begin : begin+end]
	row := "| nn-62d35110c8e7 (r5-b) |"
	if !strings.Contains(block, row) || !strings.Contains(block, "(150 games, 5+0.05)") {
		t.Fatalf("the nets table has no row %q with a match:\n%s", row, block)
	}
	edited := string(doc)[:begin] + strings.Replace(block, "(150 games, 5+0.05)", "(160 games, 5+0.05)", 1) + string(doc)[begin+end:]
	if err := os.WriteFile(nnue, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run([]string{"-check"}, &out); err == nil || !strings.Contains(out.String(), filepath.Join("docs", "nnue.md")+": a table differs") {
		t.Errorf("-check after a hand edit of the nets table: %v\n%s", err, out.String())
	}
	if err := run(nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(nnue); string(b) != string(doc) {
		t.Error("the rewrite did not give docs/nnue.md back as the ledger makes it")
	}
}

// TestFillRewritesOnlyTheBlocks: a document's text outside its blocks is
// kept byte for byte, and filling twice changes nothing.
func TestFillRewritesOnlyTheBlocks(t *testing.T) {
	recs := []Record{{Name: "a", Kind: "match", Opponent: "Ethereal 12", TC: "10+0.1", Games: 4, Wins: 2, Losses: 1, Draws: 1,
		Elo: json.Number("88.7"), Err: json.Number("40.0"), Tables: []string{"readme"}}}
	doc := "intro\n<!-- ledger:begin readme -->\nold\n<!-- ledger:end -->\nafter\n"
	got, n, err := Fill([]byte(doc), recs)
	if err != nil || n != 1 {
		t.Fatal(n, err)
	}
	want := "intro\n<!-- ledger:begin readme -->\n| Opponent | Games | Won-lost-drawn | Score | Elo (95%) |\n|---|---|---|---|---|\n" +
		"| Ethereal 12 | 4 | 2-1-1 | 62.5% | +88.7 ± 40.0 |\n<!-- ledger:end -->\nafter\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	again, _, _ := Fill(got, recs)
	if string(again) != string(got) {
		t.Error("a second fill changed the document")
	}
	if _, _, err := Fill([]byte("<!-- ledger:begin readme -->\nno end\n"), recs); err == nil {
		t.Error("an unclosed block taken")
	}
	if _, _, err := Fill([]byte("<!-- ledger:begin nosuch -->\n<!-- ledger:end -->\n"), recs); err == nil {
		t.Error("an unknown table taken")
	}
}
