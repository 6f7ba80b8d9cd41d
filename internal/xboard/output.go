package xboard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"matador/internal/chess"
	"matador/internal/engine"
	"matador/internal/search"
)

// CECP writes a mate score as 100000 plus the number of moves to mate
// (negative: being mated), so that GUIs can show "#5".
const mateBase = 100000

// reporter prints thinking output: always in analyze mode, after "post"
// otherwise. prefix goes before the PV (the expected reply while
// pondering). root belongs to the search goroutine.
func (s *Session) reporter(root *chess.Position, prefix string, analysis bool) search.Reporter {
	return search.Reporter{
		Info: func(i search.Info) {
			if analysis {
				s.stats.update(i)
			} else if !s.post.Load() {
				return
			}
			// CECP has no bound marker: an aspiration fail's score is not
			// the value of its PV, so it is not shown.
			if i.Bound != search.BoundExact {
				return
			}
			s.out.Line(formatThinking(root, i, prefix))
		},
		CurrMove: func(depth int, m chess.Move, number int) {
			if analysis {
				s.stats.currMove(root, m, number)
			}
		},
	}
}

// formatThinking writes "ply score time nodes pv": score in centipawns
// from the engine's side, time in centiseconds, the PV in SAN.
func formatThinking(root *chess.Position, i search.Info, prefix string) string {
	pv := strings.Join(root.SANLine(i.PV), " ")
	return fmt.Sprintf("%d %d %d %d %s%s", i.Depth, cecpScore(i.Score), i.Time/(10*time.Millisecond), i.Nodes, prefix, pv)
}

func cecpScore(score int) int {
	moves, ok := search.MateIn(score)
	switch {
	case !ok:
		return score
	case moves > 0:
		return mateBase + moves
	}
	return -mateBase + moves
}

// stats is what "." reports during analysis; the search goroutine writes
// it, the command loop reads it.
type stats struct {
	mu       sync.Mutex
	start    time.Time
	nodes    uint64
	depth    int
	moves    int    // legal moves at the root
	number   int    // the root move being searched, from 1
	moveName string // and its SAN
}

func (st *stats) reset(root *chess.Position) {
	var ml chess.MoveList
	root.GenerateLegal(&ml)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.start, st.moves = time.Now(), ml.N
	st.nodes, st.depth, st.number, st.moveName = 0, 0, 0, ""
}

func (st *stats) update(i search.Info) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.nodes, st.depth = i.Nodes, i.Depth
}

func (st *stats) currMove(root *chess.Position, m chess.Move, number int) {
	name := root.SAN(m)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.number, st.moveName = number, name
}

// status answers "." in analyze mode: "stat01: time nodes ply mvleft
// mvtot mvname", time in centiseconds. Nodes and ply are those of the
// search's last report (an aspiration fail's too); the current root move
// is known only once a search has run a second (the searcher reports it
// from then on).
func (s *Session) status() {
	s.mu.Lock()
	analyzing := s.kind == searchAnalysis
	s.mu.Unlock()
	if !analyzing {
		return
	}
	st := &s.stats
	st.mu.Lock()
	defer st.mu.Unlock()
	left := 0
	if st.number > 0 {
		left = st.moves - st.number
	}
	name := st.moveName
	if name == "" {
		name = "?"
	}
	s.out.Linef("stat01: %d %d %d %d %d %s", time.Since(st.start)/(10*time.Millisecond), st.nodes, st.depth, left, st.moves, name)
}

// clockCommand handles level, st, sd, time and otim.
func (s *Session) clockCommand(cmd string, args []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch cmd {
	case "level":
		if len(args) != 3 {
			return errors.New("level needs moves per session, base time and increment")
		}
		mps, err := strconv.Atoi(args[0])
		if err != nil || mps < 0 {
			return fmt.Errorf("bad number of moves %q", args[0])
		}
		base, err := parseBase(args[1])
		if err != nil {
			return err
		}
		inc, err := parseSeconds(args[2])
		if err != nil {
			return err
		}
		s.tc = timeControl{movesPerSession: mps, base: base, inc: inc}
		s.myTime, s.theirTime = base, base
	case "st":
		if len(args) != 1 {
			return errors.New("st needs seconds")
		}
		t, err := parseSeconds(args[0])
		if err != nil || t <= 0 {
			return fmt.Errorf("bad time %q", args[0])
		}
		s.tc.moveTime = t
	case "sd":
		// One number only: "sd 1 2" is not depth 12.
		if len(args) != 1 {
			return errors.New("sd needs one depth")
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 {
			return fmt.Errorf("bad depth %q", args[0])
		}
		s.depthLimit = min(n, search.MaxPly-4)
	case "time", "otim":
		if len(args) != 1 {
			return errors.New(cmd + " needs centiseconds")
		}
		cs, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || cs < 0 {
			return fmt.Errorf("bad time %q: centiseconds, 0 or more", args[0])
		}
		// Capped so that the conversion cannot overflow.
		cs = min(cs, 1_000_000_000)
		d := time.Duration(cs) * 10 * time.Millisecond
		if cmd == "time" {
			s.myTime = d
		} else {
			s.theirTime = d
		}
	}
	return nil
}

// parseBase reads the base time of "level": minutes, or minutes:seconds.
func parseBase(text string) (time.Duration, error) {
	minutes, seconds, hasSeconds := strings.Cut(text, ":")
	m, err := strconv.ParseFloat(minutes, 64)
	// Written so that NaN fails too.
	if err != nil || !(m >= 0 && m <= 100000) {
		return 0, fmt.Errorf("bad base time %q", text)
	}
	d := time.Duration(m * float64(time.Minute))
	if hasSeconds {
		sec, err := strconv.Atoi(seconds)
		if err != nil || sec < 0 || sec >= 60 {
			return 0, fmt.Errorf("bad base time %q", text)
		}
		d += time.Duration(sec) * time.Second
	}
	return d, nil
}

// parseSeconds reads a number of seconds, fractions allowed ("st 0.5").
func parseSeconds(text string) (time.Duration, error) {
	sec, err := strconv.ParseFloat(text, 64)
	// Written so that NaN fails too: its conversion to a duration is
	// whatever the machine makes of it.
	if err != nil || !(sec >= 0 && sec <= 1e6) {
		return 0, fmt.Errorf("bad number of seconds %q", text)
	}
	return time.Duration(sec * float64(time.Second)), nil
}

// option is one engine option offered with "feature option=...".
type option struct {
	name string
	kind string // spin, check, string, file, path or button
	def  int    // spin and check (0 or 1)
	sdef string // string and file: the default
	// start, when set, gives the string's default at the time of
	// "protover": a value start-up reads from the environment.
	start func() string
	min   int
	max   int
	set   func(e *engine.Engine, value string) error
}

func (o option) declaration() string {
	switch o.kind {
	case "button":
		return o.name + " -button"
	case "check":
		return fmt.Sprintf("%s -check %d", o.name, o.def)
	case "string":
		def := o.sdef
		if o.start != nil {
			def = o.start()
		}
		return o.name + " -string " + def
	case "file":
		return o.name + " -file " + o.sdef
	case "path":
		return o.name + " -path "
	}
	return fmt.Sprintf("%s -spin %d %d %d", o.name, o.def, o.min, o.max)
}

// spinSetter makes the setter of a spin option from the engine method
// that takes its number.
func spinSetter(set func(e *engine.Engine, v int) error) func(*engine.Engine, string) error {
	return func(e *engine.Engine, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return errors.New("a number expected")
		}
		return set(e, n)
	}
}

// checkSetter makes the setter of a check option (0 or 1; true and false
// are accepted too).
func checkSetter(set func(e *engine.Engine, on bool)) func(*engine.Engine, string) error {
	return func(e *engine.Engine, v string) error {
		switch strings.ToLower(v) {
		case "1", "true":
			set(e, true)
		case "0", "false":
			set(e, false)
		default:
			return errors.New("0 or 1 expected")
		}
		return nil
	}
}

// options are the engine's settings that CECP has no command for: the
// hash size comes with "memory", threads with "cores", the node rate with
// "nps", pondering with "hard"/"easy", Chess960 with "variant" and
// analysis with "analyze"; UCI_ShowWDL and UCI_Opponent have no use here.
var options = []option{
	{name: "MultiPV", kind: "spin", def: 1, min: 1, max: engine.MaxMultiPV,
		set: spinSetter((*engine.Engine).SetMultiPV)},
	{name: "Move Overhead", kind: "spin", def: int(engine.DefaultMoveOverhead.Milliseconds()),
		min: 0, max: int(engine.MaxMoveOverhead.Milliseconds()),
		set: spinSetter(func(e *engine.Engine, v int) error { return e.SetMoveOverhead(time.Duration(v) * time.Millisecond) })},
	{name: "Slow Mover", kind: "spin", def: engine.DefaultSlowMover, min: engine.MinSlowMover, max: engine.MaxSlowMover,
		set: spinSetter((*engine.Engine).SetSlowMover)},
	{name: "Clear Hash", kind: "button",
		set: func(e *engine.Engine, _ string) error { e.ClearHash(); return nil }},
	{name: "Skill Level", kind: "spin", def: engine.MaxSkillLevel, min: 0, max: engine.MaxSkillLevel,
		set: spinSetter((*engine.Engine).SetSkillLevel)},
	{name: "UCI_LimitStrength", kind: "check", set: checkSetter((*engine.Engine).SetLimitStrength)},
	{name: "UCI_Elo", kind: "spin", def: engine.DefaultElo, min: engine.MinElo, max: engine.MaxElo,
		set: spinSetter((*engine.Engine).SetElo)},
	{name: "OwnBook", kind: "check", set: checkSetter((*engine.Engine).SetOwnBook)},
	{name: "BookFile", kind: "file", set: (*engine.Engine).SetBookFile},
	{name: "BookBestMove", kind: "check", set: checkSetter((*engine.Engine).SetBookBestMove)},
	{name: "SyzygyPath", kind: "path", set: (*engine.Engine).SetSyzygyPath},
	{name: "SyzygyProbeDepth", kind: "spin", def: engine.DefaultSyzygyProbeDepth,
		min: engine.MinSyzygyProbeDepth, max: engine.MaxSyzygyProbeDepth,
		set: spinSetter((*engine.Engine).SetSyzygyProbeDepth)},
	{name: "Syzygy50MoveRule", kind: "check", def: 1, set: checkSetter((*engine.Engine).SetSyzygy50MoveRule)},
	{name: "SyzygyProbeLimit", kind: "spin", def: engine.DefaultSyzygyProbeLimit, min: 0, max: engine.MaxSyzygyProbeLimit,
		set: spinSetter((*engine.Engine).SetSyzygyProbeLimit)},
	{name: "Use NNUE", kind: "check", def: boolInt(engine.DefaultUseNNUE),
		set: checkSetter((*engine.Engine).SetUseNNUE)},
	{name: "EvalFile", kind: "file", sdef: engine.DefaultEvalFile(), set: (*engine.Engine).SetEvalFile},
	{name: "Switches", kind: "string", start: engine.StartSwitches, set: (*engine.Engine).SetSwitches},
	{name: "EvalSwitches", kind: "string", start: engine.StartEvalSwitches, set: (*engine.Engine).SetEvalSwitches},
	{name: "Debug Log File", kind: "file",
		set: func(e *engine.Engine, v string) error {
			if err := e.Transcript.SetFile(v); err != nil {
				return fmt.Errorf("Debug Log File: %w", err)
			}
			return nil
		}},
}

// setOption handles "option NAME=VALUE" (or "option NAME" for a button).
func (s *Session) setOption(text string) error {
	name, value, hasValue := strings.Cut(text, "=")
	name = strings.TrimSpace(name)
	for _, o := range options {
		if !strings.EqualFold(o.name, name) {
			continue
		}
		if o.kind == "button" {
			return o.set(s.engine, "")
		}
		if !hasValue {
			return fmt.Errorf("option %s needs a value", o.name)
		}
		// The error line repeats the command, which names the option.
		return o.set(s.engine, strings.TrimSpace(value))
	}
	return fmt.Errorf("no option named %q", name)
}

// boolInt is a check option's default as CECP writes it.
func boolInt(on bool) int {
	if on {
		return 1
	}
	return 0
}
