package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Command is one parsed input line. Name is the command word ("go",
// "position", ...; empty for a blank line) and the field of that command is
// filled in. Parsing needs no position: moves stay text until the engine
// reads them on the right board.
type Command struct {
	Name     string
	Position PositionArgs // for "position"
	Go       GoArgs       // for "go"
	Option   OptionArgs   // for "setoption"
	Debug    bool         // for "debug"
	// Warnings are problems that did not stop the command (a bad "go"
	// parameter is skipped so that the GUI still gets its bestmove).
	Warnings []string
}

// PositionArgs are the arguments of "position".
type PositionArgs struct {
	FEN   string // empty for "startpos"
	Moves []string
}

// GoArgs are the arguments of "go". Times are as the GUI sent them, except
// that absurdly large values are capped and a movetime below a millisecond
// becomes one.
type GoArgs struct {
	WTime, BTime, WInc, BInc time.Duration
	Clock                    bool // wtime or btime was given: a timed game
	MovesToGo                int
	MoveTime                 time.Duration
	Depth                    int
	Nodes                    uint64
	Mate                     int
	Infinite, Ponder         bool
	SearchMoves              []string
	Perft                    int // > 0: count the move tree instead of searching
}

// OptionArgs are the arguments of "setoption name <Name> [value <Value>]".
type OptionArgs struct {
	Name     string
	Value    string
	HasValue bool
}

// Limits on numbers in "go", so that conversions cannot overflow.
const (
	maxMillis    = 1_000_000_000 // about 11 days
	maxGoDepth   = 1000
	maxPerft     = 20
	maxMateMoves = 1000
)

// commandsWithoutArgs take no arguments; any given are ignored, because a
// GUI that adds one still expects its readyok or bestmove.
var commandsWithoutArgs = map[string]bool{
	"uci": true, "isready": true, "ucinewgame": true, "stop": true,
	"ponderhit": true, "quit": true, "d": true, "eval": true,
}

// ParseCommand reads one line of UCI input. It never panics; the error says
// what is wrong in words a user can act on.
func ParseCommand(line string) (Command, error) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return Command{}, nil
	}
	cmd := Command{Name: fields[0]}
	args := fields[1:]
	var err error
	switch {
	case commandsWithoutArgs[cmd.Name]:
	case cmd.Name == "position":
		cmd.Position, err = parsePosition(args)
	case cmd.Name == "go":
		cmd.Go, cmd.Warnings, err = parseGo(args)
	case cmd.Name == "setoption":
		cmd.Option, err = parseSetOption(args, line)
	case cmd.Name == "debug":
		cmd.Debug, err = parseDebug(args)
	case cmd.Name == "register":
		// Nothing to register; accept whatever follows.
	default:
		return Command{}, fmt.Errorf("unknown command %s", quote(cmd.Name))
	}
	if err != nil {
		return Command{}, fmt.Errorf("%s: %w", cmd.Name, err)
	}
	return cmd, nil
}

func parsePosition(args []string) (PositionArgs, error) {
	var p PositionArgs
	if len(args) == 0 {
		return p, errors.New(`"startpos" or "fen <FEN>" expected`)
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		if n == 0 {
			return p, errors.New("FEN missing after \"fen\"")
		}
		p.FEN = strings.Join(rest[:n], " ")
		rest = rest[n:]
	default:
		return p, fmt.Errorf(`"startpos" or "fen" expected, got %s`, quote(args[0]))
	}
	if len(rest) == 0 {
		return p, nil
	}
	if rest[0] != "moves" {
		return p, fmt.Errorf(`"moves" expected after the position, got %s`, quote(rest[0]))
	}
	p.Moves = rest[1:]
	return p, nil
}

// goKeywords are the words that may follow "go"; searchmoves ends at the
// next one of them.
var goKeywords = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true,
	"depth": true, "nodes": true, "movetime": true, "mate": true,
	"infinite": true, "ponder": true, "searchmoves": true, "perft": true,
}

// parseGo reads the parameters of "go". It is lenient on purpose: a GUI
// that sent "go" waits for a bestmove, so a bad parameter is skipped with a
// warning (printed as info string) and the search still runs. Only a bad
// "perft" depth is an error, as perft answers with counts, not a bestmove.
func parseGo(args []string) (GoArgs, []string, error) {
	var g GoArgs
	var warnings []string
	warn := func(format string, a ...any) { warnings = append(warnings, fmt.Sprintf(format, a...)) }
	for i := 0; i < len(args); i++ {
		word := args[i]
		switch word {
		case "infinite":
			g.Infinite = true
			continue
		case "ponder":
			g.Ponder = true
			continue
		case "searchmoves":
			j := i + 1
			for j < len(args) && !goKeywords[args[j]] {
				j++
			}
			g.SearchMoves = append(g.SearchMoves, args[i+1:j]...)
			i = j - 1
			continue
		}
		if !goKeywords[word] {
			warn("go: unknown parameter %s ignored", quote(word))
			continue
		}
		if i+1 >= len(args) {
			if word == "perft" {
				return g, warnings, errors.New("perft needs a depth")
			}
			warn("go: %s needs a number; ignored", word)
			continue
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			if word == "perft" {
				return g, warnings, fmt.Errorf("perft needs a depth, got %s", quote(args[i+1]))
			}
			warn("go: %s needs a number, got %s; ignored", word, quote(args[i+1]))
			// Skip the bad value, unless it is the next keyword.
			if !goKeywords[args[i+1]] {
				i++
			}
			continue
		}
		i++
		switch word {
		case "wtime", "btime", "winc", "binc", "movetime":
			// Clocks may be slightly negative after a GUI's lag; the caller
			// treats anything below a millisecond as "almost no time".
			d := time.Duration(min(max(n, -maxMillis), maxMillis)) * time.Millisecond
			switch word {
			case "wtime":
				g.WTime, g.Clock = d, true
			case "btime":
				g.BTime, g.Clock = d, true
			case "winc":
				g.WInc = d
			case "binc":
				g.BInc = d
			case "movetime":
				if n < 0 {
					warn("go: movetime must not be negative, got %d; a move at once instead", n)
				}
				// movetime 0 asks for a move at once; zero would mean
				// "no time limit" to the search.
				g.MoveTime = max(d, time.Millisecond)
			}
		case "movestogo":
			if n < 0 {
				warn("go: movestogo must not be negative, got %d; ignored", n)
				continue
			}
			g.MovesToGo = int(min(n, 10000))
		case "depth":
			if n < 1 {
				warn("go: depth must be at least 1, got %d; depth 1 instead", n)
			}
			g.Depth = int(min(max(n, 1), maxGoDepth))
		case "nodes":
			if n < 1 {
				warn("go: nodes must be at least 1, got %d; 1 instead", n)
			}
			g.Nodes = uint64(max(n, 1))
		case "mate":
			if n < 1 {
				warn("go: mate must be at least 1, got %d; ignored", n)
				continue
			}
			g.Mate = int(min(n, maxMateMoves))
		case "perft":
			if n < 1 || n > maxPerft {
				return g, warnings, fmt.Errorf("perft depth must be from 1 to %d, got %d", maxPerft, n)
			}
			g.Perft = int(n)
		}
	}
	return g, warnings, nil
}

// parseSetOption reads the arguments of setoption; line is the whole
// command, from which the value is taken as typed (a file name may hold
// runs of spaces).
func parseSetOption(args []string, line string) (OptionArgs, error) {
	var o OptionArgs
	if len(args) == 0 || args[0] != "name" {
		return o, errors.New(`"name <option>" expected`)
	}
	args = args[1:]
	// Option names may contain spaces ("Move Overhead"); the name runs up
	// to the word "value".
	n := 0
	for n < len(args) && args[n] != "value" {
		n++
	}
	if n == 0 {
		return o, errors.New("option name missing")
	}
	o.Name = strings.Join(args[:n], " ")
	if n < len(args) {
		o.HasValue = true
		// setoption, name, the name's words, value: 3+n fields.
		o.Value = afterFields(line, 3+n)
	}
	return o, nil
}

// afterFields returns what follows the first k whitespace-separated fields
// of line, without the space around it.
func afterFields(line string, k int) string {
	rest := line
	for range k {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		end := strings.IndexFunc(rest, unicode.IsSpace)
		if end < 0 {
			return ""
		}
		rest = rest[end:]
	}
	return strings.TrimSpace(rest)
}

func parseDebug(args []string) (bool, error) {
	if len(args) == 0 {
		return true, nil
	}
	switch args[0] {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf(`"on" or "off" expected, got %s`, quote(args[0]))
}

// quote writes user input into a message: printable, quoted and short,
// whatever bytes it holds.
func quote(s string) string {
	const maxRunes = 40
	if utf8.RuneCountInString(s) > maxRunes {
		runes := []rune(s)
		return strconv.QuoteToASCII(string(runes[:maxRunes])) + "..."
	}
	return strconv.QuoteToASCII(s)
}

// printable replaces what a GUI could choke on (control characters,
// invalid UTF-8) and caps the length, for text of unknown origin that goes
// into an info string.
func printable(s string) string {
	const maxBytes = 400
	if len(s) > maxBytes {
		cut := maxBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
}
