package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Record is one match or SPRT as it ended (or as it stood when it was
// set aside): what played, how, and what the games gave. The figures are
// fastchess's (Elo and its 95% interval, LLR), kept as the text it
// printed, so that a record says no more than was measured. A record
// holds no path: engines are named by their builds.
//
// A record of kind "net" is one net of the nets table instead: its name,
// round, data and training, and no games; the net's matches are their
// own records, and the table puts them in its row.
type Record struct {
	Name string `json:"name"`           // the run's NAME in tools/match, tools/sprt or tools/calib; net-ROUND for a net
	Kind string `json:"kind"`           // "match", "sprt", "calib" or "net"
	Date string `json:"date,omitempty"` // YYYY-MM-DD, the day the record was kept
	// Build is the commit of Matador's side (the new side of an SPRT);
	// Eval its evaluation: a net's name (nn- and the first 12 hex digits
	// of its file's SHA-256, then what it is), or "classical". A net's
	// record names the net alone.
	Build string `json:"build,omitempty"`
	Eval  string `json:"eval,omitempty"`
	// Round labels a net by its round of training (r2-v2: round 2's
	// net v2); Data is what it was trained on, Training how. A net's
	// record alone holds them.
	Round    string `json:"round,omitempty"`
	Data     string `json:"data,omitempty"`
	Training string `json:"training,omitempty"`
	// Change is what an SPRT measures or what Matador's side of a match
	// differs by; Opponent the other side.
	Change   string `json:"change,omitempty"`
	Opponent string `json:"opponent"`
	TC       string `json:"tc"`
	Games    int    `json:"games"`
	Wins     int    `json:"wins"`
	Losses   int    `json:"losses"`
	Draws    int    `json:"draws"`
	// Penta counts game pairs by the points Matador's side took: [LL,
	// LD, DD+WL, WD, WW].
	Penta []int `json:"penta,omitempty"`
	// Elo and Err are fastchess's Elo and the half-width of its 95%
	// interval; EloText stands for both where there is no interval.
	Elo     json.Number `json:"elo,omitempty"`
	Err     json.Number `json:"err,omitempty"`
	EloText string      `json:"elo_text,omitempty"`
	// Bounds are an SPRT's elo0 and elo1, LLR its log-likelihood ratio
	// (its bounds 2.94 either way), Result "H1", "H0" or "undecided".
	Bounds []json.Number `json:"bounds,omitempty"`
	LLR    json.Number   `json:"llr,omitempty"`
	Result string        `json:"result,omitempty"`
	// Faults counts games lost on time, by an illegal move or by a
	// crash (tools/gamestats); nil where they were not counted.
	Faults *int `json:"faults,omitempty"`
	// Tables names the generated tables the record is a row of.
	Tables []string `json:"tables"`
	Note   string   `json:"note,omitempty"` // a few words: what the result decided
}

// LedgerDir is the ledger's folder in the repository at root: one file
// a run, NAME.json.
func LedgerDir(root string) string { return filepath.Join(root, "tools", "runs", "ledger") }

// Load reads every record of the ledger in dir, newest first (by date,
// then name), and refuses a record that is not whole.
func Load(dir string) ([]Record, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var recs []Record
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var r Record
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		if err := r.check(); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		if want := strings.TrimSuffix(filepath.Base(f), ".json"); r.Name != want {
			return nil, fmt.Errorf("%s: name %q, want the file's name %q", f, r.Name, want)
		}
		recs = append(recs, r)
	}
	slices.SortStableFunc(recs, func(a, b Record) int {
		if c := strings.Compare(b.Date, a.Date); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return recs, nil
}

// check holds a record to what the tables need, and to no paths.
func (r Record) check() error {
	var err error
	switch r.Kind {
	case "match", "sprt", "calib":
		err = r.checkRun()
	case "net":
		err = r.checkNet()
	default:
		err = fmt.Errorf("kind %q: want match, sprt, calib or net", r.Kind)
	}
	if err != nil {
		return err
	}
	if len(r.Tables) == 0 {
		return fmt.Errorf("in no table")
	}
	for _, t := range r.Tables {
		if _, ok := tables[t]; !ok {
			return fmt.Errorf("table %q: no such table", t)
		}
	}
	b, _ := json.Marshal(r)
	if p := absolutePath(string(b)); p != "" {
		return fmt.Errorf("holds the path %q: name engines by their builds", p)
	}
	return nil
}

// checkRun holds a match, an SPRT or a calibration to its counts and
// figures.
func (r Record) checkRun() error {
	if r.Games != r.Wins+r.Losses+r.Draws {
		return fmt.Errorf("%d games, but %d-%d-%d", r.Games, r.Wins, r.Losses, r.Draws)
	}
	if r.Penta != nil && len(r.Penta) != 5 {
		return fmt.Errorf("pentanomial of %d counts, want 5", len(r.Penta))
	}
	if r.Elo == "" && r.EloText == "" {
		return fmt.Errorf("no Elo")
	}
	if r.Kind == "sprt" && (len(r.Bounds) != 2 || r.Result == "") {
		return fmt.Errorf("an SPRT needs its bounds and result")
	}
	if r.Round != "" || r.Data != "" || r.Training != "" {
		return fmt.Errorf("a net's round, data or training in a %s: the net's record (kind net) holds them", r.Kind)
	}
	if slices.Contains(r.Tables, "nets") && (r.Kind != "match" || netName(r.Eval) == "") {
		return fmt.Errorf("in the nets table, but not a match of a net (kind %s, eval %q)", r.Kind, r.Eval)
	}
	return nil
}

// checkNet holds a net's record to what its row of the nets table needs,
// and to no games: those are its matches' records.
func (r Record) checkNet() error {
	if netName(r.Eval) == "" || netName(r.Eval) != r.Eval {
		return fmt.Errorf("eval %q: a net's record names its net alone (nn- and 12 hex digits)", r.Eval)
	}
	if r.Round == "" || r.Data == "" || r.Training == "" {
		return fmt.Errorf("a net needs its round, data and training")
	}
	if r.Games != 0 || r.Wins != 0 || r.Losses != 0 || r.Draws != 0 || r.Penta != nil || r.Elo != "" || r.Err != "" ||
		r.EloText != "" || r.Bounds != nil || r.LLR != "" || r.Result != "" || r.Faults != nil || r.Opponent != "" || r.TC != "" || r.Change != "" {
		return fmt.Errorf("a net's record with games or figures: each match of the net is a record of its own")
	}
	if len(r.Tables) != 1 || r.Tables[0] != "nets" {
		return fmt.Errorf("a net's record in the tables %v: it is a row of the nets table alone", r.Tables)
	}
	return nil
}

// netPrefix is a net's name: nn- and the first 12 hex digits of its
// file's SHA-256.
var netPrefix = regexp.MustCompile(`^nn-[0-9a-f]{12}\b`)

// netName is the net an evaluation or an opponent names first, or "".
func netName(s string) string { return netPrefix.FindString(s) }

// absolutePath finds a path of one machine in text: a home or work
// directory. It returns "" when there is none.
func absolutePath(text string) string {
	for _, p := range []string{"/root/", "/home/", "/Users/", "/tmp/", "matador-work", "/work/"} {
		if i := strings.Index(text, p); i >= 0 {
			end := i + len(p)
			for end < len(text) && !strings.ContainsRune("\" ,", rune(text[end])) {
				end++
			}
			return text[i:end]
		}
	}
	return ""
}
