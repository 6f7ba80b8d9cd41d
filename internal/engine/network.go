package engine

import (
	"fmt"
	"strings"

	"matador/internal/nnue"
)

// DefaultEvalFile is EvalFile's default: the embedded net's name.
func DefaultEvalFile() string { return nnue.DefaultFileName() }

// SetUseNNUE chooses the network (on) or the classical evaluation (off)
// from the next search on. The hash table's stored evaluations are the
// other one's, so a change empties it.
func (e *Engine) SetUseNNUE(on bool) {
	e.whenIdle(func() {
		if e.opts.UseNNUE != on {
			e.searcher.ClearHash()
		}
		e.opts.UseNNUE = on
	})
}

// SetEvalFile loads the net the network evaluation uses from path. The
// embedded net's name (nnue.DefaultFileName), "<default>" or an empty
// path is the embedded net. A file that does not load is refused and the
// net in use kept, as Stockfish keeps its own. The file is read at once;
// a search running goes on with the net it has, the next one takes the new.
func (e *Engine) SetEvalFile(path string) error {
	path = strings.TrimSpace(path)
	var net *nnue.Net
	switch path {
	case "", "<empty>", "<default>", nnue.DefaultFileName():
		net, path = nnue.Default(), nnue.DefaultFileName()
	default:
		var err error
		if net, err = nnue.Load(path); err != nil {
			return fmt.Errorf("EvalFile %s: %v; keeping %s", path, err, e.netInUse().ID)
		}
	}
	e.whenIdle(func() {
		if e.net != net && e.opts.UseNNUE {
			e.searcher.ClearHash()
		}
		e.net = net
		e.opts.EvalFile = path
	})
	return nil
}

// netInUse is the net a search with Use NNUE evaluates with.
func (e *Engine) netInUse() *nnue.Net {
	e.lockSettled()
	defer e.mu.Unlock()
	return e.loadedNet()
}

// loadedNet is netInUse with e.mu held.
func (e *Engine) loadedNet() *nnue.Net {
	if e.net == nil {
		e.net = nnue.Default()
	}
	return e.net
}

// searchNet is the searcher's evaluation for the next search, with e.mu
// held: the net, or nil for the classical evaluation.
func (e *Engine) searchNet() *nnue.Net {
	if !e.opts.UseNNUE {
		return nil
	}
	return e.loadedNet()
}

// NetInfo describes the net: its name and the kernels that run it.
func (e *Engine) NetInfo() string {
	return fmt.Sprintf("%s (%s)", e.netInUse().ID, nnue.Vector())
}
