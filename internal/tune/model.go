package tune

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"matador/internal/chess"
	"matador/internal/eval"
)

// Weight is one element of a tunable parameter, as the tuner sees it.
type Weight struct {
	Param string      // the variable in params.go
	Index int         // the element's index in the flattened variable
	Ptr   *eval.Score // the live weight, for reading, perturbing and setting
	Kind  eval.Kind   // the evaluation's sum it enters
}

// Name is the weight's name as written in reports, e.g. "PSTSquare[13]".
func (w Weight) Name() string {
	return fmt.Sprintf("%s[%d]", w.Param, w.Index)
}

// Weights flattens the tunable weights of p (Params.Tunable) into one
// list in parameter order; each points into p.
func Weights(p *eval.Params) []Weight {
	var ws []Weight
	for _, prm := range p.Tunable() {
		for i, v := range prm.Values {
			ws = append(ws, Weight{Param: prm.Name, Index: i, Ptr: v, Kind: prm.Kind})
		}
	}
	return ws
}

// term is one weight's share in one position: the weight is counted N
// times (for a linear weight, White's uses minus Black's). Four bytes,
// since a fit holds about sixty of them for each of millions of samples
// (docs/tuning.md says what a fit holds in memory).
type term struct {
	W uint16 // index into the weight list (maxWeights)
	N int16
}

// maxWeights is how many weights a term can name.
const maxWeights = math.MaxUint16 + 1

// newTerm is the term of weight j counted n times, or an error when n
// does not fit one.
func newTerm(ws []Weight, j, n int) (term, error) {
	if n < math.MinInt16 || n > math.MaxInt16 {
		return term{}, fmt.Errorf("%s is counted %d times in one position, more than a term holds", ws[j].Name(), n)
	}
	return term{uint16(j), int16(n)}, nil
}

// sum is a sum the weights enter: Base plus N times each weight.
type sum struct {
	BaseMg, BaseEg int
	Terms          []term
}

// at is the sum's value for integer weights.
func (s *sum) at(ws []Weight) (mg, eg int) {
	mg, eg = s.BaseMg, s.BaseEg
	for _, t := range s.Terms {
		v := *ws[t.W].Ptr
		mg += int(t.N) * v.Mg()
		eg += int(t.N) * v.Eg()
	}
	return mg, eg
}

// Entry is one sample taken apart into the evaluation's sums (see
// eval.Breakdown): the linear terms, each king's danger sum and the
// complexity sum (whose Eg halves alone count), each a base that no tuned
// weight touches plus counts of the weights.
type Entry struct {
	Result       float64
	Score        int // the search score, White's view, when HasScore
	HasScore     bool
	Linear       sum
	Danger       [2]sum // by the king's colour
	Complexity   sum
	Phase, Scale int
	// ScaleW is 1 + the index of the Scale weight that gives the scale
	// factor (tapered by Phase), or 0 when the factor is the fixed Scale.
	ScaleW int32
}

// Linearize evaluates every sample with the engine's own Evaluate code and
// records how often each weight was used: it sets the weight one
// centipawn higher (the middle-game half; the end-game half for a
// complexity weight) and reads how far its sum moved. Because every
// tunable weight enters its sum as an integer count times the weight (see
// Params.Tunable), that difference is the weight's exact coefficient in
// this position, and the same count multiplies the other half; the probe
// checks that nothing else moved.
//
// The piece-square weights (PSTSquare, about half of all weights) are
// counted from the board instead: such a weight's coefficient is the
// number of White's pieces of its type on its square minus Black's on the
// mirrored one. One evaluation with all of them moved at once checks
// every sample's counts (pstCheckStep), so a change to how the evaluation
// reads its tables cannot slip past.
//
// The other weights are probed two at a time, one on each half (probe),
// and one more evaluation with every one of them moved checks both
// halves of all the counts (checkForms). It costs one evaluation per two
// remaining weights and sample, once, on every core (threads); the
// optimiser then works on the sparse forms. Each goroutine
// perturbs a copy of p of its own. The pawn hash is off, since its entries
// would keep the pawn terms of the unperturbed weights.
func Linearize(samples []Sample, p *eval.Params, ws []Weight, threads int) ([]Entry, error) {
	if len(ws) > maxWeights {
		return nil, fmt.Errorf("%d weights, more than the tuner's %d", len(ws), maxWeights)
	}
	out := make([]Entry, len(samples))
	threads = max(1, min(threads, len(samples)))
	chunk := (len(samples) + threads - 1) / threads
	errs := make([]error, threads)
	var wg sync.WaitGroup
	for w := range threads {
		lo, hi := min(w*chunk, len(samples)), min((w+1)*chunk, len(samples))
		wg.Add(1)
		go func() {
			defer wg.Done()
			own := *p
			own.UsePawnHash = false
			ownWs := Weights(&own)
			for b := lo; b < hi && errs[w] == nil; b += linearizeBlock {
				e := min(b+linearizeBlock, hi)
				errs[w] = linearize(samples[b:e], &own, ownWs, out[b:e], true)
				packTerms(out[b:e])
			}
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

// linearizeBlock is how many samples linearize takes at a time. The
// probes append to every sample's terms in turn, so the slices grow by
// doubling and keep spare room (a third more than their terms, measured);
// packTerms gives a block's terms back that room. (A variable, so that a
// test can cut a few samples into blocks.)
var linearizeBlock = 1 << 15

// sums lists the entry's sums.
func (en *Entry) sums() [4]*sum {
	return [4]*sum{&en.Linear, &en.Danger[0], &en.Danger[1], &en.Complexity}
}

// packTerms moves the terms of entries into one array of their exact size.
func packTerms(entries []Entry) {
	n := 0
	for i := range entries {
		for _, s := range entries[i].sums() {
			n += len(s.Terms)
		}
	}
	all := make([]term, 0, n)
	for i := range entries {
		for _, s := range entries[i].sums() {
			k := len(all)
			all = append(all, s.Terms...)
			s.Terms = all[k:len(all):len(all)]
		}
	}
}

// linearize is Linearize on one core. fast false probes every weight
// alone, the piece-square weights too, as the tests of the fast way do.
func linearize(samples []Sample, p *eval.Params, ws []Weight, out []Entry, fast bool) error {
	e := eval.NewEvaluatorWith(p)
	scaleWeight := map[*eval.Score]int32{}
	for j, w := range ws {
		if w.Kind == eval.Scale {
			scaleWeight[w.Ptr] = int32(j) + 1
		}
	}
	base := make([]eval.Breakdown, len(samples))
	for i, s := range samples {
		base[i] = e.Breakdown(s.Pos)
		out[i] = Entry{Result: s.Result, Score: s.Score, HasScore: s.HasScore,
			Phase: base[i].Phase, Scale: base[i].Scale}
		if from := base[i].ScaleFrom; from != nil {
			out[i].ScaleW = scaleWeight[from] // 0 when it is not being fitted
		}
	}
	pstLo, pstHi := 0, 0
	if fast {
		pstLo, pstHi = pstBlock(ws)
	}
	ps := probes(ws, pstLo, pstHi, fast)
	counted := pstLo == pstHi
	for _, pr := range ps {
		// The piece-square terms take their place in weight order.
		if !counted && max(pr.mg, pr.eg) > pstLo {
			if err := countPieceSquares(samples, p, ws, pstLo, pstHi, base, out); err != nil {
				return err
			}
			counted = true
		}
		if err := probeWeights(samples, p, ws, pr, e, base, out); err != nil {
			return err
		}
	}
	if !counted {
		if err := countPieceSquares(samples, p, ws, pstLo, pstHi, base, out); err != nil {
			return err
		}
	}
	if fast {
		if err := checkForms(samples, p, ws, ps, base, out); err != nil {
			return err
		}
	}
	for i := range out {
		en, b := &out[i], &base[i]
		en.Linear.BaseMg, en.Linear.BaseEg = b.Mg, b.Eg
		for c := range 2 {
			en.Danger[c].BaseMg, en.Danger[c].BaseEg = b.Danger[c].Mg(), b.Danger[c].Eg()
		}
		en.Complexity.BaseEg = b.Complexity
		// Take the weights' shares out of the bases.
		sub := func(s *sum, complexity bool) {
			for _, t := range s.Terms {
				v := *ws[t.W].Ptr
				if !complexity {
					s.BaseMg -= int(t.N) * v.Mg()
				}
				s.BaseEg -= int(t.N) * v.Eg()
			}
		}
		sub(&en.Linear, false)
		sub(&en.Danger[0], false)
		sub(&en.Danger[1], false)
		sub(&en.Complexity, true)
	}
	return nil
}

// probe is one evaluation a sample: the weight mg moved one centipawn on
// its middle-game half and the weight eg on its end-game half (-1: none).
// A linear and a danger weight's count multiplies both halves alike, so
// two weights of one kind read at once halve the evaluations, and the
// halves that no weight moved must stay still. A complexity weight, whose
// end-game half alone counts, is read alone.
type probe struct{ mg, eg int }

// probes lists what linearize evaluates, in weight order (the forms' terms
// come out in that order either way), leaving out the scale weights and
// ws[skipLo:skipHi]; paired puts two weights of one kind in a probe.
func probes(ws []Weight, skipLo, skipHi int, paired bool) []probe {
	var ps []probe
	for j, w := range ws {
		// A scale weight has no sum (the factor is read from the weight
		// itself); the skipped ones are counted from the board.
		if w.Kind == eval.Scale || (j >= skipLo && j < skipHi) {
			continue
		}
		if w.Kind == eval.Complexity {
			ps = append(ps, probe{-1, j})
			continue
		}
		// Only neighbours pair, so that no skipped weight's terms fall
		// between the two.
		if n := len(ps); paired && n > 0 && ps[n-1].mg == j-1 && ps[n-1].eg < 0 && ws[j-1].Kind == w.Kind {
			ps[n-1].eg = j
			continue
		}
		ps = append(ps, probe{j, -1})
	}
	return ps
}

// probeWeights makes the probe pr on every sample and appends the counts
// it reads to the samples' forms.
func probeWeights(samples []Sample, p *eval.Params, ws []Weight, pr probe, e *eval.Evaluator, base []eval.Breakdown, out []Entry) error {
	var old [2]eval.Score
	move := func(j int, step eval.Score, k int) {
		if j >= 0 {
			old[k] = *ws[j].Ptr
			*ws[j].Ptr += step
		}
	}
	move(pr.mg, eval.S(1, 0), 0)
	move(pr.eg, eval.S(0, 1), 1)
	p.Rebuild()
	defer func() {
		if pr.mg >= 0 {
			*ws[pr.mg].Ptr = old[0]
		}
		if pr.eg >= 0 {
			*ws[pr.eg].Ptr = old[1]
		}
		p.Rebuild()
	}()
	kind := eval.Complexity
	if pr.mg >= 0 {
		kind = ws[pr.mg].Kind
	}
	var tooMany error
	add := func(s *sum, j, n int) {
		if j >= 0 && n != 0 {
			t, err := newTerm(ws, j, n)
			tooMany = cmp.Or(tooMany, err)
			s.Terms = append(s.Terms, t)
		}
	}
	for i, s := range samples {
		b, a := e.Breakdown(s.Pos), &base[i]
		dMg, dEg := b.Mg-a.Mg, b.Eg-a.Eg
		dW, dB := b.Danger[chess.White]-a.Danger[chess.White], b.Danger[chess.Black]-a.Danger[chess.Black]
		dC := b.Complexity - a.Complexity
		en := &out[i]
		moved := false
		switch kind {
		case eval.Linear:
			moved = dW != 0 || dB != 0 || dC != 0 || (pr.eg < 0 && dEg != 0)
			add(&en.Linear, pr.mg, dMg)
			if pr.eg >= 0 {
				add(&en.Linear, pr.eg, dEg)
			}
		case eval.KingDanger:
			moved = dMg != 0 || dEg != 0 || dC != 0 || (pr.eg < 0 && (dW.Eg() != 0 || dB.Eg() != 0))
			add(&en.Danger[chess.White], pr.mg, dW.Mg())
			if pr.eg >= 0 {
				add(&en.Danger[chess.White], pr.eg, dW.Eg())
			}
			add(&en.Danger[chess.Black], pr.mg, dB.Mg())
			if pr.eg >= 0 {
				add(&en.Danger[chess.Black], pr.eg, dB.Eg())
			}
		case eval.Complexity:
			moved = dMg != 0 || dEg != 0 || dW != 0 || dB != 0
			add(&en.Complexity, pr.eg, dC)
		}
		if moved {
			name := ws[max(pr.mg, pr.eg)].Name()
			if pr.mg >= 0 && pr.eg >= 0 {
				name = ws[pr.mg].Name() + " or " + ws[pr.eg].Name()
			}
			return fmt.Errorf("%s does not enter its sum alone: one step of it moved another part in %s", name, s.Pos.FEN())
		}
		if tooMany != nil {
			return fmt.Errorf("%w, in %s", tooMany, s.Pos.FEN())
		}
	}
	return nil
}

// checkStep is what the check of the forms adds to the halves of weight
// j: small, so that no half of a packed Score overflows, and unequal, so
// that a count given to the wrong weight or half shows.
func checkStep(j int) (mg, eg int) { return 1 + j%3, 1 + (j/3)%3 }

// checkForms moves every probed weight at once (checkStep) and checks
// with one evaluation a sample that every sum moved as the forms say: the
// counts of paired probes were read from one half each, and this reads
// both halves of every weight together.
func checkForms(samples []Sample, p *eval.Params, ws []Weight, ps []probe, base []eval.Breakdown, out []Entry) error {
	stepMg, stepEg := make([]int, len(ws)), make([]int, len(ws))
	old := map[int]eval.Score{}
	for _, pr := range ps {
		for _, j := range []int{pr.mg, pr.eg} {
			if j < 0 {
				continue
			}
			stepMg[j], stepEg[j] = checkStep(j)
			if ws[j].Kind == eval.Complexity {
				stepMg[j] = 0
			}
			old[j] = *ws[j].Ptr
			*ws[j].Ptr += eval.S(stepMg[j], stepEg[j])
		}
	}
	p.Rebuild()
	defer func() {
		for j, v := range old {
			*ws[j].Ptr = v
		}
		p.Rebuild()
	}()
	moved := func(s *sum) (mg, eg int) {
		for _, t := range s.Terms {
			mg += int(t.N) * stepMg[t.W]
			eg += int(t.N) * stepEg[t.W]
		}
		return mg, eg
	}
	e := eval.NewEvaluatorWith(p)
	for i, s := range samples {
		b, a, en := e.Breakdown(s.Pos), &base[i], &out[i]
		mg, eg := moved(&en.Linear)
		wMg, wEg := moved(&en.Danger[chess.White])
		bMg, bEg := moved(&en.Danger[chess.Black])
		_, c := moved(&en.Complexity)
		if b.Mg-a.Mg != mg || b.Eg-a.Eg != eg ||
			b.Danger[chess.White]-a.Danger[chess.White] != eval.S(wMg, wEg) ||
			b.Danger[chess.Black]-a.Danger[chess.Black] != eval.S(bMg, bEg) ||
			b.Complexity-a.Complexity != c {
			return fmt.Errorf("the forms do not bear out: every weight moved at once moved the sums by (%d, %d), the forms say (%d, %d), in %s",
				b.Mg-a.Mg, b.Eg-a.Eg, mg, eg, s.Pos.FEN())
		}
	}
	return nil
}

// Evaluate recomputes the engine's score (White's view) from an entry and
// integer weights, with the engine's own last step (Params.Combine).
func (en *Entry) Evaluate(p *eval.Params, ws []Weight) int {
	var b eval.Breakdown
	b.Mg, b.Eg = en.Linear.at(ws)
	for c := range 2 {
		mg, eg := en.Danger[c].at(ws)
		b.Danger[c] = eval.S(mg, eg)
	}
	_, b.Complexity = en.Complexity.atEg(ws)
	b.Phase, b.Scale = en.Phase, en.Scale
	if en.ScaleW > 0 {
		b.Scale = eval.ScaleAt(*ws[en.ScaleW-1].Ptr, en.Phase)
	}
	return p.Combine(b)
}

// atEg is the sum of the end-game halves alone (the complexity sum).
func (s *sum) atEg(ws []Weight) (mg, eg int) {
	eg = s.BaseEg
	for _, t := range s.Terms {
		eg += int(t.N) * ws[t.W].Ptr.Eg()
	}
	return 0, eg
}

// pstBlock is the range of ws that holds PSTSquare, whose element t*64+s is
// the weight of a piece of type t on square s (White's view); lo == hi when
// it is not being fitted.
func pstBlock(ws []Weight) (lo, hi int) {
	lo = -1
	for j, w := range ws {
		if w.Param == "PSTSquare" {
			if lo < 0 {
				lo = j
			}
			hi = j + 1
		}
	}
	if lo < 0 {
		return 0, 0
	}
	return lo, hi
}

// pstCheckStep is what the check of countPieceSquares adds to the
// middle-game half of PSTSquare's element i: small, so that no half of a
// packed Score overflows, and unequal, so that a count on a wrong square
// shows.
func pstCheckStep(i int) int { return 1 + i%7 }

// countPieceSquares appends the PSTSquare terms of every sample, in weight
// order, counted from the board, and checks them with one evaluation a
// sample in which every piece-square weight moved by pstCheckStep.
func countPieceSquares(samples []Sample, p *eval.Params, ws []Weight, lo, hi int, base []eval.Breakdown, out []Entry) error {
	var counts [7 * 64]int32
	var used []int32
	for i, s := range samples {
		used = used[:0]
		for c := chess.White; c <= chess.Black; c++ {
			sign := int32(1)
			if c == chess.Black {
				sign = -1
			}
			for t := chess.Pawn; t <= chess.King; t++ {
				for b := s.Pos.Pieces(c, t); b != 0; {
					sq := b.PopFirst()
					if c == chess.Black {
						sq = sq.Flip()
					}
					k := int32(t)*64 + int32(sq)
					if counts[k] == 0 {
						used = append(used, k)
					}
					counts[k] += sign
				}
			}
		}
		slices.Sort(used)
		en := &out[i]
		for _, k := range used {
			if n := counts[k]; n != 0 && int(k) < hi-lo {
				t, err := newTerm(ws, lo+int(k), int(n))
				if err != nil {
					return err
				}
				en.Linear.Terms = append(en.Linear.Terms, t)
			}
			counts[k] = 0
		}
	}

	old := make([]eval.Score, hi-lo)
	for j := lo; j < hi; j++ {
		old[j-lo] = *ws[j].Ptr
		*ws[j].Ptr += eval.S(pstCheckStep(j-lo), 0)
	}
	p.Rebuild()
	defer func() {
		for j := lo; j < hi; j++ {
			*ws[j].Ptr = old[j-lo]
		}
		p.Rebuild()
	}()
	e := eval.NewEvaluatorWith(p)
	for i, s := range samples {
		want := 0
		for _, tm := range out[i].Linear.Terms {
			if int(tm.W) >= lo && int(tm.W) < hi {
				want += int(tm.N) * pstCheckStep(int(tm.W)-lo)
			}
		}
		b, a := e.Breakdown(s.Pos), &base[i]
		if b.Mg-a.Mg != want || b.Eg != a.Eg || b.Danger != a.Danger || b.Complexity != a.Complexity {
			return fmt.Errorf("PSTSquare is not read as one weight per piece on its square: moving every element moved the sums by (%d, %d), the board's counts say (%d, 0), in %s",
				b.Mg-a.Mg, b.Eg-a.Eg, want, s.Pos.FEN())
		}
	}
	return nil
}
