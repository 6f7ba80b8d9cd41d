package tune

import (
	"fmt"

	"matador/internal/eval"
)

// Weight is one element of a tunable parameter, as the tuner sees it.
type Weight struct {
	Param string      // the variable in params.go
	Index int         // the element's index in the flattened variable
	Ptr   *eval.Score // the live weight, for reading, perturbing and setting
}

// Name is the weight's name as written in reports, e.g. "PSTRank[13]".
func (w Weight) Name() string {
	return fmt.Sprintf("%s[%d]", w.Param, w.Index)
}

// Weights flattens the tunable weights of p (Params.Tunable) into one
// list in parameter order; each points into p.
func Weights(p *eval.Params) []Weight {
	var ws []Weight
	for _, prm := range p.Tunable() {
		for i, v := range prm.Values {
			ws = append(ws, Weight{Param: prm.Name, Index: i, Ptr: v})
		}
	}
	return ws
}

// term is one weight's share in one position: the weight is counted N
// times (White's uses minus Black's).
type term struct {
	W int32 // index into the weight list
	N int32
}

// Entry is one sample in linear form: the unscaled middle-game and
// end-game sums are Base + sum(N * weight), then the evaluation blends them
// by phase and squashes them by the drawishness scale.
type Entry struct {
	Result         float64
	Score          int // the search score, White's view, when HasScore
	HasScore       bool
	BaseMg, BaseEg int // everything outside the tuned weights (king safety, mop-up)
	Phase, Scale   int
	Terms          []term
}

// Linearize evaluates every sample with the engine's own Evaluate code and
// records how often each weight was used: it sets the weight one
// centipawn higher in the middle game and reads how far the unscaled
// middle-game sum moved. Because every tunable weight enters the sum as
// an integer count times the weight (see Params.Tunable), that difference is
// the weight's exact coefficient in this position, and the same count
// multiplies the end-game half, which the probe checks.
//
// It costs one evaluation per weight and sample, once; the optimiser then
// works on the sparse linear forms. The weights ws point into p, which it
// perturbs and restores. The pawn hash is off while it runs, since its
// entries would keep the pawn terms of the unperturbed weights.
func Linearize(samples []Sample, p *eval.Params, ws []Weight) ([]Entry, error) {
	saved := p.UsePawnHash
	p.UsePawnHash = false
	defer func() { p.UsePawnHash = saved }()

	e := eval.NewEvaluatorWith(p)
	base := make([]eval.Breakdown, len(samples))
	for i, s := range samples {
		base[i] = e.Breakdown(s.Pos)
	}
	terms := make([][]term, len(samples))
	for j, w := range ws {
		old := *w.Ptr
		*w.Ptr = old + eval.S(1, 0)
		p.Rebuild()
		for i, s := range samples {
			b := e.Breakdown(s.Pos)
			if b.Eg != base[i].Eg {
				*w.Ptr = old
				p.Rebuild()
				return nil, fmt.Errorf("%s is not linear: its middle-game half moved the end game in %s",
					w.Name(), s.Pos.FEN())
			}
			if n := b.Mg - base[i].Mg; n != 0 {
				terms[i] = append(terms[i], term{int32(j), int32(n)})
			}
		}
		*w.Ptr = old
		p.Rebuild()
	}
	out := make([]Entry, len(samples))
	for i, s := range samples {
		mg, eg := base[i].Mg, base[i].Eg
		for _, t := range terms[i] {
			v := *ws[t.W].Ptr
			mg -= int(t.N) * v.Mg()
			eg -= int(t.N) * v.Eg()
		}
		out[i] = Entry{Result: s.Result, Score: s.Score, HasScore: s.HasScore, BaseMg: mg, BaseEg: eg,
			Phase: base[i].Phase, Scale: base[i].Scale, Terms: terms[i]}
	}
	return out, nil
}

// Evaluate recomputes the engine's score (White's view) from an entry and
// integer weights, in the engine's own integer arithmetic.
func (en *Entry) Evaluate(ws []Weight) int {
	mg, eg := en.BaseMg, en.BaseEg
	for _, t := range en.Terms {
		v := *ws[t.W].Ptr
		mg += int(t.N) * v.Mg()
		eg += int(t.N) * v.Eg()
	}
	return eval.Blend(mg, eg, en.Phase, en.Scale)
}
