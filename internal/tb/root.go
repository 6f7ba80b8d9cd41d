package tb

import (
	"sort"

	"matador/internal/chess"
)

// RootMove is a legal move of the root position as the tables judge it.
type RootMove struct {
	Move chess.Move
	// WDL is the move's result for the side playing it, the game's fifty-
	// move counter and repetitions counted: a cursed win or blessed loss is
	// one the fifty-move rule turns into a draw (with the rule off they
	// count as a win and a loss).
	WDL WDL
	// DTZ is the distance in plies from the root to the next capture or
	// pawn move on the best line after this move, the move itself counted,
	// signed by the result: 1 for a mating move or a winning zeroing move,
	// 0 for a draw. Zero when the moves were ranked by WDL alone.
	DTZ int
	// Rank orders the moves, higher better. Moves of equal rank are equally
	// good for the tables.
	Rank int
}

// RootRanking is every legal move of a root position, best first.
type RootRanking struct {
	Moves []RootMove
	// ByDTZ says the DTZ tables ranked the moves; without them the WDL
	// tables did, which keeps the result but may not make progress.
	ByDTZ bool
}

// Best returns the moves that share the best rank: the ones a search should
// choose among to keep the tables' result.
func (r RootRanking) Best() []RootMove {
	n := 0
	for n < len(r.Moves) && r.Moves[n].Rank == r.Moves[0].Rank {
		n++
	}
	return r.Moves[:n]
}

// maxDTZ spaces the ranks: wins near +maxDTZ, losses near -maxDTZ, and the
// results the fifty-move rule decides in between.
const maxDTZ = 1 << 18

// RankRootMoves ranks every legal move of pos (the game position, its move
// history included for repetitions) as Stockfish's root probe does:
//
//   - a move that wins within the fifty-move rule (its DTZ plus the
//     position's counter at most 99, and no repetition since the last
//     zeroing move) ranks highest; with rankDTZ the faster zeroing win ranks
//     higher, otherwise all such wins rank alike and the search chooses;
//   - a win the counter may spoil ranks by how soon it zeroes the counter;
//   - draws rank 0;
//   - a loss the counter may save ranks by how late it zeroes the counter
//     (the later, the likelier the fifty-move draw), above the certain
//     losses, which with rankDTZ rank by how late they zero the counter.
//
// In pawnless endings of three pieces, or four with no queen or rook, the
// DTZ is the distance to mate and moves always rank by it. rule50 false
// ignores the fifty-move rule in the WDL it reports (not in the ranks, which
// prefer the surer result either way). The DTZ tables are used when they
// are all there, else the WDL tables; ok is false when the position has
// castling rights, more pieces than the tables, or a table it needs is
// missing or corrupt.
func (t *Tables) RankRootMoves(pos *chess.Position, rule50, rankDTZ bool) (RootRanking, bool) {
	p := prober{t: t}
	if !p.start(pos) {
		return RootRanking{}, false
	}
	if pos.ByType(chess.Pawn) == 0 && (pos.Occupied().Count() == 3 ||
		pos.Occupied().Count() == 4 && pos.ByType(chess.Queen)|pos.ByType(chess.Rook) == 0) {
		rankDTZ = true // the only zeroing move is mate
	}
	var moves chess.MoveList
	pos.GenerateLegal(&moves)
	r := RootRanking{Moves: make([]RootMove, moves.N), ByDTZ: true}
	for i, m := range moves.Moves[:moves.N] {
		r.Moves[i].Move = m
	}
	if !p.rankByDTZ(pos, r.Moves, rule50, rankDTZ) {
		r.ByDTZ = false
		p = prober{t: t}
		if !p.rankByWDL(pos, r.Moves, rule50) {
			return RootRanking{}, false
		}
	}
	sort.SliceStable(r.Moves, func(i, j int) bool { return r.Moves[i].Rank > r.Moves[j].Rank })
	return r, true
}

func (p *prober) rankByDTZ(pos *chess.Position, moves []RootMove, rule50, rankDTZ bool) bool {
	counter := pos.Rule50()
	repeated := hasRepeated(pos)
	bound := 1
	if rule50 {
		bound = maxDTZ/2 - 100
	}
	for i := range moves {
		m := moves[i].Move
		pos.MakeMove(m)
		var dtz int
		st := statusOK
		switch {
		case pos.Rule50() == 0:
			var w WDL
			w, st = p.search(pos, false)
			dtz = zeroingDTZ(-w)
		case rule50 && fiftyMoveDraw(pos) || pos.RepetitionCount() >= 2:
			dtz = 0 // a draw by the rules, whatever the tables say
		default:
			dtz, st = p.dtz(pos, 0)
			dtz = -dtz
			dtz += sign(dtz)
		}
		if dtz == 2 && pos.InCheck() && !pos.HasLegalMove() {
			dtz = 1 // mate
		}
		pos.UnmakeMove(m)
		if st == statusFailed {
			return false
		}

		rank := 0
		switch {
		case dtz > 0 && dtz+counter <= 99 && !repeated:
			rank = maxDTZ
			if rankDTZ {
				rank -= dtz
			}
		case dtz > 0:
			rank = maxDTZ/2 - (dtz + counter)
		case dtz < 0 && -dtz*2+counter < 100:
			rank = -maxDTZ
			if rankDTZ {
				rank -= dtz
			}
		case dtz < 0:
			rank = -maxDTZ/2 + (-dtz + counter)
		}
		w := Draw
		switch {
		case rank >= bound:
			w = Win
		case rank > 0:
			w = CursedWin
		case rank <= -bound:
			w = Loss
		case rank < 0:
			w = BlessedLoss
		}
		moves[i].DTZ, moves[i].Rank, moves[i].WDL = dtz, rank, w
	}
	return true
}

// rankByWDL ranks the moves by their WDL alone, for when DTZ tables are
// missing.
func (p *prober) rankByWDL(pos *chess.Position, moves []RootMove, rule50 bool) bool {
	rankOf := [5]int{-maxDTZ, -maxDTZ + 101, 0, maxDTZ - 101, maxDTZ}
	for i := range moves {
		m := moves[i].Move
		pos.MakeMove(m)
		w := Draw
		st := statusOK
		if !fiftyMoveDraw(pos) && pos.RepetitionCount() < 2 {
			w, st = p.search(pos, false)
			w = -w
		}
		pos.UnmakeMove(m)
		if st == statusFailed {
			return false
		}
		moves[i].Rank = rankOf[w+2]
		if !rule50 {
			w = WDL(2 * sign(int(w)))
		}
		moves[i].WDL, moves[i].DTZ = w, 0
	}
	return true
}

// fiftyMoveDraw reports a draw by the fifty-move rule (a mate on the
// hundredth ply still counts as mate).
func fiftyMoveDraw(pos *chess.Position) bool {
	return pos.Rule50() >= 100 && (!pos.InCheck() || pos.HasLegalMove())
}

// hasRepeated reports whether any position since the last capture or pawn
// move repeats an earlier one: then even a win within the counter may be
// drawn by the side that repeats.
func hasRepeated(pos *chess.Position) bool {
	if pos.Rule50() < 4 {
		return false
	}
	c := pos.Clone()
	for n := c.Rule50(); n >= 4; n-- {
		if c.RepetitionCount() > 0 {
			return true
		}
		m := c.LastMove()
		if m == chess.NoMove {
			return false
		}
		c.UnmakeMove(m)
	}
	return false
}
