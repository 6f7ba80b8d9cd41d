package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The search parameters that SPSA tunes (issue 28, item 6; tools/spsa).
// Each is a variable of params.go under its own name; a name ending in 100
// is the variable without that suffix in hundredths (LMRLogBase100 75 is
// LMRLogBase 0.75). FutilityMarginPerPly, LateMovePercent and
// LateMoveImprovingPercent are knobs from which the tables FutilityMargin
// and LateMoveCount are built (at start-up and on every change). Only a
// build with the tag spsa shows them as UCI options (internal/uci/spsa.go)
// and prints their SPSA input lines ("matador spsa-params"); the normal
// build plays their defaults, the same values and the same tree as when
// they were constants.

// Tunable is one parameter SPSA may move: its name (also its UCI option's),
// its default, the range SPSA keeps it in, and the step of the last
// iteration (CEnd) and the learning rate there (REnd), as OpenBench's and
// Stockfish's SPSA input lines give them.
type Tunable struct {
	Name              string
	Default, Min, Max int
	CEnd, REnd        float64
	get               func() int
	set               func(int)
}

// Value is the parameter's current value.
func (t Tunable) Value() int { return t.get() }

// Line is the parameter's SPSA input line, as OpenBench reads it:
// "name, int, value, min, max, c_end, r_end", with the current value.
func (t Tunable) Line() string {
	return fmt.Sprintf("%s, int, %d, %d, %d, %s, %s", t.Name, t.get(), t.Min, t.Max,
		strconv.FormatFloat(t.CEnd, 'g', -1, 64), strconv.FormatFloat(t.REnd, 'g', -1, 64))
}

// rEnd is every parameter's learning rate at the last iteration: five
// times OpenBench's usual 0.002, for a run of a few thousand game pairs
// instead of OpenBench's tens of thousands. The rate scales how far a
// parameter moves, not how sure the move is: a parameter whose two
// perturbed sides differ by d Elo drifts about N·r·0.0058·d·c_end in N
// iterations, so at 0.002 and 2,000 iterations a parameter whose sides
// differ by 5 Elo moves a tenth of c_end, which tunes nothing (in the
// first 79 iterations of run search1 no value moved by 6% of its c_end;
// tools/spsa/README.md).
const rEnd = 0.01

// intParam, int32Param and hundredthsParam make the entry of an int, an
// int32 and a float variable tuned in hundredths (75 is 0.75; v/100.0 is
// the float64 nearest the decimal, as the literal is).
func intParam(name string, p *int, min, max int, cEnd float64) Tunable {
	return Tunable{Name: name, Default: *p, Min: min, Max: max, CEnd: cEnd, REnd: rEnd,
		get: func() int { return *p }, set: func(v int) { *p = v }}
}

func int32Param(name string, p *int32, min, max int, cEnd float64) Tunable {
	return Tunable{Name: name, Default: int(*p), Min: min, Max: max, CEnd: cEnd, REnd: rEnd,
		get: func() int { return int(*p) }, set: func(v int) { *p = int32(v) }}
}

func hundredthsParam(name string, p *float64, min, max int, cEnd float64) Tunable {
	return Tunable{Name: name, Default: int(math.Round(*p * 100)), Min: min, Max: max, CEnd: cEnd, REnd: rEnd,
		get: func() int { return int(math.Round(*p * 100)) }, set: func(v int) { *p = float64(v) / 100 }}
}

// tunables: the margins and reduction constants read on every node (or
// every iteration) with the default switches. The ranges are generous but
// keep divisors away from zero; CEnd is about a twentieth to a fortieth
// of the range (half a step for the small integers, the least OpenBench
// perturbs an integer by).
var tunables = []Tunable{
	intParam("AspirationStart", &AspirationStart, 4, 40, 2),
	intParam("NullMoveBaseR", &NullMoveBaseR, 1, 6, 0.5),
	intParam("NullMoveDepthDiv", &NullMoveDepthDiv, 2, 8, 0.5),
	intParam("NullMoveEvalDiv", &NullMoveEvalDiv, 80, 400, 16),
	intParam("ReverseFutilityMaxDepth", &ReverseFutilityMaxDepth, 3, 12, 0.5),
	intParam("ReverseFutilityMargin", &ReverseFutilityMargin, 30, 160, 6),
	intParam("FutilityMarginPerPly", &FutilityMarginPerPly, 50, 250, 10),
	intParam("LateMovePercent", &LateMovePercent, 50, 200, 8),
	intParam("LateMoveImprovingPercent", &LateMoveImprovingPercent, 50, 200, 8),
	intParam("SEELinearQuietMargin", &SEELinearQuietMargin, -200, -20, 8),
	intParam("SEEQuadNoisyMargin", &SEEQuadNoisyMargin, -60, -4, 2),
	hundredthsParam("LMRLogBase100", &LMRLogBase, 0, 200, 8),
	hundredthsParam("LMRLogDivisor100", &LMRLogDivisor, 120, 400, 12),
	int32Param("LMRAdjustedHistoryDivisor", &LMRAdjustedHistoryDivisor, 1500, 16000, 400),
	intParam("IIRMinDepth", &IIRMinDepth, 2, 10, 0.5),
	intParam("SingularMarginPerPly", &SingularMarginPerPly, 1, 6, 0.5),
	intParam("SingularDoubleMargin", &SingularDoubleMargin, 0, 80, 4),
	intParam("QSSEEMargin", &QSSEEMargin, 0, 300, 10),
	intParam("DeltaMargin", &DeltaMargin, 50, 500, 15),
	int32Param("CorrectionWeightMax", &CorrectionWeightMax, 64, 1024, 24),
}

// Tunables lists the parameters SPSA may move, in a fixed order.
func Tunables() []Tunable { return append([]Tunable(nil), tunables...) }

// SPSAInput is the SPSA input of every tunable parameter at its current
// value, a line each (see Tunable.Line).
func SPSAInput() string {
	var b strings.Builder
	for _, t := range tunables {
		b.WriteString(t.Line())
		b.WriteByte('\n')
	}
	return b.String()
}

// SetTunable sets a parameter by name (case-insensitive, as UCI names
// options) within its range and rebuilds the tables derived from the
// parameters. It must not run during a search: the engine's option waits
// for the search to return (engine.SetTunable).
func SetTunable(name string, v int) error {
	t, err := findTunable(name, v)
	if err != nil {
		return err
	}
	t.set(v)
	rebuildTunedTables()
	return nil
}

// CheckTunable says what SetTunable(name, v) would refuse, without
// setting anything: a caller can answer at once and set it later.
func CheckTunable(name string, v int) error {
	_, err := findTunable(name, v)
	return err
}

// findTunable is the parameter of that name if v lies in its range.
func findTunable(name string, v int) (Tunable, error) {
	for _, t := range tunables {
		if !strings.EqualFold(t.Name, name) {
			continue
		}
		if v < t.Min || v > t.Max {
			return t, fmt.Errorf("%s must lie in [%d, %d], got %d", t.Name, t.Min, t.Max, v)
		}
		return t, nil
	}
	return Tunable{}, fmt.Errorf("no tunable search parameter named %q", name)
}

// ResetTunables puts every parameter back to its default.
func ResetTunables() {
	for _, t := range tunables {
		t.set(t.Default)
	}
	rebuildTunedTables()
}

// rebuildTunedTables derives the tables of params.go and reductions.go from
// the tunable knobs; at the defaults they are the tables as written.
func rebuildTunedTables() {
	buildLMRTables()
	for d := range FutilityMargin {
		FutilityMargin[d] = FutilityMarginPerPly * d
	}
	pct := [2]int{LateMovePercent, LateMoveImprovingPercent}
	for i := range LateMoveCount {
		for d := range LateMoveCount[i] {
			LateMoveCount[i][d] = lateMoveCountBase[i][d] * pct[i] / 100
		}
	}
}

// The tables are derived from the knobs in every build, so that a tuned
// value written into params.go (tools/spsa -apply) is all it takes.
func init() { rebuildTunedTables() }
