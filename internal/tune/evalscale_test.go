package tune

import (
	"bytes"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"matador/internal/eval"
	"matador/internal/nnue"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestScaleSeries: with the classical evaluation equal to the search
// score and the net twice it, the fits, misses and percentiles are known.
func TestScaleSeries(t *testing.T) {
	s := scaleSeries{window: defaultScaleWindow}
	for v := -100; v <= 100; v++ {
		s.add(v, v, 2*v)
	}
	s.add(2500, 2500, 2500)
	s.add(0, 0, -defaultScaleWindow-1)
	r, err := s.result()
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 201 || r.Outside != 2 {
		t.Fatalf("N %d, outside %d; want 201 and 2", r.N, r.Outside)
	}
	c, n := r.ClassicalMiss, r.NetMiss
	if !near(c.Slope, 1) || !near(c.Correlation, 1) || c.RMS != 0 || c.P99 != 0 {
		t.Errorf("classical misses %+v, want slope 1, correlation 1, none missed", c)
	}
	// The net's miss is -v: sizes 0, 1, 1, 2, 2, ..., 100, 100.
	if !near(n.Slope, 0.5) || !near(n.Correlation, 1) || n.P50 != 50 || n.P90 != 90 || n.P99 != 99 {
		t.Errorf("net misses %+v, want slope 0.5, correlation 1, percentiles 50 90 99", n)
	}
	if !near(r.NetOnClassical, 2) || !near(r.Agreement, 1) || !near(r.Net.SD, 2*r.Classical.SD) || r.Score.Mean != 0 {
		t.Errorf("net on classical %v (agreement %v), sd %v and %v", r.NetOnClassical, r.Agreement, r.Net.SD, r.Classical.SD)
	}
	var out bytes.Buffer
	r.Write(&out)
	for _, want := range []string{"201 positions with a search score (2 left out", "slope 2.000, correlation 1.000"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestScaleSeriesRefusesTooLittle(t *testing.T) {
	s := scaleSeries{window: defaultScaleWindow}
	s.add(10, 10, 10)
	if _, err := s.result(); err == nil {
		t.Error("one position compared")
	}
	s.add(20, 10, 30)
	if _, err := s.result(); err == nil || !strings.Contains(err.Error(), "same score") {
		t.Errorf("a constant classical evaluation: %v", err)
	}
}

// scaleData: a queen up and a queen down, each with either side to move;
// the scores are White's view, so the evaluations must be turned to it
// for Black to move, or they would not follow the scores.
const scaleData = `4k3/8/8/8/8/8/8/3QK3 w - - 0 1 | 1.0 | 900
4k3/8/8/8/8/8/8/3QK3 b - - 0 1 | 1.0 | 880
3qk3/8/8/8/8/8/8/4K3 w - - 0 1 | 0.0 | -870
3qk3/8/8/8/8/8/8/4K3 b - - 0 1 | 0.0 | -910
4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 | 0.5 | 5
4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1 | 0.5
`

func TestCompareScalesTakesWhitesView(t *testing.T) {
	samples, err := ReadData(strings.NewReader(scaleData))
	if err != nil {
		t.Fatal(err)
	}
	r, err := CompareScales(each(samples), eval.DefaultParams(), nnue.Default(), 0, defaultScaleWindow)
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 5 {
		t.Errorf("%d positions compared, want the 5 with a score", r.N)
	}
	if r.ClassicalMiss.Correlation < 0.9 || r.NetMiss.Correlation < 0.9 || r.Agreement < 0.9 {
		t.Errorf("correlations %.3f (classical), %.3f (net), %.3f (each other): an evaluation is not White's view",
			r.ClassicalMiss.Correlation, r.NetMiss.Correlation, r.Agreement)
	}
	if r, err := CompareScales(each(samples), eval.DefaultParams(), nnue.Default(), 3, defaultScaleWindow); err != nil || r.N != 3 {
		t.Errorf("-max 3: %v, %+v", err, r)
	}
	if r, err := CompareScales(each(samples), eval.DefaultParams(), nnue.Default(), 0, 100); err == nil || r != nil {
		t.Errorf("-window 100 leaves one position, compared: %+v", r)
	}
}

func TestRunEvalScale(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(scaleData), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if code := Main([]string{"evalscale", "-data", data}, &out, io.Discard); code != 0 || !strings.Contains(out.String(), "the net on the classical evaluation") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
	for _, args := range [][]string{{"evalscale"}, {"evalscale", "-data", data, "-max", "-1"}, {"evalscale", "-data", data, "-window", "0"}} {
		if code := Main(args, io.Discard, io.Discard); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	noScores := filepath.Join(dir, "noscores.txt")
	if err := os.WriteFile(noScores, []byte(tinyData), 0o644); err != nil {
		t.Fatal(err)
	}
	badNet := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(badNet, []byte("not a net"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"evalscale", "-data", filepath.Join(dir, "missing")},
		{"evalscale", "-data", noScores},
		{"evalscale", "-data", data, "-evalfile", badNet},
	} {
		var errOut bytes.Buffer
		if code := Main(args, io.Discard, &errOut); code != 1 || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, said %q; want 1 and a reason", args, code, errOut.String())
		}
	}
}
