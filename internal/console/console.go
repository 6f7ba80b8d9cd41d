// Package console lets a person play Matador at a terminal, in the spirit
// of micro-Max's play loop (print the board, read a line, an empty line
// makes the engine think, anything else is a move) with more help: a
// board in Unicode or ASCII, moves in SAN or coordinates, explanations for
// moves that are not legal, the engine's thinking, take-backs and a PGN of
// the game. It parses and prints; the chess is done by the engine.
package console

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/pgn"
	"matador/internal/search"
)

// shownPlies is how much of the engine's line the thinking output shows,
// so that a line fits a terminal 100 columns wide.
const shownPlies = 8

// DefaultMoveTime is how long the engine thinks on a move unless "level"
// says otherwise: quick enough to play a game in a sitting.
const DefaultMoveTime = 3 * time.Second

// The bounds of "level", in seconds: a millisecond still ends a search, a
// day is more than anyone waits for a move.
const (
	minLevel = 0.001
	maxLevel = 86400.0
)

// Options shape a console session.
type Options struct {
	ASCII    bool          // letters instead of Unicode chess symbols
	MoveTime time.Duration // the engine's time per move; DefaultMoveTime when zero
	Date     time.Time     // the game's date for PGN; today when zero
}

// Session is one console game (or several: "new" starts another).
type Session struct {
	engine      *engine.Engine
	out         *engine.Output
	raw         io.Writer // for the prompt, which ends without a newline
	opts        Options
	flipped     bool
	engineColor chess.Color // the side the engine plays
}

// New returns a session that drives e and writes to out.
func New(e *engine.Engine, out io.Writer, opts Options) *Session {
	if opts.MoveTime <= 0 {
		opts.MoveTime = DefaultMoveTime
	}
	if opts.Date.IsZero() {
		opts.Date = time.Now()
	}
	s := &Session{engine: e, out: engine.NewOutput(out), raw: out, opts: opts, engineColor: chess.Black}
	e.Log = func(msg string) { s.out.Line("(" + msg + ")") }
	return s
}

// UnicodeTerminal guesses from the environment whether the terminal shows
// Unicode: not for TERM=dumb, and only when the locale (LC_ALL, else
// LC_CTYPE, else LANG, the order of POSIX) names UTF-8.
func UnicodeTerminal(getenv func(string) string) bool {
	if getenv("TERM") == "dumb" {
		return false
	}
	for _, name := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v := getenv(name); v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return false
}

// IsTerminal reports whether f is a terminal (a character device), not a
// pipe or a file: a GUI starts the engine on pipes.
func IsTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// Run plays until "quit" or the end of the input. When the user types
// "uci" or "xboard" it returns that word, for the caller to hand the
// conversation to that protocol; otherwise it returns "".
func (s *Session) Run(in *engine.LineReader) (handover string) {
	s.out.Text(fmt.Sprintf("%s %s, a chess engine. You play White: type a move (e4, Nf3, e2e4),\n"+
		"or press Enter to let Matador move. Type help for the commands.\n", engine.Name, engine.Version))
	s.showBoard()
	for {
		s.prompt()
		line, err := in.ReadLine()
		var tooLong *engine.LineTooLongError
		switch {
		case errors.As(err, &tooLong):
			s.out.Line(tooLong.Error())
			continue
		case err != nil:
			s.out.Line("")
			return ""
		}
		word, quit := s.Handle(line)
		if quit {
			return word
		}
	}
}

func (s *Session) prompt() {
	pos := s.engine.Position()
	var p string
	switch {
	case pgn.OutcomeOf(pos).Over():
		p = "Game over (new, undo, pgn or quit) > "
	case pos.SideToMove() == s.engineColor:
		p = fmt.Sprintf("Enter: %s moves for %s > ", engine.Name, colorName(s.engineColor))
	default:
		p = fmt.Sprintf("Your move (%s) > ", colorName(pos.SideToMove()))
	}
	// Every Output line is flushed at once, so the prompt lands after them.
	io.WriteString(s.raw, p)
}

func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

const helpText = `Moves: SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q).
After your move Matador answers. An empty line (or go) makes Matador move
for the side to move; from then on it plays that side.
Commands:
  new            a new game, you play White
  undo           take back your last move (and Matador's answer)
  moves          list the legal moves
  hint           suggest a move
  flip           turn the board around
  board          show the board again
  fen [FEN]      show the position as FEN, or set up the position FEN
  pgn            the game so far in PGN
  level [SECS]   show or set Matador's time per move (for example level 10)
  uci, xboard    switch to that protocol (for programs, not people)
  help           this text
  quit           leave
Scores are in pawns from White's side: +1.00 is White a pawn up, #3 White
mates in 3, #-3 Black mates in 3.
`

// Handle executes one line. It reports quit for "quit" and for a
// protocol switch, whose name it returns in word.
func (s *Session) Handle(line string) (word string, quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		s.engineMoves()
		return "", false
	}
	cmd, args := strings.ToLower(fields[0]), fields[1:]
	switch cmd {
	case "quit", "exit", "q":
		return "", true
	case "uci", "xboard":
		return cmd, true
	case "go":
		s.engineMoves()
	case "help", "?", "h":
		s.out.Text(helpText)
	case "new":
		s.engine.NewGame()
		s.engineColor = chess.Black
		s.out.Line("New game. You play White.")
		s.showBoard()
	case "undo", "takeback", "back":
		s.undo()
	case "moves":
		s.listMoves()
	case "hint":
		s.hint()
	case "flip":
		s.flipped = !s.flipped
		s.showBoard()
	case "board", "d", "show":
		s.showBoard()
	case "fen":
		if len(args) == 0 {
			s.out.Line(s.engine.Position().FEN())
			break
		}
		if err := s.engine.SetPosition(strings.Join(args, " "), nil); err != nil {
			s.out.Line("Position unchanged: " + err.Error())
			break
		}
		s.engineColor = s.engine.Position().SideToMove().Other()
		// A position set up already decided (mate, stalemate, a dead
		// draw) is said to be so, as a move that ends the game is.
		s.announce()
		s.showBoard()
	case "pgn":
		s.showPGN()
	case "level":
		s.level(args)
	default:
		s.userMove(strings.TrimSpace(line))
	}
	return "", false
}

// userMove plays the user's move for the side to move (the user now plays
// that side) and lets the engine answer.
func (s *Session) userMove(text string) {
	pos := s.engine.Position()
	if o := pgn.OutcomeOf(pos); o.Over() {
		s.out.Linef("The game is over (%s, %s). Type new for another game, or undo.", o.Result, o.Reason)
		return
	}
	m, err := pos.ParseSAN(text)
	if err != nil {
		msg := err.Error()
		if strings.HasPrefix(msg, "not a move") {
			msg += " (type help for the commands)"
		} else {
			msg += " (type moves for the legal moves)"
		}
		s.out.Line(upperFirst(msg) + ".")
		return
	}
	san := pos.SAN(m)
	number := moveNumber(pos)
	if err := s.engine.PlayMove(m); err != nil {
		s.out.Line(upperFirst(err.Error()) + ".")
		return
	}
	s.engineColor = pos.SideToMove().Other()
	s.out.Linef("You play %s%s.", number, san)
	if s.announce() {
		s.showBoard()
		return
	}
	s.engineMoves()
}

// moveNumber writes "12. " or "12... " for the side to move in pos.
func moveNumber(pos *chess.Position) string {
	if pos.SideToMove() == chess.White {
		return fmt.Sprintf("%d. ", pos.FullMoveNumber())
	}
	return fmt.Sprintf("%d... ", pos.FullMoveNumber())
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// engineMoves lets the engine think and play for the side to move, which
// it then keeps playing.
func (s *Session) engineMoves() {
	root := s.engine.Position()
	if o := pgn.OutcomeOf(root); o.Over() {
		s.out.Linef("The game is over (%s, %s). Type new for another game, or undo.", o.Result, o.Reason)
		return
	}
	s.engineColor = root.SideToMove()
	s.out.Linef("%s thinks for %s...", engine.Name, colorName(s.engineColor))
	res := s.search(root, s.opts.MoveTime, true)
	if res.Best == chess.NoMove {
		return
	}
	san, number := root.SAN(res.Best), moveNumber(root)
	if err := s.engine.PlayMove(res.Best); err != nil {
		s.out.Line("(" + err.Error() + ")")
		return
	}
	s.out.Linef("%s plays %s%s.", engine.Name, number, san)
	s.announce()
	s.showBoard()
}

// search runs a search of root for moveTime and waits for it; with show,
// each iteration is printed as depth, score, time, nodes and the PV.
func (s *Session) search(root *chess.Position, moveTime time.Duration, show bool) search.Result {
	var rep search.Reporter
	if show {
		// The reporter runs on the search goroutine, so it gets a copy of
		// root of its own.
		pv := root.Clone()
		var last string
		rep.Info = func(i search.Info) {
			if i.Bound != search.BoundExact {
				return
			}
			line := i.PV[:min(len(i.PV), shownPlies)] // a line that fits the terminal
			score, moves := FormatScore(i.Score, pv.SideToMove()), NumberedLine(pv, line)
			if RepeatedMate(score, moves, &last) {
				return
			}
			s.out.Linef("  depth %2d  %6s  %6.2fs %11s nodes  %s", i.Depth, score,
				i.Time.Seconds(), groupDigits(i.Nodes), moves)
		}
	}
	done := make(chan search.Result, 1)
	s.engine.Go(search.Limits{MoveTime: moveTime}, rep, func(r search.Result) { done <- r })
	return <-done
}

// groupDigits writes 1234567 as 1,234,567.
func groupDigits(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// announce says so when the game has ended, and reports whether it has.
func (s *Session) announce() bool {
	o := pgn.OutcomeOf(s.engine.Position())
	if !o.Over() {
		return false
	}
	var msg string
	switch o.Reason {
	case "White mates":
		msg = "Checkmate. White wins"
	case "Black mates":
		msg = "Checkmate. Black wins"
	case "Stalemate":
		msg = "Stalemate. Draw"
	case "Draw by repetition":
		msg = "Draw by threefold repetition"
	case "50 move rule":
		msg = "Draw by the fifty-move rule"
	case "Insufficient material":
		msg = "Draw: neither side can mate"
	default:
		msg = o.Reason
	}
	s.out.Linef("%s, %s.", msg, o.Result)
	return true
}

// undo takes back moves until it is the user's turn again: usually the
// engine's answer and the user's move.
func (s *Session) undo() {
	if _, err := s.engine.Undo(); err != nil {
		s.out.Line("There is no move to take back.")
		return
	}
	if s.engine.Position().SideToMove() == s.engineColor {
		if _, err := s.engine.Undo(); err != nil {
			// Only the engine's first move was there: the user may let it
			// move again (Enter) or move for that side.
			s.engineColor = s.engine.Position().SideToMove()
		}
	}
	s.showBoard()
}

func (s *Session) listMoves() {
	pos := s.engine.Position()
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	if ml.N == 0 {
		s.out.Line("There is no legal move.")
		return
	}
	sans := make([]string, ml.N)
	for i, m := range ml.Slice() {
		sans[i] = pos.SAN(m)
	}
	s.out.Linef("%d legal moves: %s", ml.N, strings.Join(sans, " "))
}

func (s *Session) hint() {
	pos := s.engine.Position()
	if o := pgn.OutcomeOf(pos); o.Over() {
		s.out.Linef("The game is over (%s, %s).", o.Result, o.Reason)
		return
	}
	res := s.search(pos, min(s.opts.MoveTime, time.Second), false)
	if res.Best != chess.NoMove {
		s.out.Linef("Hint: %s (%s)", pos.SAN(res.Best), FormatScore(res.Score, pos.SideToMove()))
	}
}

func (s *Session) level(args []string) {
	if len(args) == 0 {
		s.out.Linef("%s thinks %v per move.", engine.Name, s.opts.MoveTime)
		return
	}
	sec, err := strconv.ParseFloat(args[0], 64)
	// Written so that NaN fails too: converted to a duration it could
	// come out as zero or less, which the search reads as no time limit.
	if err != nil || !(sec >= minLevel && sec <= maxLevel) {
		s.out.Linef("level needs a number of seconds from %g to %g, such as level 5; got %q.", minLevel, maxLevel, args[0])
		return
	}
	s.opts.MoveTime = time.Duration(sec * float64(time.Second))
	s.out.Linef("%s now thinks %v per move.", engine.Name, s.opts.MoveTime)
}

func (s *Session) showBoard() {
	pos := s.engine.Position()
	var b strings.Builder
	b.WriteByte('\n')
	b.WriteString(drawBoard(pos, s.opts.ASCII, s.flipped))
	if moves := s.engine.Moves(); len(moves) > 0 {
		last := moves[len(moves)-1]
		pos.UnmakeMove(last)
		fmt.Fprintf(&b, "Last move: %s%s", moveNumber(pos), pos.SAN(last))
		pos.MakeMove(last)
		b.WriteString(".  ")
	}
	fmt.Fprintf(&b, "%s to move", colorName(pos.SideToMove()))
	if pos.InCheck() {
		b.WriteString(", in check")
	}
	b.WriteString(".\n")
	s.out.Text(b.String())
}

func (s *Session) showPGN() {
	g := &pgn.Game{Moves: s.engine.Moves()}
	g.SetTag("Event", "Casual game")
	g.SetTag("Site", engine.Name+" console")
	g.SetTag("Date", s.opts.Date.Format("2006.01.02"))
	g.SetTag("Round", "-")
	me := engine.Name + " " + engine.Version
	white, black := "You", me
	if s.engineColor == chess.White {
		white, black = me, "You"
	}
	g.SetTag("White", white)
	g.SetTag("Black", black)
	if fen := s.engine.StartFEN(); fen != chess.StartFEN {
		g.SetTag("SetUp", "1")
		g.SetTag("FEN", fen)
	}
	g.Result = "*"
	if o := pgn.OutcomeOf(s.engine.Position()); o.Over() {
		g.Result = o.Result
	}
	text, err := pgn.Format(g)
	if err != nil {
		s.out.Line("(" + err.Error() + ")")
		return
	}
	s.out.Text(text)
}
