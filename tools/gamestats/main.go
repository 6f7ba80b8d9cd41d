// Command gamestats reads match PGNs (fastchess or cutechess-cli) and
// prints, for each engine, its score, how its games ended (time forfeits,
// illegal moves, crashes and stalls among them) and the time and depth it
// used per move by game phase: what a match report counts besides Elo.
//
//	go run ./tools/gamestats [-played] games.pgn [more.pgn ...]
//
// Time and depth come from move comments of the form {+0.31/12 0.245s};
// moves without one (book moves) are not counted. Phases are by full-move
// number as the PGN numbers them (an opening FEN's own number included),
// or with -played by the count of moves each side has played in the game
// (its first 20 moves, whatever the opening's number).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/pgn"
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
}

// report is the whole of what the PGNs hold.
type report struct {
	byPlayed     bool // phases by moves played, not by the PGN's numbers
	games        int
	terminations map[string]int
	engines      map[string]*engineStats
}

func newReport() *report {
	return &report{terminations: map[string]int{}, engines: map[string]*engineStats{}}
}

func (r *report) engine(name string) *engineStats {
	e := r.engines[name]
	if e == nil {
		e = &engineStats{lostBy: map[string]int{}, phase: make([]usage, len(phases))}
		r.engines[name] = e
	}
	return e
}

// parseComment reads depth and seconds from a comment like "+0.31/12 0.245s"
// (the score may be a mate, "+M5/20"); ok is false for anything else.
func parseComment(c string) (depth int, seconds float64, ok bool) {
	f := strings.Fields(c)
	if len(f) < 2 || !strings.HasSuffix(f[1], "s") {
		return 0, 0, false
	}
	slash := strings.LastIndexByte(f[0], '/')
	if slash < 0 {
		return 0, 0, false
	}
	d, err1 := strconv.Atoi(f[0][slash+1:])
	s, err2 := strconv.ParseFloat(strings.TrimSuffix(f[1], "s"), 64)
	if err1 != nil || err2 != nil || d < 0 || s < 0 {
		return 0, 0, false
	}
	return d, s, true
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
			if d, s, ok := parseComment(g.Notes[i].Comment); ok {
				u := &mover.phase[phaseOf(moveNumber)]
				u.moves++
				u.seconds += s
				u.depthSum += d
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
func (r *report) read(in io.Reader, name string) error {
	rd := pgn.NewReader(bufio.NewReader(in))
	for n := 1; ; n++ {
		g, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s game %d: %w", name, n, err)
		}
		if err := r.add(g); err != nil {
			return fmt.Errorf("%s game %d: %w", name, n, err)
		}
	}
}

func main() {
	fs := flag.NewFlagSet("gamestats", flag.ExitOnError)
	byPlayed := fs.Bool("played", false, "phases by the moves each side has played, not by the PGN's move numbers")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gamestats [-played] FILE.pgn [FILE.pgn ...]")
		fs.PrintDefaults()
	}
	fs.Parse(os.Args[1:])
	if fs.NArg() == 0 {
		fs.Usage()
		os.Exit(2)
	}
	r := newReport()
	r.byPlayed = *byPlayed
	for _, path := range fs.Args() {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gamestats:", err)
			os.Exit(1)
		}
		err = r.read(f, path)
		f.Close()
		if err != nil {
			fmt.Fprintln(os.Stderr, "gamestats:", err)
			os.Exit(1)
		}
	}
	r.write(os.Stdout)
}
