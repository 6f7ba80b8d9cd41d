package train

import (
	"fmt"
	"math"
	"strings"

	"matador/internal/chess"
	"matador/internal/nnue"
)

// arch is the shape of the net a run trains: its width and king buckets.
// The float model's parameters live in one flat slice, so that the
// optimiser, the reduction of the threads' gradients and the checkpoint
// each treat them as one array: the hidden layer's weights (a row of
// hidden units per input of each king bucket), its biases, each output
// bucket's weights (side to move's half first) and the buckets' output
// biases.
type arch struct {
	hidden int
	// mirrored is a net of version 3: king buckets from layout, the board
	// seen turned left to right when the own king is on files a-d.
	mirrored    bool
	layout      [32]uint8
	kingBuckets int
	// slot is nnue's: for each square of the own king as its side sees
	// it, the king bucket times two plus one if the board is mirrored.
	slot [64]uint8
	// factorised adds a factoriser: Inputs shared rows after the king
	// buckets' rows, which every bucket's piece reads beside its own row.
	// The net written has each bucket's rows plus the shared ones, so a
	// bucket that few positions reach still starts from what all of them
	// taught. Only the trainer has them.
	factorised bool
	sharedRow  int // the first shared row
	// rows is the hidden layer's rows: Inputs for each king bucket, and
	// Inputs more with the factoriser.
	rows                         int
	offB1, offW2, offB2, nParams int
}

const (
	buckets = nnue.OutputBuckets
	offW1   = 0
	scale   = nnue.Scale
	// maxWeight keeps every quantised product of the inference in int16:
	// round(1.98*QB)*QA < 32767 for the output layer's clamped value
	// times its weight, and 32 pieces and the bias of round(1.98*QA) each
	// stay below the int16 limit (nnue's TestQuantisationBounds).
	maxWeight = 1.98
)

// newArch is the shape of hidden wide nets with the king bucket layout
// given, or version 2's shape for a nil layout. The slots come from the
// inference's own net, so that the two cannot disagree.
func newArch(hidden int, layout *[32]uint8) (*arch, error) {
	n, err := nnue.NewNet(hidden, layout)
	if err != nil {
		return nil, err
	}
	return archOf(n), nil
}

// archOf is the shape of net n.
func archOf(n *nnue.Net) *arch {
	a := &arch{hidden: n.Hidden, mirrored: n.Mirrored, layout: n.Layout, kingBuckets: n.KingBuckets}
	for sq := range 64 {
		a.slot[sq] = uint8(n.KingSlot(chess.White, chess.Square(sq)))
	}
	a.setOffsets()
	return a
}

// withFactoriser is the shape a with the factoriser's shared rows.
func (a *arch) withFactoriser() *arch {
	f := *a
	f.factorised = true
	f.setOffsets()
	return &f
}

func (a *arch) setOffsets() {
	a.sharedRow = a.kingBuckets * nnue.Inputs
	a.rows = a.sharedRow
	if a.factorised {
		a.rows += nnue.Inputs
	}
	a.offB1 = offW1 + a.rows*a.hidden
	a.offW2 = a.offB1 + a.hidden
	a.offB2 = a.offW2 + buckets*2*a.hidden
	a.nParams = a.offB2 + buckets
}

// String names the shape in a run's messages.
func (a *arch) String() string {
	s := a.netShape()
	if a.factorised {
		s += ", factorised"
	}
	return s
}

// netShape names the shape of the net written, which has no factoriser.
func (a *arch) netShape() string {
	if !a.mirrored {
		return fmt.Sprintf("%d wide, no king buckets", a.hidden)
	}
	return fmt.Sprintf("%d wide, %d king buckets %s", a.hidden, a.kingBuckets, layoutString(&a.layout))
}

// layoutString is a layout as -king-buckets takes it: 32 numbers.
func layoutString(l *[32]uint8) string {
	var b strings.Builder
	for i, v := range l {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, v)
	}
	return b.String()
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// row is the hidden layer's weights (or their gradient) for input row f.
func (a *arch) row(p []float32, f int) []float32 {
	o := offW1 + f*a.hidden
	return p[o : o+a.hidden]
}

func (a *arch) biases(p []float32) []float32 {
	return p[a.offB1 : a.offB1+a.hidden]
}

// outWeights is output bucket b's weights (or their gradient).
func (a *arch) outWeights(p []float32, b int) (us, them []float32) {
	o := a.offW2 + b*2*a.hidden
	return p[o : o+a.hidden], p[o+a.hidden : o+2*a.hidden]
}

// bucketOf is the output bucket of the position f holds: its features are
// its pieces, one each.
func bucketOf(f *features) int { return nnue.OutputBucket(f.n) }

// scratch is one thread's working memory for a position.
type scratch struct {
	accUs, accThem []float32
	dUs, dThem     []float32
	f              features
}

func newScratch(a *arch) *scratch {
	m := make([]float32, 4*a.hidden)
	h := a.hidden
	return &scratch{accUs: m[:h], accThem: m[h : 2*h], dUs: m[2*h : 3*h], dThem: m[3*h:]}
}

// forward fills the two accumulators and returns the net's output before
// the sigmoid (the evaluation in units of Scale centipawns). The hidden
// layer's rows are read from rows: w itself, or a factorised net's merged
// rows (merged, mergeRows); the rest of the parameters from w.
func (a *arch) forward(w, rows []float32, f *features, s *scratch) float32 {
	b := a.biases(w)
	accumulate(s.accUs, b, rows, f.us[:f.n])
	accumulate(s.accThem, b, rows, f.them[:f.n])
	bk := bucketOf(f)
	wu, wt := a.outWeights(w, bk)
	return screluDot(s.accUs, wu) + screluDot(s.accThem, wt) + w[a.offB2+bk]
}

// trainPosition adds the gradient of the position's squared error, times
// gscale (one over the batch size, so the batch's gradient is its mean's),
// into grad, and returns the squared error. Only the rows of the
// position's inputs are read and written. For a factorised net, rows are
// the merged rows and the gradient goes to the king buckets' rows, which
// is the merged rows' gradient; foldShared then gives the shared rows
// theirs.
func (a *arch) trainPosition(w, rows, grad []float32, f *features, s *scratch, gscale float32) float64 {
	out := a.forward(w, rows, f, s)
	p := float32(sigmoid(float64(out)))
	e := p - f.target
	g := 2 * e * p * (1 - p) * gscale
	bk := bucketOf(f)
	grad[a.offB2+bk] += g
	wu, wt := a.outWeights(w, bk)
	gu, gt := a.outWeights(grad, bk)
	screluBackward(s.accUs, wu, gu, s.dUs, g)
	screluBackward(s.accThem, wt, gt, s.dThem, g)
	addRow2(a.biases(grad), s.dUs, s.dThem)
	scatter(grad, s.dUs, f.us[:f.n])
	scatter(grad, s.dThem, f.them[:f.n])
	return float64(e) * float64(e)
}

// positionLoss is the squared error of the position against its target
// and against the game's result alone, with no gradient.
func (a *arch) positionLoss(w, rows []float32, f *features, s *scratch) (target, result float64) {
	p := sigmoid(float64(a.forward(w, rows, f, s)))
	e, r := p-float64(f.target), p-float64(f.result)
	return e * e, r * r
}

// A factorised net's piece reads its king bucket's row plus the shared
// row of its input, and both rows' gradients are the sum's. Rather than
// read and write two rows a piece, a step merges the sums once for all
// rows (mergeRows: kingBuckets×768 row additions, against some 56 a
// position), the positions read and write one row a piece, and
// foldShared sums the buckets' gradients into each shared row's.

// merged is where a position's rows are read from for weights w: w
// itself, or for a factorised net a new slice of every bucket row plus its
// shared row (the pool keeps its own, filled by mergeRows).
func (a *arch) merged(w []float32) []float32 {
	if !a.factorised {
		return w
	}
	eff := make([]float32, a.sharedRow*a.hidden)
	a.mergeRows(w, eff, 0, a.sharedRow)
	return eff
}

// mergeRows sets rows lo..hi-1 of eff, king buckets' rows, to w's row plus
// its shared row.
func (a *arch) mergeRows(w, eff []float32, lo, hi int) {
	h := a.hidden
	var shared [1]uint16
	for r := lo; r < hi; r++ {
		shared[0] = uint16(a.sharedRow + r%nnue.Inputs)
		accumulate(eff[r*h:(r+1)*h], a.row(w, r), w, shared[:])
	}
}

// foldShared adds into the gradient of the shared rows of inputs lo..hi-1
// the gradients of their rows in each king bucket, in bucket order, for
// the bucket rows that read says some position read; the shared rows'
// gradients must be zero before.
func (a *arch) foldShared(grad []float32, read func(row int) bool, lo, hi int) {
	h := a.hidden
	var shared [1]uint16
	for in := lo; in < hi; in++ {
		shared[0] = uint16(a.sharedRow + in)
		for b := range a.kingBuckets {
			if r := b*nnue.Inputs + in; read(r) {
				scatter(grad, grad[r*h:(r+1)*h], shared[:])
			}
		}
	}
}

// initWeights sets the hidden and output weights uniform in
// +-1/sqrt(inputs of the layer), the biases zero: small enough that the
// accumulators start inside SCReLU's unclamped range. Each king bucket's
// rows are drawn on their own, as a net without buckets would draw its
// one set: a position reads one bucket's rows. The factoriser's shared
// rows start at zero, as bullet's examples start theirs, so the first
// steps see the net a run without them would.
func (a *arch) initWeights(w []float32, seed uint64) {
	r := newRNG(seed, 0xC0FFEE, 0)
	a1 := 1 / math.Sqrt(nnue.Inputs)
	for i := offW1; i < offW1+a.sharedRow*a.hidden; i++ {
		w[i] = float32((2*r.float() - 1) * a1)
	}
	// Every output bucket starts from the same weights, so each begins as
	// the one layer a net without buckets would have and parts from the
	// others only as its positions ask.
	a2 := 1 / math.Sqrt(float64(2*a.hidden))
	for i := a.offW2; i < a.offW2+2*a.hidden; i++ {
		w[i] = float32((2*r.float() - 1) * a2)
	}
	for b := 1; b < buckets; b++ {
		copy(w[a.offW2+b*2*a.hidden:a.offW2+(b+1)*2*a.hidden], w[a.offW2:a.offW2+2*a.hidden])
	}
}

// dequantise sets the float weights to a quantised net's of the same
// shape: the inverse of quantise, exact in float32, so that a run can
// start from a net that is already trained, as bullet resumes from a
// saved net. quantise gives the same net back.
func (a *arch) dequantise(n *nnue.Net, w []float32) {
	for i, v := range n.FeatureWeights {
		w[offW1+i] = float32(v) / nnue.QA
	}
	for i, v := range n.FeatureBias {
		w[a.offB1+i] = float32(v) / nnue.QA
	}
	for i, v := range n.OutputWeights {
		w[a.offW2+i] = float32(v) / nnue.QB
	}
	for b, v := range n.OutputBias {
		w[a.offB2+b] = float32(float64(v) / (nnue.QA * nnue.QB))
	}
}

// quantise turns the float weights into the engine's net: the hidden
// layer scaled by QA, the output weights by QB and the output bias by
// QA*QB, each rounded to the nearest integer. A net of version 2's shape
// is written as version 2, any other as version 3. A factorised run's
// rows are each bucket's plus the shared ones, held to the clip each
// weight of a run without the factoriser keeps (maxWeight), so that the
// net's sums stay within int16 (nnue's TestQuantisationBounds).
func (a *arch) quantise(w []float32) *nnue.Net {
	var layout *[32]uint8
	if a.mirrored {
		layout = &a.layout
	}
	n, err := nnue.NewNet(a.hidden, layout)
	if err != nil {
		panic("train: a run's shape has no net: " + err.Error()) // Check refused it
	}
	q16 := func(x float32, s float64) int16 {
		v := math.Round(float64(x) * s)
		return int16(max(min(v, math.MaxInt16), math.MinInt16))
	}
	shared := offW1 + a.sharedRow*a.hidden
	for i := range n.FeatureWeights {
		v := w[offW1+i]
		if a.factorised {
			v = max(min(v+w[shared+i%(nnue.Inputs*a.hidden)], maxWeight), -maxWeight)
		}
		n.FeatureWeights[i] = q16(v, nnue.QA)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = q16(w[a.offB1+i], nnue.QA)
	}
	for i := range n.OutputWeights {
		n.OutputWeights[i] = q16(w[a.offW2+i], nnue.QB)
	}
	for i := range n.OutputBias {
		b := math.Round(float64(w[a.offB2+i]) * nnue.QA * nnue.QB)
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
