// Command gamestats reads match PGNs (fastchess or cutechess-cli) and
// prints, for each engine, its score, how its games ended (time forfeits,
// illegal moves, crashes and stalls among them) and the time and depth it
// used per move by game phase: what a match report counts besides Elo.
//
//	go run ./tools/gamestats [-played] [-low 0.5] games.pgn [more.pgn ...]
//
// Time and depth come from move comments of the form {+0.31/12 0.245s};
// moves without one (book moves) are not counted. Comments that also give
// the clock after the move, as fastchess writes them with
// "-pgnout ... timeleft=true" ({+0.31/12 0.245s, tl=1.520s, latency=0.001s}),
// add a clock line for each engine: the least time it had left when a move
// began, the largest share of its clock one move used, and how many moves
// began with less than -low seconds left (the time left before a move is
// the time left after it, plus the move's time, less the increment of the
// game's TimeControl tag). Phases are by full-move
// number as the PGN numbers them (an opening FEN's own number included),
// or with -played by the count of moves each side has played in the game
// (its first 20 moves, whatever the opening's number).
//
// A game that cannot be read (one cut off in a comment, say) is named on
// standard error and left out; the report of the others is printed and
// the exit status is 1. A missing file, a directory or a device is named
// and refused the same way; -low must be a finite number of seconds, 0 or
// more (exit status 2 otherwise).
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/pgn"
	"matador/internal/toolio"
)

// phases are the full-move buckets: moves up to each bound, the last open.
var phases = []struct {
	name string
	last int // last full-move number in the phase; 0: no limit
}{
	{"moves 1-20", 20},
	{"moves 21-40", 40},
	{"moves 41-60", 60},
	{"moves 61+", 0},
}

func phaseOf(fullMove int) int {
	for i, p := range phases {
		if p.last == 0 || fullMove <= p.last {
			return i
		}
	}
	return len(phases) - 1
}

// usage sums the moves one engine made in one phase.
type usage struct {
	moves    int
	seconds  float64
	depthSum int
}

// engineStats is everything counted for one engine.
type engineStats struct {
	games, wins, losses, draws int
	// lostBy counts the games it lost by each termination other than a
	// normal end or adjudication (time forfeit, illegal move, ...).
	lostBy map[string]int
	phase  []usage
	clock  clockUse
}

// clockUse sums what the comments with a time left say about one engine's
// clock: how close to its flag it played.
type clockUse struct {
	moves     int     // moves whose comment gave the time left
	least     float64 // least time left when a move began, in seconds
	mostShare float64 // largest share of the time left one move used
	shareOf   float64 // the time left of that move
	low       int     // moves begun with less than the report's low mark
}

// report is the whole of what the PGNs hold.
type report struct {
	byPlayed     bool    // phases by moves played, not by the PGN's numbers
	lowClock     float64 // seconds: a move begun with less left counts as low
	games        int
	terminations map[string]int
	engines      map[string]*engineStats
}

// defaultLowClock is -low's default, in seconds.
const defaultLowClock = 0.5

func newReport() *report {
	return &report{lowClock: defaultLowClock, terminations: map[string]int{}, engines: map[string]*engineStats{}}
}

func (r *report) engine(name string) *engineStats {
	e := r.engines[name]
	if e == nil {
		e = &engineStats{lostBy: map[string]int{}, phase: make([]usage, len(phases))}
		r.engines[name] = e
	}
	return e
}

// note is what one move's comment says.
type note struct {
	depth    int
	seconds  float64
	timeLeft float64 // after the move; -1: not given
}

// parseComment reads depth and seconds from a comment like "+0.31/12 0.245s"
// (the score may be a mate, "+M5/20"), and the time left from fastchess's
// longer form "+0.31/12 0.245s, tl=1.520s, latency=0.001s"; ok is false
// for anything else.
func parseComment(c string) (n note, ok bool) {
	f := strings.Fields(c)
	if len(f) < 2 {
		return note{}, false
	}
	slash := strings.LastIndexByte(f[0], '/')
	if slash < 0 {
		return note{}, false
	}
	d, err := strconv.Atoi(f[0][slash+1:])
	s, isTime := seconds(strings.TrimSuffix(f[1], ","))
	if err != nil || d < 0 || !isTime {
		return note{}, false
	}
	n = note{depth: d, seconds: s, timeLeft: -1}
	for _, field := range f[2:] {
		if v, found := strings.CutPrefix(strings.TrimSuffix(field, ","), "tl="); found {
			if t, isTime := seconds(v); isTime {
				n.timeLeft = t
			}
		}
	}
	return n, true
}

// seconds reads a time such as "0.245s": a finite number, not negative.
func seconds(v string) (float64, bool) {
	num, found := strings.CutSuffix(v, "s")
	if !found {
		return 0, false
	}
	return nonNegative(num)
}

// nonNegative reads a finite number that is not negative.
func nonNegative(v string) (float64, bool) {
	t, err := strconv.ParseFloat(v, 64)
	if err != nil || !(t >= 0) || math.IsInf(t, 0) {
		return 0, false
	}
	return t, true
}

// increment is the seconds added a move by a TimeControl tag such as
// "2+0.02" or "40/60+1"; 0 when it has none or cannot be read.
func increment(tc string) float64 {
	_, inc, found := strings.Cut(tc, "+")
	if !found {
		return 0
	}
	v, _ := nonNegative(inc)
	return v
}

// add counts one move whose comment gave the time left after it.
func (c *clockUse) add(n note, inc, lowMark float64) {
	before := n.timeLeft + n.seconds - inc
	if before <= 0 {
		return
	}
	if c.moves == 0 || before < c.least {
		c.least = before
	}
	if share := n.seconds / before; share > c.mostShare {
		c.mostShare, c.shareOf = share, before
	}
	if before < lowMark {
		c.low++
	}
	c.moves++
}

// add counts one game.
func (r *report) add(g *pgn.Game) error {
	white, black := g.Tag("White"), g.Tag("Black")
	if white == "" || black == "" {
		return fmt.Errorf("a game without White and Black tags")
	}
	r.games++
	term := g.Tag("Termination")
	if term == "" {
		term = "unterminated"
	}
	r.terminations[term]++
	w, b := r.engine(white), r.engine(black)
	w.games++
	b.games++
	switch g.Result {
	case "1-0":
		w.wins++
		b.losses++
		countLoss(b, term)
	case "0-1":
		b.wins++
		w.losses++
		countLoss(w, term)
	case "1/2-1/2":
		w.draws++
		b.draws++
	}

	pos, err := g.StartPosition()
	if err != nil {
		return err
	}
	startPly := pos.GamePly()
	inc := increment(g.Tag("TimeControl"))
	for i, m := range g.Moves {
		mover := w
		if pos.SideToMove() == chess.Black {
			mover = b
		}
		moveNumber := pos.FullMoveNumber()
		if r.byPlayed {
			moveNumber = (pos.GamePly()-startPly)/2 + 1
		}
		if i < len(g.Notes) {
			if n, ok := parseComment(g.Notes[i].Comment); ok {
				u := &mover.phase[phaseOf(moveNumber)]
				u.moves++
				u.seconds += n.seconds
				u.depthSum += n.depth
				if n.timeLeft >= 0 {
					mover.clock.add(n, inc, r.lowClock)
				}
			}
		}
		pos.MakeMove(m)
	}
	return nil
}

func countLoss(e *engineStats, term string) {
	if term != "normal" && term != "adjudication" {
		e.lostBy[term]++
	}
}

func (r *report) write(out io.Writer) {
	var ends []string
	for _, t := range sortedKeys(r.terminations) {
		ends = append(ends, fmt.Sprintf("%s %d", t, r.terminations[t]))
	}
	fmt.Fprintf(out, "%d games; terminations: %s\n", r.games, strings.Join(ends, ", "))
	for _, name := range sortedKeys(r.engines) {
		e := r.engines[name]
		fmt.Fprintf(out, "\n%s: %d games, +%d -%d =%d", name, e.games, e.wins, e.losses, e.draws)
		if len(e.lostBy) == 0 {
			fmt.Fprint(out, "; no game lost by time forfeit, illegal move or crash")
		}
		for _, t := range sortedKeys(e.lostBy) {
			fmt.Fprintf(out, "; lost %d by %s", e.lostBy[t], t)
		}
		fmt.Fprintln(out)
		var all usage
		for i, u := range e.phase {
			all.moves += u.moves
			all.seconds += u.seconds
			all.depthSum += u.depthSum
			writeUsage(out, phases[i].name, u)
		}
		writeUsage(out, "all moves", all)
		if c := e.clock; c.moves > 0 {
			fmt.Fprintf(out, "  clock        %6d moves with the time left: least left as a move began %.3f s; "+
				"largest share one move used %.0f%% (of %.3f s); %d moves (%.1f%%) begun under %.3g s\n",
				c.moves, c.least, 100*c.mostShare, c.shareOf, c.low, 100*float64(c.low)/float64(c.moves), r.lowClock)
		}
	}
}

func writeUsage(out io.Writer, name string, u usage) {
	if u.moves == 0 {
		fmt.Fprintf(out, "  %-12s no timed moves\n", name)
		return
	}
	fmt.Fprintf(out, "  %-12s %6d moves, %.3f s a move, depth %.1f\n",
		name, u.moves, u.seconds/float64(u.moves), float64(u.depthSum)/float64(u.moves))
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// read counts every game of one PGN.
// read adds the games of one PGN text. A game that cannot be read is left
// out and named on warn, and the reading goes on with the next one: one
// bad game, a file cut off in a comment, must not hide a match's report.
// It returns the number of games left out, and an error only when the
// input itself fails.
func (r *report) read(in io.Reader, name string, warn io.Writer) (bad int, err error) {
	rd := pgn.NewReader(bufio.NewReader(in))
	for n := 1; ; n++ {
		g, err := rd.Next()
		if err == io.EOF {
			return bad, nil
		}
		var perr *pgn.Error
		if err != nil && !errors.As(err, &perr) {
			return bad, fmt.Errorf("%s game %d: %w", name, n, err)
		}
		if err == nil {
			err = r.add(g)
		}
		if err != nil {
			fmt.Fprintf(warn, "gamestats: %s game %d: %v; left out of the report\n", name, n, err)
			bad++
		}
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command: it returns the exit status, 1 when a game or a file
// could not be read (the report of the others is printed all the same), 2
// for bad arguments.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamestats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	byPlayed := fs.Bool("played", false, "phases by the moves each side has played, not by the PGN's move numbers")
	lowClock := fs.Float64("low", defaultLowClock, "seconds: the clock line counts the moves begun with less than this left")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gamestats [-played] [-low SECONDS] FILE.pgn [FILE.pgn ...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if err := toolio.Float("low", *lowClock, 0, 1e6); err != nil {
		fmt.Fprintln(stderr, "gamestats:", err)
		return 2
	}
	r := newReport()
	r.byPlayed = *byPlayed
	r.lowClock = *lowClock
	status := 0
	for _, path := range fs.Args() {
		f, err := toolio.OpenInput(path)
		if err != nil {
			fmt.Fprintln(stderr, "gamestats:", err)
			status = 1
			continue
		}
		bad, err := r.read(f, path, stderr)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "gamestats: %v; the file's games after it are left out\n", err)
		}
		if bad > 0 || err != nil {
			status = 1
		}
	}
	r.write(stdout)
	return status
}
