package eval

import (
	"testing"

	"matador/internal/chess"
)

// benchFENs are twenty positions from every stage of the game.
var benchFENs = []string{
	chess.StartFEN,
	"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP1B2/2N1PN1P/PP3PP1/R2QKB1R w KQ - 1 9",
	"2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 7 12",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 4 13",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"2rr2k1/1p2qppp/p1n1pn2/8/2PP4/P3BN2/4QPPP/2RR2K1 b - - 2 20",
	"r4rk1/pp3ppp/2n1b3/q1pp4/8/2PBBQ2/P1P2PPP/R4RK1 w - - 0 15",
	"3r2k1/pp3pp1/2p4p/8/3P4/1P3N1P/P4PP1/4R1K1 b - - 0 27",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1",
	"r5k1/5ppp/8/1P6/8/8/5PPP/R5K1 b - - 0 1",
	"4k3/5pp1/4b3/8/8/2B5/5PPP/4K3 w - - 0 1",
	"8/8/3k4/8/8/3K4/3B4/3N4 w - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"2kr3r/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1B2RK1 b - - 3 9",
}

func benchPositions(b *testing.B) []*chess.Position {
	var ps []*chess.Position
	for _, fen := range benchFENs {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// BenchmarkEvaluate measures one call, averaged over the twenty positions,
// with a warm pawn hash as in a search.
func BenchmarkEvaluate(b *testing.B) {
	ps := benchPositions(b)
	e := NewEvaluator()
	b.ReportAllocs()
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += e.Evaluate(ps[i%len(ps)])
	}
	_ = sum
}

// BenchmarkEvaluateNoPawnHash is the cost of a pawn-hash miss on every call.
func BenchmarkEvaluateNoPawnHash(b *testing.B) {
	ps := benchPositions(b)
	p := DefaultParams()
	p.UsePawnHash = false
	e := NewEvaluatorWith(p)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		e.Evaluate(ps[i%len(ps)])
	}
}

func BenchmarkHanging(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	var h chess.Bitboard
	for i := 0; b.Loop(); i++ {
		h |= Hanging(ps[i%len(ps)], chess.Color(i&1))
	}
	_ = h
}
