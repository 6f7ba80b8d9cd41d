package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Param is one parameter under tuning: its SPSA input line (name, int or
// float, start, min, max, c_end, r_end) and its current value, which SPSA
// moves as a real number; an int parameter is sent rounded.
type Param struct {
	Name  string  `json:"name"`
	Float bool    `json:"float,omitempty"`
	Start float64 `json:"start"`
	Value float64 `json:"value"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	CEnd  float64 `json:"c_end"`
	REnd  float64 `json:"r_end"`
}

// ParseParams reads SPSA input lines, "name, int, value, min, max, c_end,
// r_end" (OpenBench's format, which "matador spsa-params" prints); blank
// lines and lines starting with # are skipped.
func ParseParams(text string) ([]Param, error) {
	var params []Param
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) != 7 {
			return nil, fmt.Errorf("line %d: %q: want 7 fields (name, int|float, value, min, max, c_end, r_end)", i+1, line)
		}
		for j := range f {
			f[j] = strings.TrimSpace(f[j])
		}
		p := Param{Name: f[0]}
		switch f[1] {
		case "int":
		case "float":
			p.Float = true
		default:
			return nil, fmt.Errorf("line %d: type %q, want int or float", i+1, f[1])
		}
		nums := make([]float64, 5)
		for j := range nums {
			v, err := strconv.ParseFloat(f[j+2], 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %q is no number", i+1, f[j+2])
			}
			nums[j] = v
		}
		p.Start, p.Min, p.Max, p.CEnd, p.REnd = nums[0], nums[1], nums[2], nums[3], nums[4]
		p.Value = p.Start
		switch {
		case p.Name == "" || strings.ContainsAny(p.Name, " \t="):
			return nil, fmt.Errorf("line %d: bad name %q", i+1, p.Name)
		case seen[p.Name]:
			return nil, fmt.Errorf("line %d: %s given twice", i+1, p.Name)
		case !(p.Min <= p.Start && p.Start <= p.Max):
			return nil, fmt.Errorf("line %d: %s: value %g outside [%g, %g]", i+1, p.Name, p.Start, p.Min, p.Max)
		case p.CEnd <= 0 || p.REnd <= 0:
			return nil, fmt.Errorf("line %d: %s: c_end and r_end must be positive", i+1, p.Name)
		}
		seen[p.Name] = true
		params = append(params, p)
	}
	if len(params) == 0 {
		return nil, fmt.Errorf("no parameters")
	}
	return params, nil
}

// Line is the parameter's SPSA input line with its current value (an
// int's rounded).
func (p Param) Line() string {
	kind := "int"
	if p.Float {
		kind = "float"
	}
	return fmt.Sprintf("%s, %s, %s, %s, %s, %s, %s", p.Name, kind, optionValue(p, p.Value), fmtNum(p.Min), fmtNum(p.Max), fmtNum(p.CEnd), fmtNum(p.REnd))
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func (p Param) clamp(v float64) float64 { return min(max(v, p.Min), p.Max) }

// Schedule holds the constants of the gain sequences. As OpenBench derives
// them from c_end and r_end for a run of N iterations (A = ARatio·N):
// c = c_end·N^gamma and a = r_end·c_end²·(A+N)^alpha, so that iteration k
// (from 0) perturbs by c_k = c/(k+1)^gamma (at least half a step for an
// int) and moves by a_k/c_k·(wins−losses), a_k = a/(A+k+1)^alpha: at the
// last iteration c_k is c_end and a_k/c_k² is r_end.
type Schedule struct {
	Iterations int     `json:"iterations"`
	Alpha      float64 `json:"alpha"`
	Gamma      float64 `json:"gamma"`
	ARatio     float64 `json:"a_ratio"`
}

// DefaultSchedule: the usual exponents and OpenBench's A of a tenth of the
// iterations.
func DefaultSchedule(iterations int) Schedule {
	return Schedule{Iterations: iterations, Alpha: 0.602, Gamma: 0.101, ARatio: 0.1}
}

// Gains are c_k and a_k of parameter p at iteration k (from 0).
func (s Schedule) Gains(p Param, k int) (ck, ak float64) {
	n := float64(s.Iterations)
	bigA := s.ARatio * n
	c := p.CEnd * math.Pow(n, s.Gamma)
	a := p.REnd * p.CEnd * p.CEnd * math.Pow(bigA+n, s.Alpha)
	ck = c / math.Pow(float64(k+1), s.Gamma)
	if !p.Float {
		ck = max(ck, 0.5)
	}
	ak = a / math.Pow(bigA+float64(k+1), s.Alpha)
	return ck, ak
}

// Perturbation is what iteration k plays: the sign of each parameter's
// step and the values of the plus engine (value + flip·c_k) and the minus
// engine (value − flip·c_k), an int rounded up or down at random
// (OpenBench's rounding: floor(x + u), the same u for both sides) and
// both clamped to the range.
type Perturbation struct {
	Flip        []float64
	C, A        []float64
	Plus, Minus []float64
}

// Perturb draws iteration k's perturbation from the run's seed alone, so
// that an iteration replayed after an interruption plays the same games.
func Perturb(params []Param, s Schedule, seed uint64, k int) Perturbation {
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	n := len(params)
	pt := Perturbation{Flip: make([]float64, n), C: make([]float64, n), A: make([]float64, n),
		Plus: make([]float64, n), Minus: make([]float64, n)}
	for i, p := range params {
		ck, ak := s.Gains(p, k)
		flip := 1.0
		if rng.IntN(2) == 0 {
			flip = -1
		}
		u := rng.Float64()
		plus, minus := p.Value+flip*ck, p.Value-flip*ck
		if !p.Float {
			plus, minus = math.Floor(plus+u), math.Floor(minus+u)
		}
		pt.Flip[i], pt.C[i], pt.A[i] = flip, ck, ak
		pt.Plus[i], pt.Minus[i] = p.clamp(plus), p.clamp(minus)
	}
	return pt
}

// Update moves every parameter after the plus engine scored
// wins−losses = result against the minus engine: by a_k/c_k·result in the
// direction of its flip (towards the plus engine's value when it won),
// clamped to the range.
func Update(params []Param, pt Perturbation, result int) {
	for i := range params {
		p := &params[i]
		p.Value = p.clamp(p.Value + pt.A[i]/pt.C[i]*float64(result)*pt.Flip[i])
	}
}

// optionValue is how a value goes to the engine: an int rounded.
func optionValue(p Param, v float64) string {
	if p.Float {
		return fmtNum(v)
	}
	return strconv.Itoa(int(math.Round(v)))
}
