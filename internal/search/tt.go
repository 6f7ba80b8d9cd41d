package search

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"

	"matador/internal/chess"
)

// Bound says how a stored score relates to the true value.
type Bound uint8

const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // the search failed low: score is at most this
	BoundLower Bound = 2 // the search failed high: score is at least this
	BoundExact Bound = 3
)

// ttEntry is one slot, two machine words. data packs:
//
//	bits  0-15  move (chess.Move without caller bits)
//	bits 16-31  score (int16, mate scores relative to this node)
//	bits 32-47  static evaluation (int16)
//	bits 48-55  depth + depthOffset (room below zero; qsearch stores 0)
//	bits 56-57  bound
//	bits 58-63  age (search generation, modulo 64)
//
// check holds key XOR data, so an entry torn by a concurrent writer fails
// the key test instead of returning another position's data. Search
// threads share the table without locks; each word is read and written
// atomically (on amd64 a load is a plain load), so an entry can be torn
// but never a word.
type ttEntry struct {
	check uint64
	data  uint64
}

// load returns the entry's data if it belongs to key (ok false otherwise).
func (e *ttEntry) load(key uint64) (data uint64, ok bool) {
	data = atomic.LoadUint64(&e.data)
	check := atomic.LoadUint64(&e.check)
	return data, check^data == key && data != 0
}

// store writes data for key.
func (e *ttEntry) store(key, data uint64) {
	atomic.StoreUint64(&e.data, data)
	atomic.StoreUint64(&e.check, key^data)
}

const (
	depthOffset = 8
	ageBits     = 6
	ageMask     = 1<<ageBits - 1
)

// IPPOLIT: hash buckets of 4 entries, one 64-byte cache line
type ttBucket [4]ttEntry

// TranspositionTable stores search results by Zobrist key.
type TranspositionTable struct {
	buckets []ttBucket
	mapping *tableMapping // the memory of buckets when mapTable made it
	age     uint8
}

// NewTranspositionTable allocates a table of about sizeMB megabytes.
func NewTranspositionTable(sizeMB int) *TranspositionTable {
	tt := &TranspositionTable{}
	tt.Resize(sizeMB)
	return tt
}

// Resize reallocates the table (clearing it).
func (tt *TranspositionTable) Resize(sizeMB int) {
	if sizeMB < 1 {
		sizeMB = 1
	}
	n := uint64(sizeMB) << 20 / uint64(unsafe.Sizeof(ttBucket{}))
	// Free the old table first so that old and new never need memory
	// together (a large Hash would otherwise briefly need twice its size).
	tt.buckets = nil
	tt.mapping.unmap()
	tt.mapping = nil
	runtime.GC()
	tt.age = 0
	if mem, m, ok := mapTable(int(n) * int(unsafe.Sizeof(ttBucket{}))); ok {
		tt.buckets = unsafe.Slice((*ttBucket)(unsafe.Pointer(unsafe.SliceData(mem))), n)
		tt.mapping = m
		// Memory outside the heap is not collected: return it when the
		// table is. Each mapping has its own cleanup, and unmapping twice
		// does nothing, so a Resize that unmapped it first is safe.
		runtime.AddCleanup(tt, (*tableMapping).unmap, m)
		return
	}
	tt.buckets = make([]ttBucket, n)
}

// Clear empties the table.
func (tt *TranspositionTable) Clear() {
	clear(tt.buckets)
	tt.age = 0
}

// NewSearch starts a new generation, so older entries become cheap to replace.
func (tt *TranspositionTable) NewSearch() { tt.age = (tt.age + 1) & ageMask }

func (tt *TranspositionTable) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(tt.buckets))) // hi < len(buckets): read unchecked
	return (*ttBucket)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(tt.buckets)), int(hi)*int(unsafe.Sizeof(ttBucket{}))))
}

// Prefetch starts loading the bucket of key into the cache, for a probe
// that follows a little later.
func (tt *TranspositionTable) Prefetch(key uint64) {
	prefetch(unsafe.Pointer(tt.bucket(key)))
}

// ttHit is a found entry's data word, unpacked by its methods where a
// field is read: as one word it stays in a register, where a struct of the
// unpacked fields was zeroed and copied through the stack at every probe.
type ttHit uint64

func (h ttHit) move() chess.Move { return chess.Move(h & 0xFFFF) }
func (h ttHit) score() int       { return int(int16(h >> 16)) }
func (h ttHit) eval() int        { return int(int16(h >> 32)) }
func (h ttHit) depth() int       { return int(uint8(h>>48)) - depthOffset }
func (h ttHit) bound() Bound     { return Bound(h >> 56 & 3) }

// Probe looks the key up. The four entries are written out: the loop
// over them cost as much as their tests. (The conversion below fails to
// compile if a bucket stops holding four.)
func (tt *TranspositionTable) Probe(key uint64) (ttHit, bool) {
	b := (*[4]ttEntry)(tt.bucket(key))
	if d, ok := b[0].load(key); ok {
		return ttHit(d), true
	}
	if d, ok := b[1].load(key); ok {
		return ttHit(d), true
	}
	if d, ok := b[2].load(key); ok {
		return ttHit(d), true
	}
	if d, ok := b[3].load(key); ok {
		return ttHit(d), true
	}
	return 0, false
}

// Store writes a result. IPPOLIT/Rybka: replace the same position, else the
// slot whose depth, discounted by age, is lowest; an old move is kept when
// the new result has none.
//
// The entries are written out as in Probe. A slot of the same position is
// taken whatever the others hold; only without one are the four weighed,
// the first of the lowest value winning.
func (tt *TranspositionTable) Store(key uint64, move chess.Move, score, eval, depth int, bound Bound) {
	b := (*[4]ttEntry)(tt.bucket(key))
	var victim *ttEntry
	var old uint64
	if d, ok := b[0].load(key); ok {
		victim, old = &b[0], d
	} else if d, ok := b[1].load(key); ok {
		victim, old = &b[1], d
	} else if d, ok := b[2].load(key); ok {
		victim, old = &b[2], d
	} else if d, ok := b[3].load(key); ok {
		victim, old = &b[3], d
	}
	if victim != nil {
		if move == chess.NoMove {
			move = chess.Move(old & 0xFFFF)
		}
		// A result of this search more than TTKeepDepthMargin plies
		// deeper stays, unless the new one is exact.
		oldDepth := int(uint8(old>>48)) - depthOffset
		if bound != BoundExact && depth+TTKeepDepthMargin < oldDepth && uint8(old>>58) == tt.age {
			return
		}
	} else {
		victim = &b[0]
		worst := tt.replaceValue(atomic.LoadUint64(&b[0].data))
		if v := tt.replaceValue(atomic.LoadUint64(&b[1].data)); v < worst {
			victim, worst = &b[1], v
		}
		if v := tt.replaceValue(atomic.LoadUint64(&b[2].data)); v < worst {
			victim, worst = &b[2], v
		}
		if v := tt.replaceValue(atomic.LoadUint64(&b[3].data)); v < worst {
			victim = &b[3]
		}
	}
	if depth < -depthOffset {
		depth = -depthOffset
	}
	d := uint64(move.Base()) |
		uint64(uint16(int16(score)))<<16 |
		uint64(uint16(int16(eval)))<<32 |
		uint64(uint8(depth+depthOffset))<<48 |
		uint64(bound)<<56 |
		uint64(tt.age)<<58
	victim.store(key, d)
}

// replaceValue is what keeps an entry with this data word from being
// replaced: its depth, less TTAgeWeight a search of age; an empty entry
// goes first.
func (tt *TranspositionTable) replaceValue(data uint64) int {
	if data == 0 {
		return -1 << 20
	}
	age := (int(tt.age) - int(data>>58) + (1 << ageBits)) & ageMask
	return int(uint8(data>>48)) - TTAgeWeight*age
}

// hashFullSample is how many buckets HashFull reads.
const hashFullSample = 250

// HashFull returns the permille of sampled entries written in this search.
func (tt *TranspositionTable) HashFull() int {
	n := min(hashFullSample, len(tt.buckets))
	used := 0
	for i := 0; i < n; i++ {
		for j := range tt.buckets[i] {
			d := atomic.LoadUint64(&tt.buckets[i][j].data)
			if d != 0 && uint8(d>>58) == tt.age {
				used++
			}
		}
	}
	return used * 1000 / (4 * n)
}

// scoreToTT converts a mate or tablebase score from "plies from the root"
// to "plies from this node", so that it stays right wherever the entry is
// found again.
func scoreToTT(score, ply int) int {
	if score >= TBWinInMaxPly {
		return score + ply
	}
	if score <= -TBWinInMaxPly {
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	if score >= TBWinInMaxPly {
		return score - ply
	}
	if score <= -TBWinInMaxPly {
		return score + ply
	}
	return score
}
