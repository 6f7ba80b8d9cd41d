package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFillWorth: the worth column of the map of techniques is each named
// switch's Elo and games from the rows, the rest of the document kept.
func TestFillWorth(t *testing.T) {
	ms := []Measured{
		{Row: Row{Name: "NullMove"}, Tally: &Tally{Games: 400}, Res: Stats(Penta{10, 40, 90, 50, 10})},
		{Row: Row{Name: "NullVerify"}, Tally: &Tally{Games: 0}, Res: Stats(Penta{})},
	}
	doc := "intro\n<!-- ablate:worth 2+0.02 -->\n| T | S | C | Switch | Worth |\n|---|---|---|---|---|\n" +
		"| Null move | REBEL | step 12 | `NullMove` (on) | old |\n" +
		"| Both | REBEL | step 12 | `NullMove` (on), `NullVerify` (on) | old |\n" +
		"| Bitboards | IPPOLIT | `internal/chess` | — | old |\n<!-- ablate:end -->\nafter | a | b\n"
	path := filepath.Join(t.TempDir(), "techniques.md")
	os.WriteFile(path, []byte(doc), 0o644)
	if err := fillWorth(path, "2+0.02", ms); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	one := formatElo(ms[0].Res) + " (400)"
	for _, want := range []string{
		"| Null move | REBEL | step 12 | `NullMove` (on) | " + one + " |",
		"| `NullMove` (on), `NullVerify` (on) | `NullMove` " + one + "; `NullVerify` no games |",
		"| Bitboards | IPPOLIT | `internal/chess` | — | — |",
		"intro\n", "after | a | b\n",
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("no %q in\n%s", want, b)
		}
	}
	// A document without the block is left as it is; a row of other
	// width is refused.
	other := filepath.Join(t.TempDir(), "other.md")
	os.WriteFile(other, []byte("no block\n"), 0o644)
	if err := fillWorth(other, "2+0.02", ms); err != nil {
		t.Error(err)
	}
	os.WriteFile(path, []byte("<!-- ablate:worth 2+0.02 -->\n| a | b |\n|---|---|\n| x | y |\n<!-- ablate:end -->\n"), 0o644)
	if err := fillWorth(path, "2+0.02", ms); err == nil {
		t.Error("a table of two columns taken")
	}
}
