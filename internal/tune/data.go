package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/pgn"
	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// Sample is one labelled position: the game's result from White's view
// (1 win, 0.5 draw, 0 loss) and, when the data has it, the score the
// engine's search gave the position in the game (centipawns, White's view).
type Sample struct {
	Pos      *chess.Position
	Result   float64
	Score    int
	HasScore bool
	// Game numbers the game the position comes from (datagen's fourth
	// field), -1 when the data does not say; the held-out set is made of
	// whole games.
	Game int64
}

// ReadData reads a data file in either format, told apart by its content:
// the binary records of package trainbin when it starts with their header,
// else the text of the package doc, one `FEN | result` per line, where
// blank lines and lines starting with # are skipped.
func ReadData(r io.Reader) ([]Sample, error) {
	var out []Sample
	err := EachSample(r, func(s Sample) error {
		out = append(out, s)
		return nil
	})
	return out, err
}

// EachSample hands each sample of a data file in either format (as
// ReadData tells them apart) to use, in order, without holding the file.
// An error, from the file or from use, names the line or record.
func EachSample(r io.Reader, use func(Sample) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	start, _ := br.Peek(trainbin.HeaderSize)
	if trainbin.IsBinary(start) {
		return eachBinarySample(br, use)
	}
	if err := trainbin.CheckVersion(start); err != nil {
		return err
	}
	lines := toolio.NewLineReader(br, maxDataLine)
	for {
		text, _, err := lines.ReadLine()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		line := strings.TrimSpace(text)
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := ParseSample(line)
		if err == nil {
			err = use(s)
		}
		if err != nil {
			return fmt.Errorf("line %d: %w", lines.Line(), err)
		}
	}
}

// maxDataLine bounds a line of a text data file; its lines take about 70
// bytes, and a file that is not one (a binary file, /dev/zero) must end
// the read with its name, not fill the memory.
const maxDataLine = 1 << 16

// ParseSample parses one `FEN | result`, `FEN | result | score` or
// `FEN | result | score | game` line.
func ParseSample(line string) (Sample, error) {
	fen, rest, ok := strings.Cut(line, "|")
	if !ok {
		return Sample{}, errors.New("no '|' between FEN and result")
	}
	res, score, hasScore := strings.Cut(rest, "|")
	result, err := parseResult(strings.TrimSpace(res))
	if err != nil {
		return Sample{}, err
	}
	pos, err := chess.ParseFEN(strings.TrimSpace(fen))
	if err != nil {
		return Sample{}, err
	}
	score, game, hasGame := strings.Cut(score, "|")
	s := Sample{Pos: pos, Result: result, HasScore: hasScore, Game: -1}
	if hasGame {
		if s.Game, err = strconv.ParseInt(strings.TrimSpace(game), 10, 64); err != nil || s.Game < 0 {
			return Sample{}, fmt.Errorf("game number %q is not a whole number", strings.TrimSpace(game))
		}
	}
	if hasScore {
		if s.Score, err = strconv.Atoi(strings.TrimSpace(score)); err != nil {
			return Sample{}, fmt.Errorf("score %q is not an integer", strings.TrimSpace(score))
		}
	}
	return s, nil
}

// parseResult accepts 1.0/0.5/0.0 and the PGN markers, since both are what
// people have at hand.
func parseResult(s string) (float64, error) {
	switch s {
	case "1-0":
		return 1, nil
	case "0-1":
		return 0, nil
	case "1/2-1/2":
		return 0.5, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || (v != 0 && v != 0.5 && v != 1) {
		return 0, fmt.Errorf("result %q is not 1.0, 0.5 or 0.0", s)
	}
	return v, nil
}

// ExtractOptions chooses which positions of a game become samples.
type ExtractOptions struct {
	// SkipPlies skips the first plies played after the game's start
	// position: they still carry the opening book's choices, not the
	// engine's.
	SkipPlies int
}

// ExtractStats counts what Extract read and kept.
type ExtractStats struct {
	Games, Skipped, Positions int
}

// Extract reads the games of a PGN text and writes, for every quiet
// position after the first SkipPlies plies, a `FEN | result` line labelled
// with the game's result. Games without a result (marked "*") or that
// fail to parse are skipped. When the move played has a comment that starts
// with a search score, as fastchess and cutechess write them ("+0.52/7
// 0.004s", the mover's view), the score is added as a third field in
// White's view; positions where the score is a mate are dropped, since no
// static evaluation should try to predict one.
//
// Quiet means: the side to move is not in check and has no capture or
// promotion that wins material by SEE. The tuner compares the static
// evaluation with the result; where a capture is pending the static score
// says little about the position, because the search would resolve the
// exchange first.
func Extract(r io.Reader, w io.Writer, opt ExtractOptions) (ExtractStats, error) {
	var st ExtractStats
	bw := bufio.NewWriter(w)
	pr := pgn.NewReader(r)
	for {
		g, err := pr.Next()
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if errors.As(err, &perr) {
			st.Skipped++
			continue
		}
		if err != nil {
			return st, err
		}
		label := ""
		switch g.Result {
		case "1-0":
			label = "1.0"
		case "0-1":
			label = "0.0"
		case "1/2-1/2":
			label = "0.5"
		default:
			st.Skipped++
			continue
		}
		pos, err := g.StartPosition()
		if err != nil {
			st.Skipped++
			continue
		}
		st.Games++
		for i, m := range g.Moves {
			if i >= opt.SkipPlies && Quiet(pos) {
				comment := ""
				if i < len(g.Notes) {
					comment = g.Notes[i].Comment
				}
				score, found, mate := commentScore(comment)
				switch {
				case mate:
				case found:
					if pos.SideToMove() == chess.Black {
						score = -score
					}
					fmt.Fprintf(bw, "%s | %s | %d\n", pos.FEN(), label, score)
					st.Positions++
				default:
					fmt.Fprintf(bw, "%s | %s\n", pos.FEN(), label)
					st.Positions++
				}
			}
			pos.MakeMove(m)
		}
	}
	return st, bw.Flush()
}

// commentScore reads the search score at the start of a move comment:
// "+0.52/7 ..." gives 52; "+M5/9" or "-M4/9" is a mate.
func commentScore(c string) (cp int, found, mate bool) {
	word, _, _ := strings.Cut(strings.TrimSpace(c), "/")
	if len(word) < 2 || (word[0] != '+' && word[0] != '-') {
		return 0, false, false
	}
	if word[1] == 'M' {
		return 0, false, true
	}
	v, err := strconv.ParseFloat(word, 64)
	if err != nil {
		return 0, false, false
	}
	return int(math.Round(v * 100)), true, false
}

// Quiet reports whether pos is a fit sample: not in check and without a
// capture or promotion that gains material by SEE.
func Quiet(pos *chess.Position) bool {
	if pos.InCheck() {
		return false
	}
	var ml chess.MoveList
	pos.GenerateNoisy(&ml)
	for _, m := range ml.Slice() {
		if pos.SEE(m) > 0 {
			return false
		}
	}
	return true
}

// SplitHeldOut sets a fraction of the games aside as the held-out set.
// Positions of one game share its result, so a random split of positions
// would let the training set see the held-out games: samples that carry
// their game's number (datagen's data) are split by a hash of it, the
// others by position in the file, the last of them held out, as extract
// writes a game's positions together. Files of both kinds may be mixed.
func SplitHeldOut(samples []Sample, fraction float64) (train, held []Sample) {
	if fraction <= 0 {
		return samples, nil
	}
	unnumbered := 0
	for _, s := range samples {
		if s.Game < 0 {
			unnumbered++
		}
	}
	// The unnumbered samples from this one on are held out.
	heldFrom := unnumbered - int(float64(unnumbered)*fraction)
	threshold := uint64(fraction * (1 << 32))
	seen := 0
	for _, s := range samples {
		var isHeld bool
		if s.Game < 0 {
			isHeld = seen >= heldFrom
			seen++
		} else {
			// A multiplicative hash spreads consecutive game numbers.
			isHeld = uint64(s.Game)*0x9e3779b97f4a7c15>>32 < threshold
		}
		if isHeld {
			held = append(held, s)
		} else {
			train = append(train, s)
		}
	}
	return train, held
}
