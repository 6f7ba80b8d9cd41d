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
					var tm timeManager
					lim := Limits{WTime: left, BTime: left, WInc: inc, BInc: inc, MovesToGo: mtg}
					tm.plan(time.Now(), lim, overhead, chess.White, ply)
					if !tm.timed || tm.soft <= 0 || tm.soft > tm.hard {
						t.Fatalf("left %v inc %v mtg %d: soft %v hard %v", left, inc, mtg, tm.soft, tm.hard)
					}
					if left > overhead+10*ms && tm.hard > left-overhead {
						t.Errorf("left %v inc %v mtg %d ply %d: hard limit %v eats the overhead", left, inc, mtg, ply, tm.hard)
					}
				}
			}
		}
	}
}

func TestMoveTimeIsFixed(t *testing.T) {
	var tm timeManager
	tm.plan(time.Now(), Limits{MoveTime: time.Second}, 30*time.Millisecond, chess.White, 0)
	if tm.soft != tm.hard || tm.hard != 970*time.Millisecond {
		t.Errorf("movetime 1s: soft %v hard %v", tm.soft, tm.hard)
	}
}
