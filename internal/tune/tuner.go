package tune

import (
	"math"
	"slices"

	"matador/internal/chess"
	"matador/internal/eval"
)

// Tuner fits the weights to the samples by minimising the mean squared
// error between each sample's result and sigmoid(K * evaluation).
type Tuner struct {
	Entries []Entry
	// Params holds the weights being fitted; Weights point into it.
	Params  *eval.Params
	Weights []Weight
	// K scales centipawns into the sigmoid's argument; FitK sets it once
	// for the starting weights and it stays fixed while they move, so that
	// the weights keep their centipawn meaning.
	K float64
	// FrozenMg and FrozenEg hold halves fixed. The pawn's middle-game value
	// is frozen by NewTuner: it is the unit the search's margins are
	// written in.
	FrozenMg, FrozenEg []bool
	// Lambda is the share of the game result in each sample's target; the
	// rest is sigmoid(K * search score) where the data has the score. One
	// game's result is a single noisy outcome shared by all its positions,
	// while the search score judges each position by itself, so blending
	// the two lets a few thousand games carry more information.
	Lambda float64
	// Rate is Adam's step size in centipawns.
	Rate float64
	// L2 pulls every weight towards its starting value: the penalty
	// L2 * (w - w0)^2 per half is added to the error. Self-play data holds
	// a few thousand games, and the positions of one game share its result;
	// without the pull, weights that few games use learn those games'
	// results instead of chess.
	L2 float64

	mg, eg             []float64 // the weights being fitted
	mg0, eg0           []float64 // their starting values
	gMg, gEg           []float64 // gradient scratch
	mMg, mEg, vMg, vEg []float64 // Adam's moment estimates
	step               int
}

// NewTuner starts from the current values of the weights ws of p.
func NewTuner(entries []Entry, p *eval.Params, ws []Weight) *Tuner {
	n := len(ws)
	t := &Tuner{Entries: entries, Params: p, Weights: ws, K: 0.006, Lambda: 1, Rate: 1,
		FrozenMg: make([]bool, n), FrozenEg: make([]bool, n),
		mg: make([]float64, n), eg: make([]float64, n),
		mg0: make([]float64, n), eg0: make([]float64, n),
		gMg: make([]float64, n), gEg: make([]float64, n),
		mMg: make([]float64, n), mEg: make([]float64, n),
		vMg: make([]float64, n), vEg: make([]float64, n)}
	for i, w := range ws {
		t.mg[i], t.eg[i] = float64(w.Ptr.Mg()), float64(w.Ptr.Eg())
		t.mg0[i], t.eg0[i] = t.mg[i], t.eg[i]
		if w.Param == "PieceValue" && w.Index == int(chess.Pawn) {
			t.FrozenMg[i] = true
		}
	}
	return t
}

// Value returns weight i's current, unrounded halves.
func (t *Tuner) Value(i int) (mg, eg float64) { return t.mg[i], t.eg[i] }

// evaluate is the entry's score for the current weights, White's view: the
// same blend as eval.Blend, without its integer rounding, so that the error
// is smooth in the weights.
func (t *Tuner) evaluate(en *Entry) (v, dMg, dEg float64) {
	mg, eg := float64(en.BaseMg), float64(en.BaseEg)
	for _, tm := range en.Terms {
		mg += float64(tm.N) * t.mg[tm.W]
		eg += float64(tm.N) * t.eg[tm.W]
	}
	scale := float64(en.Scale) / eval.ScaleNormal
	dMg = float64(en.Phase) / eval.PhaseTotal * scale
	dEg = float64(eval.PhaseTotal-en.Phase) / eval.PhaseTotal * scale
	return mg*dMg + eg*dEg, dMg, dEg
}

func sigmoid(k, v float64) float64 { return 1 / (1 + math.Exp(-k*v)) }

// Error is the mean squared error of the current weights with scaling k.
func (t *Tuner) Error(k float64) float64 {
	var sum float64
	for i := range t.Entries {
		en := &t.Entries[i]
		v, _, _ := t.evaluate(en)
		d := en.Result - sigmoid(k, v)
		sum += d * d
	}
	return sum / float64(len(t.Entries))
}

// FitK sets K to the value that minimises the error of the current
// weights, by golden-section search (the error is unimodal in K), and
// returns the error there.
func (t *Tuner) FitK() float64 {
	lo, hi := 0.0, 0.05
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	ea, eb := t.Error(a), t.Error(b)
	for hi-lo > 1e-7 {
		if ea < eb {
			hi, b, eb = b, a, ea
			a = hi - g*(hi-lo)
			ea = t.Error(a)
		} else {
			lo, a, ea = a, b, eb
			b = lo + g*(hi-lo)
			eb = t.Error(b)
		}
	}
	t.K = (lo + hi) / 2
	return t.Error(t.K)
}

// Step takes one full-batch Adam step towards the blended targets (see
// Lambda) and returns the error before it, measured against the results
// alone like Error.
func (t *Tuner) Step() float64 {
	clear(t.gMg)
	clear(t.gEg)
	var sum float64
	for i := range t.Entries {
		en := &t.Entries[i]
		v, dMg, dEg := t.evaluate(en)
		s := sigmoid(t.K, v)
		d := en.Result - s
		sum += d * d
		if en.HasScore && t.Lambda < 1 {
			d = t.Lambda*en.Result + (1-t.Lambda)*sigmoid(t.K, float64(en.Score)) - s
		}
		// d/dv of (target - s)^2 is -2 (target - s) s (1 - s) K.
		g := -2 * d * s * (1 - s) * t.K
		for _, tm := range en.Terms {
			n := float64(tm.N) * g
			t.gMg[tm.W] += n * dMg
			t.gEg[tm.W] += n * dEg
		}
	}
	inv := 1 / float64(len(t.Entries))
	const beta1, beta2, eps = 0.9, 0.999, 1e-12
	t.step++
	c1 := 1 - math.Pow(beta1, float64(t.step))
	c2 := 1 - math.Pow(beta2, float64(t.step))
	adam := func(w, w0, g, m, v []float64, frozen []bool) {
		for i := range w {
			if frozen[i] || g[i] == 0 && w[i] == w0[i] {
				continue // frozen, or no sample uses it
			}
			gi := g[i]*inv + 2*t.L2*(w[i]-w0[i])
			m[i] = beta1*m[i] + (1-beta1)*gi
			v[i] = beta2*v[i] + (1-beta2)*gi*gi
			w[i] -= t.Rate * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
		}
	}
	adam(t.mg, t.mg0, t.gMg, t.mMg, t.vMg, t.FrozenMg)
	adam(t.eg, t.eg0, t.gEg, t.mEg, t.vEg, t.FrozenEg)
	return sum * inv
}

// Snapshot returns a copy of the current weights; Restore puts one back.
// Training keeps the snapshot with the lowest held-out error.
func (t *Tuner) Snapshot() [2][]float64 {
	return [2][]float64{slices.Clone(t.mg), slices.Clone(t.eg)}
}

// Restore sets the weights to a snapshot.
func (t *Tuner) Restore(s [2][]float64) {
	copy(t.mg, s[0])
	copy(t.eg, s[1])
}

// Apply rounds the fitted weights into t.Params and rebuilds the tables
// derived from them.
func (t *Tuner) Apply() {
	for i, w := range t.Weights {
		*w.Ptr = eval.S(int(math.Round(t.mg[i])), int(math.Round(t.eg[i])))
	}
	t.Params.Rebuild()
}

// IntegerError is the error of the live, integer weights, computed with
// the engine's integer arithmetic: what the engine will actually play with.
func (t *Tuner) IntegerError() float64 {
	var sum float64
	for i := range t.Entries {
		en := &t.Entries[i]
		d := en.Result - sigmoid(t.K, float64(en.Evaluate(t.Weights)))
		sum += d * d
	}
	return sum / float64(len(t.Entries))
}
