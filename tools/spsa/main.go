// Command spsa tunes Matador's search parameters by SPSA over fastchess
// games. Each iteration perturbs every parameter by
// c_k up and down, plays a pair of games (or -pairs pairs) between the plus and the
// minus settings of one engine binary (a "make TAGS=spsa" build, whose
// UCI options they are), and moves the values by a_k/c_k times the plus
// side's wins less losses, as OpenBench does. The run lives in
// WORK/spsa/NAME: state.json, saved after every iteration (the values, the
// iteration, the seed), log.tsv (a row an iteration) and the games of the
// iteration being played. The same command resumes a stopped run; an
// iteration cut short is played again, not counted twice.
//
//	go run ./tools/spsa -name NAME -engine matador-spsa [-iterations 2000] [-tc 5+0.05] [flags]
//	go run ./tools/spsa -name NAME -report [-apply internal/search/params.go]
//
// Environment, as the other match tools: WORK (default $HOME/matador-work),
// FASTCHESS (default $WORK/fastchess/fastchess), OPENINGS (default
// ../shared/data/openings/UHO_4060_v3.epd beside the repository). See
// tools/spsa/README.md.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"matador/internal/search"
	"matador/internal/toolio"
	"matador/tools/internal/workenv"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "spsa:", err)
		if errors.Is(err, errInterrupted) {
			os.Exit(130)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, out io.Writer) error {
	work, openings, _ := workenv.Paths()

	fs := flag.NewFlagSet("spsa", flag.ContinueOnError)
	fs.SetOutput(out)
	name := fs.String("name", "", "the run: its state, log and games are in WORK/spsa/NAME")
	engine := fs.String("engine", "", "the engine binary, built with -tags spsa (both sides run it)")
	paramsFile := fs.String("params", "", "SPSA input lines (name, int, value, min, max, c_end, r_end); default: what the engine's spsa-params prints")
	iterations := fs.Int("iterations", 2000, "iterations of the run (the gain schedule depends on it)")
	pairs := fs.Int("pairs", 1, "game pairs an iteration (each opening with both colours)")
	tc := fs.String("tc", "5+0.05", "fastchess time control of each side (inf with -nodes)")
	nodes := fs.Int("nodes", 0, "a node limit a move (fastchess nodes=N) instead of the clock: use with -tc inf")
	concurrency := fs.Int("concurrency", 2, "games at once")
	useNNUE := fs.Bool("nnue", false, "both sides evaluate with the network (option.Use NNUE=true): tune the margins for the net")
	switchSpec := fs.String("switches", "", "MATADOR_SWITCHES of both sides, e.g. +PruneAtLMRDepth: tune with search switches flipped from the defaults")
	seed := fs.Uint64("seed", 1, "the random seed of the perturbations and the openings")
	alpha := fs.Float64("alpha", 0.602, "decay exponent of a_k")
	gamma := fs.Float64("gamma", 0.101, "decay exponent of c_k")
	aRatio := fs.Float64("a-ratio", 0.1, "A as a share of the iterations")
	limit := fs.Int("run", 0, "play at most this many iterations now (0: to the end of the run)")
	report := fs.Bool("report", false, "print the run's values against the start and the params.go lines, then stop")
	apply := fs.String("apply", "", "with -report: write the rounded values into this params.go")
	keep := fs.String("keep", "", "a copy of state.json written after every iteration, outside WORK (say tools/spsa/runs/NAME.json, committed): a machine without the run in WORK resumes from it")
	fs.StringVar(&work, "work", work, "the work directory (WORK)")
	fs.StringVar(&openings, "openings", openings, "the EPD openings (OPENINGS)")
	fastchess := fs.String("fastchess", workenv.EnvOr("FASTCHESS", filepath.Join(work, "fastchess", "fastchess")), "the fastchess binary (FASTCHESS)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *name == "" || strings.ContainsAny(*name, "/\\") || *name == "." || *name == ".." {
		return fmt.Errorf("-name NAME is needed (a directory name)")
	}
	dir := filepath.Join(work, "spsa", *name)
	st, resumed, err := LoadState(dir)
	if err != nil {
		return err
	}
	if *keep != "" {
		kept, ok, err := loadStateFile(*keep)
		if err != nil {
			return err
		}
		if ok && kept.Name != *name {
			return fmt.Errorf("-keep %s holds the run %q, not %q", *keep, kept.Name, *name)
		}
		// The copy is ahead when WORK lost the run (a new machine) or an
		// older state.json was left there.
		if ok && (!resumed || kept.Iteration > st.Iteration) {
			st, resumed = kept, true
			if !*report {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
				if err := st.Save(dir); err != nil {
					return err
				}
				fmt.Fprintf(out, "the run's state taken from %s (iteration %d)\n", *keep, st.Iteration)
			}
		}
	}
	if *report {
		if !resumed {
			return fmt.Errorf("no run in %s", dir)
		}
		Report(out, st)
		if *apply != "" {
			return Apply(*apply, st.Params, out)
		}
		return nil
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	var engineSHA string
	if *engine != "" {
		abs, err := filepath.Abs(*engine)
		if err != nil {
			return err
		}
		*engine = abs
		if engineSHA, err = workenv.FileSHA256(abs); err != nil {
			return err
		}
	}
	if resumed {
		// Flags that decide the games or the schedule must agree with the
		// run's; the others (concurrency, paths) may change.
		var diffs []string
		check := func(flagName string, now, was any) {
			if set[flagName] && fmt.Sprint(now) != fmt.Sprint(was) {
				diffs = append(diffs, fmt.Sprintf("-%s %v (the run has %v)", flagName, now, was))
			}
		}
		check("iterations", *iterations, st.Schedule.Iterations)
		check("pairs", *pairs, st.Match.Pairs)
		check("tc", *tc, st.Match.TC)
		check("nodes", *nodes, st.Match.Nodes)
		check("seed", *seed, st.Seed)
		check("alpha", *alpha, st.Schedule.Alpha)
		check("gamma", *gamma, st.Schedule.Gamma)
		check("a-ratio", *aRatio, st.Schedule.ARatio)
		check("switches", *switchSpec, st.Match.Switches)
		check("nnue", *useNNUE, st.Match.NNUE)
		if set["params"] {
			text, err := paramsText(*paramsFile, "")
			if err != nil {
				return err
			}
			params, err := ParseParams(text)
			if err != nil {
				return err
			}
			if !sameParams(params, st.Params) {
				diffs = append(diffs, "-params "+*paramsFile+" (not the run's parameters, ranges and steps)")
			}
		}
		if engineSHA != "" && engineSHA != st.EngineSHA {
			diffs = append(diffs, fmt.Sprintf("-engine %s, sha256 %.12s (the run's was %s, %.12s)", *engine, engineSHA, st.Match.Engine, st.EngineSHA))
		}
		if len(diffs) > 0 {
			return fmt.Errorf("%s holds a run with other settings: %s; use another -name", dir, strings.Join(diffs, "; "))
		}
		if *engine != "" {
			st.Match.Engine = *engine
		} else if sha, err := workenv.FileSHA256(st.Match.Engine); err != nil || sha != st.EngineSHA {
			return fmt.Errorf("the run's engine %s is missing or changed since (sha256 %.12s); give -engine with the binary it started with", st.Match.Engine, st.EngineSHA)
		}
		if set["openings"] {
			st.Match.Openings = openings
		}
		fmt.Fprintf(out, "resuming %s at iteration %d of %d (%d games so far)\n", dir, st.Iteration+1, st.Schedule.Iterations, st.Games)
	} else {
		if *engine == "" {
			return fmt.Errorf("-engine BINARY is needed to start a run (a make TAGS=spsa build)")
		}
		if err := checkRunFlags(*iterations, *pairs, *concurrency, *nodes, *tc, *alpha, *gamma, *aRatio); err != nil {
			return err
		}
		sw := search.DefaultSwitches
		if err := search.ApplySwitchSpec(&sw, *switchSpec); err != nil {
			return fmt.Errorf("-switches: %w", err)
		}
		text, err := paramsText(*paramsFile, *engine)
		if err != nil {
			return err
		}
		params, err := ParseParams(text)
		if err != nil {
			return err
		}
		if *paramsFile != "" {
			// A name the engine has no option for would be "tuned" without
			// effect: every game the same, the value a random walk.
			if err := checkParamNames(params, *paramsFile, *engine); err != nil {
				return err
			}
		}
		if openings == "" {
			return fmt.Errorf("no openings: set OPENINGS or -openings")
		}
		if _, err := os.Stat(openings); err != nil {
			return err
		}
		sched := Schedule{Iterations: *iterations, Alpha: *alpha, Gamma: *gamma, ARatio: *aRatio}
		st = &State{Name: *name, Seed: *seed, Schedule: sched, EngineSHA: engineSHA, Params: params,
			Match: Match{Openings: openings, Engine: *engine, TC: *tc, Nodes: *nodes, Pairs: *pairs, Switches: *switchSpec, NNUE: *useNNUE}, keep: *keep}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := st.Save(dir); err != nil {
			return err
		}
		fmt.Fprintf(out, "started %s: %d parameters, %d iterations of %d game pairs at %s\n", dir, len(params), *iterations, *pairs, *tc)
	}
	st.keep = *keep
	st.Match.Fastchess = *fastchess
	if err := toolio.Int("concurrency", int64(*concurrency), 1, 1024); err != nil {
		return err
	}
	st.Match.Concurrency = *concurrency
	if _, err := os.Stat(st.Match.Fastchess); err != nil {
		return fmt.Errorf("fastchess: %w (set FASTCHESS or -fastchess)", err)
	}
	if err := st.Run(ctx, dir, *limit, out); err != nil {
		if errors.Is(err, errInterrupted) {
			fmt.Fprintf(out, "stopped; the run resumes at iteration %d with the same command\n", st.Iteration+1)
		}
		return err
	}
	if st.Iteration >= st.Schedule.Iterations {
		fmt.Fprintf(out, "the run is complete\n")
		Report(out, st)
	}
	return nil
}

// paramsText is the SPSA input: the file given, or what the engine prints.
func paramsText(file, engine string) (string, error) {
	if file != "" {
		f, err := toolio.OpenInput(file)
		if err != nil {
			return "", fmt.Errorf("-params %w", err)
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, 1<<20))
		return string(b), err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(engine, "spsa-params")
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s spsa-params: %v %s(is it a build with -tags spsa?)", engine, err, stderr.String())
	}
	return string(b), nil
}

// checkRunFlags refuses, before a run's state is saved, the settings that
// would make no games or no schedule: a run saved with them could only be
// resumed with them.
func checkRunFlags(iterations, pairs, concurrency, nodes int, tc string, alpha, gamma, aRatio float64) error {
	if err := toolio.First(
		toolio.Int("iterations", int64(iterations), 1, 10_000_000),
		toolio.Int("pairs", int64(pairs), 1, 1_000_000),
		toolio.Int("concurrency", int64(concurrency), 1, 1024),
		toolio.Int("nodes", int64(nodes), 0, 1e12),
		toolio.Positive("alpha", alpha, 10),
		toolio.Positive("gamma", gamma, 10),
		toolio.Float("a-ratio", aRatio, 0, 100),
	); err != nil {
		return err
	}
	if tc == "inf" {
		if nodes == 0 {
			return errors.New("-tc inf needs -nodes N: a game without a clock or a node limit never ends")
		}
		return nil
	}
	if _, err := toolio.ParseTC(tc); err != nil {
		return fmt.Errorf("-%v (or -tc inf with -nodes N)", err)
	}
	return nil
}

// checkParamNames refuses a parameter of the -params file that the engine
// does not tune: its spsa-params lists every one it has an option for.
func checkParamNames(params []Param, file, engine string) error {
	text, err := paramsText("", engine)
	if err != nil {
		return err
	}
	known, err := ParseParams(text)
	if err != nil {
		return fmt.Errorf("%s spsa-params: %w", engine, err)
	}
	names := map[string]bool{}
	var list []string
	for _, p := range known {
		names[p.Name] = true
		list = append(list, p.Name)
	}
	for _, p := range params {
		if !names[p.Name] {
			return fmt.Errorf("-params %s: the engine %s has no parameter %q (it has %s)", file, engine, p.Name, strings.Join(list, ", "))
		}
	}
	return nil
}

// sameParams: the same parameters with the same start, range and steps.
func sameParams(a, b []Param) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		x.Value, y.Value = 0, 0
		if x != y {
			return false
		}
	}
	return true
}

// goAssignment is the params.go line of a parameter's value: a name ending
// in 100 is the variable without the suffix, in hundredths.
func goAssignment(p Param) (name, value string) {
	if p.Float {
		return p.Name, strconv.FormatFloat(p.Value, 'g', 6, 64)
	}
	v := int(math.Round(p.Value))
	if base, ok := strings.CutSuffix(p.Name, "100"); ok && base != "" {
		return base, strconv.FormatFloat(float64(v)/100, 'f', -1, 64)
	}
	return p.Name, strconv.Itoa(v)
}

// Report prints the run's values against their start, and the lines of
// params.go that play them.
func Report(out io.Writer, st *State) {
	fmt.Fprintf(out, "SPSA run %s: %d of %d iterations, %d games (plus %d-%d-%d), %d time forfeits, crashes or illegal moves\n",
		st.Name, st.Iteration, st.Schedule.Iterations, st.Games, st.Wins, st.Losses, st.Draws, st.Anomalies)
	fmt.Fprintf(out, "engine %s (sha256 %.12s), tc %s", st.Match.Engine, st.EngineSHA, st.Match.TC)
	if st.Match.Nodes > 0 {
		fmt.Fprintf(out, " nodes %d", st.Match.Nodes)
	}
	if st.Match.Switches != "" {
		fmt.Fprintf(out, ", switches %s", st.Match.Switches)
	}
	if st.Match.NNUE {
		fmt.Fprint(out, ", the network (Use NNUE)")
	}
	fmt.Fprintf(out, ", %d pair(s) an iteration, seed %d\n\n", st.Match.Pairs, st.Seed)
	// The change in c_end too: how far a value has moved against the step
	// it is probed with says whether the run has tuned it or only jittered.
	fmt.Fprintf(out, "%-28s %8s %10s %8s %8s %8s %9s %9s\n", "parameter", "start", "value", "rounded", "min", "max", "change", "in c_end")
	for _, p := range st.Params {
		_, rounded := goAssignment(Param{Name: "x", Value: p.Value, Float: p.Float})
		fmt.Fprintf(out, "%-28s %8s %10.3f %8s %8s %8s %+9.3f %+9.2f\n", p.Name, fmtNum(p.Start), p.Value, rounded,
			fmtNum(p.Min), fmtNum(p.Max), p.Value-p.Start, (p.Value-p.Start)/p.CEnd)
	}
	fmt.Fprintf(out, "\nparams.go (internal/search), every value rounded (-report -apply internal/search/params.go writes them):\n")
	changed := 0
	for _, p := range st.Params {
		name, value := goAssignment(p)
		_, start := goAssignment(Param{Name: p.Name, Value: p.Start, Float: p.Float})
		note := ""
		if value != start {
			note = " // was " + start
			changed++
		}
		fmt.Fprintf(out, "\t%s = %s%s\n", name, value, note)
	}
	fmt.Fprintf(out, "\t// %d of %d changed\n", changed, len(st.Params))
	fmt.Fprintf(out, "\nSPSA input at the current values (for -params of a follow-up run):\n")
	for _, p := range st.Params {
		fmt.Fprintln(out, p.Line())
	}
}

// Apply writes the rounded values into params.go at path: the one line
// "Name = value" (in a var block or a var statement, with or without a
// type) of each parameter gets the new number; the file is then gofmt-ed.
func Apply(path string, params []Param, out io.Writer) error {
	f, err := toolio.OpenInput(path)
	if err != nil {
		return fmt.Errorf("-apply %w", err)
	}
	// A params.go takes a few kilobytes; a bound keeps a wrong file (a
	// device, a data file) from filling the memory.
	src, err := io.ReadAll(io.LimitReader(f, 1<<22))
	f.Close()
	if err != nil {
		return err
	}
	text := string(src)
	for _, p := range params {
		name, value := goAssignment(p)
		re := regexp.MustCompile(`(?m)^(\s*(?:var\s+)?` + regexp.QuoteMeta(name) + `(?:\s+(?:int|int32|float64))?\s*=\s*)(-?[0-9][0-9.]*)`)
		locs := re.FindAllStringSubmatchIndex(text, -1)
		if len(locs) != 1 {
			return fmt.Errorf("%s: %d lines assign %s, want exactly one", path, len(locs), name)
		}
		l := locs[0]
		text = text[:l[4]] + value + text[l[5]:]
	}
	formatted, err := format.Source([]byte(text))
	if err != nil {
		return fmt.Errorf("%s after the edit: %w", path, err)
	}
	if err := toolio.WriteFile(path, formatted); err != nil {
		return err
	}
	fmt.Fprintf(out, "\nwrote %d values into %s (git diff shows them)\n", len(params), path)
	return nil
}
