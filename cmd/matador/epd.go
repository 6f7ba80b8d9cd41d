//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/search"
	"matador/internal/toolio"
)

// defaultEPDMoveTime is the time per position of "matador epd".
const defaultEPDMoveTime = time.Second

// epdRecord is one line of an EPD test suite.
type epdRecord struct {
	line  int
	id    string
	fen   string
	best  []chess.Move // bm: the move to find (any of them)
	avoid []chess.Move // am: moves to avoid
	bmSAN []string     // as written, for the report
	amSAN []string
}

// runEPD is "matador epd FILE": it searches every position of a test suite
// and checks the move found against the bm (best move) and am (avoid move)
// operations, then prints the solved count and the failures.
func runEPD(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("epd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	moveTime := defaultEPDMoveTime
	fs.Var(durationFlag{&moveTime}, "movetime", "time per position: milliseconds, or a duration such as 2s")
	depth := fs.Int("depth", 0, "search depth in plies instead of a time")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "usage: matador epd FILE [-movetime D] [-depth N]")
		return 2
	}
	if *depth < 0 || *depth > search.MaxPly-4 {
		fmt.Fprintf(stderr, "matador epd: -depth must be from 1 to %d (0: -movetime alone), got %d\n", search.MaxPly-4, *depth)
		return 2
	}
	moveTimeGiven := false
	fs.Visit(func(f *flag.Flag) { moveTimeGiven = moveTimeGiven || f.Name == "movetime" })
	f, err := toolio.OpenInput(files[0])
	if err != nil {
		fmt.Fprintln(stderr, "matador epd:", err)
		return 1
	}
	defer f.Close()
	records, problems := readEPD(f)
	for _, p := range problems {
		fmt.Fprintf(stderr, "matador epd: %s:%v (skipped)\n", files[0], p)
	}
	if len(records) == 0 {
		fmt.Fprintln(stderr, "matador epd: no position with bm or am in", files[0])
		return 1
	}
	// A depth replaces the default time; with both, the search stops at
	// whichever comes first, as in "matador analyze".
	limits := search.Limits{MoveTime: moveTime}
	if *depth > 0 {
		limits = search.Limits{Depth: *depth}
		if moveTimeGiven {
			limits.MoveTime = moveTime
		}
	}
	solved, failures := runSuite(engine.New(), records, limits, stdout)
	fmt.Fprintf(stdout, "\nsolved %d/%d\n", solved, len(records))
	if len(failures) > 0 {
		fmt.Fprintf(stdout, "failed (%d):\n", len(failures))
		for _, f := range failures {
			fmt.Fprintln(stdout, "  "+f)
		}
	}
	return 0
}

// runSuite searches each position with a fresh hash (so that the result
// does not depend on the order of the suite) and prints one line each.
func runSuite(e *engine.Engine, records []epdRecord, limits search.Limits, out io.Writer) (solved int, failures []string) {
	for i, r := range records {
		e.NewGame()
		if err := e.SetPosition(r.fen, nil); err != nil {
			failures = append(failures, fmt.Sprintf("%s: %v", r.id, err))
			continue
		}
		root := e.Position()
		res := searchAndWait(e, limits, search.Reporter{})
		found := sanOrDash(root, res.Best)
		ok := (len(r.best) == 0 || slices.Contains(r.best, res.Best)) && !slices.Contains(r.avoid, res.Best)
		verdict := "ok"
		if ok {
			solved++
		} else {
			verdict = "FAIL"
			failures = append(failures, fmt.Sprintf("%s: found %s, %s", r.id, found, r.expectation()))
		}
		fmt.Fprintf(out, "%4d %-10s %-4s %-8s %s\n", i+1, r.id, verdict, found, r.expectation())
	}
	return solved, failures
}

func (r epdRecord) expectation() string {
	var parts []string
	if len(r.bmSAN) > 0 {
		parts = append(parts, "bm "+strings.Join(r.bmSAN, " "))
	}
	if len(r.amSAN) > 0 {
		parts = append(parts, "am "+strings.Join(r.amSAN, " "))
	}
	return strings.Join(parts, ", ")
}

// readEPD reads the positions of a suite. A line that cannot be used is
// reported (with its line number) and left out.
func readEPD(r io.Reader) (records []epdRecord, problems []error) {
	lines := toolio.NewLineReader(r, 1<<20)
	for n := 1; ; n++ {
		text, _, err := lines.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			problems = append(problems, err)
			break
		}
		line := strings.TrimSpace(text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rec, err := parseEPDLine(line)
		if err != nil {
			problems = append(problems, fmt.Errorf("%d: %w", n, err))
			continue
		}
		rec.line = n
		if rec.id == "" {
			rec.id = fmt.Sprintf("line %d", n)
		}
		records = append(records, rec)
	}
	return records, problems
}

// parseEPDLine reads "board side castling ep op1 args; op2 args; ...", or
// a whole FEN followed by the operations. The half-move clock and move
// number come from the FEN, or from the hmvc and fmvn operations when
// present. Moves in bm and am are SAN.
func parseEPDLine(line string) (epdRecord, error) {
	var rec epdRecord
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return rec, errors.New("an EPD line needs board, side, castling and en passant fields")
	}
	// The operations begin after the fourth field, or after a FEN's
	// half-move clock and move number when the line is a whole FEN: an
	// opcode starts with a letter, so numbers there are the clocks.
	hmvc, fmvn := "0", "1"
	skip := 4
	if len(fields) >= 6 && isCount(fields[4]) && isCount(fields[5]) {
		hmvc, fmvn, skip = fields[4], fields[5], 6
	}
	rest := line
	for i := 0; i < skip; i++ {
		rest = strings.TrimLeft(rest, " \t")
		rest = rest[len(fields[i]):]
	}
	type op struct {
		code string
		args []string
	}
	var ops []op
	for _, text := range splitOperations(rest) {
		words := epdWords(text)
		if len(words) == 0 {
			continue
		}
		ops = append(ops, op{words[0], words[1:]})
		switch words[0] {
		case "hmvc":
			if len(words) > 1 {
				hmvc = words[1]
			}
		case "fmvn":
			if len(words) > 1 {
				fmvn = words[1]
			}
		}
	}
	rec.fen = strings.Join(append(fields[:4:4], hmvc, fmvn), " ")
	pos, err := chess.ParseFEN(rec.fen)
	if err != nil {
		return rec, err
	}
	for _, o := range ops {
		switch o.code {
		case "id":
			rec.id = strings.Join(o.args, " ")
		case "bm", "am":
			for _, san := range o.args {
				m, err := pos.ParseSAN(san)
				if err != nil {
					return rec, fmt.Errorf("%s %s: %w", o.code, san, err)
				}
				if o.code == "bm" {
					rec.best, rec.bmSAN = append(rec.best, m), append(rec.bmSAN, san)
				} else {
					rec.avoid, rec.amSAN = append(rec.avoid, m), append(rec.amSAN, san)
				}
			}
		}
	}
	if len(rec.best) == 0 && len(rec.avoid) == 0 {
		return rec, errors.New("no bm or am operation")
	}
	return rec, nil
}

// isCount tells whether s is a number of decimal digits alone.
func isCount(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// splitOperations splits at semicolons outside quoted strings.
func splitOperations(s string) []string {
	var ops []string
	quoted := false
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				ops = append(ops, s[start:i])
				start = i + 1
			}
		}
	}
	return append(ops, s[start:])
}

// epdWords splits an operation into words; a quoted string is one word,
// without its quotes.
func epdWords(s string) []string {
	var words []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return words
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return append(words, s[1:])
			}
			words = append(words, s[1:end+1])
			s = s[end+2:]
			continue
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			return append(words, s)
		}
		words = append(words, s[:end])
		s = s[end:]
	}
}
