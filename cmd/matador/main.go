// Command matador is a chess engine. With no arguments it speaks UCI (or
// XBoard after "xboard"); subcommands run perft, bench and analysis.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"matador/internal/chess"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "perft":
			os.Exit(runPerft(os.Args[2:]))
		case "help", "-h", "-help", "--help":
			usage()
			return
		default:
			fmt.Fprintf(os.Stderr, "matador: unknown command %q\n", os.Args[1])
			usage()
			os.Exit(2)
		}
	}
	usage()
}

func usage() {
	fmt.Fprintln(os.Stderr, `usage:
  matador perft -depth N [-fen FEN] [-divide]   count leaf nodes of the move tree`)
}

func runPerft(args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	depth := fs.Int("depth", 5, "depth in plies")
	fen := fs.String("fen", chess.StartFEN, "position to start from")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	pos, err := chess.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "matador: bad FEN:", err)
		return 2
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, e := range pos.Divide(*depth) {
			fmt.Printf("%s: %d\n", pos.UCI(e.Move), e.Nodes)
			nodes += e.Nodes
		}
		fmt.Println()
	} else {
		nodes = pos.Perft(*depth)
	}
	elapsed := time.Since(start)
	fmt.Printf("Nodes searched: %d\n", nodes)
	fmt.Printf("Time: %d ms, %.0f nodes per second\n", elapsed.Milliseconds(), float64(nodes)/elapsed.Seconds())
	return 0
}
