package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/trainbin"
)

// TestGenFensCommand runs OpenBench's request as OpenBench sends it: one
// argument with spaces, then "quit".
func TestGenFensCommand(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(binary, "genfens 6 seed 11 book None", "quit").Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for _, l := range lines {
		fen, ok := strings.CutPrefix(l, "info string genfens ")
		if !ok {
			t.Fatalf("line %q", l)
		}
		if _, err := chess.ParseFEN(fen); err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
	}
	cmd := exec.Command(binary, "genfens 6 seed 11 book /nonexistent/book.epd")
	if msg, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(msg), "/nonexistent/book.epd") {
		t.Errorf("a missing book: %v, %s", err, msg)
	}
}

// TestPGNBinCommand converts a PGN of scored games into a new trainbin
// file, and refuses to replace a file or to start without its inputs.
func TestPGNBinCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	pgnText := "[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 {-0.20/10 0.1s} 2. Nf3 {+0.35/11 0.1s} 1-0\n"
	if err := os.WriteFile(games, []byte(pgnText), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "games.bin")
	msg, err := exec.Command(binary, "pgnbin", "-o", out, "-first-game", "7", games).CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil || len(data) != trainbin.HeaderSize+3*trainbin.RecordSize || !trainbin.IsBinary(data) {
		t.Fatalf("output of %d bytes (%v); %s", len(data), err, msg)
	}
	if g := trainbin.GameOf(data[trainbin.HeaderSize:]); g != 7 {
		t.Errorf("first game numbered %d, want 7", g)
	}
	// A second run must not replace it, and a missing input must leave
	// no output behind.
	if msg, err := exec.Command(binary, "pgnbin", "-o", out, games).CombinedOutput(); err == nil || !strings.Contains(string(msg), "exists") {
		t.Errorf("replacing the output: %v, %s", err, msg)
	}
	if again, _ := os.ReadFile(out); string(again) != string(data) {
		t.Error("the output changed")
	}
	fresh := filepath.Join(dir, "fresh.bin")
	if msg, err := exec.Command(binary, "pgnbin", "-o", fresh, games, filepath.Join(dir, "missing.pgn")).CombinedOutput(); err == nil {
		t.Errorf("a missing input accepted: %s", msg)
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Error("an output was made though an input was missing")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("files left in the directory: %v", entries)
	}
	// The flags may follow the files, as in analyze and epd.
	after := filepath.Join(dir, "after.bin")
	if msg, err := exec.Command(binary, "pgnbin", games, "-o", after, "-first-game", "7").CombinedOutput(); err != nil {
		t.Errorf("flags after the file: %v, %s", err, msg)
	} else if got, _ := os.ReadFile(after); string(got) != string(data) {
		t.Errorf("flags after the file wrote %d bytes, not the same file", len(got))
	}
}

// TestPGNBinWithoutPositions: an empty PGN, or games without a scored
// position, is said so and writes no file (not a header alone).
func TestPGNBinWithoutPositions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.pgn")
	unscored := filepath.Join(dir, "unscored.pgn")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(unscored, []byte("[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"), 0o644)
	for _, in := range []string{empty, unscored} {
		out := filepath.Join(dir, filepath.Base(in)+".bin")
		msg, err := exec.Command(binary, "pgnbin", "-o", out, in).CombinedOutput()
		if err == nil || !strings.Contains(string(msg), "no positions") || strings.Contains(string(msg), "18446744073709551615") {
			t.Errorf("pgnbin %s: %v\n%s", in, err, msg)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("pgnbin %s wrote %s", in, out)
		}
	}
}

// TestPGNBinNamesTheBadFile: a game that cannot be converted names the
// PGN it is in, whether the flags come before the files or after them,
// and leaves no output.
func TestPGNBinNamesTheBadFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(good, []byte("[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 {-0.20/10 0.1s} 1-0\n"), 0o644)
	os.WriteFile(bad, []byte("[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 {-0.20/10 0.1s} 2. Ke3 {+0.1/9 0.1s} 1-0\n"), 0o644)
	out := filepath.Join(dir, "out.bin")
	for _, args := range [][]string{
		{"pgnbin", "-o", out, good, bad},
		{"pgnbin", good, bad, "-o", out},
	} {
		msg, err := exec.Command(binary, args...).CombinedOutput()
		if err == nil || !strings.Contains(string(msg), "bad.pgn: game 1") {
			t.Errorf("%v: %v\n%s", args, err, msg)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v wrote %s", args, out)
		}
	}
}
