//go:build !js

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"matador/internal/train"
)

// runTrain is "matador train": learn a net from trainbin files.
func runTrain(args []string, stdout, stderr io.Writer) int {
	cfg := train.DefaultConfig()
	cfg.Threads = runtime.NumCPU()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "trainbin files to train on, separated by commas (required)")
	fs.StringVar(&cfg.Out, "o", "", "net file to write (required); an existing file is replaced only if it is a net")
	fs.StringVar(&cfg.Checkpoint, "checkpoint", "", "directory of the run's checkpoint and each epoch's net; the same command resumes a stopped run")
	fs.StringVar(&cfg.Init, "init", "", `net file whose weights the run starts from, "default" for the embedded net (default: random weights from -seed)`)
	fs.BoolVar(&cfg.Mirror, "mirror", false, "read half the positions without castling rights mirrored (files a-h turned round) each epoch: positions of the same value the games did not hold")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "weight of the game's result in the target (the rest is the score's)")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "learning rate at the start")
	// Registered with 0, which -h does not print: the default follows -lr
	// (below), and a fixed figure there would be wrong for any other -lr.
	fs.Float64Var(&cfg.LREnd, "lr-end", 0, "learning rate at the end of the cosine schedule (default: 0.00243 times -lr)")
	fs.StringVar(&cfg.Schedule, "schedule", cfg.Schedule, "learning-rate schedule: cosine, or step (x -gamma at -drop-at, or every -step-every epochs)")
	fs.Float64Var(&cfg.DropAt, "drop-at", cfg.DropAt, "fraction of the run at which the step schedule drops the rate by -gamma (without -step-every)")
	fs.Float64Var(&cfg.StepEvery, "step-every", cfg.StepEvery, "epochs between the step schedule's drops by -gamma, as bullet's StepLR (0: one drop, at -drop-at)")
	fs.Float64Var(&cfg.Gamma, "gamma", cfg.Gamma, "factor of each of the step schedule's drops")
	fs.IntVar(&cfg.Hidden, "hidden", cfg.Hidden, "width of the hidden layer: 256, 512, 768 or 1024 with -king-buckets; 256 without")
	fs.StringVar(&cfg.KingBuckets, "king-buckets", cfg.KingBuckets, "king input buckets of a version 3 net, the board mirrored so the own king is on files e-h: 1, 4, 8 or 10 for the built-in layouts, or 32 comma-separated buckets of e1-h1, e2-h2, ..., e8-h8 (default: none, a version 2 net)")
	fs.BoolVar(&cfg.Factoriser, "factoriser", false, "with -king-buckets, train shared rows beside the buckets' own, which every position reads and the net written adds to each bucket's (as bullet's king-bucket examples)")
	fs.Float64Var(&cfg.Decay, "decay", cfg.Decay, "AdamW weight decay")
	fs.IntVar(&cfg.Batch, "batch", cfg.Batch, "positions a batch")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the data")
	fs.IntVar(&cfg.Threads, "threads", cfg.Threads, "threads; the result depends on it, so a resumed run needs the same")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the first weights and of the order of positions")
	fs.Float64Var(&cfg.Validate, "validate", cfg.Validate, "fraction of the games held out to measure the loss on")
	fs.IntVar(&cfg.ValMax, "val-max", cfg.ValMax, "held-out positions kept at most")
	fs.IntVar(&cfg.Chunk, "chunk", cfg.Chunk, "records read and shuffled together")
	fs.DurationVar(&cfg.Progress, "progress", cfg.Progress, "time between progress lines")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "matador train: unexpected arguments %q\n", fs.Args())
		return 2
	}
	// Without -lr-end the schedule ends at its fixed share of -lr, so that
	// a small -lr is not refused for a flag the user never gave.
	lrEndGiven := false
	fs.Visit(func(f *flag.Flag) { lrEndGiven = lrEndGiven || f.Name == "lr-end" })
	if !lrEndGiven {
		cfg.LREnd = train.DefaultLREnd(cfg.LR)
	}
	if *data != "" {
		cfg.Data = strings.Split(*data, ",")
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintln(stderr, "matador train:", err)
		fmt.Fprintln(stderr, "usage: matador train -data A.bin[,B.bin...] -o NET [-checkpoint DIR] [-epochs N] [-lambda L] [-lr R] [-threads N] [-seed S] (matador train -h lists every flag)")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first signal asks for a checkpoint at the next batch; once it
	// has come, a second one ends the process at once, as by default.
	go func() {
		<-ctx.Done()
		stop()
	}()
	res, err := train.Run(ctx, cfg, stderr)
	if errors.Is(err, train.ErrStopped) {
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "matador train:", err)
		return 1
	}
	val := "no positions held out"
	if !math.IsNaN(res.ValLoss) {
		val = fmt.Sprintf("val loss %.6f (against results alone %.6f)", res.ValLoss, res.ValResultLoss)
	}
	fmt.Fprintf(stderr, "train: done: %d positions in %s, train loss %.6f, %s\n",
		res.Positions, res.Elapsed.Round(1e9), res.TrainLoss, val)
	fmt.Fprintf(stdout, "%s %s\n", cfg.Out, res.Net)
	return 0
}
