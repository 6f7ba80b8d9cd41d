package engine

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"matador/internal/toolio"
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

// ServeLines is a front end's input loop: handle gets first (unless it is
// empty, the protocol detector having read no line) and then each line of
// in, until it reports quit or the input ends, as when the GUI is gone. A
// line too long to read goes to tooLong instead, and the loop goes on.
func ServeLines(first string, in *LineReader, handle func(line string) (quit bool), tooLong func(*LineTooLongError)) {
	if first != "" && handle(first) {
		return
	}
	for {
		line, err := in.ReadLine()
		var long *LineTooLongError
		switch {
		case errors.As(err, &long):
			tooLong(long)
			continue
		case err != nil:
			return
		}
		if handle(line) {
			return
		}
	}
}

// Output writes whole lines to a protocol stream. The search goroutine and
// the command reader both print, so every write takes the lock, and every
// line is flushed at once because a GUI waits for it.
type Output struct {
	mu         sync.Mutex
	w          *bufio.Writer
	transcript *Transcript // nil for none
}

// SetTranscript records every line written from now on in t.
func (o *Output) SetTranscript(t *Transcript) {
	o.mu.Lock()
	o.transcript = t
	o.mu.Unlock()
}

// NewOutput writes to w.
func NewOutput(w io.Writer) *Output {
	return &Output{w: bufio.NewWriter(w)}
}

// Line writes one line (a newline is added).
func (o *Output) Line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	// Recorded first: once the GUI has the line it may close the log.
	if o.transcript != nil {
		o.transcript.Out(s)
	}
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
	if o.transcript != nil {
		o.transcript.Out(s)
	}
	o.w.WriteString(s)
	if !strings.HasSuffix(s, "\n") {
		o.w.WriteByte('\n')
	}
	o.w.Flush()
}

// Transcript appends every line a front end reads and writes to a file,
// each with a timestamp, ">>" for lines in and "<<" for lines out: the
// "Debug Log File" option, for finding out what a GUI and the engine said
// to each other. With no file set it does nothing.
type Transcript struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// SetFile starts appending to the file at path (created if missing), or
// stops for "" or "<empty>". A file that cannot be opened is refused and
// the old one kept.
func (t *Transcript) SetFile(path string) error {
	path = strings.TrimSpace(path)
	if path == "<empty>" {
		path = ""
	}
	var f *os.File
	if path != "" {
		// Opening a named pipe would block until something reads it; a
		// device such as /dev/null is fine.
		var err error
		if f, err = toolio.OpenAppend(path); err != nil {
			return err
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.f != nil {
		t.f.Close()
	}
	t.f, t.path = f, path
	return nil
}

// Path is the file being written, "" for none.
func (t *Transcript) Path() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.path
}

// In records a line read.
func (t *Transcript) In(line string) { t.write(">> ", line) }

// Out records lines written (a block of several lines is split).
func (t *Transcript) Out(text string) {
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		t.write("<< ", line)
	}
}

func (t *Transcript) write(dir, line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.f == nil {
		return
	}
	stamp := time.Now().Format("2006-01-02 15:04:05.000")
	if _, err := fmt.Fprintf(t.f, "%s %s%s\n", stamp, dir, line); err != nil {
		// A full disk must not stop the game; stop writing instead.
		t.f.Close()
		t.f, t.path = nil, ""
	}
}
