// Command ablate measures what each of Matador's techniques is worth: for
// every switch of search.Switches and every Use... switch of the
// evaluation, the engine as it plays against the same binary with that
// one switch flipped, in fastchess games (UHO openings with both colours,
// Hash 16, one thread, adjudication as tools/match/match.sh). Each row
// plays in chunks in its own directory, WORK/ablate/TC/SWITCH, recounted
// from its PGN files on every start and from the ledger, the counts of
// every finished chunk kept in the repository (docs/ablation/
// chunks-TC.tsv) so that a row outlives the machine, and stops after at least -min games
// once its 95% interval lies beyond -margin Elo either way, or at -cap games. It
// writes the table (markdown and TSV) and an SVG chart of all rows.
//
//	go run ./tools/ablate -engine BINARY [-tc 2+0.02] [-rows A,B] [flags]
//	go run ./tools/ablate -estimate [-engine BINARY] [-rows A,B]
//	go run ./tools/ablate -report
//
// Environment, as the other match tools: WORK (default
// $HOME/matador-work), FASTCHESS (default $WORK/fastchess/fastchess),
// OPENINGS (default ../shared/data/openings/UHO_4060_v3.epd beside the
// repository). See tools/ablate/README.md.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"matador/internal/toolio"
	"matador/tools/internal/workenv"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ablate:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	work, openings, _ := workenv.Paths()

	fs := flag.NewFlagSet("ablate", flag.ContinueOnError)
	fs.SetOutput(out)
	var c Config
	fs.StringVar(&c.Work, "work", work, "work directory (env WORK); rows go to WORK/ablate/TC/SWITCH")
	fs.StringVar(&c.Fastchess, "fastchess", "", "fastchess binary (env FASTCHESS; default WORK/fastchess/fastchess)")
	fs.StringVar(&c.Openings, "openings", openings, "EPD openings (env OPENINGS)")
	fs.StringVar(&c.Engine, "engine", "", "the Matador binary both sides run (needed to play)")
	fs.StringVar(&c.TC, "tc", "2+0.02", "time control, fastchess's tc= (seconds+increment)")
	fs.IntVar(&c.Concurrency, "concurrency", 2, "games at once")
	fs.IntVar(&c.ChunkRounds, "chunk", 50, "game pairs a fastchess run plays (its PGN is one chunk file)")
	fs.IntVar(&c.Rule.Min, "min", 200, "games a row plays at least before it may stop early")
	fs.IntVar(&c.Rule.Cap, "cap", 800, "games at which a row stops whatever its result")
	fs.Float64Var(&c.Rule.Margin, "margin", 2, "a row stops early when its 95% interval lies wholly above +margin or below -margin Elo")
	fs.IntVar(&c.Seed, "seed", 1000, "chunk i shuffles the openings with fastchess -srand seed+i (the same openings in every row)")
	rowList := fs.String("rows", "", "comma-separated switches to play (default: every row)")
	estimate := fs.Bool("estimate", false, "play nothing: list the rows, their state and an estimate of the hours left")
	bench := fs.Bool("bench", false, "with -estimate and -engine: run the engine's bench with each row's switch flipped, to find the rows that search the same tree as the default")
	reportOnly := fs.Bool("report", false, "play nothing: write the table and the chart from the games so far")
	ledgerPath := fs.String("ledger", "", "the ledger of finished chunks (default docs/ablation/chunks-TC.tsv in the repository; \"none\": keep none)")
	fs.StringVar(&c.Doc, "doc", "", "a document (docs/techniques.md) whose block between <!-- ablate:begin TC --> and <!-- ablate:end --> the report rewrites: the chart and the table; and the worth column of its table between <!-- ablate:worth TC --> and <!-- ablate:end -->")
	outDir := fs.String("out", "", "where table.md, table.tsv and chart.svg go (default WORK/ablate/TC)")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: go run ./tools/ablate [-engine BINARY] [-tc 2+0.02] [-rows A,B] [-estimate | -report] [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if c.Fastchess == "" {
		c.Fastchess = workenv.EnvOr("FASTCHESS", filepath.Join(c.Work, "fastchess", "fastchess"))
	}
	all, err := AllRows()
	if err != nil {
		return err
	}
	if err := toolio.First(
		toolio.Int("concurrency", int64(c.Concurrency), 1, 1024),
		toolio.Int("chunk", int64(c.ChunkRounds), 1, 1_000_000),
		toolio.Int("min", int64(c.Rule.Min), 2, 100_000_000),
		toolio.Int("cap", int64(c.Rule.Cap), int64(c.Rule.Min), 100_000_000),
		toolio.Float("margin", c.Rule.Margin, 0, 1000),
		checkTC(c.TC),
	); err != nil {
		return err
	}
	if *outDir == "" {
		*outDir = c.TCDir()
	}
	named := *ledgerPath != ""
	if *ledgerPath == "" {
		root := workenv.RepoRoot()
		if root == "" {
			return errors.New("outside the repository: give -ledger PATH, or -ledger none")
		}
		*ledgerPath = LedgerPath(root, c.TC)
	}
	if *ledgerPath != "none" {
		// A ledger named on the command line must exist: a typo would
		// otherwise count no finished chunk and empty the report's table.
		// The repository's own may be missing (a time control not played
		// yet); its first chunk creates it.
		if named {
			if err := toolio.CheckInput(*ledgerPath); err != nil {
				return fmt.Errorf("-ledger %v (create an empty file to start a new ledger, or give -ledger none)", err)
			}
		}
		if c.Ledger, err = LoadLedger(*ledgerPath); err != nil {
			return err
		}
	}

	rows, err := selectRows(all, *rowList)
	if err != nil {
		return err
	}

	switch {
	case *estimate:
		ms, err := collect(c, rows)
		if err != nil {
			return err
		}
		spg, how := secondsPerGame(c, all)
		writeEstimate(out, c, ms, spg, how)
		if *bench {
			if c.Engine == "" {
				return errors.New("-bench needs -engine")
			}
			return writeBench(out, c.Engine, playable(rows))
		}
		return nil
	case *reportOnly:
		return writeReport(c, all, *outDir, out)
	}

	if c.Engine == "" {
		return errors.New("-engine BINARY is needed to play (or -estimate, -report)")
	}
	if c.Engine, err = filepath.Abs(c.Engine); err != nil {
		return err
	}
	for _, p := range []string{c.Engine, c.Fastchess, c.Openings} {
		if _, err := os.Stat(p); err != nil {
			return err
		}
	}
	for _, r := range playable(rows) {
		err := c.PlayRow(r, out, func(*Tally) {
			if err := writeReport(c, all, *outDir, io.Discard); err != nil {
				fmt.Fprintln(out, "ablate: report:", err)
			}
		})
		if err != nil {
			return err
		}
	}
	return writeReport(c, all, *outDir, out)
}

// selectRows picks the rows a comma-separated list names, in its order;
// all of them for "".
func selectRows(all []Row, list string) ([]Row, error) {
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	var rows []Row
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.IndexFunc(all, func(r Row) bool { return r.Name == name })
		if i < 0 {
			var names []string
			for _, r := range all {
				names = append(names, r.Name)
			}
			return nil, fmt.Errorf("no switch %q (known: %s)", name, strings.Join(names, ", "))
		}
		if !all[i].Playable() {
			return nil, fmt.Errorf("switch %s was removed from the engine in %s: its row is the ledger's only", name, all[i].Removed)
		}
		rows = append(rows, all[i])
	}
	return rows, nil
}

// playable drops the rows of removed switches, which no engine can play.
func playable(rows []Row) []Row {
	return slices.DeleteFunc(slices.Clone(rows), func(r Row) bool { return !r.Playable() })
}

// collect recounts the rows from their directories.
func collect(c Config, rows []Row) ([]Measured, error) {
	var ms []Measured
	for _, r := range rows {
		t, err := c.Count(r.Name)
		if err != nil {
			return nil, err
		}
		res := Stats(t.Penta)
		_, why := c.Rule.Done(t.Games, res)
		ms = append(ms, Measured{Row: r, TC: c.TC, Tally: t, Res: res, Stop: why})
	}
	return ms, nil
}

// writeReport writes table.md, table.tsv and chart.svg of every row into
// dir: the same games give the same files.
func writeReport(c Config, all []Row, dir string, out io.Writer) error {
	ms, err := collect(c, all)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var md, tsv, svg bytes.Buffer
	WriteMarkdown(&md, ms, c.Rule)
	WriteTSV(&tsv, ms)
	WriteSVG(&svg, ms, "What each technique is worth in Matador, at "+c.TC)
	for name, b := range map[string][]byte{"table.md": md.Bytes(), "table.tsv": tsv.Bytes(), "chart.svg": svg.Bytes()} {
		if err := toolio.WriteFile(filepath.Join(dir, name), b); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "wrote %s, %s and %s\n", filepath.Join(dir, "table.md"), filepath.Join(dir, "table.tsv"), filepath.Join(dir, "chart.svg"))
	if c.Doc == "" {
		return nil
	}
	games := 0
	for _, m := range ms {
		games += m.Tally.Games
	}
	if games == 0 {
		return fmt.Errorf("no games at %s in %s or the ledger: the report would empty the table of %s; it is left as it was", c.TC, c.TCDir(), c.Doc)
	}
	if err := fillDoc(c.Doc, filepath.Join(dir, "chart.svg"), c.TC, md.Bytes()); err != nil {
		return err
	}
	if err := fillWorth(c.Doc, c.TC, ms); err != nil {
		return err
	}
	fmt.Fprintf(out, "rewrote the ablation block of %s\n", c.Doc)
	return nil
}

// docBegin and docEnd mark a document's ablation block; the time control
// follows docBegin, so that a document may hold a block for each.
const (
	docBegin = "<!-- ablate:begin "
	docEnd   = "<!-- ablate:end -->"
)

// fillDoc rewrites the block of time control tc in the document at path:
// the chart (linked relative to the document) and the table. The same
// table writes the same document.
func fillDoc(path, chart, tc string, table []byte) error {
	f, err := toolio.OpenInput(path)
	if err != nil {
		return err
	}
	b, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return err
	}
	begin := docBegin + tc + " -->"
	i := bytes.Index(b, []byte(begin))
	if i < 0 {
		return fmt.Errorf("%s has no line %q (and %q after it) for the report to fill", path, begin, docEnd)
	}
	start := i + len(begin)
	j := bytes.Index(b[start:], []byte(docEnd))
	if j < 0 {
		return fmt.Errorf("%s: %q is not closed by %q", path, begin, docEnd)
	}
	rel, err := filepath.Rel(filepath.Dir(path), chart)
	if err != nil {
		return err
	}
	var block bytes.Buffer
	fmt.Fprintf(&block, "\n\n![What each technique is worth in Matador, at %s](%s)\n\n", tc, filepath.ToSlash(rel))
	block.Write(bytes.TrimSpace(table))
	block.WriteString("\n\n")
	doc := append(append(append([]byte{}, b[:start]...), block.Bytes()...), b[start+j:]...)
	if bytes.Equal(doc, b) {
		return nil
	}
	return toolio.WriteFile(path, doc)
}

// checkTC refuses a time control that fastchess would refuse or that no
// estimate can use: "base+increment" (or "base") in seconds, the
// base above 0, the increment not below 0, both finite. Moves per session
// ("40/60") are not taken: the time control names the rows' directory.
func checkTC(tc string) error {
	bad := func(why string) error {
		return fmt.Errorf("-tc %q: %s; give a fastchess tc such as 2+0.02", tc, why)
	}
	if strings.ContainsAny(tc, "/ ") {
		return bad("no moves per session (/) and no spaces, since it names a directory")
	}
	if _, err := toolio.ParseTC(tc); err != nil {
		return fmt.Errorf("-%v; give a fastchess tc such as 2+0.02", err)
	}
	return nil
}

// secondsPerGame is the mean length of a game at this time control over
// every row's games so far (fastchess's GameDuration), and where it comes
// from; with fewer than 10 games timed, a guess from the time control:
// each side's base time and 60 increments.
func secondsPerGame(c Config, all []Row) (float64, string) {
	total, games := 0.0, 0
	for _, r := range all {
		t, err := c.Count(r.Name)
		if err != nil {
			continue
		}
		total += t.Seconds
		games += t.TimedGames
	}
	if games >= 10 {
		return total / float64(games), fmt.Sprintf("measured over %d games", games)
	}
	tc := c.TC
	if i := strings.IndexByte(tc, '/'); i >= 0 {
		tc = tc[i+1:]
	}
	b, i, _ := strings.Cut(tc, "+")
	base, _ := strconv.ParseFloat(b, 64)
	inc, _ := strconv.ParseFloat(i, 64)
	return 2 * (base + 60*inc), "guessed from the time control: fewer than 10 games timed so far"
}

// writeEstimate lists the rows and the games and hours left: at least
// (every undecided row to -min, in whole chunks) and at most (to -cap).
func writeEstimate(out io.Writer, c Config, ms []Measured, spg float64, how string) {
	fmt.Fprintf(out, "%-26s %-6s %-8s %-28s %6s  %-18s %s\n", "switch", "kind", "default", "flips", "games", "Elo", "state")
	leastGames, mostGames, todo := 0, 0, 0
	chunk := 2 * c.ChunkRounds
	for _, m := range ms {
		kind := "search"
		if m.Eval {
			kind = "eval"
		}
		def := "off"
		if m.Default {
			def = "on"
		}
		state := "done: " + m.Stop
		if !m.Playable() {
			def, state = "removed", "removed in "+m.Removed
		} else if m.Stop == "" {
			todo++
			least := chunk
			if m.Tally.Games < c.Rule.Min {
				least = (c.Rule.Min - m.Tally.Games + chunk - 1) / chunk * chunk
			}
			least = min(least, c.Rule.Cap-m.Tally.Games)
			most := c.Rule.Cap - m.Tally.Games
			leastGames += least
			mostGames += most
			state = fmt.Sprintf("to play: %d to %d games", least, most)
		}
		fmt.Fprintf(out, "%-26s %-6s %-8s %-28s %6d  %-18s %s\n", m.Name, kind, def, m.Spec(), m.Tally.Games, formatElo(m.Res), state)
	}
	hours := func(games int) float64 { return float64(games) * spg / float64(c.Concurrency) / 3600 }
	fmt.Fprintf(out, "\n%d rows, %d to play at %s; %.1f s a game (%s), %d at once.\n", len(ms), todo, c.TC, spg, how, c.Concurrency)
	fmt.Fprintf(out, "Left: at least %d games (%.1f h), at most %d games (%.1f h).\n", leastGames, hours(leastGames), mostGames, hours(mostGames))
}

// benchNodes is the node count of the engine's bench (the first field of
// its last line) with one side's switch spec, and the extra environment
// settings (NAME=VALUE) given.
func benchNodes(engine, variable, spec string, extra ...string) (int64, error) {
	cmd := exec.Command(engine, "bench")
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MATADOR_SWITCHES=") && !strings.HasPrefix(kv, "MATADOR_EVAL_SWITCHES=") &&
			!strings.HasPrefix(kv, "MATADOR_BENCH_EVAL=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(append(env, variable+"="+spec), extra...)
	b, err := cmd.Output()
	if err != nil {
		return 0, fmt.Errorf("%s bench with %s=%q %q: %w", engine, variable, spec, extra, err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) == 0 {
		return 0, fmt.Errorf("%s bench printed nothing", engine)
	}
	return strconv.ParseInt(f[0], 10, 64)
}

// writeBench prints each row's bench beside the default's: a row whose
// flip leaves the node count unchanged searches the same tree at fixed
// depth; it can change only the speed (EvalCache, UsePawnHash), the clock
// (ClockFrontLoad), or nothing (HistoryReduction under
// LMRAdjusted, an evaluation term whose weights are 0).
func writeBench(out io.Writer, engine string, rows []Row) error {
	base, err := benchNodes(engine, "MATADOR_SWITCHES", "")
	if err != nil {
		return err
	}
	classical, err := benchNodes(engine, "MATADOR_SWITCHES", "", classicalBench)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\nbench: %d nodes with the defaults, %d with the classical evaluation (the switch rows')\n", base, classical)
	for _, r := range rows {
		variable, value := r.BenchEnv()
		var extra []string
		same := base
		if r.Option == "" {
			extra = []string{r.evalBench()}
			if extra[0] == classicalBench {
				same = classical
			} else if same, err = benchNodes(engine, "MATADOR_SWITCHES", "", extra[0]); err != nil {
				return err
			}
		}
		n, err := benchNodes(engine, variable, value, extra...)
		if err != nil {
			return err
		}
		note := ""
		if n == same {
			note = "  the same tree at fixed depth: speed, clock or nothing"
		}
		fmt.Fprintf(out, "%-28s %10d%s\n", r.Spec(), n, note)
	}
	return nil
}
