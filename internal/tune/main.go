package tune

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"matador/internal/eval"
	"matador/internal/search"
	"matador/internal/toolio"
)

// Main runs the tuner's command line (the "tune" subcommand) and returns
// the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "extract", "run", "wdl", "convert", "residuals", "evalscale":
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	default:
		fmt.Fprintf(stderr, "tune: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	// Ctrl-C ends any subcommand at once; the outputs are written whole
	// at the end, so only their temporary files are left to remove.
	defer toolio.ExitOnSignal(stderr, "tune "+args[0])()
	var err error
	switch args[0] {
	case "extract":
		err = runExtract(args[1:], stderr)
	case "run":
		err = runTune(args[1:], stdout, stderr)
	case "wdl":
		err = runWDL(args[1:], stdout, stderr)
	case "convert":
		err = runConvert(args[1:], stderr)
	case "residuals":
		err = runResiduals(args[1:], stdout, stderr)
	case "evalscale":
		err = runEvalScale(args[1:], stdout, stderr)
	}
	if errors.Is(err, flag.ErrHelp) {
		return 2
	}
	var bad usageError
	if errors.As(err, &bad) {
		fmt.Fprintf(stderr, "tune %s: %v\n", args[0], err)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "tune:", err)
		return 1
	}
	return 0
}

// usageError is an argument refused before any work: exit status 2, as
// for a flag the flag package cannot read.
type usageError string

func (e usageError) Error() string { return string(e) }

// sameFile tells whether a and b name one existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// refuseInput refuses an output file that is one of the inputs: writing
// it would destroy what is being read.
func refuseInput(flagName, out string, inputs []string) error {
	for _, in := range inputs {
		if sameFile(out, strings.TrimSpace(in)) {
			return usageError(fmt.Sprintf("%s %s is one of the inputs; give another file", flagName, out))
		}
	}
	return nil
}

// runRangeError checks the numbers of tune run against their ranges, so
// that a value that makes no sense (a NaN step, a negative count meaning
// no limit) is refused rather than run.
func runRangeError(fs *flag.FlagSet) error {
	floats := []struct {
		flag string
		ok   func(v float64) bool
		want string
	}{
		// Written so that NaN fails every test.
		{"rate", func(v float64) bool { return v > 0 && v <= 1e6 }, "above 0 and at most 1000000 (centipawns)"},
		{"validate", func(v float64) bool { return v >= 0 && v < 1 }, "from 0 to below 1"},
		{"lambda", func(v float64) bool { return v >= 0 && v <= 1 }, "from 0 to 1"},
		{"l2", func(v float64) bool { return v >= 0 && v <= 1e6 }, "from 0 to 1000000"},
	}
	for _, c := range floats {
		v := fs.Lookup(c.flag).Value.(flag.Getter).Get().(float64)
		if !c.ok(v) {
			return usageError(fmt.Sprintf("-%s must be %s, got %v", c.flag, c.want, v))
		}
	}
	ints := []struct {
		flag     string
		min, max int
	}{
		{"epochs", 1, 10_000_000},
		{"batch", 0, 1 << 40},
		{"threads", 1, 1024},
		{"patience", 0, 10_000_000},
		{"halve", 0, 10_000_000},
		{"report", 1, 10_000_000},
	}
	for _, c := range ints {
		v := fs.Lookup(c.flag).Value.(flag.Getter).Get().(int)
		if v < c.min || v > c.max {
			return usageError(fmt.Sprintf("-%s must be from %d to %d, got %d", c.flag, c.min, c.max, v))
		}
	}
	return nil
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage:
  tune extract [-skip N] -o DATA FILE.pgn...   write the quiet positions of the games as "FEN | result" lines
  tune run -data DATA [-epochs N] [-rate R] [-batch B] [-patience P] [-halve N] [-l2 P] [-lambda L] [-validate F]
           [-switches SPEC] [-cache FILE] [-params FILE] [-o FILE]
                                               fit the weights of eval.Params and write params.go with them
  tune wdl -data DATA                          fit the win/draw/loss model (UCI_ShowWDL) to the search scores in DATA
  tune convert IN OUT                          copy a data file to binary records (OUT named .bin) or text lines (any other name)
  tune residuals -data DATA [-switches SPEC] [-k K] [-lambda L] [-min N]
                                               where the evaluation misjudges the games: mean residuals by class of position
  tune evalscale -data DATA [-evalfile default|FILE] [-switches SPEC] [-max N] [-window CP]
                                               the classical evaluation and the net against the search scores and each other

DATA files are read as text or binary by their content; -data takes several, comma-separated.`)
}

func runWDL(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune wdl", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "data files with search scores (datagen's, or tune extract's of games with score comments), text or binary, comma-separated (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		return usageError("wdl needs -data")
	}
	samples, err := readDataFiles(*data)
	if err != nil {
		return err
	}
	pts := WDLPoints(samples)
	if len(pts) == 0 {
		return errors.New("no position in the data has a search score")
	}
	if err := wdlDataError(pts); err != nil {
		return err
	}
	m, loss := FitWDL(pts)
	if err := wdlModelError(m); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d positions with scores, loss %.4f (the current model: %.4f)\n", len(pts), loss, wdlLoss(search.DefaultWDL, pts))
	WriteCalibration(stderr, m, pts)
	fmt.Fprintf(stdout, "var DefaultWDL = WDLModel{\n\tA: [4]float64{%.2f, %.2f, %.2f, %.2f},\n\tB: [4]float64{%.2f, %.2f, %.2f, %.2f},\n}\n",
		m.A[0], m.A[1], m.A[2], m.A[3], m.B[0], m.B[1], m.B[2], m.B[3])
	return nil
}

// readDataFiles reads a comma-separated list of data files. Game numbers
// start again in each file (each datagen run numbers its own games), so
// the games of file i are renumbered into a range of their own, i<<40 on,
// to keep the held-out split by whole games.
func readDataFiles(names string) ([]Sample, error) {
	list, err := checkDataFiles(names)
	if err != nil {
		return nil, err
	}
	var all []Sample
	for i, name := range list {
		f, err := toolio.OpenInput(name)
		if err != nil {
			return nil, err
		}
		samples, err := ReadData(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for j := range samples {
			if samples[j].Game >= 0 {
				samples[j].Game += int64(i) << fileGameShift
			}
		}
		all = append(all, samples...)
	}
	return all, nil
}

// checkDataFiles splits a -data list into its file names and checks that each
// can be read, before any work and any output.
func checkDataFiles(list string) ([]string, error) {
	var names []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, usageError(fmt.Sprintf("-data %q has an empty file name (a comma too many)", list))
		}
		if err := toolio.CheckInput(name); err != nil {
			return nil, errors.New("-data " + err.Error())
		}
		names = append(names, name)
	}
	return names, nil
}

// fileGameShift: a data file's games are renumbered by its index in the
// list shifted this far (datagen numbers stay far below 2^40).
const fileGameShift = 40

func runExtract(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	skip := fs.Int("skip", 8, "plies after each game's start position to skip")
	out := fs.String("o", "", "output data file (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return usageError("extract needs -o and at least one PGN file")
	}
	if err := toolio.Int("skip", int64(*skip), 0, 10000); err != nil {
		return usageError(err.Error())
	}
	if err := refuseInput("-o", *out, fs.Args()); err != nil {
		return err
	}
	// Every input is checked before the output is touched: a typo in a
	// PGN's name must not cost the data file.
	for _, name := range fs.Args() {
		if err := toolio.CheckInput(name); err != nil {
			return err
		}
	}
	if err := refuseForeignData("-o", *out); err != nil {
		return err
	}
	f, err := toolio.Create(*out)
	if err != nil {
		return usageError("-o " + err.Error())
	}
	defer f.Abort()
	var total ExtractStats
	for _, name := range fs.Args() {
		in, err := toolio.OpenInput(name)
		if err != nil {
			return err
		}
		st, err := Extract(in, f, ExtractOptions{SkipPlies: *skip})
		in.Close()
		if err != nil {
			return fmt.Errorf("%s: %w (%s left as it was)", name, err, *out)
		}
		fmt.Fprintf(stderr, "%s: %d games, %d skipped, %d positions\n", name, st.Games, st.Skipped, st.Positions)
		total.Games += st.Games
		total.Skipped += st.Skipped
		total.Positions += st.Positions
	}
	fmt.Fprintf(stderr, "total: %d games, %d skipped, %d positions\n", total.Games, total.Skipped, total.Positions)
	return f.Commit()
}

// refuseForeignData refuses to replace a file that exists and is not a
// data file: one that is empty, binary records, or whose first line that
// is not blank or a comment reads as a sample.
func refuseForeignData(flagName, path string) error {
	if err := toolio.CheckRegularIfExists(path); err != nil {
		return usageError(flagName + " " + err.Error())
	}
	f, err := toolio.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return usageError(flagName + " " + err.Error())
	}
	defer f.Close()
	errFirst := errors.New("first sample read")
	err = EachSample(io.LimitReader(f, 1<<20), func(Sample) error { return errFirst })
	if err == nil || errors.Is(err, errFirst) {
		return nil
	}
	return usageError(fmt.Sprintf("%s %s is not a data file (%v); refusing to replace it (give a new file name)", flagName, path, err))
}

func runTune(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "data files, text (\"FEN | result\" lines) or binary, comma-separated (required)")
	epochs := fs.Int("epochs", 300, "passes over the training samples")
	rate := fs.Float64("rate", 1, "Adam step size in centipawns")
	batch := fs.Int("batch", 16384, "mini-batch size (0: the full batch, one step an epoch)")
	threads := fs.Int("threads", runtime.NumCPU(), "goroutines computing the gradient")
	patience := fs.Int("patience", 20, "stop after this many epochs without a better held-out error (0: run every epoch)")
	halve := fs.Int("halve", 0, "halve the step size each time this many epochs pass without a better held-out error (0: never)")
	seed := fs.Uint64("seed", 1, "seed of the mini-batch order")
	lambda := fs.Float64("lambda", 0.5, "share of the game result in the target; the rest is the search score, where the data has one")
	l2 := fs.Float64("l2", 1e-9, "pull towards the starting weights: penalty per squared centipawn")
	validate := fs.Float64("validate", 0.1, "fraction of the games held out to measure overfitting and stop early")
	params := fs.String("params", "internal/eval/params.go", "params.go to rewrite")
	out := fs.String("o", "", "where to write the new params.go (default: standard output)")
	report := fs.Int("report", 10, "print the errors every N epochs")
	switches := fs.String("switches", eval.NewTerms, "evaluation switches to set in the tuned configuration (default: every term of eval.NewTerms on, so that a term the engine leaves off is fitted too)")
	cache := fs.String("cache", "", "file that keeps the linearised samples: a later run with the same data, weights, switches and -validate reads them instead of evaluating again")
	// The defaults are the settings of the fit on a million positions (see the package doc).
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		return usageError("run needs -data")
	}
	if err := runRangeError(fs); err != nil {
		return err
	}
	dataFiles, err := checkDataFiles(*data)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := refuseInput("-o", *out, append(dataFiles, *cache)); err != nil {
			return err
		}
	}
	if *cache != "" {
		if err := refuseInput("-cache", *cache, append(dataFiles, *params)); err != nil {
			return err
		}
		if err := toolio.CheckRegularIfExists(*cache); err != nil {
			return usageError("-cache " + err.Error())
		}
		if !mayWriteCache(*cache) {
			return usageError(fmt.Sprintf("-cache %s is not a cache written by tune run; refusing to overwrite it (give a new file name)", *cache))
		}
	}
	// Everything the run will write is checked now, not after an hour's
	// fit.
	for _, o := range []struct{ flag, path string }{{"-o", *out}, {"-cache", *cache}} {
		if o.path == "" {
			continue
		}
		if err := toolio.CheckOutput(o.path); err != nil {
			return usageError(o.flag + " " + err.Error())
		}
		if o.flag != "-cache" {
			if err := refuseForeignGo(o.flag, o.path); err != nil {
				return err
			}
		}
	}
	src, err := readParamsSource(*params)
	if err != nil {
		return err
	}
	// The tuner works on a copy of the engine's configuration, which
	// RewriteParams then writes into params.go.
	config := eval.DefaultParams()
	if err := eval.ApplySwitchSpec(config, *switches); err != nil {
		return err
	}
	ws := Weights(config)
	key, err := cacheKey(*data, config, *validate)
	if err != nil {
		return err
	}
	entries, held, ok := readCache(*cache, key)
	if ok {
		fmt.Fprintf(stderr, "%d training and %d held-out samples, %d weights, linearised forms read from %s\n",
			len(entries), len(held), len(ws), *cache)
	} else {
		samples, err := readDataFiles(*data)
		if err != nil {
			return err
		}
		if len(samples) == 0 {
			return errors.New("no samples")
		}
		train, test := SplitHeldOut(samples, *validate)
		fmt.Fprintf(stderr, "%d training and %d held-out samples, %d weights\n", len(train), len(test), len(ws))
		if len(train) == 0 {
			// Nothing to fit: K and the error would be NaN, and the
			// weights written unchanged as if they had been fitted.
			return fmt.Errorf("no training samples: -validate %g holds out all %d (whole games are held out); give more games or a smaller -validate", *validate, len(test))
		}
		start := time.Now()
		if entries, err = Linearize(train, config, ws, *threads); err != nil {
			return err
		}
		if len(test) > 0 {
			if held, err = Linearize(test, config, ws, *threads); err != nil {
				return err
			}
		}
		fmt.Fprintf(stderr, "linearised in %v\n", time.Since(start).Round(time.Millisecond))
		if *cache != "" {
			if err := writeCache(*cache, key, entries, held); err != nil {
				return err
			}
		}
	}

	t := NewTuner(entries, config, ws)
	t.Rate, t.L2, t.Lambda, t.Batch, t.Threads = *rate, *l2, *lambda, *batch, *threads
	before := t.FitK()
	fmt.Fprintf(stderr, "K = %.6f (%.3f in the 10^(v/400) form), error %.6f\n", t.K, t.K*400/math.Ln10, before)
	h := &Tuner{Entries: held, Params: config, Weights: ws, K: t.K, Threads: t.Threads}
	heldErr := func() float64 {
		h.mg, h.eg = t.mg, t.eg
		return h.Error(t.K)
	}
	if len(held) > 0 {
		fmt.Fprintf(stderr, "held-out error %.6f\n", heldErr())
	}
	// With a held-out set, keep the weights of the epoch that predicted it
	// best (early stopping), since more steps past it fit the training
	// games' noise.
	best, bestErr, bestEpoch := t.Snapshot(), heldErr(), 0
	rng := rand.New(rand.NewPCG(*seed, 0))
	start := time.Now()
	for ep := 1; ep <= *epochs; ep++ {
		e := t.Epoch(rng)
		hErr := heldErr()
		if hErr < bestErr {
			best, bestErr, bestEpoch = t.Snapshot(), hErr, ep
		}
		if ep%*report == 0 || ep == *epochs {
			fmt.Fprintf(stderr, "epoch %d: error %.6f", ep, e)
			if len(held) > 0 {
				fmt.Fprintf(stderr, ", held-out %.6f", hErr)
			}
			fmt.Fprintf(stderr, " (%v)\n", time.Since(start).Round(time.Second))
		}
		if *patience > 0 && len(held) > 0 && ep-bestEpoch >= *patience {
			fmt.Fprintf(stderr, "epoch %d: no better held-out error for %d epochs, stopping\n", ep, *patience)
			break
		}
		if *halve > 0 && len(held) > 0 && ep > bestEpoch && (ep-bestEpoch)%*halve == 0 {
			// With a constant step, mini-batch Adam keeps circling the
			// minimum at the distance its step allows; smaller steps settle
			// closer once the held-out error stops falling.
			t.Rate /= 2
			fmt.Fprintf(stderr, "epoch %d: no better held-out error for %d epochs, step size halved to %g cp\n", ep, ep-bestEpoch, t.Rate)
		}
	}
	if len(held) > 0 {
		fmt.Fprintf(stderr, "best held-out error %.6f at epoch %d\n", bestErr, bestEpoch)
		t.Restore(best)
	}
	old := make([]eval.Score, len(ws))
	for i, w := range ws {
		old[i] = *w.Ptr
	}
	t.Apply()
	fmt.Fprintf(stderr, "error %.6f -> %.6f with integer weights\n", before, t.IntegerError())
	printChanges(stderr, ws, old)

	newSrc, err := RewriteParams(src, ws)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = stdout.Write(newSrc)
		return err
	}
	return toolio.WriteFile(*out, newSrc)
}

// printChanges lists the weights that moved most, for the log.
func printChanges(w io.Writer, ws []Weight, old []eval.Score) {
	type change struct {
		i int
		d int
	}
	var cs []change
	for i, wt := range ws {
		n := *wt.Ptr
		d := max(abs(n.Mg()-old[i].Mg()), abs(n.Eg()-old[i].Eg()))
		if d > 0 {
			cs = append(cs, change{i, d})
		}
	}
	slices.SortFunc(cs, func(a, b change) int { return b.d - a.d })
	fmt.Fprintf(w, "%d weights changed; the largest changes:\n", len(cs))
	for _, c := range cs[:min(len(cs), 40)] {
		o, n := old[c.i], *ws[c.i].Ptr
		fmt.Fprintf(w, "  %-28s S(%d, %d) -> S(%d, %d)\n", ws[c.i].Name(), o.Mg(), o.Eg(), n.Mg(), n.Eg())
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
