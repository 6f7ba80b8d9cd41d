package book

import (
	"bufio"
	"cmp"
	"io"
	"slices"

	"matador/internal/chess"
)

// Defaults of a Builder, those of Polyglot's make-book.
const (
	DefaultMaxPly   = 1024
	DefaultMinGames = 3
)

// Builder makes a book from games the way Polyglot's make-book does: every
// move played in the first MaxPly plies of a game is counted, and scores
// two points for a win and one for a draw to the side that played it. A
// move enters the book when it was played in at least MinGames games and
// scored at least one point; its weight is its points.
//
// Where a position was reached in so many games that a weight would pass
// 65535, the weights of all its moves are scaled down together when the
// book is written. Polyglot instead halves the counts of the position's
// moves whenever one reaches 16384 games, in the middle of reading, so the
// games read after it count twice as much as those before; scaling at the
// end keeps every game's share equal.
type Builder struct {
	MaxPly   int // plies of each game to take; counted from the game's start
	MinGames int // games a move must have been played in

	stats map[statKey]*moveStat
}

type statKey struct {
	key  uint64
	move uint16
}

type moveStat struct {
	games  uint64
	points uint64
}

// NewBuilder returns a builder with Polyglot's defaults.
func NewBuilder() *Builder {
	return &Builder{MaxPly: DefaultMaxPly, MinGames: DefaultMinGames, stats: make(map[statKey]*moveStat)}
}

// AddGame counts a game: its start position, its moves (legal ones; the
// game is taken up to the first that is not) and its result ("1-0",
// "0-1", "1/2-1/2"; anything else, such as "*", counts as a draw, as
// Polyglot counts it). It returns the number of moves counted.
func (b *Builder) AddGame(start *chess.Position, moves []chess.Move, result string) int {
	// Points for White's moves; Black's are 2 minus these.
	white := uint64(1)
	switch result {
	case "1-0":
		white = 2
	case "0-1":
		white = 0
	}
	pos := start.Clone()
	counted := 0
	for ply, m := range moves {
		if ply >= b.MaxPly || !pos.IsLegal(m) {
			break
		}
		k := statKey{Key(pos), EncodeMove(m)}
		st := b.stats[k]
		if st == nil {
			st = &moveStat{}
			b.stats[k] = st
		}
		st.games++
		if pos.SideToMove() == chess.White {
			st.points += white
		} else {
			st.points += 2 - white
		}
		pos.MakeMove(m)
		counted++
	}
	return counted
}

// Entries returns the book's entries: sorted by key, and within a key by
// weight, highest first (then by move, so that the file is the same every
// time).
func (b *Builder) Entries() []Entry {
	var entries []Entry
	for k, st := range b.stats {
		if st.games < uint64(b.MinGames) || st.points == 0 {
			continue
		}
		entries = append(entries, Entry{Key: k.key, Move: k.move})
	}
	slices.SortFunc(entries, func(x, y Entry) int {
		return cmp.Compare(x.Key, y.Key)
	})
	// Weights, scaled per position when the largest would not fit.
	for i := 0; i < len(entries); {
		j := i
		var top uint64
		for j < len(entries) && entries[j].Key == entries[i].Key {
			top = max(top, b.stats[statKey{entries[j].Key, entries[j].Move}].points)
			j++
		}
		for k := i; k < j; k++ {
			points := b.stats[statKey{entries[k].Key, entries[k].Move}].points
			if top > 65535 {
				points = max(points*65535/top, 1)
			}
			entries[k].Weight = uint16(points)
		}
		slices.SortFunc(entries[i:j], func(x, y Entry) int {
			if c := cmp.Compare(y.Weight, x.Weight); c != 0 {
				return c
			}
			return cmp.Compare(x.Move, y.Move)
		})
		i = j
	}
	return entries
}

// WriteTo writes the book to w and returns the bytes written.
func (b *Builder) WriteTo(w io.Writer) (int64, error) {
	return WriteEntries(w, b.Entries())
}

// WriteEntries writes entries, which must be sorted by key, as a book.
func WriteEntries(w io.Writer, entries []Entry) (int64, error) {
	bw := bufio.NewWriter(w)
	var written int64
	buf := make([]byte, 0, EntrySize)
	for _, e := range entries {
		n, err := bw.Write(e.append(buf[:0]))
		written += int64(n)
		if err != nil {
			return written, err
		}
	}
	return written, bw.Flush()
}
