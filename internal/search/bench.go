package search

import (
	"fmt"
	"io"
	"time"

	"matador/internal/chess"
	"matador/internal/nnue"
)

// BenchPositions is the fixed set searched by "matador bench": openings,
// middle games with tactics, and endgames of several kinds.
var BenchPositions = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"rnbqkb1r/pp1ppppp/5n2/2p5/2P5/5N2/PP1PPPPP/RNBQKB1R w KQkq - 2 3",
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
	"r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 1 7",
	"r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 w - - 0 10",
	"r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPPQ2PP/R4R1K w - - 0 15",
	"2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/2RQ1RK1 w - - 0 12",
	"r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R1BQK2R w KQkq - 0 8",
	"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10",
	"1rbqk1nr/p3ppbp/2np2p1/2p5/1pP1P3/3P1NP1/PP1N1PBP/R1BQK2R w KQk - 0 10",
	"r1bq1rk1/pppnnppp/4p3/3pP3/1b1P4/2NB4/PPPBNPPP/R2QK2R w KQ - 3 7",
	"3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
	"r1q2rk1/2p1bppp/2Pp4/p6b/Q1PNp3/4B3/PP1R1PPP/2K4R w - - 2 18",
	"4k2r/1pb2ppp/1p2p3/1R1p4/3P4/2r1PN2/P4PPP/1R4K1 b - - 3 22",
	"3q2k1/pb3p1p/4pbp1/2r5/PpN2N2/1P2P2P/5PP1/Q2R2K1 b - - 4 26",
	"6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
	"3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
	"2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
	"8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
	"7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
	"8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
	"8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
	"8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1",
	"8/3p4/p1bk3p/Pp6/1Kp1PpPp/2P2P1P/2P5/5B2 b - - 0 1",
	"5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1",
	"6k1/6p1/P6p/r1N5/5p2/7P/1b3PP1/4R1K1 w - - 0 1",
	"1r3k2/4q3/2Pp3b/3Bp3/2Q2p2/1p1P2P1/1P2KP2/3N4 w - - 0 1",
	"6k1/4pp1p/3p2p1/P1pPb3/R7/1r2P1PP/3B1P2/6K1 w - - 0 1",
	"8/3p3B/5p2/5P2/p7/PP5b/k7/6K1 w - - 0 1",
	"8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
	"8/8/8/5N2/8/p7/8/2NK3k w - - 0 1",
	"8/3k4/8/8/8/4B3/4KB2/2B5 w - - 0 1",
	"8/8/1P6/5pr1/8/4R3/7k/2K5 w - - 0 1",
	"8/2p4P/8/kr6/6R1/8/8/1K6 w - - 0 1",
	"8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
	"8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
	"6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
	"r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
	"8/8/8/8/8/5k2/6p1/6K1 w - - 0 1",
	"7k/8/6KP/8/8/3B4/8/8 w - - 0 1",
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"2r3k1/pp3ppp/8/8/3n4/8/PP3PPP/2R3K1 b - - 0 1",
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
}

// DefaultBenchDepth is the depth of "matador bench" without an argument.
const DefaultBenchDepth = 11

// Bench searches every bench position to depth on one thread with a fresh
// 16 MB hash, writes one line per position and returns the total nodes.
// The node count depends only on the code, never on timing.
func Bench(depth int, out io.Writer) (nodes uint64, elapsed time.Duration) {
	return BenchThreads(depth, 1, nil, out)
}

// BenchThreads is Bench on several threads: its time to depth measures
// the parallel search, its node count varies from run to run.
//
// elapsed is the time of the searches alone. Clearing the 16 MB hash
// before each position is left out, as Ethereal's bench leaves it out:
// it costs the same whatever the search does, and counted in, it weighs
// the more in the nodes per second the fewer nodes the search needs (29%
// of the samples of a profile of BenchmarkBench when the bench counted
// 870,041 nodes).
//
// net is the evaluation, nil for the classical one.
func BenchThreads(depth, threads int, net *nnue.Net, out io.Writer) (nodes uint64, elapsed time.Duration) {
	s := NewSearcher(16)
	s.SetThreads(threads)
	s.Net = net
	for i, fen := range BenchPositions {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			panic(fmt.Sprintf("bench position %d: %v", i+1, err))
		}
		s.NewGame()
		start := time.Now()
		res := s.Search(pos, Limits{Depth: depth}, Options{MultiPV: 1}, Reporter{})
		elapsed += time.Since(start)
		nodes += res.Nodes
		if out != nil {
			fmt.Fprintf(out, "position %2d/%d  %-6s score %6d  nodes %10d  %s\n",
				i+1, len(BenchPositions), pos.UCI(res.Best), res.Score, res.Nodes, fen)
		}
	}
	return nodes, elapsed
}
