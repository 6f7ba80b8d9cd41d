package train

import (
	"math"

	"matador/internal/nnue"
)

// The float model's parameters live in one flat slice, so that the
// optimiser, the reduction of the threads' gradients and the checkpoint
// each treat them as one array: the hidden layer's weights (a row of
// hidden units per input), its biases, each output bucket's weights (side
// to move's half first) and the buckets' output biases.
const (
	hidden  = nnue.Hidden
	buckets = nnue.OutputBuckets
	offW1   = 0
	offB1   = offW1 + nnue.Inputs*hidden
	offW2   = offB1 + hidden
	offB2   = offW2 + buckets*2*hidden
	nParams = offB2 + buckets
	scale   = nnue.Scale
	// maxWeight keeps every quantised product of the inference in int16:
	// 1.98*QB*QA < 32767 for the output layer's clamped value times its
	// weight, and 32 pieces of 1.98*QA stay far from the int16 limit.
	maxWeight = 1.98
)

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// row is the hidden layer's weights (or their gradient) for input f.
func row(p []float32, f uint16) *[hidden]float32 {
	o := offW1 + int(f)*hidden
	return (*[hidden]float32)(p[o : o+hidden])
}

func biases(p []float32) *[hidden]float32 {
	return (*[hidden]float32)(p[offB1 : offB1+hidden])
}

// outWeights is output bucket b's weights (or their gradient).
func outWeights(p []float32, b int) (us, them *[hidden]float32) {
	o := offW2 + b*2*hidden
	return (*[hidden]float32)(p[o : o+hidden]), (*[hidden]float32)(p[o+hidden : o+2*hidden])
}

// bucketOf is the output bucket of the position f holds: its features are
// its pieces, one each.
func bucketOf(f *features) int { return nnue.OutputBucket(f.n) }

// scratch is one thread's working memory for a position.
type scratch struct {
	accUs, accThem [hidden]float32
	dUs, dThem     [hidden]float32
	f              features
}

// forward fills the two accumulators and returns the net's output before
// the sigmoid (the evaluation in units of Scale centipawns).
func forward(w []float32, f *features, s *scratch) float32 {
	b := biases(w)
	accumulate(&s.accUs, b, w, f.us[:f.n])
	accumulate(&s.accThem, b, w, f.them[:f.n])
	bk := bucketOf(f)
	wu, wt := outWeights(w, bk)
	return screluDot(&s.accUs, wu) + screluDot(&s.accThem, wt) + w[offB2+bk]
}

// trainPosition adds the gradient of the position's squared error, times
// gscale (one over the batch size, so the batch's gradient is its mean's),
// into grad, and returns the squared error.
func trainPosition(w, grad []float32, f *features, s *scratch, gscale float32) float64 {
	out := forward(w, f, s)
	p := float32(sigmoid(float64(out)))
	e := p - f.target
	g := 2 * e * p * (1 - p) * gscale
	bk := bucketOf(f)
	grad[offB2+bk] += g
	wu, wt := outWeights(w, bk)
	gu, gt := outWeights(grad, bk)
	screluBackward(&s.accUs, wu, gu, &s.dUs, g)
	screluBackward(&s.accThem, wt, gt, &s.dThem, g)
	gb := biases(grad)
	addRow2(gb, &s.dUs, &s.dThem)
	scatter(grad, &s.dUs, f.us[:f.n])
	scatter(grad, &s.dThem, f.them[:f.n])
	return float64(e) * float64(e)
}

// positionLoss is the squared error of the position against its target
// and against the game's result alone, with no gradient.
func positionLoss(w []float32, f *features, s *scratch) (target, result float64) {
	p := sigmoid(float64(forward(w, f, s)))
	e, r := p-float64(f.target), p-float64(f.result)
	return e * e, r * r
}

// initWeights sets the hidden and output weights uniform in
// +-1/sqrt(inputs of the layer), the biases zero: small enough that the
// accumulators start inside SCReLU's unclamped range.
func initWeights(w []float32, seed uint64) {
	r := newRNG(seed, 0xC0FFEE, 0)
	a1 := 1 / math.Sqrt(nnue.Inputs)
	for i := offW1; i < offB1; i++ {
		w[i] = float32((2*r.float() - 1) * a1)
	}
	// Every output bucket starts from the same weights, so each begins as
	// the one layer a net without buckets would have and parts from the
	// others only as its positions ask.
	a2 := 1 / math.Sqrt(2*hidden)
	for i := offW2; i < offW2+2*hidden; i++ {
		w[i] = float32((2*r.float() - 1) * a2)
	}
	for b := 1; b < buckets; b++ {
		copy(w[offW2+b*2*hidden:offW2+(b+1)*2*hidden], w[offW2:offW2+2*hidden])
	}
}

// dequantise sets the float weights to a quantised net's: the inverse of
// quantise, exact in float32, so that a run can start from a net that is
// already trained, as bullet resumes from a saved net. quantise gives the
// same net back.
func dequantise(n *nnue.Net, w []float32) {
	for i, v := range n.FeatureWeights {
		w[offW1+i] = float32(v) / nnue.QA
	}
	for i, v := range n.FeatureBias {
		w[offB1+i] = float32(v) / nnue.QA
	}
	for i, v := range n.OutputWeights {
		w[offW2+i] = float32(v) / nnue.QB
	}
	for b, v := range n.OutputBias {
		w[offB2+b] = float32(float64(v) / (nnue.QA * nnue.QB))
	}
}

// quantise turns the float weights into the engine's net: the hidden
// layer scaled by QA, the output weights by QB and the output bias by
// QA*QB, each rounded to the nearest integer.
func quantise(w []float32) *nnue.Net {
	n := new(nnue.Net)
	q16 := func(x float32, s float64) int16 {
		v := math.Round(float64(x) * s)
		return int16(max(min(v, math.MaxInt16), math.MinInt16))
	}
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = q16(w[offW1+i], nnue.QA)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = q16(w[offB1+i], nnue.QA)
	}
	for i := range n.OutputWeights {
		n.OutputWeights[i] = q16(w[offW2+i], nnue.QB)
	}
	for i := range n.OutputBias {
		b := math.Round(float64(w[offB2+i]) * nnue.QA * nnue.QB)
		n.OutputBias[i] = int32(max(min(b, math.MaxInt32), math.MinInt32))
	}
	return n
}

// rng is splitmix64: the trainer's own, so that a run's order of positions
// depends on nothing but its seed, not on a library's choice of algorithm.
type rng struct{ s uint64 }

func newRNG(seed, a, b uint64) *rng {
	r := &rng{seed ^ 0x9E3779B97F4A7C15*(a+1) ^ 0xBF58476D1CE4E5B9*(b+1)}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// intn is uniform in [0, n) by Lemire's multiply, whose bias at n below
// 2^32 is below 2^-32: nothing a shuffle can show.
func (r *rng) intn(n int) int {
	hi, _ := mulHi(r.next(), uint64(n))
	return int(hi)
}

func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }
