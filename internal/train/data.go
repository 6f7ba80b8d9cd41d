package train

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// dataset is the run's input: its files, each with the number of records
// it held when the run began (a file that datagen is still appending to
// grows, and a resumed run must read the same records), cut into chunks of
// records, shuffled within each chunk.
type dataset struct {
	names  []string
	files  []*os.File
	counts []int64 // records of each file this run reads
	starts []int64 // the run's index of each file's first record
	total  int64
	chunk  int64
	// train[k] is the number of training positions in chunk k: records
	// with a score whose game is not held out.
	train    []int
	trainSum int64
	// val holds the held-out records, in file order, up to the cap.
	val      []byte
	valGames int
	valAll   int64 // held-out positions, kept or not
}

// openData opens and checks every record of the files: counts, when not
// nil, are the records a checkpoint says the run read, which the files
// must still hold; otherwise each file's whole records now.
func openData(ctx context.Context, names []string, counts []int64, cfg *Config) (*dataset, error) {
	d := &dataset{names: names, chunk: int64(cfg.Chunk)}
	if counts != nil && len(counts) != len(names) {
		return nil, fmt.Errorf("the checkpoint's run read %d files, this one names %d", len(counts), len(names))
	}
	ok := false
	defer func() {
		if !ok {
			d.close()
		}
	}()
	for i, name := range names {
		f, err := toolio.OpenRegular(name)
		if err != nil {
			return nil, err
		}
		d.files = append(d.files, f)
		st, err := f.Stat()
		if err != nil {
			return nil, err
		}
		var h [trainbin.HeaderSize]byte
		if _, err := io.ReadFull(f, h[:]); err != nil || !trainbin.IsBinary(h[:]) {
			return nil, fmt.Errorf("%s: not a binary data file (no MATADOR header); write one with matador datagen -o NAME.bin or tune convert", name)
		}
		n := (st.Size() - trainbin.HeaderSize) / trainbin.RecordSize
		if counts != nil {
			if n < counts[i] {
				return nil, fmt.Errorf("%s: holds %d records, the checkpoint's run read %d", name, n, counts[i])
			}
			n = counts[i]
		}
		d.counts = append(d.counts, n)
		d.starts = append(d.starts, d.total)
		d.total += n
	}
	if d.total == 0 {
		return nil, errors.New("the data files hold no records")
	}
	nChunks := (d.total + d.chunk - 1) / d.chunk
	d.train = make([]int, nChunks)
	games := map[uint32]bool{}
	var rec [trainbin.RecordSize]byte
	for i, f := range d.files {
		if _, err := f.Seek(trainbin.HeaderSize, io.SeekStart); err != nil {
			return nil, err
		}
		br := bufio.NewReaderSize(f, 1<<20)
		for j := range d.counts[i] {
			// The scan of a large set takes seconds: Ctrl-C stops it too.
			if j%(1<<16) == 0 && ctx.Err() != nil {
				return nil, ErrStopped
			}
			if _, err := io.ReadFull(br, rec[:]); err != nil {
				return nil, fmt.Errorf("%s: record %d: %w", names[i], j+1, err)
			}
			has, game, err := checkRecord(rec[:])
			if err != nil {
				return nil, fmt.Errorf("%s: record %d: %w", names[i], j+1, err)
			}
			if !has {
				continue
			}
			if heldOut(game, cfg.Validate) {
				d.valAll++
				if len(d.val) < cfg.ValMax*trainbin.RecordSize {
					d.val = append(d.val, rec[:]...)
					if !games[game] {
						games[game] = true
					}
				}
				continue
			}
			d.train[(d.starts[i]+j)/d.chunk]++
			d.trainSum++
		}
	}
	d.valGames = len(games)
	if d.trainSum == 0 {
		return nil, errors.New("the data files hold no training positions (none has a score, or every game is held out)")
	}
	ok = true
	return d, nil
}

func (d *dataset) close() {
	for _, f := range d.files {
		f.Close()
	}
}

// heldOut tells whether a game is one of the validation games: by a hash
// of its number alone, so that runs with other seeds or settings are
// measured on the same games.
func heldOut(game uint32, frac float64) bool {
	if frac <= 0 {
		return false
	}
	r := rng{uint64(game) ^ 0x5A17ED5EED}
	return r.float() < frac
}

// loadChunk reads chunk k's records into buf, keeps its training
// positions and shuffles them in an order fixed by seed, epoch and k; it
// returns them as consecutive records. With cfg.Mirror it also draws, by
// the same seed, which of them this epoch reads mirrored: half of those
// without a castling right. mirror (of the chunk's length) gets the draws.
func (d *dataset) loadChunk(k int, epoch int, cfg *Config, buf []byte, mirror []bool) ([]byte, []bool, error) {
	lo := int64(k) * d.chunk
	hi := min(lo+d.chunk, d.total)
	raw := buf[:(hi-lo)*trainbin.RecordSize]
	off := 0
	for i, f := range d.files {
		a, b := max(lo, d.starts[i]), min(hi, d.starts[i]+d.counts[i])
		if a >= b {
			continue
		}
		n := int((b - a) * trainbin.RecordSize)
		if _, err := f.ReadAt(raw[off:off+n], trainbin.HeaderSize+(a-d.starts[i])*trainbin.RecordSize); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", d.names[i], err)
		}
		off += n
	}
	kept := 0
	for i := 0; i < len(raw); i += trainbin.RecordSize {
		rec := raw[i : i+trainbin.RecordSize]
		has, game, err := checkRecord(rec)
		if err != nil {
			return nil, nil, fmt.Errorf("chunk %d changed since the run began: %w", k, err)
		}
		if !has || heldOut(game, cfg.Validate) {
			continue
		}
		copy(raw[kept*trainbin.RecordSize:], rec)
		kept++
	}
	if kept != d.train[k] {
		return nil, nil, fmt.Errorf("chunk %d changed since the run began: %d training positions, %d at the start", k, kept, d.train[k])
	}
	recs := raw[:kept*trainbin.RecordSize]
	r := newRNG(cfg.Seed, 1+uint64(epoch), 1+uint64(k))
	var tmp [trainbin.RecordSize]byte
	for i := kept - 1; i > 0; i-- {
		j := r.intn(i + 1)
		a := recs[i*trainbin.RecordSize : (i+1)*trainbin.RecordSize]
		b := recs[j*trainbin.RecordSize : (j+1)*trainbin.RecordSize]
		copy(tmp[:], a)
		copy(a, b)
		copy(b, tmp[:])
	}
	flags := mirror[:kept]
	clear(flags)
	if cfg.Mirror {
		// The mirror image of a position is another position of the same
		// value: from the same games, positions the net has not seen.
		m := newRNG(cfg.Seed, 1+uint64(epoch), 1+uint64(k)^mirrorStream)
		for i := range flags {
			coin := m.next()&1 == 1
			flags[i] = coin && !hasCastlingRight(recs[i*trainbin.RecordSize:])
		}
	}
	return recs, flags, nil
}

// mirrorStream parts the mirror draws' random numbers from the shuffle's.
const mirrorStream = 1 << 40

// chunkOrder is the order in which an epoch reads the chunks.
func chunkOrder(n int, seed uint64, epoch int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	r := newRNG(seed, 1+uint64(epoch), 0)
	for i := n - 1; i > 0; i-- {
		j := r.intn(i + 1)
		order[i], order[j] = order[j], order[i]
	}
	return order
}
