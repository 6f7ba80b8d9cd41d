package search

import (
	"testing"

	"matador/internal/chess"
	"matador/internal/nnue"
)

// TestSearchKeepsNetInStep searches with a net whose every score is
// checked against one computed from nothing (nnue.Stack.SetChecking), so
// that a move the search makes without telling the accumulators fails
// here. Two threads, so the helpers' stacks are checked too.
func TestSearchKeepsNetInStep(t *testing.T) {
	layout, _ := nnue.KingLayout(10)
	wide, err := nnue.RandomV3(1, 512, layout)
	if err != nil {
		t.Fatal(err)
	}
	// The second net has king buckets, so its king moves refresh from
	// the refresh table.
	for _, net := range []*nnue.Net{nnue.Random(1), wide} {
		searchKeepsNetInStep(t, net)
	}
}

func searchKeepsNetInStep(t *testing.T, net *nnue.Net) {
	fens := []string{
		chess.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	}
	s := NewSearcher(16)
	s.Net = net
	s.SetThreads(2)
	for _, fen := range fens {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checkNets(s, true)
		res := s.Search(pos, Limits{Depth: 7}, Options{MultiPV: 1}, Reporter{})
		if res.Best == chess.NoMove || !pos.IsLegal(res.Best) {
			t.Fatalf("%s: no legal best move (%v)", fen, res.Best)
		}
		for _, w := range append([]*worker{s.main}, s.helpers...) {
			if w.nn == nil || w.nn.Net() != net {
				t.Fatalf("worker %d did not search with the net", w.id)
			}
			if d := w.nn.Depth(); d != 0 {
				t.Fatalf("worker %d: %d accumulator pushes not popped", w.id, d)
			}
		}
	}
	checkNets(s, false)
}

// checkNets turns the accumulators' self-check on or off in every worker
// that has a stack; a worker without one gets it at its next search, so
// the main worker is given one now.
func checkNets(s *Searcher, on bool) {
	for _, w := range append([]*worker{s.main}, s.helpers...) {
		if w.nn == nil && s.Net != nil {
			w.nn = nnue.NewStack(s.Net)
		}
		if w.nn != nil {
			w.nn.SetChecking(on)
		}
	}
}

// TestNetChangesTheSearch: the same search with a net and without finds
// different nodes, and the classical one is the bench's.
func TestNetChangesTheSearch(t *testing.T) {
	pos, _ := chess.ParseFEN(chess.StartFEN)
	classical := NewSearcher(16).Search(pos, Limits{Depth: 8}, Options{MultiPV: 1}, Reporter{})
	s := NewSearcher(16)
	s.Net = nnue.Random(2)
	withNet := s.Search(pos, Limits{Depth: 8}, Options{MultiPV: 1}, Reporter{})
	if classical.Nodes == withNet.Nodes {
		t.Fatalf("the net's search visited as many nodes as the classical one (%d)", withNet.Nodes)
	}
	s.Net = nil
	s.NewGame()
	back := s.Search(pos, Limits{Depth: 8}, Options{MultiPV: 1}, Reporter{})
	if back.Score != classical.Score {
		t.Fatalf("back on the classical evaluation: score %d, a fresh searcher's %d", back.Score, classical.Score)
	}
}

// TestNNUEImbalance: under NNUEImbalance a position whose material is far
// from level, by a margin that grows with the fifty-move count, gets the
// classical evaluation; every other one, and every one with the switch
// off, the net's.
func TestNNUEImbalance(t *testing.T) {
	cases := []struct {
		fen      string
		lopsided bool
	}{
		{chess.StartFEN, false},
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", true},    // a queen up
		{"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 90 46", false}, // the same, far into the fifty moves
		{"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},   // a pawn up
		{"rnbqkbnr/ppppp3/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},      // three pawns up
		{"rnbqkbnr/pppppp2/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},    // two pawns up
		{"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},    // a knight up, as in Stockfish 12
	}
	s := NewSearcher(1)
	w := s.main
	net := nnue.Random(3)
	for _, c := range cases {
		pos, err := chess.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := lopsided(pos); got != c.lopsided {
			t.Errorf("%s: lopsided %v, want %v", c.fen, got, c.lopsided)
		}
		w.pos = pos
		w.useNet(net)
		classical, netScore := w.ev.Evaluate(pos), w.nn.Evaluate(pos)
		if classical == netScore {
			t.Fatalf("%s: the two evaluations agree (%d); the test cannot tell them apart", c.fen, classical)
		}
		for _, on := range []bool{false, true} {
			w.Switches.NNUEImbalance = on
			want := netScore
			if on && c.lopsided {
				want = classical
			}
			if got := w.evaluate(); got != want {
				t.Errorf("%s, NNUEImbalance %v: %d, want %d (classical %d, net %d)", c.fen, on, got, want, classical, netScore)
			}
		}
	}
}
