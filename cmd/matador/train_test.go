package main

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/nnue"
	"matador/internal/trainbin"
)

// trainData writes n positions of random games, labelled with a score
// that is the count of White's pieces less Black's, as a trainbin file.
func trainData(t *testing.T, path string, n int) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	b := append([]byte(nil), trainbin.Header[:]...)
	var ml chess.MoveList
	for game, kept := uint32(0), 0; kept < n; game++ {
		pos, _ := chess.ParseFEN(chess.StartFEN)
		for ply := 0; ply < 100 && kept < n; ply++ {
			ml.N = 0
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			pos.MakeMove(ml.Slice()[r.IntN(ml.N)])
			packed, err := pos.Pack()
			if err != nil {
				t.Fatal(err)
			}
			score := 0
			for occ := pos.Occupied(); occ != 0; {
				if pos.PieceOn(occ.PopFirst()).Color() == chess.White {
					score += 100
				} else {
					score -= 100
				}
			}
			b = trainbin.Record{Board: packed, Score: int16(score), HasScore: true, Result: trainbin.Draw, Game: game}.Append(b)
			kept++
		}
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestTrainSubcommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	trainData(t, data, 3000)
	net := filepath.Join(dir, "a.nnue")
	out, err := exec.Command(binary, "train", "-data", data, "-o", net, "-epochs", "2", "-batch", "512", "-threads", "2").Output()
	if err != nil {
		t.Fatalf("train: %v\n%s", err, out)
	}
	n, err := nnue.Load(net)
	if err != nil {
		t.Fatalf("the net written: %v", err)
	}
	if got, want := string(out), net+" "+n.ID+"\n"; got != want {
		t.Errorf("train printed %q, want %q", got, want)
	}

	// The second net's architecture: a version 3 net of the width and
	// king buckets asked for.
	wide := filepath.Join(dir, "wide.nnue")
	out, err = exec.Command(binary, "train", "-data", data, "-o", wide, "-epochs", "1", "-batch", "512", "-threads", "2",
		"-hidden", "512", "-king-buckets", "8", "-schedule", "step", "-step-every", "0.5", "-gamma", "0.3").Output()
	if err != nil {
		t.Fatalf("train -hidden 512 -king-buckets 8: %v\n%s", err, out)
	}
	if n, err := nnue.Load(wide); err != nil {
		t.Errorf("train -hidden 512 -king-buckets 8: %v", err)
	} else if n.Hidden != 512 || n.KingBuckets != 8 || !n.Mirrored {
		t.Errorf("train -hidden 512 -king-buckets 8 wrote a net %d wide with %d king buckets (mirrored %v)", n.Hidden, n.KingBuckets, n.Mirrored)
	}

	// Refusals: a bad value names its flag, with exit status 2; an output
	// that is not a net is left alone, with exit status 1.
	for _, bad := range [][]string{
		{"-lambda", "NaN"}, {"-lambda", "-0.5"}, {"-lr", "0"}, {"-batch", "0"}, {"-epochs", "-1"},
		{"-threads", "0"}, {"-validate", "2"}, {"-schedule", "linear"}, {"-decay", "-1"},
		{"-king-buckets", "3"}, {"-gamma", "0"},
	} {
		args := append([]string{"train", "-data", data, "-o", net}, bad...)
		out, err := exec.Command(binary, args...).CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 2 || !strings.Contains(string(out), bad[0]+" must be") {
			t.Errorf("train %v: %v\n%s", bad, err, out)
		}
	}
	for _, args := range [][]string{{"train"}, {"train", "-data", data}, {"train", "-o", net}} {
		if out, err := exec.Command(binary, args...).CombinedOutput(); err == nil {
			t.Errorf("%v succeeded:\n%s", args, out)
		}
	}
	out, err = exec.Command(binary, "train", "-data", data, "-o", data).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "is not a net") {
		t.Errorf("train -o onto its data: %v\n%s", err, out)
	}
	if _, err := os.Stat(data); err != nil {
		t.Fatal(err)
	}
}

// TestTrainInterruptResumes stops a run with SIGINT, runs the same command
// again, and wants the net of a run never stopped.
func TestTrainInterruptResumes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	trainData(t, data, 2000)
	args := func(name string) []string {
		return []string{"train", "-data", data, "-o", filepath.Join(dir, name+".nnue"), "-checkpoint", filepath.Join(dir, name),
			"-epochs", "60", "-batch", "256", "-threads", "2", "-progress", "50ms"}
	}
	whole, err := exec.Command(binary, args("whole")...).Output()
	if err != nil {
		t.Fatalf("train: %v", err)
	}
	cmd := exec.Command(binary, args("stopped")...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var log []string
	for lines.Scan() {
		log = append(log, lines.Text())
		if strings.Contains(lines.Text(), "epoch 3/60 done") {
			cmd.Process.Signal(syscall.SIGINT)
			break
		}
	}
	for lines.Scan() {
		log = append(log, lines.Text())
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("train went on after SIGINT")
	}
	text := strings.Join(log, "\n")
	if err == nil || !strings.Contains(text, "checkpoint") || !strings.Contains(text, "the same command resumes") {
		t.Fatalf("train stopped by SIGINT: %v\n%s", err, text)
	}
	if _, err := os.Stat(filepath.Join(dir, "stopped.nnue")); err == nil {
		t.Errorf("a stopped run wrote its net")
	}
	resumed, err := exec.Command(binary, args("stopped")...).Output()
	if err != nil {
		t.Fatalf("train resumed: %v", err)
	}
	name := func(out []byte) string { return strings.Fields(string(out))[1] }
	if name(resumed) != name(whole) {
		t.Errorf("the resumed run's net is %s, the unbroken run's %s", name(resumed), name(whole))
	}
}

// TestTrainSmallLRAndNoHeldOut: -lr alone, however small, is not refused
// through -lr-end, whose default follows it; -lr-end given above -lr is
// still refused by name; and a run that holds no game out says so
// rather than print a loss of NaN; -o as the -checkpoint directory is
// refused before any training.
func TestTrainSmallLRAndNoHeldOut(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data := filepath.Join(dir, "d.bin")
	trainData(t, data, 300)
	net := filepath.Join(dir, "a.nnue")
	out, err := exec.Command(binary, "train", "-data", data, "-o", net, "-epochs", "1", "-batch", "100", "-lr", "1e-6", "-validate", "0").CombinedOutput()
	if err != nil || strings.Contains(string(out), "NaN") || !strings.Contains(string(out), "no positions held out") {
		t.Errorf("train -lr 1e-6 -validate 0: %v\n%s", err, out)
	}
	out, err = exec.Command(binary, "train", "-data", data, "-o", net, "-lr", "1e-6", "-lr-end", "1e-5").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "-lr-end must be") {
		t.Errorf("train -lr 1e-6 -lr-end 1e-5: %v\n%s", err, out)
	}
	// -h gives the default as the share of -lr, not the figure of the
	// default -lr alone.
	out, _ = exec.Command(binary, "train", "-h").CombinedOutput()
	if _, after, _ := strings.Cut(string(out), "-lr-end float"); !strings.Contains(after, "0.00243 times -lr") || strings.Contains(strings.SplitN(after, "\n  -", 2)[0], "(default 2.43e-06)") {
		t.Errorf("train -h, -lr-end:%s", strings.SplitN(after, "\n  -", 2)[0])
	}
	x := filepath.Join(dir, "x")
	out, err = exec.Command(binary, "train", "-data", data, "-o", x, "-checkpoint", x, "-epochs", "1").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "-o "+x+" is the -checkpoint directory") || strings.Contains(string(out), "train: epoch") {
		t.Errorf("train -o X -checkpoint X: %v\n%s", err, out)
	}
}
