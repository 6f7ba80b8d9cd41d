package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFormatSignedZero(t *testing.T) {
	for _, v := range []struct {
		x    float64
		want string
	}{
		{math.Copysign(0, -1), "0.0"},
		{-0.04, "0.0"},
		{0.04, "0.0"},
		{-0.05, "-0.1"},
		{0.06, "+0.1"},
		{12.34, "+12.3"},
		{-6.08, "-6.1"},
		{math.Inf(1), "+inf"},
	} {
		if got := formatSigned(v.x); got != v.want {
			t.Errorf("formatSigned(%v) = %q, want %q", v.x, got, v.want)
		}
	}
}

// A ledger named but missing is an error, and a report with no
// games never empties a document's table; a bad -tc or -margin is refused
// before anything is read.
func TestRunRefusesWhatWouldEmptyTheTable(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "techniques.md")
	text := "intro\n" + docBegin + "2+0.02 -->\n| row | 24 rows |\n" + docEnd + "\n"
	os.WriteFile(doc, []byte(text), 0o644)
	var out strings.Builder
	err := run([]string{"-report", "-work", dir, "-ledger", filepath.Join(dir, "missing.tsv"), "-doc", doc}, &out)
	if err == nil || !strings.Contains(err.Error(), "missing.tsv: no such file") {
		t.Errorf("a missing -ledger: %v", err)
	}
	err = run([]string{"-report", "-work", dir, "-ledger", "none", "-doc", doc}, &out)
	if err == nil || !strings.Contains(err.Error(), "would empty the table") {
		t.Errorf("a report without games: %v", err)
	}
	if b, _ := os.ReadFile(doc); string(b) != text {
		t.Errorf("the document became\n%s", b)
	}
	for _, args := range [][]string{
		{"-tc", "garbage"}, {"-tc", "-1+0"}, {"-tc", "NaN+0.1"}, {"-tc", "2+-1"}, {"-tc", "Inf"}, {"-tc", "40/60+1"},
		{"-margin", "NaN"}, {"-margin", "-1"}, {"-margin", "+Inf"},
	} {
		err := run(append([]string{"-estimate", "-work", dir, "-ledger", "none"}, args...), &out)
		if err == nil || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%q: %v", args, err)
		}
	}
}
