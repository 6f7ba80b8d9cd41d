package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/pgn"
)

// Sample is one labelled position: the game's result from White's view
// (1 win, 0.5 draw, 0 loss).
type Sample struct {
	Pos    *chess.Position
	Result float64
}

// ReadData reads the data format of the package doc, one `FEN | result`
// per line. Blank lines and lines starting with # are skipped.
func ReadData(r io.Reader) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := ParseSample(line)
		if err != nil {
			return out, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, s)
	}
	return out, sc.Err()
}

// ParseSample parses one `FEN | result` line.
func ParseSample(line string) (Sample, error) {
	fen, res, ok := strings.Cut(line, "|")
	if !ok {
		return Sample{}, errors.New("no '|' between FEN and result")
	}
	result, err := parseResult(strings.TrimSpace(res))
	if err != nil {
		return Sample{}, err
	}
	pos, err := chess.ParseFEN(strings.TrimSpace(fen))
	if err != nil {
		return Sample{}, err
	}
	return Sample{Pos: pos, Result: result}, nil
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
// with the game's result. Games without a decisive marker ("*") or that
// fail to parse are skipped.
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
				fmt.Fprintf(bw, "%s | %s\n", pos.FEN(), label)
				st.Positions++
			}
			pos.MakeMove(m)
		}
	}
	return st, bw.Flush()
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
