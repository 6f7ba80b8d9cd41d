package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"matador/internal/console"
	"matador/internal/engine"
	"matador/internal/uci"
	"matador/internal/xboard"
)

// runPlay plays a game with a person at a terminal ("matador play", or
// "matador" started on a terminal). Typing "uci" or "xboard" there hands
// the conversation to that protocol, for a program after all.
func runPlay(args []string, in io.Reader, out io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	ascii := fs.Bool("ascii", false, "draw the board with letters instead of chess symbols")
	moveTime := console.DefaultMoveTime
	fs.Var(durationFlag{&moveTime}, "movetime", "the engine's time per move: milliseconds, or a duration such as 5s")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "matador play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	opts := console.Options{
		ASCII:    *ascii || !console.UnicodeTerminal(os.Getenv),
		MoveTime: moveTime,
	}
	e := engine.New()
	lines := engine.NewLineReader(in)
	switch console.New(e, out, opts).Run(lines) {
	case "uci":
		uci.NewSession(e, out).Run("uci", lines)
	case "xboard":
		xboard.New(e, out).Run("xboard", lines)
	}
	return 0
}
