package tune

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"

	"matador/internal/chess"
	"matador/internal/eval"
	"matador/internal/nnue"
	"matador/internal/toolio"
)

// Evaluation scale: the search's margins (reverse futility, futility,
// delta pruning, the aspiration window, null move's evaluation term, the
// singular window) are centipawns of the evaluation they were tuned with.
// Whether they need retuning once the net evaluates depends on how far
// the net's scale and its errors moved from the classical
// evaluation's. This holds both evaluations against
// the search scores of a data file (what a margin bets the static
// evaluation will not miss by) and against each other.

// defaultScaleWindow leaves out positions whose search score or either
// evaluation is beyond it: the margins decide near alpha and beta, and a
// won position's size (a queen up is +900 or +1400 by taste) would weigh
// in the fits as much as all the rest. -window narrows it to the
// positions near level, where most margins are spent.
const defaultScaleWindow = 2000

// Distribution is one series' mean and standard deviation.
type Distribution struct {
	Mean, SD float64
}

// Misses is how an evaluation misses the search scores: the score's
// least-squares slope on the evaluation (1: the scales agree), their
// correlation, the root mean square of score less evaluation, and the
// 50th, 90th and 99th percentiles of its size.
type Misses struct {
	Slope, Correlation, RMS float64
	P50, P90, P99           float64
}

// EvalScale is the comparison's result.
type EvalScale struct {
	N, Outside, Window     int // positions compared; left out beyond Window either way
	Score, Classical, Net  Distribution
	ClassicalMiss, NetMiss Misses
	// NetOnClassical is the net's least-squares slope on the classical
	// evaluation, and Agreement their correlation.
	NetOnClassical, Agreement float64
}

// scaleSeries holds the three numbers of each position compared, White's
// view.
type scaleSeries struct {
	window                int
	score, classical, net []float64
	outside               int
}

func (s *scaleSeries) add(score, classical, net int) {
	if max(abs(score), abs(classical), abs(net)) > s.window {
		s.outside++
		return
	}
	s.score = append(s.score, float64(score))
	s.classical = append(s.classical, float64(classical))
	s.net = append(s.net, float64(net))
}

func distribution(x []float64) Distribution {
	var sum, sq float64
	for _, v := range x {
		sum += v
	}
	mean := sum / float64(len(x))
	for _, v := range x {
		sq += (v - mean) * (v - mean)
	}
	return Distribution{mean, math.Sqrt(sq / float64(len(x)))}
}

// fit is y's least-squares slope on x and their correlation.
func fit(x, y []float64) (slope, correlation float64) {
	dx, dy := distribution(x), distribution(y)
	var cov float64
	for i := range x {
		cov += (x[i] - dx.Mean) * (y[i] - dy.Mean)
	}
	cov /= float64(len(x))
	return cov / (dx.SD * dx.SD), cov / (dx.SD * dy.SD)
}

func misses(ev, score []float64) Misses {
	var m Misses
	m.Slope, m.Correlation = fit(ev, score)
	size := make([]float64, len(ev))
	var sq float64
	for i := range ev {
		d := score[i] - ev[i]
		sq += d * d
		size[i] = math.Abs(d)
	}
	m.RMS = math.Sqrt(sq / float64(len(ev)))
	slices.Sort(size)
	at := func(p float64) float64 { return size[min(int(p*float64(len(size))), len(size)-1)] }
	m.P50, m.P90, m.P99 = at(0.50), at(0.90), at(0.99)
	return m
}

func (s *scaleSeries) result() (*EvalScale, error) {
	if len(s.score) < 2 {
		return nil, fmt.Errorf("%d positions with a search score within ±%d: too few to compare", len(s.score), s.window)
	}
	r := &EvalScale{N: len(s.score), Outside: s.outside, Window: s.window,
		Score: distribution(s.score), Classical: distribution(s.classical), Net: distribution(s.net),
		ClassicalMiss: misses(s.classical, s.score), NetMiss: misses(s.net, s.score)}
	if r.Classical.SD == 0 || r.Net.SD == 0 {
		return nil, fmt.Errorf("an evaluation gives every one of the %d positions the same score: no slope to fit", r.N)
	}
	r.NetOnClassical, r.Agreement = fit(s.classical, s.net)
	return r, nil
}

// CompareScales evaluates the positions of samples that have a search
// score, at most limit of them (0: all), with the classical evaluation of
// p and with net, and compares those whose score and evaluations are
// within window either way.
func CompareScales(samples func(use func(Sample) error) error, p *eval.Params, net *nnue.Net, limit, window int) (*EvalScale, error) {
	classical := eval.NewEvaluatorWith(p)
	s := scaleSeries{window: window}
	err := samples(func(smp Sample) error {
		if limit > 0 && len(s.score)+s.outside >= limit {
			return errEnoughSamples
		}
		if !smp.HasScore {
			return nil
		}
		c, n := classical.Evaluate(smp.Pos), net.Evaluate(smp.Pos)
		if smp.Pos.SideToMove() == chess.Black {
			c, n = -c, -n
		}
		s.add(smp.Score, c, n)
		return nil
	})
	if err != nil && !errors.Is(err, errEnoughSamples) {
		return nil, err
	}
	return s.result()
}

// errEnoughSamples ends the reading of the data once -max positions are
// compared, rather than reading the rest of the files for nothing.
var errEnoughSamples = errors.New("enough positions compared")

// Write prints the comparison as a table.
func (r *EvalScale) Write(w io.Writer) {
	fmt.Fprintf(w, "%d positions with a search score (%d left out: a score or an evaluation beyond ±%d)\n", r.N, r.Outside, r.Window)
	fmt.Fprintln(w, "centipawns, White's view; slope and correlation: the search score's on the evaluation; miss: search score less evaluation")
	fmt.Fprintf(w, "%-13s %8s %7s %7s %7s %9s %9s %9s %9s\n", "", "mean", "sd", "slope", "corr", "miss rms", "miss p50", "miss p90", "miss p99")
	fmt.Fprintf(w, "%-13s %+8.1f %7.1f\n", "search score", r.Score.Mean, r.Score.SD)
	for _, row := range []struct {
		name string
		d    Distribution
		m    Misses
	}{{"classical", r.Classical, r.ClassicalMiss}, {"net", r.Net, r.NetMiss}} {
		fmt.Fprintf(w, "%-13s %+8.1f %7.1f %7.3f %7.3f %9.1f %9.0f %9.0f %9.0f\n", row.name, row.d.Mean, row.d.SD,
			row.m.Slope, row.m.Correlation, row.m.RMS, row.m.P50, row.m.P90, row.m.P99)
	}
	fmt.Fprintf(w, "the net on the classical evaluation: slope %.3f, correlation %.3f\n", r.NetOnClassical, r.Agreement)
}

func runEvalScale(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune evalscale", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "data files with search scores, text or binary, comma-separated (required)")
	evalFile := fs.String("evalfile", "default", `the net: "default" for the embedded one, or a net file`)
	switches := fs.String("switches", "", "classical evaluation switches to set (default: the engine's configuration)")
	limit := fs.Int("max", 1_000_000, "compare at most this many positions with a search score, from the start (0: all)")
	window := fs.Int("window", defaultScaleWindow, "compare only positions whose score and evaluations are within ± this many centipawns")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		return usageError("evalscale needs -data")
	}
	if err := toolio.Int("max", int64(*limit), 0, 1<<40); err != nil {
		return usageError(err.Error())
	}
	if err := toolio.Int("window", int64(*window), 1, 32000); err != nil {
		return usageError(err.Error())
	}
	names, p, err := dataAndEvaluation(*data, *switches)
	if err != nil {
		return err
	}
	net := nnue.Default()
	if *evalFile != "default" {
		if net, err = nnue.Load(*evalFile); err != nil {
			return fmt.Errorf("-evalfile %s: %w", *evalFile, err)
		}
	}
	r, err := CompareScales(eachDataFile(names), p, net, *limit, *window)
	if err != nil {
		return err
	}
	r.Write(stdout)
	return nil
}
