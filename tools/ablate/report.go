package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Measured is a row with what its games say.
type Measured struct {
	Row
	TC    string
	Tally *Tally
	Res   Result
	Stop  string // why the row stopped ("clear gain", "clear loss", "cap"), "" while it runs
}

func formatSigned(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if math.Abs(x) < 0.05 {
		// A draw-even row, whose Elo may come out as a negative zero or
		// a hair below zero, reads "0.0", not "-0.0".
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// formatElo is the Elo and the half-width of its interval, one decimal
// each, joined by a plus-minus sign; or what can be said without an
// interval.
func formatElo(r Result) string {
	switch {
	case r.Pairs == 0:
		return "no games"
	case !r.HasError():
		return formatSigned(r.Elo)
	}
	return fmt.Sprintf("%s ± %.1f", formatSigned(r.Elo), r.EloErr)
}

func formatNElo(r Result) string {
	if !r.HasError() {
		return "—"
	}
	return fmt.Sprintf("%s ± %.1f", formatSigned(r.NElo), r.NEloErr)
}

func formatPenta(p Penta) string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// defaultText says what a row measures.
func defaultText(r Row) string {
	if !r.Playable() {
		return "off, removed in " + r.Removed + " (the row measured turning it on)"
	}
	if r.Default {
		return "on"
	}
	return "off (the row measures turning it on)"
}

// sortMeasured orders rows within a group by worth, best first; unmeasured
// rows last, by name.
func sortMeasured(ms []Measured) {
	slices.SortStableFunc(ms, func(a, b Measured) int {
		ga, gb := slices.Index(groups, a.Group), slices.Index(groups, b.Group)
		if ga != gb {
			return cmp.Compare(ga, gb)
		}
		am, bm := a.Res.Finite(), b.Res.Finite()
		if am != bm {
			if am {
				return -1
			}
			return 1
		}
		if am && a.Res.Elo != b.Res.Elo {
			return cmp.Compare(b.Res.Elo, a.Res.Elo)
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// abnormal is "0/0/0": crashes, illegal moves and time losses.
func abnormal(t *Tally) string {
	return fmt.Sprintf("%d/%d/%d", t.Crashes(), t.IllegalMoves(), t.TimeLosses())
}

func mdCell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}

// WriteMarkdown writes the table, one section per group (a seed, or "not
// in the seeds"), rows sorted by worth within it. Elo is the build with
// the technique on against the build with it off.
func WriteMarkdown(w io.Writer, ms []Measured, rule StopRule) {
	sortMeasured(ms)
	fmt.Fprintf(w, "Elo is the build with the technique on against the same binary with it off (one switch flipped), from pairs of games with the same opening; ± is the 95%% interval (pentanomial variance, as fastchess). A row stops after at least %d games once its interval lies beyond ±%g Elo, or at %d games. Crashes/illegal/time: games that ended by a crash or stall, an illegal move, a loss on time.\n",
		rule.Min, rule.Margin, rule.Cap)
	group := ""
	for _, m := range ms {
		if m.Group != group {
			group = m.Group
			fmt.Fprintf(w, "\n### %s\n\n", group)
			fmt.Fprintln(w, "| Switch | Source | Default | TC | Games | W-L-D | Elo ± 95% | nElo | Pentanomial | The seed says | Depends on | Crashes/illegal/time |")
			fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
		}
		wld, penta, games := "—", "—", "0"
		if m.Tally.Games > 0 {
			wld = fmt.Sprintf("%d-%d-%d", m.Tally.W, m.Tally.L, m.Tally.D)
			penta = formatPenta(m.Tally.Penta)
			games = fmt.Sprint(m.Tally.Games)
			if m.Stop == "" {
				games += " (running)"
			}
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			m.Name, mdCell(m.Source), defaultText(m.Row), m.TC, games, wld, formatElo(m.Res), formatNElo(m.Res),
			penta, mdCell(m.Worth), mdCell(m.Depends), abnormal(m.Tally))
	}
}

// WriteTSV writes one line per row, in the table's order, numbers bare.
func WriteTSV(w io.Writer, ms []Measured) {
	sortMeasured(ms)
	fmt.Fprintln(w, strings.Join([]string{"switch", "kind", "group", "source", "default", "tc", "games", "wins", "losses", "draws",
		"elo", "elo_err95", "elo_lower", "elo_upper", "nelo", "nelo_err95", "LL", "LD", "DD_WL", "WD", "WW",
		"seed_says", "depends", "crashes", "illegal", "time_losses", "stop"}, "\t"))
	num := func(x float64, ok bool) string {
		if !ok {
			return ""
		}
		if math.Abs(x) < 0.005 {
			x = 0 // no "-0.00"
		}
		return fmt.Sprintf("%.2f", x)
	}
	for _, m := range ms {
		kind, def := "search", "off"
		if m.Eval {
			kind = "eval"
		}
		if m.Default {
			def = "on"
		}
		if !m.Playable() {
			def = "removed in " + m.Removed
		}
		r, t := m.Res, m.Tally
		fields := []string{m.Name, kind, m.Group, m.Source, def, m.TC, fmt.Sprint(t.Games), fmt.Sprint(t.W), fmt.Sprint(t.L), fmt.Sprint(t.D),
			num(r.Elo, r.Finite()), num(r.EloErr, r.HasError()), num(r.Lower, r.HasError()), num(r.Upper, r.HasError()),
			num(r.NElo, r.HasError()), num(r.NEloErr, r.HasError())}
		for _, n := range t.Penta {
			fields = append(fields, fmt.Sprint(n))
		}
		fields = append(fields, m.Worth, m.Depends, fmt.Sprint(t.Crashes()), fmt.Sprint(t.IllegalMoves()), fmt.Sprint(t.TimeLosses()), m.Stop)
		for i := range fields {
			fields[i] = strings.NewReplacer("\t", " ", "\n", " ").Replace(fields[i])
		}
		fmt.Fprintln(w, strings.Join(fields, "\t"))
	}
}
