//go:build unix

package toolio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenRefusesAllButRegularFiles: a named pipe, a directory and a
// device are refused at once, naming the file, by every way of opening a
// user-named file to read; a missing file is fs.ErrNotExist beneath its
// message; a pipe or a directory is refused as a log too.
func TestOpenRefusesAllButRegularFiles(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "p.fifo")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	good := filepath.Join(dir, "good")
	os.WriteFile(good, []byte("hello"), 0o644)
	opens := map[string]func(string) error{
		"OpenInput":   func(p string) error { f, err := OpenInput(p); closeIf(f); return err },
		"OpenRegular": func(p string) error { f, err := OpenRegular(p); closeIf(f); return err },
		"CheckInput":  CheckInput,
		"ReadFile":    func(p string) error { _, err := ReadFile(p, 1<<20); return err },
		"OpenAppend":  func(p string) error { f, err := OpenAppend(p); closeIf(f); return err },
	}
	for name, open := range opens {
		for path, want := range map[string]string{
			pipe:                       pipe + " is not a regular file (a named pipe",
			dir:                        dir + " is a directory, not a regular file",
			"/dev/zero":                "/dev/zero is not a regular file (a device)",
			filepath.Join(dir, "none"): filepath.Join(dir, "none") + ": no such file",
		} {
			if name == "OpenAppend" && (path == "/dev/zero" || strings.HasSuffix(path, "none")) {
				continue // a device and a new file are what a log may be
			}
			done := make(chan error, 1)
			go func() { done <- open(path) }()
			select {
			case err := <-done:
				if err == nil || !strings.HasPrefix(err.Error(), want) {
					t.Errorf("%s(%s): %v, want %q", name, path, err, want)
				}
				if strings.HasSuffix(path, "none") && !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s(%s): %v is not fs.ErrNotExist", name, path, err)
				}
			case <-time.After(2 * time.Second):
				t.Fatalf("%s(%s) blocked", name, path)
			}
		}
		if err := open(good); err != nil {
			t.Errorf("%s of a regular file: %v", name, err)
		}
	}
	if f, err := OpenAppend("/dev/null"); err != nil {
		t.Errorf("OpenAppend(/dev/null): %v", err)
	} else {
		f.Close()
	}
	if _, err := ReadFile(good, 4); err == nil || !strings.Contains(err.Error(), "more than the 4") {
		t.Errorf("ReadFile beyond its limit: %v", err)
	}
}

func closeIf(f *os.File) {
	if f != nil {
		f.Close()
	}
}
