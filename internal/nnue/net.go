// Package nnue is Matador's efficiently updatable neural network: the net
// file, the two accumulators of each ply updated as moves are made, and
// the output layer, in plain Go and, built with GOEXPERIMENT=simd on
// amd64, in AVX2 through simd/archsimd. Both paths are integer arithmetic
// and give the same score to the bit, so every build has the same bench.
//
// The architecture is bullet's simple example, (768 -> Hidden)x2 -> 1 with
// SCReLU: 768 inputs (colour x piece type x square) seen from each side,
// one hidden layer whose weights both perspectives share, and one output
// that reads the side to move's half first, with its weights chosen from
// OutputBuckets sets by the number of pieces on the board (bullet's
// MaterialCount output buckets). A version 3 net adds king input buckets:
// each perspective's rows are chosen by where its own king stands, the
// board seen turned left to right when that king is on files a-d, and its
// width is its own (256 to 1024). A king that moves to another bucket or
// across the mirror is brought up to date from a refresh table. docs/nnue.md
// describes it.
//
// It imports only internal/chess, and internal/toolio to open a net file.
package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"unsafe"

	"matador/internal/chess"
	"matador/internal/toolio"
)

const (
	// Inputs is one input for each colour, piece type and square, in each
	// king bucket.
	Inputs = 768
	// Hidden is the width of the nets of versions 1 and 2, and of Random.
	Hidden = 256
	// MinHidden and MaxHidden bound a version 3 net's width, which is a
	// multiple of block: the kernels work a block at a time, so every
	// width runs the same unrolled code.
	MinHidden = block
	MaxHidden = 4 * block
	// MaxKingBuckets is one bucket for each square of the half board the
	// own king stands on after mirroring.
	MaxKingBuckets = 32
	// QA is the scale of the hidden layer's weights and of its activation
	// (a clamped 1.0 is QA), QB that of the output weights: bullet's
	// quantisation, with which SCReLU's product stays in int16 while the
	// weights stay within about +-1.98.
	QA = 255
	QB = 64
	// Scale turns the net's output, trained against sigmoid(score/Scale),
	// into centipawns.
	Scale = 400
	// OutputBuckets is the number of output layers, one for each band of
	// four in the count of pieces on the board (kings included).
	OutputBuckets = 8
)

// block is the kernels' width: 256 int16, a version 2 net's whole
// accumulator, so that its updates run as they always have, and a wider
// net's as two to four blocks.
const block = 256

// OutputBucket is the output layer of a position with pieces pieces on the
// board: 2 to 5 pieces the first, 30 to 32 the last.
func OutputBucket(pieces int) int { return min(max(pieces-2, 0)/4, OutputBuckets-1) }

// Magic opens every version 2 net file: the format's name and its
// version. Version 1 had one output layer and no bucket count in its
// header; Parse still reads it, giving every bucket its output layer.
// Version 3 (MagicV3) adds king buckets, horizontal mirroring and a
// width of its own.
var Magic = [8]byte{'M', 'A', 'T', 'N', 'N', 'U', 'E', 2}

// MagicV3 opens a version 3 net file.
var MagicV3 = [8]byte{'M', 'A', 'T', 'N', 'N', 'U', 'E', 3}

const (
	headerSize   = 8 + 6*4
	headerSizeV1 = 8 + 5*4
	// headerSizeV3 is the magic, seven uint32 (inputs, hidden, QA, QB,
	// scale, output buckets, king buckets) and the 32 bytes of the king
	// bucket layout.
	headerSizeV3 = 8 + 7*4 + 32
	// FileSize is the size of a version 2 net file: header (magic,
	// inputs, hidden, QA, QB, scale, buckets), hidden weights and biases,
	// each bucket's output weights, each bucket's output bias (int32) and
	// the CRC-32 of everything before it.
	FileSize = headerSize + 2*(Inputs*Hidden+Hidden+OutputBuckets*2*Hidden) + 4*OutputBuckets + 4
	// FileSizeV1 is the size of a version 1 file of the same shape.
	FileSizeV1 = headerSizeV1 + 2*(Inputs*Hidden+Hidden+2*Hidden) + 4 + 4
	// MaxFileSize is the largest net file of any version: version 3 at
	// the most king buckets and the widest layer.
	MaxFileSize = headerSizeV3 + 2*(MaxKingBuckets*Inputs*MaxHidden+MaxHidden+OutputBuckets*2*MaxHidden) + 4*OutputBuckets + 4
)

// FileSizeV3 is the size of a version 3 net file of width hidden and
// kingBuckets king buckets.
func FileSizeV3(hidden, kingBuckets int) int {
	return headerSizeV3 + 2*(kingBuckets*Inputs*hidden+hidden+OutputBuckets*2*hidden) + 4*OutputBuckets + 4
}

// Net is a quantised network.
type Net struct {
	// Hidden is the width of each perspective's accumulator.
	Hidden int
	// KingBuckets is the number of king buckets: 1 for a net of version 1
	// or 2.
	KingBuckets int
	// Mirrored nets (version 3) see the board turned left to right
	// whenever the perspective's own king is on files a-d, so that it is
	// always on files e-h.
	Mirrored bool
	// Layout is the king bucket of each square of the half board, e1-h1,
	// e2-h2, ..., e8-h8, from the perspective's own side (Black's board
	// turned round): all 0 in a net of version 1 or 2.
	Layout [32]uint8
	// FeatureWeights[(b*Inputs+f)*Hidden+i] is input f's weight into
	// hidden unit i in king bucket b, scaled by QA.
	FeatureWeights []int16
	FeatureBias    []int16
	// OutputWeights holds each bucket's output layer in turn: the side to
	// move's Hidden weights, then the opponent's, scaled by QB.
	OutputWeights []int16
	// OutputBias is each bucket's bias, scaled by QA*QB.
	OutputBias [OutputBuckets]int32
	// ID names the net as Stockfish names its nets: "nn-" and the first
	// 12 hex digits of the file's SHA-256.
	ID string

	// slot is, for each square of the own king as the perspective sees it
	// (Black's turned round), its king bucket times two plus one if the
	// board is mirrored: the index of its refresh table entry.
	slot [64]uint8
}

// NewNet is a net of zero weights of the given width and king bucket
// layout: for the trainer, which fills it. A nil layout is a net of
// version 2's architecture (one bucket, not mirrored); any layout,
// even of one bucket, makes a mirrored net of version 3.
func NewNet(hidden int, layout *[32]uint8) (*Net, error) {
	n := &Net{Hidden: hidden, KingBuckets: 1}
	if layout != nil {
		n.Mirrored = true
		n.Layout = *layout
		n.KingBuckets = 0
		for _, b := range layout {
			n.KingBuckets = max(n.KingBuckets, int(b)+1)
		}
	}
	if err := n.checkArch(); err != nil {
		return nil, err
	}
	n.alloc()
	return n, nil
}

// checkArch refuses a width or a layout this build cannot run.
func (n *Net) checkArch() error {
	if !n.Mirrored {
		if n.Hidden != Hidden || n.KingBuckets != 1 {
			return fmt.Errorf("a net without mirroring is %d wide with one king bucket, not %d with %d", Hidden, n.Hidden, n.KingBuckets)
		}
		return nil
	}
	if n.Hidden < MinHidden || n.Hidden > MaxHidden || n.Hidden%block != 0 {
		return fmt.Errorf("hidden width %d; this build reads multiples of %d from %d to %d", n.Hidden, block, MinHidden, MaxHidden)
	}
	if n.KingBuckets < 1 || n.KingBuckets > MaxKingBuckets {
		return fmt.Errorf("%d king buckets; this build reads 1 to %d", n.KingBuckets, MaxKingBuckets)
	}
	var used [MaxKingBuckets]bool
	for sq, b := range n.Layout {
		if int(b) >= n.KingBuckets {
			return fmt.Errorf("king bucket layout: square %d has bucket %d of %d", sq, b, n.KingBuckets)
		}
		used[b] = true
	}
	for b := range n.KingBuckets {
		if !used[b] {
			return fmt.Errorf("king bucket layout: bucket %d has no square", b)
		}
	}
	return nil
}

// alloc makes the net's weight slices for its shape and fills its table
// of slots. The weights come from one []uint64 each, so that they are
// 8-byte aligned for the plain kernels' uint64 reads.
func (n *Net) alloc() {
	n.FeatureWeights = alignedInt16(n.KingBuckets * Inputs * n.Hidden)
	n.FeatureBias = alignedInt16(n.Hidden)
	n.OutputWeights = alignedInt16(OutputBuckets * 2 * n.Hidden)
	n.initSlots()
}

func (n *Net) initSlots() {
	for sq := range 64 {
		if !n.Mirrored {
			n.slot[sq] = 0
			continue
		}
		file, rank := sq&7, sq>>3
		mirror := 0
		if file < 4 {
			mirror, file = 1, 7-file
		}
		n.slot[sq] = n.Layout[rank*4+file-4]<<1 | uint8(mirror)
	}
}

// alignedInt16 is a slice of n int16 that starts on an 8-byte boundary.
func alignedInt16(n int) []int16 {
	words := make([]uint64, (n+3)/4)
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*int16)(unsafe.Pointer(&words[0])), n)
}

// Slots is the number of refresh table entries of each perspective: one
// for each king bucket, mirrored or not.
func (n *Net) Slots() int { return 2 * n.KingBuckets }

// KingSlot is the refresh table entry (king bucket times two, plus one if
// the board is seen mirrored) of perspective's king on ksq.
func (n *Net) KingSlot(perspective chess.Color, ksq chess.Square) int {
	return int(n.slot[relative(perspective, ksq)])
}

func relative(perspective chess.Color, sq chess.Square) chess.Square {
	return sq ^ chess.Square(56*int(perspective))
}

// Feature is the input index of piece pc on square sq, seen by
// perspective: the perspective's own pieces first, and the board turned
// round for Black so that both sides see their pieces from their own side.
// It is the whole index in a net of version 1 or 2; a version 3 net's is
// FeatureIndex.
func Feature(perspective chess.Color, pc chess.Piece, sq chess.Square) int {
	f := (int(pc.Type()) - 1) * 64
	if pc.Color() != perspective {
		f += 384
	}
	if perspective == chess.Black {
		sq ^= 56
	}
	return f + int(sq)
}

// FeatureIndex is the row of piece pc on sq for perspective, whose own
// king is on ksq: the king bucket's block of Inputs rows, and within it
// Feature of the square, turned left to right when the king stands on
// files a-d (as the perspective sees them) in a mirrored net.
func (n *Net) FeatureIndex(perspective chess.Color, ksq chess.Square, pc chess.Piece, sq chess.Square) int {
	return featureAt(perspective, n.slot[relative(perspective, ksq)], pc, sq)
}

// featureAt is FeatureIndex from the king's slot.
func featureAt(perspective chess.Color, slot uint8, pc chess.Piece, sq chess.Square) int {
	return int(slot>>1)*Inputs + Feature(perspective, pc, sq^chess.Square(7*(slot&1)))
}

// Parse reads a net file's bytes, refusing any that is not a whole net
// this build can run, with its checksum right. A version 1 file, of one
// output layer, is read as a net whose buckets all have that layer.
func Parse(data []byte) (*Net, error) {
	if len(data) < 8 {
		return nil, fmt.Errorf("truncated: %d bytes, a net is %d", len(data), FileSize)
	}
	if !bytes.Equal(data[:7], Magic[:7]) || data[7] < 1 || data[7] > 3 {
		return nil, errors.New("not a Matador net (bad header)")
	}
	if data[7] == 3 {
		return parseV3(data)
	}
	version1 := data[7] == 1
	header, size, fields := headerSize, FileSize, 6
	if version1 {
		header, size, fields = headerSizeV1, FileSizeV1, 5
	}
	if len(data) < header {
		return nil, fmt.Errorf("truncated: %d bytes, a net is %d", len(data), size)
	}
	shape := [6]uint32{5: 1}
	for i := range fields {
		shape[i] = binary.LittleEndian.Uint32(data[8+4*i:])
	}
	want := [6]uint32{Inputs, Hidden, QA, QB, Scale, OutputBuckets}
	if version1 {
		want[5] = 1
	}
	if shape != want {
		return nil, fmt.Errorf("shape %d->%d, QA %d, QB %d, scale %d, %d output buckets; this build reads %d->%d, QA %d, QB %d, scale %d, %d output buckets",
			shape[0], shape[1], shape[2], shape[3], shape[4], shape[5], want[0], want[1], want[2], want[3], want[4], OutputBuckets)
	}
	if len(data) != size {
		return nil, fmt.Errorf("wrong size: %d bytes, a net of this shape is %d", len(data), size)
	}
	body := data[:size-4]
	if got, sum := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[size-4:]); got != sum {
		return nil, fmt.Errorf("bad checksum: %08x, the file says %08x", got, sum)
	}
	n := &Net{Hidden: Hidden, KingBuckets: 1}
	n.alloc()
	off := header
	read16 := func(dst []int16) {
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint16(data[off:]))
			off += 2
		}
	}
	read16(n.FeatureWeights)
	read16(n.FeatureBias)
	if version1 {
		read16(n.OutputWeights[:2*Hidden])
		n.OutputBias[0] = int32(binary.LittleEndian.Uint32(data[off:]))
		for b := 1; b < OutputBuckets; b++ {
			copy(n.OutputWeights[b*2*Hidden:(b+1)*2*Hidden], n.OutputWeights[:2*Hidden])
			n.OutputBias[b] = n.OutputBias[0]
		}
	} else {
		read16(n.OutputWeights)
		for b := range n.OutputBias {
			n.OutputBias[b] = int32(binary.LittleEndian.Uint32(data[off:]))
			off += 4
		}
	}
	n.ID = NameOf(data)
	return n, nil
}

// parseV3 reads a version 3 file: its header names its width and king
// buckets, which are checked, and the file's size with them, before
// anything is allocated.
func parseV3(data []byte) (*Net, error) {
	if len(data) < headerSizeV3 {
		return nil, fmt.Errorf("truncated: %d bytes, a version 3 header is %d", len(data), headerSizeV3)
	}
	var shape [7]uint32
	for i := range shape {
		shape[i] = binary.LittleEndian.Uint32(data[8+4*i:])
	}
	if shape[0] != Inputs || shape[2] != QA || shape[3] != QB || shape[4] != Scale || shape[5] != OutputBuckets {
		return nil, fmt.Errorf("shape %d inputs, QA %d, QB %d, scale %d, %d output buckets; this build reads %d inputs, QA %d, QB %d, scale %d, %d output buckets",
			shape[0], shape[2], shape[3], shape[4], shape[5], Inputs, QA, QB, Scale, OutputBuckets)
	}
	if shape[1] > MaxHidden || shape[6] > MaxKingBuckets {
		return nil, fmt.Errorf("shape %d wide with %d king buckets; this build reads at most %d wide and %d king buckets", shape[1], shape[6], MaxHidden, MaxKingBuckets)
	}
	n := &Net{Hidden: int(shape[1]), KingBuckets: int(shape[6]), Mirrored: true}
	copy(n.Layout[:], data[8+7*4:headerSizeV3])
	if err := n.checkArch(); err != nil {
		return nil, err
	}
	size := FileSizeV3(n.Hidden, n.KingBuckets)
	if len(data) != size {
		return nil, fmt.Errorf("wrong size: %d bytes, a net of this shape is %d", len(data), size)
	}
	if got, sum := crc32.ChecksumIEEE(data[:size-4]), binary.LittleEndian.Uint32(data[size-4:]); got != sum {
		return nil, fmt.Errorf("bad checksum: %08x, the file says %08x", got, sum)
	}
	n.alloc()
	off := headerSizeV3
	for _, dst := range [3][]int16{n.FeatureWeights, n.FeatureBias, n.OutputWeights} {
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint16(data[off:]))
			off += 2
		}
	}
	for b := range n.OutputBias {
		n.OutputBias[b] = int32(binary.LittleEndian.Uint32(data[off:]))
		off += 4
	}
	n.ID = NameOf(data)
	return n, nil
}

// NameOf is the name of a net file's bytes: "nn-" and the first 12 hex
// digits of their SHA-256, as Stockfish names its nets.
func NameOf(data []byte) string {
	sum := sha256.Sum256(data)
	return "nn-" + hex.EncodeToString(sum[:6])
}

// Load reads a net file, refusing a directory, a device, a named pipe or
// a file too large to be a net before reading it (toolio.ReadFile).
func Load(path string) (*Net, error) {
	data, err := toolio.ReadFile(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Encode writes the net in the file format, with its checksum: version
// 2 for a net of its architecture (not mirrored), version 3 otherwise.
func (n *Net) Encode() []byte {
	var out []byte
	if n.Mirrored {
		out = make([]byte, 0, FileSizeV3(n.Hidden, n.KingBuckets))
		out = append(out, MagicV3[:]...)
		for _, v := range [7]uint32{Inputs, uint32(n.Hidden), QA, QB, Scale, OutputBuckets, uint32(n.KingBuckets)} {
			out = binary.LittleEndian.AppendUint32(out, v)
		}
		out = append(out, n.Layout[:]...)
	} else {
		out = make([]byte, 0, FileSize)
		out = append(out, Magic[:]...)
		for _, v := range [6]uint32{Inputs, Hidden, QA, QB, Scale, OutputBuckets} {
			out = binary.LittleEndian.AppendUint32(out, v)
		}
	}
	for _, a := range [3][]int16{n.FeatureWeights, n.FeatureBias, n.OutputWeights} {
		for _, w := range a {
			out = binary.LittleEndian.AppendUint16(out, uint16(w))
		}
	}
	for _, b := range n.OutputBias {
		out = binary.LittleEndian.AppendUint32(out, uint32(b))
	}
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

// Evaluate is the net's score of pos in centipawns from the side to move's
// view, computed from nothing: for tests and the eval command, not the
// search, which keeps a Stack.
func (n *Net) Evaluate(pos *chess.Position) int {
	// Two accumulators of the widest net, on the stack and 8-byte
	// aligned: evalscale runs this on many positions.
	var words [2 * MaxHidden / 4]uint64
	acc := unsafe.Slice((*int16)(unsafe.Pointer(&words[0])), 2*n.Hidden)
	us := pos.SideToMove()
	n.refresh(pos, us, acc[:n.Hidden])
	n.refresh(pos, us.Other(), acc[n.Hidden:])
	return n.output(acc[:n.Hidden], acc[n.Hidden:], OutputBucket(pos.Occupied().Count()))
}

// refresh sets acc to the bias plus the weights of every piece of pos as
// perspective sees it.
func (n *Net) refresh(pos *chess.Position, perspective chess.Color, acc []int16) {
	copy(acc, n.FeatureBias)
	slot := n.slot[relative(perspective, pos.KingSquare(perspective))]
	occ := pos.Occupied()
	a := blocksOf(acc)
	for occ != 0 {
		sq := occ.PopFirst()
		r := blocksOf(n.row(featureAt(perspective, slot, pos.PieceOn(sq), sq)))
		_ = r[len(a)-1]
		addRow(&a[0], &r[0], len(a))
	}
}

// row is input row f's weights.
func (n *Net) row(f int) []int16 {
	return n.FeatureWeights[f*n.Hidden : (f+1)*n.Hidden]
}

// output is bucket's output layer on the two accumulators: SCReLU, the
// dot product with the output weights, then the scale from the quantised
// units (QA*QA*QB for the sum) to centipawns. Each block's sum is an
// int32, which no block of weights within +-127 can overflow (256 *
// 255*255 * 127 < 2^31); the blocks add in int64, so that no width the
// trainer allows overflows either (TestQuantisationBounds).
func (n *Net) output(us, them []int16, bucket int) int {
	h := n.Hidden
	u, t, w := blocksOf(us), blocksOf(them), blocksOf(n.OutputWeights[bucket*2*h:(bucket+1)*2*h])
	nb := len(w) / 2
	_, _ = u[nb-1], t[nb-1]
	return outputOf(&u[0], &t[0], &w[0], &w[nb], nb, n.OutputBias[bucket])
}

// outputOf is output from the first of the n blocks of each accumulator
// and of the bucket's weights for each (wUs those of the side to move,
// wThem the opponent's), and the bucket's bias.
func outputOf(us, them, wUs, wThem *[block]int16, n int, bias int32) int {
	v := screluSum(us, them, wUs, wThem, n)/QA + int64(bias)
	return int(v * Scale / (QA * QB))
}

// blocksOf is s, whose length is a multiple of block, a block at a time:
// the same memory, so that a wide accumulator's blocks are each one
// index, not a re-slicing with its checks.
func blocksOf(s []int16) [][block]int16 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*[block]int16)(unsafe.Pointer(&s[0])), len(s)/block)
}

// KingLayout is a king bucket layout of the given number of buckets over
// the half board (e1-h1, e2-h2, ..., e8-h8, the own king always on files
// e-h), for the trainer's -king-buckets: the most buckets where the king
// stands most often and the pieces' best places change most with it, on
// its first ranks, as Berserk's and bullet's examples lay theirs out.
func KingLayout(buckets int) ([32]uint8, bool) {
	var l [32]uint8
	switch buckets {
	case 1:
	case 4:
		// The centre files and the castled corner of the first rank, the
		// second rank, and the rest of the board.
		copy(l[:], []uint8{
			0, 0, 1, 1,
			2, 2, 2, 2,
		})
		for i := 8; i < 32; i++ {
			l[i] = 3
		}
	case 8, 10:
		copy(l[:], []uint8{
			0, 1, 2, 3,
			4, 4, 5, 5,
		})
		for i := 8; i < 32; i++ {
			if buckets == 10 {
				// Rank 3 in two halves, rank 4, then the rest.
				switch {
				case i < 12:
					l[i] = 6 + uint8(i-8)/2
				case i < 16:
					l[i] = 8
				default:
					l[i] = 9
				}
				continue
			}
			// Ranks 3-4 and the rest.
			l[i] = 6
			if i >= 16 {
				l[i] = 7
			}
		}
	default:
		return l, false
	}
	return l, true
}
