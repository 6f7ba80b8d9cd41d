package pgn

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
)

// repeat is an io.Reader of head, then n bytes of fill, then tail,
// without holding them.
func repeat(head string, fill byte, n int, tail string) io.Reader {
	return io.MultiReader(strings.NewReader(head), io.LimitReader(filler(fill), int64(n)), strings.NewReader(tail))
}

type filler byte

func (f filler) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(f)
	}
	return len(p), nil
}

// TestTokensAreBounded: a comment, a word, a tag value, an escape line,
// or comments and moves piled on one game, far larger than any real PGN
// holds, cost the reader a bounded memory; the game is named as bad and
// the next one read.
func TestTokensAreBounded(t *testing.T) {
	const huge = 16 * maxToken
	const next = "\n\n[Event \"next\"]\n1. e4 e5 *\n"
	manyComments := strings.Repeat("{"+strings.Repeat("c", 1000)+"} ", 2*maxGameText/1002)
	manyMoves := "1. " + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 2*maxPlies/4)
	// The memory a case may cost: a bound, whatever the token's size; and
	// for the many comments, a few times the input, whatever their number.
	const bounded = 4 * maxGameText
	for name, c := range map[string]struct {
		in    func() io.Reader
		limit uint64
	}{
		"a comment":        {func() io.Reader { return repeat("1. e4 {", 'x', huge, "} e5 *"+next) }, bounded},
		"a ; comment":      {func() io.Reader { return repeat("1. e4 ;", 'x', huge, "\ne5 *"+next) }, bounded},
		"a word":           {func() io.Reader { return repeat("1. e4 ", 'x', huge, " e5 *"+next) }, bounded},
		"a tag value":      {func() io.Reader { return repeat("[Event \"", 'x', huge, "\"]\n1. e4 *"+next) }, bounded},
		"a NAG":            {func() io.Reader { return repeat("1. e4 $", '1', huge, " e5 *"+next) }, bounded},
		"an escape line":   {func() io.Reader { return repeat("%", 'x', huge, "\n1. e4 e5 *"+next) }, bounded},
		"comments on e4":   {func() io.Reader { return strings.NewReader("1. e4 " + manyComments + " e5 *" + next) }, 8 * uint64(len(manyComments))},
		"a shuffling game": {func() io.Reader { return strings.NewReader(manyMoves + "*" + next) }, bounded},
	} {
		in := c.in
		r := NewReader(in())
		var first *Game
		var err error
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		before := m.TotalAlloc
		first, err = r.Next()
		runtime.ReadMemStats(&m)
		if n := m.TotalAlloc - before; n > c.limit {
			t.Errorf("%s: %d MB allocated", name, n>>20)
		}
		var perr *Error
		if name == "an escape line" {
			// An escape line is no part of a game: it is skipped whole.
			if err != nil {
				t.Errorf("%s: %.200v", name, err)
			}
		} else if !errors.As(err, &perr) || perr.Game != 1 || !strings.Contains(err.Error(), "longer than") && !strings.Contains(err.Error(), "more than") {
			t.Errorf("%s: game %v, error %.200v", name, first != nil, err)
		}
		g, err := r.Next()
		if err != nil || g.Tag("Event") != "next" || len(g.Moves) != 2 {
			t.Errorf("%s: the game after it: %.200v", name, err)
		}
	}
}
