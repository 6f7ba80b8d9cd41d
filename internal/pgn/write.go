package pgn

import (
	"fmt"
	"io"
	"strings"

	"matador/internal/chess"
)

// rosterTags are the seven tags every exported game carries, in the order
// the PGN standard fixes, with the value for "unknown".
var rosterTags = []Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// maxLineWidth keeps movetext lines below the 80 columns of export format.
const maxLineWidth = 79

// Write writes the game in export format: the seven-tag roster, the other
// tags, a blank line, the movetext with its comments and variations, the
// result, and a blank line. It fails on a move that is not legal where it
// stands, rather than writing a game no program can read back.
func Write(w io.Writer, g *Game) error {
	text, err := Format(g)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// Format returns the game as Write writes it.
func Format(g *Game) (string, error) {
	result := g.Result
	if !isResult(result) {
		result = "*"
	}
	var b strings.Builder
	for _, r := range rosterTags {
		v := g.Tag(r.Name)
		switch {
		case r.Name == "Result":
			v = result
		case v == "":
			v = r.Value
		}
		writeTag(&b, r.Name, v)
	}
	for _, t := range g.Tags {
		if !isRosterTag(t.Name) && validTagName(t.Name) {
			writeTag(&b, t.Name, t.Value)
		}
	}
	b.WriteByte('\n')
	words, err := movetext(g)
	if err != nil {
		return "", err
	}
	words = append(words, result)
	wrap(&b, words)
	b.WriteByte('\n')
	return b.String(), nil
}

func isRosterTag(name string) bool {
	for _, r := range rosterTags {
		if r.Name == name {
			return true
		}
	}
	return false
}

// validTagName keeps tags the reader could not read back out of the output.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if isDelimiter(name[i]) {
			return false
		}
	}
	return true
}

func writeTag(b *strings.Builder, name, value string) {
	value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, value)
}

// movetext writes the moves as words: move numbers, SAN, comments split at
// their spaces (so lines can wrap inside them) and variations.
func movetext(g *Game) ([]string, error) {
	pos, err := g.StartPosition()
	if err != nil {
		return nil, fmt.Errorf("bad FEN tag: %w", err)
	}
	var words []string
	number := true // the next move needs its number
	for i, m := range g.Moves {
		if !pos.IsLegal(m) {
			return nil, fmt.Errorf("move %d (%s) is not legal in %s", i+1, pos.UCI(m), pos.FEN())
		}
		words = appendMove(words, pos, m, number)
		number = false
		if i < len(g.Notes) {
			n := g.Notes[i]
			if n.Comment != "" {
				words = appendComment(words, n.Comment)
				number = true
			}
			if len(n.Variation) > 0 {
				if v := variation(pos, n.Variation, n.VariationComment); len(v) > 0 {
					words = append(words, v...)
					number = true
				}
			}
		}
		pos.MakeMove(m)
	}
	return words, nil
}

// variation writes moves (legal from pos) in parentheses; pos is left as it
// was.
func variation(pos *chess.Position, moves []chess.Move, comment string) []string {
	var words []string
	played := 0
	number := true
	for i, m := range moves {
		m = m.Base()
		if m == chess.NoMove || !pos.IsLegal(m) {
			break // a stale move ends the line
		}
		words = appendMove(words, pos, m, number)
		number = false
		if i == 0 && comment != "" {
			words = appendComment(words, comment)
			number = true
		}
		pos.MakeMove(m)
		played++
	}
	for i := played - 1; i >= 0; i-- {
		pos.UnmakeMove(moves[i].Base())
	}
	if len(words) == 0 {
		return nil
	}
	words[0] = "(" + words[0]
	words[len(words)-1] += ")"
	return words
}

// appendMove writes the legal move m of pos, with its number when White
// moves or when number asks for it (after a comment, or first in a line).
func appendMove(words []string, pos *chess.Position, m chess.Move, number bool) []string {
	switch {
	case pos.SideToMove() == chess.White:
		words = append(words, fmt.Sprintf("%d.", pos.FullMoveNumber()))
	case number:
		words = append(words, fmt.Sprintf("%d...", pos.FullMoveNumber()))
	}
	return append(words, pos.SAN(m))
}

// appendComment writes a comment as words; a "}" inside it would end the
// comment early, so it becomes ")".
func appendComment(words []string, c string) []string {
	parts := strings.Fields(strings.ReplaceAll(c, "}", ")"))
	if len(parts) == 0 {
		return words
	}
	parts[0] = "{" + parts[0]
	parts[len(parts)-1] += "}"
	return append(words, parts...)
}

// wrap writes words separated by spaces in lines of at most maxLineWidth
// columns (a single longer word gets a line of its own).
func wrap(b *strings.Builder, words []string) {
	width := 0
	for _, w := range words {
		switch {
		case width == 0:
		case width+1+len(w) > maxLineWidth:
			b.WriteByte('\n')
			width = 0
		default:
			b.WriteByte(' ')
			width++
		}
		b.WriteString(w)
		width += len(w)
	}
	b.WriteByte('\n')
}
