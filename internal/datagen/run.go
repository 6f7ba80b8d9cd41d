package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"matador/internal/search"
	"matador/internal/trainbin"
)

// Stats counts a run's work.
type Stats struct {
	Games, Skipped int // played and written; not played (opening unbalanced, over or unreadable)
	Positions      int // written by this run
	Total          int // positions in the file, this run's included
	Elapsed        time.Duration
	Results        [3]int // White wins, draws, Black wins among Games
}

// Run plays games into the data file at path, appending after the games it
// already holds, until cfg's stop conditions are met or ctx is cancelled;
// games under way when ctx ends are dropped (the next run plays them).
// The games it tries and writes nothing for go to the list beside the file
// (SkippedSuffix), which the next run passes over. The file is locked for
// the run where the system allows it, so that a second run is refused.
// Progress goes to progress every interval (nil: none).
func Run(ctx context.Context, cfg Config, path string, progress io.Writer, interval time.Duration) (Stats, error) {
	var st Stats
	if cfg.Threads < 1 {
		cfg.Threads = 1
	}
	_, statErr := os.Stat(path)
	fresh := errors.Is(statErr, os.ErrNotExist)
	ex, err := scanExisting(ctx, path)
	if err != nil {
		return st, err
	}
	binary := trainbin.IsBinaryName(path)
	if ex.Size > 0 && ex.Binary != binary {
		what := map[bool]string{false: "text lines", true: "binary records"}
		return st, fmt.Errorf("%s holds %s, but its name asks for %s (a name ending in .bin for binary)", path, what[ex.Binary], what[binary])
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return st, err
	}
	defer f.Close()
	if err := lockData(f); err != nil {
		return st, err
	}
	// Drop a line or record cut off by a killed run, then append.
	if err := f.Truncate(ex.Size); err != nil {
		return st, err
	}
	if _, err := f.Seek(ex.Size, io.SeekStart); err != nil {
		return st, err
	}
	if binary && ex.Size == 0 {
		if _, err := f.Write(trainbin.Header[:]); err != nil {
			return st, err
		}
	}
	st.Total = ex.Positions
	done := len(ex.Games)
	if cfg.reached(st.Total, done) {
		return st, nil
	}
	skipped, err := openSkipped(ctx, path+SkippedSuffix, fresh)
	if err != nil {
		return st, err
	}
	defer skipped.close()

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	numbers := make(chan uint64)
	games := make(chan Game)
	go func() {
		defer close(numbers)
		for n := uint64(0); ; n++ {
			if ex.Games[n] || skipped.games[n] {
				continue
			}
			select {
			case numbers <- n:
			case <-ctx.Done():
				return
			}
		}
	}()
	var workers sync.WaitGroup
	for range cfg.Threads {
		workers.Add(1)
		go func() {
			defer workers.Done()
			s := search.NewSearcher(cfg.HashMB)
			s.Net = cfg.Net
			// A search at a large node budget takes minutes: Ctrl-C
			// must end it, not wait for it.
			defer context.AfterFunc(ctx, s.Stop)()
			for n := range numbers {
				g := playGame(ctx, s, &cfg, n)
				select {
				case games <- g:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { workers.Wait(); close(games) }()

	start := time.Now()
	lastReport := start
	report := func() {
		if progress == nil {
			return
		}
		el := time.Since(start)
		rate := float64(st.Positions) / el.Seconds()
		line := fmt.Sprintf("datagen: %d games (+%d -%d =%d, %d skipped), %d positions written, %d in file, %.1f positions/s",
			st.Games, st.Results[0], st.Results[2], st.Results[1], st.Skipped, st.Positions, st.Total, rate)
		if left := cfg.timeLeft(st, done, el); left > 0 {
			line += fmt.Sprintf(", about %s left", left.Round(time.Second))
		}
		fmt.Fprintln(progress, line)
	}
	var writeErr error
	var records []byte // a game's binary records, the buffer reused
	for g := range games {
		if writeErr != nil || ctx.Err() != nil {
			continue // drain the workers
		}
		// One write per game: a file holds whole games.
		var err error
		switch {
		case g.Result == "":
			st.Skipped++
			if g.Reason != errStopped {
				err = skipped.add(g.Number)
			}
		case len(g.Positions) == 0:
			err = skipped.add(g.Number)
		case binary:
			if records, err = g.AppendRecords(records[:0]); err == nil {
				_, err = f.Write(records)
			}
		default:
			_, err = io.WriteString(f, g.Format())
		}
		if err != nil {
			writeErr = err
			cancel()
			continue
		}
		if g.Result == "" {
			continue
		}
		st.Games++
		done++
		switch g.Result {
		case "1-0":
			st.Results[0]++
		case "0-1":
			st.Results[2]++
		default:
			st.Results[1]++
		}
		st.Positions += len(g.Positions)
		st.Total += len(g.Positions)
		if cfg.reached(st.Total, done) {
			cancel()
		}
		if interval > 0 && time.Since(lastReport) >= interval {
			lastReport = time.Now()
			report()
		}
	}
	st.Elapsed = time.Since(start)
	report()
	if writeErr != nil {
		return st, writeErr
	}
	return st, f.Sync()
}

// reached reports whether a file with this many positions and games ends
// the run.
func (cfg *Config) reached(positions, games int) bool {
	return (cfg.Positions > 0 && positions >= cfg.Positions) || (cfg.Games > 0 && games >= cfg.Games)
}

// timeLeft estimates the time until the run's stop condition at this run's
// rate so far (0: no limit, or no rate yet). With both limits, the nearer.
func (cfg *Config) timeLeft(st Stats, games int, elapsed time.Duration) time.Duration {
	var left time.Duration
	estimate := func(have, want, doneHere int) {
		if want <= 0 || doneHere <= 0 || have >= want {
			return
		}
		t := time.Duration(float64(want-have) / float64(doneHere) * float64(elapsed))
		if left == 0 || t < left {
			left = t
		}
	}
	estimate(st.Total, cfg.Positions, st.Positions)
	estimate(games, cfg.Games, st.Games)
	return left
}
