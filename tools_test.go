package matador_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeFastchessArgs stands in for fastchess: it records its arguments
// and, started with -config, that it resumed.
const fakeFastchessArgs = `#!/bin/sh
echo "$@" >> "$(dirname "$0")/calls"
`

// TestRunOutlivesWork: a fastchess run whose state tools/keep-run.sh kept
// in the repository resumes from that copy on a machine whose WORK lacks
// it, with sprt.sh's wrapper scripts written first; a run's scripts are
// not changed under it.
func TestRunOutlivesWork(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	for _, f := range []string{"tools/fastchess-env.sh", "tools/keep-run.sh", "tools/sprt/sprt.sh"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(repo, filepath.Dir(f)), 0o755)
		if err := os.WriteFile(filepath.Join(repo, f), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fc := filepath.Join(tmp, "fastchess")
	os.WriteFile(fc, []byte(fakeFastchessArgs), 0o755)
	engine := filepath.Join(tmp, "matador")
	os.WriteFile(engine, []byte("#!/bin/sh\n"), 0o755)
	run := func(work string, args ...string) (string, error) {
		cmd := exec.Command("bash", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "WORK="+work, "FASTCHESS="+fc, "OPENINGS=/dev/null")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	calls := func() string {
		b, _ := os.ReadFile(filepath.Join(tmp, "calls"))
		os.Remove(filepath.Join(tmp, "calls"))
		return string(b)
	}

	// A new run: fastchess starts one, with the SPRT's settings.
	work1 := filepath.Join(tmp, "work1")
	if out, err := run(work1, "tools/sprt/sprt.sh", "x", engine, "+LMRCaptures", "", "5+0.05", "100"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if c := calls(); !strings.Contains(c, "-sprt elo0=0 elo1=10") || !strings.Contains(c, "-resign movecount=4 score=700") || strings.Contains(c, "-config") {
		t.Errorf("a new run called fastchess with %q", c)
	}
	// fastchess saved its state; keep-run.sh copies it into the repository.
	// Its paths are WORK's and the checkout's; the kept copy names them
	// $WORK and $REPO, so that it holds no path of one machine.
	state := `{"engines": [{"cmd": "` + filepath.Join(work1, "sprt", "x", "new.sh") + `"}], "opening": {"file": "` +
		repo + "/../o.epd" + `"}, "stats": {"new vs base": {"wins": 3, "losses": 1, "draws": 4, "penta_WW": 1}}}`
	os.WriteFile(filepath.Join(work1, "sprt", "x", "config.json"), []byte(state), 0o644)
	out, err := run(work1, "tools/keep-run.sh", "sprt", "x")
	kept := filepath.Join(repo, "tools", "runs", "sprt", "x.json")
	if b, _ := os.ReadFile(kept); err != nil || !strings.Contains(string(b), `"wins": 3`) || !strings.Contains(out, "wins:3") {
		t.Fatalf("keep-run.sh: %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(kept); strings.Contains(string(b), tmp) || !strings.Contains(string(b), `"$WORK/sprt/x/new.sh"`) ||
		!strings.Contains(string(b), `"$REPO/../o.epd"`) {
		t.Errorf("the kept copy holds this machine's paths: %s", b)
	}
	// A new machine: WORK has nothing; the same command resumes the kept run.
	work2 := filepath.Join(tmp, "work2")
	if out, err := run(work2, "tools/sprt/sprt.sh", "x", engine, "+LMRCaptures", "", "5+0.05", "100"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	dir2 := filepath.Join(work2, "sprt", "x")
	if c := calls(); !strings.Contains(c, "-config file="+filepath.Join(dir2, "config.json")) {
		t.Errorf("resumed with %q", c)
	}
	if b, _ := os.ReadFile(filepath.Join(dir2, "config.json")); !strings.Contains(string(b), `"wins": 3`) ||
		!strings.Contains(string(b), filepath.Join(dir2, "new.sh")) || strings.Contains(string(b), "$WORK") {
		t.Errorf("config.json not taken from the kept copy with this machine's paths: %s", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir2, "new.sh")); !strings.Contains(string(b), `MATADOR_SWITCHES="+LMRCaptures" exec `+engine) {
		t.Errorf("new.sh: %s", b)
	}
	// Other switches under the same name are refused.
	if out, err := run(work2, "tools/sprt/sprt.sh", "x", engine, "+RecaptureExt", "", "5+0.05", "100"); err == nil || !strings.Contains(out, "use another NAME") {
		t.Errorf("other switches: %v\n%s", err, out)
	}
	// Without a kept copy or keep-run.sh's arguments: a clear refusal.
	if out, err := run(work2, "tools/keep-run.sh", "sprt", "y"); err == nil || !strings.Contains(out, "no ") {
		t.Errorf("keep-run.sh of no run: %v\n%s", err, out)
	}
}

// TestNPSRefusesWhatItCannotMeasure: tools/nps/nps.sh ends with the
// fault named, not with a mean of 0 nps or NaN, when an engine cannot be
// started or never reports a speed, when the time is not a number of
// milliseconds, and when the positions file is missing or holds none.
func TestNPSRefusesWhatItCannotMeasure(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tmp := t.TempDir()
	silent := filepath.Join(tmp, "silent")
	os.WriteFile(silent, []byte("#!/bin/sh\ncat >/dev/null\n"), 0o755)
	fens := filepath.Join(tmp, "fens.txt")
	os.WriteFile(fens, []byte("8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - -\n"), 0o644)
	empty := filepath.Join(tmp, "empty.txt")
	os.WriteFile(empty, nil, 0o644)
	missing := filepath.Join(tmp, "missing")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{missing, silent, "1", fens}, 2, "engine " + missing + ": not found"},
		{[]string{silent, fens, "1", fens}, 2, "engine " + fens + ": not found"},
		{[]string{silent, silent, "fast", fens}, 2, "MOVETIME_MS"},
		{[]string{silent, silent, "0", fens}, 2, "MOVETIME_MS"},
		{[]string{silent, silent, "1", missing}, 2, "positions " + missing},
		{[]string{silent, silent, "1", empty}, 1, "positions " + empty + ": no FEN"},
		{[]string{silent, silent, "1", fens}, 1, "engine " + silent + " reported no nps for 8/7p"},
	} {
		cmd := exec.Command("bash", append([]string{"tools/nps/nps.sh"}, c.args...)...)
		out, err := cmd.CombinedOutput()
		code := -1
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		} else if err == nil {
			code = 0
		}
		if code != c.code || !strings.Contains(string(out), c.want) {
			t.Errorf("nps.sh %q: exit %d, want %d with %q:\n%s", c.args, code, c.code, c.want, out)
		}
	}
}
