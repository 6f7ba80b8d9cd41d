// Command matador is a chess engine. With no arguments it speaks UCI or
// XBoard (CECP), whichever the GUI's first line asks for, on standard input
// and output, or plays a person when started on a terminal; subcommands
// play, analyse, run test suites, probe and make books, probe tablebases,
// write training data, tune, perft and bench.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"matador/internal/chess"
	"matador/internal/console"
	"matador/internal/engine"
	"matador/internal/nnue"
	"matador/internal/search"
	"matador/internal/uci"
	"matador/internal/xboard"
)

func main() {
	// Developers measure what a technique is worth by switching it off:
	// MATADOR_SWITCHES="-NullMove,-LMR" (names: the fields of
	// search.Switches), and the same for the evaluation,
	// MATADOR_EVAL_SWITCHES="-UseSpace" (names: the Use... fields of
	// eval.Params). They hold for every subcommand, and are the start
	// values of the Switches and EvalSwitches options.
	if err := engine.SetStartSwitches(os.Getenv("MATADOR_SWITCHES"), os.Getenv("MATADOR_EVAL_SWITCHES")); err != nil {
		fmt.Fprintln(os.Stderr, "matador:", err)
		os.Exit(2)
	}
	if len(os.Args) > 1 {
		// OpenBench gives its request as one argument with spaces.
		if f := strings.Fields(os.Args[1]); len(f) > 0 && f[0] == "genfens" {
			os.Exit(runGenFens(os.Args[1:], os.Stdout, os.Stderr))
		}
		if run, ok := extraCommands[os.Args[1]]; ok {
			os.Exit(run(os.Args[2:], os.Stdout, os.Stderr))
		}
		switch os.Args[1] {
		case "perft":
			os.Exit(runPerft(os.Args[2:]))
		case "bench":
			os.Exit(runBench(os.Args[2:]))
		case "play":
			os.Exit(runPlay(os.Args[2:], os.Stdin, os.Stdout))
		case "analyze", "analyse":
			os.Exit(runAnalyze(os.Args[2:], os.Stdout, os.Stderr))
		case "epd":
			os.Exit(runEPD(os.Args[2:], os.Stdout, os.Stderr))
		case "tune":
			os.Exit(runTune(os.Args[2:], os.Stdout, os.Stderr))
		case "datagen":
			os.Exit(runDatagen(os.Args[2:], os.Stderr))
		case "pgnbin":
			os.Exit(runPGNBin(os.Args[2:], os.Stdout, os.Stderr))
		case "book":
			os.Exit(runBook(os.Args[2:], os.Stdout, os.Stderr))
		case "tb":
			os.Exit(runTB(os.Args[2:], os.Stdout, os.Stderr))
		case "train":
			os.Exit(runTrain(os.Args[2:], os.Stdout, os.Stderr))
		case "version", "-version", "--version":
			fmt.Println(versionLine())
			return
		case "help", "-h", "-help", "--help":
			// Asked for, the usage is the answer: standard output.
			usage(os.Stdout)
			return
		default:
			fmt.Fprintf(os.Stderr, "matador: unknown command %q\n", os.Args[1])
			usage(os.Stderr)
			os.Exit(2)
		}
	}
	if console.IsTerminal(os.Stdin) {
		// A person, not a GUI (GUIs start engines on pipes).
		os.Exit(runPlay(nil, os.Stdin, os.Stdout))
	}
	serve(os.Stdin, os.Stdout)
}

// extraCommands are the subcommands of special builds: with the tag spsa,
// spsa-params (spsa.go).
var extraCommands = map[string]func(args []string, stdout, stderr io.Writer) int{}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage:
  matador                                       speak UCI or XBoard on standard input and output (a game at a terminal)
  matador play [-ascii] [-movetime D]           play a game at the terminal
  matador analyze [-fen FEN | -pgn FILE] [-depth N | -movetime D] [-multipv K]
                                                analyse a position, or annotate the games of a PGN file
  matador epd FILE [-movetime D | -depth N]     run a test suite (bm/am) and count the solved positions
  matador datagen -o FILE [-threads N] [-nodes N] [-positions N | -games N]
                                                self-play that writes training positions (see internal/datagen)
  matador genfens N seed S book FILE|None       OpenBench's DATAGEN openings: N lines "info string genfens FEN"
  matador pgnbin -o FILE.bin [-first-game N] GAMES.pgn...
                                                games with engine score comments into training records
  matador train -data A.bin[,B.bin] -o NET [-checkpoint DIR] [-epochs N]
                                                learn a net from training records (see docs/nnue.md)
  matador tune extract|run|wdl|convert|residuals|evalscale ...
                                                tune the evaluation's weights on games, or find where it errs (see internal/tune)
  matador book probe -book FILE [FEN]           the moves and weights of a Polyglot book for a position
  matador book make -pgn FILE -o FILE [-max-ply N] [-min-game N]
                                                make a Polyglot book from games
  matador tb probe [-path DIRS] FEN             Syzygy tablebases: WDL, DTZ and every legal move's result
  matador tb verify [-path DIRS]                open and check every table of a tablebase set
  matador bench [depth [threads]]               search the bench positions; the last line is "<nodes> nodes <nps> nps"
  matador perft -depth N [-fen FEN] [-divide]   count leaf nodes of the move tree
  matador version                               print the version`)
}

// serve picks the protocol from the first line the GUI sends and hands the
// conversation to that front end.
func serve(in io.Reader, out io.Writer) {
	lines := engine.NewLineReader(in)
	first := ""
	for first == "" {
		line, err := lines.ReadLine()
		var tooLong *engine.LineTooLongError
		if errors.As(err, &tooLong) {
			fmt.Fprintf(out, "info string %v\n", tooLong)
			continue
		}
		if err != nil {
			return // end of input before any command
		}
		first = strings.TrimSpace(line)
	}
	switch first {
	case "xboard":
		xboard.New(engine.New(), out).Run(first, lines)
	default:
		// "uci", or anything a person types: UCI answers it or explains.
		uci.NewSession(engine.New(), out).Run(first, lines)
	}
}

func versionLine() string {
	v := fmt.Sprintf("%s %s", engine.Name, engine.Version)
	if info, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" {
			if modified == "true" {
				rev += "-dirty"
			}
			v += " (" + rev + ")"
			return v + " " + runtime.Version()
		}
	}
	// Go records no commit when it finds no git checkout (a source
	// archive, or a git worktree, whose .git is a file) or is told not to
	// (GOFLAGS=-buildvcs=false); then the commit the Makefile took from
	// git, if any, is shown.
	if engine.Commit != "" {
		v += " (" + engine.Commit + ")"
	}
	return v + " " + runtime.Version()
}

// runBench searches the built-in positions to a fixed depth. Its last line,
// "<nodes> nodes <nps> nps", is the signature commits quote: the node count
// depends only on the code.
//
// A second argument runs it on that many threads, to measure the parallel
// search by its time to depth; the node count then varies between runs.
func runBench(args []string) int {
	depth, threads := search.DefaultBenchDepth, 1
	if len(args) > 2 {
		fmt.Fprintln(os.Stderr, "matador bench: at most two arguments, the depth and the threads")
		return 2
	}
	if len(args) >= 1 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > 64 {
			fmt.Fprintf(os.Stderr, "matador bench: depth must be a number from 1 to 64, got %q\n", args[0])
			return 2
		}
		depth = d
	}
	if len(args) == 2 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > search.MaxThreads {
			fmt.Fprintf(os.Stderr, "matador bench: threads must be a number from 1 to %d, got %q\n", search.MaxThreads, args[1])
			return 2
		}
		threads = n
	}
	net, err := benchNet()
	if err != nil {
		fmt.Fprintln(os.Stderr, "matador bench:", err)
		return 2
	}
	nodes, elapsed := search.BenchThreads(depth, threads, net, os.Stdout)
	nps := uint64(float64(nodes) / max(elapsed.Seconds(), 1e-3))
	plural := "s"
	if threads == 1 {
		plural = ""
	}
	fmt.Printf("\ndepth %d, %d positions, %d thread%s, %d ms\n", depth, len(search.BenchPositions), threads, plural, elapsed.Milliseconds())
	fmt.Printf("%d nodes %d nps\n", nodes, nps)
	return 0
}

// benchUsesNNUE: the bench searches with the embedded net, the default
// evaluation (engine.DefaultUseNNUE), so that OpenBench's and CI's bench
// is the play's and one number for every build, the browser's too.
const benchUsesNNUE = true

// benchNet is the bench's evaluation (benchUsesNNUE);
// MATADOR_BENCH_EVAL=classical or nnue picks one. MATADOR_BENCH_EVALFILE
// names a net file to search with instead of the embedded net, so that a
// net of another width or king buckets can be measured by the bench the
// profiles and instruction counts already use; a file that does not load
// is an error, never a silent bench of the embedded net.
func benchNet() (*nnue.Net, error) {
	use := benchUsesNNUE
	switch v := os.Getenv("MATADOR_BENCH_EVAL"); v {
	case "":
	case "classical":
		use = false
	case "nnue":
		use = true
	default:
		// A misspelt name must not bench the default evaluation under
		// the name of the other.
		return nil, fmt.Errorf("MATADOR_BENCH_EVAL %q: want classical or nnue (or unset)", v)
	}
	if !use {
		return nil, nil
	}
	if path := os.Getenv("MATADOR_BENCH_EVALFILE"); path != "" {
		net, err := nnue.Load(path)
		if err != nil {
			return nil, fmt.Errorf("MATADOR_BENCH_EVALFILE %s: %v", path, err)
		}
		return net, nil
	}
	return nnue.Default(), nil
}

// maxPerftDepth bounds "matador perft -depth": deeper trees are beyond
// any machine's patience (UCI's "go perft" has the same bound).
const maxPerftDepth = 20

func runPerft(args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	depth := fs.Int("depth", 5, "depth in plies")
	fen := fs.String("fen", chess.StartFEN, "position to start from")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "matador perft: unexpected arguments %q (a FEN goes after -fen, in quotes)\n", fs.Args())
		return 2
	}
	if *depth < 1 || *depth > maxPerftDepth {
		fmt.Fprintf(os.Stderr, "matador perft: -depth must be from 1 to %d, got %d\n", maxPerftDepth, *depth)
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
