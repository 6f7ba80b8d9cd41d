package tune

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/search"
)

// Outcomes drawn from a known model must give that model back.
func TestFitWDLRecoversModel(t *testing.T) {
	truth := search.WDLModel{A: [4]float64{60, 180, -60}, B: [4]float64{40, 70, 0, 10}}
	rng := rand.New(rand.NewSource(1))
	pts := make([]WDLPoint, 60000)
	for i := range pts {
		p := WDLPoint{Score: rng.Intn(1201) - 600, Material: 10 + rng.Intn(69)}
		w, d, _ := truth.Rates(p.Score, p.Material)
		switch u := rng.Float64(); {
		case u < w:
			p.Outcome = 1
		case u < w+d:
			p.Outcome = 0
		default:
			p.Outcome = -1
		}
		pts[i] = p
	}
	got, loss := FitWDL(pts)
	if l := wdlLoss(truth, pts); loss > l+1e-3 {
		t.Errorf("fit loss %.4f worse than the true model's %.4f", loss, l)
	}
	for _, m := range []int{20, 50, 78} {
		ga, gb := got.Params(m)
		ta, tb := truth.Params(m)
		if math.Abs(ga-ta) > 0.1*ta || math.Abs(gb-tb) > 0.1*tb {
			t.Errorf("material %d: fitted a=%.1f b=%.1f, true a=%.1f b=%.1f", m, ga, gb, ta, tb)
		}
	}
}

// Scores and results in the data are White's; the fit wants the mover's.
func TestWDLPointsMoverView(t *testing.T) {
	lines := []string{
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.0 | 150",
		"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 | 1.0 | 150",
		"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 | 0.5 | -30",
		"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1 | 0.0",
	}
	samples, err := ReadData(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	got := WDLPoints(samples)
	want := []WDLPoint{{150, 10, 1}, {-150, 10, -1}, {30, 10, 0}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("point %d: %v, want %v", i, got[i], want[i])
		}
	}
}

func TestWDLPerMille(t *testing.T) {
	m := search.WDLModel{A: [4]float64{100, 100}, B: [4]float64{60, 40}}
	pos := chess.StartPosition()
	prevWin := -1
	for score := -800; score <= 800; score += 50 {
		w, d, l := m.WDL(score, pos)
		if w < 0 || d < 0 || l < 0 || w+d+l != 1000 {
			t.Fatalf("score %d: %d/%d/%d", score, w, d, l)
		}
		if w < prevWin {
			t.Fatalf("win rate falls as the score rises at %d", score)
		}
		prevWin = w
	}
	if w, d, l := m.WDL(0, pos); w != l || d < 500 {
		t.Errorf("level score: %d/%d/%d", w, d, l)
	}
	if w, _, _ := m.WDL(search.MateScore-3, pos); w != 1000 {
		t.Errorf("mate is not a certain win")
	}
	if _, _, l := m.WDL(-search.MateScore+4, pos); l != 1000 {
		t.Errorf("being mated is not a certain loss")
	}
}

// The exact gradient must agree with finite differences.
func TestWDLGradient(t *testing.T) {
	m := search.WDLModel{A: [4]float64{80, 120, -30, 5}, B: [4]float64{50, 30, 10, -2}}
	pts := []WDLPoint{{120, 40, 1}, {-80, 70, 0}, {30, 15, -1}, {400, 25, 1}, {-10, 78, 0}}
	_, g := wdlLossGrad(m, pts, true)
	for i := 0; i < 8; i++ {
		up, down := m, m
		if i < 4 {
			up.A[i] += 1e-4
			down.A[i] -= 1e-4
		} else {
			up.B[i-4] += 1e-4
			down.B[i-4] -= 1e-4
		}
		num := (wdlLoss(up, pts) - wdlLoss(down, pts)) / 2e-4
		if math.Abs(num-g[i]) > 1e-5+1e-3*math.Abs(num) {
			t.Errorf("constant %d: gradient %g, finite difference %g", i, g[i], num)
		}
	}
}
