package train

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"strings"

	"matador/internal/toolio"
)

// checkpointMagic opens a checkpoint file: its name and version.
var checkpointMagic = [8]byte{'M', 'A', 'T', 'T', 'R', 'N', 'C', 1}

// A checkpoint is the magic, the run's key (length-prefixed text), the
// record count of each data file, where the run stands (epoch, chunk,
// batch, step), the weights and Adam's two moments as float32 bits, and
// the CRC-32 of all before it; little-endian throughout.

func writeCheckpoint(name, key string, counts []int64, st *state) error {
	b := make([]byte, 0, 64+len(key)+8*len(counts)+12*len(st.w))
	b = append(b, checkpointMagic[:]...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(key)))
	b = append(b, key...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(counts)))
	for _, c := range counts {
		b = binary.LittleEndian.AppendUint64(b, uint64(c))
	}
	for _, v := range []int64{int64(st.epoch), int64(st.chunkPos), int64(st.batch), st.step} {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	for _, a := range [][]float32{st.w, st.m, st.v} {
		for _, x := range a {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
		}
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return writeFileAtomic(name, b)
}

// maxCheckpoint bounds a checkpoint file of a net with nw weights: the
// weights and moments, and room for a key and counts far beyond any run's
// (the key is the run's settings and data file names).
func maxCheckpoint(nw int) int64 { return 12*int64(nw) + 1<<22 }

// readCheckpoint loads a checkpoint of the run whose key is key into st
// and returns the data files' record counts. A missing file is
// os.ErrNotExist; one of another run is refused, naming the first
// setting that differs.
func readCheckpoint(name, key string, st *state) ([]int64, error) {
	bad := func(why string) error { return fmt.Errorf("checkpoint %s: %s", name, why) }
	// A run of another shape has a checkpoint of another size: its key,
	// read first, says which setting differs, where the size alone would
	// not.
	if k, ok := peekKey(name); ok && k != key {
		return nil, bad("of another run: " + keyDiff(k, key) + "; give another -checkpoint directory, or remove this one to start afresh")
	}
	b, err := toolio.ReadFile(name, maxCheckpoint(len(st.w)))
	if err != nil {
		return nil, err
	}
	if len(b) < 16 || !bytes.Equal(b[:8], checkpointMagic[:]) {
		return nil, bad("not a checkpoint of this trainer")
	}
	if got, want := crc32.ChecksumIEEE(b[:len(b)-4]), binary.LittleEndian.Uint32(b[len(b)-4:]); got != want {
		return nil, bad("bad checksum")
	}
	b = b[8 : len(b)-4]
	take := func(n int) ([]byte, error) {
		if len(b) < n {
			return nil, bad("truncated")
		}
		out := b[:n]
		b = b[n:]
		return out, nil
	}
	h, err := take(4)
	if err != nil {
		return nil, err
	}
	k, err := take(int(binary.LittleEndian.Uint32(h)))
	if err != nil {
		return nil, err
	}
	if string(k) != key {
		return nil, bad("of another run: " + keyDiff(string(k), key) + "; give another -checkpoint directory, or remove this one to start afresh")
	}
	if h, err = take(4); err != nil {
		return nil, err
	}
	// The count sizes an allocation: it must first be one the file holds.
	nFiles := binary.LittleEndian.Uint32(h)
	if uint64(nFiles)*8 > uint64(len(b)) {
		return nil, bad(fmt.Sprintf("it counts %d data files, more than its %d bytes hold", nFiles, len(b)))
	}
	counts := make([]int64, nFiles)
	for i := range counts {
		c, err := take(8)
		if err != nil {
			return nil, err
		}
		counts[i] = int64(binary.LittleEndian.Uint64(c))
	}
	var pos [4]int64
	for i := range pos {
		c, err := take(8)
		if err != nil {
			return nil, err
		}
		pos[i] = int64(binary.LittleEndian.Uint64(c))
	}
	if len(b) != 12*len(st.w) {
		return nil, bad(fmt.Sprintf("%d bytes of weights, want %d", len(b), 12*len(st.w)))
	}
	for _, a := range [][]float32{st.w, st.m, st.v} {
		for i := range a {
			a[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		b = b[4*len(a):]
	}
	st.epoch, st.chunkPos, st.batch, st.step = int(pos[0]), int(pos[1]), int(pos[2]), pos[3]
	if st.epoch < 0 || st.chunkPos < 0 || st.batch < 0 || st.step < 0 {
		return nil, errors.New(bad("negative position").Error())
	}
	return counts, nil
}

// peekKey reads the run key at the start of a checkpoint, without the
// rest of the file or its checksum; ok is false if there is none to read.
func peekKey(name string) (key string, ok bool) {
	f, err := toolio.OpenRegular(name)
	if err != nil {
		return "", false
	}
	defer f.Close()
	var h [12]byte
	if _, err := io.ReadFull(f, h[:]); err != nil || !bytes.Equal(h[:8], checkpointMagic[:]) {
		return "", false
	}
	n := binary.LittleEndian.Uint32(h[8:])
	if n > 1<<22 {
		return "", false
	}
	k := make([]byte, n)
	if _, err := io.ReadFull(f, k); err != nil {
		return "", false
	}
	return string(k), true
}

// keyDiff names the first line of two run keys that differs.
func keyDiff(old, cur string) string {
	a, b := strings.Split(old, "\n"), strings.Split(cur, "\n")
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("it has %q, this run %q", clip(x), clip(y))
		}
	}
	return "keys differ"
}

// clip shortens a line of a key for a message: a damaged checkpoint's
// "key" may be megabytes of weights.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
