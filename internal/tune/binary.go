package tune

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// eachBinarySample hands the records of a binary data file (package
// trainbin) to use as samples. A last record cut short is left out.
// (Unpacking them on several cores gained nothing: the time goes to
// allocating positions, which does not share out.)
func eachBinarySample(r io.Reader, use func(Sample) error) error {
	rd, err := trainbin.NewReader(r)
	if err != nil {
		return err
	}
	for n := 1; ; n++ {
		rec, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		s, err := SampleOf(rec)
		if err == nil {
			err = use(s)
		}
		if err != nil {
			return fmt.Errorf("record %d: %w", n, err)
		}
	}
}

// SampleOf unpacks a binary record.
func SampleOf(rec trainbin.Record) (Sample, error) {
	pos, err := rec.Board.Unpack()
	if err != nil {
		return Sample{}, err
	}
	s := Sample{Pos: pos, Result: float64(rec.Result) / 2, Score: int(rec.Score), HasScore: rec.HasScore, Game: -1}
	if rec.Game != trainbin.NoGame {
		s.Game = int64(rec.Game)
	}
	return s, nil
}

// RecordOf packs a sample into a binary record. It fails for what the
// record cannot hold: a score beyond 16 bits, a game number of 2^32 - 1 or
// more, a counter of the position beyond its field (chess.Position.Pack).
func RecordOf(s Sample) (trainbin.Record, error) {
	var rec trainbin.Record
	board, err := s.Pos.Pack()
	if err != nil {
		return rec, err
	}
	rec.Board = board
	switch s.Result {
	case 0:
		rec.Result = trainbin.BlackWins
	case 0.5:
		rec.Result = trainbin.Draw
	case 1:
		rec.Result = trainbin.WhiteWins
	default:
		return rec, fmt.Errorf("result %v is not 1, 0.5 or 0", s.Result)
	}
	if s.HasScore {
		if rec.Score, err = trainbin.Score16(s.Score); err != nil {
			return rec, err
		}
		rec.HasScore = true
	}
	rec.Game = trainbin.NoGame
	if s.Game >= 0 {
		if s.Game >= trainbin.NoGame {
			return rec, fmt.Errorf("game number %d does not fit a record (below %d)", s.Game, uint32(trainbin.NoGame))
		}
		rec.Game = uint32(s.Game)
	}
	return rec, rec.Check()
}

// FormatSample writes a sample as a text line of the data format, without
// its newline: `FEN | result`, with ` | score` when it has one and ` | game`
// after the score when it has a game number (as datagen writes them).
func FormatSample(s Sample) string {
	var b strings.Builder
	b.WriteString(s.Pos.FEN())
	b.WriteString(" | ")
	b.WriteString(strconv.FormatFloat(s.Result, 'f', 1, 64))
	if s.HasScore {
		b.WriteString(" | ")
		b.WriteString(strconv.Itoa(s.Score))
		if s.Game >= 0 {
			b.WriteString(" | ")
			b.WriteString(strconv.FormatInt(s.Game, 10))
		}
	}
	return b.String()
}

// Convert copies the samples of in (text or binary, by content) to out,
// as binary records when binary is set, else as text lines, one by one
// without holding the file. Comment and blank lines of a text file are not
// carried over. It returns the number of samples written.
func Convert(in io.Reader, out io.Writer, binary bool) (int, error) {
	bw := bufio.NewWriterSize(out, 1<<16)
	n := 0
	write := func(s Sample) error {
		if !binary {
			_, err := bw.WriteString(FormatSample(s) + "\n")
			return err
		}
		rec, err := RecordOf(s)
		if err != nil {
			return err
		}
		_, err = bw.Write(rec.Append(nil))
		return err
	}
	if binary {
		if _, err := bw.Write(trainbin.Header[:]); err != nil {
			return 0, err
		}
	}
	err := EachSample(in, func(s Sample) error {
		if err := write(s); err != nil {
			return err
		}
		n++
		return nil
	})
	if err != nil {
		return n, err
	}
	return n, bw.Flush()
}

// runConvert is "tune convert IN OUT".
func runConvert(args []string, stderr io.Writer) error {
	if len(args) != 2 || strings.HasPrefix(args[0], "-") {
		return usageError("convert needs two files: tune convert IN OUT (OUT named .bin is written binary, else text)")
	}
	in, out := args[0], args[1]
	f, err := toolio.OpenInput(in)
	if err != nil {
		return usageError("IN " + err.Error())
	}
	defer f.Close()
	// A data file is hours of work; never write over one. The output
	// appears only once whole, so that a failed or interrupted convert
	// leaves no half file to be taken for data.
	if _, err := os.Lstat(out); err == nil {
		return usageError(fmt.Sprintf("OUT %s exists; give a new file", out))
	}
	g, err := toolio.Create(out)
	if err != nil {
		return usageError("OUT " + err.Error())
	}
	defer g.Abort()
	n, err := Convert(f, g, trainbin.IsBinaryName(out))
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	if err := g.Commit(); err != nil {
		return err
	}
	format := "text"
	if trainbin.IsBinaryName(out) {
		format = "binary"
	}
	fmt.Fprintf(stderr, "tune convert: %d positions from %s to %s (%s)\n", n, in, out, format)
	return nil
}
