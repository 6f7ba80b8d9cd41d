package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// A table is one generated table: its rows are the records that name it,
// in the ledger's order (newest first), each made by row; or, where rows
// is set, what rows makes of those records together.
type table struct {
	header []string
	row    func(Record) []string
	rows   func([]Record) ([][]string, error)
}

// tables are the generated tables, by the name their block's marker and
// a record's tables field give them.
var tables = map[string]table{
	// readme: the current build against its opponents (README.md).
	"readme": {
		header: []string{"Opponent", "Games", "Won-lost-drawn", "Score", "Elo (95%)"},
		row: func(r Record) []string {
			return []string{r.Opponent, fmt.Sprint(r.Games), wld(r), score(r), elo(r)}
		},
	},
	// matches: every fixed-length match (docs/strength.md).
	"matches": {
		header: []string{"Date", "Matador", "Opponent", "TC", "Games", "Won-lost-drawn", "Elo (95%)", "Faults", "Note"},
		row: func(r Record) []string {
			return []string{orDash(r.Date), side(r), r.Opponent, r.TC, fmt.Sprint(r.Games), wld(r), elo(r), faults(r), orDash(r.Note)}
		},
	},
	// sprt: every SPRT (docs/strength.md).
	"sprt": {
		header: []string{"Date", "Change", "Build", "Against", "TC", "Bounds", "Games", "Won-lost-drawn", "Elo (95%)", "LLR", "Result", "Faults", "Note"},
		row: func(r Record) []string {
			return []string{orDash(r.Date), r.Change, build(r), r.Opponent, r.TC, bounds(r), fmt.Sprint(r.Games), wld(r), elo(r),
				orDash(string(r.LLR)), r.Result, faults(r), orDash(r.Note)}
		},
	},
	// nets: a row a net, in the order of the rounds, from its record
	// (kind net); its result is every match of the net in the table
	// (docs/nnue.md).
	"nets": {
		header: []string{"Net", "Data", "Training", "Result"},
		rows:   netRows,
	},
	// calib: the weaker play against Stockfish's (docs/strength.md).
	"calib": {
		header: []string{"Matador", "Stockfish 15.1", "TC", "Games", "Won-lost-drawn", "Score", "Elo (95%)", "Note"},
		row: func(r Record) []string {
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
	var rows []Record
	for _, r := range recs {
		if slices.Contains(r.Tables, name) {
			rows = append(rows, r)
		}
	}
	if t.rows != nil {
		cells, err := t.rows(rows)
		if err != nil {
			return "", fmt.Errorf("table %q: %v", name, err)
		}
		for _, c := range cells {
			line(c)
		}
	} else {
		for _, r := range rows {
			line(t.row(r))
		}
	}
	if len(rows) == 0 {
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

// netRows are the nets table's rows: each net's record (kind net) in the
// order of the rounds, with the net's matches as its result: first those
// against another net, which decided whether it was kept, then the rest,
// each group oldest first. A net without a match was not played; a match
// whose net has no record, and a second record of a net, are refused.
func netRows(recs []Record) ([][]string, error) {
	var nets []Record
	matches := map[string][]Record{}
	for _, r := range recs {
		if r.Kind == "net" {
			nets = append(nets, r)
		} else {
			matches[netName(r.Eval)] = append(matches[netName(r.Eval)], r)
		}
	}
	slices.SortStableFunc(nets, func(a, b Record) int { return strings.Compare(a.Round, b.Round) })
	var rows [][]string
	for i, n := range nets {
		if slices.ContainsFunc(nets[:i], func(o Record) bool { return o.Eval == n.Eval }) {
			return nil, fmt.Errorf("two records of the net %s", n.Eval)
		}
		ms := matches[n.Eval]
		delete(matches, n.Eval)
		slices.SortStableFunc(ms, func(a, b Record) int {
			againstNet := func(r Record) int {
				if netName(r.Opponent) != "" {
					return 0
				}
				return 1
			}
			return cmp.Or(cmp.Compare(againstNet(a), againstNet(b)), strings.Compare(a.Date, b.Date), strings.Compare(a.Name, b.Name))
		})
		var result []string
		for _, m := range ms {
			result = append(result, fmt.Sprintf("%s (%d games, %s) against %s", elo(m), m.Games, m.TC, m.Opponent))
		}
		if len(result) == 0 {
			result = append(result, "not played")
		}
		if n.Note != "" {
			result = append(result, n.Note)
		}
		rows = append(rows, []string{n.Eval + " (" + n.Round + ")", n.Data, n.Training, strings.Join(result, "; ")})
	}
	if len(matches) > 0 {
		net := slices.Sorted(maps.Keys(matches))[0]
		return nil, fmt.Errorf("match %s: no record of its net %q", matches[net][0].Name, net)
	}
	return rows, nil
}
