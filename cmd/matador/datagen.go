//go:build !js

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"matador/internal/datagen"
	"matador/internal/nnue"
	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// defaultOpenings is where the project keeps its opening sets, seen from
// the repository's root.
const defaultOpenings = "../shared/data/openings/UHO_4060_v3.epd"

// runDatagen is "matador datagen": self-play that writes training positions.
func runDatagen(args []string, stderr io.Writer) int {
	cfg := datagen.DefaultConfig()
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "data file to append to (required); a run on an existing file resumes it; a name ending in .bin gets binary records")
	openings := fs.String("openings", defaultOpenings, `EPD or FEN file of start positions, or "startpos"`)
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "games played at once")
	fs.Uint64Var(&cfg.Nodes, "nodes", cfg.Nodes, "nodes searched per move")
	fs.IntVar(&cfg.HashMB, "hash", cfg.HashMB, "hash table per thread, MB")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the openings and random plies; a run is repeatable")
	fs.IntVar(&cfg.RandomPlies, "random-plies", cfg.RandomPlies, "random legal plies after the opening")
	fs.IntVar(&cfg.PerGame, "per-game", cfg.PerGame, "positions kept at most from one game (0: every usable one)")
	fs.IntVar(&cfg.SkipPlies, "skip-plies", cfg.SkipPlies, "plies at the start of a game never kept")
	fs.IntVar(&cfg.Positions, "positions", 0, "stop once the file holds this many positions (0: no limit)")
	fs.IntVar(&cfg.Games, "games", 0, "stop once the file holds this many games (0: no limit)")
	interval := fs.Duration("progress", 10*time.Second, "time between progress lines")
	evalFile := fs.String("evalfile", "", `play with the network: "default" for the embedded net, or a net file (default: the classical evaluation)`)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: matador datagen -o FILE [-threads N] [-nodes N] [-hash MB] [-positions N | -games N] [-openings FILE] [-random-plies N] [-per-game N] [-skip-plies N] [-seed S] [-progress D] [-evalfile default|FILE]")
		return 2
	}
	if msg := datagenRangeError(&cfg); msg != "" {
		fmt.Fprintln(stderr, "matador datagen:", msg)
		return 2
	}
	// A file that cannot be written is said before the net and the
	// openings are read and the run is announced; what the file holds is
	// checked as the run resumes it.
	if err := toolio.CheckOutput(*out); err != nil {
		fmt.Fprintf(stderr, "matador datagen: -o %v\n", err)
		return 2
	}
	switch *evalFile {
	case "":
	case "default":
		cfg.Net = nnue.Default()
	default:
		net, err := nnue.Load(*evalFile)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -evalfile %s: %v\n", *evalFile, err)
			return 1
		}
		cfg.Net = net
	}
	if *openings != "startpos" {
		f, err := toolio.OpenInput(*openings)
		if err != nil {
			fmt.Fprintf(stderr, "datagen: -openings %v (give -openings FILE, or -openings startpos)\n", err)
			return 1
		}
		cfg.Openings, err = datagen.ReadOpenings(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "datagen: openings %s: %v\n", *openings, err)
			return 1
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first Ctrl-C stops the run with the file whole; a second one
	// kills it the default way (a line it cuts is dropped by the next run).
	context.AfterFunc(ctx, stop)
	evaluation := "the classical evaluation"
	if cfg.Net != nil {
		evaluation = "the net " + cfg.Net.ID
	}
	fmt.Fprintf(stderr, "datagen: %d threads, %d nodes a move, seed %d, %d openings, %s, into %s\n",
		cfg.Threads, cfg.Nodes, cfg.Seed, max(len(cfg.Openings), 1), evaluation, *out)
	st, err := datagen.Run(ctx, cfg, *out, stderr, *interval)
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "datagen:", err)
		return 1
	}
	fmt.Fprintf(stderr, "datagen: done: %d games, %d positions written in %s; the file holds %d\n",
		st.Games, st.Positions, st.Elapsed.Round(time.Second), st.Total)
	return 0
}

// datagenRangeError names the first flag whose value is out of its range
// ("" when all are in range): a negative count must not mean "no limit".
func datagenRangeError(cfg *datagen.Config) string {
	checks := []struct {
		flag     string
		value    int
		min, max int
	}{
		{"-threads", cfg.Threads, 1, 1024},
		{"-hash", cfg.HashMB, 1, 1 << 16},
		{"-random-plies", cfg.RandomPlies, 0, 100},
		{"-per-game", cfg.PerGame, 0, 10000},
		{"-skip-plies", cfg.SkipPlies, 0, 10000},
		{"-positions", cfg.Positions, 0, 1 << 40},
		// Every game gets a number, which a binary record holds in 32
		// bits.
		{"-games", cfg.Games, 0, trainbin.NoGame - 1},
	}
	for _, c := range checks {
		if c.value < c.min || c.value > c.max {
			return fmt.Sprintf("%s must be from %d to %d, got %d", c.flag, c.min, c.max, c.value)
		}
	}
	if cfg.Nodes == 0 {
		return "-nodes must be at least 1"
	}
	return ""
}
