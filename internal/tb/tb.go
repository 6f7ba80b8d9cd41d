// Package tb reads Syzygy endgame tablebases: the .rtbw files (win, draw or
// loss, with the fifty-move rule's cursed wins and blessed losses) and the
// .rtbz files (distance to the next capture or pawn move, DTZ50) of up to
// seven pieces, in pure Go.
//
// Files are memory-mapped on Linux, macOS and the BSDs and read on demand
// elsewhere; nothing is read into memory beyond a table's header and its
// code tables, and a table is opened when first probed (or by Verify or
// Check). A Tables value may be probed from any number of goroutines at
// once, each with its own Position. A WDL probe of mapped files allocates
// nothing. A missing, truncated or corrupt file makes the probes that need
// it fail (ok false, or an error saying which file and why); it never
// panics.
//
// The format is the one described and implemented by its author in
// syzygy1/tb and by the probers Fathom and python-chess; this code is
// written from that description. Probing follows the published rules: a
// table's stored value counts only together with the captures (en passant
// included) available in the position, and a DTZ table holds one side to
// move, the other found by a one-ply search.
package tb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"matador/internal/chess"
)

// WDL is a result for the side to move.
type WDL int8

const (
	Loss        WDL = -2 // lost, whatever the fifty-move counter
	BlessedLoss WDL = -1 // lost, but drawn by the fifty-move rule
	Draw        WDL = 0
	CursedWin   WDL = 1 // won, but drawn by the fifty-move rule
	Win         WDL = 2 // won, counter at zero
)

func (w WDL) String() string {
	switch w {
	case Loss:
		return "loss"
	case BlessedLoss:
		return "blessed loss"
	case Draw:
		return "draw"
	case CursedWin:
		return "cursed win"
	case Win:
		return "win"
	}
	return fmt.Sprintf("WDL(%d)", int(w))
}

// Tables is a set of Syzygy tables found in one or more directories.
type Tables struct {
	entries   map[uint64]*entry // by material, both colourings
	all       []*table
	maxPieces int
	wdlCount  int
	dtzCount  int
	onDrop    func(error)
	// skipped: the directories of the path left out, unreadable or
	// without a table.
	skipped []error
}

type entry struct {
	wdl, dtz *table
}

// Open finds the tables in paths, a list of directories separated by the
// system's list separator (':' on Unix, ';' on Windows). Files are opened
// on first use; Verify and Check open and check them all. Where two
// directories hold the same table the first is used. A directory that
// cannot be read or holds no table is left out (Skipped names it), as
// Stockfish leaves it out: a mistyped directory, or one of a set not yet
// downloaded, must not cost the tables of the others. Open fails when no
// directory holds a table.
func Open(paths string) (*Tables, error) {
	t := &Tables{entries: make(map[uint64]*entry)}
	var dirs []string
	for _, dir := range filepath.SplitList(paths) {
		if dir = strings.TrimSpace(dir); dir != "" {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 {
		return nil, errors.New("no tablebase directory given")
	}
	for _, dir := range dirs {
		files, err := os.ReadDir(dir)
		if err != nil {
			t.skipped = append(t.skipped, err)
			continue
		}
		tables := 0
		for _, f := range files {
			name := f.Name()
			var kind tableKind
			switch filepath.Ext(name) {
			case ".rtbw":
				kind = wdlTable
			case ".rtbz":
				kind = dtzTable
			default:
				continue
			}
			if f.IsDir() {
				continue
			}
			tables++
			t.add(strings.TrimSuffix(name, filepath.Ext(name)), filepath.Join(dir, name), kind)
		}
		if tables == 0 {
			t.skipped = append(t.skipped, fmt.Errorf("no Syzygy tables (.rtbw, .rtbz) in %s", dir))
		}
	}
	if len(t.all) == 0 {
		if len(dirs) == 1 {
			return nil, t.skipped[0]
		}
		// One line, for an info string.
		why := make([]string, len(t.skipped))
		for i, err := range t.skipped {
			why[i] = err.Error()
		}
		return nil, fmt.Errorf("no Syzygy tables (.rtbw, .rtbz) in %s (%s)", paths, strings.Join(why, "; "))
	}
	return t, nil
}

// Skipped returns one error for each directory of the path that Open left
// out: one that could not be read, or one without a table.
func (t *Tables) Skipped() []error { return t.skipped }

// add registers a file under its material, unless its name is not a table's
// or an earlier directory had it.
func (t *Tables) add(name, path string, kind tableKind) {
	key, pieces, pawns, ok := parseTableName(name)
	if !ok {
		return
	}
	e := t.entries[key]
	if e == nil {
		e = &entry{}
		t.entries[key] = e
		t.entries[mirrorKey(key)] = e
	}
	slot := &e.wdl
	if kind == dtzTable {
		slot = &e.dtz
	}
	if *slot != nil {
		return
	}
	tab := &table{
		name: name, path: path, kind: kind, nameKey: key, pieces: pieces,
		hasPawns: pawns[0]+pawns[1] > 0, bothPawns: pawns[0] > 0 && pawns[1] > 0,
		symmetric: key == mirrorKey(key),
	}
	*slot = tab
	t.all = append(t.all, tab)
	if kind == wdlTable {
		t.wdlCount++
		t.maxPieces = max(t.maxPieces, pieces)
	} else {
		t.dtzCount++
	}
}

// parseTableName reads "KRPvKQ": a king and up to five pieces a side, in the
// order QRBNP, seven pieces at most, KvK excluded.
func parseTableName(name string) (key uint64, pieces int, pawns [2]int, ok bool) {
	sides := strings.Split(name, "v")
	if len(sides) != 2 {
		return 0, 0, pawns, false
	}
	for c, side := range sides {
		if len(side) == 0 || side[0] != 'K' {
			return 0, 0, pawns, false
		}
		last := chess.Queen + 1
		for i := 1; i < len(side); i++ {
			pt := pieceTypeOf(side[i])
			if pt == chess.NoPieceType || pt > last {
				return 0, 0, pawns, false
			}
			last = pt
			key = addMaterial(key, chess.MakePiece(chess.Color(c), pt))
			if pt == chess.Pawn {
				pawns[c]++
			}
		}
		pieces += len(side)
	}
	if pieces < 3 || pieces > maxPieces {
		return 0, 0, pawns, false
	}
	return key, pieces, pawns, true
}

func pieceTypeOf(ch byte) chess.PieceType {
	switch ch {
	case 'Q':
		return chess.Queen
	case 'R':
		return chess.Rook
	case 'B':
		return chess.Bishop
	case 'N':
		return chess.Knight
	case 'P':
		return chess.Pawn
	}
	return chess.NoPieceType
}

// A material key counts the pawns, knights, bishops, rooks and queens of
// each colour, four bits each, white in the low twenty bits. Kings are
// always one each and not counted.
func addMaterial(key uint64, pc chess.Piece) uint64 {
	if pc.Type() == chess.King || pc.Type() == chess.NoPieceType {
		return key
	}
	return key + 1<<(4*(5*uint(pc.Color())+uint(pc.Type())-1))
}

func mirrorKey(key uint64) uint64 { return key>>20 | (key&(1<<20-1))<<20 }

func materialKey(pos *chess.Position) uint64 {
	var key uint64
	for c := chess.White; c <= chess.Black; c++ {
		for pt := chess.Pawn; pt <= chess.Queen; pt++ {
			key |= uint64(pos.Pieces(c, pt).Count()) << (4 * (5*uint(c) + uint(pt) - 1))
		}
	}
	return key
}

// MaxPieces returns the most pieces, kings included, of the WDL tables
// found: positions with more pieces are not probed.
func (t *Tables) MaxPieces() int { return t.maxPieces }

// Counts returns the number of WDL and of DTZ tables found.
func (t *Tables) Counts() (wdl, dtz int) { return t.wdlCount, t.dtzCount }

// Verify opens every table and checks its header and sizes, returning an
// error naming each file that is missing its data, truncated or corrupt.
func (t *Tables) Verify() error {
	var errs []error
	for _, tab := range t.all {
		if err := tab.load(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Check opens every table and checks it as Verify does (its header against
// its name, its size against its header), and leaves out those that fail:
// they are no longer counted, and probes that need them fail. It returns one
// error per table left out, naming the file. Call it before probing starts.
func (t *Tables) Check() []error {
	var errs []error
	for _, tab := range t.all {
		if err := tab.load(); err != nil {
			errs = append(errs, err)
			tab.dropErr = err
			tab.dropped.Store(true)
			if tab.kind == wdlTable {
				t.wdlCount--
			} else {
				t.dtzCount--
			}
		}
	}
	return errs
}

// OnDrop sets f to be told, once per table, when a probe finds a table
// corrupt (or unreadable) and drops it: later probes that need it fail at
// once rather than read it again. f runs on the probing goroutine. Set it
// before probing starts.
func (t *Tables) OnDrop(f func(error)) { t.onDrop = f }

// drop stops the use of tab for the rest of the session, and tells onDrop
// the first time.
func (t *Tables) drop(tab *table, reason error) {
	if tab.dropped.Load() {
		return
	}
	tab.mu.Lock()
	first := !tab.dropped.Load()
	if first {
		tab.dropErr = reason
		tab.dropped.Store(true)
	}
	tab.mu.Unlock()
	if first && t.onDrop != nil {
		t.onDrop(reason)
	}
}

// Close releases the files. No probe may run during or after Close.
func (t *Tables) Close() error {
	for _, tab := range t.all {
		tab.close()
	}
	return nil
}
