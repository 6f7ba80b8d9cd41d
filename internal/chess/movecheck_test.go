package chess

import "testing"

// checkMoveTests walks a tree and compares IsLegal and GivesCheck with the
// generator and with making the move.
func checkMoveTests(t *testing.T, p *Position, depth int) {
	var ml MoveList
	p.GenerateLegal(&ml)
	for _, m := range ml.Slice() {
		if !p.IsLegal(m) {
			t.Fatalf("%s: legal move %s rejected", p.FEN(), p.UCI(m))
		}
		gives := p.GivesCheck(m)
		p.MakeMove(m)
		if gives != p.InCheck() {
			p.UnmakeMove(m)
			t.Fatalf("%s: GivesCheck(%s) = %v", p.FEN(), p.UCI(m), gives)
		}
		if depth > 1 {
			checkMoveTests(t, p, depth-1)
		}
		p.UnmakeMove(m)
	}
	// Every from/to pair not in the list, as a plain move, a queen or
	// knight promotion, en passant or castling, must be rejected.
	for from := Square(0); from < 64; from++ {
		for to := Square(0); to < 64; to++ {
			for _, m := range []Move{NewMove(from, to), NewPromotion(from, to, Queen), NewPromotion(from, to, Knight),
				newSpecial(from, to, EnPassant), newSpecial(from, to, Castling)} {
				if p.IsLegal(m) != ml.Contains(m) {
					t.Fatalf("%s: IsLegal(%s) = %v, generator says %v", p.FEN(), p.UCI(m), p.IsLegal(m), ml.Contains(m))
				}
			}
		}
	}
}

func TestIsLegalAndGivesCheck(t *testing.T) {
	fens := []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
		// exd6 e.p. opens the bishop's diagonal through d5 to the king.
		"8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1",
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checkMoveTests(t, p, 2)
	}
}

// TestGivesCheckRandomGames compares GivesCheck with making the move at
// every move of random games, where discovered checks, checks by
// promotion, castling and en passant turn up in all their shapes.
func TestGivesCheckRandomGames(t *testing.T) {
	rng := xorshift(0x9E3779B97F4A7C15)
	checks := 0
	for game := 0; game < 300; game++ {
		p := StartPosition()
		for ply := 0; ply < 300; ply++ {
			var ml MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			for _, m := range ml.Slice() {
				gives := p.GivesCheck(m)
				p.MakeMove(m)
				in := p.InCheck()
				p.UnmakeMove(m)
				if gives != in {
					t.Fatalf("%s: GivesCheck(%s) = %v, the move checks: %v", p.FEN(), p.UCI(m), gives, in)
				}
				if in {
					checks++
				}
			}
			p.MakeMove(ml.Moves[rng.next()%uint64(ml.N)])
		}
	}
	if checks < 1000 {
		t.Errorf("only %d checking moves seen", checks)
	}
}

// checkQuietChecks compares GenerateQuietChecks with GenerateQuiet: every
// quiet move that checks is there, and the list keeps GenerateQuiet's
// order (quiescence searches them in it). It returns the checks seen.
func checkQuietChecks(t *testing.T, p *Position) int {
	var quiet, candidates MoveList
	p.GenerateQuiet(&quiet)
	p.GenerateQuietChecks(&candidates)
	i, checks := 0, 0
	for _, m := range quiet.Slice() {
		inList := i < candidates.N && candidates.Moves[i] == m
		if inList {
			i++
		}
		if p.GivesCheck(m) {
			checks++
			if !inList {
				t.Fatalf("%s: quiet check %s missing from GenerateQuietChecks", p.FEN(), p.UCI(m))
			}
		}
	}
	if i != candidates.N {
		t.Fatalf("%s: GenerateQuietChecks gave %d moves, %d of them in GenerateQuiet's order", p.FEN(), candidates.N, i)
	}
	return checks
}

// TestGenerateQuietChecks walks random games: in every position the
// candidates hold every quiet check, in order, and few other moves.
func TestGenerateQuietChecks(t *testing.T) {
	rng := xorshift(0x2545F4914F6CDD1D)
	checks, candidates, quiets := 0, 0, 0
	fens := []string{
		"8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"5k2/8/8/8/8/8/8/4K2R w K - 0 1",  // O-O checks on the f-file
		"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",  // O-O-O checks on the d-file
		"4k3/8/4K3/8/8/8/8/4R3 w - - 0 1", // a king move off the file uncovers the rook
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		checkQuietChecks(t, p)
	}
	for game := 0; game < 200; game++ {
		p := StartPosition()
		for ply := 0; ply < 200; ply++ {
			var ml, q, c MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			checks += checkQuietChecks(t, p)
			p.GenerateQuiet(&q)
			p.GenerateQuietChecks(&c)
			quiets, candidates = quiets+q.N, candidates+c.N
			p.MakeMove(ml.Moves[rng.next()%uint64(ml.N)])
		}
	}
	if checks < 1000 || candidates > quiets/3 {
		t.Errorf("%d quiet checks among %d candidates of %d quiet moves", checks, candidates, quiets)
	}
	t.Logf("%d quiet checks among %d candidates of %d quiet moves", checks, candidates, quiets)
}

// Quiescence calls GenerateQuietChecks at its first ply, a hot path: it
// must not allocate.
func TestGenerateQuietChecksAllocates(t *testing.T) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var ml MoveList
	if n := testing.AllocsPerRun(100, func() { ml.N = 0; p.GenerateQuietChecks(&ml) }); n != 0 {
		t.Errorf("GenerateQuietChecks allocates %v times a call", n)
	}
}
