package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"matador/internal/chess"
	"matador/internal/console"
	"matador/internal/engine"
	"matador/internal/pgn"
	"matador/internal/search"
	"matador/internal/toolio"
)

// Default thinking times of "matador analyze" when neither -depth nor
// -movetime is given: a position gets a good look, a game a quick one per
// move.
const (
	defaultPositionTime = 5 * time.Second
	defaultGameMoveTime = time.Second
	// variationMoves is how much of the engine's line an annotation shows
	// after the better move.
	variationMoves = 6
)

// runAnalyze is "matador analyze": a position searched with the
// iterations shown as they complete, or every move of the games of a PGN
// file annotated with the engine's opinion and written back as PGN.
func runAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", "", "the position to analyse (default: the start position)")
	pgnFile := fs.String("pgn", "", "annotate every move of the games in this PGN file")
	depth := fs.Int("depth", 0, "search depth in plies")
	var moveTime time.Duration
	fs.Var(durationFlag{&moveTime}, "movetime", "time per position: milliseconds, or a duration such as 2s")
	multiPV := fs.Int("multipv", 1, "number of best lines to show")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	switch {
	case len(rest) > 0:
		fmt.Fprintf(stderr, "matador analyze: unexpected argument %q\n", rest[0])
		return 2
	case *fen != "" && *pgnFile != "":
		fmt.Fprintln(stderr, "matador analyze: give -fen or -pgn, not both")
		return 2
	case *depth < 0 || *depth > search.MaxPly-4:
		fmt.Fprintf(stderr, "matador analyze: -depth must be from 1 to %d (0: the default time)\n", search.MaxPly-4)
		return 2
	}
	e := engine.New()
	if err := e.SetMultiPV(*multiPV); err != nil {
		fmt.Fprintln(stderr, "matador analyze:", err)
		return 2
	}
	limits := search.Limits{Depth: *depth, MoveTime: moveTime}
	if *pgnFile != "" {
		if limits.Depth == 0 && limits.MoveTime == 0 {
			limits.MoveTime = defaultGameMoveTime
		}
		return annotateFile(e, *pgnFile, limits, stdout, stderr)
	}
	if limits.Depth == 0 && limits.MoveTime == 0 {
		limits.MoveTime = defaultPositionTime
	}
	if err := e.SetPosition(*fen, nil); err != nil {
		fmt.Fprintln(stderr, "matador analyze:", err)
		return 2
	}
	analyzePosition(e, limits, stdout)
	return 0
}

// analyzePosition searches the engine's position and prints each
// iteration: depth, line number (with -multipv), score in pawns from
// White's side, time, nodes and the line in SAN.
func analyzePosition(e *engine.Engine, limits search.Limits, out io.Writer) {
	root := e.Position()
	o := engine.NewOutput(out)
	o.Linef("%s  (%s to move)", root.FEN(), sideName(root.SideToMove()))
	if outcome := pgn.OutcomeOf(root); outcome.Over() && !root.HasLegalMove() {
		o.Linef("No legal move: %s (%s).", outcome.Reason, outcome.Result)
		return
	}
	var legal chess.MoveList
	root.GenerateLegal(&legal)
	lines := min(e.Options().MultiPV, legal.N)
	// With several lines the searcher reports each once per iteration,
	// one by one in a long search; the full set of an iteration is
	// printed once, when its last line arrives.
	latest := make([]search.Info, lines+1)
	var last string
	rep := search.Reporter{Info: func(i search.Info) {
		if i.Bound != search.BoundExact || i.MultiPV > lines {
			return
		}
		latest[max(i.MultiPV, 1)] = i
		if max(i.MultiPV, 1) < lines {
			return
		}
		for k := 1; k <= lines; k++ {
			info := latest[k]
			score, pv := console.FormatScore(info.Score, root.SideToMove()), console.NumberedLine(root, info.PV)
			tag := ""
			if lines > 1 {
				tag = fmt.Sprintf("[%d] ", k)
			} else if console.RepeatedMate(score, pv, &last) {
				continue
			}
			o.Linef("depth %2d  %s%7s  %7.2fs %12d nodes  %s", info.Depth, tag, score, info.Time.Seconds(), info.Nodes, pv)
		}
	}}
	res := searchAndWait(e, limits, rep)
	if res.Best != chess.NoMove {
		o.Linef("Best move: %s (%s, depth %d)", root.SAN(res.Best), console.FormatScore(res.Score, root.SideToMove()), res.Depth)
	}
}

func sideName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// searchAndWait runs a search of the engine's position and returns its
// result. rep's functions run on the search goroutine.
func searchAndWait(e *engine.Engine, limits search.Limits, rep search.Reporter) search.Result {
	done := make(chan search.Result, 1)
	e.Go(limits, rep, func(r search.Result) { done <- r })
	return <-done
}

// annotateFile annotates every game of a PGN file; progress goes to
// stderr, the annotated games to stdout. A game that cannot be read is
// reported and skipped.
func annotateFile(e *engine.Engine, path string, limits search.Limits, stdout, stderr io.Writer) int {
	f, err := toolio.OpenInput(path)
	if err != nil {
		fmt.Fprintln(stderr, "matador analyze: -pgn", err)
		return 1
	}
	defer f.Close()
	r := pgn.NewReader(f)
	code := 0
	for n := 1; ; n++ {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if errors.As(err, &perr) {
			fmt.Fprintf(stderr, "matador analyze: %s: %v; game skipped\n", path, err)
			code = 1
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "matador analyze: %s: %v\n", path, err)
			return 1
		}
		if err := annotateGame(e, g, n, limits, stderr); err != nil {
			fmt.Fprintf(stderr, "matador analyze: game %d: %v; game skipped\n", n, err)
			code = 1
			continue
		}
		if err := pgn.Write(stdout, g); err != nil {
			fmt.Fprintln(stderr, "matador analyze:", err)
			return 1
		}
	}
	return code
}

// verdict is the engine's view of one position of a game.
type verdict struct {
	text string       // "+0.35/12", or how the game ended there
	best chess.Move   // NoMove where the game has ended
	pv   []chess.Move // the engine's line, from best on
	// score is the search's, for the side to move; where the game has
	// ended, what the position is worth to that side (mated, or drawn).
	score int
}

// annotateGame searches every position of the game and writes the result
// into its notes: after each move the score it leads to, and where the
// engine prefers another move and the move played scored lower, that move
// and its line as a variation with its score.
func annotateGame(e *engine.Engine, g *pgn.Game, number int, limits search.Limits, progress io.Writer) error {
	start, err := g.StartPosition()
	if err != nil {
		return err
	}
	e.NewGame()
	e.SetChess960(start.Chess960())
	startFEN := start.FEN()
	pos := start.Clone()
	uciMoves := make([]string, 0, len(g.Moves))
	verdicts := make([]verdict, len(g.Moves)+1)
	for i := 0; i <= len(g.Moves); i++ {
		v := &verdicts[i]
		if !pos.HasLegalMove() {
			v.text = pgn.OutcomeOf(pos).Reason
			if pos.InCheck() {
				v.score = -search.MateScore
			}
		} else {
			if err := e.SetPosition(startFEN, uciMoves); err != nil {
				return err
			}
			var pv []chess.Move
			rep := search.Reporter{Info: func(i search.Info) {
				if i.Bound == search.BoundExact && i.MultiPV <= 1 {
					pv = i.PV
				}
			}}
			res := searchAndWait(e, limits, rep)
			v.best, v.pv = res.Best, pv
			if len(v.pv) == 0 || v.pv[0] != res.Best {
				v.pv = []chess.Move{res.Best}
			}
			v.score = res.Score
			v.text = fmt.Sprintf("%s/%d", console.FormatScore(res.Score, pos.SideToMove()), res.Depth)
		}
		if i == len(g.Moves) {
			break
		}
		m := g.Moves[i]
		fmt.Fprintf(progress, "game %d: %s%s: %s (best %s)\n", number, moveNumberText(pos), pos.SAN(m), v.text, sanOrDash(pos, v.best))
		uciMoves = append(uciMoves, pos.UCI(m))
		pos.MakeMove(m)
	}
	for i, m := range g.Moves {
		note := g.Note(i)
		note.Comment = joinText(note.Comment, verdicts[i+1].text)
		// The move played is worth the negation of what the position it
		// leads to is worth to the opponent. Its search is another than
		// the one that preferred the engine's move, a ply further on: where
		// it scored no lower, the engine's move is no better by the
		// engine's own figures, and a variation scoring lower than the
		// move played would read as advice to play worse.
		if v := verdicts[i]; v.best != chess.NoMove && v.best != m && -verdicts[i+1].score < v.score {
			note.Variation = v.pv[:min(len(v.pv), variationMoves)]
			note.VariationComment = v.text
		}
	}
	g.SetTag("Annotator", fmt.Sprintf("%s %s", engine.Name, engine.Version))
	return nil
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}

func moveNumberText(pos *chess.Position) string {
	if pos.SideToMove() == chess.White {
		return fmt.Sprintf("%d. ", pos.FullMoveNumber())
	}
	return fmt.Sprintf("%d... ", pos.FullMoveNumber())
}

func sanOrDash(pos *chess.Position, m chess.Move) string {
	if m == chess.NoMove {
		return "-"
	}
	return pos.SAN(m)
}

// durationFlag reads a time as milliseconds ("200") or as a Go duration
// ("2s", "1m30s").
type durationFlag struct{ d *time.Duration }

func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

// maxFlagTime bounds a time flag: a longer time is a typo, not a wish.
const maxFlagTime = 1_000_000_000 * time.Millisecond

func (f durationFlag) Set(s string) error {
	outOfRange := fmt.Errorf("must be from 1 to %d milliseconds (about 11 days)", maxFlagTime.Milliseconds())
	ms, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err == nil:
		if ms <= 0 || ms > maxFlagTime.Milliseconds() {
			return outOfRange
		}
		*f.d = time.Duration(ms) * time.Millisecond
		return nil
	case errors.Is(err, strconv.ErrRange):
		return outOfRange // a number of milliseconds, too many for any clock
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("want milliseconds (200) or a duration (2s)")
	}
	if d <= 0 || d > maxFlagTime {
		return outOfRange
	}
	*f.d = d
	return nil
}

// parseInterleaved parses flags that may stand before or after the
// positional arguments, as in "matador epd FILE -movetime 200" (the flag
// package alone stops at the first argument that is not a flag).
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}
