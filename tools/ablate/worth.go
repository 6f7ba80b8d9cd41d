package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"

	"matador/internal/toolio"
)

// A document's map of techniques (docs/techniques.md) may carry the worth
// of each switch it names: its table between
//
//	<!-- ablate:worth TC -->
//	| Technique | Source | Code | Switch (default) | Worth ... |
//	<!-- ablate:end -->
//
// gets, in its last column, each switch's Elo at TC with its games, read
// from the same rows as the report's table, so that the figure stands in
// one place (the ledger) and the map says it where the technique is.
const docWorth = "<!-- ablate:worth "

// switchName finds the switches a cell names: `Name`.
var switchName = regexp.MustCompile("`(\\w+)`")

// worthCell is the worth of the switches a switch cell names: formatElo
// and the games in brackets for one, each named for several, "—" for
// none measured.
func worthCell(switchCell string, byName map[string]Measured) string {
	var parts []string
	names := switchName.FindAllStringSubmatch(switchCell, -1)
	for _, n := range names {
		m, ok := byName[n[1]]
		if !ok {
			continue
		}
		w := fmt.Sprintf("%s (%d)", formatElo(m.Res), m.Tally.Games)
		if m.Tally.Games == 0 {
			w = "no games"
		}
		parts = append(parts, "`"+n[1]+"` "+w)
	}
	switch {
	case len(parts) == 0:
		return "—"
	case len(parts) == 1 && len(names) == 1:
		return strings.TrimPrefix(parts[0], "`"+names[0][1]+"` ")
	}
	return strings.Join(parts, "; ")
}

// splitRow splits a table row into its cells, a | inside backticks
// being a cell's own.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var cur strings.Builder
	code := false
	for _, r := range line {
		switch {
		case r == '`':
			code = !code
			cur.WriteRune(r)
		case r == '|' && !code:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// fillWorth rewrites the last column of the worth table of time control
// tc in the document at path; a document without one is left as it is.
// The table's fourth column names the switches, its fifth is the worth.
func fillWorth(path, tc string, ms []Measured) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	begin := docWorth + tc + " -->"
	i := bytes.Index(b, []byte(begin))
	if i < 0 {
		return nil
	}
	start := i + len(begin)
	j := bytes.Index(b[start:], []byte(docEnd))
	if j < 0 {
		return fmt.Errorf("%s: %q is not closed by %q", path, begin, docEnd)
	}
	byName := map[string]Measured{}
	for _, m := range ms {
		byName[m.Name] = m
	}
	lines := strings.Split(string(b[start:start+j]), "\n")
	rows := 0
	for k, line := range lines {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		rows++
		if rows <= 2 { // the header and its rule
			continue
		}
		cells := splitRow(line)
		if len(cells) != 5 {
			return fmt.Errorf("%s: a row of the worth table has %d cells, want 5: %s", path, len(cells), line)
		}
		cells[4] = worthCell(cells[3], byName)
		lines[k] = "| " + strings.Join(cells, " | ") + " |"
	}
	doc := append(append(append([]byte{}, b[:start]...), strings.Join(lines, "\n")...), b[start+j:]...)
	if bytes.Equal(doc, b) {
		return nil
	}
	return toolio.WriteFile(path, doc)
}
