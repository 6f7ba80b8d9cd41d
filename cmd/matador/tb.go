//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"matador/internal/chess"
	"matador/internal/tb"
)

const tbUsage = `usage:
  matador tb probe [-path DIRS] FEN   the position's WDL and DTZ and every legal move's result
  matador tb verify [-path DIRS]      open every table and check its header and size
DIRS: directories separated by ':' (';' on Windows); default "."`

// runTB is "matador tb": Syzygy tablebases at the command line, for people
// checking a position or a download.
func runTB(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, tbUsage)
		return 2
	}
	fs := flag.NewFlagSet("tb "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("path", ".", "tablebase directories")
	rest, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return 2
	}
	switch args[0] {
	case "probe":
		if len(rest) == 0 {
			fmt.Fprintln(stderr, tbUsage)
			return 2
		}
		// The FEN may come quoted or as its separate fields.
		return runTBProbe(*path, strings.Join(rest, " "), stdout, stderr)
	case "verify":
		if len(rest) != 0 {
			fmt.Fprintln(stderr, tbUsage)
			return 2
		}
		return runTBVerify(*path, stdout, stderr)
	}
	fmt.Fprintf(stderr, "matador tb: unknown command %q\n%s\n", args[0], tbUsage)
	return 2
}

func openTables(path string, stdout, stderr io.Writer) *tb.Tables {
	tables, err := tb.Open(path)
	if err != nil {
		fmt.Fprintln(stderr, "matador tb:", err)
		return nil
	}
	for _, err := range tables.Skipped() {
		fmt.Fprintf(stderr, "matador tb: %v; not used\n", err)
	}
	wdl, dtz := tables.Counts()
	fmt.Fprintf(stdout, "tables: %d WDL, %d DTZ, up to %d pieces\n", wdl, dtz, tables.MaxPieces())
	return tables
}

func runTBVerify(path string, stdout, stderr io.Writer) int {
	tables := openTables(path, stdout, stderr)
	if tables == nil {
		return 1
	}
	defer tables.Close()
	if err := tables.Verify(); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintln(stdout, "all tables open and check out")
	return 0
}

// runTBProbe prints the position's WDL and DTZ (the fifty-move counter taken
// as zero, as the tables store them) and then every legal move, best first,
// with its result and DTZ counted from this position, the counter included.
func runTBProbe(path, fen string, stdout, stderr io.Writer) int {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		fmt.Fprintln(stderr, "matador tb probe: bad FEN:", err)
		return 2
	}
	tables := openTables(path, stdout, stderr)
	if tables == nil {
		return 1
	}
	defer tables.Close()
	fmt.Fprintf(stdout, "fen:    %s\n", pos.FEN())
	wdl, err := tables.ProbeWDLErr(pos)
	if err != nil {
		fmt.Fprintln(stderr, "matador tb probe:", err)
		return 1
	}
	clock := ""
	if pos.Rule50() > 0 {
		clock = " (half-move clock taken as 0; the moves below count it)"
	}
	fmt.Fprintf(stdout, "wdl:    %v%s\n", wdl, clock)
	dtz, err := tables.ProbeDTZErr(pos)
	switch {
	case errors.Is(err, tb.ErrMissingTable):
		// A set of WDL tables alone still ranks the moves (by result),
		// as the search uses it; only a corrupt table ends the probe.
		fmt.Fprintf(stdout, "dtz:    - (%v)\n", err)
	case err != nil:
		fmt.Fprintln(stderr, "matador tb probe: DTZ:", err)
		return 1
	default:
		fmt.Fprintf(stdout, "dtz:    %d\n", dtz)
	}
	if !pos.HasLegalMove() {
		if pos.InCheck() {
			fmt.Fprintln(stdout, "checkmate")
		} else {
			fmt.Fprintln(stdout, "stalemate")
		}
		return 0
	}
	ranking, ok := tables.RankRootMoves(pos, true, true)
	if !ok {
		fmt.Fprintln(stderr, "matador tb probe: a table the moves lead to is missing or corrupt")
		return 1
	}
	if !ranking.ByDTZ {
		fmt.Fprintln(stdout, "(moves ranked by WDL alone: DTZ tables missing)")
	}
	fmt.Fprintf(stdout, "%-8s %-8s %-13s %s\n", "move", "uci", "result", "dtz")
	for _, m := range ranking.Moves {
		note := ""
		if m.DTZ == 1 && m.WDL == tb.Win && givesMate(pos, m.Move) {
			note = " (mate)"
		}
		dtzText := fmt.Sprint(m.DTZ)
		if !ranking.ByDTZ {
			dtzText = "-"
		}
		fmt.Fprintf(stdout, "%-8s %-8s %-13v %s%s\n", pos.SAN(m.Move), pos.UCI(m.Move), m.WDL, dtzText, note)
	}
	return 0
}

func givesMate(pos *chess.Position, m chess.Move) bool {
	pos.MakeMove(m)
	defer pos.UnmakeMove(m)
	return pos.InCheck() && !pos.HasLegalMove()
}
