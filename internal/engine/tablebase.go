package engine

import (
	"fmt"
	"strings"

	"matador/internal/search"
	"matador/internal/tb"
)

// SetSyzygyPath opens the Syzygy tablebases in path, one or more
// directories separated by ':' (';' on Windows); "" or "<empty>" closes
// them. The tables are opened at once and used from the next search: a
// running one goes on probing the tables it had, which are closed when it
// has returned. A directory that cannot be read or holds no table is named
// through Log and left out; a path where no directory holds a usable table
// is refused and the tables before it kept. On success the engine says
// through Log how many tables it found.
func (e *Engine) SetSyzygyPath(path string) error {
	path = strings.TrimSpace(path)
	if path == "<empty>" {
		path = ""
	}
	var tables *tb.Tables
	if path != "" {
		var err error
		if tables, err = tb.Open(path); err != nil {
			return fmt.Errorf("SyzygyPath: %w; %s", err, e.TablesKept())
		}
		// A damaged table is named now, or at the first probe that finds
		// it corrupt, rather than silently giving no answers.
		bad := tables.Check()
		if wdl, dtz := tables.Counts(); wdl+dtz == 0 {
			tables.Close()
			return fmt.Errorf("SyzygyPath: no usable Syzygy table in %s (%v); %s", path, bad[0], e.TablesKept())
		}
		for _, err := range tables.Skipped() {
			e.logf("SyzygyPath: %v; not used", err)
		}
		for _, err := range bad {
			e.logf("%v; not used", err)
		}
		tables.OnDrop(func(err error) { e.logf("%v; no longer used", err) })
	}
	e.whenIdle(func() {
		if e.tables != nil {
			e.tables.Close()
		}
		e.tables = tables
		e.opts.SyzygyPath = path
	})
	if tables != nil {
		wdl, dtz := tables.Counts()
		e.logf("Found %d tablebases (%d WDL, %d DTZ files, up to %d pieces) in %s", wdl, wdl, dtz, tables.MaxPieces(), path)
	}
	return nil
}

// TablesKept says which tables stay after a refused SyzygyPath.
func (e *Engine) TablesKept() string {
	e.lockSettled()
	defer e.mu.Unlock()
	if e.tables == nil {
		return "no tablebases"
	}
	return "keeping the tablebases of " + e.opts.SyzygyPath
}

// SetSyzygyProbeDepth sets the least depth at which the search probes a
// position with as many pieces as SyzygyProbeLimit (fewer are probed at
// any depth).
func (e *Engine) SetSyzygyProbeDepth(depth int) error {
	if depth < MinSyzygyProbeDepth || depth > MaxSyzygyProbeDepth {
		return fmt.Errorf("SyzygyProbeDepth must be from %d to %d, got %d", MinSyzygyProbeDepth, MaxSyzygyProbeDepth, depth)
	}
	e.mu.Lock()
	e.opts.SyzygyProbeDepth = depth
	e.mu.Unlock()
	return nil
}

// SetSyzygyProbeLimit sets the most pieces of a position probed; 0 turns
// the tables off.
func (e *Engine) SetSyzygyProbeLimit(pieces int) error {
	if pieces < 0 || pieces > MaxSyzygyProbeLimit {
		return fmt.Errorf("SyzygyProbeLimit must be from 0 to %d, got %d", MaxSyzygyProbeLimit, pieces)
	}
	e.mu.Lock()
	e.opts.SyzygyProbeLimit = pieces
	e.mu.Unlock()
	return nil
}

// SetSyzygy50MoveRule says whether the fifty-move rule counts: with it, a
// win the rule would spoil is a draw (and a loss it would save).
func (e *Engine) SetSyzygy50MoveRule(on bool) {
	e.mu.Lock()
	e.opts.Syzygy50MoveRule = on
	e.mu.Unlock()
}

// tablebases are the tables and their settings for a search; e.mu is held.
func (e *Engine) tablebases() search.Tablebases {
	if e.tables == nil {
		return search.Tablebases{}
	}
	return search.Tablebases{
		Tables: e.tables, ProbeDepth: e.opts.SyzygyProbeDepth,
		ProbeLimit: e.opts.SyzygyProbeLimit, Rule50: e.opts.Syzygy50MoveRule,
	}
}
