package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLedgerRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "docs", "ablation", "chunks-2+0.02.tsv")
	l, err := LoadLedger(path)
	if err != nil || len(l.Records) != 0 {
		t.Fatalf("a missing ledger: %v, %d records", err, len(l.Records))
	}
	tl := newTally()
	tl.Penta = Penta{1, 2, 3, 4, 5}
	tl.W, tl.L, tl.D, tl.Games = 14, 4, 12, 30
	tl.Played, tl.Incomplete, tl.Unpaired, tl.Seconds, tl.TimedGames = 31, 1, 1, 217, 31
	tl.Terminations = map[string]int{"normal": 20, "adjudication": 10, "time forfeit": 1}
	rec := ChunkRecord{Switch: "NullMove", TC: "2+0.02", Chunk: 3, Seed: 1003, EngineSHA: "abc", EngineVersion: "Matador 0.1.0-dev (f59077836794) go1.26.8", Tally: tl}
	if err := l.Append(rec); err != nil {
		t.Fatal(err)
	}
	rec.Chunk, rec.Seed = 4, 1004
	if err := l.Append(rec); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "switch\ttc\tchunk") ||
		!strings.HasSuffix(lines[1], "1,2,3,4,5\t14\t4\t12\t30\t31\t1\t1\t217\t31\tadjudication=10;normal=20;time forfeit=1") {
		t.Errorf("ledger file:\n%s", b)
	}
	again, err := LoadLedger(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := again.Row("NullMove", "2+0.02")
	if err != nil || len(recs) != 2 {
		t.Fatalf("row: %v, %d records", err, len(recs))
	}
	got := recs[3].Tally
	if got.Penta != tl.Penta || got.W != 14 || got.Games != 30 || got.Seconds != 217 || got.TimeLosses() != 1 || recs[3].EngineVersion != rec.EngineVersion || recs[4].Seed != 1004 {
		t.Errorf("read back %+v", recs[3])
	}
	if other, _ := again.Row("NullMove", "5+0.05"); len(other) != 0 {
		t.Errorf("another time control's row has %d records", len(other))
	}

	// A chunk twice, or two binaries in a row, are refused.
	rec.Chunk = 3
	again.Append(rec)
	if _, err := again.Row("NullMove", "2+0.02"); err == nil || !strings.Contains(err.Error(), "chunk 3 twice") {
		t.Errorf("a chunk twice: %v", err)
	}
	rec.Switch, rec.Chunk = "IID", 1
	again.Append(rec)
	rec.Chunk, rec.EngineSHA = 2, "def"
	again.Append(rec)
	if _, err := again.Row("IID", "2+0.02"); err == nil || !strings.Contains(err.Error(), "two binaries") {
		t.Errorf("two binaries: %v", err)
	}
}

func TestLedgerRejectsBadLines(t *testing.T) {
	good := "NullMove\t2+0.02\t1\t1001\tabc\tv\t0,1,2,1,0\t2\t2\t4\t8\t8\t0\t0\t40\t8\tnormal=8"
	if _, err := parseRecord(good); err != nil {
		t.Fatalf("a good line: %v", err)
	}
	for _, bad := range []string{
		"NullMove\t2+0.02\t1",
		strings.Replace(good, "0,1,2,1,0", "0,1,2,1", 1),
		strings.Replace(good, "0,1,2,1,0", "0,1,2,1,9", 1), // games disagree
		strings.Replace(good, "\t2\t2\t4\t", "\t3\t2\t4\t", 1),
		strings.Replace(good, "normal=8", "normal", 1),
		strings.Replace(good, "\t1\t1001", "\t0\t1001", 1),
		strings.Replace(good, "\t40\t", "\t-4\t", 1),
	} {
		if _, err := parseRecord(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	path := filepath.Join(t.TempDir(), "l.tsv")
	os.WriteFile(path, []byte(strings.Join(ledgerHeader, "\t")+"\n"+good+"\nbroken\n"), 0o644)
	if _, err := LoadLedger(path); err == nil || !strings.Contains(err.Error(), "l.tsv:3") {
		t.Errorf("a broken line: %v", err)
	}
}

// ledgerFixture is a fake fastchess and engine in a temporary directory
// and a Config that plays them with a ledger there, 20 pairs a chunk, to a
// cap of 100 games; and every row.
func ledgerFixture(t *testing.T) (tmp, engine string, c Config, all []Row) {
	t.Helper()
	tmp, fc, engine := fakeTools(t, "#!/bin/sh\necho 'Matador test (0123456789ab)'\n")
	ledger, _ := LoadLedger(filepath.Join(tmp, "repo", "chunks.tsv"))
	c = Config{Work: filepath.Join(tmp, "work"), Fastchess: fc, Openings: "x.epd", Engine: engine, TC: "1+0.01", Concurrency: 2,
		ChunkRounds: 20, Rule: StopRule{Min: 100, Cap: 100, Margin: 1000}, Seed: 500, Ledger: ledger}
	all, _ = AllRows()
	return tmp, engine, c, all
}

// TestLedgerOutlivesTheWorkDirectory: a row played with a ledger, its
// work directory then lost (a new machine), counts the same from the
// ledger alone, goes on with the next chunk's openings, writes the same
// report, and refuses another binary.
func TestLedgerOutlivesTheWorkDirectory(t *testing.T) {
	tmp, engine, c, all := ledgerFixture(t)
	ledger := c.Ledger
	row, _ := selectRows(all, "NullMove")
	dir := c.RowDir("NullMove")

	// Chunk 1 was played before the ledger existed: recorded at the start.
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, chunkName(1)), []byte(pair(1, "W", "D")), 0o644)
	if err := c.PlayRow(row[0], io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	before, _ := c.Count("NullMove")
	if before.Games != 100 || len(ledger.Records) != 4 {
		t.Fatalf("%d games, %d ledger lines", before.Games, len(ledger.Records))
	}
	recs, _ := ledger.Row("NullMove", "1+0.01")
	if recs[1].Tally.Games != 2 || recs[4].Tally.Games != 18 || recs[4].Seed != 504 || recs[2].EngineVersion != "Matador test (0123456789ab)" {
		t.Errorf("ledger: chunk 1 %+v, chunk 4 %+v", recs[1], recs[4])
	}
	var report1 bytes.Buffer
	if err := writeReport(c, all, filepath.Join(tmp, "out1"), io.Discard); err != nil {
		t.Fatal(err)
	}
	table1, _ := os.ReadFile(filepath.Join(tmp, "out1", "table.md"))
	report1.Write(table1)

	// A new machine: no work directory, the ledger read from its file.
	os.RemoveAll(c.Work)
	if c.Ledger, _ = LoadLedger(ledger.Path); len(c.Ledger.Records) != 4 {
		t.Fatalf("%d records read back", len(c.Ledger.Records))
	}
	after, _ := c.Count("NullMove")
	if after.Penta != before.Penta || after.W != before.W || after.Games != before.Games || after.Seconds != before.Seconds {
		t.Errorf("from the ledger: %+v, before %+v", after, before)
	}
	if err := writeReport(c, all, filepath.Join(tmp, "out2"), io.Discard); err != nil {
		t.Fatal(err)
	}
	table2, _ := os.ReadFile(filepath.Join(tmp, "out2", "table.md"))
	if !bytes.Equal(table2, report1.Bytes()) || !strings.Contains(string(table2), "100") {
		t.Errorf("the report from the ledger alone differs")
	}
	// Played further, it goes on at chunk 5 with chunk 5's openings.
	os.Remove(filepath.Join(tmp, "calls"))
	c.Rule.Cap = 140
	if err := c.PlayRow(row[0], io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	calls, _ := os.ReadFile(filepath.Join(tmp, "calls"))
	if !strings.Contains(string(calls), "-srand 505") || !strings.Contains(string(calls), chunkName(5)) || strings.Contains(string(calls), chunkName(1)) {
		t.Errorf("resumed with:\n%s", calls)
	}
	if n, _ := c.Count("NullMove"); n.Games != 140 {
		t.Errorf("%d games after the resume, want 140", n.Games)
	}
	// Another binary may not add to the ledger's row.
	os.RemoveAll(c.Work)
	os.WriteFile(engine, []byte("#!/bin/sh\n# another build\n"), 0o755)
	c.Rule.Cap = 200
	if err := c.PlayRow(row[0], io.Discard, nil); err == nil || !strings.Contains(err.Error(), "another binary") {
		t.Errorf("another binary: %v", err)
	}
}

// TestLedgerHoldsAKilledChunksPairs: the whole pairs of a chunk a kill
// cut short count in the row, so the ledger records them when the row is
// taken up again; the count from the ledger alone, which the report is
// written from, is then the count the tool stopped the row by.
func TestLedgerHoldsAKilledChunksPairs(t *testing.T) {
	_, _, c, all := ledgerFixture(t)
	ledger := c.Ledger
	row, _ := selectRows(all, "NullMove")
	dir := c.RowDir("NullMove")

	// Chunk 1 finished; a kill left chunk 2 with two whole pairs and half
	// of a third, and chunk 3 with nothing.
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, chunkName(1)), []byte(pair(1, "W", "D")), 0o644)
	os.WriteFile(filepath.Join(dir, chunkName(2)+partExt), []byte(pair(1, "W", "W")+pair(2, "D", "L")+pgnGame(3, "on", "off", "1-0", "normal")), 0o644)
	os.WriteFile(filepath.Join(dir, chunkName(3)+partExt), nil, 0o644)
	var log bytes.Buffer
	if err := c.PlayRow(row[0], &log, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "done (cap) after 100 games") {
		t.Errorf("log:\n%s", log.String())
	}
	recs, _ := ledger.Row("NullMove", "1+0.01")
	if r, ok := recs[2]; !ok || r.Tally.Games != 4 || r.Tally.Played != 5 || r.Tally.Unpaired != 1 || r.Seed != 502 {
		t.Errorf("the killed chunk 2 in the ledger: %v %+v", ok, r)
	}
	if _, ok := recs[3]; ok {
		t.Errorf("chunk 3, with no games, was recorded")
	}
	withWork, _ := c.Count("NullMove")
	os.RemoveAll(c.Work)
	fromLedger, _ := c.Count("NullMove")
	if withWork.Games != 100 || fromLedger.Games != 100 || fromLedger.Penta != withWork.Penta {
		t.Errorf("%d games with the work directory, %d from the ledger alone", withWork.Games, fromLedger.Games)
	}
}

func TestFillDoc(t *testing.T) {
	tmp := t.TempDir()
	doc := filepath.Join(tmp, "docs", "techniques.md")
	os.MkdirAll(filepath.Dir(doc), 0o755)
	text := "# Techniques\n\nbefore\n<!-- ablate:begin 2+0.02 -->\nold text\n<!-- ablate:end -->\nafter\n"
	os.WriteFile(doc, []byte(text), 0o644)
	chart := filepath.Join(tmp, "docs", "ablation", "chart.svg")
	if err := fillDoc(doc, chart, "2+0.02", []byte("| a | b |\n|---|---|\n")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(doc)
	want := "# Techniques\n\nbefore\n<!-- ablate:begin 2+0.02 -->\n\n![What each technique is worth in Matador, at 2+0.02](ablation/chart.svg)\n\n| a | b |\n|---|---|\n\n<!-- ablate:end -->\nafter\n"
	if string(b) != want {
		t.Errorf("filled:\n%s\nwant:\n%s", b, want)
	}
	// Again: the same document.
	fillDoc(doc, chart, "2+0.02", []byte("| a | b |\n|---|---|\n"))
	if again, _ := os.ReadFile(doc); string(again) != want {
		t.Errorf("a second fill changed the document:\n%s", again)
	}
	if err := fillDoc(doc, chart, "5+0.05", nil); err == nil || !strings.Contains(err.Error(), "ablate:begin 5+0.05") {
		t.Errorf("no block for the time control: %v", err)
	}
	os.WriteFile(doc, []byte("<!-- ablate:begin 2+0.02 -->\n"), 0o644)
	if err := fillDoc(doc, chart, "2+0.02", nil); err == nil || !strings.Contains(err.Error(), "not closed") {
		t.Errorf("an open block: %v", err)
	}
}

// TestDocumentMatchesLedger: where docs/techniques.md holds an ablation
// block, it and docs/ablation/chart.svg are what -report writes from the
// committed ledger alone (no games): the table is reproducible, and a
// ledger line added without rewriting the document fails here.
func TestDocumentMatchesLedger(t *testing.T) {
	doc, err := os.ReadFile("../../docs/techniques.md")
	if err != nil {
		t.Skip("no docs/techniques.md")
	}
	ledgers, _ := filepath.Glob("../../docs/ablation/chunks-*.tsv")
	checked := 0
	for _, path := range ledgers {
		tc := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "chunks-"), ".tsv")
		if !bytes.Contains(doc, []byte(docBegin+tc+" -->")) {
			continue
		}
		ledger, err := LoadLedger(path)
		if err != nil {
			t.Fatal(err)
		}
		tmp := t.TempDir()
		copyDoc := filepath.Join(tmp, "docs", "techniques.md")
		os.MkdirAll(filepath.Dir(copyDoc), 0o755)
		os.WriteFile(copyDoc, doc, 0o644)
		c := Config{Work: filepath.Join(tmp, "work"), TC: tc, Rule: StopRule{Min: 200, Cap: 800, Margin: 2}, Ledger: ledger, Doc: copyDoc}
		all, _ := AllRows()
		if err := writeReport(c, all, filepath.Join(tmp, "docs", "ablation"), io.Discard); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(copyDoc); !bytes.Equal(b, doc) {
			t.Errorf("docs/techniques.md is not what the ledger %s writes: run go run ./tools/ablate -report -tc %s -out docs/ablation -doc docs/techniques.md", path, tc)
		}
		chart, _ := os.ReadFile(filepath.Join(tmp, "docs", "ablation", "chart.svg"))
		if committed, err := os.ReadFile("../../docs/ablation/chart.svg"); err != nil || !bytes.Equal(committed, chart) {
			t.Errorf("docs/ablation/chart.svg is not what the ledger %s writes (%v)", path, err)
		}
		checked++
	}
	if checked == 0 {
		t.Skip("no ablation block in docs/techniques.md yet")
	}
}
