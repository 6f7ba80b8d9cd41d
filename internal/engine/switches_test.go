package engine

import (
	"strings"
	"testing"
	"time"

	"matador/internal/search"
)

// The Switches option: read against the switches as compiled, refused
// with the bad name and the switches kept, and set during a search only
// once it has returned.
func TestSetSwitches(t *testing.T) {
	e := New()
	if err := e.SetSwitches(" -NullMove , +RecaptureExt "); err != nil {
		t.Fatal(err)
	}
	want := search.DefaultSwitches
	want.NullMove, want.RecaptureExt = false, true
	if e.searcher.Switches != want || e.Options().Switches != "-NullMove , +RecaptureExt" {
		t.Errorf("after -NullMove,+RecaptureExt: %q, NullMove %v RecaptureExt %v",
			e.Options().Switches, e.searcher.Switches.NullMove, e.searcher.Switches.RecaptureExt)
	}
	err := e.SetSwitches("-LMR,NoSuchThing")
	if err == nil || !strings.Contains(err.Error(), `unknown search switch "NoSuchThing"`) ||
		!strings.Contains(err.Error(), `keeping "-NullMove , +RecaptureExt"`) {
		t.Errorf("an unknown switch: %v", err)
	}
	if e.searcher.Switches != want {
		t.Error("a refused spec changed the switches")
	}
	// A second value replaces the first rather than adding to it.
	if err := e.SetSwitches("-LMR"); err != nil {
		t.Fatal(err)
	}
	want = search.DefaultSwitches
	want.LMR = false
	if e.searcher.Switches != want {
		t.Error("-LMR after -NullMove,+RecaptureExt: not the defaults with LMR off")
	}
	if err := e.SetSwitches("<empty>"); err != nil || e.searcher.Switches != search.DefaultSwitches || e.Options().Switches != "" {
		t.Errorf("<empty>: %v, %q", err, e.Options().Switches)
	}

	r := startSearch(e, search.Limits{Infinite: true})
	time.Sleep(20 * time.Millisecond)
	if err := e.SetSwitches("-NullMove"); err != nil {
		t.Fatal(err)
	}
	if e.Options().Switches != "" {
		t.Error("a switch set during a search took effect before it ended")
	}
	select {
	case <-r.done:
		t.Fatal("setting a switch ended an infinite search")
	case <-time.After(50 * time.Millisecond):
	}
	e.Stop()
	r.wait(t, 2*time.Second)
	if e.Options().Switches != "-NullMove" || e.searcher.Switches.NullMove {
		t.Errorf("after the search: %q, NullMove %v", e.Options().Switches, e.searcher.Switches.NullMove)
	}
}

// The EvalSwitches option changes the evaluation the searcher and "eval"
// use, and only that engine's.
func TestSetEvalSwitches(t *testing.T) {
	e, other := New(), New()
	if err := e.SetPosition(kiwipete, nil); err != nil {
		t.Fatal(err)
	}
	if err := other.SetPosition(kiwipete, nil); err != nil {
		t.Fatal(err)
	}
	before := e.EvalTrace()
	if err := e.SetEvalSwitches("-UseMobility"); err != nil {
		t.Fatal(err)
	}
	after := e.EvalTrace()
	if after == before || e.Options().EvalSwitches != "-UseMobility" {
		t.Error("-UseMobility did not change the evaluation of kiwipete")
	}
	if other.EvalTrace() != before {
		t.Error("one engine's EvalSwitches changed another's evaluation")
	}
	err := e.SetEvalSwitches("-UseMobility,-Mobility")
	if err == nil || !strings.Contains(err.Error(), `unknown evaluation switch "Mobility"`) || e.EvalTrace() != after {
		t.Errorf("an unknown evaluation switch: %v", err)
	}
	if err := e.SetEvalSwitches(""); err != nil || e.EvalTrace() != before {
		t.Errorf("an empty EvalSwitches: %v, evaluation not back to the defaults", err)
	}
}
