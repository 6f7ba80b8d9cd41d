package xboard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"matador/internal/nnue"
)

// TestEvalFileOption: CECP has Use NNUE and EvalFile as options; a bad net
// file is refused with Error naming the fault, and the game goes on with
// the net in use; a good one is taken.
func TestEvalFileOption(t *testing.T) {
	dir := t.TempDir()
	data := nnue.Random(4).Encode()
	cut := filepath.Join(dir, "cut.nnue")
	good := filepath.Join(dir, "good.nnue")
	if os.WriteFile(cut, data[:len(data)/2], 0o644) != nil || os.WriteFile(good, data, 0o644) != nil {
		t.Fatal("cannot write the test nets")
	}
	e := startCECP(t, "matador", binary)
	e.send("xboard")
	e.send("protover 2")
	_, before := e.expect(`^feature .*done=1`, 10*time.Second)
	decl := strings.Join(before, "\n")
	for _, want := range []string{`option="Use NNUE -check`, `option="EvalFile -file ` + nnue.DefaultFileName() + `"`} {
		if !strings.Contains(decl, want) {
			t.Fatalf("no %s in the features:\n%s", want, decl)
		}
	}
	e.send("option Use NNUE=1")
	e.send("option EvalFile=%s", cut)
	l, _ := e.expect(`^Error`, 5*time.Second)
	if !strings.Contains(l, "wrong size") || !strings.Contains(l, "keeping "+nnue.Default().ID) {
		t.Errorf("a cut net file: %q", l)
	}
	e.send("option EvalFile=%s", good)
	e.send("new")
	e.send("sd 4")
	e.send("go")
	e.expect(`^move `, 20*time.Second)
	e.sync(5 * time.Second)
	e.send("quit")
}
