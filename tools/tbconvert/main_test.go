package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDrawPositionsRefusesBadFiles: a reference file that is not
// reference.txt, or has a line cut short, is named with its line and
// never panics; one with no position to play is refused too.
func TestDrawPositionsRefusesBadFiles(t *testing.T) {
	dir := t.TempDir()
	good := "4b3/8/3K4/1k2b3/8/8/8/8 w - - 0 1 ; wdl 0 ; dtz 0\n8/8/8/8/8/1k6/8/K6Q w - - 0 1 ; wdl 2 ; dtz 1\n"
	for _, c := range []struct{ name, text, want string }{
		{"short-fen", good + "garbage ; wdl 2 ; dtz 3\n", "line 3"},
		{"no-fen", " ; wdl 2 ; dtz 3\n", "line 1"},
		{"fields", good + "8/8/8/8/8/1k6/8/K6Q w - - 0 1 ; wdl 2\n", "line 3"},
		{"wdl", "8/8/8/8/8/1k6/8/K6Q w - - 0 1 ; wdl 9 ; dtz 1\n", "line 1"},
		{"dtz", "8/8/8/8/8/1k6/8/K6Q w - - 0 1 ; wdl 2 ; dtz x\n", "line 1"},
		{"empty", "", "no won or drawn position"},
		{"binary", "MATADOR\x01\x00\xff;\x00", "line 1"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := drawPositions(path, 10, 0, nil, 10, false, 1)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %s and %q", c.name, err, path, c.want)
		}
	}
	path := filepath.Join(dir, "good")
	os.WriteFile(path, []byte("\n"+good), 0o644)
	tasks, err := drawPositions(path, 10, 0, nil, 10, false, 1)
	if err != nil || len(tasks) != 2 {
		t.Errorf("two good lines gave %d tasks, %v", len(tasks), err)
	}
}

// TestFlagError: a negative count, a time or a number of jobs below one is
// refused with the flag named.
func TestFlagError(t *testing.T) {
	for _, c := range []struct {
		flag  string
		value string
	}{{"wins", "-1"}, {"hard", "-1"}, {"draws", "-2"}, {"movetime", "0"}, {"limit", "-1"}, {"jobs", "0"}, {"", ""}} {
		fs := flag.NewFlagSet("tbconvert", flag.ContinueOnError)
		for name, def := range map[string]int{"wins": 200, "hard": 100, "draws": 100, "movetime": 100, "limit": 0, "jobs": 1} {
			fs.Int(name, def, "")
		}
		var args []string
		if c.flag != "" {
			args = []string{"-" + c.flag, c.value}
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		err := flagError(fs)
		if c.flag == "" {
			if err != nil {
				t.Errorf("the defaults refused: %v", err)
			}
		} else if err == nil || !strings.Contains(err.Error(), "-"+c.flag+" ") {
			t.Errorf("-%s %s: %v", c.flag, c.value, err)
		}
	}
}
