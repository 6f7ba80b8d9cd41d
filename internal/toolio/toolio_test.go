package toolio

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLineReaderBoundsLines(t *testing.T) {
	lr := NewLineReader(strings.NewReader("\xEF\xBB\xBFab\r\ncd\n"+strings.Repeat("x", 100)+"\nlast"), 10)
	for _, want := range []struct {
		line     string
		complete bool
	}{{"ab", true}, {"cd", true}} {
		line, complete, err := lr.ReadLine()
		if err != nil || line != want.line || complete != want.complete {
			t.Fatalf("got %q %v %v, want %q", line, complete, err, want.line)
		}
	}
	if lr.Offset != 3+4+3 {
		t.Errorf("offset %d after two lines and a BOM", lr.Offset)
	}
	_, _, err := lr.ReadLine()
	var long *LineTooLongError
	if !errors.As(err, &long) || long.Line != 3 {
		t.Fatalf("a line of 100 bytes under a bound of 10: %v", err)
	}
}

func TestLineReaderOnEndlessInput(t *testing.T) {
	lr := NewLineReader(io.LimitReader(zeros{}, 1<<30), 1<<16)
	_, _, err := lr.ReadLine()
	var long *LineTooLongError
	if !errors.As(err, &long) {
		t.Fatalf("endless zeros: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func FuzzLineReader(f *testing.F) {
	f.Add([]byte("a\nb\r\n\xEF\xBB\xBFc"), 4)
	f.Add([]byte("\xEF\xBB\xBF"), 1)
	f.Fuzz(func(t *testing.T, data []byte, limit int) {
		if limit < 1 || limit > 1<<12 {
			return
		}
		lr := NewLineReader(bytes.NewReader(data), limit)
		for {
			line, complete, err := lr.ReadLine()
			if err != nil {
				var long *LineTooLongError
				if err != io.EOF && !errors.As(err, &long) {
					t.Fatal(err)
				}
				if err == io.EOF && lr.Offset != int64(len(data)) {
					t.Fatalf("offset %d at the end of %d bytes", lr.Offset, len(data))
				}
				return
			}
			if complete && (len(line) > limit || strings.Contains(line, "\n")) {
				t.Fatalf("line %q over the bound %d", line, limit)
			}
		}
	})
}

func TestOutputLeavesTheFileUntilCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old\n"), 0o644)
	o, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("new\n"))
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Fatalf("before Commit the file holds %q", b)
	}
	o.Abort()
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Fatalf("after Abort the file holds %q", b)
	}
	if err := WriteFile(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Fatalf("after WriteFile the file holds %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestDevicesAndDirectoriesAreRefused(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{"/dev/zero", "/dev/full", dir} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		if err := CheckOutput(path); err == nil {
			t.Errorf("CheckOutput(%s) accepted it", path)
		}
		if _, err := OpenInput(path); err == nil {
			t.Errorf("OpenInput(%s) accepted it", path)
		}
	}
	if err := CheckOutput(filepath.Join(dir, "no", "such")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("an output in a missing directory: %v", err)
	}
	if _, err := OpenInput(filepath.Join(dir, "missing")); err == nil || !strings.HasSuffix(err.Error(), "missing: no such file") {
		t.Errorf("a missing input: %v", err)
	}
}

func TestFlagChecks(t *testing.T) {
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1} {
		if Float("low", v, 0, 100) == nil {
			t.Errorf("Float accepted %v", v)
		}
		if Positive("gamma", v, 100) == nil {
			t.Errorf("Positive accepted %v", v)
		}
	}
	if Positive("gamma", 0, 1) == nil || Float("low", 0.5, 0, 1) != nil || Int("games", 5, 0, 4) == nil {
		t.Error("a bound misread")
	}
}

func TestParseTC(t *testing.T) {
	for _, ok := range []string{"2+0.02", "40/60+0.6", "10", "0.5+0"} {
		if _, err := ParseTC(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "garbage", "-1+0", "NaN+0.1", "2+-1", "Inf", "0+1", "x/2+1", "0/2", "2+NaN", "1e400"} {
		if _, err := ParseTC(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func FuzzParseTC(f *testing.F) {
	f.Add("40/60+0.6")
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTC(s)
		if err == nil && (!(tc.Base > 0) || !(tc.Inc >= 0) || math.IsInf(tc.Base, 0) || math.IsInf(tc.Inc, 0) || tc.Moves < 0) {
			t.Fatalf("%q gave %+v", s, tc)
		}
	})
}

// TestOpenAppendNamesAMissingDirectory: a log is created when missing, so
// when opening it fails for something missing, that is its directory.
func TestOpenAppendNamesAMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no-such-dir")
	path := filepath.Join(dir, "debug.log")
	_, err := OpenAppend(path)
	if err == nil || err.Error() != path+": the directory "+dir+" does not exist" {
		t.Errorf("OpenAppend(%s) = %v, want the missing directory named", path, err)
	}
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the error %v is not os.ErrNotExist", err)
	}
	f, err := OpenAppend(filepath.Join(t.TempDir(), "new.log"))
	if err != nil {
		t.Fatalf("a new log in an existing directory: %v", err)
	}
	f.Close()
}
