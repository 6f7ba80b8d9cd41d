package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/search"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func TestSetPositionIsAtomic(t *testing.T) {
	e := New()
	if err := e.SetPosition("", []string{"e2e4", "e7e5", "g1f3"}); err != nil {
		t.Fatal(err)
	}
	want := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	if got := e.Position().FEN(); got != want {
		t.Fatalf("FEN = %s, want %s", got, want)
	}
	bad := []struct {
		fen     string
		moves   []string
		wantErr string
	}{
		{"not a fen", nil, "bad FEN"},
		{"8/8/8/8/8/8/8/8 w - - 0 1", nil, "bad FEN"},
		{"", []string{"e2e4", "e7e5", "e1e3"}, "move 3: illegal move e1e3"},
		{"", []string{"e2e4", "xyz"}, `move 2: "xyz" is not a move`},
		{kiwipete, []string{"e1g1", "e8c8", "a1b1", "h8h1"}, "move 4"},
	}
	for _, tc := range bad {
		err := e.SetPosition(tc.fen, tc.moves)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("SetPosition(%q, %v): error %v, want one containing %q", tc.fen, tc.moves, err, tc.wantErr)
		}
		if got := e.Position().FEN(); got != want {
			t.Errorf("after the failed SetPosition(%q, %v) the FEN is %s, want %s", tc.fen, tc.moves, got, want)
		}
	}
	if got := len(e.Moves()); got != 3 {
		t.Errorf("%d moves in the game, want 3", got)
	}
}

func TestPlayMoveAndUndo(t *testing.T) {
	e := New()
	for _, text := range []string{"e4", "c7c5", "Nf3"} {
		m, err := e.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
		if err := e.PlayMove(m); err != nil {
			t.Fatalf("PlayMove(%s): %v", text, err)
		}
	}
	if err := e.PlayMove(chess.NewMove(chess.A1, chess.A8)); err == nil {
		t.Error("PlayMove accepted a1a8")
	}
	if _, err := e.ParseMove("Qh5"); err == nil {
		t.Error("ParseMove accepted Qh5 for Black")
	}
	for range 3 {
		if _, err := e.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Undo(); err == nil {
		t.Error("Undo at the start position gave no error")
	}
	if got := e.Position().FEN(); got != chess.StartFEN {
		t.Errorf("after undoing everything: %s", got)
	}
}

func TestChess960Notation(t *testing.T) {
	e := New()
	e.SetChess960(true)
	if err := e.SetPosition("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1", []string{"b1h1"}); err != nil {
		t.Fatal(err)
	}
	if !e.Position().Chess960() {
		t.Error("position not in Chess960 mode with the option on")
	}
	e.SetChess960(false)
	if e.Position().Chess960() {
		t.Error("position still in Chess960 mode after the option went off")
	}
}

func TestDiagram(t *testing.T) {
	pos, err := chess.ParseFEN("4k3/8/8/8/8/8/8/4K2R b K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	d := Diagram(pos)
	for _, want := range []string{
		" 8 | . . . . k . . . |\n",
		" 1 | . . . . K . . R |\n",
		"Fen: 4k3/8/8/8/8/8/8/4K2R b K - 0 1\n",
		fmt.Sprintf("Key: %016X\n", pos.Key()),
		"Checkers: none\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
	check, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
	if d := Diagram(check); !strings.Contains(d, "Checkers: e1\n") {
		t.Errorf("diagram of a check:\n%s", d)
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("a", 20000)
	huge := strings.Repeat("b", MaxLineBytes+10)
	atLimit := strings.Repeat("c", MaxLineBytes)
	input := "uci\r\n\nisready\n" + long + "\n" + huge + "\n" + atLimit + "\r\nafter\nlast without newline"
	lr := NewLineReader(strings.NewReader(input))
	want := []string{"uci", "", "isready", long, "TOO LONG", atLimit, "after", "last without newline"}
	for i, w := range want {
		got, err := lr.ReadLine()
		var tooLong *LineTooLongError
		if errors.As(err, &tooLong) {
			if w != "TOO LONG" || tooLong.Length != len(huge)+1 {
				t.Fatalf("line %d: %v (length %d)", i, err, tooLong.Length)
			}
			continue
		}
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if got != w {
			t.Fatalf("line %d: got %.30q (%d bytes), want %.30q (%d bytes)", i, got, len(got), w, len(w))
		}
	}
	if _, err := lr.ReadLine(); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
}

func TestOutputKeepsLinesWhole(t *testing.T) {
	var buf bytes.Buffer
	out := NewOutput(&buf)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				if i%50 == 0 {
					out.Text(fmt.Sprintf("block %d a\nblock %d b", g, g))
				} else {
					out.Linef("writer %d line %d %s", g, i, strings.Repeat("x", 100))
				}
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 8*(200+4) {
		t.Fatalf("%d lines, want %d", len(lines), 8*204)
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "block ") {
			if strings.HasSuffix(l, " a") && !(i+1 < len(lines) && strings.HasSuffix(lines[i+1], " b")) {
				t.Fatalf("block split at line %d", i)
			}
			continue
		}
		if !strings.HasPrefix(l, "writer ") || !strings.HasSuffix(l, strings.Repeat("x", 100)) {
			t.Fatalf("line %d mixed up: %q", i, l)
		}
	}
}

// searchResult is what onDone received from a search startSearch began.
type searchResult struct {
	res  search.Result
	done chan struct{}
}

func startSearch(e *Engine, lim search.Limits) *searchResult {
	r := &searchResult{done: make(chan struct{})}
	e.Go(lim, search.Reporter{}, func(res search.Result) {
		r.res = res
		close(r.done)
	})
	return r
}

// wait takes the search's result, failing after within, stretched N times
// by MATADOR_TEST_TIME_SCALE=N (a loaded machine schedules the search
// late, as the protocol tests allow for).
func (r *searchResult) wait(t *testing.T, within time.Duration) search.Result {
	t.Helper()
	if n, err := strconv.Atoi(os.Getenv("MATADOR_TEST_TIME_SCALE")); err == nil && n > 1 {
		within *= time.Duration(n)
	}
	select {
	case <-r.done:
		return r.res
	case <-time.After(within):
		t.Fatalf("no result within %v", within)
		return search.Result{}
	}
}

func TestStopRightAfterGo(t *testing.T) {
	e := New()
	if err := e.SetPosition(kiwipete, nil); err != nil {
		t.Fatal(err)
	}
	pos := e.Position()
	for i := range 50 {
		lim := search.Limits{Infinite: true}
		if i%2 == 1 {
			lim = search.Limits{Ponder: true}
		}
		r := startSearch(e, lim)
		e.Stop()
		res := r.wait(t, 2*time.Second)
		if !pos.IsLegal(res.Best) {
			t.Fatalf("run %d: best move %s is not legal", i, pos.UCI(res.Best))
		}
		e.Wait()
	}
}

func TestPonderHitRightAfterGo(t *testing.T) {
	e := New()
	for i := range 20 {
		r := startSearch(e, search.Limits{Ponder: true, WTime: 200 * time.Millisecond, BTime: 200 * time.Millisecond})
		e.PonderHit()
		res := r.wait(t, 2*time.Second)
		if res.Best == chess.NoMove {
			t.Fatalf("run %d: no best move", i)
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	e := New()
	// Black is mated.
	if err := e.SetPosition("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", nil); err != nil {
		t.Fatal(err)
	}
	res := startSearch(e, search.Limits{Depth: 3}).wait(t, time.Second)
	if res.Best != chess.NoMove || res.Score != -search.MateScore {
		t.Errorf("mated: best %v score %d", res.Best, res.Score)
	}
	// An infinite search waits for stop even with nothing to search.
	r := startSearch(e, search.Limits{Infinite: true})
	select {
	case <-r.done:
		t.Fatal("infinite search of a mated position ended before stop")
	case <-time.After(50 * time.Millisecond):
	}
	e.Stop()
	r.wait(t, time.Second)
}

func TestGoStopsTheRunningSearch(t *testing.T) {
	e := New()
	first := startSearch(e, search.Limits{Infinite: true})
	second := startSearch(e, search.Limits{Depth: 2})
	first.wait(t, 2*time.Second)
	if res := second.wait(t, 5*time.Second); res.Best == chess.NoMove {
		t.Error("second search found no move")
	}
}

// Hash, Clear Hash, Threads, Use NNUE and EvalFile set during a search
// leave it running and take effect once it has returned; NewGame stops it.
func TestOptionsWaitForTheSearch(t *testing.T) {
	e := New()
	for _, set := range []func(){
		func() {
			if err := e.SetHashMB(2); err != nil {
				t.Fatal(err)
			}
		},
		e.ClearHash,
		func() {
			if err := e.SetThreads(2); err != nil {
				t.Fatal(err)
			}
		},
		func() { e.SetUseNNUE(false) },
		func() {
			if err := e.SetEvalFile("<default>"); err != nil {
				t.Fatal(err)
			}
		},
	} {
		r := startSearch(e, search.Limits{Infinite: true})
		time.Sleep(10 * time.Millisecond)
		set()
		select {
		case <-r.done:
			t.Fatal("an option set during an infinite search ended it")
		case <-time.After(30 * time.Millisecond):
		}
		e.Stop()
		r.wait(t, 2*time.Second)
	}
	if o := e.Options(); o.HashMB != 2 || o.Threads != 2 || o.UseNNUE {
		t.Errorf("after the searches: Hash %d, Threads %d, Use NNUE %v; want 2, 2, false", o.HashMB, o.Threads, o.UseNNUE)
	}
	// Set during a search, the options wait; those set after it are at once.
	r := startSearch(e, search.Limits{Infinite: true})
	if err := e.SetHashMB(1); err != nil {
		t.Fatal(err)
	}
	if e.Options().HashMB != 2 {
		t.Error("Hash changed during the search")
	}
	e.Stop()
	r.wait(t, 2*time.Second)
	e.Wait()
	if e.Options().HashMB != 1 {
		t.Errorf("Hash %d after the search, want 1", e.Options().HashMB)
	}
	if err := e.SetHashMB(2); err != nil || e.Options().HashMB != 2 {
		t.Errorf("Hash set with no search: %v, %d MB", err, e.Options().HashMB)
	}
	r = startSearch(e, search.Limits{Infinite: true})
	e.NewGame()
	r.wait(t, time.Second)
	if err := e.SetHashMB(0); err == nil {
		t.Error("SetHashMB(0) gave no error")
	}
	if got := e.Options().HashMB; got != 2 {
		t.Errorf("HashMB = %d, want 2", got)
	}
}

// A change that waited for the search runs after onDone has the result: a
// slow one, such as emptying a hash table of gigabytes, took seconds, and a
// bestmove held back that long loses a game on time.
func TestWaitingChangesFollowTheResult(t *testing.T) {
	e := New()
	r := startSearch(e, search.Limits{Infinite: true})
	resultOut := make(chan bool, 1)
	e.whenIdle(func() {
		select {
		case <-r.done:
			resultOut <- true
		case <-time.After(time.Second):
			resultOut <- false
		}
	})
	e.Stop()
	r.wait(t, 3*time.Second)
	if !<-resultOut {
		t.Error("the change that waited for the search ran before its result was given")
	}
	// Once the result is out, the settings read are those set during the
	// search, even before its goroutine has run the changes: here they are
	// read in onDone, before it has.
	hashMB := make(chan int, 1)
	e.Go(search.Limits{Infinite: true}, search.Reporter{}, func(search.Result) { hashMB <- e.Options().HashMB })
	if err := e.SetHashMB(2); err != nil {
		t.Fatal(err)
	}
	e.Stop()
	if got := <-hashMB; got != 2 {
		t.Errorf("Hash %d MB when the result of the search it was set in is out, want 2", got)
	}
	// The next search starts only once the change has run.
	ran := false
	r = startSearch(e, search.Limits{Infinite: true})
	e.whenIdle(func() { ran = true })
	second := startSearch(e, search.Limits{Depth: 1})
	r.wait(t, 2*time.Second)
	second.wait(t, 2*time.Second)
	e.mu.Lock()
	if !ran {
		t.Error("a search started before the change that waited for the one before it")
	}
	e.mu.Unlock()
}

func TestRepairIllegalResult(t *testing.T) {
	e := New()
	var logged []string
	e.Log = func(msg string) { logged = append(logged, msg) }
	pos := chess.StartPosition()
	var legal chess.MoveList
	pos.GenerateLegal(&legal)
	e4, _ := pos.ParseUCI("e2e4")
	e5 := chess.NewMove(chess.MakeSquare(4, 6), chess.MakeSquare(4, 4))
	bogus := chess.NewMove(chess.A1, chess.A8)

	res := e.repair(pos, &legal, search.Result{Best: bogus, Ponder: e5})
	if !legal.Contains(res.Best) || res.Ponder != chess.NoMove || len(logged) != 1 {
		t.Errorf("illegal best: got %s ponder %s, %d messages", pos.UCI(res.Best), pos.UCI(res.Ponder), len(logged))
	}
	res = e.repair(pos, &legal, search.Result{Best: e4, Ponder: bogus})
	if res.Best != e4 || res.Ponder != chess.NoMove {
		t.Errorf("illegal ponder: got %s ponder %s", pos.UCI(res.Best), pos.UCI(res.Ponder))
	}
	res = e.repair(pos, &legal, search.Result{Best: e4, Ponder: e5})
	if res.Best != e4 || res.Ponder != e5 {
		t.Errorf("legal result changed: %s ponder %s", pos.UCI(res.Best), pos.UCI(res.Ponder))
	}
	if pos.FEN() != chess.StartFEN {
		t.Errorf("repair changed the position: %s", pos.FEN())
	}
}

// GoAfter searches the position after the reply without playing it into
// the game.
func TestGoAfterLeavesGame(t *testing.T) {
	e := New()
	if err := e.SetPosition("", []string{"e2e4"}); err != nil {
		t.Fatal(err)
	}
	before := e.Position().FEN()
	pos := e.Position()
	reply, _ := pos.ParseUCI("e7e5")
	pos.MakeMove(reply)
	done := make(chan search.Result, 1)
	e.GoAfter(reply, search.Limits{Depth: 3}, search.Reporter{}, func(r search.Result) { done <- r })
	res := <-done
	if !pos.IsLegal(res.Best) || pos.SideToMove() != chess.White {
		t.Errorf("best %v is not a White move after e7e5", res.Best)
	}
	if got := e.Position().FEN(); got != before {
		t.Errorf("the game changed: %s, want %s", got, before)
	}
	if len(e.Moves()) != 1 {
		t.Errorf("game has %d moves, want 1", len(e.Moves()))
	}
}

// TestServeLines: the first line, then each line read, until a handler
// reports quit; an overlong line goes to tooLong and the loop goes on; the
// end of the input ends it too.
func TestServeLines(t *testing.T) {
	huge := strings.Repeat("x", MaxLineBytes+10)
	for _, tc := range []struct {
		first, input string
		want         []string
	}{
		{"uci", "isready\n" + huge + "\ngo\nquit\nnever\n", []string{"uci", "isready", "TOO LONG", "go", "quit"}},
		{"", "a\nb", []string{"a", "b"}},
		{"quit", "never\n", []string{"quit"}},
	} {
		var got []string
		handle := func(line string) bool {
			if len(line) > 20 {
				line = line[:20] + "..." // keep a failure's message short
			}
			got = append(got, line)
			return line == "quit"
		}
		tooLong := func(*LineTooLongError) { got = append(got, "TOO LONG") }
		ServeLines(tc.first, NewLineReader(strings.NewReader(tc.input)), handle, tooLong)
		if !slices.Equal(got, tc.want) {
			t.Errorf("first %q: handled %q, want %q", tc.first, got, tc.want)
		}
	}
}
