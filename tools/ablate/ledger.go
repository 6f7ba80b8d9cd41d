package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"matador/internal/toolio"
)

// The ledger is the rows' record that outlives the work directory: one
// line for every finished chunk (its tally, not its games), kept in the
// repository (docs/ablation/chunks-TC.tsv) and committed as rows are
// played. A machine that lost WORK resumes each row after its last
// recorded chunk, with the next chunk's openings, and -report writes the
// same table and chart from the ledger alone.

// ChunkRecord is one ledger line.
type ChunkRecord struct {
	Switch, TC    string
	Chunk, Seed   int
	EngineSHA     string // SHA-256 of the binary that played the chunk
	EngineVersion string // its "matador version" line: version and commit
	Tally         *Tally
}

var ledgerHeader = []string{"switch", "tc", "chunk", "seed", "engine_sha256", "engine_version", "pentanomial",
	"w", "l", "d", "games", "played", "incomplete", "unpaired", "seconds", "timed_games", "terminations"}

// Ledger is the records of one ledger file.
type Ledger struct {
	Path    string
	Records []ChunkRecord
}

// LedgerPath is the ledger of one time control in the repository at root.
func LedgerPath(root, tc string) string {
	return filepath.Join(root, "docs", "ablation", "chunks-"+tc+".tsv")
}

// LoadLedger reads a ledger; a file that does not exist is an empty one.
func LoadLedger(path string) (*Ledger, error) {
	l := &Ledger{Path: path}
	f, err := toolio.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 && line == strings.Join(ledgerHeader, "\t") || strings.TrimSpace(line) == "" {
			continue
		}
		rec, err := parseRecord(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		l.Records = append(l.Records, rec)
	}
	return l, sc.Err()
}

func parseRecord(line string) (ChunkRecord, error) {
	f := strings.Split(line, "\t")
	if len(f) != len(ledgerHeader) {
		return ChunkRecord{}, fmt.Errorf("%d fields, want %d", len(f), len(ledgerHeader))
	}
	t := newTally()
	r := ChunkRecord{Switch: f[0], TC: f[1], EngineSHA: f[4], EngineVersion: f[5], Tally: t}
	ints := []*int{&r.Chunk, &r.Seed}
	for i, p := range ints {
		v, err := strconv.Atoi(f[2+i])
		if err != nil {
			return r, fmt.Errorf("%s: %w", ledgerHeader[2+i], err)
		}
		*p = v
	}
	penta := strings.Split(f[6], ",")
	if len(penta) != 5 {
		return r, fmt.Errorf("pentanomial %q", f[6])
	}
	for i, s := range penta {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return r, fmt.Errorf("pentanomial %q", f[6])
		}
		t.Penta[i] = v
	}
	var seconds int
	counts := []*int{&t.W, &t.L, &t.D, &t.Games, &t.Played, &t.Incomplete, &t.Unpaired, &seconds, &t.TimedGames}
	for i, p := range counts {
		v, err := strconv.Atoi(f[7+i])
		if err != nil || v < 0 {
			return r, fmt.Errorf("%s %q", ledgerHeader[7+i], f[7+i])
		}
		*p = v
	}
	t.Seconds = float64(seconds)
	if t.Games != 2*t.Penta.Pairs() || t.W+t.L+t.D != t.Games {
		return r, fmt.Errorf("games %d, W-L-D %d-%d-%d and pentanomial %s disagree", t.Games, t.W, t.L, t.D, f[6])
	}
	if f[16] != "" {
		for _, kv := range strings.Split(f[16], ";") {
			k, v, ok := strings.Cut(kv, "=")
			n, err := strconv.Atoi(v)
			if !ok || err != nil || n < 0 {
				return r, fmt.Errorf("termination %q", kv)
			}
			t.Terminations[k] += n
		}
	}
	if r.Chunk < 1 || r.Switch == "" || r.TC == "" {
		return r, fmt.Errorf("switch %q, tc %q, chunk %d", r.Switch, r.TC, r.Chunk)
	}
	return r, nil
}

func (r ChunkRecord) line() string {
	t := r.Tally
	terms := make([]string, 0, len(t.Terminations))
	for _, k := range sortedKeys(t.Terminations) {
		terms = append(terms, fmt.Sprintf("%s=%d", k, t.Terminations[k]))
	}
	clean := func(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }
	f := []string{r.Switch, r.TC, strconv.Itoa(r.Chunk), strconv.Itoa(r.Seed), r.EngineSHA, clean(r.EngineVersion),
		fmt.Sprintf("%d,%d,%d,%d,%d", t.Penta[0], t.Penta[1], t.Penta[2], t.Penta[3], t.Penta[4])}
	for _, v := range []int{t.W, t.L, t.D, t.Games, t.Played, t.Incomplete, t.Unpaired, int(t.Seconds + 0.5), t.TimedGames} {
		f = append(f, strconv.Itoa(v))
	}
	f = append(f, clean(strings.Join(terms, ";")))
	return strings.Join(f, "\t")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Append records a chunk, in memory and in the file (made with its header
// when new).
func (l *Ledger) Append(r ChunkRecord) error {
	if strings.ContainsAny(r.Switch+r.TC+r.EngineSHA, "\t\n") {
		return fmt.Errorf("ledger: a tab or newline in %q", r.Switch+" "+r.TC)
	}
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(l.Path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	var b strings.Builder
	if st, err := f.Stat(); err == nil && st.Size() == 0 {
		b.WriteString(strings.Join(ledgerHeader, "\t") + "\n")
	}
	b.WriteString(r.line() + "\n")
	if _, err := f.WriteString(b.String()); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	l.Records = append(l.Records, r)
	return nil
}

// Row is the records of one switch at one time control, by chunk. Two
// records of one chunk, or records of two binaries, are an error: the
// row's games would be counted twice or mixed.
func (l *Ledger) Row(name, tc string) (map[int]ChunkRecord, error) {
	recs := map[int]ChunkRecord{}
	sha := ""
	for _, r := range l.Records {
		if r.Switch != name || r.TC != tc {
			continue
		}
		if _, dup := recs[r.Chunk]; dup {
			return nil, fmt.Errorf("%s: %s at %s has chunk %d twice", l.Path, name, tc, r.Chunk)
		}
		if sha != "" && r.EngineSHA != sha {
			return nil, fmt.Errorf("%s: %s at %s mixes the games of two binaries (sha256 %.12s and %.12s)", l.Path, name, tc, sha, r.EngineSHA)
		}
		sha = r.EngineSHA
		recs[r.Chunk] = r
	}
	return recs, nil
}

// merge adds another tally's counts.
func (t *Tally) merge(o *Tally) {
	for i := range t.Penta {
		t.Penta[i] += o.Penta[i]
	}
	t.W += o.W
	t.L += o.L
	t.D += o.D
	t.Games += o.Games
	t.Played += o.Played
	t.Incomplete += o.Incomplete
	t.Unpaired += o.Unpaired
	t.Seconds += o.Seconds
	t.TimedGames += o.TimedGames
	for k, v := range o.Terminations {
		t.Terminations[k] += v
	}
}
