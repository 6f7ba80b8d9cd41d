package train

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"matador/internal/chess"
	"matador/internal/nnue"
	"matador/internal/trainbin"
)

// maxPieces bounds the pieces of a packed board; the scan refuses more, so
// the decoder's fixed arrays always suffice.
const maxPieces = 32

// features is one position as the net reads it: the input rows of its
// pieces from the side to move's view and from the other side's, and the
// target of the loss. A factorised net's shared rows are not listed: a
// step reads each bucket row merged with its shared row (mergeRows).
type features struct {
	n      int // pieces
	us     [maxPieces]uint16
	them   [maxPieces]uint16
	target float32
	// result is the game's result alone, for the validation loss that
	// compares runs of different lambdas.
	result float32
}

// decodeBoard reads a packed board's pieces straight into the net's input
// rows, as nnue's Net.FeatureIndex numbers them, without building a
// position: chess.PackedBoard.Unpack goes through FEN, far slower than
// training on the position. It trusts the board (checkRecord has passed
// it) and returns the side to move. With mirror, every square's file is
// turned round (a for h), as if the board were seen in a mirror. A net
// with king buckets needs each side's king first, so the pieces are read
// in one pass and numbered in a second.
func (a *arch) decodeBoard(b []byte, mirror bool, white, black *[maxPieces]uint16) (n int, stm chess.Color) {
	flip := uint16(0)
	if mirror {
		flip = 7
	}
	var sqs, codes [maxPieces]uint16
	var kings [2]uint16
	occ := binary.LittleEndian.Uint64(b[0:8])
	for ; occ != 0; n++ {
		sq := uint16(bits.TrailingZeros64(occ)) ^ flip
		occ &= occ - 1
		code := uint16(b[8+n/2]>>(4*(n&1))) & 0xF
		if code&7 == 6 { // a rook with a castling right is a rook to the net
			code = code&8 | 3
		}
		if code&7 == 5 {
			kings[code>>3] = sq
		}
		sqs[n], codes[n] = sq, code
	}
	// Each side's slot: its king bucket's first row and the file flip of
	// the mirrored board, from its king's square as it sees it.
	sw, sb := a.slot[kings[0]], a.slot[kings[1]^56]
	baseW, flipW := uint16(sw>>1)*nnue.Inputs, uint16(sw&1)*7
	baseB, flipB := uint16(sb>>1)*nnue.Inputs, uint16(sb&1)*7
	for i := range n {
		sq, code := sqs[i], codes[i]
		t, c := code&7, code>>3
		white[i] = baseW + 384*c + 64*t + (sq ^ flipW)
		black[i] = baseB + 384*(c^1) + 64*t + (sq ^ 56 ^ flipB)
	}
	return n, chess.Color(b[24] >> 7)
}

// decodeRecord fills f from a trainbin record: the pieces as each side sees
// them, the side to move's first, and the target, the game's result from the
// side to move's view weighted by lambda against the score's win
// probability sigmoid(score/Scale). With mirror it reads the board seen in
// a mirror (decodeBoard), with the same labels.
func (a *arch) decodeRecord(rec []byte, lambda float64, mirror bool, f *features) {
	var white, black [maxPieces]uint16
	n, stm := a.decodeBoard(rec, mirror, &white, &black)
	f.n = n
	score := float64(int16(binary.LittleEndian.Uint16(rec[28:30])))
	result := float64(rec[30]) / 2
	if stm == chess.Black {
		f.us, f.them = black, white
		score, result = -score, 1-result
	} else {
		f.us, f.them = white, black
	}
	f.target = float32(lambda*result + (1-lambda)*sigmoid(score/scale))
	f.result = float32(result)
}

// hasCastlingRight tells whether a packed board has a rook with a castling
// right. Chess is the same game seen in a mirror but for castling, whose
// king goes to the g- or c-file whichever side it castles on, so only a
// position without castling rights can be mirrored and keep its score.
func hasCastlingRight(b []byte) bool {
	n := bits.OnesCount64(binary.LittleEndian.Uint64(b[0:8]))
	for i := range n {
		if b[8+i/2]>>(4*(i&1))&7 == 6 {
			return true
		}
	}
	return false
}

// checkRecord refuses a record the trainer cannot read safely: bad labels
// (trainbin.Decode's checks), more than 32 pieces, or a piece code that is
// none. It returns whether the record has a score and its game number.
func checkRecord(rec []byte) (hasScore bool, game uint32, err error) {
	r, err := trainbin.Decode(rec)
	if err != nil {
		return false, 0, err
	}
	occ := binary.LittleEndian.Uint64(rec[0:8])
	n := bits.OnesCount64(occ)
	if n > maxPieces {
		return false, 0, fmt.Errorf("board has %d pieces, at most %d", n, maxPieces)
	}
	for i := range n {
		if code := rec[8+i/2] >> (4 * (i & 1)) & 7; code > 6 {
			return false, 0, fmt.Errorf("board has piece code %d", code)
		}
	}
	if rec[24]&0x7F > 64 {
		return false, 0, errors.New("board has a bad en passant byte")
	}
	return r.HasScore, r.Game, nil
}
