package main

import (
	le "encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/nnue"
)

// badNets writes a net file for each fault the loader refuses, and a
// good one, into a temporary directory.
func badNets(t *testing.T) (bad map[string]string, good string) {
	t.Helper()
	dir := t.TempDir()
	data := nnue.Random(3).Encode()
	write := func(name string, b []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	checksum := append([]byte(nil), data...)
	checksum[1000] ^= 0x40
	wide := append([]byte(nil), data...)
	le.LittleEndian.PutUint32(wide[12:], 512)
	le.LittleEndian.PutUint32(wide[len(wide)-4:], crc32.ChecksumIEEE(wide[:len(wide)-4]))
	bad = map[string]string{
		"no such file":   filepath.Join(dir, "missing.nnue"),
		"truncated":      write("cut.nnue", data[:20]),
		"wrong size":     write("short.nnue", data[:len(data)-2]),
		"bad header":     write("header.nnue", append([]byte("NOTANET!"), data[8:]...)),
		"bad checksum":   write("sum.nnue", checksum),
		"shape 768->512": write("wide.nnue", wide),
		"not a regular":  dir,
	}
	return bad, write("good.nnue", data)
}

// TestEvalFileUCI: every bad net file is refused with the fault named and
// the net in use kept; the engine goes on playing with it; a good file is
// taken, and the embedded net's name brings the embedded net back.
func TestEvalFileUCI(t *testing.T) {
	t.Parallel()
	bad, good := badNets(t)
	p := startEngine(t)
	p.send("uci")
	_, before := p.expect(`^uciok$`, 2*time.Second)
	decl := strings.Join(before, "\n")
	def := nnue.DefaultFileName()
	for _, want := range []string{"option name Use NNUE type check default", "option name EvalFile type string default " + def} {
		if !strings.Contains(decl, want) {
			t.Fatalf("no %q in the options:\n%s", want, decl)
		}
	}
	p.send("setoption name Use NNUE value true")
	kept := strings.TrimSuffix(def, ".nnue")
	for fault, path := range bad {
		p.send("setoption name EvalFile value " + path)
		l, _ := p.expect(`^info string .*EvalFile`, 5*time.Second)
		if !strings.Contains(l.text, fault) || !strings.HasSuffix(l.text, "; keeping "+kept) {
			t.Errorf("%s: %q", fault, l.text)
		}
	}
	pos := position(t, chess.StartFEN, "e2e4")
	p.send("position startpos moves e2e4", "go depth 6")
	p.bestMove(pos, 20*time.Second)

	p.send("setoption name EvalFile value "+good, "eval")
	l, _ := p.expect(`^NNUE evaluation`, 5*time.Second)
	if want := nnue.Random(3).ID; !strings.Contains(l.text, want) {
		t.Errorf("after loading %s: %q, want net %s", good, l.text, want)
	}
	p.send("setoption name EvalFile value " + bad["bad header"])
	p.expect(`^info string .*keeping `+nnue.Random(3).ID, 5*time.Second)
	p.send("setoption name EvalFile value "+def, "eval")
	l, _ = p.expect(`^NNUE evaluation`, 5*time.Second)
	if !strings.Contains(l.text, kept) || !strings.Contains(l.text, "in use (Use NNUE true)") {
		t.Errorf("back to the embedded net: %q", l.text)
	}
	p.send("go depth 6")
	p.bestMove(pos, 20*time.Second)
	p.send("setoption name Use NNUE value false", "eval")
	l, _ = p.expect(`^NNUE evaluation`, 5*time.Second)
	if !strings.Contains(l.text, "not in use") {
		t.Errorf("Use NNUE false: %q", l.text)
	}
}
