package eval

import (
	"math/rand/v2"
	"slices"
	"testing"

	"matador/internal/chess"
)

// randomPKNet gives the network weights a trained one might have.
func randomPKNet(seed uint64) PKNet {
	r := rand.New(rand.NewPCG(seed, 99))
	var net PKNet
	for i := range net.Hidden {
		for j := range net.Hidden[i] {
			net.Hidden[i][j] = int16(r.IntN(801) - 400)
		}
	}
	for j := range net.HiddenBias {
		net.HiddenBias[j] = int32(r.IntN(401) - 200)
		net.Output[0][j] = int16(r.IntN(201) - 100)
		net.Output[1][j] = int16(r.IntN(201) - 100)
	}
	return net
}

func pkParams(seed uint64, pawnHash bool) *Params {
	p := DefaultParams()
	p.UsePKNet = true
	p.UsePawnHash = pawnHash
	p.PKNet = randomPKNet(seed)
	return p
}

// TestPKNetSymmetry: whatever the network's weights, a position and its
// colour mirror evaluate alike, and the network's term (its row of the
// trace) is not zero in at least one of the positions.
func TestPKNetSymmetry(t *testing.T) {
	e := NewEvaluatorWith(pkParams(1, true))
	moved := 0
	for _, fen := range allFENs(t) {
		p, q := mustParse(t, fen), mustParse(t, mirrorFEN(fen))
		if a, b := e.Evaluate(p), e.Evaluate(q); a != b {
			t.Errorf("asymmetric with the pawn-king net: %d for %s, %d for its mirror", a, fen, b)
		}
		e.Evaluate(p)
		if e.info.terms[termPawnKing] != [2]Score{} {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("the network added nothing to any position")
	}
}

// TestPKNetView checks the inputs of each side's view: White's e2 pawn is
// White's input 4 (e2 is square 12, less the 8 squares of the first rank),
// Black's d7 pawn is d2 from Black's side, Black's input 3; the enemy's
// pawns come 48 later and the kings in blocks of their own.
func TestPKNetView(t *testing.T) {
	pos := mustParse(t, "4k3/3p4/8/8/8/8/4P3/4K3 w - - 0 1")
	pawns := [2]chess.Bitboard{pos.Pieces(chess.White, chess.Pawn), pos.Pieces(chess.Black, chess.Pawn)}
	kings := [2]chess.Square{pos.KingSquare(chess.White), pos.KingSquare(chess.Black)}
	in, n := PKView(pawns, kings, chess.White)
	if got, want := in[:n], []int16{4, 48 + 51 - 8, 96 + 4, 160 + 60}; !slices.Equal(got, want) {
		t.Errorf("White's view %v, want %v", got, want)
	}
	in, n = PKView(pawns, kings, chess.Black)
	if got, want := in[:n], []int16{3, 48 + 52 - 8, 96 + 4, 160 + 60}; !slices.Equal(got, want) {
		t.Errorf("Black's view %v, want %v", got, want)
	}
}

// TestPKNetHash: the network's values kept in the pawn hash entry are the
// ones a fresh computation gives, as kings and pawns move under make and
// unmake.
func TestPKNetHash(t *testing.T) {
	hashed := NewEvaluatorWith(pkParams(2, true))
	fresh := NewEvaluatorWith(pkParams(2, false))
	r := rand.New(rand.NewPCG(5, 6))
	compared := 0
	for _, fen := range builtinFENs {
		p := mustParse(t, fen)
		for range 60 {
			var ml chess.MoveList
			p.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Slice()[r.IntN(ml.N)])
			if a, b := hashed.Evaluate(p), fresh.Evaluate(p); a != b {
				t.Fatalf("%s: %d with the pawn hash, %d without", p.FEN(), a, b)
			}
			compared++
		}
	}
	t.Logf("%d positions", compared)
}

// TestPKNetOffChangesNothing: with the switch off the weights are not read.
func TestPKNetOffChangesNothing(t *testing.T) {
	p := pkParams(3, true)
	p.UsePKNet = false
	e, d := NewEvaluatorWith(p), NewEvaluator()
	for _, fen := range allFENs(t) {
		pos := mustParse(t, fen)
		if a, b := e.Evaluate(pos), d.Evaluate(pos); a != b {
			t.Fatalf("%s: %d with a network switched off, %d without", fen, a, b)
		}
	}
}

// BenchmarkPKNetViews is one reference computation of both views (Views),
// which every evaluation with UsePKNet on and no pawn hash (the tuner's
// setting) makes; with the pawn hash, pkTerm computes the views only on a
// miss, through its packed table.
func BenchmarkPKNetViews(b *testing.B) {
	net := randomPKNet(4)
	ps := benchPositions(b)
	var pawns [][2]chess.Bitboard
	var kings [][2]chess.Square
	for _, p := range ps {
		pawns = append(pawns, [2]chess.Bitboard{p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)})
		kings = append(kings, [2]chess.Square{p.KingSquare(chess.White), p.KingSquare(chess.Black)})
	}
	var sum Score
	for i := 0; b.Loop(); i++ {
		v := net.Views(pawns[i%len(ps)], kings[i%len(ps)])
		sum += v[0] - v[1]
	}
	_ = sum
}
