package search

import (
	"testing"
	"time"

	"matador/internal/chess"
)

// The hard limit must leave the move overhead on the clock in every
// situation, down to bullet with a nearly empty clock.
func TestTimeLimitsStayInsideTheClock(t *testing.T) {
	ms := time.Millisecond
	overhead := 30 * ms
	for _, left := range []time.Duration{20 * ms, 50 * ms, 100 * ms, 300 * ms, time.Second, 10 * time.Second, 10 * time.Minute} {
		for _, inc := range []time.Duration{0, 10 * ms, 100 * ms, 2 * time.Second} {
			for _, mtg := range []int{0, 1, 2, 40} {
				for _, ply := range []int{0, 80, 300} {
					for clock := range 3 {
						idealScaled := clock > 0
						tm := timeManager{nodeShare: clock == 2}
						lim := Limits{WTime: left, BTime: left, WInc: inc, BInc: inc, MovesToGo: mtg}
						tm.plan(time.Now(), lim, overhead, 0, chess.White, ply, idealScaled)
						if !tm.timed || tm.soft <= 0 || tm.soft > tm.hard {
							t.Fatalf("left %v inc %v mtg %d clock %d: soft %v hard %v", left, inc, mtg, clock, tm.soft, tm.hard)
						}
						if left > overhead+10*ms && tm.hard > left-overhead {
							t.Errorf("left %v inc %v mtg %d ply %d clock %d: hard limit %v eats the overhead",
								left, inc, mtg, ply, clock, tm.hard)
						}
					}
				}
			}
		}
	}
}

func TestMoveTimeIsFixed(t *testing.T) {
	var tm timeManager
	for _, idealScaled := range []bool{false, true} {
		tm.plan(time.Now(), Limits{MoveTime: time.Second}, 30*time.Millisecond, 0, chess.White, 0, idealScaled)
		if tm.soft != tm.hard || tm.hard != 970*time.Millisecond {
			t.Errorf("movetime 1s (idealScaled %v): soft %v hard %v", idealScaled, tm.soft, tm.hard)
		}
	}
}

// ClockIdealScaled's plan: the ideal time and the hard limit from the time left
// and the increment, with 30 ms of Move Overhead. The usable time is the
// clock less the overhead, 5 ms of safety and 2.5 overheads kept for the
// moves to come: 9,890 ms of 10 s.
func TestClockIdealScaledPlan(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name        string
		lim         Limits
		ideal, hard time.Duration
	}{
		// (9890 + 25·100) / 50 = 247.8; hard 5 times that.
		{"10s+0.1s", Limits{WTime: 10000 * ms, WInc: 100 * ms}, 247800 * time.Microsecond, 1239 * ms},
		// 59890 / 50.
		{"60s", Limits{WTime: 60000 * ms}, 1197800 * time.Microsecond, 5989 * ms},
		// (890 + 25·10) / 50 = 22.8.
		{"1s+0.01s", Limits{WTime: 1000 * ms, WInc: 10 * ms}, 22800 * time.Microsecond, 114 * ms},
		// 20 moves to go in 10 s: 9890 / (20 + 5).
		{"20 moves to go", Limits{WTime: 10000 * ms, MovesToGo: 20}, 395600 * time.Microsecond, 1978 * ms},
		// An increment larger than the clock: the ideal is capped at half
		// the usable time (195 ms of 390), the hard limit at three quarters.
		{"0.5s+2s", Limits{WTime: 500 * ms, WInc: 2000 * ms}, 195 * ms, 292500 * time.Microsecond},
	}
	for _, c := range cases {
		var tm timeManager
		tm.plan(time.Now(), c.lim, 30*ms, 0, chess.White, 0, true)
		if tm.soft != c.ideal || tm.hard != c.hard {
			t.Errorf("%s: ideal %v hard %v, want %v and %v", c.name, tm.soft, tm.hard, c.ideal, c.hard)
		}
	}
}

// ClockIdealScaled's decision after an iteration: the ideal time scaled by
// stability (ClockIdealScaledStableHigh down by ClockIdealScaledStableStep an
// iteration), best-move changes and a falling score, never past the hard
// limit, nothing before depth 4, and no iteration begun past half the hard
// limit.
func TestClockIdealScaledStops(t *testing.T) {
	ms := time.Millisecond
	var tm timeManager
	start := time.Now()
	tm.plan(start, Limits{WTime: 10000 * ms, WInc: 100 * ms}, 30*ms, 0, chess.White, 0, true)
	ideal := tm.soft // 247.8 ms
	stable := func(n int, scale float64) time.Duration {
		return time.Duration(float64(ideal) * scale * (ClockIdealScaledStableHigh - ClockIdealScaledStableStep*float64(min(n, ClockIdealScaledStableMax))))
	}
	cases := []struct {
		name  string
		it    iterationEnd
		limit time.Duration
	}{
		{"new best move", iterationEnd{depth: 8}, stable(0, 1)},
		{"stable for 5", iterationEnd{depth: 8, stable: 5}, stable(5, 1)},
		{"stable for 10", iterationEnd{depth: 8, stable: 10}, stable(10, 1)},
		{"stable for 30", iterationEnd{depth: 30, stable: 30}, stable(10, 1)},
		{"best move changed lately", iterationEnd{depth: 8, stable: 5, bestChanges: 0.5}, stable(5, 1.5)},
		{"score fell 0.25", iterationEnd{depth: 8, stable: 5, scoreDropLong: 25}, stable(5, 1.25)},
		{"score fell 3.00", iterationEnd{depth: 8, stable: 5, scoreDropLong: 300}, stable(5, 1.5)},
		{"score rose", iterationEnd{depth: 8, stable: 5, scoreDropLong: -100}, stable(5, 1)},
		{"everything at once", iterationEnd{depth: 8, bestChanges: 2, scoreDropLong: 300}, tm.hard},
	}
	for _, c := range cases {
		got := tm.scaledLimit(c.it)
		if d := got - c.limit; d < -time.Microsecond || d > time.Microsecond {
			t.Errorf("%s: limit %v, want %v", c.name, got, c.limit)
		}
		if c.limit < tm.hard/2 {
			if tm.shouldStopAfterIteration(start.Add(c.limit-ms), c.it) {
				t.Errorf("%s: stops before its limit", c.name)
			}
			if !tm.shouldStopAfterIteration(start.Add(c.limit+ms), c.it) {
				t.Errorf("%s: goes on past its limit", c.name)
			}
		}
	}
	if tm.shouldStopAfterIteration(start.Add(tm.hard-ms), iterationEnd{depth: 3, stable: 10}) {
		t.Error("stopped before depth 4")
	}
	if !tm.shouldStopAfterIteration(start.Add(tm.hard/2), iterationEnd{depth: 8, bestChanges: 2, scoreDropLong: 300}) {
		t.Error("began an iteration past half the hard limit")
	}
}

// ClockNodeShare's plan (Ethereal's clock since version 14): with
// ClockFrontLoad's 40 moves, the ideal time is (usable + 25 increments) /
// 20 and the hard limit four times that, within the caps of the usable
// time; with movestogo the share of the time left is 1.8 times as large
// and the increment added once.
func TestClockNodeSharePlan(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name        string
		lim         Limits
		ideal, hard time.Duration
	}{
		// (9890 + 25·100) / 20 = 619.5; hard 4 times that.
		{"10s+0.1s", Limits{WTime: 10000 * ms, WInc: 100 * ms}, 619500 * time.Microsecond, 2478 * ms},
		// 59890 / 20 = 2994.5.
		{"60s", Limits{WTime: 60000 * ms}, 2994500 * time.Microsecond, 11978 * ms},
		// An increment larger than the clock: the ideal is capped at half
		// the usable time (195 ms of 390), the hard limit at three quarters.
		{"0.5s+2s", Limits{WTime: 500 * ms, WInc: 2000 * ms}, 195 * ms, 292500 * time.Microsecond},
		// 1.8 · 9890 / (20 + 5) + 100 = 812.08.
		{"20 moves to go, 0.1s", Limits{WTime: 10000 * ms, WInc: 100 * ms, MovesToGo: 20}, 812080 * time.Microsecond, 3248320 * time.Microsecond},
	}
	for _, c := range cases {
		tm := timeManager{nodeShare: true, idealMoves: ClockFrontLoadMoves}
		tm.plan(time.Now(), c.lim, 30*ms, 0, chess.White, 0, true)
		if d := tm.soft - c.ideal; d < -time.Microsecond || d > time.Microsecond {
			t.Errorf("%s: ideal %v, want %v", c.name, tm.soft, c.ideal)
		}
		if d := tm.hard - c.hard; d < -time.Microsecond || d > time.Microsecond {
			t.Errorf("%s: hard %v, want %v", c.name, tm.hard, c.hard)
		}
	}
}

// ClockNodeShare's decision after an iteration: the ideal time scaled by
// stability, by the best move's share of the nodes and by the score's
// fall (0.75 to 1.25); best-move changes do not count. The largest
// scale, 1.2 · 2.4 · 1.25 = 3.6, stays under the hard limit's 4.
func TestClockNodeShareStops(t *testing.T) {
	ms := time.Millisecond
	tm := timeManager{nodeShare: true, idealMoves: ClockFrontLoadMoves}
	start := time.Now()
	tm.plan(start, Limits{WTime: 10000 * ms, WInc: 100 * ms}, 30*ms, 0, chess.White, 0, true)
	ideal := tm.soft // 619.5 ms
	limit := func(stable int, share, score float64) time.Duration {
		stability := ClockIdealScaledStableHigh - ClockIdealScaledStableStep*float64(stable)
		return time.Duration(float64(ideal) * stability * share * score)
	}
	cases := []struct {
		name  string
		it    iterationEnd
		limit time.Duration
	}{
		{"best move took 70% of the nodes, score held", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.7}, limit(5, 1, 0.75)},
		{"best move took 95% of the nodes", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.95}, limit(5, 0.5, 0.75)},
		{"best move took all the nodes", iterationEnd{depth: 8, stable: 10, bestNodeShare: 1}, limit(10, ClockNodeShareMin, 0.75)},
		{"best move took 30% of the nodes", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.3}, limit(5, 1.8, 0.75)},
		{"score fell 0.20", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.7, scoreDropLong: 20}, limit(5, 1, 1)},
		{"score fell 0.25", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.7, scoreDropLong: 25}, limit(5, 1, 1.25)},
		{"score fell 3.00", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.7, scoreDropLong: 300}, limit(5, 1, 1.25)},
		{"best move changed lately", iterationEnd{depth: 8, stable: 5, bestNodeShare: 0.7, bestChanges: 2}, limit(5, 1, 0.75)},
		{"everything at once", iterationEnd{depth: 8, bestNodeShare: 0.1, scoreDropLong: 300}, limit(0, 2.2, 1.25)},
	}
	for _, c := range cases {
		got := tm.scaledLimit(c.it)
		if d := got - c.limit; d < -time.Microsecond || d > time.Microsecond || got > tm.hard {
			t.Errorf("%s: limit %v, want %v (hard %v)", c.name, got, c.limit, tm.hard)
		}
	}
}

// Slow Mover scales both limits on a clock within the caps of the time
// left, and leaves a fixed move time alone.
func TestSlowMover(t *testing.T) {
	ms := time.Millisecond
	lim := Limits{WTime: 60000 * ms, BTime: 60000 * ms, WInc: 500 * ms, BInc: 500 * ms}
	for _, idealScaled := range []bool{false, true} {
		var base, slow, fast, capped timeManager
		base.plan(time.Now(), lim, 30*ms, 100, chess.White, 10, idealScaled)
		slow.plan(time.Now(), lim, 30*ms, 200, chess.White, 10, idealScaled)
		fast.plan(time.Now(), lim, 30*ms, 50, chess.White, 10, idealScaled)
		capped.plan(time.Now(), lim, 30*ms, 1000, chess.White, 10, idealScaled)
		if slow.soft != base.soft*2 || fast.soft != base.soft/2 || fast.hard != base.hard/2 {
			t.Errorf("idealScaled %v: soft %v, at 200%% %v, at 50%% %v (hard %v, at 50%% %v)", idealScaled, base.soft, slow.soft, fast.soft, base.hard, fast.hard)
		}
		var zero timeManager
		zero.plan(time.Now(), lim, 30*ms, 0, chess.White, 10, idealScaled)
		if zero.soft != base.soft || zero.hard != base.hard {
			t.Errorf("idealScaled %v: 0 gives %v/%v, 100 gives %v/%v", idealScaled, zero.soft, zero.hard, base.soft, base.hard)
		}
		if capped.hard >= 60000*ms*HardMaxPercent/100 || capped.soft > capped.hard {
			t.Errorf("idealScaled %v: at 1000%% soft %v hard %v, past the caps", idealScaled, capped.soft, capped.hard)
		}
		var fixed timeManager
		fixed.plan(time.Now(), Limits{MoveTime: time.Second}, 30*ms, 300, chess.White, 10, idealScaled)
		if fixed.hard != time.Second-30*ms {
			t.Errorf("idealScaled %v: movetime under Slow Mover: %v", idealScaled, fixed.hard)
		}
	}
}

// With a node rate the clock counts nodes: the same search twice takes the
// same nodes and plays the same move, and stays inside the nodes its hard
// limit stands for, whatever the machine's speed.
func TestNodesAsTime(t *testing.T) {
	pos, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	const rate = 100000 // nodes a second: 2 s of clock are 200,000 nodes
	lim := Limits{WTime: 2000 * time.Millisecond, BTime: 2000 * time.Millisecond}
	opts := Options{NodesPerSecond: rate}
	var results [2]Result
	for i := range results {
		s := NewSearcher(16)
		results[i] = s.Search(pos, lim, opts, Reporter{})
	}
	if results[0] != results[1] {
		t.Errorf("two searches on nodes as time differ: %+v and %+v", results[0], results[1])
	}
	var tm timeManager
	tm.plan(time.Now(), lim, 0, 0, chess.White, pos.GamePly(), true)
	budget := uint64(tm.hard.Seconds()*rate) + 2*LimitCheckNodes
	if n := results[0].Nodes; n == 0 || n > budget {
		t.Errorf("%d nodes on a hard limit of %v at %d nodes/s (at most %d)", n, tm.hard, rate, budget)
	}
}

// The root moves count the nodes below them over the whole search: they
// account for most of the worker's nodes (the rest are the root's own),
// and the best move of a position with one natural move takes the most.
func TestRootMoveNodes(t *testing.T) {
	// A bishop took the knight on f3: the queen takes back.
	pos, err := chess.ParseFEN("rn1qk1nr/pppp1ppp/8/2b1p3/4P3/5b2/PPPP1PPP/RNBQKB1R w KQkq - 0 4")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(1)
	res := s.Search(pos, Limits{Depth: 10}, Options{MultiPV: 1}, Reporter{})
	w := s.main
	var sum, best, most uint64
	for _, rm := range w.rootMoves {
		sum += rm.nodes
		most = max(most, rm.nodes)
		if rm.move == res.Best {
			best = rm.nodes
		}
	}
	if sum > w.nodes || sum < w.nodes/2 {
		t.Errorf("root moves counted %d nodes of the worker's %d", sum, w.nodes)
	}
	if best == 0 || best != most {
		t.Errorf("best move %s took %d nodes, the most any took %d", pos.UCI(res.Best), best, most)
	}
}

// A best move stable for ClockIdealScaledStableMax iterations or more
// leaves its floor of the ideal time, ClockIdealScaled's own scaling
// (ClockNodeShare off: it moves the same stability factor, beside the
// node share's).
func TestClockStableLimit(t *testing.T) {
	ms := time.Millisecond
	limits := Limits{WTime: 10000 * ms, WInc: 100 * ms}
	s := NewSearcher(1)
	s.Switches.ClockNodeShare = false
	w := s.main
	w.Switches = s.Switches
	w.begin(chess.StartPosition(), limits, Options{MultiPV: 1, MoveOverhead: 30 * ms}, Reporter{})
	tm := &w.clock
	got := tm.scaledLimit(iterationEnd{depth: 20, stable: 20})
	want := time.Duration(float64(tm.soft) * (ClockIdealScaledStableHigh - ClockIdealScaledStableStep*ClockIdealScaledStableMax))
	if d := got - want; d < -time.Microsecond || d > time.Microsecond {
		t.Errorf("limit %v after a long stable run, want %v (ideal %v)", got, want, tm.soft)
	}
}

// ClockNodeShare reaches the clock through the worker's switch: twice
// the ideal time of the same clock without it.
func TestClockNodeShareSwitch(t *testing.T) {
	ms := time.Millisecond
	limits := Limits{WTime: 10000 * ms, WInc: 100 * ms}
	ideal := map[bool]time.Duration{}
	for _, on := range []bool{false, true} {
		s := NewSearcher(1)
		s.Switches.ClockNodeShare = on
		w := s.main
		w.Switches = s.Switches
		w.begin(chess.StartPosition(), limits, Options{MultiPV: 1, MoveOverhead: 30 * ms}, Reporter{})
		if w.clock.nodeShare != on {
			t.Errorf("ClockNodeShare %v: the clock's nodeShare is %v", on, w.clock.nodeShare)
		}
		ideal[on] = w.clock.soft
	}
	if d := ideal[true] - 2*ideal[false]; d < -time.Microsecond || d > time.Microsecond {
		t.Errorf("ideal time %v with ClockNodeShare, %v without", ideal[true], ideal[false])
	}
}

// ClockFrontLoad shares the time left over 40 moves instead of 50: at
// 10s+0.1s, (9890 + 25·100) / 40 = 309.75 ms instead of 247.8 ms; a fixed
// number of moves to go is shared as before.
func TestClockFrontLoad(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		lim        Limits
		moves      int
		want       time.Duration
		sameAsBase bool
	}{
		{Limits{WTime: 10000 * ms, WInc: 100 * ms}, ClockIdealScaledMoves, 247800 * time.Microsecond, true},
		{Limits{WTime: 10000 * ms, WInc: 100 * ms}, ClockFrontLoadMoves, 309750 * time.Microsecond, false},
		{Limits{WTime: 10000 * ms, MovesToGo: 20}, ClockFrontLoadMoves, 395600 * time.Microsecond, true},
	} {
		var tm timeManager
		tm.idealMoves = c.moves
		tm.plan(time.Now(), c.lim, 30*ms, 0, chess.White, 0, true)
		if tm.soft != c.want {
			t.Errorf("%+v over %d moves: ideal %v, want %v", c.lim, c.moves, tm.soft, c.want)
		}
	}
}
