package main

import (
	"bytes"
	"debug/pe"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The release builds cross-compile from one machine: a Windows binary
// built here is a PE file for x86-64 with the version stamped in, as the
// Makefile's release target stamps it.
func TestCrossCompileWindows(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiling takes a while")
	}
	t.Parallel()
	out := filepath.Join(t.TempDir(), "matador.exe")
	const version = "9.8.7-crosstest"
	cmd := exec.Command(goTool(), "build", "-pgo=default.pgo",
		"-ldflags", "-X matador/internal/engine.Version="+version, "-o", out, ".")
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if text, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=windows GOARCH=amd64 go build: %v\n%s", err, text)
	}
	f, err := pe.Open(out)
	if err != nil {
		t.Fatalf("not a PE file: %v", err)
	}
	defer f.Close()
	if f.FileHeader.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		t.Errorf("machine %#x, want x86-64 (%#x)", f.FileHeader.Machine, pe.IMAGE_FILE_MACHINE_AMD64)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(version)) {
		t.Errorf("the version %q is not stamped in the binary", version)
	}
}

// OpenBench builds an engine with "make -j EXE=<name>" in its source
// directory (adding CC=<compiler>) and benches the binary it finds at
// <name>: the Makefile must do exactly that, and stamp version and commit.
func TestMakefileAsOpenBenchRunsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("building through make takes a while")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make not installed")
	}
	t.Parallel()
	exe := filepath.Join(t.TempDir(), "Matador-0123ABCD")
	cmd := exec.Command("make", "-j", "EXE="+exe, "CC=no-such-compiler", "VERSION=7.7.7-maketest", "GO="+goTool())
	cmd.Dir = filepath.Join("..", "..")
	if text, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make: %v\n%s", err, text)
	}
	out, err := exec.Command(exe, "version").CombinedOutput()
	if err != nil || !regexp.MustCompile(`^Matador 7\.7\.7-maketest \([0-9a-f]{12}(-dirty)?\) go`).Match(out) {
		t.Errorf("version of the make build: %v %q", err, out)
	}
	out, err = exec.Command(exe, "bench", "2").CombinedOutput()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err != nil || !regexp.MustCompile(`^\d+ nodes \d+ nps$`).MatchString(lines[len(lines)-1]) {
		t.Errorf("bench of the make build: %v\n%s", err, out)
	}
	// make builds the network's AVX2 kernels (GOEXPERIMENT=simd), the
	// test's binary the plain Go ones: the same bench with the net.
	netBench := func(bin string) string {
		cmd := exec.Command(bin, "bench", "5")
		cmd.Env = append(os.Environ(), "MATADOR_BENCH_EVAL=nnue")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s bench with the net: %v", bin, err)
		}
		f := strings.Fields(lastLine(string(out)))
		return f[0]
	}
	if a, b := netBench(exe), netBench(binary); a != b {
		t.Errorf("bench with the net: %s nodes from make's build, %s from a plain go build", a, b)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
