package main

import (
	"strings"
	"testing"
)

func TestParseComment(t *testing.T) {
	for _, c := range []struct {
		in      string
		depth   int
		seconds float64
		ok      bool
	}{
		{"+1.62/13 0.346s", 13, 0.346, true},
		{"-M5/20 1.5s", 20, 1.5, true},
		{"book", 0, 0, false},
		{"+0.10/x 0.1s", 0, 0, false},
		{"+0.10/3 fast", 0, 0, false},
		{"", 0, 0, false},
	} {
		d, s, ok := parseComment(c.in)
		if d != c.depth || s != c.seconds || ok != c.ok {
			t.Errorf("parseComment(%q) = %d, %v, %v; want %d, %v, %v", c.in, d, s, ok, c.depth, c.seconds, c.ok)
		}
	}
}

func TestPhaseOf(t *testing.T) {
	for move, want := range map[int]int{1: 0, 20: 0, 21: 1, 40: 1, 41: 2, 60: 2, 61: 3, 200: 3} {
		if got := phaseOf(move); got != want {
			t.Errorf("phaseOf(%d) = %d, want %d", move, got, want)
		}
	}
}

const twoGames = `[White "A"]
[Black "B"]
[Result "0-1"]
[Termination "time forfeit"]

1. e4 {+0.30/10 0.5s} e5 {-0.20/12 0.25s} 2. Nf3 {book} Nc6 {-0.10/14 0.75s} 0-1

[White "B"]
[Black "A"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 30"]
[SetUp "1"]
[Result "1/2-1/2"]
[Termination "normal"]

30. Kd2 {+1.00/20 1.0s} Kd7 {0.00/30 2.0s} 1/2-1/2
`

func TestReport(t *testing.T) {
	r := newReport()
	if err := r.read(strings.NewReader(twoGames), "test"); err != nil {
		t.Fatal(err)
	}
	a, b := r.engines["A"], r.engines["B"]
	if r.games != 2 || a.games != 2 || a.losses != 1 || a.draws != 1 || b.wins != 1 || b.draws != 1 {
		t.Fatalf("scores: %d games, A %+v, B %+v", r.games, a, b)
	}
	if a.lostBy["time forfeit"] != 1 || len(b.lostBy) != 0 {
		t.Errorf("losses by termination: A %v, B %v", a.lostBy, b.lostBy)
	}
	// A: e4 (0.5 s, depth 10) in moves 1-20 (Nf3 has no timing); Kd7 at
	// move 30 (2 s, depth 30). B: e5 and Nc6 at moves 1-2, Kd2 at move 30.
	if u := a.phase[0]; u.moves != 1 || u.seconds != 0.5 || u.depthSum != 10 {
		t.Errorf("A moves 1-20: %+v", u)
	}
	if u := a.phase[1]; u.moves != 1 || u.seconds != 2 || u.depthSum != 30 {
		t.Errorf("A moves 21-40: %+v", u)
	}
	if u := b.phase[0]; u.moves != 2 || u.seconds != 1 || u.depthSum != 26 {
		t.Errorf("B moves 1-20: %+v", u)
	}
	var out strings.Builder
	r.write(&out)
	for _, want := range []string{"2 games; terminations: normal 1, time forfeit 1", "A: 2 games, +0 -1 =1; lost 1 by time forfeit",
		"B: 2 games, +1 -0 =1; no game lost", "0.500 s a move, depth 10.0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestReportByPlayed(t *testing.T) {
	r := newReport()
	r.byPlayed = true
	if err := r.read(strings.NewReader(twoGames), "test"); err != nil {
		t.Fatal(err)
	}
	// Counted from the first move played, game two's moves (numbered 30)
	// are first moves too: everything is in the first phase.
	if u := r.engines["A"].phase[0]; u.moves != 2 || u.seconds != 2.5 {
		t.Errorf("A first 20 moves played: %+v", u)
	}
	if u := r.engines["B"].phase[0]; u.moves != 3 || u.seconds != 2 {
		t.Errorf("B first 20 moves played: %+v", u)
	}
}
