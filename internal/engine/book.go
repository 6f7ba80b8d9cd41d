package engine

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"matador/internal/book"
	"matador/internal/chess"
	"matador/internal/search"
)

// openingBook is the engine's Polyglot book. The file stays open while it
// is the book file; a probe holds mu for reading, so that a new BookFile
// never closes the file under a probe running on the search goroutine.
type openingBook struct {
	mu   sync.RWMutex
	book *book.Book // nil when no file is set
	// warned: OwnBook is on without a book, and the user has been told
	// once (until OwnBook or BookFile is set again).
	warned bool
}

// SetOwnBook turns playing from the opening book on or off.
func (e *Engine) SetOwnBook(on bool) {
	e.mu.Lock()
	e.opts.OwnBook = on
	e.book.warned = false
	e.mu.Unlock()
}

// SetBookBestMove makes the book play its best move (highest weight)
// rather than one chosen at random in proportion to the weights.
func (e *Engine) SetBookBestMove(on bool) {
	e.mu.Lock()
	e.opts.BookBestMove = on
	e.mu.Unlock()
}

// SetBookFile opens the Polyglot book at path ("" or "<empty>" for none).
// A file that cannot be opened or is not a book is refused and the book
// before it kept.
func (e *Engine) SetBookFile(path string) error {
	path = strings.TrimSpace(path)
	if path == "<empty>" {
		path = ""
	}
	var b *book.Book
	if path != "" {
		var err error
		if b, err = book.Open(path); err != nil {
			return fmt.Errorf("BookFile: %w; %s", err, e.bookKept())
		}
	}
	e.book.mu.Lock()
	old := e.book.book
	e.book.book = b
	e.book.mu.Unlock()
	if old != nil {
		old.Close()
	}
	e.mu.Lock()
	e.opts.BookFile = path
	e.book.warned = false
	e.mu.Unlock()
	return nil
}

// bookKept says which book stays after a failed BookFile.
func (e *Engine) bookKept() string {
	e.book.mu.RLock()
	defer e.book.mu.RUnlock()
	if e.book.book == nil {
		return "no book"
	}
	return "keeping " + e.book.book.Name()
}

// ErrNoBook is returned by BookMoves when no book file is set.
var ErrNoBook = errors.New("no book file set (option BookFile)")

// BookMoves returns the book's moves for the current position, in the
// book's order.
func (e *Engine) BookMoves() ([]book.BookMove, error) {
	pos := e.Position()
	e.book.mu.RLock()
	defer e.book.mu.RUnlock()
	if e.book.book == nil {
		return nil, ErrNoBook
	}
	return e.book.book.Moves(pos)
}

// bookResult looks for a book move to play in root instead of searching.
// It runs on the search goroutine at the start of a search. A search that
// analyses (infinite, or UCI_AnalyseMode), looks for a mate, or is
// restricted to moves the book does not hold goes to the search as usual.
func (e *Engine) bookResult(root *chess.Position, limits search.Limits) (search.Result, bool) {
	e.mu.Lock()
	own, bestOnly, analyse := e.opts.OwnBook, e.opts.BookBestMove, e.opts.AnalyseMode
	e.mu.Unlock()
	if !own || analyse || limits.Infinite || limits.Mate > 0 {
		return search.Result{}, false
	}
	e.book.mu.RLock()
	defer e.book.mu.RUnlock()
	b := e.book.book
	if b == nil {
		e.mu.Lock()
		warn := !e.book.warned
		e.book.warned = true
		e.mu.Unlock()
		if warn {
			e.logf("OwnBook is on but no book is open (option BookFile); searching")
		}
		return search.Result{}, false
	}
	moves, err := b.Moves(root)
	if err != nil {
		e.logf("book: %v; searching", err)
		return search.Result{}, false
	}
	if len(limits.SearchMoves) > 0 {
		moves = keepSearchMoves(moves, limits.SearchMoves)
	}
	if len(moves) == 0 {
		return search.Result{}, false
	}
	bm, err := book.Pick(moves, bestOnly, nil)
	if err != nil {
		return search.Result{}, false
	}
	var total uint64
	for _, m := range moves {
		total += uint64(m.Weight)
	}
	e.logf("book move %s, weight %d of %d (%.0f%%), from %s", root.UCI(bm.Move), bm.Weight, total,
		100*float64(bm.Weight)/float64(total), b.Name())
	res := search.Result{Best: bm.Move, Ponder: chess.NoMove}
	// The reply to ponder on: the book's best answer, if it has one.
	root.MakeMove(bm.Move)
	if replies, err := b.Moves(root); err == nil {
		if reply, err := book.Pick(replies, true, nil); err == nil {
			res.Ponder = reply.Move
		}
	}
	root.UnmakeMove(bm.Move)
	return res, true
}

func keepSearchMoves(moves []book.BookMove, only []chess.Move) []book.BookMove {
	var kept []book.BookMove
	for _, bm := range moves {
		for _, m := range only {
			if m.Base() == bm.Move.Base() {
				kept = append(kept, bm)
				break
			}
		}
	}
	return kept
}
