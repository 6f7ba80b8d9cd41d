package tune

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"

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
	// the two lets the same games carry more information.
	Lambda float64
	// Rate is Adam's step size in centipawns.
	Rate float64
	// L2 pulls every weight towards its starting value: the penalty
	// L2 * (w - w0)^2 per half is added to the error. The positions of one
	// game share its result; without the pull, weights that few games use
	// learn those games' results instead of chess.
	L2 float64

	mg, eg             []float64 // the weights being fitted
	mg0, eg0           []float64 // their starting values
	gMg, gEg           []float64 // gradient scratch
	mMg, mEg, vMg, vEg []float64 // Adam's moment estimates
	step               int
	order              []int32        // the entries' order in the current epoch
	part               [][2][]float64 // per-goroutine gradients: mg, eg

	// Batch is the mini-batch size of Epoch (0: the full batch); Threads
	// the goroutines that compute a gradient.
	Batch, Threads int
}

// NewTuner starts from the current values of the weights ws of p.
func NewTuner(entries []Entry, p *eval.Params, ws []Weight) *Tuner {
	n := len(ws)
	t := &Tuner{Entries: entries, Params: p, Weights: ws, K: 0.006, Lambda: 1, Rate: 1, Threads: 1,
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

// partials are the derivatives of an entry's score with respect to one
// count of a weight in each of its sums: by the weight's middle-game and
// end-game halves.
type partials struct {
	linMg, linEg       float64
	dangerMg, dangerEg [2]float64
	complexityEg       float64
	scaleMg, scaleEg   float64 // of the entry's Scale weight (ScaleW)
}

// value is a sum's value for the current (real) weights.
func (t *Tuner) value(s *sum) (mg, eg float64) {
	mg, eg = float64(s.BaseMg), float64(s.BaseEg)
	for _, tm := range s.Terms {
		mg += float64(tm.N) * t.mg[tm.W]
		eg += float64(tm.N) * t.eg[tm.W]
	}
	return mg, eg
}

// evaluate is the entry's score for the current weights, White's view,
// and its partial derivatives: the same steps as eval's Combine (king
// penalties from the danger sums, the complexity shift of the end-game
// half, scale and phase), without the integer rounding, so that the error
// is smooth in the weights.
func (t *Tuner) evaluate(en *Entry) (v float64, d partials) {
	p := t.Params
	mg, eg := t.value(&en.Linear)
	var penMg, penEg [2]float64 // derivative of each penalty by its sum
	for c := range 2 {
		dm, de := t.value(&en.Danger[c])
		sign := 1.0 // a penalty of White's king lowers White's score
		if c == 1 {
			sign = -1
		}
		const dangerCap = eval.MaxDanger
		if dm > 0 && dm < dangerCap {
			mg -= sign * dm * dm / float64(p.KingDangerMgDiv)
			penMg[c] = -sign * 2 * dm / float64(p.KingDangerMgDiv)
		} else if dm >= dangerCap {
			mg -= sign * dangerCap * dangerCap / float64(p.KingDangerMgDiv)
		}
		if de > 0 {
			eg -= sign * de / float64(p.KingDangerEgDiv)
			penEg[c] = -sign / float64(p.KingDangerEgDiv)
		}
	}
	egShift, byEg, byC := eg, 1.0, 0.0
	if p.UseComplexity {
		_, cx := t.valueEg(&en.Complexity)
		switch {
		case eg > 0 && cx > -eg:
			egShift, byC = eg+cx, 1
		case eg < 0 && cx > eg:
			egShift, byC = eg-cx, -1
		default:
			egShift, byEg = 0, 0
		}
	}
	pMg := float64(en.Phase) / eval.PhaseTotal
	pEg := float64(eval.PhaseTotal-en.Phase) / eval.PhaseTotal
	scale := float64(en.Scale)
	if en.ScaleW > 0 {
		// The factor tapered from the weight's halves, within 0..64 as the
		// engine keeps it. Outside, moving the weight changes nothing; on
		// the edges (a factor of 0 or 64 to start with) the derivative is
		// the inside one, so that the weight can leave the edge, and the
		// step keeps the halves within the range.
		w := en.ScaleW - 1
		scale = t.mg[w]*pMg + t.eg[w]*pEg
		if scale >= 0 && scale <= eval.ScaleNormal {
			unscaled := (mg*pMg + egShift*pEg) / eval.ScaleNormal
			d.scaleMg, d.scaleEg = unscaled*pMg, unscaled*pEg
		}
		scale = min(max(scale, 0), eval.ScaleNormal)
	}
	scale /= eval.ScaleNormal
	aMg, aEg := pMg*scale, pEg*scale
	d.linMg, d.linEg = aMg, aEg*byEg
	for c := range 2 {
		d.dangerMg[c] = aMg * penMg[c]
		d.dangerEg[c] = aEg * byEg * penEg[c]
	}
	d.complexityEg = aEg * byC
	return mg*aMg + egShift*aEg, d
}

// valueEg is the complexity sum: end-game halves alone.
func (t *Tuner) valueEg(s *sum) (mg, eg float64) {
	eg = float64(s.BaseEg)
	for _, tm := range s.Terms {
		eg += float64(tm.N) * t.eg[tm.W]
	}
	return 0, eg
}

func sigmoid(k, v float64) float64 { return 1 / (1 + math.Exp(-k*v)) }

// Error is the mean squared error of the current weights with scaling k.
func (t *Tuner) Error(k float64) float64 {
	if len(t.Entries) == 0 {
		return math.NaN()
	}
	threads := max(1, min(t.Threads, len(t.Entries)/1024+1))
	sums := make([]float64, threads)
	chunk := (len(t.Entries) + threads - 1) / threads
	var wg sync.WaitGroup
	for w := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w * chunk; i < min((w+1)*chunk, len(t.Entries)); i++ {
				en := &t.Entries[i]
				v, _ := t.evaluate(en)
				d := en.Result - sigmoid(k, v)
				sums[w] += d * d
			}
		}()
	}
	wg.Wait()
	var sum float64
	for _, x := range sums {
		sum += x
	}
	return sum / float64(len(t.Entries))
}

// FitK sets K to the value that minimises the error of the current
// weights, by golden-section search (the error is unimodal in K), and
// returns the error there.
func (t *Tuner) FitK() float64 {
	t.K = goldenMin(t.Error, 0, 0.05, 1e-7)
	return t.Error(t.K)
}

// goldenMin is the minimum of a unimodal f on [lo, hi], to tol.
func goldenMin(f func(float64) float64, lo, hi, tol float64) float64 {
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > tol {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}

// Step takes one full-batch Adam step towards the blended targets (see
// Lambda) and returns the error before it, measured against the results
// alone like Error.
func (t *Tuner) Step() float64 {
	all := make([]int32, len(t.Entries))
	for i := range all {
		all[i] = int32(i)
	}
	return t.step1(all)
}

// Epoch makes one pass over the training entries in a random order, one
// Adam step per mini-batch of Batch entries (all of them when Batch is 0),
// and returns the mean error of the entries before their step, against the
// results alone. Mini-batches give many steps a pass where the full batch
// gives one, and their noise helps the fit out of flat stretches.
func (t *Tuner) Epoch(rng *rand.Rand) float64 {
	if len(t.order) != len(t.Entries) {
		t.order = make([]int32, len(t.Entries))
		for i := range t.order {
			t.order[i] = int32(i)
		}
	}
	rng.Shuffle(len(t.order), func(i, j int) { t.order[i], t.order[j] = t.order[j], t.order[i] })
	size := t.Batch
	if size <= 0 || size > len(t.order) {
		size = len(t.order)
	}
	var sum float64
	for lo := 0; lo < len(t.order); lo += size {
		batch := t.order[lo:min(lo+size, len(t.order))]
		sum += t.step1(batch) * float64(len(batch))
	}
	return sum / float64(len(t.order))
}

// gradient adds the error gradient of the entries picked by idx to gMg and
// gEg and returns their summed squared error against the results.
func (t *Tuner) gradient(idx []int32, gMg, gEg []float64) float64 {
	var sum float64
	for _, i := range idx {
		en := &t.Entries[i]
		v, pd := t.evaluate(en)
		s := sigmoid(t.K, v)
		d := en.Result - s
		sum += d * d
		if en.HasScore && t.Lambda < 1 {
			d = t.Lambda*en.Result + (1-t.Lambda)*sigmoid(t.K, float64(en.Score)) - s
		}
		// d/dv of (target - s)^2 is -2 (target - s) s (1 - s) K.
		g := -2 * d * s * (1 - s) * t.K
		add := func(terms []term, byMg, byEg float64) {
			for _, tm := range terms {
				n := float64(tm.N) * g
				gMg[tm.W] += n * byMg
				gEg[tm.W] += n * byEg
			}
		}
		add(en.Linear.Terms, pd.linMg, pd.linEg)
		add(en.Danger[0].Terms, pd.dangerMg[0], pd.dangerEg[0])
		add(en.Danger[1].Terms, pd.dangerMg[1], pd.dangerEg[1])
		add(en.Complexity.Terms, 0, pd.complexityEg)
		if en.ScaleW > 0 {
			gMg[en.ScaleW-1] += g * pd.scaleMg
			gEg[en.ScaleW-1] += g * pd.scaleEg
		}
	}
	return sum
}

// step1 takes one Adam step on the entries picked by idx, computing the
// gradient on Threads goroutines, and returns their error before it.
func (t *Tuner) step1(idx []int32) float64 {
	threads := max(1, min(t.Threads, len(idx)/256+1))
	if len(t.part) < threads {
		t.part = make([][2][]float64, threads)
	}
	var sum float64
	if threads == 1 {
		clear(t.gMg)
		clear(t.gEg)
		sum = t.gradient(idx, t.gMg, t.gEg)
	} else {
		sums := make([]float64, threads)
		var wg sync.WaitGroup
		chunk := (len(idx) + threads - 1) / threads
		for w := range threads {
			if len(t.part[w][0]) != len(t.mg) {
				t.part[w] = [2][]float64{make([]float64, len(t.mg)), make([]float64, len(t.mg))}
			}
			for _, g := range t.part[w] {
				clear(g)
			}
			lo, hi := min(w*chunk, len(idx)), min((w+1)*chunk, len(idx))
			wg.Add(1)
			go func() {
				defer wg.Done()
				sums[w] = t.gradient(idx[lo:hi], t.part[w][0], t.part[w][1])
			}()
		}
		wg.Wait()
		copy(t.gMg, t.part[0][0])
		copy(t.gEg, t.part[0][1])
		sum = sums[0]
		for w := 1; w < threads; w++ {
			sum += sums[w]
			for i := range t.gMg {
				t.gMg[i] += t.part[w][0][i]
				t.gEg[i] += t.part[w][1][i]
			}
		}
	}
	inv := 1 / float64(len(idx))
	const beta1, beta2, eps = 0.9, 0.999, 1e-12
	t.step++
	c1 := 1 - math.Pow(beta1, float64(t.step))
	c2 := 1 - math.Pow(beta2, float64(t.step))
	adam := func(w, w0, g, m, v []float64, frozen []bool, rate, l2 float64) {
		for i := range w {
			if frozen != nil && frozen[i] || g[i] == 0 && m[i] == 0 {
				continue // frozen, or no sample has used it yet
			}
			gi := g[i]*inv + 2*l2*(w[i]-w0[i])
			m[i] = beta1*m[i] + (1-beta1)*gi
			v[i] = beta2*v[i] + (1-beta2)*gi*gi
			w[i] -= rate * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
		}
	}
	adam(t.mg, t.mg0, t.gMg, t.mMg, t.vMg, t.FrozenMg, t.Rate, t.L2)
	adam(t.eg, t.eg0, t.gEg, t.mEg, t.vEg, t.FrozenEg, t.Rate, t.L2)
	// A scale factor lives in 0..64 (ScaleAt clamps the tapered value, so
	// halves kept in range keep the engine and the fit in step).
	for i, w := range t.Weights {
		if w.Kind == eval.Scale {
			t.mg[i] = min(max(t.mg[i], 0), eval.ScaleNormal)
			t.eg[i] = min(max(t.eg[i], 0), eval.ScaleNormal)
		}
	}
	return sum * inv
}

// Snapshot returns a copy of the current weights (middle-game halves,
// end-game halves); Restore puts one back. Training keeps the snapshot
// with the lowest held-out error.
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
		d := en.Result - sigmoid(t.K, float64(en.Evaluate(t.Params, t.Weights)))
		sum += d * d
	}
	return sum / float64(len(t.Entries))
}
