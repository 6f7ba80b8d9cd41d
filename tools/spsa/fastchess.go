package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Match is how an iteration's games are played: fastchess, one engine
// binary (a "make TAGS=spsa" build) as both sides with different
// option values, UHO openings with both colours, Hash 16, one thread,
// adjudication as tools/match/match.sh.
type Match struct {
	Fastchess string `json:"-"`
	Openings  string `json:"openings"`
	Engine    string `json:"engine"`
	TC        string `json:"tc"`              // fastchess's tc, e.g. 5+0.05; "inf" with Nodes
	Nodes     int    `json:"nodes,omitempty"` // a node limit a move instead of (or beside) the clock
	Pairs     int    `json:"pairs"`           // game pairs an iteration (each opening with both colours)
	// Switches is MATADOR_SWITCHES for both sides: search switches
	// flipped from the defaults, so that a run tunes the margins of a
	// technique not yet on by default ("" plays the defaults).
	Switches string `json:"switches,omitempty"`
	// NNUE plays both sides with the network (option.Use NNUE=true), so
	// that a run tunes the margins for the net's scores.
	NNUE        bool `json:"nnue,omitempty"`
	Concurrency int  `json:"-"`
}

// env is the engines' environment: the caller's, with the run's search
// switches and the evaluation's defaults whatever the caller has set, so
// that a resumed run plays the engine it began with.
func (m Match) env() []string {
	return append(os.Environ(), "MATADOR_SWITCHES="+m.Switches, "MATADOR_EVAL_SWITCHES=")
}

// Args are fastchess's arguments for one iteration: the plus engine's and
// the minus engine's option values, openings shuffled by srand, the PGN
// written to pgn, and every line to and from the engines, with the time
// fastchess saw it, to engineLog (kept only with an anomaly: a time
// forfeit is explained by when the "go" went out and the "bestmove"
// came back).
func (m Match) Args(params []Param, pt Perturbation, srand uint64, pgn, engineLog string) []string {
	side := func(name string, values []float64) []string {
		a := []string{"-engine", "cmd=" + m.Engine, "name=" + name}
		for i, p := range params {
			a = append(a, "option."+p.Name+"="+optionValue(p, values[i]))
		}
		return a
	}
	args := append(side("plus", pt.Plus), side("minus", pt.Minus)...)
	each := []string{"-each", "tc=" + m.TC, "option.Hash=16", "option.Threads=1"}
	if m.NNUE {
		each = append(each, "option.Use NNUE=true")
	}
	if m.Nodes > 0 {
		each = append(each, "nodes="+strconv.Itoa(m.Nodes))
	}
	args = append(args, each...)
	return append(args,
		"-openings", "file="+m.Openings, "format=epd", "order=random",
		"-srand", strconv.FormatUint(srand, 10),
		"-draw", "movenumber=40", "movecount=8", "score=10",
		"-resign", "movecount=4", "score=700",
		"-rounds", strconv.Itoa(m.Pairs), "-games", "2", "-repeat",
		"-concurrency", strconv.Itoa(m.Concurrency), "-recover",
		"-autosaveinterval", "0",
		"-log", "file="+engineLog, "level=warn", "engine=true", "append=false",
		"-pgnout", "file="+pgn, "timeleft=true")
}

// Outcome is what the plus engine scored in an iteration's games, and the
// games that ended by time forfeit, disconnection (a crash) or an illegal
// move.
type Outcome struct {
	Games, Wins, Losses, Draws int
	Anomalies                  int
	AnomalyKinds               []string
}

// Result is the plus engine's wins less its losses.
func (o Outcome) Result() int { return o.Wins - o.Losses }

// errInterrupted: the iteration was stopped (SIGINT or SIGTERM); it is
// replayed on the next start.
var errInterrupted = errors.New("interrupted")

// Play runs fastchess for one iteration in dir (emptied first), its output
// in dir/fastchess.log, the engines' lines in dir/engines.log and the
// games in dir/games.pgn, and reads the outcome from the PGN. Unless
// every game of the iteration finished, the iteration does not count (an
// error). ctx's cancellation stops fastchess with SIGINT.
func (m Match) Play(ctx context.Context, dir string, params []Param, pt Perturbation, srand uint64) (Outcome, error) {
	if err := os.RemoveAll(dir); err != nil {
		return Outcome{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Outcome{}, err
	}
	pgn := filepath.Join(dir, "games.pgn")
	logf, err := os.Create(filepath.Join(dir, "fastchess.log"))
	if err != nil {
		return Outcome{}, err
	}
	defer logf.Close()
	cmd := exec.Command(m.Fastchess, m.Args(params, pt, srand, pgn, filepath.Join(dir, "engines.log"))...)
	cmd.Dir = dir
	cmd.Env = m.env()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return Outcome{}, fmt.Errorf("starting fastchess: %w", err)
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			cmd.Process.Signal(syscall.SIGINT)
		case <-done:
		}
	}()
	runErr := cmd.Wait()
	close(done)
	if ctx.Err() != nil {
		return Outcome{}, errInterrupted
	}
	o, err := ReadPGN(pgn, "plus", "minus")
	if err != nil {
		return o, fmt.Errorf("%w (fastchess: %v; see %s)", err, runErr, logf.Name())
	}
	if want := 2 * m.Pairs; o.Games != want {
		return o, fmt.Errorf("%d of %d games finished (fastchess: %v; see %s)", o.Games, want, runErr, logf.Name())
	}
	return o, nil
}

// ReadPGN counts the finished games of a fastchess PGN from the side of
// the engine named plus (against minus): every game with a result, by its
// White, Black and Result tags, and the Termination tags that tell of a
// time forfeit, a crash or an illegal move. A missing file is no games.
func ReadPGN(path, plus, minus string) (Outcome, error) {
	var o Outcome
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return o, nil
	}
	if err != nil {
		return o, err
	}
	defer f.Close()
	tags := map[string]string{}
	flush := func() error {
		if len(tags) == 0 {
			return nil
		}
		defer clear(tags)
		white, black, result := tags["White"], tags["Black"], tags["Result"]
		sign := 0
		switch {
		case white == plus && black == minus:
			sign = 1
		case white == minus && black == plus:
			sign = -1
		default:
			return fmt.Errorf("%s: a game of %q against %q, not of %s and %s", path, white, black, plus, minus)
		}
		switch result {
		case "1-0":
			o.count(sign)
		case "0-1":
			o.count(-sign)
		case "1/2-1/2":
			o.count(0)
		default:
			return nil // unfinished
		}
		switch t := tags["Termination"]; t {
		case "time forfeit", "abandoned", "illegal move", "stalled connection":
			o.Anomalies++
			o.AnomalyKinds = append(o.AnomalyKinds, t)
		}
		return nil
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	inMoves := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			if inMoves || strings.HasPrefix(line, "[Event ") {
				if err := flush(); err != nil {
					return o, err
				}
				inMoves = false
			}
			if name, value, ok := parseTag(line); ok {
				tags[name] = value
			}
			continue
		}
		if line != "" {
			inMoves = true
		}
	}
	if err := sc.Err(); err != nil {
		return o, err
	}
	return o, flush()
}

func (o *Outcome) count(score int) {
	o.Games++
	switch {
	case score > 0:
		o.Wins++
	case score < 0:
		o.Losses++
	default:
		o.Draws++
	}
}

// parseTag splits [Name "value"].
func parseTag(line string) (name, value string, ok bool) {
	body := strings.TrimSuffix(strings.TrimPrefix(line, "["), "]")
	name, rest, ok := strings.Cut(body, " ")
	if !ok {
		return "", "", false
	}
	v, err := strconv.Unquote(strings.TrimSpace(rest))
	if err != nil {
		return "", "", false
	}
	return name, v, true
}
