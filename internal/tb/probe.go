package tb

import (
	"errors"
	"fmt"

	"matador/internal/chess"
)

// ErrMissingTable is what a probe that needed a table the set lacks fails
// with (errors.Is): a set of WDL tables alone is common and usable, unlike
// a corrupt one.
var ErrMissingTable = errors.New("missing table")

// status says how a probe went, beyond its value.
type status uint8

const (
	statusOK status = iota
	// statusZeroing: the best move captures or moves a pawn, so the
	// position's DTZ is that of the move itself (the DTZ table holds a
	// "don't care" value there).
	statusZeroing
	// statusOtherSide: the DTZ table holds only the other side to move.
	statusOtherSide
	statusFailed
)

// failureKind records why a probe failed, for the callers that explain it.
type failureKind uint8

const (
	failNone failureKind = iota
	failCastling
	failTooMany
	failMissing // no such table
	failBroken  // the table could not be opened or parsed
	failData    // the table's data is corrupt at the probed position
	failDropped // an earlier probe found the table corrupt
)

// prober carries one probe's failure reason; it lives on the caller's stack.
type prober struct {
	t     *Tables
	kind  failureKind
	key   uint64 // material of a missing table
	table *table
}

func (p *prober) fail(kind failureKind, key uint64, tab *table) status {
	if p.kind == failNone {
		p.kind, p.key, p.table = kind, key, tab
	}
	if tab != nil && (kind == failBroken || kind == failData) {
		// A table that failed once would fail again, or worse, answer
		// some positions and not others: it is dropped.
		p.t.drop(tab, tableError(kind, tab))
	}
	return statusFailed
}

// tableError says what is wrong with a broken or corrupt table, naming
// its file.
func tableError(kind failureKind, tab *table) error {
	if kind == failBroken && tab.err != nil {
		return tab.err
	}
	return fmt.Errorf("%s: corrupt data", tab.path)
}

func (p *prober) err() error {
	switch p.kind {
	case failCastling:
		return errors.New("castling rights: the tables hold no position with castling rights")
	case failTooMany:
		return fmt.Errorf("more pieces than the tables hold (%d at most)", p.t.maxPieces)
	case failMissing:
		return fmt.Errorf("%w %s", ErrMissingTable, keyName(p.key))
	case failBroken, failData:
		if p.table != nil {
			return tableError(p.kind, p.table)
		}
	case failDropped:
		return p.table.dropErr
	}
	return errors.New("tablebase probe failed")
}

// keyName writes a material key as a table name, the stronger side first.
func keyName(key uint64) string {
	side := func(k uint64) string {
		s := "K"
		for pt := chess.Queen; pt >= chess.Pawn; pt-- {
			for range k >> (4 * (uint(pt) - 1)) & 15 {
				s += string(" PNBRQ"[pt])
			}
		}
		return s
	}
	w, b := side(key&(1<<20-1)), side(key>>20)
	if len(b) > len(w) || len(b) == len(w) && b > w {
		w, b = b, w
	}
	return w + "v" + b
}

// start checks what every probe requires of a position.
func (p *prober) start(pos *chess.Position) bool {
	if pos.CastlingRights() != 0 {
		p.fail(failCastling, 0, nil)
		return false
	}
	if pos.Occupied().Count() > p.t.maxPieces {
		p.fail(failTooMany, 0, nil)
		return false
	}
	return true
}

// ProbeWDL returns the result of pos for the side to move, assuming the
// fifty-move counter is zero (as after a capture or pawn move): a cursed win
// or blessed loss is one the fifty-move rule would turn into a draw. ok is
// false when the position has castling rights or more pieces than the
// tables, or a table it needs is missing or corrupt. The captures are
// played on pos and taken back, so pos must not be shared with another
// goroutine during the probe. Where the files are memory-mapped it
// allocates nothing (unless pos's move history has to grow).
func (t *Tables) ProbeWDL(pos *chess.Position) (WDL, bool) {
	p := prober{t: t}
	if !p.start(pos) {
		return Draw, false
	}
	v, st := p.search(pos, false)
	return v, st != statusFailed
}

// ProbeWDLErr is ProbeWDL with the reason of a failure.
func (t *Tables) ProbeWDLErr(pos *chess.Position) (WDL, error) {
	p := prober{t: t}
	if !p.start(pos) {
		return Draw, p.err()
	}
	v, st := p.search(pos, false)
	if st == statusFailed {
		return Draw, p.err()
	}
	return v, nil
}

// ProbeDTZ returns the distance in plies to the next capture or pawn move
// on the best line (DTZ50), with the sign of the result for the side to
// move: 0 for a draw, 1..100 for a win, above 100 for a cursed win, and the
// negatives for losses; -1 when the side to move is mated. A value n can
// stand for n+1 plies where the format rounds, never where it would change
// the result under the fifty-move rule. The counter is assumed to be zero.
func (t *Tables) ProbeDTZ(pos *chess.Position) (int, bool) {
	d, err := t.ProbeDTZErr(pos)
	return d, err == nil
}

// ProbeDTZErr is ProbeDTZ with the reason of a failure.
func (t *Tables) ProbeDTZErr(pos *chess.Position) (int, error) {
	p := prober{t: t}
	if !p.start(pos) {
		return 0, p.err()
	}
	d, st := p.dtz(pos, 0)
	if st == statusFailed {
		return 0, p.err()
	}
	return d, nil
}

func isCapture(pos *chess.Position, m chess.Move) bool {
	return m.IsEnPassant() || !m.IsCastling() && pos.PieceOn(m.To()) != chess.NoPiece
}

func isZeroing(pos *chess.Position, m chess.Move) bool {
	return isCapture(pos, m) || pos.PieceOn(m.From()).Type() == chess.Pawn
}

// search finds the WDL of pos: the best of its captures (and, with pawnMoves,
// its pawn moves), each probed recursively, and the table's value, which
// holds only where it beats them. The table stores positions as if no en
// passant capture were possible, and may store anything where a capture is
// at least as good, so both are needed.
func (p *prober) search(pos *chess.Position, pawnMoves bool) (WDL, status) {
	var moves chess.MoveList
	pos.GenerateLegal(&moves)
	best := Loss
	searched := 0
	for _, m := range moves.Moves[:moves.N] {
		if !isCapture(pos, m) && (!pawnMoves || pos.PieceOn(m.From()).Type() != chess.Pawn) {
			continue
		}
		searched++
		pos.MakeMove(m)
		v, st := p.search(pos, false)
		pos.UnmakeMove(m)
		if st == statusFailed {
			return Draw, st
		}
		if v = -v; v > best {
			best = v
			if v == Win {
				return v, statusZeroing
			}
		}
	}
	// When every legal move was searched the table is not needed (and its
	// value for such positions need not be right).
	allSearched := searched > 0 && searched == moves.N
	v := best
	if !allSearched {
		var st status
		if v, st = p.probeWDLTable(pos); st == statusFailed {
			return Draw, st
		}
	}
	if best >= v {
		if best > Draw || allSearched {
			return best, statusZeroing
		}
		return best, statusOK
	}
	return v, statusOK
}

// dtz is the DTZ probe proper; depth guards the one-ply search for the side
// a DTZ table leaves out (it never needs to nest in a valid table).
func (p *prober) dtz(pos *chess.Position, depth int) (int, status) {
	wdl, st := p.search(pos, true)
	if st == statusFailed {
		return 0, st
	}
	if wdl == Draw {
		return 0, statusOK
	}
	if st == statusZeroing {
		return zeroingDTZ(wdl), statusOK
	}
	d, st := p.probeDTZTable(pos, wdl)
	switch st {
	case statusFailed:
		return 0, st
	case statusOK:
		if wdl == CursedWin || wdl == BlessedLoss {
			d += 100
		}
		if wdl < 0 {
			d = -d
		}
		return d, statusOK
	}
	if depth > 0 {
		return 0, p.fail(failData, 0, p.dtzTable(pos))
	}

	// The table holds the other side to move: the best move's DTZ, one
	// ply more.
	var moves chess.MoveList
	pos.GenerateLegal(&moves)
	best := 0xffff
	for _, m := range moves.Moves[:moves.N] {
		zeroing := isZeroing(pos, m)
		pos.MakeMove(m)
		var v int
		if zeroing {
			// The DTZ of a zeroing move is that of the position before it;
			// the search after it gives the result's sign.
			var w WDL
			w, st = p.search(pos, false)
			v = -zeroingDTZ(w)
		} else {
			v, st = p.dtz(pos, depth+1)
			v = -v
		}
		if v == 1 && pos.InCheck() && !pos.HasLegalMove() {
			best = 1 // mate
		}
		pos.UnmakeMove(m)
		if st == statusFailed {
			return 0, st
		}
		if !zeroing {
			v += sign(v)
		}
		if v < best && sign(v) == sign(int(wdl)) {
			best = v
		}
	}
	if best == 0xffff {
		return -1, statusOK // no legal move: mated
	}
	return best, statusOK
}

// zeroingDTZ is the DTZ of a position whose best move zeroes the counter.
func zeroingDTZ(w WDL) int {
	switch w {
	case Win:
		return 1
	case CursedWin:
		return 101
	case BlessedLoss:
		return -101
	case Loss:
		return -1
	}
	return 0
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (p *prober) dtzTable(pos *chess.Position) *table {
	if e := p.t.entries[materialKey(pos)]; e != nil {
		return e.dtz
	}
	return nil
}

func (p *prober) probeWDLTable(pos *chess.Position) (WDL, status) {
	if pos.Occupied().Count() == 2 {
		return Draw, statusOK // bare kings
	}
	key := materialKey(pos)
	e := p.t.entries[key]
	if e == nil || e.wdl == nil {
		return Draw, p.fail(failMissing, key, nil)
	}
	v, st := p.lookup(e.wdl, pos, key, Draw)
	if st != statusOK {
		return Draw, st
	}
	if v < 0 || v > 4 {
		return Draw, p.fail(failData, 0, e.wdl)
	}
	return WDL(v - 2), statusOK
}

// wdlMap picks which of a DTZ table's four maps holds a result's values.
var wdlMap = [5]int{1, 3, 0, 2, 0}

func (p *prober) probeDTZTable(pos *chess.Position, wdl WDL) (int, status) {
	key := materialKey(pos)
	e := p.t.entries[key]
	if e == nil || e.dtz == nil {
		return 0, p.fail(failMissing, key, nil)
	}
	tab := e.dtz
	v, st := p.lookup(tab, pos, key, wdl)
	return v, st
}

// lookup finds pos in table tab and returns its stored value: the WDL
// table's raw value, or the DTZ table's value in plies (less one). For a DTZ
// table holding the other side to move it returns statusOtherSide.
func (p *prober) lookup(tab *table, pos *chess.Position, key uint64, wdl WDL) (int, status) {
	if tab.dropped.Load() {
		return 0, p.fail(failDropped, 0, tab)
	}
	if err := tab.load(); err != nil {
		return 0, p.fail(failBroken, 0, tab)
	}
	// The file's white is the side with the table's material; for a
	// symmetric table the side to move is made white.
	flip := key != tab.key || tab.symmetric && pos.SideToMove() == chess.Black
	var colorFlip chess.Piece
	var squareFlip int
	side := int(pos.SideToMove())
	if flip {
		colorFlip, squareFlip, side = 8, 56, side^1
	}

	var sq [maxPieces]int
	n := 0
	file := 0
	if tab.hasPawns {
		lead := tab.leadPiece ^ colorFlip
		for b := pos.Pieces(lead.Color(), chess.Pawn); b != 0 && n < maxPieces; n++ {
			sq[n] = int(b.PopFirst()) ^ squareFlip
		}
		if n != tab.leadCount {
			return 0, p.fail(failData, 0, tab)
		}
		// The leading pawn is the one nearest the edge, then the lowest.
		for i := 1; i < n; i++ {
			if pawnRank[sq[i]] > pawnRank[sq[0]] {
				sq[0], sq[i] = sq[i], sq[0]
			}
		}
		file = sq[0] & 7
		if file > 3 {
			file = 7 - file
		}
	}

	if tab.kind == dtzTable {
		stored := int(tab.sub[file][0].flags & dtzStoresBlack)
		if stored != side && !(tab.symmetric && !tab.hasPawns) {
			return 0, statusOtherSide
		}
		side = 0
	} else if side >= tab.sides {
		side = 0 // symmetric: one side stored
	}
	enc := &tab.enc[file][side]
	for n < tab.pieces {
		pc := enc.pieces[n] ^ colorFlip
		b := pos.Pieces(pc.Color(), pc.Type())
		if b == 0 {
			return 0, p.fail(failData, 0, tab)
		}
		for ; b != 0 && n < maxPieces; n++ {
			sq[n] = int(b.PopFirst()) ^ squareFlip
		}
	}
	if n != tab.pieces {
		return 0, p.fail(failData, 0, tab)
	}

	var idx uint64
	var ok bool
	if tab.hasPawns {
		idx, ok = enc.indexPawns(&sq, n, tab.others)
	} else {
		idx, ok = enc.indexPieces(&sq, n)
	}
	if !ok {
		return 0, p.fail(failData, 0, tab)
	}
	v, ok := tab.value(&tab.sub[file][side], idx)
	if !ok {
		return 0, p.fail(failData, 0, tab)
	}
	if tab.kind == wdlTable {
		return v, statusOK
	}

	flags := tab.sub[file][0].flags
	if flags&dtzMapped != 0 {
		m := wdlMap[wdl+2]
		if int64(v) >= tab.mapLen[file][m] {
			return 0, p.fail(failData, 0, tab)
		}
		if flags&dtzWideMap != 0 {
			b := tab.m.bytes(tab.mapStart[file][m]+2*int64(v), 2)
			if len(b) < 2 {
				return 0, p.fail(failData, 0, tab)
			}
			v = int(le16(b))
		} else {
			b := tab.m.bytes(tab.mapStart[file][m]+int64(v), 1)
			if len(b) < 1 {
				return 0, p.fail(failData, 0, tab)
			}
			v = int(b[0])
		}
	}
	// Distances are stored in moves unless the flags say plies; those of
	// cursed wins and blessed losses always in moves.
	if wdl == Win && flags&dtzWinPlies == 0 || wdl == Loss && flags&dtzLossPlies == 0 ||
		wdl == CursedWin || wdl == BlessedLoss {
		v *= 2
	}
	return v + 1, statusOK
}
