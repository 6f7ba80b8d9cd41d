package engine

import (
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/pgn"
	"matador/internal/search"
)

// playOut plays fen out between winner, for the side to move, and
// defender, each searching nodes a move, until the game ends by the rules
// or maxPlies are played; it returns the outcome and the moves.
func playOut(t *testing.T, fen string, winner, defender *Engine, nodes uint64, maxPlies int) (pgn.Outcome, []string) {
	t.Helper()
	if err := winner.SetPosition(fen, nil); err != nil {
		t.Fatal(err)
	}
	side := winner.Position().SideToMove()
	var moves []string
	for len(moves) < maxPlies {
		pos := winner.Position()
		if out := pgn.OutcomeOf(pos); out.Over() {
			return out, moves
		}
		player := defender
		if pos.SideToMove() == side {
			player = winner
		}
		if err := player.SetPosition(fen, moves); err != nil {
			t.Fatal(err)
		}
		res := bestMove(player, search.Limits{Nodes: nodes})
		moves = append(moves, pos.UCI(res.Best))
		if err := winner.SetPosition(fen, moves); err != nil {
			t.Fatal(err)
		}
	}
	return pgn.OutcomeOf(winner.Position()), moves
}

// TestMatesWithBishopAndKnight: without tablebases Matador mates a bare
// king with bishop and knight within the fifty-move rule from starts 22 to
// 29 moves from mate, for either side, against its own full-strength
// defence. When the mop-up term pulled the king towards a corner of the
// bishop's colour by 12 cp a square, less than the other terms move, four
// of these five games were drawn by the fifty-move rule.
func TestMatesWithBishopAndKnight(t *testing.T) {
	if testing.Short() {
		t.Skip("plays several endgames")
	}
	starts := []string{
		"8/4Nk2/2B5/8/8/8/K7/8 w - - 0 1",   // light bishop
		"8/6B1/6N1/8/6K1/8/8/4k3 w - - 0 1", // dark bishop
		"8/8/4k3/8/8/3B4/7K/3N4 w - - 0 1",  // light bishop
		"6K1/4k3/8/5b2/8/n7/8/8 b - - 0 1",  // Black mates, light bishop
		"8/8/2K3b1/8/8/2k2n2/8/8 b - - 0 1", // Black mates, light bishop
	}
	for _, fen := range starts {
		winner, defender := New(), New()
		out, moves := playOut(t, fen, winner, defender, 20000, 120)
		pos, _ := chess.ParseFEN(fen)
		want := "1-0"
		if pos.SideToMove() == chess.Black {
			want = "0-1"
		}
		if out.Result != want {
			t.Errorf("%s: %s (%s) after %d plies: %s", fen, out.Result, out.Reason, len(moves), strings.Join(moves, " "))
		}
	}
}
