package tb

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"matador/internal/chess"
)

// maxPieces is the most pieces, kings included, a Syzygy table holds.
const maxPieces = 7

// minFileSize is the smallest valid table: magic, flags, the piece list and
// a one-valued pair header, padded, and the 16-byte checksum.
const minFileSize = 80

type tableKind uint8

const (
	wdlTable tableKind = iota
	dtzTable
)

func (k tableKind) String() string {
	if k == wdlTable {
		return "WDL"
	}
	return "DTZ"
}

// The first four bytes of every file.
var magics = [2][4]byte{
	wdlTable: {0x71, 0xe8, 0x23, 0x5d},
	dtzTable: {0xd7, 0x66, 0x0c, 0xa5},
}

// Flags of a DTZ sub-table.
const (
	dtzStoresBlack = 1  // the table holds the positions with black to move
	dtzMapped      = 2  // values go through a map
	dtzWinPlies    = 4  // wins are stored in plies, not moves
	dtzLossPlies   = 8  // losses are stored in plies, not moves
	dtzWideMap     = 16 // the map holds 16-bit values
	singleValue    = 128
)

// pairs is one compressed sub-table: the Huffman code of its symbols, what
// each symbol stands for, and where its index, block sizes and blocks lie in
// the file.
type pairs struct {
	flags  uint8
	single bool // every position has the same value
	value  int  // that value

	blockBits  uint     // a block is 1<<blockBits bytes
	indexBits  uint     // one index entry per 1<<indexBits positions
	numIndices int64    // entries in the index
	numBlocks  int64    // entries in the block size table (padding included)
	realBlocks int64    // blocks in the data
	minLen     int      // shortest code length
	base       []uint64 // per code length: the lowest code, left-aligned
	lowest     []uint16 // per code length: the first symbol of that length
	symLen     []uint32 // per symbol: the number of values it stands for, minus one
	symPair    []uint32 // per symbol: left | right<<12, right 0xfff for a leaf

	indexTable, sizeTable, data int64 // offsets in the file
}

// table is one file, opened and parsed on its first probe (or by Verify
// or Check).
type table struct {
	name      string // "KQvKR"
	path      string
	kind      tableKind
	nameKey   uint64 // material of the name: the left side white
	pieces    int
	hasPawns  bool
	symmetric bool
	bothPawns bool // both sides have pawns

	ready atomic.Bool
	mu    sync.Mutex
	err   error
	m     *mapping
	// dropped is set, with its reason, when a probe found the table
	// corrupt: the table is not read again.
	dropped atomic.Bool
	dropErr error

	key       uint64      // material in the file's own colours (white = colour 0)
	files     int         // 4 for pawn tables (leading pawn on file a, b, c or d), else 1
	sides     int         // 2 when the WDL table holds both sides to move
	leadPiece chess.Piece // the leading pawns, in the file's colours
	leadCount int         // leading pawns
	others    int         // pawns of the other colour, when both sides have pawns
	enc       [4][2]encoding
	sub       [4][2]pairs
	mapStart  [4][4]int64 // DTZ: where each of the four value maps begins
	mapLen    [4][4]int64
}

// load maps and parses the file once; later calls return the first result.
func (t *table) load() error {
	if t.ready.Load() {
		return t.err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ready.Load() {
		return t.err
	}
	t.err = t.open()
	if t.err != nil {
		t.err = fmt.Errorf("%s: %w", t.path, t.err)
		if t.m != nil {
			t.m.close()
			t.m = nil
		}
	}
	t.ready.Store(true)
	return t.err
}

func (t *table) close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m != nil {
		t.m.close()
		t.m = nil
	}
	t.ready.Store(false)
	t.err = nil
}

// errShortHeader says the header reaches past the part of the file read so
// far (only the read-on-demand build reads it in parts).
var errShortHeader = errors.New("header reaches past the bytes read")

func (t *table) open() error {
	// Opening a named pipe would block until something writes to it.
	if fi, err := os.Stat(t.path); err == nil && !fi.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	m, err := openMapping(t.path)
	if err != nil {
		return err
	}
	t.m = m
	size := m.size()
	// Every table ends in a 16-byte checksum after 64-byte aligned data.
	if size%64 != 16 {
		return fmt.Errorf("size %d bytes is not 16 more than a multiple of 64: truncated, or not a Syzygy table", size)
	}
	for n := min(size, headerChunk); ; n = min(size, 4*n) {
		hdr := m.bytes(0, n)
		if hdr == nil {
			return fmt.Errorf("cannot read the first %d bytes", n)
		}
		err = t.parse(hdr, size)
		if !errors.Is(err, errShortHeader) || n == size {
			break
		}
	}
	if errors.Is(err, errShortHeader) {
		return errors.New("truncated: the header runs past the end of the file")
	}
	return err
}

// reader reads little-endian numbers from the header. Reads past its end
// return 0 and set short, so a parse can run to a checkpoint and then fail
// cleanly.
type reader struct {
	b     []byte
	short bool
}

func (r *reader) u8(off int64) int {
	if off < 0 || off >= int64(len(r.b)) {
		r.short = true
		return 0
	}
	return int(r.b[off])
}

func (r *reader) u16(off int64) int { return r.u8(off) | r.u8(off+1)<<8 }

func (r *reader) u32(off int64) int64 { return int64(r.u16(off)) | int64(r.u16(off+2))<<16 }

func (t *table) parse(hdr []byte, fileSize int64) error {
	r := &reader{b: hdr}
	for i, b := range magics[t.kind] {
		if r.u8(int64(i)) != int(b) {
			if r.short {
				return errShortHeader
			}
			return fmt.Errorf("bad magic bytes % x: not a Syzygy %s table", hdr[:min(4, len(hdr))], t.kind)
		}
	}
	flags := r.u8(4)
	if (flags&2 != 0) != t.hasPawns {
		return fmt.Errorf("the pawn flag %d does not match the name %s", flags&2>>1, t.name)
	}
	if (flags&1 != 0) == t.symmetric {
		return fmt.Errorf("the two-sided flag %d does not match the name %s", flags&1, t.name)
	}
	t.files, t.sides = 1, 1
	if t.hasPawns {
		t.files = 4
	}
	if t.kind == wdlTable && !t.symmetric {
		t.sides = 2
	}

	// Piece lists and group orders, per file; both sides share the bytes
	// (low nibble side 0, high nibble side 1).
	pos := int64(5)
	t.key, t.leadPiece, t.leadCount, t.others = 0, 0, 0, 0
	t.mapStart, t.mapLen = [4][4]int64{}, [4][4]int64{}
	for f := range t.files {
		orderByte := r.u8(pos)
		order2Byte := 0xff
		pos++
		if t.bothPawns {
			order2Byte = r.u8(pos)
			pos++
		}
		var raw [maxPieces]int
		for k := range t.pieces {
			raw[k] = r.u8(pos + int64(k))
		}
		pos += int64(t.pieces)
		if r.short {
			return errShortHeader
		}
		for side := range t.sides {
			shift := uint(4 * side)
			e := &t.enc[f][side]
			for k := range t.pieces {
				e.pieces[k] = chess.Piece(raw[k] >> shift & 15)
			}
			order, order2 := orderByte>>shift&15, 15
			if t.bothPawns {
				order2 = order2Byte >> shift & 15
			}
			if err := t.setEncoding(e, f, order, order2); err != nil {
				return fmt.Errorf("file %c side %d: %w", 'a'+f, side, err)
			}
		}
	}
	pos += pos & 1

	for f := range t.files {
		for side := range t.sides {
			next, err := t.parsePairs(r, pos, &t.sub[f][side], t.enc[f][side].size)
			if err != nil {
				return fmt.Errorf("file %c side %d: %w", 'a'+f, side, err)
			}
			pos = next
		}
	}

	if t.kind == dtzTable {
		for f := range t.files {
			flags := t.sub[f][0].flags
			if flags&dtzMapped == 0 {
				continue
			}
			if flags&dtzWideMap != 0 {
				pos += pos & 1
				for i := range 4 {
					n := int64(r.u16(pos))
					t.mapStart[f][i], t.mapLen[f][i] = pos+2, n
					pos += 2 + 2*n
				}
			} else {
				for i := range 4 {
					n := int64(r.u8(pos))
					t.mapStart[f][i], t.mapLen[f][i] = pos+1, n
					pos += 1 + n
				}
			}
		}
		pos += pos & 1
		if r.short {
			return errShortHeader
		}
	}
	if pos > int64(len(hdr)) && int64(len(hdr)) < fileSize {
		return errShortHeader
	}

	// The index tables, then the block sizes, then the 64-byte aligned data.
	for f := range t.files {
		for side := range t.sides {
			p := &t.sub[f][side]
			p.indexTable = pos
			pos += 6 * p.numIndices
		}
	}
	for f := range t.files {
		for side := range t.sides {
			p := &t.sub[f][side]
			p.sizeTable = pos
			pos += 2 * p.numBlocks
		}
	}
	for f := range t.files {
		for side := range t.sides {
			p := &t.sub[f][side]
			pos = (pos + 63) &^ 63
			p.data = pos
			pos += p.realBlocks << p.blockBits
		}
	}
	if pos > fileSize {
		return fmt.Errorf("truncated: the data needs %d bytes, the file has %d", pos, fileSize)
	}
	return nil
}

// setEncoding checks a piece list against the table's material and works
// out the groups and their factors.
func (t *table) setEncoding(e *encoding, file, order, order2 int) error {
	var count [16]int
	var key uint64
	for k := range t.pieces {
		pc := e.pieces[k]
		if pc.Type() == chess.NoPieceType || pc.Type() > chess.King {
			return fmt.Errorf("bad piece code %d", pc)
		}
		count[pc]++
		key = addMaterial(key, pc)
	}
	if t.key == 0 {
		if key != t.nameKey && key != mirrorKey(t.nameKey) {
			return fmt.Errorf("the pieces do not match the name %s", t.name)
		}
		t.key = key
	} else if key != t.key {
		return fmt.Errorf("the piece lists of the sub-tables differ")
	}
	if count[chess.MakePiece(chess.White, chess.King)] != 1 || count[chess.MakePiece(chess.Black, chess.King)] != 1 {
		return errors.New("the piece list lacks a king")
	}
	// Identical pieces stand together, each kind in one run.
	var seen [16]bool
	for k := 0; k < t.pieces; {
		pc := e.pieces[k]
		if seen[pc] {
			return fmt.Errorf("piece code %d appears in two places", pc)
		}
		seen[pc] = true
		k += count[pc]
		for j := k - count[pc]; j < k; j++ {
			if j >= t.pieces || e.pieces[j] != pc {
				return fmt.Errorf("the %d pieces of code %d do not stand together", count[pc], pc)
			}
		}
	}

	e.groupLen = [maxPieces]int{}
	e.factor = [maxPieces]uint64{}
	first := 0 // pieces of the leading group (and the other side's pawns)
	if t.hasPawns {
		lead := e.pieces[0]
		if lead.Type() != chess.Pawn {
			return errors.New("a pawn table must list a pawn first")
		}
		if t.leadCount == 0 {
			t.leadPiece, t.leadCount, t.others = lead, count[lead], count[lead^8]
		}
		if lead != t.leadPiece || (t.others > 0) != t.bothPawns {
			return errors.New("the leading pawns differ between sub-tables")
		}
		if t.leadCount > 5 {
			return fmt.Errorf("%d leading pawns", t.leadCount)
		}
		e.groupLen[0] = t.leadCount
		first = t.leadCount
		if t.others > 0 {
			if e.pieces[first] != lead^8 {
				return errors.New("the other side's pawns must follow the leading pawns")
			}
			e.groupLen[first] = t.others
			first += t.others
		}
	} else {
		lead := 2
		for pc, n := range count {
			if n == 1 && chess.Piece(pc).Type() != chess.King {
				lead = 3
			}
		}
		for k := range lead {
			if count[e.pieces[k]] != 1 {
				return errors.New("the leading group must hold unique pieces")
			}
		}
		e.groupLen[0] = lead
		first = lead
	}
	for k := first; k < t.pieces; k += count[e.pieces[k]] {
		e.groupLen[k] = count[e.pieces[k]]
	}

	// The groups are multiplied together in the order the file gives: the
	// leading group at position order, the other side's pawns at order2.
	free := 64 - first
	size := uint64(1)
	setLead, setOthers := false, t.others == 0 || !t.hasPawns
	for k, i := 0, first; i < t.pieces || k == order || k == order2; k++ {
		switch {
		case k == order:
			e.factor[0] = size
			switch {
			case t.hasPawns:
				size *= leadPawnCount[t.leadCount-1][file]
			case e.groupLen[0] == 3:
				size *= pivotsUnique
			default:
				size *= pivotsKings
			}
			setLead = true
		case k == order2 && t.hasPawns && t.others > 0:
			e.factor[t.leadCount] = size
			size *= binomial(48-t.leadCount, t.others)
			setOthers = true
		case i < t.pieces:
			e.factor[i] = size
			size *= binomial(free, e.groupLen[i])
			free -= e.groupLen[i]
			i += e.groupLen[i]
		default:
			return fmt.Errorf("group order %d/%d out of range", order, order2)
		}
	}
	if !setLead || !setOthers {
		return fmt.Errorf("group order %d/%d out of range", order, order2)
	}
	e.size = size
	return nil
}

// parsePairs reads the header of one compressed sub-table at pos and returns
// where the next one begins.
func (t *table) parsePairs(r *reader, pos int64, p *pairs, size uint64) (int64, error) {
	*p = pairs{}
	p.flags = uint8(r.u8(pos))
	if p.flags&singleValue != 0 {
		p.single = true
		if t.kind == wdlTable {
			p.value = r.u8(pos + 1)
		}
		// A DTZ table of one value is one of draws, never probed: its
		// byte is not a distance.
		if r.short {
			return 0, errShortHeader
		}
		return pos + 2, nil
	}
	blockBits := r.u8(pos + 1)
	indexBits := r.u8(pos + 2)
	padding := int64(r.u8(pos + 3))
	p.realBlocks = r.u32(pos + 4)
	maxLen := r.u8(pos + 8)
	p.minLen = r.u8(pos + 9)
	if r.short {
		return 0, errShortHeader
	}
	// Codes are read 32 bits at a time into a 64-bit register: no code is
	// longer than 32 bits in a valid file.
	if blockBits > 30 || indexBits < 1 || indexBits > 40 || p.minLen > maxLen || maxLen > 32 {
		return 0, fmt.Errorf("bad compression header (block 2^%d, index 2^%d, code lengths %d..%d)", blockBits, indexBits, p.minLen, maxLen)
	}
	p.blockBits, p.indexBits = uint(blockBits), uint(indexBits)
	p.numBlocks = p.realBlocks + padding
	p.numIndices = int64((size + 1<<p.indexBits - 1) >> p.indexBits)

	lengths := maxLen - p.minLen + 1
	p.lowest = make([]uint16, lengths)
	for i := range lengths {
		p.lowest[i] = uint16(r.u16(pos + 10 + 2*int64(i)))
	}
	numSyms := r.u16(pos + 10 + 2*int64(lengths))
	symbols := pos + 12 + 2*int64(lengths)
	if r.short {
		return 0, errShortHeader
	}
	p.symPair = make([]uint32, numSyms)
	for s := range numSyms {
		at := symbols + 3*int64(s)
		b0, b1, b2 := r.u8(at), r.u8(at+1), r.u8(at+2)
		p.symPair[s] = uint32(b0 | (b1&15)<<8 | (b2<<4|b1>>4)<<12)
	}
	if r.short {
		return 0, errShortHeader
	}
	next := symbols + 3*int64(numSyms) + int64(numSyms&1)

	var err error
	if p.symLen, err = symbolLengths(p.symPair); err != nil {
		return 0, err
	}

	// The canonical Huffman code gives longer codes lower values: base[i]
	// is the lowest code of length minLen+i, left-aligned in 64 bits.
	p.base = make([]uint64, lengths)
	for i := lengths - 2; i >= 0; i-- {
		p.base[i] = (p.base[i+1] + uint64(p.lowest[i]) - uint64(p.lowest[i+1])) / 2
	}
	for i := range lengths {
		p.base[i] <<= uint(64 - p.minLen - i)
	}
	return next, nil
}

// symbolLengths works out how many values each symbol stands for (minus
// one): a leaf stands for one, a pair for the sum of its two halves. The
// pairs must form a tree; a cycle or a symbol out of range is an error.
func symbolLengths(pair []uint32) ([]uint32, error) {
	n := len(pair)
	symLen := make([]uint32, n)
	state := make([]uint8, n) // 0 new, 1 on the stack, 2 done
	stack := make([]int, 0, 64)
	for s0 := range n {
		if state[s0] == 2 {
			continue
		}
		stack = append(stack[:0], s0)
		state[s0] = 1
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			left, right := int(pair[s]&0xfff), int(pair[s]>>12)
			if right == 0xfff {
				symLen[s], state[s] = 0, 2
				stack = stack[:len(stack)-1]
				continue
			}
			if left >= n || right >= n {
				return nil, fmt.Errorf("symbol %d refers to symbol %d of %d", s, max(left, right), n)
			}
			pushed := false
			for _, c := range [2]int{left, right} {
				switch state[c] {
				case 0:
					state[c] = 1
					stack = append(stack, c)
					pushed = true
				case 1:
					return nil, fmt.Errorf("symbol %d is part of itself", c)
				}
				if pushed {
					break
				}
			}
			if pushed {
				continue
			}
			total := uint64(symLen[left]) + uint64(symLen[right]) + 1
			if total > 1<<20 {
				return nil, fmt.Errorf("symbol %d stands for more than a block of values", s)
			}
			symLen[s], state[s] = uint32(total), 2
			stack = stack[:len(stack)-1]
		}
	}
	return symLen, nil
}
