// Package xboard speaks the Chess Engine Communication Protocol (CECP,
// version 2), the protocol of xboard, WinBoard and Arena's "WinBoard
// engines": it reads commands, drives an engine.Engine and prints the
// replies. It parses and formats; the chess is done by the engine.
//
// CECP differs from UCI in one way that shapes this file: the engine, not
// the GUI, keeps the game. The GUI sends moves one by one, says which side
// the engine plays ("go", "force", "playother") and expects the engine to
// answer with its own move when its turn comes, to ponder on its own, and
// to announce the end of the game.
package xboard

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/pgn"
	"matador/internal/search"
)

// searchKind says what the running search is for.
type searchKind int

const (
	searchNone     searchKind = iota
	searchMove                // thinking on the engine's move: its result is played
	searchPonder              // thinking on the opponent's time after the expected reply
	searchAnalysis            // analyze mode: infinite, never played
)

// timeControl is what "level" or "st" set.
type timeControl struct {
	movesPerSession int           // 0: the whole game (sudden death or increment)
	base            time.Duration // clock at the start of a session
	inc             time.Duration
	moveTime        time.Duration // "st": a fixed time per move; overrides the clock
}

// defaultTimeControl is xboard's own default (40 moves in 5 minutes), for a
// GUI that never sends "level" or "st".
var defaultTimeControl = timeControl{movesPerSession: 40, base: 5 * time.Minute}

// Session is one CECP conversation.
type Session struct {
	engine *engine.Engine
	out    *engine.Output

	post atomic.Bool // print thinking output ("post"/"nopost")

	// mu guards the game state below. It is held while a search is started
	// and by a search's onDone, so a search the command loop has disowned
	// (gen moved on) can never play its move. Never call engine.Wait with
	// mu held: the onDone being waited for takes mu.
	mu          sync.Mutex
	gen         int // changes whenever a search is disowned
	kind        searchKind
	force       bool        // the engine plays neither side
	engineColor chess.Color // the side the engine plays when not in force mode
	analyzing   bool        // analyze mode: search every position until "exit"
	ponder      bool        // "hard": think on the opponent's time
	ponderMove  chess.Move  // the expected reply a ponder search assumes (not in the game)
	hint        chess.Move  // the reply the last search expected, for "hint"
	tc          timeControl
	depthLimit  int           // "sd"; 0 for none
	myTime      time.Duration // the engine's clock ("time")
	theirTime   time.Duration // the opponent's clock ("otim")
	thinkStart  time.Time     // when the engine's clock started running

	stats stats // for "." in analyze mode

	// pongs are the answers to "ping"s that came while the engine thought
	// on its move: CECP's pong promises that everything sent before the
	// ping has been done, so they go out after the move (or after the
	// command that disowned the search), while the input loop goes on.
	pongs []string
}

// New returns a session that drives e and writes to out.
func New(e *engine.Engine, out io.Writer) *Session {
	s := &Session{
		engine:      e,
		out:         engine.NewOutput(out),
		engineColor: chess.Black,
		tc:          defaultTimeControl,
		myTime:      defaultTimeControl.base,
		theirTime:   defaultTimeControl.base,
	}
	s.out.SetTranscript(&e.Transcript)
	e.Log = func(msg string) { s.out.Line("# " + msg) }
	return s
}

// Run reads commands until "quit" or the end of the input and returns when
// any search has ended. The protocol detector of the caller has usually
// read the first line ("xboard"); it passes it as first (empty for none).
func (s *Session) Run(first string, in *engine.LineReader) {
	defer s.halt()
	engine.ServeLines(first, in, s.Handle, func(e *engine.LineTooLongError) {
		s.out.Line("Error (line too long): " + e.Error())
	})
}

// ignored are commands a GUI sends that need no action here: information
// about the opponent or the server, draw offers (feature draw=0 asks for
// none, but a GUI may send them anyway), features accepted or rejected.
var ignored = map[string]bool{
	"xboard": true, "accepted": true, "rejected": true, "random": true,
	"computer": true, "name": true, "rating": true, "ics": true, "draw": true,
}

// Handle executes one command line and reports whether it was "quit".
func (s *Session) Handle(line string) (quit bool) {
	s.engine.Transcript.In(line)
	line = strings.TrimSpace(line)
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := fields[0], fields[1:]
	rest := strings.TrimSpace(line[len(cmd):])
	switch cmd {
	case "quit":
		return true
	case "protover":
		if n, err := strconv.Atoi(rest); err == nil && n >= 2 {
			s.features()
		}
	case "new":
		s.newGame()
	case "variant":
		s.variant(rest)
	case "force":
		s.halt()
		s.setForce(true)
	case "go":
		s.halt()
		s.mu.Lock()
		s.analyzing = false
		s.force = false
		s.engineColor = s.engine.Position().SideToMove()
		s.mu.Unlock()
		s.think()
	case "playother":
		s.halt()
		s.mu.Lock()
		s.force = false
		s.engineColor = s.engine.Position().SideToMove().Other()
		s.mu.Unlock()
	case "white", "black":
		// Protocol version 1: the named side is to move, the engine plays
		// the other one. The position itself is left alone (colors=0 asks
		// GUIs not to send these).
		s.halt()
		s.mu.Lock()
		s.engineColor = chess.Black
		if cmd == "black" {
			s.engineColor = chess.White
		}
		s.mu.Unlock()
	case "usermove":
		if len(args) != 1 {
			s.out.Line("Error (usermove needs one move): " + line)
			break
		}
		s.userMove(args[0])
	case "level", "st", "sd", "time", "otim":
		if err := s.clockCommand(cmd, args); err != nil {
			s.out.Linef("Error (%v): %s", err, line)
		}
	case "?":
		s.mu.Lock()
		thinking := s.kind == searchMove
		s.mu.Unlock()
		if thinking {
			s.engine.Stop() // the move found so far is played
		}
	case "ping":
		s.mu.Lock()
		if s.kind == searchMove {
			s.pongs = append(s.pongs, rest)
		} else {
			s.out.Line("pong " + rest)
		}
		s.mu.Unlock()
	case "result":
		s.halt()
		s.setForce(true)
	case "setboard":
		// A refused setboard changes nothing: it is checked before the
		// search for a move is stopped, which would never play it.
		if rest == "" {
			// An empty FEN would mean the start position to SetPosition.
			s.out.Line("Error (setboard needs a FEN): setboard")
			break
		}
		if _, err := chess.ParseFEN(rest); err != nil {
			s.out.Line("tellusererror Illegal position: bad FEN: " + err.Error())
			break
		}
		s.halt()
		if err := s.engine.SetPosition(rest, nil); err != nil {
			s.out.Line("tellusererror Illegal position: " + err.Error())
		}
	case "undo":
		s.takeBack(1)
	case "remove":
		s.takeBack(2)
	case "hard", "easy":
		s.mu.Lock()
		s.ponder = cmd == "hard"
		pondering := s.kind == searchPonder
		s.mu.Unlock()
		if pondering && cmd == "easy" {
			s.halt()
		}
	case "analyze":
		s.halt()
		s.mu.Lock()
		s.analyzing = true
		s.mu.Unlock()
	case "exit":
		// Only analyze mode has anything to leave; outside it, stopping
		// the search would lose the engine's move.
		s.mu.Lock()
		analyzing := s.analyzing
		s.analyzing = false
		s.mu.Unlock()
		if analyzing {
			s.halt()
		}
	case ".":
		s.status()
	case "hint":
		s.mu.Lock()
		hint := s.hint
		pos := s.engine.Position()
		s.mu.Unlock()
		if hint != chess.NoMove && pos.IsLegal(hint) {
			s.out.Line("Hint: " + moveText(pos, hint))
		}
	case "bk":
		s.bookMoves()
	case "memory":
		// Like every option below, it leaves a search running (the
		// engine applies it when the search has returned): stopping it
		// would lose an analysis, or disown the move being thought on.
		n, err := strconv.Atoi(rest)
		if err != nil {
			err = errors.New("memory needs a number of megabytes")
		} else {
			err = s.engine.SetHashMB(n)
		}
		if err != nil {
			s.out.Linef("Error (%v): %s", err, line)
		}
	case "nps":
		// The clock counts nodes at this rate (0: the wall clock again).
		n, err := strconv.ParseUint(rest, 10, 64)
		if err != nil {
			err = errors.New("nps needs a number of nodes per second, 0 or more")
		} else {
			err = s.engine.SetNodesPerSecond(n)
		}
		if err != nil {
			s.out.Linef("Error (%v): %s", err, line)
		}
	case "cores":
		n, err := strconv.Atoi(rest)
		if err != nil {
			err = errors.New("cores needs a number of threads")
		} else {
			// A GUI offers the cores it has; more than we run is no error.
			err = s.engine.SetThreads(min(n, engine.MaxThreads))
		}
		if err != nil {
			s.out.Linef("Error (%v): %s", err, line)
		}
	case "egtpath":
		// "egtpath syzygy DIRS": the GUI's tablebase directories (after
		// feature egt="syzygy"); other kinds of tables are not read.
		kind, path, _ := strings.Cut(rest, " ")
		if strings.EqualFold(kind, "syzygy") {
			// No directory would mean no tables: a GUI that means that
			// does not send egtpath at all.
			if strings.TrimSpace(path) == "" {
				s.out.Linef("Error (egtpath syzygy needs a directory; %s): %s", s.engine.TablesKept(), line)
				break
			}
			if err := s.engine.SetSyzygyPath(path); err != nil {
				s.out.Linef("Error (%v): %s", err, line)
			}
		}
	case "option":
		if err := s.setOption(rest); err != nil {
			s.out.Linef("Error (%v): %s", err, line)
		}
	case "post":
		s.post.Store(true)
	case "nopost":
		s.post.Store(false)
	default:
		if ignored[cmd] {
			break
		}
		// A protocol version 1 GUI sends moves without "usermove".
		if looksLikeMove(cmd) && len(args) == 0 {
			s.userMove(cmd)
			break
		}
		s.out.Line("Error (unknown command): " + cmd)
	}
	s.resumeAnalysis()
	return false
}

// features answers "protover 2".
func (s *Session) features() {
	var b strings.Builder
	fmt.Fprintf(&b, "feature done=0\n")
	fmt.Fprintf(&b, "feature myname=\"%s %s\" ping=1 setboard=1 usermove=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 memory=1 smp=1 nps=1 egt=\"syzygy\" variants=\"normal,fischerandom\"\n",
		engine.Name, engine.Version)
	for _, o := range options {
		fmt.Fprintf(&b, "feature option=\"%s\"\n", o.declaration())
	}
	b.WriteString("feature done=1\n")
	s.out.Text(b.String())
}

func (s *Session) setForce(on bool) {
	s.mu.Lock()
	s.force = on
	s.mu.Unlock()
}

// newGame answers "new": the start position, the engine playing Black,
// clocks reset, no depth limit, standard chess.
func (s *Session) newGame() {
	s.halt()
	s.engine.SetChess960(false)
	s.engine.NewGame()
	s.mu.Lock()
	s.force = false
	s.engineColor = chess.Black
	s.depthLimit = 0
	s.myTime, s.theirTime = s.tc.base, s.tc.base
	s.hint = chess.NoMove
	s.mu.Unlock()
}

func (s *Session) variant(name string) {
	switch name {
	case "normal":
		s.halt()
		s.engine.SetChess960(false)
	case "fischerandom":
		s.halt()
		s.engine.SetChess960(true)
	default:
		s.out.Line("Error (unsupported variant): variant " + name)
	}
}

// halt stops and disowns any search: a search for a move does not play
// it. The session is then idle (analyze mode resumes after the command,
// see resumeAnalysis).
func (s *Session) halt() {
	s.mu.Lock()
	if s.kind == searchNone {
		s.mu.Unlock()
		return
	}
	s.gen++
	s.kind = searchNone
	s.mu.Unlock()
	s.engine.Stop()
	s.engine.Wait()
	s.mu.Lock()
	s.sendPongs()
	s.mu.Unlock()
}

// sendPongs answers the pings held while the engine thought on its move;
// s.mu must be held.
func (s *Session) sendPongs() {
	for _, n := range s.pongs {
		s.out.Line("pong " + n)
	}
	s.pongs = s.pongs[:0]
}

// resumeAnalysis restarts the analysis search in analyze mode after a
// command stopped it (a move, undo, new, setboard...).
func (s *Session) resumeAnalysis() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.analyzing || s.kind != searchNone {
		return
	}
	root := s.engine.Position()
	s.gen++
	s.kind = searchAnalysis
	s.stats.reset(root)
	s.engine.Go(search.Limits{Infinite: true}, s.reporter(root, "", true), nil)
}

// userMove plays the opponent's move and, when the engine is to move,
// starts thinking. A move that is not legal is refused and the game kept.
func (s *Session) userMove(text string) {
	s.mu.Lock()
	if s.kind == searchMove {
		// The engine is thinking on its own move: the user has none to
		// make. Refuse it and keep thinking; disowning the search here
		// left the engine on move without ever moving.
		s.mu.Unlock()
		s.out.Line("Illegal move (the engine is thinking on its move): " + text)
		return
	}
	if s.kind == searchPonder {
		if m, err := parseMove(s.engine.Position(), text); err == nil && m == s.ponderMove {
			// Ponder hit: the reply enters the game, the search goes on as
			// the search for our move, and the engine's clock starts now.
			if err := s.engine.PlayMove(m); err == nil {
				s.kind = searchMove
				s.thinkStart = time.Now()
				s.mu.Unlock()
				s.engine.PonderHit()
				return
			}
		}
	}
	s.mu.Unlock()
	s.halt()

	m, err := parseMove(s.engine.Position(), text)
	if err != nil {
		s.out.Line("Illegal move: " + text)
		return
	}
	if err := s.engine.PlayMove(m); err != nil {
		s.out.Line("Illegal move: " + text)
		return
	}
	s.mu.Lock()
	announce := !s.force && !s.analyzing
	ours := announce && s.engine.Position().SideToMove() == s.engineColor
	s.mu.Unlock()
	if !announce {
		return
	}
	if o := pgn.OutcomeOf(s.engine.Position()); o.Over() {
		s.announce(o)
		return
	}
	if ours {
		s.think()
	}
}

// parseMove reads a move in coordinate notation (e2e4, e7e8q), as CECP
// sends it with san=0, or in SAN (which covers O-O for Chess960 castling).
func parseMove(pos *chess.Position, text string) (chess.Move, error) {
	if m, err := pos.ParseUCI(text); err == nil {
		return m, nil
	}
	return pos.ParseSAN(text)
}

// looksLikeMove recognises coordinate moves and castling, so that a
// protocol version 1 move that is illegal gets "Illegal move" rather than
// "unknown command".
func looksLikeMove(s string) bool {
	switch s {
	case "O-O", "O-O-O", "o-o", "o-o-o", "0-0", "0-0-0":
		return true
	}
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	_, ok1 := chess.ParseSquare(s[0:2])
	_, ok2 := chess.ParseSquare(s[2:4])
	return ok1 && ok2 && (len(s) == 4 || strings.IndexByte("qrbnQRBN", s[4]) >= 0)
}

// moveText writes a move the way CECP wants it: coordinates, and castling
// as O-O / O-O-O in Chess960 (king-takes-rook coordinates are not
// understood by every GUI).
func moveText(pos *chess.Position, m chess.Move) string {
	if pos.Chess960() && m.IsCastling() {
		if m.To() > m.From() {
			return "O-O"
		}
		return "O-O-O"
	}
	return pos.UCI(m)
}

// announce tells the GUI the game is over, "1-0 {White mates}".
func (s *Session) announce(o pgn.Outcome) {
	s.out.Linef("%s {%s}", o.Result, o.Reason)
}

// think starts the search for the engine's move in the current position.
func (s *Session) think() {
	s.mu.Lock()
	defer s.mu.Unlock()
	root := s.engine.Position()
	// A game that is over by the rules (a draw too, though moves remain)
	// is announced, not played on.
	if o := pgn.OutcomeOf(root); o.Over() {
		s.announce(o)
		return
	}
	s.gen++
	s.kind = searchMove
	s.thinkStart = time.Now()
	s.engine.Go(s.limits(root), s.reporter(root, "", false), s.moveDone(s.gen, root))
}

// moveDone returns the onDone of a search for a move (or of a ponder
// search, which becomes one on a ponder hit): it plays and sends the move,
// announces a finished game, and starts pondering. It runs on the search
// goroutine; root belongs to that goroutine.
func (s *Session) moveDone(gen int, root *chess.Position) func(search.Result) {
	return func(res search.Result) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.gen != gen {
			return // disowned: force, new, result, undo... came first
		}
		if s.kind == searchPonder {
			// A ponder search that ended without a ponder hit and was not
			// disowned (nothing but halt, which disowns, ends one now):
			// the opponent's move will be played as any other.
			s.kind = searchNone
			return
		}
		if s.kind != searchMove {
			return
		}
		// However the move ends, the held pongs follow it.
		defer s.sendPongs()
		s.kind = searchNone
		if res.Best == chess.NoMove {
			return // no legal move; think() announced the result
		}
		// Play the move before sending it, so that a GUI's next command
		// finds it in the game.
		if err := s.engine.PlayMove(res.Best); err != nil {
			s.out.Line("# " + err.Error())
			return
		}
		s.chargeClock()
		s.hint = res.Ponder
		s.out.Line("move " + moveText(root, res.Best))
		pos := s.engine.Position()
		if o := pgn.OutcomeOf(pos); o.Over() {
			s.announce(o)
			return
		}
		s.startPonder(pos, res.Ponder)
	}
}

// chargeClock estimates the engine's clock after its move, until the GUI
// sends the true value with "time": the ponder search plans with it.
func (s *Session) chargeClock() {
	if s.tc.moveTime > 0 {
		return
	}
	s.myTime -= time.Since(s.thinkStart)
	s.myTime += s.tc.inc
	if mps := s.tc.movesPerSession; mps > 0 && s.engineMovesPlayed()%mps == 0 {
		s.myTime += s.tc.base
	}
	s.myTime = max(s.myTime, 0)
}

// engineMovesPlayed counts the engine's moves since the game's start
// position, the count a "level" session boundary refers to.
func (s *Session) engineMovesPlayed() int {
	plies := len(s.engine.Moves())
	start, err := chess.ParseFEN(s.engine.StartFEN())
	if err != nil {
		return plies / 2
	}
	if start.SideToMove() == s.engineColor {
		return (plies + 1) / 2
	}
	return plies / 2
}

// startPonder thinks on the expected reply until the opponent moves; the
// reply stays out of the game until it is played. Called with mu held,
// from moveDone; pos is the position after the engine's move.
func (s *Session) startPonder(pos *chess.Position, reply chess.Move) {
	if !s.ponder || s.force || s.analyzing || reply == chess.NoMove || !pos.IsLegal(reply) {
		return
	}
	// Thinking output while pondering names the expected reply first, in
	// parentheses, the way xboard users know from other engines.
	prefix := "(" + pos.SAN(reply) + ") "
	pos.MakeMove(reply)
	if pgn.OutcomeOf(pos).Over() {
		return // nothing to ponder on after a reply that ends the game
	}
	s.ponderMove = reply
	s.kind = searchPonder
	lim := s.limitsFor(pos, len(s.engine.Moves())+1)
	lim.Ponder = true
	s.engine.GoAfter(reply, lim, s.reporter(pos, prefix, false), s.moveDone(s.gen, pos))
}

// limits turns the time control into search limits for the engine's move
// in the current position.
func (s *Session) limits(pos *chess.Position) search.Limits {
	return s.limitsFor(pos, len(s.engine.Moves()))
}

// limitsFor is limits for a game of plies moves so far.
func (s *Session) limitsFor(pos *chess.Position, plies int) search.Limits {
	lim := search.Limits{Depth: s.depthLimit}
	if s.tc.moveTime > 0 {
		lim.MoveTime = s.tc.moveTime
		return lim
	}
	// A clock at zero or below still means "hurry", not "no limit".
	mine, theirs := max(s.myTime, time.Millisecond), max(s.theirTime, time.Millisecond)
	if pos.SideToMove() == chess.White {
		lim.WTime, lim.BTime = mine, theirs
	} else {
		lim.WTime, lim.BTime = theirs, mine
	}
	lim.WInc, lim.BInc = s.tc.inc, s.tc.inc
	if mps := s.tc.movesPerSession; mps > 0 {
		// The side to move has made half the plies, whichever side began.
		lim.MovesToGo = mps - (plies/2)%mps
	}
	return lim
}

// takeBack answers "undo" (one ply) and "remove" (two: the user's last
// move and the engine's reply, the user is to move again). With fewer
// plies played than asked, it answers an error and takes nothing back.
func (s *Session) takeBack(plies int) {
	// Checked before the search is stopped: a refused undo changes
	// nothing, the engine's thinking on its move included. The move a
	// search plays is played with mu held, so the count is the game's.
	s.mu.Lock()
	played := len(s.engine.Moves())
	s.mu.Unlock()
	if played < plies {
		s.out.Line("Error (no move to take back): " + map[int]string{1: "undo", 2: "remove"}[plies])
		return
	}
	s.halt()
	for range plies {
		if _, err := s.engine.Undo(); err != nil {
			s.out.Line("Error (" + err.Error() + "): undo")
			return
		}
	}
}

// bookMoves answers "bk": the book's moves for the current position with
// their share of the weight, in the form the GUI shows (tab-indented
// lines, then an empty line).
func (s *Session) bookMoves() {
	moves, err := s.engine.BookMoves()
	pos := s.engine.Position()
	var b strings.Builder
	switch {
	case err != nil:
		fmt.Fprintf(&b, "\tNo book moves: %v\n", err)
	case len(moves) == 0:
		b.WriteString("\tThe position is not in the book.\n")
	default:
		var total uint64
		for _, bm := range moves {
			total += uint64(bm.Weight)
		}
		for _, bm := range moves {
			share := 0.0
			if total > 0 {
				share = 100 * float64(bm.Weight) / float64(total)
			}
			fmt.Fprintf(&b, "\t%s %.0f%% (weight %d)\n", pos.SAN(bm.Move), share, bm.Weight)
		}
	}
	b.WriteString("\n")
	s.out.Text(b.String())
}
