package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"matador/tools/internal/workenv"
)

// Config is how rows are played.
type Config struct {
	Work, Fastchess, Openings string
	Engine                    string // the Matador binary both sides run
	TC                        string
	Concurrency               int
	ChunkRounds               int // game pairs a fastchess run plays
	Rule                      StopRule
	Seed                      int     // chunk i plays its openings in the order of seed + i
	Ledger                    *Ledger // where finished chunks are recorded; nil: nowhere
	Doc                       string  // a document whose ablation block the report rewrites; "": none
}

// Count is a row's tally: the chunks the ledger records and the chunk
// files of the row's directory it does not hold (yet).
func (c Config) Count(name string) (*Tally, error) {
	t, _, err := c.count(name)
	return t, err
}

// count is Count, and the next chunk to play: one past the highest the
// ledger or the directory knows.
func (c Config) count(name string) (*Tally, int, error) {
	files, err := countChunks(c.RowDir(name), "on", "off")
	if err != nil {
		return nil, 0, err
	}
	recs := map[int]ChunkRecord{}
	if c.Ledger != nil {
		if recs, err = c.Ledger.Row(name, c.TC); err != nil {
			return nil, 0, err
		}
	}
	t := newTally()
	next := nextChunk(c.RowDir(name))
	for i, r := range recs {
		t.merge(r.Tally)
		next = max(next, i+1)
	}
	for _, i := range slices.Sorted(maps.Keys(files)) {
		if _, recorded := recs[i]; !recorded {
			t.merge(files[i])
		}
	}
	return t, next, nil
}

// record writes into the ledger every chunk file of the row it does not
// hold: the chunk just played, those of a run before the ledger existed,
// and the whole pairs of a chunk a kill cut short (no chunk is being
// played while record runs, so a .part file is one no run will finish).
// The row's count and stop rule take those pairs, so the ledger holds
// them too: the report, written from the ledger alone, then agrees with
// the decision the tool made. The row's directory was checked by prepare
// to hold the games of this engine only.
func (c Config) record(r Row, sha, version string) error {
	if c.Ledger == nil {
		return nil
	}
	recs, err := c.Ledger.Row(r.Name, c.TC)
	if err != nil {
		return err
	}
	files, err := countChunks(c.RowDir(r.Name), "on", "off")
	if err != nil {
		return err
	}
	for _, i := range slices.Sorted(maps.Keys(files)) {
		if _, done := recs[i]; done || files[i].Games == 0 {
			continue
		}
		rec := ChunkRecord{Switch: r.Name, TC: c.TC, Chunk: i, Seed: c.Seed + i, EngineSHA: sha, EngineVersion: version, Tally: files[i]}
		if err := c.Ledger.Append(rec); err != nil {
			return err
		}
	}
	return nil
}

// RowDir is where a row's games, scripts and log are:
// WORK/ablate/TC/SWITCH.
func (c Config) RowDir(name string) string {
	return filepath.Join(c.TCDir(), name)
}

// TCDir holds the rows of one time control, and by default the table and
// the chart.
func (c Config) TCDir() string { return filepath.Join(c.Work, "ablate", c.TC) }

// rowMeta is written beside a row's games: which engine and switch spec
// they were played with, so that a resume with another binary is refused.
type rowMeta struct {
	Switch      string `json:"switch"`
	Variable    string `json:"variable"`
	On          string `json:"on_spec"`
	Off         string `json:"off_spec"`
	TC          string `json:"tc"`
	Engine      string `json:"engine"`
	EngineSHA   string `json:"engine_sha256"`
	Concurrency int    `json:"concurrency"`
}

// script is a wrapper that starts the engine with one side's switches;
// both variables are set, so that nothing leaks from the caller's
// environment.
func script(engine, variable, spec string) string {
	search, ev := "", ""
	if variable == "MATADOR_EVAL_SWITCHES" {
		ev = spec
	} else {
		search = spec
	}
	return fmt.Sprintf("#!/bin/sh\nMATADOR_SWITCHES=%s MATADOR_EVAL_SWITCHES=%s exec %s \"$@\"\n",
		shellQuote(search), shellQuote(ev), shellQuote(engine))
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// prepare makes the row's directory, its meta file and its two wrapper
// scripts (on.sh, off.sh), refusing a directory whose games another
// engine binary played.
func (c Config) prepare(r Row) (dir, sha string, err error) {
	dir = c.RowDir(r.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	if sha, err = workenv.FileSHA256(c.Engine); err != nil {
		return "", "", err
	}
	if c.Ledger != nil {
		recs, err := c.Ledger.Row(r.Name, c.TC)
		if err != nil {
			return "", "", err
		}
		for _, rec := range recs {
			if rec.EngineSHA != sha {
				return "", "", fmt.Errorf("%s: %s's chunks there were played by another binary (%s, sha256 %.12s); this one is %.12s: build that commit, or give this run another -ledger",
					c.Ledger.Path, r.Name, rec.EngineVersion, rec.EngineSHA, sha)
			}
		}
	}
	meta := rowMeta{Switch: r.Name, Variable: r.Variable(), On: r.OnSpec(), Off: r.OffSpec(),
		TC: c.TC, Engine: c.Engine, EngineSHA: sha, Concurrency: c.Concurrency}
	metaPath := filepath.Join(dir, "row.json")
	if old, err := os.ReadFile(metaPath); err == nil {
		var prev rowMeta
		if err := json.Unmarshal(old, &prev); err != nil {
			return "", "", fmt.Errorf("%s: %w", metaPath, err)
		}
		if prev.EngineSHA != sha {
			return "", "", fmt.Errorf("%s: its games were played by another binary (%s, sha256 %.12s); this one is %.12s: use another WORK or move the row away",
				dir, prev.Engine, prev.EngineSHA, sha)
		}
		if prev.On != meta.On || prev.Off != meta.Off || prev.Variable != meta.Variable {
			return "", "", fmt.Errorf("%s: played with on %q, off %q (%s); now on %q, off %q", dir, prev.On, prev.Off, prev.Variable, meta.On, meta.Off)
		}
	}
	b, _ := json.MarshalIndent(meta, "", "  ")
	if err := os.WriteFile(metaPath, append(b, '\n'), 0o644); err != nil {
		return "", "", err
	}
	for side, spec := range map[string]string{"on": r.OnSpec(), "off": r.OffSpec()} {
		if r.Option != "" {
			spec = "" // given by fastchess (fastchessArgs), not the wrapper
		}
		if err := os.WriteFile(filepath.Join(dir, side+".sh"), []byte(script(c.Engine, r.Variable(), spec)), 0o755); err != nil {
			return "", "", err
		}
	}
	return dir, sha, nil
}

// classicalOption is the fastchess option that has an engine play the
// classical evaluation, and classicalBench the environment that has its
// bench search with it; netOption and netBench the same for the net.
const (
	classicalOption = "option.Use NNUE=false"
	classicalBench  = "MATADOR_BENCH_EVAL=classical"
	netOption       = "option.Use NNUE=true"
	netBench        = "MATADOR_BENCH_EVAL=nnue"
)

// netSwitches are the switches that act only on the network's search;
// their rows play the net on both sides.
var netSwitches = map[string]bool{"NNUEImbalance": true}

// evalOption is the evaluation both sides of a switch row play, whatever
// the engine's default: the classical one, since an evaluation switch
// does nothing under the net and the table's search rows were measured
// so, except for a switch of the net's (netSwitches).
func (r Row) evalOption() string {
	if netSwitches[r.Name] {
		return netOption
	}
	return classicalOption
}

// evalBench is the bench environment of evalOption's evaluation.
func (r Row) evalBench() string {
	if netSwitches[r.Name] {
		return netBench
	}
	return classicalBench
}

// fastchessArgs are the arguments of one chunk of row r: rounds game
// pairs, the PGN to pgn, openings shuffled by seed. An option row's
// flipped side gets its option here.
func (c Config) fastchessArgs(r Row, dir string, rounds, seed int, pgn string) []string {
	on := []string{"-engine", "cmd=" + filepath.Join(dir, "on.sh"), "name=on"}
	off := []string{"-engine", "cmd=" + filepath.Join(dir, "off.sh"), "name=off"}
	if r.Option != "" {
		if r.Default {
			off = append(off, r.Spec())
		} else {
			on = append(on, r.Spec())
		}
	} else {
		pin := r.evalOption()
		on, off = append(on, pin), append(off, pin)
	}
	return append(append(on, off...),
		"-each", "tc="+c.TC, "option.Hash=16", "option.Threads=1",
		"-openings", "file="+c.Openings, "format=epd", "order=random",
		"-srand", strconv.Itoa(seed),
		"-draw", "movenumber=40", "movecount=8", "score=10",
		"-resign", "movecount=4", "score=700",
		"-rounds", strconv.Itoa(rounds), "-games", "2", "-repeat",
		"-concurrency", strconv.Itoa(c.Concurrency), "-recover",
		"-pgnout", "file="+pgn, "timeleft=true",
	)
}

// PlayRow plays a row's chunks until its stop rule says done, recounting
// the row from its chunk files before each one, so that a run stopped
// anywhere resumes where it was (losing at most the games of the chunk
// being played that were not yet written; the chunk's whole pairs count).
// after is called with the row's tally after each chunk.
func (c Config) PlayRow(r Row, log io.Writer, after func(*Tally)) error {
	dir, sha, err := c.prepare(r)
	if err != nil {
		return err
	}
	version := engineVersion(c.Engine)
	if err := c.record(r, sha, version); err != nil {
		return err
	}
	for {
		t, i, err := c.count(r.Name)
		if err != nil {
			return err
		}
		res := Stats(t.Penta)
		if done, why := c.Rule.Done(t.Games, res); done {
			fmt.Fprintf(log, "%s: done (%s) after %d games: %s\n", r.Name, why, t.Games, formatElo(res))
			return nil
		}
		rounds := min(c.ChunkRounds, (c.Rule.Cap-t.Games+1)/2)
		part := filepath.Join(dir, chunkName(i)+partExt)
		fmt.Fprintf(log, "%s: %d games so far (%s); chunk %d, %d games\n", r.Name, t.Games, formatElo(res), i, 2*rounds)
		if err := c.runFastchess(dir, c.fastchessArgs(r, dir, rounds, c.Seed+i, part)); err != nil {
			return fmt.Errorf("%s chunk %d: %w (its games are kept in %s; the log is %s)", r.Name, i, err, part, filepath.Join(dir, "log.txt"))
		}
		if err := os.Rename(part, filepath.Join(dir, chunkName(i))); err != nil {
			return err
		}
		if err := c.record(r, sha, version); err != nil {
			return err
		}
		after2, err := c.Count(r.Name)
		if err != nil {
			return err
		}
		if after2.Games <= t.Games {
			return fmt.Errorf("%s chunk %d added no whole pair of games: see %s", r.Name, i, filepath.Join(dir, "log.txt"))
		}
		if after != nil {
			after(after2)
		}
	}
}

// engineVersion is the first line "ENGINE version" prints ("Matador
// 0.1.0-dev (f59077836794) go1.26.8"): the commit a ledger line's games
// were played by; "" when it prints none.
func engineVersion(engine string) string {
	b, err := exec.Command(engine, "version").Output()
	if err != nil {
		return ""
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return line
}

// runFastchess runs one chunk in the row's directory, its output appended
// to log.txt there.
func (c Config) runFastchess(dir string, args []string) error {
	logf, err := os.OpenFile(filepath.Join(dir, "log.txt"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer logf.Close()
	fmt.Fprintf(logf, "\n$ %s %s\n", c.Fastchess, strings.Join(args, " "))
	cmd := exec.Command(c.Fastchess, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = logf, logf
	setChildAttrs(cmd)
	// Pdeathsig follows the thread that started the child: keep it.
	runtime.LockOSThread()
	err = cmd.Run()
	runtime.UnlockOSThread()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("fastchess: %v", exit)
		}
		return err
	}
	return nil
}
