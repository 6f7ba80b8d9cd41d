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
// MaterialCount output buckets). docs/nnue.md describes it.
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

	"matador/internal/chess"

	"matador/internal/toolio"
)

const (
	// Inputs is one input for each colour, piece type and square.
	Inputs = 768
	// Hidden is the width of each perspective's accumulator.
	Hidden = 256
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

// OutputBucket is the output layer of a position with pieces pieces on the
// board: 2 to 5 pieces the first, 30 to 32 the last.
func OutputBucket(pieces int) int { return min(max(pieces-2, 0)/4, OutputBuckets-1) }

// Magic opens every net file this build writes: the format's name and its
// version, 2. Version 1 had one output layer and no bucket count in its
// header; Parse still reads it, giving every bucket its output layer.
var Magic = [8]byte{'M', 'A', 'T', 'N', 'N', 'U', 'E', 2}

const (
	headerSize   = 8 + 6*4
	headerSizeV1 = 8 + 5*4
	// FileSize is the size of a net file of this build's shape: header
	// (magic, inputs, hidden, QA, QB, scale, buckets), hidden weights and
	// biases, each bucket's output weights, each bucket's output bias
	// (int32) and the CRC-32 of everything before it.
	FileSize = headerSize + 2*(Inputs*Hidden+Hidden+OutputBuckets*2*Hidden) + 4*OutputBuckets + 4
	// FileSizeV1 is the size of a version 1 file of the same shape.
	FileSizeV1 = headerSizeV1 + 2*(Inputs*Hidden+Hidden+2*Hidden) + 4 + 4
)

// Net is a quantised network.
type Net struct {
	// FeatureWeights[f*Hidden+i] is input f's weight into hidden unit i,
	// scaled by QA.
	FeatureWeights [Inputs * Hidden]int16
	FeatureBias    [Hidden]int16
	// OutputWeights holds each bucket's output layer in turn: the side to
	// move's Hidden weights, then the opponent's, scaled by QB.
	OutputWeights [OutputBuckets * 2 * Hidden]int16
	// OutputBias is each bucket's bias, scaled by QA*QB.
	OutputBias [OutputBuckets]int32
	// ID names the net as Stockfish names its nets: "nn-" and the first
	// 12 hex digits of the file's SHA-256.
	ID string
}

// Feature is the input index of piece pc on square sq, seen by
// perspective: the perspective's own pieces first, and the board turned
// round for Black so that both sides see their pieces from their own side.
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

// Parse reads a net file's bytes, refusing any that is not a whole net of
// this build's shape with its checksum right. A version 1 file, of one
// output layer, is read as a net whose buckets all have that layer.
func Parse(data []byte) (*Net, error) {
	if len(data) < 8 {
		return nil, fmt.Errorf("truncated: %d bytes, a net is %d", len(data), FileSize)
	}
	if !bytes.Equal(data[:7], Magic[:7]) || (data[7] != 1 && data[7] != Magic[7]) {
		return nil, errors.New("not a Matador net (bad header)")
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
	n := new(Net)
	off := header
	read16 := func(dst []int16) {
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint16(data[off:]))
			off += 2
		}
	}
	read16(n.FeatureWeights[:])
	read16(n.FeatureBias[:])
	if version1 {
		read16(n.OutputWeights[:2*Hidden])
		n.OutputBias[0] = int32(binary.LittleEndian.Uint32(data[off:]))
		for b := 1; b < OutputBuckets; b++ {
			copy(n.OutputWeights[b*2*Hidden:(b+1)*2*Hidden], n.OutputWeights[:2*Hidden])
			n.OutputBias[b] = n.OutputBias[0]
		}
	} else {
		read16(n.OutputWeights[:])
		for b := range n.OutputBias {
			n.OutputBias[b] = int32(binary.LittleEndian.Uint32(data[off:]))
			off += 4
		}
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
	data, err := toolio.ReadFile(path, FileSize)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Encode writes the net in the file format, with its checksum.
func (n *Net) Encode() []byte {
	out := make([]byte, 0, FileSize)
	out = append(out, Magic[:]...)
	for _, v := range [6]uint32{Inputs, Hidden, QA, QB, Scale, OutputBuckets} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, w := range n.FeatureWeights {
		out = binary.LittleEndian.AppendUint16(out, uint16(w))
	}
	for _, w := range n.FeatureBias {
		out = binary.LittleEndian.AppendUint16(out, uint16(w))
	}
	for _, w := range n.OutputWeights {
		out = binary.LittleEndian.AppendUint16(out, uint16(w))
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
	var pair accPair
	acc := &pair.acc
	n.refresh(pos, chess.White, &acc[chess.White])
	n.refresh(pos, chess.Black, &acc[chess.Black])
	us := pos.SideToMove()
	return n.output(&acc[us], &acc[us.Other()], OutputBucket(pos.Occupied().Count()))
}

// accPair is the two accumulators of a position, 8-byte aligned for the
// kernels' uint64 reads.
type accPair struct {
	_   [0]uint64
	acc [2][Hidden]int16
}

// refresh sets acc to the bias plus the weights of every piece of pos as
// perspective sees it.
func (n *Net) refresh(pos *chess.Position, perspective chess.Color, acc *[Hidden]int16) {
	*acc = n.FeatureBias
	occ := pos.Occupied()
	for occ != 0 {
		sq := occ.PopFirst()
		f := Feature(perspective, pos.PieceOn(sq), sq)
		addRow(acc, n.row(f))
	}
}

// row is input f's weights.
func (n *Net) row(f int) *[Hidden]int16 {
	return (*[Hidden]int16)(n.FeatureWeights[f*Hidden : (f+1)*Hidden])
}

// output is bucket's output layer on the two accumulators: SCReLU, the
// dot product with the output weights, then the scale from the quantised
// units (QA*QA*QB for the sum) to centipawns.
func (n *Net) output(us, them *[Hidden]int16, bucket int) int {
	w := n.OutputWeights[bucket*2*Hidden : (bucket+1)*2*Hidden]
	sum := screluDot(us, (*[Hidden]int16)(w[:Hidden])) +
		screluDot(them, (*[Hidden]int16)(w[Hidden:]))
	v := int64(sum)/QA + int64(n.OutputBias[bucket])
	return int(v * Scale / (QA * QB))
}
