package main

import (
	"fmt"
	"strings"
)

// A table is one generated table: its rows are the records that name it,
// in the ledger's order (newest first).
type table struct {
	header []string
	row    func(Record) []string
}

// tables are the generated tables, by the name their block's marker and
// a record's tables field give them.
var tables = map[string]table{
	// readme: the current build against its opponents (README.md).
	"readme": {
		[]string{"Opponent", "Games", "Won-lost-drawn", "Score", "Elo (95%)"},
		func(r Record) []string {
			return []string{r.Opponent, fmt.Sprint(r.Games), wld(r), score(r), elo(r)}
		},
	},
	// matches: every fixed-length match (docs/strength.md).
	"matches": {
		[]string{"Date", "Matador", "Opponent", "TC", "Games", "Won-lost-drawn", "Elo (95%)", "Faults", "Note"},
		func(r Record) []string {
			return []string{orDash(r.Date), side(r), r.Opponent, r.TC, fmt.Sprint(r.Games), wld(r), elo(r), faults(r), orDash(r.Note)}
		},
	},
	// sprt: every SPRT (docs/strength.md).
	"sprt": {
		[]string{"Date", "Change", "Build", "Against", "TC", "Bounds", "Games", "Won-lost-drawn", "Elo (95%)", "LLR", "Result", "Faults", "Note"},
		func(r Record) []string {
			return []string{orDash(r.Date), r.Change, build(r), r.Opponent, r.TC, bounds(r), fmt.Sprint(r.Games), wld(r), elo(r),
				orDash(string(r.LLR)), r.Result, faults(r), orDash(r.Note)}
		},
	},
	// calib: the weaker play against Stockfish's (docs/strength.md).
	"calib": {
		[]string{"Matador", "Stockfish 15.1", "TC", "Games", "Won-lost-drawn", "Score", "Elo (95%)", "Note"},
		func(r Record) []string {
			return []string{side(r), r.Opponent, r.TC, fmt.Sprint(r.Games), wld(r), score(r), elo(r), orDash(r.Note)}
		},
	},
}

// Markdown is the table name of the records that are its rows.
func Markdown(name string, recs []Record) (string, error) {
	t, ok := tables[name]
	if !ok {
		return "", fmt.Errorf("no table %q", name)
	}
	var b strings.Builder
	line := func(cells []string) {
		for i, c := range cells {
			cells[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	line(append([]string{}, t.header...))
	b.WriteString(strings.Repeat("|---", len(t.header)) + "|\n")
	n := 0
	for _, r := range recs {
		for _, tn := range r.Tables {
			if tn == name {
				line(t.row(r))
				n++
			}
		}
	}
	if n == 0 {
		return "", fmt.Errorf("table %q: no record of the ledger is a row of it", name)
	}
	return b.String(), nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func wld(r Record) string { return fmt.Sprintf("%d-%d-%d", r.Wins, r.Losses, r.Draws) }

// score is the points a game of Matador's side, in per cent.
func score(r Record) string {
	if r.Games == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*(float64(r.Wins)+float64(r.Draws)/2)/float64(r.Games))
}

// signed writes a figure with its sign, as fastchess's Elo reads.
func signed(n string) string {
	if n == "" || strings.HasPrefix(n, "-") || strings.HasPrefix(n, "+") || strings.Trim(n, "0.") == "" {
		return n
	}
	return "+" + n
}

func elo(r Record) string {
	if r.EloText != "" {
		return r.EloText
	}
	if r.Err == "" {
		return signed(string(r.Elo))
	}
	return signed(string(r.Elo)) + " ± " + string(r.Err)
}

func build(r Record) string {
	if r.Build == "" {
		return "—"
	}
	return r.Build
}

// side names Matador's side of a match: its build, its evaluation and
// what it was played with.
func side(r Record) string {
	var parts []string
	for _, p := range []string{r.Build, r.Eval, r.Change} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}

func bounds(r Record) string {
	if len(r.Bounds) != 2 {
		return "—"
	}
	return fmt.Sprintf("[%s, %s]", r.Bounds[0], r.Bounds[1])
}

func faults(r Record) string {
	if r.Faults == nil {
		return "—"
	}
	return fmt.Sprint(*r.Faults)
}
