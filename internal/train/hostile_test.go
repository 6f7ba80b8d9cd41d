package train

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestOutputInTheCheckpointIsRefused: a net written where the checkpoint
// goes (the directory itself, or a file the checkpoint directory holds)
// is refused before any data is read or training done.
func TestOutputInTheCheckpointIsRefused(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 200, 3)
	for i, tail := range []string{"", "/", "/checkpoint", "/epoch-1.nnue", "/./epoch-12.nnue"} {
		x := filepath.Join(dir, fmt.Sprint("x", i))
		out := x + tail
		cfg := DefaultConfig()
		cfg.Data, cfg.Out, cfg.Checkpoint, cfg.Epochs, cfg.Batch = []string{data}, out, x, 1, 50
		var log bytes.Buffer
		_, err := Run(context.Background(), cfg, &log)
		if err == nil || !strings.Contains(err.Error(), "-checkpoint") || !strings.HasPrefix(err.Error(), "-o ") {
			t.Errorf("-o %s -checkpoint %s: %v", out, x, err)
		}
		if strings.Contains(log.String(), "epoch") {
			t.Errorf("-o %s -checkpoint %s trained before the refusal:\n%s", out, x, log.String())
		}
		if _, err := os.Stat(x); err == nil {
			t.Errorf("-o %s -checkpoint %s: the refused run made %s", out, x, x)
		}
	}
}

// allocated is the memory f allocates, in bytes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCheckpointCountIsBounded: a checkpoint whose count of data files is
// absurd (its checksum made right) is refused before anything is sized
// by the count.
func TestCheckpointCountIsBounded(t *testing.T) {
	name := filepath.Join(t.TempDir(), "checkpoint")
	st := &state{w: make([]float32, v2Arch.nParams), m: make([]float32, v2Arch.nParams), v: make([]float32, v2Arch.nParams)}
	const key = "key\n"
	if err := writeCheckpoint(name, key, []int64{7}, st); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(name)
	at := 8 + 4 + len(key)
	binary.LittleEndian.PutUint32(b[at:], math.MaxUint32)
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	os.WriteFile(name, b, 0o644)
	var err error
	n := allocated(func() { _, err = readCheckpoint(name, key, st) })
	if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "4294967295 data files") {
		t.Errorf("a count of 2^32-1 files: %v", err)
	}
	if limit := uint64(len(b)) * 2; n > limit {
		t.Errorf("reading a checkpoint of %d bytes allocated %d", len(b), n)
	}
}

// TestHugeChunkIsBoundedByTheData: a -chunk far larger than the data
// costs the data's size, not the chunk's; one larger than the memory is
// refused with a message.
func TestHugeChunkIsBoundedByTheData(t *testing.T) {
	dir := t.TempDir()
	_, recs := randomPositions(t, 300, 4)
	data := filepath.Join(dir, "d.bin")
	writeData(t, data, recs)
	cfg := DefaultConfig()
	cfg.Data, cfg.Out, cfg.Epochs, cfg.Batch, cfg.Chunk = []string{data}, filepath.Join(dir, "out.nnue"), 1, 100, 1<<28
	var err error
	n := allocated(func() { _, err = Run(context.Background(), cfg, io.Discard) })
	if err != nil {
		t.Fatal(err)
	}
	if n > 1<<30 {
		t.Errorf("-chunk %d on %d records allocated %d bytes", cfg.Chunk, len(recs), n)
	}

	defer func(f func() (int, bool)) { availableMemory = f }(availableMemory)
	availableMemory = func() (int, bool) { return 0, true }
	cfg.Chunk = 200
	if _, err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.HasPrefix(err.Error(), "-chunk 200") {
		t.Errorf("a chunk larger than the memory: %v", err)
	}
}

// TestNoHeldOutPositionsIsSaid: when no game is held out, the log says so
// rather than printing a loss of NaN.
func TestNoHeldOutPositionsIsSaid(t *testing.T) {
	dir := t.TempDir()
	data := randomDataFile(t, filepath.Join(dir, "d.bin"), 300, 5)
	for _, validate := range []float64{0, 0.02} {
		cfg := DefaultConfig()
		cfg.Data, cfg.Out, cfg.Epochs, cfg.Batch, cfg.Validate = []string{data}, filepath.Join(dir, "out.nnue"), 2, 100, validate
		cfg.Progress = 1
		var log bytes.Buffer
		res, err := Run(context.Background(), cfg, &log)
		if err != nil {
			t.Fatal(err)
		}
		held := !math.IsNaN(res.ValLoss)
		if strings.Contains(log.String(), "NaN") || held == strings.Contains(log.String(), "no positions held out") {
			t.Errorf("-validate %v (held out: %v), log:\n%s", validate, held, log.String())
		}
	}
}

// TestDefaultLREndFollowsLR: the default end of the cosine schedule is a
// fixed fraction of -lr, so that a small -lr alone is not refused for a
// flag the user never gave.
func TestDefaultLREndFollowsLR(t *testing.T) {
	cfg := DefaultConfig()
	if got, want := cfg.LREnd, DefaultLREnd(cfg.LR); got != want {
		t.Errorf("the default -lr-end is %g, DefaultLREnd says %g", got, want)
	}
	cfg.Data, cfg.Out = []string{"x.bin"}, "x.nnue"
	cfg.LR = 1e-6
	cfg.LREnd = DefaultLREnd(cfg.LR)
	if err := cfg.Check(); err != nil {
		t.Errorf("-lr 1e-6: %v", err)
	}
}

// FuzzReadCheckpoint: whatever a checkpoint file holds, reading it ends
// in a state or an error naming the file, never a crash, and never in an
// allocation the file's size does not account for.
func FuzzReadCheckpoint(f *testing.F) {
	st := &state{w: make([]float32, v2Arch.nParams), m: make([]float32, v2Arch.nParams), v: make([]float32, v2Arch.nParams)}
	dir := f.TempDir()
	good := filepath.Join(dir, "good")
	if err := writeCheckpoint(good, "key\n", []int64{3, 4}, st); err != nil {
		f.Fatal(err)
	}
	b, _ := os.ReadFile(good)
	// The seeds are the head of a checkpoint; the fuzzer's bytes replace
	// it, the weights after it kept, and the checksum is made right so
	// that the reader gets past it.
	f.Add(b[:64])
	f.Add(b[:8])
	f.Add([]byte{})
	tail := b[64 : len(b)-4]
	f.Fuzz(func(t *testing.T, head []byte) {
		data := append(append([]byte(nil), head...), tail...)
		data = binary.LittleEndian.AppendUint32(data, crc32.ChecksumIEEE(data))
		name := filepath.Join(t.TempDir(), "checkpoint")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		n := allocated(func() { _, err = readCheckpoint(name, "key\n", st) })
		if err != nil && !strings.Contains(err.Error(), name) {
			t.Errorf("an error that does not name the file: %v", err)
		}
		if n > 2*uint64(len(data))+1<<20 {
			t.Errorf("%d bytes allocated reading %d", n, len(data))
		}
	})
}
