package datagen

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"matador/internal/toolio"
)

// SkippedSuffix names the list beside a data file (FILE.skipped) of the
// games its runs tried and wrote nothing for: an opening already decided
// (MaxOpeningScore) or over, or a game that kept no position. A game's
// fate is fixed by the seed and its number, so a run started again passes
// over them as over the games the data holds. Without the list it tries
// each again, a search apiece for the same nothing: about 40% of the
// numbers with the UHO openings, over a minute at every start once the
// file holds 20 million positions.
const SkippedSuffix = ".skipped"

// skippedHeader opens every list, so that a run never appends to or cuts
// a file of someone else that happens to have the name.
const skippedHeader = "# matador datagen: numbers of the games tried that wrote no position\n"

// skippedList is the open list of a run.
type skippedList struct {
	f     *os.File
	games map[uint64]bool // numbers listed when the run began
}

// scanSkipped reads the list at path: the numbers of its whole lines and
// the length of those lines, the header included. A missing list, or one
// cut off within its header, holds nothing; a last line cut off by a
// killed run is dropped. Anything that is not wholly a list of datagen is
// refused, and a device, a directory or a pipe before it is read.
func scanSkipped(ctx context.Context, path string) (games map[uint64]bool, size int64, err error) {
	games = map[uint64]bool{}
	if err := toolio.CheckRegularIfExists(path); err != nil {
		return nil, 0, err
	}
	f, err := toolio.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return games, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	foreign := func(line int, why string) (map[uint64]bool, int64, error) {
		return nil, 0, fmt.Errorf("%s line %d: %s: not datagen's list of skipped games; refusing to append to it (move it away)", path, line, why)
	}
	lines := toolio.NewLineReader(bufio.NewReaderSize(f, 1<<16), maxLine)
	for {
		line, complete, err := lines.ReadLine()
		var long *toolio.LineTooLongError
		switch {
		case err == io.EOF:
			return games, size, nil
		case errors.As(err, &long):
			return foreign(long.Line, fmt.Sprintf("longer than %d bytes", maxLine))
		case err != nil:
			return nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		n := lines.Line()
		if n%4096 == 0 && ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		if n == 1 {
			if complete && line+"\n" == skippedHeader {
				size = lines.Offset
				continue
			}
			if !complete && strings.HasPrefix(skippedHeader, line) {
				return games, 0, nil // killed while it wrote the header
			}
			return foreign(n, "not the list's first line")
		}
		if !complete {
			if line != "" && strings.Trim(line, "0123456789") == "" {
				return games, size, nil // killed while it wrote the number
			}
			return foreign(n, "a last line without its newline that no run of datagen began")
		}
		// A number as datagen writes it: digits, no sign, no leading zero.
		num, err := strconv.ParseUint(line, 10, 64)
		if err != nil || strconv.FormatUint(num, 10) != line {
			return foreign(n, "not a game number")
		}
		games[num] = true
		size = lines.Offset
	}
}

// openSkipped opens the list beside a data file to append to, after
// dropping a line cut off by a killed run. fresh says the data file did
// not exist: a list left from a data file since removed is started again.
func openSkipped(ctx context.Context, path string, fresh bool) (*skippedList, error) {
	games, size, err := scanSkipped(ctx, path)
	if err != nil {
		return nil, err
	}
	if fresh {
		games, size = map[uint64]bool{}, 0
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	err = f.Truncate(size)
	if err == nil {
		_, err = f.Seek(size, io.SeekStart)
	}
	if err == nil && size == 0 {
		_, err = io.WriteString(f, skippedHeader)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &skippedList{f: f, games: games}, nil
}

// add lists game n, in one write: a list holds whole lines.
func (l *skippedList) add(n uint64) error {
	_, err := l.f.WriteString(strconv.FormatUint(n, 10) + "\n")
	return err
}

func (l *skippedList) close() error { return l.f.Close() }
