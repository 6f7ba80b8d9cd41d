// Package train is Matador's network trainer: it learns the float weights
// of nnue's architectures, (768 -> 256)x2 -> 1x8 with SCReLU (version 2)
// or, with king buckets, (768xK -> H)x2 -> 1x8 mirrored (version 3), from
// the positions of trainbin files, and writes them quantised as an nnue
// net file. The passes read and write only the rows of a position's
// inputs, each thread keeps its own gradient, and AdamW skips the rows no
// position of the batch read. The loss is the squared error between sigmoid(output) and
// lambda*result + (1-lambda)*sigmoid(score/Scale); the optimiser is AdamW
// with a cosine or stepped learning rate. Threads split each batch and sum
// their gradients in a fixed order, so a run is the same to the bit for a
// given seed and thread count, and a run stopped and resumed from its
// checkpoint ends with the same weights as one never stopped.
//
// It imports only internal/chess, internal/nnue and internal/trainbin, and
// internal/toolio to open its files.
package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"matador/internal/nnue"
	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// Config is a training run's settings; the comments name the flags of
// `matador train`.
type Config struct {
	Data       []string // -data: trainbin files
	Out        string   // -o: the net file written at the end
	Checkpoint string   // -checkpoint: directory of the checkpoint ("" none)
	Init       string   // -init: net file to start from, "default" the embedded net ("" random weights)
	Mirror     bool     // -mirror: read half the positions without castling rights mirrored, files a-h turned round
	Lambda     float64  // -lambda: the result's weight in the target
	LR         float64  // -lr: the learning rate at the start
	LREnd      float64  // -lr-end: the cosine schedule's last rate
	Schedule   string   // -schedule: "cosine" or "step"
	DropAt     float64  // -drop-at: the step schedule's x0.1, as a fraction of the run
	StepEvery  float64  // -step-every: the step schedule's drops every this many epochs (0: once, at -drop-at)
	Gamma      float64  // -gamma: the step schedule's factor at each drop
	Hidden     int      // -hidden: the width of the hidden layer
	// KingBuckets is -king-buckets: "" for version 2's net (no king
	// buckets, not mirrored), 1, 4, 8 or 10 for nnue.KingLayout's layouts,
	// or 32 comma-separated buckets of the half board e1-h1, ..., e8-h8.
	KingBuckets string
	// Factoriser is -factoriser: shared rows beside the king buckets'
	// during training, merged into them in the net written.
	Factoriser bool
	Decay      float64 // -decay: AdamW's weight decay
	Batch      int     // -batch
	Epochs     int     // -epochs
	Threads    int     // -threads
	Seed       uint64  // -seed
	Validate   float64 // -validate: fraction of the games held out
	ValMax     int     // -val-max: held-out positions kept at most
	Chunk      int     // -chunk: records shuffled together
	Progress   time.Duration
}

// DefaultConfig is bullet's first-net recipe (docs/nnue.md), but for λ:
// the search's scores alone (λ 0) played better in games than a share of
// the results, at every data size measured here.
func DefaultConfig() Config {
	return Config{
		Lambda:   0,
		LR:       0.001,
		LREnd:    DefaultLREnd(0.001),
		Schedule: "cosine",
		DropAt:   0.75,
		Gamma:    0.1,
		Hidden:   nnue.Hidden,
		Decay:    0.01,
		Batch:    16384,
		Epochs:   10,
		Threads:  2,
		Seed:     1,
		Validate: 0.02,
		ValMax:   200000,
		Chunk:    1 << 20,
		Progress: 10 * time.Second,
	}
}

// DefaultLREnd is -lr-end when only -lr is given: the rate falls to this
// share of where it started, as bullet's first-net recipe has it.
func DefaultLREnd(lr float64) float64 { return lr * math.Pow(0.3, 5) }

// availableMemory is toolio.AvailableMemoryMB, a variable so that a test
// can play a small machine.
var availableMemory = toolio.AvailableMemoryMB

// Check refuses settings out of range, naming the flag.
func (c *Config) Check() error {
	finite := func(name string, v, lo, hi float64, loOpen bool) error {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < lo || v > hi || (loOpen && v == lo) {
			if loOpen {
				return fmt.Errorf("%s must be above %g and at most %g, got %g", name, lo, hi, v)
			}
			return fmt.Errorf("%s must be from %g to %g, got %g", name, lo, hi, v)
		}
		return nil
	}
	ints := []struct {
		name     string
		v        int
		min, max int
	}{
		{"-batch", c.Batch, 1, 1 << 24},
		{"-epochs", c.Epochs, 1, 1 << 20},
		{"-threads", c.Threads, 1, 256},
		{"-val-max", c.ValMax, 0, 1 << 28},
		{"-chunk", c.Chunk, 1, 1 << 28},
	}
	for _, i := range ints {
		if i.v < i.min || i.v > i.max {
			return fmt.Errorf("%s must be from %d to %d, got %d", i.name, i.min, i.max, i.v)
		}
	}
	for _, err := range []error{
		finite("-lambda", c.Lambda, 0, 1, false),
		finite("-lr", c.LR, 0, 1, true),
		finite("-lr-end", c.LREnd, 0, c.LR, false),
		finite("-drop-at", c.DropAt, 0, 1, false),
		finite("-step-every", c.StepEvery, 0, float64(c.Epochs), false),
		finite("-gamma", c.Gamma, 0, 1, true),
		finite("-decay", c.Decay, 0, 1, false),
		finite("-validate", c.Validate, 0, 0.5, false),
	} {
		if err != nil {
			return err
		}
	}
	if c.Schedule != "cosine" && c.Schedule != "step" {
		return fmt.Errorf("-schedule must be cosine or step, got %q", c.Schedule)
	}
	if c.Factoriser && c.KingBuckets == "" {
		return errors.New("-factoriser needs -king-buckets: it shares rows among king buckets")
	}
	if _, err := c.arch(); err != nil {
		return err
	}
	if len(c.Data) == 0 {
		return errors.New("-data names no file")
	}
	for _, name := range c.Data {
		if name == "" {
			return fmt.Errorf("-data has an empty name in %q", strings.Join(c.Data, ","))
		}
	}
	if c.Out == "" {
		return errors.New("-o names no file")
	}
	if err := c.checkOutNotInCheckpoint(); err != nil {
		return err
	}
	if c.Progress <= 0 {
		return fmt.Errorf("-progress must be above 0, got %v", c.Progress)
	}
	return nil
}

// checkOutNotInCheckpoint refuses a net to be written where the
// checkpoint goes: as the directory itself, the run would train every
// epoch and then fail to rename its net over the directory; as one of the
// directory's files, a checkpoint or an epoch's net would replace it.
func (c *Config) checkOutNotInCheckpoint() error {
	if c.Checkpoint == "" {
		return nil
	}
	out, err1 := filepath.Abs(c.Out)
	dir, err2 := filepath.Abs(c.Checkpoint)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if out == dir {
		return fmt.Errorf("-o %s is the -checkpoint directory: give the net another name", c.Out)
	}
	if filepath.Dir(out) == dir {
		base := filepath.Base(out)
		if base == "checkpoint" || strings.HasPrefix(base, "epoch-") && strings.HasSuffix(base, ".nnue") {
			return fmt.Errorf("-o %s is a file the run writes in its -checkpoint directory: give the net another name", c.Out)
		}
	}
	return nil
}

// key is what makes two runs the same run: a checkpoint resumes only the
// run of its key. Threads are in it because the gradients' sum depends on
// how the batch is split; the progress interval and the output name are
// not, since they change no weight.
func (c *Config) key(startNet *nnue.Net) (string, error) {
	abs := make([]string, len(c.Data))
	for i, name := range c.Data {
		a, err := filepath.Abs(name)
		if err != nil {
			return "", err
		}
		abs[i] = a
	}
	return fmt.Sprintf("data=%s\nlambda=%v\nlr=%v\nlr-end=%v\nschedule=%s\ndrop-at=%v\ndecay=%v\nbatch=%d\nepochs=%d\nthreads=%d\nseed=%d\nvalidate=%v\nval-max=%d\nchunk=%d\nhidden=%d\nbuckets=%d\nkernels=%s\n",
		strings.Join(abs, ","), c.Lambda, c.LR, c.LREnd, c.Schedule, c.DropAt, c.Decay, c.Batch, c.Epochs,
		c.Threads, c.Seed, c.Validate, c.ValMax, c.Chunk, c.Hidden, buckets, Vector()) + initKey(startNet) + mirrorKey(c.Mirror) + c.newKeys(), nil
}

// newKeys is the key's lines for the settings that came with the second
// net's architecture; a run without them has none.
func (c *Config) newKeys() string {
	// AdamW became lazy in the rows with the second net's trainer: a
	// checkpoint of the dense optimiser's runs is another run's.
	k := "adam=lazy-rows\n"
	if c.KingBuckets != "" {
		a, _ := c.arch()
		k += "king-buckets=" + layoutString(&a.layout) + "\n"
	}
	if c.Factoriser {
		k += "factoriser=on\n"
	}
	if c.Schedule == "step" && c.StepEvery > 0 {
		k += fmt.Sprintf("step-every=%v\ngamma=%v\n", c.StepEvery, c.Gamma)
	} else if c.Schedule == "step" && c.Gamma != 0.1 {
		k += fmt.Sprintf("gamma=%v\n", c.Gamma)
	}
	return k
}

// arch is the shape of the net the settings train.
func (c *Config) arch() (*arch, error) {
	if c.KingBuckets == "" {
		if c.Hidden != nnue.Hidden {
			return nil, fmt.Errorf("-hidden %d needs -king-buckets: a net without king buckets is %d wide", c.Hidden, nnue.Hidden)
		}
		return newArch(c.Hidden, nil)
	}
	layout, err := ParseKingBuckets(c.KingBuckets)
	if err != nil {
		return nil, err
	}
	a, err := newArch(c.Hidden, &layout)
	if err != nil {
		return nil, fmt.Errorf("-hidden %d -king-buckets %s: %w", c.Hidden, c.KingBuckets, err)
	}
	if c.Factoriser {
		a = a.withFactoriser()
	}
	return a, nil
}

// ParseKingBuckets reads -king-buckets: the number of buckets of one of
// nnue.KingLayout's layouts, or the bucket of each of the 32 squares of
// the half board, e1-h1, e2-h2, ..., e8-h8, separated by commas.
func ParseKingBuckets(s string) ([32]uint8, error) {
	var l [32]uint8
	fields := strings.Split(s, ",")
	if len(fields) == 1 {
		k, err := strconv.Atoi(s)
		if err == nil {
			if l, ok := nnue.KingLayout(k); ok {
				return l, nil
			}
		}
		return l, fmt.Errorf("-king-buckets must be 1, 4, 8, 10 or 32 buckets separated by commas, got %q", s)
	}
	if len(fields) != 32 {
		return l, fmt.Errorf("-king-buckets has %d buckets, want one for each of the 32 squares e1-h1, ..., e8-h8", len(fields))
	}
	for i, f := range fields {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 0 || v >= nnue.MaxKingBuckets {
			return l, fmt.Errorf("-king-buckets square %d has %q, want a bucket from 0 to %d", i, f, nnue.MaxKingBuckets-1)
		}
		l[i] = uint8(v)
	}
	return l, nil
}

// mirrorKey is the key's line for -mirror; a run without it has none, so
// that its key is what it was before -mirror existed.
func mirrorKey(on bool) string {
	if !on {
		return ""
	}
	return "mirror=true\n"
}

// initKey is the key's line for the net a run starts from, by the net's
// name, not its path; a run from random weights has none, so that its key
// is what it was before -init existed.
func initKey(n *nnue.Net) string {
	if n == nil {
		return ""
	}
	return "init=" + n.ID + "\n"
}

// loadInit reads the net of -init: nil for "", the embedded net for
// "default".
func loadInit(name string) (*nnue.Net, error) {
	switch name {
	case "":
		return nil, nil
	case "default":
		return nnue.Default(), nil
	}
	n, err := nnue.Load(name)
	if err != nil {
		return nil, fmt.Errorf("-init %s: %w", name, err)
	}
	return n, nil
}

// afterStep, when set, runs after every step: the tests stop a run at a
// step of their choosing through it.
var afterStep func(step int64)

// ErrStopped is Run's error when its context ended the run early, after it
// wrote the checkpoint that resumes it.
var ErrStopped = errors.New("stopped")

// Result is what a finished run reports.
type Result struct {
	Net       string // the net's name, nnue.NameOf
	TrainLoss float64
	ValLoss   float64 // NaN without held-out positions
	// ValResultLoss is the held-out loss against the games' results
	// alone, which compares runs of different lambdas.
	ValResultLoss float64
	Positions     int64 // positions trained on in this process
	Elapsed       time.Duration
}

// state is where a run stands: with the weights and the optimiser's
// moments, all a checkpoint holds.
type state struct {
	epoch, chunkPos, batch int
	step                   int64
	w, m, v                []float32
}

// Run trains a net as cfg says, resuming from cfg.Checkpoint when it
// holds this run's checkpoint, and writes the net to cfg.Out. Progress
// lines go to log. When ctx ends it stops at the next batch, writes the
// checkpoint and returns ErrStopped.
func Run(ctx context.Context, cfg Config, log io.Writer) (Result, error) {
	r, err := startRun(ctx, cfg, log)
	if err != nil {
		return Result{}, err
	}
	defer r.close()
	for r.st.epoch < cfg.Epochs {
		if err := r.runEpoch(ctx); err != nil {
			return r.res, err
		}
		if err := r.endEpoch(); err != nil {
			return r.res, err
		}
	}
	return r.finish()
}

// run is one training run under way: what start-up made, where the
// weights stand, and the counts its progress lines and epoch reports
// give.
type run struct {
	cfg  Config
	log  io.Writer
	a    *arch
	d    *dataset
	p    *pool
	st   *state
	key  string
	ckpt string // the checkpoint file, "" without -checkpoint

	stepsPerEpoch, totalSteps int64
	buf                       []byte // a chunk's records
	mirrorBuf                 []bool // which of them are read mirrored

	start               time.Time
	stepsThisRun        int64
	lastLine            time.Time // the last progress line
	lineLoss, epochLoss float64   // the summed batch losses since it, and in this epoch
	linePos, epochPos   int64     // the positions they cover
	valLoss, valResult  float64   // the last held-out losses; NaN without held-out positions
	res                 Result
}

// resume reads the checkpoint of cfg.Checkpoint into st when it holds the
// run of key. It returns the checkpoint's file name ("" without
// -checkpoint), the data's record counts the checkpoint was written with
// (nil without one), and whether the run resumes.
func resume(cfg *Config, key string, st *state) (ckpt string, counts []int64, resumed bool, err error) {
	if cfg.Checkpoint == "" {
		return "", nil, false, nil
	}
	ckpt = filepath.Join(cfg.Checkpoint, "checkpoint")
	counts, err = readCheckpoint(ckpt, key, st)
	switch {
	case err == nil:
		return ckpt, counts, true, nil
	case errors.Is(err, os.ErrNotExist):
		return ckpt, nil, false, nil
	}
	return "", nil, false, err
}

// startRun is the start-up: it checks the settings, the files and the
// memory before any training, resumes or sets the starting weights, opens
// the data and reports the run and its starting held-out loss.
func startRun(ctx context.Context, cfg Config, log io.Writer) (*run, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	startNet, err := loadInit(cfg.Init)
	if err != nil {
		return nil, err
	}
	key, err := cfg.key(startNet)
	if err != nil {
		return nil, err
	}
	a, err := cfg.arch()
	if err != nil {
		return nil, err
	}
	if startNet != nil {
		if sa := archOf(startNet); sa.netShape() != a.netShape() {
			return nil, fmt.Errorf("-init %s is a net %s; this run trains one %s (-hidden, -king-buckets)", cfg.Init, sa, a)
		}
	}
	st := &state{w: make([]float32, a.nParams), m: make([]float32, a.nParams), v: make([]float32, a.nParams)}
	ckpt, counts, resumed, err := resume(&cfg, key, st)
	if err != nil {
		return nil, err
	}
	if err := checkOutput(cfg.Out); err != nil {
		return nil, err
	}
	if cfg.Checkpoint != "" {
		if st, err := os.Stat(cfg.Checkpoint); err == nil && !st.IsDir() {
			return nil, fmt.Errorf("-checkpoint %s is not a directory", cfg.Checkpoint)
		}
	}
	d, err := openData(ctx, cfg.Data, counts, &cfg)
	if err == ErrStopped {
		fmt.Fprintln(log, "train: stopped while reading the data, before training")
	}
	if err != nil {
		return nil, err
	}
	r := &run{cfg: cfg, log: log, a: a, d: d, st: st, key: key, ckpt: ckpt}
	if err := r.setUp(startNet, resumed); err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

// setUp is the part of the start-up after the data is open: the outputs
// made ready, the starting weights, the run's report, the chunk's memory
// checked, the threads and the buffers.
func (r *run) setUp(startNet *nnue.Net, resumed bool) error {
	cfg, a, d, st, log := &r.cfg, r.a, r.d, r.st, r.log
	if err := checkWritable(cfg.Out); err != nil {
		return err
	}
	if cfg.Checkpoint != "" {
		if err := os.MkdirAll(cfg.Checkpoint, 0o755); err != nil {
			return err
		}
	}
	switch {
	case resumed:
	case startNet != nil:
		a.dequantise(startNet, st.w)
		fmt.Fprintf(log, "train: starting from the weights of %s\n", startNet.ID)
	default:
		a.initWeights(st.w, cfg.Seed)
	}

	for _, n := range d.train {
		r.stepsPerEpoch += int64((n + cfg.Batch - 1) / cfg.Batch)
	}
	r.totalSteps = r.stepsPerEpoch * int64(cfg.Epochs)
	fmt.Fprintf(log, "train: a net %s; %d records in %d files, %d training positions, %d held out (%d kept, %d games), %d chunks, %d steps an epoch, %d threads, %s kernels\n",
		a, d.total, len(d.files), d.trainSum, d.valAll, len(d.val)/trainbin.RecordSize, d.valGames, len(d.train), r.stepsPerEpoch, cfg.Threads, Vector())
	if resumed {
		fmt.Fprintf(log, "train: resuming %s at epoch %d, step %d of %d\n", r.ckpt, st.epoch+1, st.step, r.totalSteps)
	}

	// A chunk holds at most the data: a -chunk far above it costs nothing.
	// What a chunk does take must fit in the memory, since Go ends the
	// process on a failed allocation rather than return an error.
	chunkRecs := min(d.chunk, d.total)
	if avail, ok := availableMemory(); ok {
		if need := (chunkRecs*(trainbin.RecordSize+1) + 1<<20 - 1) >> 20; need > int64(avail) {
			return fmt.Errorf("-chunk %d: a chunk of %d records takes %d MB, more than the %d MB of memory available; give a smaller -chunk", cfg.Chunk, chunkRecs, need, avail)
		}
	}
	r.p = newPool(a, cfg.Threads)
	r.buf = make([]byte, chunkRecs*trainbin.RecordSize)
	r.mirrorBuf = make([]bool, chunkRecs)
	r.start = time.Now()
	r.lastLine = r.start
	r.valLoss, r.valResult = math.NaN(), math.NaN()
	if len(d.val) > 0 {
		r.valLoss, r.valResult = r.p.loss(st.w, d.val, cfg.Lambda)
		fmt.Fprintf(log, "train: validation loss %.6f (against results alone %.6f) at step %d\n", r.valLoss, r.valResult, st.step)
	}
	return nil
}

// close ends the threads and closes the data.
func (r *run) close() {
	if r.p != nil {
		r.p.close()
	}
	r.d.close()
}

// save writes the checkpoint, where the run has one.
func (r *run) save() error {
	if r.ckpt == "" {
		return nil
	}
	return writeCheckpoint(r.ckpt, r.key, r.d.counts, r.st)
}

// runEpoch trains the rest of the current epoch: its chunks in the
// epoch's order, from the chunk and batch the state stands at, with a
// checkpoint after each chunk. When ctx ends it writes the checkpoint
// and returns ErrStopped.
func (r *run) runEpoch(ctx context.Context) error {
	cfg, st := &r.cfg, r.st
	order := chunkOrder(len(r.d.train), cfg.Seed, st.epoch)
	for st.chunkPos < len(order) {
		recs, mirror, err := r.d.loadChunk(order[st.chunkPos], st.epoch, cfg, r.buf, r.mirrorBuf)
		if err != nil {
			return err
		}
		n := len(recs) / trainbin.RecordSize
		for ; st.batch*cfg.Batch < n; st.batch++ {
			if ctx.Err() != nil {
				return r.stop()
			}
			lo := st.batch * cfg.Batch
			hi := min(lo+cfg.Batch, n)
			batch := recs[lo*trainbin.RecordSize : hi*trainbin.RecordSize]
			loss := r.p.step(st, batch, mirror[lo:hi], cfg.Lambda, lrAt(cfg, st.step, r.totalSteps), cfg.Decay)
			st.step++
			if afterStep != nil {
				afterStep(st.step)
			}
			r.stepsThisRun++
			r.lineLoss += loss
			r.linePos += int64(hi - lo)
			r.epochLoss += loss
			r.epochPos += int64(hi - lo)
			r.res.Positions += int64(hi - lo)
			r.progress()
		}
		st.batch = 0
		st.chunkPos++
		if err := r.save(); err != nil {
			return err
		}
	}
	st.chunkPos = 0
	st.epoch++
	return nil
}

// stop writes the checkpoint of a run whose context ended, says how to
// go on, and returns ErrStopped.
func (r *run) stop() error {
	if err := r.save(); err != nil {
		return err
	}
	st := r.st
	if r.ckpt != "" {
		fmt.Fprintf(r.log, "train: stopped at epoch %d, step %d of %d; checkpoint %s written, the same command resumes\n", st.epoch+1, st.step, r.totalSteps, r.ckpt)
	} else {
		fmt.Fprintf(r.log, "train: stopped at epoch %d, step %d of %d, without a checkpoint (no -checkpoint)\n", st.epoch+1, st.step, r.totalSteps)
	}
	return ErrStopped
}

// progress prints a progress line once cfg.Progress has passed since the
// last: the epoch's share done, the speed and loss since that line, the
// last held-out loss and the time left.
func (r *run) progress() {
	now := time.Now()
	if now.Sub(r.lastLine) < r.cfg.Progress {
		return
	}
	st := r.st
	rate := float64(r.linePos) / now.Sub(r.lastLine).Seconds()
	left := time.Duration(float64(now.Sub(r.start)) / float64(r.stepsThisRun) * float64(r.totalSteps-st.step))
	fmt.Fprintf(r.log, "train: epoch %d/%d %5.1f%%, %.0f pos/s, train loss %.6f, %s, %s left\n",
		st.epoch+1, r.cfg.Epochs, 100*float64(st.step-int64(st.epoch)*r.stepsPerEpoch)/float64(r.stepsPerEpoch),
		rate, r.lineLoss/float64(r.linePos), shortVal(r.valLoss, len(r.d.val) > 0), left.Round(time.Second))
	r.lastLine, r.lineLoss, r.linePos = now, 0, 0
}

// endEpoch is the report of an epoch just finished: the held-out loss
// measured again, the epoch's line, the checkpoint, and the epoch's net
// beside it.
func (r *run) endEpoch() error {
	cfg, st := &r.cfg, r.st
	if len(r.d.val) > 0 {
		r.valLoss, r.valResult = r.p.loss(st.w, r.d.val, cfg.Lambda)
	}
	trainLoss := math.NaN()
	if r.epochPos > 0 {
		trainLoss = r.epochLoss / float64(r.epochPos)
	}
	r.res.TrainLoss = trainLoss
	fmt.Fprintf(r.log, "train: epoch %d/%d done: train loss %.6f, %s, %.0f pos/s over the run, %s\n",
		st.epoch, cfg.Epochs, trainLoss, r.valText(), float64(r.res.Positions)/time.Since(r.start).Seconds(), time.Since(r.start).Round(time.Second))
	r.epochLoss, r.epochPos = 0, 0
	if err := r.save(); err != nil {
		return err
	}
	if cfg.Checkpoint != "" {
		data := r.a.quantise(st.w).Encode()
		if err := writeFileAtomic(filepath.Join(cfg.Checkpoint, fmt.Sprintf("epoch-%d.nnue", st.epoch)), data); err != nil {
			return err
		}
	}
	return nil
}

// valText is the held-out loss as the epoch reports give it: a data set
// too small to hold out a game has none, which they say rather than
// print NaN.
func (r *run) valText() string {
	if len(r.d.val) == 0 {
		return "no positions held out"
	}
	return fmt.Sprintf("val loss %.6f (against results alone %.6f)", r.valLoss, r.valResult)
}

// finish writes the trained net to cfg.Out and returns the run's result.
func (r *run) finish() (Result, error) {
	data := r.a.quantise(r.st.w).Encode()
	if err := writeFileAtomic(r.cfg.Out, data); err != nil {
		return r.res, err
	}
	r.res.Net = nnue.NameOf(data)
	r.res.ValLoss, r.res.ValResultLoss = r.valLoss, r.valResult
	r.res.Elapsed = time.Since(r.start)
	return r.res, nil
}

// shortVal is the held-out loss as a progress line gives it.
func shortVal(loss float64, held bool) string {
	if !held {
		return "no positions held out"
	}
	return fmt.Sprintf("val loss %.6f", loss)
}

// lrAt is the learning rate of a step: cosine from LR down to LREnd over
// the run, or LR stepped down by Gamma at DropAt of the run, or, with
// StepEvery, by Gamma every StepEvery epochs, as bullet's StepLR drops it
// every so many superbatches.
func lrAt(cfg *Config, step, total int64) float32 {
	t := float64(step) / float64(max(total, 1))
	if cfg.Schedule == "step" {
		if cfg.StepEvery > 0 {
			drops := math.Floor(t * float64(cfg.Epochs) / cfg.StepEvery)
			return float32(cfg.LR * math.Pow(cfg.Gamma, drops))
		}
		if t >= cfg.DropAt {
			return float32(cfg.LR * cfg.Gamma)
		}
		return float32(cfg.LR)
	}
	return float32(cfg.LREnd + (cfg.LR-cfg.LREnd)*(1+math.Cos(math.Pi*t))/2)
}

// checkOutput refuses an output name that is there and is not a net: the
// trainer replaces nets, never another file (a data file named by
// mistake).
func checkOutput(name string) error {
	st, err := os.Stat(name)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-o %s: %w", name, err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("-o %s: not a regular file", name)
	}
	if _, err := nnue.Load(name); err != nil {
		return fmt.Errorf("-o %s exists and is not a net (%v); refusing to overwrite it", name, err)
	}
	return nil
}

// checkWritable makes sure the net can be written at the end, before
// hours of training.
func checkWritable(name string) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".check-*")
	if err != nil {
		return fmt.Errorf("-o %s: cannot write there: %w", name, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// writeFileAtomic writes data under a temporary name in the same directory
// and renames it over name, so that name is always whole: the old file or
// the new one.
func writeFileAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	// CreateTemp makes the file private (0600); a net is for any engine
	// process to read, as os.WriteFile's 0644 would leave it.
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// pool is the run's threads, each with its own gradient and scratch
// memory, so that no thread writes what another reads.
type pool struct {
	a       *arch
	workers []*worker
	wg      sync.WaitGroup
	// union is the rows of the hidden layer that some position of the
	// last batch read, in increasing order: the only rows whose gradient
	// is not zero, and the only ones the optimiser updates. For a
	// factorised net, the first nBucket are king buckets' rows, the rest
	// the shared rows of their inputs.
	union   []int32
	nBucket int
	// eff is a factorised net's merged rows (arch.mergeRows), sharedRead
	// which inputs' shared rows the last batch read.
	eff        []float32
	sharedRead []bool
}

type worker struct {
	jobs chan func(*worker)
	grad []float32
	s    *scratch
	// touched lists the rows this worker's share of the batch read, and
	// mark says for each row whether it is listed.
	touched          []int32
	mark             []bool
	loss, resultLoss float64
}

func newPool(a *arch, n int) *pool {
	p := &pool{a: a}
	if a.factorised {
		p.eff = make([]float32, a.sharedRow*a.hidden)
		p.sharedRead = make([]bool, nnue.Inputs)
	}
	for range n {
		w := &worker{jobs: make(chan func(*worker)), grad: make([]float32, a.nParams), s: newScratch(a), mark: make([]bool, a.rows)}
		p.workers = append(p.workers, w)
		go func() {
			for job := range w.jobs {
				job(w)
				p.wg.Done()
			}
		}()
	}
	return p
}

func (p *pool) close() {
	for _, w := range p.workers {
		close(w.jobs)
	}
}

// run gives job(worker, i) to each of the n workers and waits for all.
func (p *pool) run(job func(w *worker, i int)) {
	p.wg.Add(len(p.workers))
	for i, w := range p.workers {
		w.jobs <- func(w *worker) { job(w, i) }
	}
	p.wg.Wait()
}

// rowsOf is where the positions read the hidden layer's rows for weights
// w: w itself, or a factorised net's merged rows, merged by the workers.
func (p *pool) rowsOf(w []float32) []float32 {
	a := p.a
	if !a.factorised {
		return w
	}
	p.run(func(_ *worker, i int) {
		lo, hi := p.span(i, a.sharedRow)
		a.mergeRows(w, p.eff, lo, hi)
	})
	return p.eff
}

// span is worker i's share [lo, hi) of n items.
func (p *pool) span(i, n int) (int, int) {
	t := len(p.workers)
	return i * n / t, (i + 1) * n / t
}

// touch lists the rows of feats that the worker had not yet listed.
func (w *worker) touch(feats []uint16) {
	for _, f := range feats {
		if !w.mark[f] {
			w.mark[f] = true
			w.touched = append(w.touched, int32(f))
		}
	}
}

// step trains on one batch of records and returns the sum of their
// squared errors; mirror says which records to read mirrored. Each worker
// takes a share of the batch into its own gradient, reading and writing
// only the rows of its positions' inputs. Then each takes a share of the
// rows that some position read (the union, in row order) and of the
// dense parameters (biases and output layer), sums the workers' gradients
// for them in worker order and applies AdamW, so the result depends on
// the thread count but not on the threads' timing.
//
// AdamW is lazy in the hidden layer's rows, as Counter's and Berserk's
// CPU trainers are: a row that no position of the batch read, whose
// gradient is zero, is left as it is, its weights and both moments, with
// neither decay nor momentum applied; the rows read and the dense
// parameters take the full AdamW step, with the bias corrections of the
// run's step count. TestLazyAdamIsTheRule holds the step to that rule
// computed densely.
//
// A factorised net's positions read merged rows (rowsOf) and write the
// king buckets' rows; once those are summed, each shared row read takes
// the sum of its buckets' (foldShared) and its AdamW step.
func (p *pool) step(st *state, batch []byte, mirror []bool, lambda float64, lr float32, decay float64) float64 {
	a := p.a
	n := len(batch) / trainbin.RecordSize
	gscale := 1 / float32(n)
	h := a.hidden
	rows := p.rowsOf(st.w)
	p.run(func(w *worker, i int) {
		// The last step's rows and the dense parameters are the only
		// gradient that is not zero.
		// Worker 0's gradient holds the sums of every row of the union;
		// another's only its own rows.
		stale := w.touched
		if i == 0 {
			stale = p.union
		}
		for _, r := range stale {
			clear(a.row(w.grad, int(r)))
		}
		clear(w.grad[a.offB1:])
		for _, r := range w.touched {
			w.mark[r] = false
		}
		w.touched = w.touched[:0]
		w.loss = 0
		lo, hi := p.span(i, n)
		for j := lo; j < hi; j++ {
			f := &w.s.f
			a.decodeRecord(batch[j*trainbin.RecordSize:(j+1)*trainbin.RecordSize], lambda, mirror[j], f)
			w.loss += a.trainPosition(st.w, rows, w.grad, f, w.s, gscale)
			w.touch(f.us[:f.n])
			w.touch(f.them[:f.n])
		}
	})
	read := func(r int) bool {
		for _, w := range p.workers {
			if w.mark[r] {
				return true
			}
		}
		return false
	}
	p.union = p.union[:0]
	for r := range a.sharedRow {
		if read(r) {
			p.union = append(p.union, int32(r))
		}
	}
	p.nBucket = len(p.union)
	if a.factorised {
		clear(p.sharedRead)
		for _, r := range p.union {
			p.sharedRead[int(r)%nnue.Inputs] = true
		}
		for in, ok := range p.sharedRead {
			if ok {
				p.union = append(p.union, int32(a.sharedRow+in))
			}
		}
	}
	// Adam's bias corrections; its steps count from 1.
	c1 := float32(1 / (1 - math.Pow(beta1, float64(st.step+1))))
	c2 := float32(1 / (1 - math.Pow(beta2, float64(st.step+1))))
	keep := float32(1 - float64(lr)*decay)
	g0 := p.workers[0].grad
	p.run(func(_ *worker, i int) {
		lo, hi := p.span(i, p.nBucket)
		for _, r := range p.union[lo:hi] {
			o := offW1 + int(r)*h
			g := g0[o : o+h]
			for _, w := range p.workers[1:] {
				if w.mark[r] {
					sumInto(g, w.grad[o:o+h])
				}
			}
			adamW(st.w[o:o+h], st.m[o:o+h], st.v[o:o+h], g, lr, keep, c1, c2, maxWeight)
		}
		dlo, dhi := p.span(i, a.nParams-a.offB1)
		dlo, dhi = dlo+a.offB1, dhi+a.offB1
		g := g0[dlo:dhi]
		for _, w := range p.workers[1:] {
			sumInto(g, w.grad[dlo:dhi])
		}
		// The output biases, the last parameters, are not clipped: no
		// int16 holds them.
		mid := max(dlo, min(dhi, a.offB2))
		adamW(st.w[dlo:mid], st.m[dlo:mid], st.v[dlo:mid], g[:mid-dlo], lr, keep, c1, c2, maxWeight)
		adamW(st.w[mid:dhi], st.m[mid:dhi], st.v[mid:dhi], g[mid-dlo:], lr, keep, c1, c2, math.MaxFloat32)
	})
	if a.factorised {
		// The buckets' gradients are whole in g0 and no longer change
		// (AdamW above only reads them).
		shared := p.union[p.nBucket:]
		p.run(func(_ *worker, i int) {
			lo, hi := p.span(i, len(shared))
			for _, r := range shared[lo:hi] {
				in := int(r) - a.sharedRow
				a.foldShared(g0, read, in, in+1)
				o := offW1 + int(r)*h
				adamW(st.w[o:o+h], st.m[o:o+h], st.v[o:o+h], g0[o:o+h], lr, keep, c1, c2, maxWeight)
			}
		})
	}
	var loss float64
	for _, w := range p.workers {
		loss += w.loss
	}
	return loss
}

// loss is the mean squared error over the records, against their targets
// and against their games' results alone, summed in worker order.
func (p *pool) loss(weights []float32, recs []byte, lambda float64) (target, result float64) {
	n := len(recs) / trainbin.RecordSize
	rows := p.rowsOf(weights)
	p.run(func(w *worker, i int) {
		w.loss, w.resultLoss = 0, 0
		lo, hi := p.span(i, n)
		for j := lo; j < hi; j++ {
			p.a.decodeRecord(recs[j*trainbin.RecordSize:(j+1)*trainbin.RecordSize], lambda, false, &w.s.f)
			t, r := p.a.positionLoss(weights, rows, &w.s.f, w.s)
			w.loss += t
			w.resultLoss += r
		}
	})
	for _, w := range p.workers {
		target += w.loss
		result += w.resultLoss
	}
	return target / float64(max(n, 1)), result / float64(max(n, 1))
}

// AdamW's moment decays, bullet's and most trainers'.
const beta1, beta2 = 0.9, 0.999

func sumInto(dst, src []float32) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}

// scalarAdamW updates the weights w of gradient g and moments m, v: Adam's
// step with the bias corrections c1, c2 and the decay factor keep, then
// the clip to +-clip.
//
// It computes in float64 and stores moments below minMoment as zero:
// in float32, the square of a small gradient and the moments of inputs
// that batches rarely see fall to subnormal numbers, which x86 computes
// a hundred times slower than normal ones.
func scalarAdamW(w, m, v, g []float32, lr, keep, c1, c2, clip float32) {
	const eps, minMoment = 1e-8, 1e-30
	m, v, g = m[:len(w)], v[:len(w)], g[:len(w)]
	lr64, keep64, c164, c264, clip64 := float64(lr), float64(keep), float64(c1), float64(c2), float64(clip)
	for j := range w {
		gj := float64(g[j])
		mj := beta1*float64(m[j]) + (1-beta1)*gj
		vj := beta2*float64(v[j]) + (1-beta2)*gj*gj
		if math.Abs(mj) < minMoment {
			mj = 0
		}
		if vj < minMoment {
			vj = 0
		}
		m[j], v[j] = float32(mj), float32(vj)
		x := float64(w[j])*keep64 - lr64*(mj*c164)/(math.Sqrt(vj*c264)+eps)
		if x > clip64 {
			x = clip64
		} else if x < -clip64 {
			x = -clip64
		}
		w[j] = float32(x)
	}
}
