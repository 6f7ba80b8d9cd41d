package engine

import (
	"fmt"

	"matador/internal/chess"
)

// CheckGame replays the game from its start position and reports the first
// way in which it disagrees with the current position: an illegal move in
// the list, or a different position at the end. Front-end tests use it to
// show that no sequence of commands leaves the game in a broken state.
func (e *Engine) CheckGame() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	g := &e.game
	pos, err := chess.ParseFEN(g.startFEN)
	if err != nil {
		return fmt.Errorf("start FEN %q: %w", g.startFEN, err)
	}
	pos.SetChess960(e.opts.Chess960)
	for i, m := range g.moves {
		if !pos.IsLegal(m) {
			return fmt.Errorf("move %d (%s) is illegal", i+1, pos.UCI(m))
		}
		pos.MakeMove(m)
	}
	if pos.Key() != g.pos.Key() || pos.FEN() != g.pos.FEN() {
		return fmt.Errorf("replayed %q, current %q", pos.FEN(), g.pos.FEN())
	}
	if _, err := chess.ParseFEN(g.pos.FEN()); err != nil {
		return fmt.Errorf("current FEN %q does not parse: %w", g.pos.FEN(), err)
	}
	return nil
}
