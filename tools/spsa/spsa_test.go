package main

import (
	"math"
	"strings"
	"testing"
)

const testInput = `# a comment
NullMoveBaseR, int, 3, 1, 6, 0.5, 0.002
ReverseFutilityMargin, int, 80, 30, 160, 6, 0.002

LMRLogBase100, int, 75, 0, 200, 8, 0.002
Scale, float, 1.5, 1, 2, 0.1, 0.002
`

func testParams(t *testing.T) []Param {
	t.Helper()
	params, err := ParseParams(testInput)
	if err != nil {
		t.Fatal(err)
	}
	return params
}

func TestParseParams(t *testing.T) {
	params := testParams(t)
	if len(params) != 4 {
		t.Fatalf("%d params", len(params))
	}
	p := params[1]
	if p.Name != "ReverseFutilityMargin" || p.Float || p.Start != 80 || p.Value != 80 || p.Min != 30 || p.Max != 160 || p.CEnd != 6 || p.REnd != 0.002 {
		t.Errorf("%+v", p)
	}
	if !params[3].Float || params[3].Line() != "Scale, float, 1.5, 1, 2, 0.1, 0.002" {
		t.Errorf("float param: %+v, line %q", params[3], params[3].Line())
	}
	if params[0].Line() != "NullMoveBaseR, int, 3, 1, 6, 0.5, 0.002" {
		t.Errorf("line %q", params[0].Line())
	}
	for _, bad := range []string{
		"", "A, int, 3, 1, 6, 0.5", "A, bool, 3, 1, 6, 0.5, 0.002", "A, int, x, 1, 6, 0.5, 0.002",
		"A, int, 9, 1, 6, 0.5, 0.002", "A, int, 3, 1, 6, 0, 0.002", "A B, int, 3, 1, 6, 0.5, 0.002",
		"A, int, 3, 1, 6, 0.5, 0.002\nA, int, 3, 1, 6, 0.5, 0.002",
	} {
		if _, err := ParseParams(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// The gains as OpenBench derives them: at the last iteration c_k is c_end
// and a_k/c_k² is r_end; both decay; an int is perturbed by half a step at
// least.
func TestGainsSchedule(t *testing.T) {
	s := DefaultSchedule(1000)
	p := Param{Name: "M", Value: 80, Min: 30, Max: 160, CEnd: 6, REnd: 0.002}
	ck, ak := s.Gains(p, 999)
	if !near(ck, 6) || !near(ak/(ck*ck), 0.002) {
		t.Errorf("last iteration: c_k %v, r_k %v; want 6 and 0.002", ck, ak/(ck*ck))
	}
	c0, a0 := s.Gains(p, 0)
	if !near(c0, 6*math.Pow(1000, 0.101)) {
		t.Errorf("c_0 %v, want c_end·N^gamma = %v", c0, 6*math.Pow(1000, 0.101))
	}
	wantA0 := 0.002 * 36 * math.Pow(1100, 0.602) / math.Pow(101, 0.602)
	if !near(a0, wantA0) {
		t.Errorf("a_0 %v, want %v", a0, wantA0)
	}
	prevC, prevA := math.Inf(1), math.Inf(1)
	for k := 0; k < 1000; k += 37 {
		c, a := s.Gains(p, k)
		if c >= prevC || a >= prevA {
			t.Fatalf("iteration %d: c_k %v, a_k %v do not decay", k, c, a)
		}
		prevC, prevA = c, a
	}
	small := Param{Name: "R", Value: 3, Min: 1, Max: 6, CEnd: 0.2, REnd: 0.002}
	if c, _ := s.Gains(small, 999); c != 0.5 {
		t.Errorf("an int's c_k %v, want the floor 0.5", c)
	}
	small.Float = true
	if c, _ := s.Gains(small, 999); !near(c, 0.2) {
		t.Errorf("a float's c_k %v, want 0.2", c)
	}
}

func TestPerturb(t *testing.T) {
	params := testParams(t)
	s := DefaultSchedule(100)
	a, b := Perturb(params, s, 7, 12), Perturb(params, s, 7, 12)
	for i := range params {
		if a.Plus[i] != b.Plus[i] || a.Minus[i] != b.Minus[i] || a.Flip[i] != b.Flip[i] {
			t.Fatal("the same seed and iteration drew another perturbation")
		}
	}
	flips := map[float64]int{}
	for k := 0; k < 200; k++ {
		pt := Perturb(params, s, 7, k)
		for i, p := range params {
			flips[pt.Flip[i]]++
			plus, minus := pt.Plus[i], pt.Minus[i]
			if plus < p.Min || plus > p.Max || minus < p.Min || minus > p.Max {
				t.Fatalf("%s out of range: %v, %v", p.Name, plus, minus)
			}
			if p.Float {
				if !near(plus-minus, 2*pt.Flip[i]*pt.C[i]) {
					t.Fatalf("%s: plus %v minus %v, flip %v c %v", p.Name, plus, minus, pt.Flip[i], pt.C[i])
				}
				continue
			}
			if plus != math.Floor(plus) || minus != math.Floor(minus) {
				t.Fatalf("%s: an int perturbed to %v, %v", p.Name, plus, minus)
			}
			// floor(v+fc+u) - floor(v-fc+u) lies within 2c ± 1, on the flip's side.
			if d := (plus - minus) * pt.Flip[i]; d < 2*pt.C[i]-1 || d > 2*pt.C[i]+1 {
				t.Fatalf("%s: plus %v minus %v for c %v flip %v", p.Name, plus, minus, pt.C[i], pt.Flip[i])
			}
		}
	}
	if flips[1] < 300 || flips[-1] < 300 {
		t.Errorf("flips %v", flips)
	}
	if c := Perturb(params, s, 8, 12); c.Flip[0] == a.Flip[0] && c.Flip[1] == a.Flip[1] && c.Flip[2] == a.Flip[2] && c.Flip[3] == a.Flip[3] &&
		c.Plus[1] == a.Plus[1] && c.Plus[2] == a.Plus[2] {
		t.Error("another seed drew the same perturbation")
	}
}

// A plus side that wins pulls every value towards its own; one that loses
// pushes them away; the range holds.
func TestUpdateDirection(t *testing.T) {
	params := testParams(t)
	pt := Perturbation{Flip: []float64{1, -1, 1, -1}, C: []float64{0.5, 6, 8, 0.1}, A: []float64{0.01, 0.5, 0.8, 0.001}}
	Update(params, pt, 2)
	want := []float64{3 + 0.01/0.5*2, 80 - 0.5/6*2, 75 + 0.8/8*2, 1.5 - 0.001/0.1*2}
	for i, p := range params {
		if !near(p.Value, want[i]) {
			t.Errorf("%s: %v, want %v", p.Name, p.Value, want[i])
		}
	}
	Update(params, pt, -2)
	for i, p := range params {
		if !near(p.Value, p.Start) {
			t.Errorf("%s: %v after +2 and -2, want %v", p.Name, p.Value, params[i].Start)
		}
	}
	Update(params, pt, 0)
	for _, p := range params {
		if p.Value != p.Start {
			t.Errorf("%s moved on a drawn iteration", p.Name)
		}
	}
	huge := Perturbation{Flip: []float64{1, -1, 1, -1}, C: []float64{0.5, 0.5, 0.5, 0.5}, A: []float64{100, 100, 100, 100}}
	Update(params, huge, 3)
	for i, p := range params {
		if want := []float64{p.Max, p.Min, p.Max, p.Min}[i]; p.Value != want {
			t.Errorf("%s: %v, want clamped to %v", p.Name, p.Value, want)
		}
	}
}

func TestGoAssignment(t *testing.T) {
	for _, tc := range []struct {
		p          Param
		name, want string
	}{
		{Param{Name: "NullMoveBaseR", Value: 3.49}, "NullMoveBaseR", "3"},
		{Param{Name: "SEELinearQuietMargin", Value: -85.6}, "SEELinearQuietMargin", "-86"},
		{Param{Name: "LMRLogBase100", Value: 80.6}, "LMRLogBase", "0.81"},
		{Param{Name: "LMRLogDivisor100", Value: 200.2}, "LMRLogDivisor", "2"},
		{Param{Name: "Scale", Value: 1.25, Float: true}, "Scale", "1.25"},
	} {
		if name, v := goAssignment(tc.p); name != tc.name || v != tc.want {
			t.Errorf("%+v: %s = %s, want %s = %s", tc.p, name, v, tc.name, tc.want)
		}
	}
	if !strings.HasSuffix(Param{Name: "x"}.Line(), "0, 0, 0, 0, 0") {
		t.Error(Param{Name: "x"}.Line())
	}
}

// The report gives each change in c_end as well, the measure of whether a
// value was tuned or only jittered.
func TestReportChangeInCEnd(t *testing.T) {
	st := &State{Name: "r", Iteration: 5, Schedule: DefaultSchedule(10), Match: Match{TC: "5+0.05", Pairs: 1},
		Params: []Param{{Name: "DeltaMargin", Start: 200, Value: 185, Min: 50, Max: 500, CEnd: 15, REnd: 0.01}}}
	var out strings.Builder
	Report(&out, st)
	if !strings.Contains(out.String(), "-15.000     -1.00\n") || !strings.Contains(out.String(), "in c_end") {
		t.Errorf("report:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "DeltaMargin = 185 // was 200") {
		t.Errorf("no params.go line in\n%s", out.String())
	}
}
