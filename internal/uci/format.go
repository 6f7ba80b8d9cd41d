package uci

import (
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/search"
)

// formatInfo writes a search report as an info line. root is the position
// searched; the PV is written move by move from it. With showWDL the score
// is followed by the expected win/draw/loss in per mille (search.DefaultWDL).
func formatInfo(root *chess.Position, i search.Info, showWDL bool) string {
	var b strings.Builder
	b.WriteString("info depth ")
	b.WriteString(strconv.Itoa(i.Depth))
	b.WriteString(" seldepth ")
	b.WriteString(strconv.Itoa(i.SelDepth))
	b.WriteString(" multipv ")
	b.WriteString(strconv.Itoa(max(i.MultiPV, 1)))
	b.WriteString(" score ")
	b.WriteString(formatScore(i.Score))
	if showWDL {
		w, d, l := search.DefaultWDL.WDL(i.Score, root)
		b.WriteString(" wdl ")
		b.WriteString(strconv.Itoa(w))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(d))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(l))
	}
	switch i.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	ms := i.Time.Milliseconds()
	b.WriteString(" nodes ")
	b.WriteString(strconv.FormatUint(i.Nodes, 10))
	b.WriteString(" nps ")
	b.WriteString(strconv.FormatUint(nodesPerSecond(i.Nodes, ms), 10))
	b.WriteString(" hashfull ")
	b.WriteString(strconv.Itoa(i.HashFull))
	b.WriteString(" tbhits ")
	b.WriteString(strconv.FormatUint(i.TBHits, 10))
	b.WriteString(" time ")
	b.WriteString(strconv.FormatInt(ms, 10))
	if pv := lineUCI(root, i.PV); pv != "" {
		b.WriteString(" pv ")
		b.WriteString(pv)
	}
	return b.String()
}

// nodesPerSecond counts a search shorter than a millisecond as one
// millisecond long.
func nodesPerSecond(nodes uint64, ms int64) uint64 {
	return nodes * 1000 / uint64(max(ms, 1))
}

// formatScore writes centipawns as "cp N" and mate scores as "mate N" in
// moves, negative when the side to move is being mated.
func formatScore(score int) string {
	if moves, ok := search.MateIn(score); ok {
		return "mate " + strconv.Itoa(moves)
	}
	return "cp " + strconv.Itoa(score)
}

// lineUCI writes a principal variation in UCI notation, playing it on pos
// (and taking it back) so that each move is written where it stands; the
// castling notation follows pos's Chess960 setting. It stops at a move that
// is not legal: a stale hash move must not reach the GUI.
func lineUCI(pos *chess.Position, pv []chess.Move) string {
	var b strings.Builder
	played := 0
	for _, m := range pv {
		m = m.Base()
		if m == chess.NoMove || !pos.IsLegal(m) {
			break
		}
		if played > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pos.UCI(m))
		pos.MakeMove(m)
		played++
	}
	for i := played - 1; i >= 0; i-- {
		pos.UnmakeMove(pv[i].Base())
	}
	return b.String()
}

// formatBestMove writes "bestmove M [ponder P]" for a repaired result (its
// moves are legal).
func formatBestMove(root *chess.Position, res search.Result) string {
	line := "bestmove " + root.UCI(res.Best)
	if res.Ponder != chess.NoMove {
		root.MakeMove(res.Best)
		line += " ponder " + root.UCI(res.Ponder)
		root.UnmakeMove(res.Best)
	}
	return line
}
