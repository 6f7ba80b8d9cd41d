package uci

import (
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/engine"
)

// FuzzSession feeds whole conversations to a session: whatever arrives,
// the engine must not panic, every search must end in one legal bestmove
// (or "(none)" without legal moves), and the game must stay consistent.
// Lines that would resize the hash, start threads, run a perft or name a
// file (BookFile, Debug Log File) are left out: they would allocate
// gigabytes, run for minutes or write files on a fuzzer's whim, and all are
// parsed by FuzzUCICommand and tested on their own.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3",
		"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo movetime 10",
		"position startpos moves e2e4 e2e4\ngo wtime 100 btime 100",
		"setoption name MultiPV value 3\ngo depth 2\nstop",
		"setoption name UCI_Chess960 value true\nposition fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\ngo nodes 100",
		"go ponder\nponderhit\nstop",
		"go infinite searchmoves e2e4 d2d4\nstop",
		"position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo mate 1",
		"go movetime\ngo depth -5\ngo wtime x",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5\nd\neval",
		"\x00\xff garbage\nsetoption name Move Overhead value abc\nquit",
		"setoption name SyzygyPath value ../../../shared/data/syzygy\nposition fen 2Q5/8/1k6/8/1K6/8/8/8 w - - 0 1\ngo depth 3",
		"setoption name SyzygyPath value /no/such/dir\nsetoption name SyzygyProbeLimit value 9\nsetoption name Syzygy50MoveRule value false\ngo depth 2",
		"setoption name Switches value -NullMove,+RecaptureExt\ngo depth 3\nsetoption name Switches value -Bogus\ngo infinite\nsetoption name Switches value\nstop",
		"go infinite\nsetoption name Use NNUE value false\nsetoption name Switches value -LMR\nisready\nstop\ngo depth 2",
		"go ponder\nsetoption name SyzygyPath value <empty>\nsetoption name EvalSwitches value -UseThreats\nponderhit\nstop",
		"setoption name EvalSwitches value -UseSpace\nsetoption name Use NNUE value false\ngo depth 2\nsetoption name EvalSwitches value +-,,\neval\nsetoption name EvalSwitches value <empty>",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var out syncBuffer
		e := engine.New()
		if err := e.SetHashMB(1); err != nil {
			t.Fatal(err)
		}
		s := NewSession(e, &out)
		for _, line := range strings.Split(input, "\n") {
			lower := strings.ToLower(line)
			if strings.Contains(lower, "hash") || strings.Contains(lower, "threads") || strings.Contains(lower, "perft") ||
				strings.Contains(lower, "file") {
				continue
			}
			root := e.Position()
			cmd, parseErr := ParseCommand(line)
			quit := s.Handle(line)
			s.finish()
			text := out.take()
			bestmoves := 0
			for _, l := range strings.Split(text, "\n") {
				if !strings.HasPrefix(l, "bestmove ") {
					continue
				}
				bestmoves++
				checkBestMove(t, root, l)
			}
			if isGo := parseErr == nil && cmd.Name == "go"; isGo && bestmoves != 1 || !isGo && bestmoves != 0 {
				t.Fatalf("%q gave %d bestmove lines:\n%s", line, bestmoves, text)
			}
			if err := e.CheckGame(); err != nil {
				t.Fatalf("after %q: %v", line, err)
			}
			if quit {
				return
			}
		}
	})
}

func checkBestMove(t *testing.T, root *chess.Position, line string) {
	t.Helper()
	fields := strings.Fields(line)
	var legal chess.MoveList
	root.GenerateLegal(&legal)
	if legal.N == 0 {
		if len(fields) < 2 || fields[1] != "(none)" {
			t.Fatalf("no legal moves in %s, got %q", root.FEN(), line)
		}
		return
	}
	if len(fields) < 2 {
		t.Fatalf("bare %q", line)
	}
	m, err := root.ParseUCI(fields[1])
	if err != nil {
		t.Fatalf("%q in %s: %v", line, root.FEN(), err)
	}
	if len(fields) == 4 && fields[2] == "ponder" {
		after := root.Clone()
		after.MakeMove(m)
		if _, err := after.ParseUCI(fields[3]); err != nil {
			t.Fatalf("ponder move of %q in %s: %v", line, root.FEN(), err)
		}
	} else if len(fields) != 2 {
		t.Fatalf("malformed %q", line)
	}
}
