package search

import (
	"testing"

	"matador/internal/chess"
)

// Quiescence's picker hands out only the captures whose SEE reaches its
// floor: 0 (no losing capture) without QSSEEThreshold, with it (the
// default) what brings the score near alpha. A queen promotion that loses
// nothing passes whatever the floor; the hash move comes first, before the
// filter (quiescence tests it itself).
func TestQuiescenceSEEFloor(t *testing.T) {
	w := NewSearcher(1).main
	// dxc5 wins a knight (SEE 325), dxe5 a pawn (100), Qxb7 loses the
	// queen for a pawn (-900), c7-c8 promotes.
	pos, err := chess.ParseFEN("k7/1pP5/p7/2n1p3/3P4/8/1Q6/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	w.pos = pos
	uci := func(s string) chess.Move {
		m, err := pos.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	handed := func(tt chess.Move, floor int) map[string]bool {
		var pk picker
		pk.resetQS(tt, false, false, floor)
		got := map[string]bool{}
		for m := pk.next(w); m != chess.NoMove; m = pk.next(w) {
			got[pos.UCI(m)] = true
		}
		return got
	}
	if see := pos.SEE(uci("b2b7")); see >= 0 {
		t.Fatalf("test position: Qxb7 has SEE %d, want a loss", see)
	}
	cases := []struct {
		floor int
		tt    chess.Move
		want  []string
		not   []string
	}{
		{0, chess.NoMove, []string{"d4c5", "d4e5", "c7c8q"}, []string{"b2b7"}},
		{200, chess.NoMove, []string{"d4c5", "c7c8q"}, []string{"d4e5", "b2b7"}},
		{400, chess.NoMove, []string{"c7c8q"}, []string{"d4c5", "d4e5", "b2b7"}},
		{400, uci("b2b7"), []string{"b2b7", "c7c8q"}, []string{"d4c5", "d4e5"}},
		{2000, chess.NoMove, []string{"c7c8q"}, []string{"d4c5", "d4e5", "b2b7"}}, // SEE 900 < 2000
	}
	for _, c := range cases {
		got := handed(c.tt, c.floor)
		for _, m := range c.want {
			if !got[m] {
				t.Errorf("floor %d: %s not handed out (got %v)", c.floor, m, got)
			}
		}
		for _, m := range c.not {
			if got[m] {
				t.Errorf("floor %d: %s handed out", c.floor, m)
			}
		}
	}
}
