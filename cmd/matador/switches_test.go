package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// switchesFEN is a quiet middlegame, where null move and the evaluation's
// terms all have work to do.
const switchesFEN = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"

var nodesField = regexp.MustCompile(` nodes (\d+) `)

// nodesAtDepth searches switchesFEN to depth from a new game (an empty
// hash table and history, so that searches compare) and returns the nodes
// of the last info line before the bestmove.
func (p *proc) nodesAtDepth(depth int) int {
	p.t.Helper()
	p.send("ucinewgame", "position fen "+switchesFEN, "go depth "+strconv.Itoa(depth))
	_, before := p.bestMove(position(p.t, switchesFEN), 60*time.Second)
	for i := len(before) - 1; i >= 0; i-- {
		if m := nodesField.FindStringSubmatch(before[i]); m != nil && strings.HasPrefix(before[i], "info depth ") {
			n, _ := strconv.Atoi(m[1])
			return n
		}
	}
	p.t.Fatalf("no info line with nodes before the bestmove: %q", tail(before))
	return 0
}

// TestSwitchesOption: Switches and EvalSwitches are declared as strings,
// empty by default; a switch turned off changes the tree of a fixed-depth
// search; an unknown name is refused with an info string naming it and
// the switches in force stay; an empty value brings the defaults back;
// and a switch set during a search leaves it running and waits for it to
// end.
func TestSwitchesOption(t *testing.T) {
	t.Parallel()
	const depth = 8
	p := startEngine(t)
	p.send("uci")
	_, decl := p.expect(`^uciok$`, 5*time.Second)
	for _, want := range []string{"option name Switches type string default <empty>",
		"option name EvalSwitches type string default <empty>"} {
		if !strings.Contains(strings.Join(decl, "\n"), want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}

	base := p.nodesAtDepth(depth)
	p.send("setoption name Switches value -NullMove,+RecaptureExt")
	off := p.nodesAtDepth(depth)
	if off == base {
		t.Fatalf("-NullMove,+RecaptureExt searched %d nodes at depth %d, as the defaults do", off, depth)
	}
	p.send("setoption name Switches value -NullMove,-NoSuchSwitch")
	l, _ := p.expect(`^info string `, 5*time.Second)
	if !strings.Contains(l.text, `unknown search switch "NoSuchSwitch"`) || !strings.Contains(l.text, `keeping "-NullMove,+RecaptureExt"`) {
		t.Errorf("an unknown switch: %q", l.text)
	}
	if n := p.nodesAtDepth(depth); n != off {
		t.Errorf("after a refused spec: %d nodes, want %d (the switches in force)", n, off)
	}
	p.send("setoption name Switches value")
	if n := p.nodesAtDepth(depth); n != base {
		t.Errorf("after an empty value: %d nodes, want the defaults' %d", n, base)
	}
	p.send("setoption name Switches value <empty>")
	if n := p.nodesAtDepth(depth); n != base {
		t.Errorf("after <empty>: %d nodes, want the defaults' %d", n, base)
	}

	// During a search: no bestmove before stop, and the next search has
	// the switch.
	pos := position(t, switchesFEN)
	p.send("position fen "+switchesFEN, "go infinite")
	p.expect(`^info depth 2 `, 10*time.Second)
	p.send("setoption name Switches value -NullMove,+RecaptureExt")
	p.quiet(`^bestmove `, 500*time.Millisecond)
	p.send("stop")
	p.bestMove(pos, 5*time.Second)
	if n := p.nodesAtDepth(depth); n != off {
		t.Errorf("a switch set during a search: %d nodes after it, want %d", n, off)
	}

	// The evaluation's switches, with the classical evaluation, which
	// they change.
	p.send("setoption name Switches value", "setoption name Use NNUE value false")
	classical := p.nodesAtDepth(depth)
	p.send("setoption name EvalSwitches value -UseMobility")
	noMobility := p.nodesAtDepth(depth)
	if noMobility == classical {
		t.Fatalf("-UseMobility searched %d nodes at depth %d, as the defaults do", noMobility, depth)
	}
	p.send("setoption name EvalSwitches value UseSpace,Mobility")
	l, _ = p.expect(`^info string `, 5*time.Second)
	if !strings.Contains(l.text, `unknown evaluation switch "Mobility"`) || !strings.Contains(l.text, `keeping "-UseMobility"`) {
		t.Errorf("an unknown evaluation switch: %q", l.text)
	}
	if n := p.nodesAtDepth(depth); n != noMobility {
		t.Errorf("after a refused evaluation spec: %d nodes, want %d", n, noMobility)
	}
	p.send("setoption name EvalSwitches value ")
	if n := p.nodesAtDepth(depth); n != classical {
		t.Errorf("after an empty EvalSwitches: %d nodes, want the defaults' %d", n, classical)
	}
}

// TestSwitchesFromEnvironment: MATADOR_SWITCHES and MATADOR_EVAL_SWITCHES
// are the options' start values, shown as their defaults, and an empty
// value still brings back the switches as compiled.
func TestSwitchesFromEnvironment(t *testing.T) {
	t.Parallel()
	const depth = 8
	plain := startEngine(t)
	base := plain.nodesAtDepth(depth)
	plain.send("setoption name Switches value -NullMove")
	off := plain.nodesAtDepth(depth)

	p := startEngineEnv(t, "MATADOR_SWITCHES=-NullMove", "MATADOR_EVAL_SWITCHES=-UseSpace")
	p.send("uci")
	_, decl := p.expect(`^uciok$`, 5*time.Second)
	for _, want := range []string{"option name Switches type string default -NullMove",
		"option name EvalSwitches type string default -UseSpace"} {
		if !strings.Contains(strings.Join(decl, "\n"), want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}
	// The evaluation's switches from the environment, then the search's
	// alone (Use NNUE hands lopsided positions to the classical
	// evaluation, so -UseSpace could change the tree too).
	p.send("setoption name Use NNUE value false")
	plain.send("setoption name Use NNUE value false", "setoption name Switches value -NullMove",
		"setoption name EvalSwitches value -UseSpace")
	if n, want := p.nodesAtDepth(depth), plain.nodesAtDepth(depth); n != want {
		t.Errorf("MATADOR_SWITCHES=-NullMove MATADOR_EVAL_SWITCHES=-UseSpace, classical: %d nodes, want %d as with the options", n, want)
	}
	p.send("setoption name Use NNUE value true", "setoption name EvalSwitches value")
	if n := p.nodesAtDepth(depth); n != off {
		t.Errorf("MATADOR_SWITCHES=-NullMove: %d nodes, want %d as with the option", n, off)
	}
	p.send("setoption name Switches value")
	if n := p.nodesAtDepth(depth); n != base {
		t.Errorf("MATADOR_SWITCHES=-NullMove, then an empty Switches: %d nodes, want the defaults' %d", n, base)
	}
}
