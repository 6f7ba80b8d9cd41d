// Package nnue is Matador's efficiently updatable neural network: the net
// file, the two accumulators of each ply updated as moves are made, and
// the output layer, in plain Go and, built with GOEXPERIMENT=simd on
// amd64, in AVX2 through simd/archsimd. Both paths are integer arithmetic
// and give the same score to the bit, so every build has the same bench.
//
// The architecture is bullet's simple example, (768 -> Hidden)x2 -> 1 with
// SCReLU: 768 inputs (colour x piece type x square) seen from each side,
// one hidden layer whose weights both perspectives share, and one output
// that reads the side to move's half first. docs/nnue.md describes it.
//
// It imports only internal/chess.
package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"matador/internal/chess"
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
)

// Magic opens every net file: the format's name and its version.
var Magic = [8]byte{'M', 'A', 'T', 'N', 'N', 'U', 'E', 1}

const (
	headerSize = 8 + 5*4
	// FileSize is the size of a net file of this build's shape: header,
	// hidden weights and biases, output weights, output bias (int32) and
	// the CRC-32 of everything before it.
	FileSize = headerSize + 2*(Inputs*Hidden+Hidden+2*Hidden) + 4 + 4
)

// Net is a quantised network.
type Net struct {
	// FeatureWeights[f*Hidden+i] is input f's weight into hidden unit i,
	// scaled by QA.
	FeatureWeights [Inputs * Hidden]int16
	FeatureBias    [Hidden]int16
	// OutputWeights holds the side to move's Hidden weights, then the
	// opponent's, scaled by QB.
	OutputWeights [2 * Hidden]int16
	// OutputBias is scaled by QA*QB.
	OutputBias int32
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
// this build's shape with its checksum right.
func Parse(data []byte) (*Net, error) {
	if len(data) < headerSize {
		return nil, fmt.Errorf("truncated: %d bytes, a net is %d", len(data), FileSize)
	}
	if !bytes.Equal(data[:8], Magic[:]) {
		return nil, errors.New("not a Matador net (bad header)")
	}
	shape := [5]uint32{}
	for i := range shape {
		shape[i] = binary.LittleEndian.Uint32(data[8+4*i:])
	}
	want := [5]uint32{Inputs, Hidden, QA, QB, Scale}
	if shape != want {
		return nil, fmt.Errorf("shape %d->%d, QA %d, QB %d, scale %d; this build reads %d->%d, QA %d, QB %d, scale %d",
			shape[0], shape[1], shape[2], shape[3], shape[4], want[0], want[1], want[2], want[3], want[4])
	}
	if len(data) != FileSize {
		return nil, fmt.Errorf("wrong size: %d bytes, a net of this shape is %d", len(data), FileSize)
	}
	body := data[:FileSize-4]
	if got, sum := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[FileSize-4:]); got != sum {
		return nil, fmt.Errorf("bad checksum: %08x, the file says %08x", got, sum)
	}
	n := new(Net)
	off := headerSize
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(binary.LittleEndian.Uint16(data[off:]))
		off += 2
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(binary.LittleEndian.Uint16(data[off:]))
		off += 2
	}
	for i := range n.OutputWeights {
		n.OutputWeights[i] = int16(binary.LittleEndian.Uint16(data[off:]))
		off += 2
	}
	n.OutputBias = int32(binary.LittleEndian.Uint32(data[off:]))
	n.ID = NameOf(data)
	return n, nil
}

// NameOf is the name of a net file's bytes: "nn-" and the first 12 hex
// digits of their SHA-256, as Stockfish names its nets.
func NameOf(data []byte) string {
	sum := sha256.Sum256(data)
	return "nn-" + hex.EncodeToString(sum[:6])
}

// Load reads a net file, refusing a directory, a device or a file too
// large to be a net before reading it.
func Load(path string) (*Net, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, FileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > FileSize {
		return nil, fmt.Errorf("wrong size: more than %d bytes", FileSize)
	}
	return Parse(data)
}

// Encode writes the net in the file format, with its checksum.
func (n *Net) Encode() []byte {
	out := make([]byte, 0, FileSize)
	out = append(out, Magic[:]...)
	for _, v := range [5]uint32{Inputs, Hidden, QA, QB, Scale} {
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
	out = binary.LittleEndian.AppendUint32(out, uint32(n.OutputBias))
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

// Evaluate is the net's score of pos in centipawns from the side to move's
// view, computed from nothing: for tests and the eval command, not the
// search, which keeps a Stack.
func (n *Net) Evaluate(pos *chess.Position) int {
	var acc [2][Hidden]int16
	n.refresh(pos, chess.White, &acc[chess.White])
	n.refresh(pos, chess.Black, &acc[chess.Black])
	us := pos.SideToMove()
	return n.output(&acc[us], &acc[us.Other()])
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

// output is the output layer on the two accumulators: SCReLU, the dot
// product with the output weights, then the scale from the quantised
// units (QA*QA*QB for the sum) to centipawns.
func (n *Net) output(us, them *[Hidden]int16) int {
	sum := screluDot(us, (*[Hidden]int16)(n.OutputWeights[:Hidden])) +
		screluDot(them, (*[Hidden]int16)(n.OutputWeights[Hidden:]))
	v := int64(sum)/QA + int64(n.OutputBias)
	return int(v * Scale / (QA * QB))
}
