package nnue

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matador/internal/chess"
)

var testFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
}

func mustFEN(t testing.TB, fen string) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// TestStackMatchesRefresh plays random games with takebacks and null moves
// and holds every incrementally updated score to the score from nothing.
func TestStackMatchesRefresh(t *testing.T) {
	net := Random(1)
	r := rand.New(rand.NewPCG(7, 7))
	checked := 0
	for _, fen := range testFENs {
		for game := 0; game < 20; game++ {
			pos := mustFEN(t, fen)
			s := NewStack(net)
			s.SetEager(game%2 == 1) // the eager stack held to the same
			s.Reset(pos)
			type made struct {
				m    chess.Move
				null bool
			}
			var line []made
			for step := 0; step < 120; step++ {
				var ml chess.MoveList
				pos.GenerateLegal(&ml)
				switch {
				case len(line) > 0 && (r.IntN(4) == 0 || ml.N == 0 || len(line) >= MaxDepth):
					last := line[len(line)-1]
					line = line[:len(line)-1]
					if last.null {
						pos.UnmakeNullMove()
					} else {
						pos.UnmakeMove(last.m)
					}
					s.Pop()
				case ml.N == 0:
					step = 1 << 30
					continue
				case !pos.InCheck() && r.IntN(10) == 0:
					s.PushNull()
					pos.MakeNullMove()
					line = append(line, made{null: true})
				default:
					m := ml.Moves[r.IntN(ml.N)]
					s.Push(pos, m)
					pos.MakeMove(m)
					line = append(line, made{m: m})
				}
				// Evaluate only some plies, so that updates span several.
				if r.IntN(3) == 0 {
					if got, want := s.Evaluate(pos), net.Evaluate(pos); got != want {
						t.Fatalf("%s after %d plies: stack %d, refresh %d", pos.FEN(), len(line), got, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestGolden holds the score of a seeded random net on fixed positions to
// numbers computed once, so that the plain and the vector builds, and
// every platform, are held to the same bits.
func TestGolden(t *testing.T) {
	net := Random(42)
	want := []int{12212, 3701, 8215, 5412, 3567, 3920}
	for i, fen := range testFENs {
		if got := net.Evaluate(mustFEN(t, fen)); got != want[i] {
			t.Errorf("%s: %d, want %d (kernels %s)", fen, got, want[i], Vector())
		}
	}
}

// TestFeatureMirror: a position and its colour-flipped mirror get the same
// score, since each side sees its own pieces from its own side.
func TestFeatureMirror(t *testing.T) {
	net := Random(3)
	a := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b := mustFEN(t, "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1")
	if x, y := net.Evaluate(a), net.Evaluate(b); x != y {
		t.Fatalf("mirrored positions: %d and %d", x, y)
	}
}

func TestEncodeParseRoundTrip(t *testing.T) {
	net := Random(5)
	data := net.Encode()
	if len(data) != FileSize {
		t.Fatalf("encoded %d bytes, FileSize %d", len(data), FileSize)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !sameWeights(back, net) || back.ID != net.ID {
		t.Fatal("round trip changed the net")
	}
	if !strings.HasPrefix(back.ID, "nn-") || len(back.ID) != 15 {
		t.Fatalf("ID %q", back.ID)
	}
}

func TestParseRefuses(t *testing.T) {
	good := Random(6).Encode()
	resum := func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		return b
	}
	cases := map[string]struct {
		data []byte
		want string
	}{
		"empty":      {nil, "truncated"},
		"header cut": {good[:10], "truncated"},
		"truncated":  {good[:len(good)-100], "wrong size"},
		"too long":   {append(bytes.Clone(good), 0), "wrong size"},
		"bad header": {append([]byte("MATADOR\x02"), good[8:]...), "bad header"},
		"version 4":  {append([]byte("MATNNUE\x04"), good[8:]...), "bad header"},
		"version 0":  {append([]byte("MATNNUE\x00"), good[8:]...), "bad header"},
		"v1 cut":     {encodeV1(Random(6))[:20], "truncated"},
		"v1 long":    {append(encodeV1(Random(6)), 0), "wrong size"},
		"v2 sized as v1": {func() []byte {
			b := bytes.Clone(encodeV1(Random(6)))
			b[7] = 2
			return b
		}(), "shape"},
		"four buckets": {func() []byte {
			b := bytes.Clone(good)
			binary.LittleEndian.PutUint32(b[28:], 4)
			return resum(b)
		}(), "4 output buckets"},
		"bad sum": {func() []byte { b := bytes.Clone(good); b[100] ^= 1; return b }(), "bad checksum"},
		"wide": {func() []byte {
			b := bytes.Clone(good)
			binary.LittleEndian.PutUint32(b[12:], 512)
			return resum(b)
		}(), "shape 768->512"},
	}
	for name, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(filepath.Join(dir, "missing.nnue")); err == nil {
		t.Error("a missing file was loaded")
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory: %v", err)
	}
	big := filepath.Join(dir, "big.nnue")
	if err := os.WriteFile(big, make([]byte, FileSize+10), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(big); err == nil {
		t.Error("a file too large was loaded")
	}
	good := filepath.Join(dir, "good.nnue")
	if err := os.WriteFile(good, Random(8).Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(good); err != nil {
		t.Errorf("a good net: %v", err)
	}
}

// sameWeights tells whether two nets have the same architecture and
// weights.
func sameWeights(a, b *Net) bool {
	return a.Hidden == b.Hidden && a.KingBuckets == b.KingBuckets && a.Mirrored == b.Mirrored && a.Layout == b.Layout &&
		slices.Equal(a.FeatureWeights, b.FeatureWeights) && slices.Equal(a.FeatureBias, b.FeatureBias) &&
		slices.Equal(a.OutputWeights, b.OutputWeights) && a.OutputBias == b.OutputBias
}

// encodeV1 writes bucket 0 of n in the version 1 format, of one output
// layer, as the nets before output buckets were written.
func encodeV1(n *Net) []byte {
	out := append([]byte("MATNNUE\x01"), make([]byte, 0, FileSizeV1)...)
	for _, v := range [5]uint32{Inputs, Hidden, QA, QB, Scale} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, w := range n.FeatureWeights {
		out = binary.LittleEndian.AppendUint16(out, uint16(w))
	}
	for _, w := range n.FeatureBias {
		out = binary.LittleEndian.AppendUint16(out, uint16(w))
	}
	for _, w := range n.OutputWeights[:2*Hidden] {
		out = binary.LittleEndian.AppendUint16(out, uint16(w))
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(n.OutputBias[0]))
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

// TestParseVersion1: a file of one output layer loads as a net whose
// buckets all have it, so its scores are the layer's on every position,
// whatever its piece count; and the embedded net loads.
func TestParseVersion1(t *testing.T) {
	src := Random(12)
	data := encodeV1(src)
	if len(data) != FileSizeV1 {
		t.Fatalf("version 1 file of %d bytes, want %d", len(data), FileSizeV1)
	}
	n, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if n.ID != NameOf(data) || !slices.Equal(n.FeatureWeights, src.FeatureWeights) || !slices.Equal(n.FeatureBias, src.FeatureBias) {
		t.Fatal("the version 1 file's hidden layer or name did not load")
	}
	one := *src
	one.OutputWeights = slices.Clone(src.OutputWeights)
	for b := 0; b < OutputBuckets; b++ {
		copy(one.OutputWeights[b*2*Hidden:], src.OutputWeights[:2*Hidden])
		one.OutputBias[b] = src.OutputBias[0]
	}
	if !slices.Equal(n.OutputWeights, one.OutputWeights) || n.OutputBias != one.OutputBias {
		t.Fatal("the buckets do not all hold the version 1 output layer")
	}
	acc := alignedInt16(2 * Hidden)
	for _, fen := range testFENs {
		pos := mustFEN(t, fen)
		src.refresh(pos, pos.SideToMove(), acc[:Hidden])
		src.refresh(pos, pos.SideToMove().Other(), acc[Hidden:])
		if got, want := n.Evaluate(pos), src.output(acc[:Hidden], acc[Hidden:], 0); got != want {
			t.Errorf("%s: %d, want bucket 0's %d", fen, got, want)
		}
	}
	if _, err := Parse(defaultFile); err != nil {
		t.Errorf("the embedded net: %v", err)
	}
}

// TestOutputBucket: the bands of four pieces, and counts outside a legal
// position's held to the first and last bucket.
func TestOutputBucket(t *testing.T) {
	for pieces, want := range map[int]int{0: 0, 2: 0, 5: 0, 6: 1, 17: 3, 29: 6, 30: 7, 32: 7, 40: 7} {
		if got := OutputBucket(pieces); got != want {
			t.Errorf("OutputBucket(%d) = %d, want %d", pieces, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	good := Random(9).Encode()
	f.Add(good)
	f.Add(good[:headerSize])
	f.Add([]byte("MATNNUE\x01"))
	f.Add(encodeV1(Random(9)))
	l4, _ := KingLayout(4)
	v3, _ := RandomV3(9, 256, l4)
	f.Add(v3.Encode())
	f.Add(v3.Encode()[:headerSizeV3])
	f.Add([]byte("MATNNUE\x03"))
	f.Fuzz(func(t *testing.T, data []byte) {
		net, err := Parse(data)
		if err != nil {
			return
		}
		// Whatever loads must evaluate without fault.
		_ = net.Evaluate(mustFEN(t, testFENs[1]))
		if data[7] != 1 && !bytes.Equal(net.Encode(), data) {
			t.Fatal("a net that loaded does not encode to its file")
		}
		back, err := Parse(net.Encode())
		if err != nil || !sameWeights(back, net) {
			t.Fatalf("a net that loaded does not come back from its encoding: %v", err)
		}
	})
}

func BenchmarkEvaluateUpdate(b *testing.B) {
	net := Random(1)
	pos := mustFEN(b, testFENs[1])
	s := NewStack(net)
	s.Reset(pos)
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m := ml.Moves[i%ml.N]
		s.Push(pos, m)
		pos.MakeMove(m)
		_ = s.Evaluate(pos)
		pos.UnmakeMove(m)
		s.Pop()
	}
}

func BenchmarkOutput(b *testing.B) {
	net := Random(1)
	acc := alignedInt16(2 * Hidden)
	pos := mustFEN(b, testFENs[1])
	net.refresh(pos, chess.White, acc[:Hidden])
	net.refresh(pos, chess.Black, acc[Hidden:])
	for b.Loop() {
		_ = net.output(acc[:Hidden], acc[Hidden:], OutputBucket(pos.Occupied().Count()))
	}
}
