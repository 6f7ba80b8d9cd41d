package datagen

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/pgn"
	"matador/internal/trainbin"
)

// PGNStats counts what ConvertPGN read and kept.
type PGNStats struct {
	Games, Skipped, Positions int
}

// maxPGNScore is the largest score a comment may give, in centipawns:
// beyond it the number is no evaluation of the position (a mate written
// as a score, or a garbled comment), and a record's int16 cannot hold it.
const maxPGNScore = 30000

// ConvertPGN turns games with a score comment after each engine move, as
// fastchess and cutechess write them ("+0.31/12 0.245s", "-M5/20 ...",
// "book"), into training records, one for each position whose move came
// with a score, by the rules datagen keeps its own: not in check, the move
// neither a capture nor a promotion, the score not a mate. The score is
// the mover's, turned to White's view; the result is the game's. Games get
// the numbers firstGame, firstGame+1, ... (so that the trainer can hold
// out whole games); a game without a result ("*") is skipped.
func ConvertPGN(r io.Reader, firstGame uint32, emit func(trainbin.Record) error) (PGNStats, error) {
	var st PGNStats
	rd := pgn.NewReader(r)
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return st, nil
		}
		if err != nil {
			return st, err
		}
		number := uint64(firstGame) + uint64(st.Games)
		if number >= trainbin.NoGame {
			return st, fmt.Errorf("game %d: game numbers run past %d", st.Games+1, trainbin.NoGame-1)
		}
		st.Games++
		rec := trainbin.Record{HasScore: true, Game: uint32(number)}
		switch g.Result {
		case "1-0":
			rec.Result = trainbin.WhiteWins
		case "0-1":
			rec.Result = trainbin.BlackWins
		case "1/2-1/2":
			rec.Result = trainbin.Draw
		default:
			st.Skipped++
			continue
		}
		pos, err := g.StartPosition()
		if err != nil {
			return st, fmt.Errorf("game %d: %w", st.Games, err)
		}
		for i, m := range g.Moves {
			cp, ok := 0, false
			if i < len(g.Notes) {
				cp, ok = ScoreOfComment(g.Notes[i].Comment)
			}
			if ok && !pos.InCheck() && !noisy(pos, m) {
				if pos.SideToMove() == chess.Black {
					cp = -cp
				}
				if rec.Board, err = pos.Pack(); err != nil {
					return st, fmt.Errorf("game %d, ply %d: %w", st.Games, i+1, err)
				}
				rec.Score = int16(cp)
				if err := emit(rec); err != nil {
					return st, err
				}
				st.Positions++
			}
			if !pos.IsLegal(m) {
				return st, fmt.Errorf("game %d, ply %d: illegal move", st.Games, i+1)
			}
			pos.MakeMove(m)
		}
	}
}

// ScoreOfComment reads the score at the start of an engine's move comment,
// "+0.31/12 0.245s" (pawns, the mover's view, then the depth): centipawns,
// and false for a mate ("+M5", "-M3"), a book move or no score.
func ScoreOfComment(c string) (int, bool) {
	c = strings.TrimSpace(c)
	word, _, _ := strings.Cut(c, " ")
	word, _, _ = strings.Cut(word, ",")
	num, _, hasDepth := strings.Cut(word, "/")
	if !hasDepth || num == "" || strings.ContainsAny(num, "Mm#") {
		return 0, false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v != v || v*100 > maxPGNScore || v*100 < -maxPGNScore {
		return 0, false
	}
	if v >= 0 {
		return int(v*100 + 0.5), true
	}
	return -int(-v*100 + 0.5), true
}
