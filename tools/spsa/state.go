package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"matador/internal/toolio"
)

// State is a run, as state.json keeps it after every iteration: the
// iterations done, the current values, and everything that decides the
// next iteration (the seed, the schedule, the match), so that a run
// stopped anywhere goes on as if it had not stopped.
type State struct {
	Name      string   `json:"name"`
	Iteration int      `json:"iteration"` // iterations done; the next is this one (from 0)
	Seed      uint64   `json:"seed"`
	Schedule  Schedule `json:"schedule"`
	Match     Match    `json:"match"`
	EngineSHA string   `json:"engine_sha256"`
	Params    []Param  `json:"params"`
	Games     int      `json:"games"`
	Wins      int      `json:"wins"` // of the plus engines
	Losses    int      `json:"losses"`
	Draws     int      `json:"draws"`
	Anomalies int      `json:"anomalies"` // time forfeits, crashes, illegal moves

	// keep is a second path Save writes the state to (-keep): a copy
	// outside WORK, committed, that a machine without WORK resumes from.
	keep string
}

// LoadState reads dir/state.json; ok is false when there is none.
func LoadState(dir string) (st *State, ok bool, err error) {
	return loadStateFile(filepath.Join(dir, "state.json"))
}

// loadStateFile reads a state file; ok is false when there is none. A
// device or a directory is refused, and a file larger than any state
// (whose parameters number tens) is not read whole.
func loadStateFile(path string) (st *State, ok bool, err error) {
	if err := toolio.CheckRegularIfExists(path); err != nil {
		return nil, false, err
	}
	f, err := toolio.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxStateSize+1))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > maxStateSize {
		return nil, false, fmt.Errorf("%s is larger than %d bytes: not a state file of spsa", path, maxStateSize)
	}
	st = new(State)
	if err := json.Unmarshal(b, st); err != nil {
		return nil, false, fmt.Errorf("%s: %w (not a state file of spsa?)", path, err)
	}
	return st, true, nil
}

const maxStateSize = 16 << 20

// Save writes dir/state.json, and the kept copy if there is one, each
// whole or not at all (a new file renamed over the old one).
func (st *State) Save(dir string) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(dir, "state.json"), append(b, '\n')); err != nil {
		return err
	}
	if st.keep == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(st.keep), 0o755); err != nil {
		return err
	}
	return writeAtomic(st.keep, append(b, '\n'))
}

// writeAtomic writes a file whole or not at all, through a temporary file
// of a name of its own (a fixed "path.tmp" could be someone's file).
func writeAtomic(path string, data []byte) error { return toolio.WriteFile(path, data) }

// srand is the opening shuffle of iteration k: another opening every
// iteration, the same one when an iteration is replayed.
func srand(seed uint64, k int) uint64 { return seed*1_000_003 + uint64(k) }

// The log, dir/log.tsv: a row an iteration, written just before the state.

func logHeader(params []Param) string {
	cols := []string{"iteration", "games", "wins", "losses", "draws", "result", "anomalies", "c_scale", "plus", "minus"}
	for _, p := range params {
		cols = append(cols, p.Name)
	}
	return strings.Join(cols, "\t") + "\n"
}

// logRow: the iteration (from 1), the plus engine's score, c_k over c_end
// (the same for every parameter above its floor), the values each side
// played (comma-separated, in the order of the columns), and every
// parameter's value after the update.
func logRow(k int, o Outcome, params []Param, pt Perturbation, s Schedule) string {
	join := func(v []float64) string {
		s := make([]string, len(v))
		for i := range v {
			s[i] = optionValue(params[i], v[i])
		}
		return strings.Join(s, ",")
	}
	scale := math.Pow(float64(s.Iterations)/float64(k+1), s.Gamma)
	cols := []string{strconv.Itoa(k + 1), strconv.Itoa(o.Games), strconv.Itoa(o.Wins), strconv.Itoa(o.Losses),
		strconv.Itoa(o.Draws), strconv.Itoa(o.Result()), strconv.Itoa(o.Anomalies),
		strconv.FormatFloat(scale, 'f', 4, 64), join(pt.Plus), join(pt.Minus)}
	for _, p := range params {
		cols = append(cols, strconv.FormatFloat(p.Value, 'f', 3, 64))
	}
	return strings.Join(cols, "\t") + "\n"
}

// trimLog keeps the header and the rows of the iterations done: a row
// written by an iteration whose state was not saved (the run stopped in
// between) goes, as the iteration is played again.
func trimLog(path string, done int, params []Param) error {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return writeAtomic(path, []byte(logHeader(params)))
	}
	if err != nil {
		return err
	}
	var keep strings.Builder
	keep.WriteString(logHeader(params))
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	for _, line := range lines[1:] {
		iter, _, _ := strings.Cut(line, "\t")
		if n, err := strconv.Atoi(iter); err == nil && n >= 1 && n <= done {
			keep.WriteString(line + "\n")
		}
	}
	if keep.String() == string(b) {
		return nil
	}
	return writeAtomic(path, []byte(keep.String()))
}

func appendLog(path, row string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(row); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Run plays iterations until the schedule's end, or limit of them when
// limit > 0, saving the state after each; a line of progress an iteration
// goes to out. An interrupted iteration leaves the state as it was.
func (st *State) Run(ctx context.Context, dir string, limit int, out io.Writer) error {
	logPath := filepath.Join(dir, "log.tsv")
	if err := trimLog(logPath, st.Iteration, st.Params); err != nil {
		return err
	}
	for played := 0; st.Iteration < st.Schedule.Iterations && (limit <= 0 || played < limit); played++ {
		k := st.Iteration
		start := time.Now()
		pt := Perturb(st.Params, st.Schedule, st.Seed, k)
		o, err := st.Match.Play(ctx, filepath.Join(dir, "iteration"), st.Params, pt, srand(st.Seed, k))
		if err != nil {
			return fmt.Errorf("iteration %d: %w", k+1, err)
		}
		if o.Anomalies > 0 {
			if err := keepAnomaly(dir, k); err != nil {
				return err
			}
		}
		Update(st.Params, pt, o.Result())
		if err := appendLog(logPath, logRow(k, o, st.Params, pt, st.Schedule)); err != nil {
			return err
		}
		st.Iteration++
		st.Games += o.Games
		st.Wins += o.Wins
		st.Losses += o.Losses
		st.Draws += o.Draws
		st.Anomalies += o.Anomalies
		if err := st.Save(dir); err != nil {
			return err
		}
		anomalies := ""
		if o.Anomalies > 0 {
			anomalies = fmt.Sprintf(" (%s)", strings.Join(o.AnomalyKinds, ", "))
		}
		fmt.Fprintf(out, "iteration %d/%d: plus %d-%d-%d%s, %.1fs; %d games, %d anomalies in all\n",
			k+1, st.Schedule.Iterations, o.Wins, o.Losses, o.Draws, anomalies, time.Since(start).Seconds(),
			st.Games, st.Anomalies)
	}
	return nil
}

// keepAnomaly copies the games, fastchess log and engine log of iteration
// k (from 0), which had a time forfeit, crash or illegal move, to
// dir/anomalies/iteration-NNNN.pgn, .log and .engines.log: the next
// iteration empties dir/iteration, and a loss on time must be read to be
// explained.
func keepAnomaly(dir string, k int) error {
	into := filepath.Join(dir, "anomalies")
	if err := os.MkdirAll(into, 0o755); err != nil {
		return err
	}
	for from, ext := range map[string]string{"games.pgn": ".pgn", "fastchess.log": ".log", "engines.log": ".engines.log"} {
		b, err := os.ReadFile(filepath.Join(dir, "iteration", from))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(into, fmt.Sprintf("iteration-%04d%s", k+1, ext)), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
