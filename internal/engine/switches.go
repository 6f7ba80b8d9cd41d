package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"matador/internal/eval"
	"matador/internal/search"
	"matador/internal/switches"
)

// The Switches and EvalSwitches options turn the search's techniques and
// the evaluation's terms on and off by name, in the syntax of
// MATADOR_SWITCHES and MATADOR_EVAL_SWITCHES ("-NullMove,+RecaptureExt"),
// so that a tester that sets engine options but no environment (OpenBench)
// can measure a switch. An option's value is read against the switches as
// compiled: setting it again replaces the earlier value, and an empty one
// brings the compiled switches back.

// startSwitches and startEvalSwitches are the two options' values in a new
// engine (SetStartSwitches).
var startSwitches, startEvalSwitches string

// SetStartSwitches makes the specs of MATADOR_SWITCHES and
// MATADOR_EVAL_SWITCHES the defaults of everything in this process: the
// search's and the evaluation's (which the subcommands play with too), and
// the Switches and EvalSwitches options of every engine made after it. The
// command calls it once at start-up, before any engine or search exists,
// as the defaults are shared and read without a lock. A bad name is an
// error and changes nothing.
func SetStartSwitches(searchSpec, evalSpec string) error {
	searchSpec, evalSpec = specValue(searchSpec), specValue(evalSpec)
	sw, err := search.SwitchesFromSpec(searchSpec)
	if err != nil {
		return err
	}
	if _, err := eval.ParamsFromSpec(evalSpec); err != nil {
		return err
	}
	if err := eval.ApplySwitchSpec(nil, evalSpec); err != nil {
		return err
	}
	search.DefaultSwitches = sw
	startSwitches, startEvalSwitches = searchSpec, evalSpec
	return nil
}

// StartSwitches and StartEvalSwitches are the Switches and EvalSwitches
// options' values in a new engine: what the environment gave, else empty.
func StartSwitches() string     { return startSwitches }
func StartEvalSwitches() string { return startEvalSwitches }

// specValue is an option's value as a switch spec: "<empty>", which GUIs
// send for an empty string, is one.
func specValue(v string) string {
	v = strings.TrimSpace(v)
	if v == "<empty>" {
		return ""
	}
	return v
}

// SetSwitches sets the search's switches from spec, from the next search
// on: one set during a search waits for it to end. A name that is not a
// switch is refused, naming it, and the switches in force are kept.
func (e *Engine) SetSwitches(spec string) error {
	spec = specValue(spec)
	sw, err := search.SwitchesFromSpec(spec)
	if err != nil {
		return switchError("Switches", err, e.Options().Switches, "the fields of search.Switches")
	}
	e.whenIdle(func() {
		e.searcher.Switches = sw
		e.opts.Switches = spec
	})
	return nil
}

// SetEvalSwitches sets the evaluation's switches from spec, as SetSwitches
// does the search's. A change empties the hash table and the evaluation
// caches, whose scores were computed with the switches before.
func (e *Engine) SetEvalSwitches(spec string) error {
	spec = specValue(spec)
	p, err := eval.ParamsFromSpec(spec)
	if err != nil {
		return switchError("EvalSwitches", err, e.Options().EvalSwitches, "the Use... fields of eval.Params")
	}
	e.whenIdle(func() {
		if spec == e.opts.EvalSwitches {
			return // nothing changes: keep what the tables learned
		}
		e.searcher.SetEvalParams(p)
		e.evalParams = p
		e.opts.EvalSwitches = spec
	})
	return nil
}

// switchError words a refused spec for the option name: the bad switch
// first (a GUI may cut a long line), then what is kept, then where the
// names are listed, rather than the whole list of them.
func switchError(option string, err error, inForce, names string) error {
	kept := "the defaults"
	if inForce != "" {
		kept = shortQuote(inForce)
	}
	var unknown *switches.UnknownError
	if errors.As(err, &unknown) {
		return fmt.Errorf("%s: unknown %s switch %s; keeping %s (the names are %s)",
			option, unknown.Kind, shortQuote(unknown.Name), kept, names)
	}
	return fmt.Errorf("%s: %v; keeping %s", option, err, kept)
}

// shortQuote quotes text from the GUI for a message: printable and short.
func shortQuote(s string) string {
	const maxRunes = 60
	if utf8.RuneCountInString(s) > maxRunes {
		return strconv.QuoteToASCII(string([]rune(s)[:maxRunes])) + "..."
	}
	return strconv.QuoteToASCII(s)
}
