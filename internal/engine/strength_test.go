package engine

import (
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/nnue"
	"matador/internal/pgn"
	"matador/internal/search"
)

// bestMove runs one search on e and returns its result.
func bestMove(e *Engine, limits search.Limits) search.Result {
	var res search.Result
	e.Go(limits, search.Reporter{}, func(r search.Result) { res = r })
	e.Wait()
	return res
}

func TestStrengthOptions(t *testing.T) {
	e := New()
	if got := e.Options().strengthLevel(); got != MaxSkillLevel {
		t.Errorf("a new engine plays at level %v, want full strength", got)
	}
	for _, bad := range []int{-1, 21} {
		if err := e.SetSkillLevel(bad); err == nil {
			t.Errorf("Skill Level %d accepted", bad)
		}
	}
	for _, bad := range []int{MinElo - 1, MaxElo + 1} {
		if err := e.SetElo(bad); err == nil {
			t.Errorf("UCI_Elo %d accepted", bad)
		}
	}
	if err := e.SetElo(2000); err != nil {
		t.Fatal(err)
	}
	if got := e.Options().strengthLevel(); got != MaxSkillLevel {
		t.Errorf("UCI_Elo without UCI_LimitStrength plays at level %v", got)
	}
	e.SetLimitStrength(true)
	elo2000 := e.Options().strengthLevel()
	if elo2000 <= 0 || elo2000 >= MaxSkillLevel {
		t.Errorf("UCI_Elo 2000 plays at level %v", elo2000)
	}
	// The weaker of the two settings wins.
	e.SetSkillLevel(3)
	if got := e.Options().strengthLevel(); got != 3 {
		t.Errorf("Skill Level 3 with UCI_Elo 2000: level %v", got)
	}
	prev := -1.0
	for elo := MinElo; elo <= MaxElo; elo += 50 {
		l := levelForElo(elo)
		if l < prev || l < 0 || l > MaxSkillLevel {
			t.Fatalf("levelForElo(%d) = %v after %v", elo, l, prev)
		}
		prev = l
	}
	if levelForElo(MaxElo) != MaxSkillLevel {
		t.Errorf("UCI_Elo %d is not full strength", MaxElo)
	}
}

// TestWeakPlayIsPlausible: at the lowest level Matador varies its moves
// and still takes a free queen (TestChooseStaysWithinLoss checks that it
// never plays a line that loses far more than its best).
func TestWeakPlayIsPlausible(t *testing.T) {
	e := New()
	e.SetSkillLevel(0)
	seen := map[string]bool{}
	for range 12 {
		res := bestMove(e, search.Limits{Depth: 6})
		seen[chess.Square(res.Best.From()).String()+chess.Square(res.Best.To()).String()] = true
	}
	if len(seen) < 2 {
		t.Errorf("level 0 played the same first move 12 times: %v", seen)
	}
	// White's queen hangs to the knight on f6 (black to move): even the
	// weakest level takes it.
	if err := e.SetPosition("rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 3 3", nil); err != nil {
		t.Fatal(err)
	}
	for range 8 {
		res := bestMove(e, search.Limits{Depth: 6})
		if got := e.Position().UCI(res.Best); got != "f6h5" {
			t.Fatalf("level 0 left the queen en prise: played %s", got)
		}
	}
}

// TestChooseStaysWithinLoss checks the choice among lines directly: a line
// that loses more than the level allows is never played.
func TestChooseStaysWithinLoss(t *testing.T) {
	pos, _ := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	mv := func(s string) chess.Move { m, _ := pos.ParseUCI(s); return m }
	for _, level := range []float64{0, 10, 19} {
		w := newWeakening(level, 42)
		w.record(search.Info{Depth: 3, MultiPV: 1, Score: 50, Bound: search.BoundExact, PV: []chess.Move{mv("e2e4")}})
		w.record(search.Info{Depth: 3, MultiPV: 2, Score: 40, Bound: search.BoundExact, PV: []chess.Move{mv("d2d4")}})
		w.record(search.Info{Depth: 3, MultiPV: 3, Score: -1000, Bound: search.BoundExact, PV: []chess.Move{mv("g2g4")}})
		// A shallower report and a bound do not count.
		w.record(search.Info{Depth: 2, MultiPV: 1, Score: 90, Bound: search.BoundExact, PV: []chess.Move{mv("a2a3")}})
		w.record(search.Info{Depth: 3, MultiPV: 2, Score: 900, Bound: search.BoundLower, PV: []chess.Move{mv("h2h3")}})
		seen := map[string]bool{}
		for range 200 {
			res := w.choose(pos, search.Result{Best: mv("e2e4")})
			seen[pos.UCI(res.Best)] = true
		}
		if seen["g2g4"] || seen["a2a3"] || seen["h2h3"] {
			t.Errorf("level %v chose a losing or unreported line: %v", level, seen)
		}
		if level <= 10 && len(seen) != 2 {
			t.Errorf("level %v never varied between two near-equal lines: %v", level, seen)
		}
	}
}

// TestWeakestLevelMates: at Skill Level 0 Matador mates a bare king with
// king and queen or king and rook within fifty moves, against a full
// strength defence.
func TestWeakestLevelMates(t *testing.T) {
	if testing.Short() {
		t.Skip("plays several endgames")
	}
	weakestLevelMates(t, false)
}

// TestNetMatesBareKing is TestWeakestLevelMates with the network
// evaluating (Use NNUE): the search hands bare-king endings to the
// classical evaluation, without which the net, which datagen's
// adjudication kept from such endings, mated in none of these.
func TestNetMatesBareKing(t *testing.T) {
	if testing.Short() {
		t.Skip("plays several endgames")
	}
	weakestLevelMates(t, true)
}

func weakestLevelMates(t *testing.T, net bool) {
	starts := []string{
		"8/8/8/4k3/8/8/8/4K2Q w - - 0 1",
		"8/8/3k4/8/8/8/1Q6/6K1 w - - 0 1",
		"7k/8/8/8/8/8/8/R3K3 w - - 0 1",
		"8/8/8/3k4/8/8/8/R5K1 w - - 0 1",
		"8/2k5/8/8/5K2/8/8/7R w - - 0 1",
	}
	for _, fen := range starts {
		weak, defender := New(), New()
		weak.SetSkillLevel(0)
		weak.SetUseNNUE(net)
		defender.SetUseNNUE(net)
		if err := weak.SetPosition(fen, nil); err != nil {
			t.Fatal(err)
		}
		var moves []string
		for ply := 0; ply < 100; ply++ {
			pos := weak.Position()
			if out := pgn.OutcomeOf(pos); out.Over() {
				if out.Result != "1-0" {
					t.Errorf("%s: the game ended %s (%s) after %v", fen, out.Result, out.Reason, moves)
				}
				break
			}
			player := defender
			if pos.SideToMove() == chess.White {
				player = weak
			}
			if err := player.SetPosition(fen, moves); err != nil {
				t.Fatal(err)
			}
			res := bestMove(player, search.Limits{Nodes: 20000})
			moves = append(moves, pos.UCI(res.Best))
			if err := weak.SetPosition(fen, moves); err != nil {
				t.Fatal(err)
			}
		}
		if out := pgn.OutcomeOf(weak.Position()); out.Result != "1-0" {
			t.Errorf("%s: no mate in fifty moves: %s", fen, strings.Join(moves, " "))
		}
	}
}

// TestWeakPlayEvaluatesClassically: a level below full strength searches
// with the classical evaluation its UCI_Elo was calibrated with, even with
// Use NNUE on; full strength, and a weakened engine against a bare king,
// search with the net.
func TestWeakPlayEvaluatesClassically(t *testing.T) {
	e := New()
	e.SetUseNNUE(true)
	net := e.netInUse()
	cases := []struct {
		level int
		fen   string
		want  *nnue.Net
	}{
		{MaxSkillLevel, chess.StartFEN, net},
		{5, chess.StartFEN, nil},
		{5, "8/8/8/4k3/8/8/8/4K2Q w - - 0 1", net},
		{MaxSkillLevel, chess.StartFEN, net},
	}
	for _, c := range cases {
		if err := e.SetSkillLevel(c.level); err != nil {
			t.Fatal(err)
		}
		if err := e.SetPosition(c.fen, nil); err != nil {
			t.Fatal(err)
		}
		bestMove(e, search.Limits{Nodes: 2000})
		if got := e.searcher.Net; got != c.want {
			t.Errorf("level %d, %s: searched with net %v, want %v", c.level, c.fen, got, c.want)
		}
	}
	e.SetUseNNUE(false)
	e.SetSkillLevel(MaxSkillLevel)
	bestMove(e, search.Limits{Nodes: 2000})
	if e.searcher.Net != nil {
		t.Error("Use NNUE false searched with a net")
	}
}
