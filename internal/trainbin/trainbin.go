// Package trainbin is the binary form of the tuner's training data: the
// positions of `matador datagen` at 36 bytes each, where a text line takes
// about 70.
//
// A file is the 8 bytes "MATADOR" 0x01 (the format's name and version, by
// which a reader tells it from a text file) and then records of RecordSize
// bytes, one position each, multi-byte fields little-endian:
//
//	0-27   the board, chess.PackedBoard: occupancy (0-7), a nibble per piece
//	       (8-23), side to move and en passant square (24), half-move
//	       clock (25), full-move number (26-27)
//	28-29  the search score, int16, centipawns from White's view
//	30     the game's result from White's view: 0 loss, 1 draw, 2 win
//	31     flags: bit 0 set when the record has a score; the rest zero
//	32-35  the game's number, uint32; 0xFFFFFFFF when there is none
//
// Bytes 0-31 are marlinformat's PackedBoard, the record NNUE trainers read
// (marlinflow, bullet's converter), with its spare byte holding the flags;
// the game's number is Matador's addition. The tuner holds out whole games
// by their numbers, and a datagen run that is started again skips the games
// its file holds by their numbers, which neither the result nor marlinformat
// can tell apart. With the numbers, a record holds everything a datagen text
// line holds, so a file converts both ways without loss.
//
// A file holds whole records but for the last, which a run killed while
// writing may cut short: readers leave it out, and datagen overwrites it
// when it starts again.
package trainbin

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"matador/internal/chess"
)

// Header opens every file of the format.
var Header = [HeaderSize]byte{'M', 'A', 'T', 'A', 'D', 'O', 'R', 1}

const (
	HeaderSize = 8
	RecordSize = 36
	// NoGame is the game number of a record that has none (positions of
	// `tune extract`, which come from PGN games without numbers).
	NoGame = math.MaxUint32
)

// IsBinary tells whether a file's first bytes are this format's header.
func IsBinary(start []byte) bool {
	return bytes.HasPrefix(start, Header[:])
}

// CheckVersion refuses the start of a file that has this format's name
// but another version: read as text, its records would be reported as a
// text line that makes no sense. Any other start is not this format's
// concern and passes.
func CheckVersion(start []byte) error {
	name := Header[:HeaderSize-1]
	if len(start) >= HeaderSize && bytes.HasPrefix(start, name) && start[HeaderSize-1] != Header[HeaderSize-1] {
		return fmt.Errorf("binary records of format version %d; this build reads version %d", start[HeaderSize-1], Header[HeaderSize-1])
	}
	return nil
}

// IsBinaryName tells whether a file's name asks for this format: it ends in
// .bin. Readers tell the formats apart by content (IsBinary); writers,
// which have no content to go by, by the name.
func IsBinaryName(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".bin")
}

// Result codes of a record: the game's result from White's view.
const (
	BlackWins = 0
	Draw      = 1
	WhiteWins = 2
)

// flagScore marks a record that has a score.
const flagScore = 1

// Record is one position with its labels.
type Record struct {
	Board    chess.PackedBoard
	Score    int16 // centipawns, White's view; 0 when HasScore is false
	HasScore bool
	Result   uint8  // BlackWins, Draw or WhiteWins
	Game     uint32 // NoGame when unknown
}

// Append writes the record's RecordSize bytes after dst. A record with a
// game number must have a score, since the text line cannot say one without
// the other: Check first when the record comes from outside.
func (r Record) Append(dst []byte) []byte {
	dst = append(dst, r.Board[:]...)
	dst = binary.LittleEndian.AppendUint16(dst, uint16(r.Score))
	var flags byte
	if r.HasScore {
		flags |= flagScore
	}
	dst = append(dst, r.Result, flags)
	return binary.LittleEndian.AppendUint32(dst, r.Game)
}

// Check refuses a record whose labels the format cannot hold as they are.
// The board is checked by chess.PackedBoard.Unpack.
func (r Record) Check() error {
	switch {
	case r.Result > WhiteWins:
		return fmt.Errorf("result code %d is not 0, 1 or 2", r.Result)
	case !r.HasScore && r.Score != 0:
		return fmt.Errorf("score %d in a record without a score", r.Score)
	case !r.HasScore && r.Game != NoGame:
		return fmt.Errorf("game number %d without a score", r.Game)
	}
	return nil
}

// Decode reads one record from the first RecordSize bytes of b and checks
// its labels; a short b is an error.
func Decode(b []byte) (Record, error) {
	var r Record
	if len(b) < RecordSize {
		return r, fmt.Errorf("a record is %d bytes, got %d", RecordSize, len(b))
	}
	copy(r.Board[:], b)
	r.Score = int16(binary.LittleEndian.Uint16(b[28:30]))
	r.Result = b[30]
	flags := b[31]
	if flags&^flagScore != 0 {
		return r, fmt.Errorf("flags byte 0x%02x has bits other than bit 0", flags)
	}
	r.HasScore = flags&flagScore != 0
	r.Game = binary.LittleEndian.Uint32(b[32:36])
	return r, r.Check()
}

// GameOf is the game number of the record at the start of b, read without
// decoding the rest (datagen's scan of a file it resumes).
func GameOf(b []byte) uint32 {
	return binary.LittleEndian.Uint32(b[32:36])
}

// ErrScoreRange is the error for a score that does not fit 16 bits.
var ErrScoreRange = errors.New("score does not fit a 16-bit record field")

// Score16 converts a score in centipawns to the record's field. Matador's
// search scores, mates included, stay within 32001 either way.
func Score16(cp int) (int16, error) {
	if cp < math.MinInt16 || cp > math.MaxInt16 {
		return 0, fmt.Errorf("%w: %d", ErrScoreRange, cp)
	}
	return int16(cp), nil
}

// Reader reads a file's records one by one.
type Reader struct {
	r    *bufio.Reader
	rec  [RecordSize]byte
	next int // the number of the next record, for error messages
}

// NewReader reads and checks the header.
func NewReader(r io.Reader) (*Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var h [HeaderSize]byte
	if _, err := io.ReadFull(br, h[:]); err != nil || !IsBinary(h[:]) {
		if err := CheckVersion(h[:]); err != nil {
			return nil, err
		}
		return nil, errors.New("not a binary data file: no MATADOR header")
	}
	return &Reader{r: br}, nil
}

// Next returns the next record, and io.EOF after the last whole one: a last
// record cut short is left out.
func (rd *Reader) Next() (Record, error) {
	if _, err := io.ReadFull(rd.r, rd.rec[:]); err != nil {
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		return Record{}, err
	}
	rd.next++
	rec, err := Decode(rd.rec[:])
	if err != nil {
		return rec, fmt.Errorf("record %d: %w", rd.next, err)
	}
	return rec, nil
}
