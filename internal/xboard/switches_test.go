package xboard

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// switchesFEN is a quiet middlegame, where null move has work to do.
const switchesFEN = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"

// thinkingRx is a thinking line: ply, score, time, nodes, line.
var thinkingRx = regexp.MustCompile(`^\s*(\d+)\s+-?\d+\s+\d+\s+(\d+)\s`)

// nodesAtDepth has the engine play a move in switchesFEN at depth 8 from a
// new game (an empty hash table and history, so that searches compare)
// and returns the nodes of its last thinking line.
func nodesAtDepth(e *cecpEngine) int {
	e.t.Helper()
	e.send("new")
	e.send("force")
	e.send("setboard %s", switchesFEN)
	e.send("sd 8")
	e.send("post")
	e.send("go")
	_, before := e.expect(`^move `, 60*time.Second)
	for i := len(before) - 1; i >= 0; i-- {
		if m := thinkingRx.FindStringSubmatch(before[i]); m != nil {
			n, _ := strconv.Atoi(m[2])
			return n
		}
	}
	e.t.Fatalf("no thinking line before the move:\n%s", e.transcript())
	return 0
}

// TestSwitchesOption: CECP offers Switches and EvalSwitches as strings,
// empty by default; a switch turned off changes the tree of a search to a
// fixed depth; an unknown name is refused with an Error naming it and the
// switches in force stay; an empty value brings the defaults back.
func TestSwitchesOption(t *testing.T) {
	e := startCECP(t, "matador", binary)
	e.send("xboard")
	e.send("protover 2")
	_, before := e.expect(`^feature .*done=1`, 10*time.Second)
	decl := strings.Join(before, "\n")
	for _, want := range []string{`option="Switches -string "`, `option="EvalSwitches -string "`} {
		if !strings.Contains(decl, want) {
			t.Errorf("no %s in the features:\n%s", want, decl)
		}
	}
	base := nodesAtDepth(e)
	e.send("option Switches=-NullMove,+RecaptureExt")
	off := nodesAtDepth(e)
	if off == base {
		t.Fatalf("-NullMove,+RecaptureExt searched %d nodes, as the defaults do", off)
	}
	e.send("option Switches=-Bogus")
	l, _ := e.expect(`^Error`, 5*time.Second)
	if !strings.Contains(l, `unknown search switch "Bogus"`) || !strings.HasSuffix(l, "option Switches=-Bogus") {
		t.Errorf("an unknown switch: %q", l)
	}
	if n := nodesAtDepth(e); n != off {
		t.Errorf("after a refused spec: %d nodes, want %d (the switches in force)", n, off)
	}
	e.send("option Switches=")
	if n := nodesAtDepth(e); n != base {
		t.Errorf("after an empty value: %d nodes, want the defaults' %d", n, base)
	}
	e.send("option EvalSwitches=-UseNothing")
	if l, _ := e.expect(`^Error`, 5*time.Second); !strings.Contains(l, `unknown evaluation switch "UseNothing"`) {
		t.Errorf("an unknown evaluation switch: %q", l)
	}
	e.send("option EvalSwitches=-UseSpace")
	checkQuiet(t, e, e.sync(5*time.Second))
	e.send("quit")
}
