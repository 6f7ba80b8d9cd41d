package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"matador/internal/chess"
	"matador/internal/toolio"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// maxEntriesPerKey bounds what one probe reads: no position has more than
// 218 legal moves, so more entries than this under one key is a broken
// file, and a probe must not read all of it.
const maxEntriesPerKey = 1024

// sortSamples is how many entries Open reads, evenly spread, to check that
// the file is sorted by key: a file that is not (a PGN or a zip given by
// mistake) would make binary search miss silently.
const sortSamples = 64

// Entry is one raw entry of a book.
type Entry struct {
	Key    uint64
	Move   uint16 // a Polyglot move (see DecodeMove)
	Weight uint16
	Learn  uint32
}

// BookMove is an entry decoded for a position.
type BookMove struct {
	Move   chess.Move
	Weight uint16
	Learn  uint32
}

// Book is an open Polyglot book. Its entries stay on disk; each probe reads
// the few it needs. A Book may be probed from several goroutines at once.
type Book struct {
	r      io.ReaderAt
	closer io.Closer
	n      int64 // number of entries
	name   string
}

// Open opens the book file at path and checks that it looks like one: a
// whole number of entries, at least one, sorted by key.
func Open(path string) (*Book, error) {
	// A named pipe would block the open until something wrote to it, and
	// a device would be read for ever: toolio.OpenRegular refuses both.
	f, err := toolio.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	b, err := New(f, st.Size(), path)
	if err != nil {
		f.Close()
		return nil, err
	}
	b.closer = f
	return b, nil
}

// New reads a book of size bytes from r; name is used in messages.
func New(r io.ReaderAt, size int64, name string) (*Book, error) {
	if size == 0 {
		return nil, fmt.Errorf("%s is empty, not a Polyglot book", name)
	}
	if size%EntrySize != 0 {
		return nil, fmt.Errorf("%s is not a Polyglot book: its size, %d bytes, is not a multiple of %d", name, size, EntrySize)
	}
	b := &Book{r: r, n: size / EntrySize, name: name}
	if err := b.checkSorted(); err != nil {
		return nil, err
	}
	return b, nil
}

func (b *Book) checkSorted() error {
	samples := min(b.n, sortSamples)
	var last uint64
	for i := range samples {
		idx := i * (b.n - 1) / max(samples-1, 1)
		e, err := b.entry(idx)
		if err != nil {
			return err
		}
		if i > 0 && e.Key < last {
			return fmt.Errorf("%s is not a Polyglot book: its entries are not sorted by key (entry %d)", b.name, idx)
		}
		last = e.Key
	}
	return nil
}

// Close closes the file of a book made by Open.
func (b *Book) Close() error {
	if b.closer == nil {
		return nil
	}
	return b.closer.Close()
}

// Name is the file name the book was opened with.
func (b *Book) Name() string { return b.name }

// Len is the number of entries.
func (b *Book) Len() int64 { return b.n }

func (b *Book) entry(i int64) (Entry, error) {
	var buf [EntrySize]byte
	if _, err := b.r.ReadAt(buf[:], i*EntrySize); err != nil {
		return Entry{}, fmt.Errorf("reading %s: %w", b.name, err)
	}
	return decodeEntry(buf[:]), nil
}

func decodeEntry(buf []byte) Entry {
	return Entry{
		Key:    binary.BigEndian.Uint64(buf[0:8]),
		Move:   binary.BigEndian.Uint16(buf[8:10]),
		Weight: binary.BigEndian.Uint16(buf[10:12]),
		Learn:  binary.BigEndian.Uint32(buf[12:16]),
	}
}

func (e Entry) append(buf []byte) []byte {
	buf = binary.BigEndian.AppendUint64(buf, e.Key)
	buf = binary.BigEndian.AppendUint16(buf, e.Move)
	buf = binary.BigEndian.AppendUint16(buf, e.Weight)
	return binary.BigEndian.AppendUint32(buf, e.Learn)
}

// Entries returns the entries stored under key, in file order.
func (b *Book) Entries(key uint64) ([]Entry, error) {
	// Binary search for the first entry whose key is not below key.
	lo, hi := int64(0), b.n
	for lo < hi {
		mid := lo + (hi-lo)/2
		e, err := b.entry(mid)
		if err != nil {
			return nil, err
		}
		if e.Key < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	first := lo
	var out []Entry
	const chunk = 32
	buf := make([]byte, chunk*EntrySize)
	for i := first; i < b.n && len(out) < maxEntriesPerKey; i += chunk {
		k := min(chunk, b.n-i)
		if _, err := b.r.ReadAt(buf[:k*EntrySize], i*EntrySize); err != nil {
			return nil, fmt.Errorf("reading %s: %w", b.name, err)
		}
		for j := range k {
			e := decodeEntry(buf[j*EntrySize:])
			if e.Key != key {
				return out, nil
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// Moves returns the book's moves for pos in file order (best first in a
// book written by Polyglot or Matador). Entries whose move is not legal in
// pos (another position with the same key, or a corrupt entry) are left
// out, as is a second entry for the same move.
func (b *Book) Moves(pos *chess.Position) ([]BookMove, error) {
	entries, err := b.Entries(Key(pos))
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, nil
	}
	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	var moves []BookMove
	for _, e := range entries {
		m, ok := decodeMove(pos, &legal, e.Move)
		if !ok || containsMove(moves, m) {
			continue
		}
		moves = append(moves, BookMove{Move: m, Weight: e.Weight, Learn: e.Learn})
	}
	return moves, nil
}

func containsMove(moves []BookMove, m chess.Move) bool {
	for _, bm := range moves {
		if bm.Move == m {
			return true
		}
	}
	return false
}

// ErrNoMove is returned by Pick when no move has a weight above zero.
var ErrNoMove = errors.New("no book move with a weight above zero")

// Pick chooses the move to play: the one of highest weight (the first of
// equals) when best is set, else one at random with chances in proportion
// to the weights (from rng, or the global source when rng is nil). Moves
// of weight zero are never played; books mark moves to avoid that way.
func Pick(moves []BookMove, best bool, rng *rand.Rand) (BookMove, error) {
	var total uint64
	top := -1
	for i, bm := range moves {
		total += uint64(bm.Weight)
		if bm.Weight > 0 && (top < 0 || bm.Weight > moves[top].Weight) {
			top = i
		}
	}
	if top < 0 {
		return BookMove{}, ErrNoMove
	}
	if best {
		return moves[top], nil
	}
	var r uint64
	if rng != nil {
		r = rng.Uint64N(total)
	} else {
		r = rand.Uint64N(total)
	}
	for _, bm := range moves {
		if r < uint64(bm.Weight) {
			return bm, nil
		}
		r -= uint64(bm.Weight)
	}
	return moves[top], nil // not reached: r < total
}
