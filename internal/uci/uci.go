// Package uci speaks the Universal Chess Interface to a GUI: it reads
// commands, drives an engine.Engine and prints the replies. It parses and
// formats; the chess is done by the engine.
package uci

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/search"
)

// Session is one UCI conversation.
type Session struct {
	engine *engine.Engine
	out    *engine.Output
}

// NewSession returns a session that drives e and writes to out.
func NewSession(e *engine.Engine, out io.Writer) *Session {
	s := &Session{engine: e, out: engine.NewOutput(out)}
	s.out.SetTranscript(&e.Transcript)
	e.Log = s.infoString
	return s
}

// Run reads commands until "quit" or the end of the input and returns when
// any search has ended. The protocol detector of the caller may already
// have read the first line; it passes it as first (empty for none).
func (s *Session) Run(first string, in *engine.LineReader) {
	defer s.finish()
	engine.ServeLines(first, in, s.Handle, func(e *engine.LineTooLongError) { s.infoString(e.Error()) })
}

// finish stops a running search and waits for its bestmove.
func (s *Session) finish() {
	s.engine.Stop()
	s.engine.Wait()
}

// Handle executes one command line and reports whether it was "quit".
func (s *Session) Handle(line string) (quit bool) {
	s.engine.Transcript.In(line)
	cmd, err := ParseCommand(line)
	if err != nil {
		s.infoString(err.Error())
		return false
	}
	for _, w := range cmd.Warnings {
		s.infoString(w)
	}
	switch cmd.Name {
	case "":
	case "uci":
		s.identify()
	case "isready":
		// Answered at once, even during a search: the GUI only checks that
		// we are alive and have finished the commands before this one.
		s.out.Line("readyok")
	case "ucinewgame":
		s.finish()
		s.engine.NewGame()
	case "position":
		s.finish()
		if err := s.engine.SetPosition(cmd.Position.FEN, cmd.Position.Moves); err != nil {
			s.infoString("position: " + err.Error() + "; position unchanged")
		}
	case "go":
		s.finish()
		s.startGo(cmd.Go)
	case "stop":
		s.engine.Stop()
	case "ponderhit":
		s.engine.PonderHit()
	case "setoption":
		if err := s.setOption(cmd.Option); err != nil {
			s.infoString("setoption: " + err.Error())
		}
	case "d":
		s.out.Text(engine.Diagram(s.engine.Position()))
	case "eval":
		s.out.Text(s.engine.EvalTrace())
	case "debug", "register":
	case "quit":
		return true
	}
	return false
}

// infoString sends a message for people; it may come from any goroutine.
func (s *Session) infoString(msg string) {
	s.out.Line("info string " + printable(msg))
}

func (s *Session) identify() {
	var b strings.Builder
	fmt.Fprintf(&b, "id name %s %s\n", engine.Name, engine.Version)
	fmt.Fprintf(&b, "id author %s\n", engine.Author)
	for _, o := range options {
		b.WriteString(o.declaration())
		b.WriteByte('\n')
	}
	b.WriteString("uciok\n")
	s.out.Text(b.String())
}

// startGo turns "go" into a search, or runs perft.
func (s *Session) startGo(g GoArgs) {
	root := s.engine.Position()
	if g.Perft > 0 {
		s.perft(root, g.Perft)
		return
	}
	limits, warnings := searchLimits(root, g)
	for _, w := range warnings {
		s.infoString(w)
	}
	// root belongs to the search goroutine from here on: only the
	// callbacks, which run there one at a time, touch it.
	showWDL := s.engine.Options().ShowWDL
	rep := search.Reporter{
		Info: func(i search.Info) { s.out.Line(formatInfo(root, i, showWDL)) },
		CurrMove: func(depth int, m chess.Move, number int) {
			s.out.Linef("info depth %d currmove %s currmovenumber %d", depth, root.UCI(m), number)
		},
	}
	s.engine.Go(limits, rep, func(res search.Result) {
		if res.Best == chess.NoMove {
			// Mated or stalemated: say so the way GUIs expect, then "(none)".
			score := "cp 0"
			if root.InCheck() {
				score = "mate 0"
			}
			s.out.Line("info depth 0 score " + score)
			s.out.Line("bestmove (none)")
			return
		}
		s.out.Line(formatBestMove(root, res))
	})
}

// searchLimits converts the arguments of "go" for the search. Search moves
// that are not legal here are dropped with a warning; if none is left the
// search considers every move.
func searchLimits(root *chess.Position, g GoArgs) (search.Limits, []string) {
	lim := search.Limits{
		WTime: g.WTime, BTime: g.BTime, WInc: max(g.WInc, 0), BInc: max(g.BInc, 0),
		MovesToGo: g.MovesToGo, MoveTime: g.MoveTime, Depth: g.Depth, Nodes: g.Nodes,
		Mate: g.Mate, Infinite: g.Infinite, Ponder: g.Ponder,
	}
	// A clock at zero or below is still a clock: search as briefly as
	// possible rather than without limit.
	if g.Clock {
		lim.WTime = max(lim.WTime, time.Millisecond)
		lim.BTime = max(lim.BTime, time.Millisecond)
	}
	var warnings []string
	for _, text := range g.SearchMoves {
		m, err := root.ParseUCI(text)
		if err != nil {
			warnings = append(warnings, "searchmoves: "+err.Error()+"; ignored")
			continue
		}
		lim.SearchMoves = append(lim.SearchMoves, m)
	}
	if len(g.SearchMoves) > 0 && len(lim.SearchMoves) == 0 {
		warnings = append(warnings, "searchmoves: no legal move given; searching all moves")
	}
	return lim, warnings
}

// perft counts the move tree below each root move, one line per move as
// it is done, then the total. It runs like a search: the input loop keeps
// answering (isready), and stop, a new go or quit end it, with an info
// string instead of the total.
func (s *Session) perft(root *chess.Position, depth int) {
	s.engine.Perft(depth,
		func(m chess.Move, nodes uint64) { s.out.Linef("%s: %d", root.UCI(m), nodes) },
		func(total uint64, complete bool) {
			if complete {
				s.out.Text(fmt.Sprintf("\nNodes searched: %d\n", total))
			} else {
				s.infoString(fmt.Sprintf("perft %d stopped; %d nodes counted below the moves above", depth, total))
			}
		})
}

// option is one UCI option: its declaration for "uci" and its setter.
type option struct {
	name string
	kind string // spin, check, button or string
	def  string
	// start, when set, gives the default at the time of "uci": a value
	// that start-up reads from the environment after options is built.
	start    func() string
	min, max int
	set      func(e *engine.Engine, value string) error
}

func (o option) declaration() string {
	d := "option name " + o.name + " type " + o.kind
	switch o.kind {
	case "spin":
		d += fmt.Sprintf(" default %s min %d max %d", o.def, o.min, o.max)
	case "check":
		d += " default " + o.def
	case "string":
		def := o.def
		if o.start != nil {
			def = o.start()
		}
		if def == "" {
			def = "<empty>" // UCI's way to write an empty default
		}
		d += " default " + def
	}
	return d
}

var options = []option{
	{name: "Hash", kind: "spin", def: strconv.Itoa(engine.DefaultHashMB), min: engine.MinHashMB, max: engine.MaxHashMB,
		set: spinSetter("Hash", "a number of megabytes", (*engine.Engine).SetHashMB)},
	{name: "Threads", kind: "spin", def: "1", min: 1, max: engine.MaxThreads,
		set: spinSetter("Threads", "a number", (*engine.Engine).SetThreads)},
	{name: "MultiPV", kind: "spin", def: "1", min: 1, max: engine.MaxMultiPV,
		set: spinSetter("MultiPV", "a number", (*engine.Engine).SetMultiPV)},
	{name: "Ponder", kind: "check", def: "false", set: checkSetter("Ponder", (*engine.Engine).SetPonder)},
	{name: "Move Overhead", kind: "spin", def: strconv.Itoa(int(engine.DefaultMoveOverhead.Milliseconds())),
		min: 0, max: int(engine.MaxMoveOverhead.Milliseconds()),
		set: spinSetter("Move Overhead", "a number of milliseconds", func(e *engine.Engine, n int) error {
			return e.SetMoveOverhead(time.Duration(n) * time.Millisecond)
		})},
	{name: "Slow Mover", kind: "spin", def: strconv.Itoa(engine.DefaultSlowMover), min: engine.MinSlowMover, max: engine.MaxSlowMover,
		set: spinSetter("Slow Mover", "a percentage", (*engine.Engine).SetSlowMover)},
	{name: "nodestime", kind: "spin", def: "0", min: 0, max: engine.MaxNodesPerSecond / 1000,
		set: spinSetter("nodestime", "a number of nodes a millisecond", func(e *engine.Engine, n int) error {
			if n < 0 {
				return fmt.Errorf("nodestime needs a number of nodes a millisecond, got %d", n)
			}
			return e.SetNodesPerSecond(uint64(n) * 1000)
		})},
	{name: "Clear Hash", kind: "button",
		set: func(e *engine.Engine, _ string) error {
			e.ClearHash()
			return nil
		}},
	{name: "Skill Level", kind: "spin", def: strconv.Itoa(engine.MaxSkillLevel), min: 0, max: engine.MaxSkillLevel,
		set: spinSetter("Skill Level", "a number", (*engine.Engine).SetSkillLevel)},
	{name: "UCI_LimitStrength", kind: "check", def: "false", set: checkSetter("UCI_LimitStrength", (*engine.Engine).SetLimitStrength)},
	{name: "UCI_Elo", kind: "spin", def: strconv.Itoa(engine.DefaultElo), min: engine.MinElo, max: engine.MaxElo,
		set: spinSetter("UCI_Elo", "a number", (*engine.Engine).SetElo)},
	{name: "UCI_ShowWDL", kind: "check", def: "false", set: checkSetter("UCI_ShowWDL", (*engine.Engine).SetShowWDL)},
	{name: "UCI_Chess960", kind: "check", def: "false", set: checkSetter("UCI_Chess960", (*engine.Engine).SetChess960)},
	{name: "UCI_AnalyseMode", kind: "check", def: "false", set: checkSetter("UCI_AnalyseMode", (*engine.Engine).SetAnalyseMode)},
	{name: "UCI_Opponent", kind: "string",
		set: func(e *engine.Engine, v string) error { e.SetOpponent(v); return nil }},
	{name: "OwnBook", kind: "check", def: "false", set: checkSetter("OwnBook", (*engine.Engine).SetOwnBook)},
	{name: "BookFile", kind: "string", set: (*engine.Engine).SetBookFile},
	{name: "BookBestMove", kind: "check", def: "false", set: checkSetter("BookBestMove", (*engine.Engine).SetBookBestMove)},
	{name: "SyzygyPath", kind: "string", set: (*engine.Engine).SetSyzygyPath},
	{name: "SyzygyProbeDepth", kind: "spin", def: strconv.Itoa(engine.DefaultSyzygyProbeDepth),
		min: engine.MinSyzygyProbeDepth, max: engine.MaxSyzygyProbeDepth,
		set: spinSetter("SyzygyProbeDepth", "a number", (*engine.Engine).SetSyzygyProbeDepth)},
	{name: "Syzygy50MoveRule", kind: "check", def: "true", set: checkSetter("Syzygy50MoveRule", (*engine.Engine).SetSyzygy50MoveRule)},
	{name: "SyzygyProbeLimit", kind: "spin", def: strconv.Itoa(engine.DefaultSyzygyProbeLimit),
		min: 0, max: engine.MaxSyzygyProbeLimit,
		set: spinSetter("SyzygyProbeLimit", "a number", (*engine.Engine).SetSyzygyProbeLimit)},
	{name: "Use NNUE", kind: "check", def: strconv.FormatBool(engine.DefaultUseNNUE),
		set: checkSetter("Use NNUE", (*engine.Engine).SetUseNNUE)},
	{name: "EvalFile", kind: "string", def: engine.DefaultEvalFile(), set: (*engine.Engine).SetEvalFile},
	{name: "Switches", kind: "string", start: engine.StartSwitches, set: (*engine.Engine).SetSwitches},
	{name: "EvalSwitches", kind: "string", start: engine.StartEvalSwitches, set: (*engine.Engine).SetEvalSwitches},
	{name: "Debug Log File", kind: "string",
		set: func(e *engine.Engine, v string) error {
			if err := e.Transcript.SetFile(v); err != nil {
				return fmt.Errorf("Debug Log File: %w", err)
			}
			return nil
		}},
}

// spinSetter makes the setter of a spin option from the engine method that
// takes its number (and checks its range); what names the number in the
// message for a value that is none.
func spinSetter(name, what string, set func(*engine.Engine, int) error) func(*engine.Engine, string) error {
	return func(e *engine.Engine, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%s needs %s, got %s", name, what, quote(v))
		}
		return set(e, n)
	}
}

// checkSetter makes the setter of a check option from the engine method
// that takes its value; name names the option in the message for a value
// that is neither true nor false, as a GUI sends many options at once.
func checkSetter(name string, set func(*engine.Engine, bool)) func(*engine.Engine, string) error {
	return func(e *engine.Engine, v string) error {
		on, err := parseCheck(v)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		set(e, on)
		return nil
	}
}

func parseCheck(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf(`"true" or "false" expected, got %s`, quote(v))
}

// setOption finds the option by name (case-insensitive, as UCI asks) and
// sets it.
func (s *Session) setOption(a OptionArgs) error {
	for _, o := range options {
		if !strings.EqualFold(o.name, a.Name) {
			continue
		}
		if o.kind != "button" && !a.HasValue {
			return fmt.Errorf("%s needs a value", o.name)
		}
		return o.set(s.engine, a.Value)
	}
	return fmt.Errorf("no option named %s", quote(a.Name))
}
