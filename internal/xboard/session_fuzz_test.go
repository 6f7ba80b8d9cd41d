package xboard

import (
	"io"
	"strings"
	"testing"

	"matador/internal/engine"
)

// FuzzSession feeds whole CECP conversations to a session: whatever
// arrives, the engine must not panic and the game must stay a legal game
// from its start position (moves played, taken back, pondered on and
// disowned in any order). A search for a move is told to move at once
// after each line, as "?" does, so the fuzzer also drives the move and
// ponder paths. Lines that would resize the hash, start threads or name a
// file (BookFile, Debug Log File) are left out: a fuzzer could ask for
// gigabytes or write files; "memory", "cores" and the file options are
// tested on their own.
func FuzzSession(f *testing.F) {
	for _, seed := range []string{
		"xboard\nprotover 2\nnew\nusermove e2e4\nusermove e7e5",
		"new\nforce\ne2e4\ne7e5\ngo\nundo\nremove\nundo",
		"new\nhard\nlevel 40 5 0\ntime 30000\notim 30000\nusermove e2e4\nusermove d7d5\neasy",
		"new\nhard\nsd 3\ngo\nusermove a7a6\nusermove h7h6\nforce",
		"setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo",
		"setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\nusermove d1d8\nundo\nplayother",
		"analyze\nusermove e2e4\n.\nundo\nsetboard bad fen\nexit",
		"variant fischerandom\nsetboard bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\ngo\nO-O",
		"st 0.5\nlevel 0 0:30 1\nlevel x\ntime -5\nsd -1\nping 7\nresult 1-0 {x}",
		"new\nwhite\ngo\nblack\n?\nhint\nbk\npost\nnopost\noption MultiPV=2\nremove\nremove\nremove",
		"\x00\xff garbage\nusermove\nusermove e2e4 e7e5\ne9e4\nquit",
		"option Switches=-NullMove,+RecaptureExt\nanalyze\noption Switches=-Nope\n.\nexit\ngo\noption Switches=",
		"new\nhard\nsd 3\ngo\noption Use NNUE=0\nusermove a7a6\noption Switches=-LMR\negtpath syzygy /none\nanalyze\noption Use NNUE=1\nexit",
		"option EvalSwitches=-UseSpace\nsd 2\ngo\noption EvalSwitches=+-,\nforce\noption EvalSwitches",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		e := engine.New()
		if err := e.SetHashMB(1); err != nil {
			t.Fatal(err)
		}
		s := New(e, io.Discard)
		defer s.halt()
		for _, line := range strings.Split(input, "\n") {
			lower := strings.ToLower(line)
			if strings.Contains(lower, "memory") || strings.Contains(lower, "hash") || strings.Contains(lower, "cores") ||
				strings.Contains(lower, "file") {
				continue
			}
			quit := s.Handle(line)
			s.mu.Lock()
			thinking := s.kind == searchMove
			s.mu.Unlock()
			if thinking {
				e.Stop()
				e.Wait()
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
