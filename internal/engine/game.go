package engine

import (
	"errors"
	"fmt"

	"matador/internal/chess"
)

// Game is a game as its start position plus the moves played from it. The
// front ends need the list, not only the current position: XBoard's undo
// and remove take moves off it, and the console's PGN writes it out.
type Game struct {
	startFEN string
	moves    []chess.Move
	pos      *chess.Position // the start position with moves played
}

// NewGame returns a game at the standard start position.
func NewGame() Game {
	return Game{startFEN: chess.StartFEN, pos: chess.StartPosition()}
}

// newGameFrom builds a game from a FEN (the start position when empty) and
// moves in UCI notation. Nothing is kept if any part is wrong, so a caller
// can replace its game only on success.
func newGameFrom(fen string, moves []string, chess960 bool) (Game, error) {
	if fen == "" {
		fen = chess.StartFEN
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return Game{}, fmt.Errorf("bad FEN: %w", err)
	}
	pos.SetChess960(chess960)
	g := Game{startFEN: pos.FEN(), pos: pos, moves: make([]chess.Move, 0, len(moves))}
	for i, text := range moves {
		m, err := pos.ParseUCI(text)
		if err != nil {
			return Game{}, fmt.Errorf("move %d: %w", i+1, err)
		}
		g.play(m)
	}
	return g, nil
}

func (g *Game) play(m chess.Move) {
	g.pos.MakeMove(m)
	g.moves = append(g.moves, m)
}

// playLegal plays m if it is legal in the current position.
func (g *Game) playLegal(m chess.Move) error {
	if !g.pos.IsLegal(m) {
		return fmt.Errorf("illegal move %s", g.pos.UCI(m))
	}
	g.play(m)
	return nil
}

// undo takes back the last move.
func (g *Game) undo() (chess.Move, error) {
	if len(g.moves) == 0 {
		return chess.NoMove, errors.New("no move to take back")
	}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.pos.UnmakeMove(m)
	return m, nil
}
