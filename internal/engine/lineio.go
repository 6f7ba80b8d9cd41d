package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

// MaxLineBytes is the longest command line a front end accepts. A GUI's
// "position startpos moves ..." for a very long game stays far below it.
const MaxLineBytes = 1 << 20

// LineTooLongError reports a line that was read to its end and dropped.
type LineTooLongError struct {
	Length int // bytes in the line, line ending included
}

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("line of %d bytes ignored (the limit is %d)", e.Length, MaxLineBytes)
}

// LineReader reads the lines of a text protocol. Unlike bufio.Scanner it
// survives an overlong line: the line is consumed and reported as a
// *LineTooLongError, and the next call reads the line after it.
type LineReader struct {
	r   *bufio.Reader
	max int
}

// NewLineReader reads lines of up to MaxLineBytes from r.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: MaxLineBytes}
}

// ReadLine returns the next line without its "\n" or "\r\n". A last line
// without a newline is returned before io.EOF.
func (lr *LineReader) ReadLine() (string, error) {
	var line []byte
	length := 0
	tooLong := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		length += len(chunk)
		if !tooLong {
			if len(line)+len(chunk) > lr.max+len("\r\n") {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && length == 0 {
			return "", err
		}
		// Either a whole line, or a last line cut by EOF or a read error;
		// that error comes back on the next call.
		break
	}
	if tooLong {
		return "", &LineTooLongError{Length: length}
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	return string(line), nil
}

// Output writes whole lines to a protocol stream. The search goroutine and
// the command reader both print, so every write takes the lock, and every
// line is flushed at once because a GUI waits for it.
type Output struct {
	mu sync.Mutex
	w  *bufio.Writer
}

// NewOutput writes to w.
func NewOutput(w io.Writer) *Output {
	return &Output{w: bufio.NewWriter(w)}
}

// Line writes one line (a newline is added).
func (o *Output) Line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.w.WriteString(s)
	o.w.WriteByte('\n')
	o.w.Flush()
}

// Linef formats and writes one line.
func (o *Output) Linef(format string, args ...any) {
	o.Line(fmt.Sprintf(format, args...))
}

// Text writes a block of lines in one piece, so that output of the search
// goroutine cannot land in the middle of it. A final newline is added if
// missing.
func (o *Output) Text(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.w.WriteString(s)
	if !strings.HasSuffix(s, "\n") {
		o.w.WriteByte('\n')
	}
	o.w.Flush()
}
