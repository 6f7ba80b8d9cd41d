// Package pgn reads and writes games in Portable Game Notation, the text
// format every chess GUI and database exchanges. The reader is lenient the
// way people's files need (move numbers glued to moves, missing results,
// stray annotation glyphs) and skips what Matador does not use: NAGs and
// variations. The writer produces export format: the seven-tag roster
// first, lines within 80 columns.
//
// It also decides how a game has ended (Outcome), because the PGN result
// and its reason are what every front end announces.
package pgn

import (
	"fmt"
	"strings"

	"matador/internal/chess"
)

// Tag is one header pair, [Name "Value"].
type Tag struct {
	Name, Value string
}

// Note is what the text says about one move besides the move itself.
type Note struct {
	// Comment follows the move, written in braces.
	Comment string
	// Variation is an alternative to the move, played from the position
	// before it; the writer puts it in parentheses after the comment.
	Variation []chess.Move
	// VariationComment follows the variation's first move.
	VariationComment string
}

// Game is one game: its tags, the moves from its start position, and the
// comments read with them.
type Game struct {
	Tags  []Tag // in the order read or set
	Moves []chess.Move
	// Notes[i] belongs to Moves[i]; it may be shorter than Moves.
	Notes []Note
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or "*".
	Result string
}

// Tag returns the value of the named tag, or "" when the game has none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, replacing an existing one of the same name in place.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Note returns a pointer to the note of move i, growing Notes as needed.
func (g *Game) Note(i int) *Note {
	for len(g.Notes) <= i {
		g.Notes = append(g.Notes, Note{})
	}
	return &g.Notes[i]
}

// StartPosition returns the position the game starts from: the FEN tag if
// there is one, else the standard start. A Variant tag naming Chess960
// switches the position to king-takes-rook castling.
func (g *Game) StartPosition() (*chess.Position, error) {
	if err := checkVariant(g.Tag("Variant")); err != nil {
		return nil, err
	}
	fen := g.Tag("FEN")
	if fen == "" {
		fen = chess.StartFEN
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	if is960Variant(g.Tag("Variant")) {
		pos.SetChess960(true)
	}
	return pos, nil
}

// checkVariant refuses a game of another game than chess (lichess's
// Crazyhouse, Atomic, Three-check...): its moves, even where they are
// legal chess moves, do not mean what they mean in chess.
func checkVariant(v string) error {
	if is960Variant(v) {
		return nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "standard", "normal", "chess", "from position", "fromposition":
		return nil
	}
	return &VariantError{Variant: v}
}

// VariantError is a game whose Variant tag names a game other than chess
// or Chess960.
type VariantError struct{ Variant string }

func (e *VariantError) Error() string {
	return fmt.Sprintf("variant %q is not chess (only standard chess and Chess960 are read)", e.Variant)
}

func is960Variant(v string) bool {
	switch v {
	case "Chess960", "chess960", "chess 960", "Chess 960", "fischerandom", "Fischerandom", "FRC":
		return true
	}
	return false
}

// Position returns the position after the game's moves.
func (g *Game) Position() (*chess.Position, error) {
	pos, err := g.StartPosition()
	if err != nil {
		return nil, err
	}
	for _, m := range g.Moves {
		pos.MakeMove(m)
	}
	return pos, nil
}

// Outcome is how a game has ended by the rules, as a PGN result and a
// reason in the words CECP and people use.
type Outcome struct {
	Result string // "1-0", "0-1", "1/2-1/2", or "" while the game goes on
	Reason string // "White mates", "Stalemate", "Draw by repetition", ...
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != "" }

// OutcomeOf decides whether the game in pos has ended: checkmate,
// stalemate, insufficient material, the fifty-move rule or threefold
// repetition (the last two are draws a player may claim; engines and GUIs
// treat them as final). The position's move history must hold the game for
// repetitions to be seen.
func OutcomeOf(pos *chess.Position) Outcome {
	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	if legal.N == 0 {
		if !pos.InCheck() {
			return Outcome{"1/2-1/2", "Stalemate"}
		}
		if pos.SideToMove() == chess.White {
			return Outcome{"0-1", "Black mates"}
		}
		return Outcome{"1-0", "White mates"}
	}
	switch {
	case pos.InsufficientMaterial():
		return Outcome{"1/2-1/2", "Insufficient material"}
	case pos.Rule50() >= 100:
		return Outcome{"1/2-1/2", "50 move rule"}
	case pos.RepetitionCount() >= 2:
		return Outcome{"1/2-1/2", "Draw by repetition"}
	}
	return Outcome{}
}
