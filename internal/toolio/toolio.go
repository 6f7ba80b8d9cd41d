// Package toolio holds what the programmers' tools (matador datagen, tune
// and book make, and the programs under tools/) share so that no input,
// however hostile, costs a file or a run: inputs are opened and checked
// before any output is created, an output is written to a temporary file
// that is renamed into place only when the run succeeds, every line read
// has a bound, and every number a flag takes is checked against its range.
package toolio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// OpenInput opens a user-named file to read: OpenRegular.
func OpenInput(path string) (*os.File, error) { return OpenRegular(path) }

// CheckInput tells whether OpenRegular would open path, without keeping
// it open.
func CheckInput(path string) error {
	f, err := OpenRegular(path)
	if err != nil {
		return err
	}
	return f.Close()
}

// OpenRegular opens a file a user named (a net, a book, a data file, a
// checkpoint, a PGN) to read, refusing anything but a regular file before
// anything reads it, with the file and the fault named. A directory
// cannot be read; a device (/dev/zero) feeds a reader forever; and a named
// pipe blocks the open itself until something writes to it, which would
// hang an engine that a GUI waits on for readyok, or a tool forever.
//
// The type is checked before the open, and the open itself does not wait
// (O_NONBLOCK where the system has it), so that a file swapped for a pipe
// between the check and the open cannot block either; what was opened is
// then checked again, as the same file.
func OpenRegular(path string) (*os.File, error) {
	if path == "" {
		return nil, errors.New("an empty file name")
	}
	before, err := os.Stat(path)
	if err != nil {
		return nil, describe(path, err)
	}
	if err := regular(path, before); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, describe(path, err)
	}
	after, err := f.Stat()
	if err == nil {
		err = regular(path, after)
	}
	if err == nil && !os.SameFile(before, after) {
		err = fmt.Errorf("%s changed while it was opened; refused", path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// OpenAppend opens a user-named file to append to (a log), creating it if
// missing: a regular file, or a character device such as /dev/null. A
// named pipe is refused, as by OpenRegular: opening one to write waits
// for a reader.
func OpenAppend(path string) (*os.File, error) {
	if path == "" {
		return nil, errors.New("an empty file name")
	}
	appendable := func(info fs.FileInfo) error {
		if info.Mode()&fs.ModeCharDevice != 0 {
			return nil
		}
		return regular(path, info)
	}
	if info, err := os.Stat(path); err == nil {
		if err := appendable(info); err != nil {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|openNoWait, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		// The file is created when missing, so what is missing is its
		// directory: "no such file" would send the user looking for the
		// wrong thing.
		return nil, &fileError{fmt.Sprintf("%s: the directory %s does not exist", path, filepath.Dir(path)), err}
	}
	if err != nil {
		return nil, describe(path, err)
	}
	info, err := f.Stat()
	if err == nil {
		err = appendable(info)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regular refuses what is not a regular file, saying what it is.
func regular(path string, info fs.FileInfo) error {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("%s is a directory, not a regular file", path)
	case m&fs.ModeNamedPipe != 0:
		return fmt.Errorf("%s is not a regular file (a named pipe: reading it waits for a writer); refused", path)
	case m&fs.ModeSocket != 0:
		return fmt.Errorf("%s is not a regular file (a socket); refused", path)
	}
	return fmt.Errorf("%s is not a regular file (a device); refused", path)
}

// ReadFile reads a whole user-named file of at most limit bytes, opened by
// OpenRegular; a larger file is refused before anything is read, so that
// no file can fill the memory.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, describe(path, err)
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d such a file can hold", path, st.Size(), limit)
	}
	// Sized by the file, as os.ReadFile does; the file may grow while it
	// is read, and the limit holds for what is read.
	b := make([]byte, 0, st.Size()+1)
	for {
		if len(b) == cap(b) {
			if int64(len(b)) > limit {
				return nil, fmt.Errorf("%s: more than the %d bytes such a file can hold", path, limit)
			}
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, describe(path, err)
		}
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: more than the %d bytes such a file can hold", path, limit)
	}
	return b, nil
}

// describe words an error of the os package so that it names the file and
// the fault once ("open x: no such file or directory" becomes "x: no such
// file").
func describe(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &fileError{path + ": no such file", err}
	case errors.Is(err, fs.ErrPermission):
		return &fileError{path + ": permission denied", err}
	}
	return &fileError{fmt.Sprintf("%s: %v", path, unwrapPath(err)), err}
}

// fileError is describe's error: its own words, and the os package's
// error beneath, so that errors.Is(err, fs.ErrNotExist) still holds.
type fileError struct {
	msg string
	err error
}

func (e *fileError) Error() string { return e.msg }
func (e *fileError) Unwrap() error { return e.err }

// CheckRegularIfExists refuses a path that exists and is not a regular
// file: a tool must never write into a device, a pipe or a directory, nor
// read one as its own earlier output.
func CheckRegularIfExists(path string) error {
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return describe(path, err)
	}
	if info.IsDir() {
		return fmt.Errorf("%s is a directory, not a file", path)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (a device, a pipe or a socket); refused", path)
	}
	return nil
}

// CheckOutput tells, before any work, whether Create(path) would succeed:
// path is not a directory or a device, and its directory exists and takes
// a new file. A run that would fail only when it writes its result, after
// hours, is refused at its start instead.
func CheckOutput(path string) error {
	if path == "" {
		return errors.New("an empty file name")
	}
	if err := CheckRegularIfExists(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("%s: the directory %s does not exist", path, dir)
	}
	if !info.IsDir() {
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check*")
	if err != nil {
		return fmt.Errorf("%s: cannot write in %s: %v", path, dir, unwrapPath(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Output is a file being written: its bytes go to a temporary file in the
// same directory, which Commit renames over the path. Until then the file
// at the path, if any, is untouched, so a run that fails halfway, or is
// killed, leaves it as it was.
type Output struct {
	path string
	tmp  *os.File
	done bool
}

// Create starts writing path (see Output). It refuses what CheckOutput
// refuses.
func Create(path string) (*Output, error) {
	if err := CheckRegularIfExists(path); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write in %s: %v", path, filepath.Dir(path), unwrapPath(err))
	}
	addPending(tmp.Name())
	return &Output{path: path, tmp: tmp}, nil
}

// Path is the file that Commit writes.
func (o *Output) Path() string { return o.path }

func (o *Output) Write(p []byte) (int, error) {
	n, err := o.tmp.Write(p)
	if err != nil {
		err = fmt.Errorf("%s: %v", o.path, unwrapPath(err))
	}
	return n, err
}

// Commit puts the written bytes in place of the file at the path.
func (o *Output) Commit() error {
	if o.done {
		return errors.New(o.path + ": already committed or aborted")
	}
	o.done = true
	name := o.tmp.Name()
	defer dropPending(name)
	// CreateTemp's 0600 would be a surprise for data shared with others.
	err := o.tmp.Chmod(0o644)
	if err == nil {
		err = o.tmp.Sync()
	}
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, o.path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("%s: %v", o.path, unwrapPath(err))
	}
	return nil
}

// Abort drops what was written; the file at the path stays as it was. It
// does nothing after Commit, so that it can be deferred.
func (o *Output) Abort() {
	if o.done {
		return
	}
	o.done = true
	o.tmp.Close()
	os.Remove(o.tmp.Name())
	dropPending(o.tmp.Name())
}

// WriteFile writes data to path through an Output: all of it or nothing.
func WriteFile(path string, data []byte) error {
	o, err := Create(path)
	if err != nil {
		return err
	}
	defer o.Abort()
	if _, err := o.Write(data); err != nil {
		return err
	}
	return o.Commit()
}

// LineTooLongError is a line longer than a reader's bound: not the text
// the reader expects (a binary file, /dev/zero), and reading on would hold
// it all in memory.
type LineTooLongError struct {
	Line  int // 1 for the first line
	Limit int
}

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("line %d is longer than %d bytes: not a text file of this kind", e.Line, e.Limit)
}

// LineReader reads lines with a bound on their length. A UTF-8 byte-order
// mark at the start of the input is skipped, as editors on Windows write
// one and other readers (python-chess) accept it.
type LineReader struct {
	br    *bufio.Reader
	limit int
	line  int
	// Offset is the number of bytes of the input in the lines read so far,
	// their newlines and a skipped byte-order mark included.
	Offset int64
}

// NewLineReader reads lines of at most limit bytes from r.
func NewLineReader(r io.Reader, limit int) *LineReader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 1<<16)
	}
	lr := &LineReader{br: br, limit: limit}
	lr.Offset = int64(SkipBOM(br))
	return lr
}

// Line is the number of the line ReadLine returned last (1 for the first).
func (lr *LineReader) Line() int { return lr.line }

// ReadLine returns the next line without its newline (and without a
// carriage return before it). complete is false for a last line that ends
// without a newline; err is io.EOF only when there is no line left.
func (lr *LineReader) ReadLine() (line string, complete bool, err error) {
	var buf []byte
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if len(buf)+len(chunk) > lr.limit+2 { // the bound leaves room for "\r\n"
			return "", false, &LineTooLongError{Line: lr.line + 1, Limit: lr.limit}
		}
		buf = append(buf, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			if len(buf) == 0 {
				return "", false, io.EOF
			}
			lr.line++
			lr.Offset += int64(len(buf))
			return string(buf), false, nil
		case err != nil:
			return "", false, err
		}
		lr.line++
		lr.Offset += int64(len(buf))
		buf = bytes.TrimSuffix(buf[:len(buf)-1], []byte{'\r'})
		if len(buf) > lr.limit {
			return "", false, &LineTooLongError{Line: lr.line, Limit: lr.limit}
		}
		return string(buf), true, nil
	}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// SkipBOM drops a UTF-8 byte-order mark at the reader's start and returns
// the number of bytes it dropped (0 or 3).
func SkipBOM(br *bufio.Reader) int {
	if start, _ := br.Peek(len(bom)); bytes.Equal(start, bom) {
		br.Discard(len(bom))
		return len(bom)
	}
	return 0
}

// HasBOM tells whether b starts with a UTF-8 byte-order mark.
func HasBOM(b []byte) bool { return bytes.HasPrefix(b, bom) }

// Int checks a whole-number flag against its range; the error names the
// flag as the user typed it ("-games").
func Int(flag string, v, lo, hi int64) error {
	if v < lo || v > hi {
		return fmt.Errorf("-%s must be from %d to %d, got %d", flag, lo, hi, v)
	}
	return nil
}

// Float checks a number flag against its range: NaN and the infinities
// are refused whatever the range, since no tool has a use for them.
func Float(flag string, v, lo, hi float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < lo || v > hi {
		return fmt.Errorf("-%s must be a number from %g to %g, got %v", flag, lo, hi, v)
	}
	return nil
}

// Positive checks a number flag that must be above zero and finite.
func Positive(flag string, v, hi float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 || v > hi {
		return fmt.Errorf("-%s must be a number above 0 and at most %g, got %v", flag, hi, v)
	}
	return nil
}

// First returns the first error that is not nil: the checks of one
// command's flags in one expression.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// TimeControl is a time control as fastchess and cutechess-cli take it
// (tc=): [moves/]base[+increment], in seconds.
type TimeControl struct {
	Moves     int // moves per session; 0: the whole game
	Base, Inc float64
}

// ParseTC reads a time control, refusing what would make no game: a base
// that is not above 0, an increment below 0, NaN or an infinity, a count
// of moves that is not a whole number above 0.
func ParseTC(tc string) (TimeControl, error) {
	var t TimeControl
	rest := tc
	if moves, after, ok := strings.Cut(tc, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n < 1 || n > 10000 {
			return t, fmt.Errorf("tc %q: the moves before / must be a whole number from 1 to 10000", tc)
		}
		t.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	t.Base, err = strconv.ParseFloat(base, 64)
	if err != nil || Positive("tc", t.Base, 1e6) != nil {
		return t, fmt.Errorf("tc %q: the base time must be a number of seconds above 0 and at most 1000000", tc)
	}
	if hasInc {
		t.Inc, err = strconv.ParseFloat(inc, 64)
		if err != nil || Float("tc", t.Inc, 0, 1e6) != nil {
			return t, fmt.Errorf("tc %q: the increment must be a number of seconds from 0 to 1000000", tc)
		}
	}
	return t, nil
}
