package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"matador/internal/chess"
	"matador/internal/search"
)

// Weaker play. A person wants an opponent that plays chess at their level:
// moves a player of that strength might choose, never a random blunder. A
// weakened Matador therefore searches for real, but less (a node budget
// that halves every two levels), looks at several lines (MultiPV), and
// picks among them with an error that grows as the level falls: each
// line's score gets a random push of up to SkillNoise cp a level below 20,
// and lines that lose more than SkillMaxLoss plus SkillMaxLossPerLevel a
// level below 20 are never chosen. Whatever the
// level, against a bare king, or once a mate is found for it, it plays the
// best line: a weak engine must still win what any player wins.
//
// The level is Skill Level (0..20), or from UCI_LimitStrength with
// UCI_Elo, a level between two whole ones read off the calibration below.

// Strength option ranges.
const (
	MaxSkillLevel = 20
	MinElo        = 1200
	MaxElo        = 2500
	DefaultElo    = 1500
)

// Weak-play settings.
const (
	// SkillLines is how many lines a weakened search looks at.
	SkillLines = 4
	// SkillBaseNodes is the node budget at level 0; it doubles every two
	// levels, and level 20 has none.
	SkillBaseNodes = 64
	// SkillNoise is the largest random push of a line's score (cp) per
	// level below 20.
	SkillNoise = 12
	// SkillMaxLoss: a line scored this much (cp) below the best, plus
	// SkillMaxLossPerLevel per level below 20, is never chosen.
	SkillMaxLoss         = 60
	SkillMaxLossPerLevel = 20
	// SkillThinkShare: a weakened engine on a clock takes at least this
	// share of an even share of its clock (thinkTime: the time left over
	// 30 moves, plus three quarters of the increment, less the overhead),
	// as a person would, instead of answering at once; at most
	// SkillThinkCap and a tenth of the time left.
	SkillThinkShare = 0.5
	SkillThinkCap   = 10 * time.Second
)

// eloCalibration maps UCI_Elo to levels: the Elo, on the scale of
// Stockfish 15.1's UCI_Elo, of the levels measured in matches against
// Stockfish's own UCI_LimitStrength (how and when: docs/strength.md,
// "`UCI_Elo` calibration"); between points the level is interpolated.
// Level 20 is full strength, about 2440 (its match against Stockfish at
// 2500, full2500 in the ledger), so UCI_Elo from there to 2500 plays at
// full strength. Level 0, below Stockfish's lowest setting
// (1350), is extrapolated at about 37 Elo a level.
var eloCalibration = []struct {
	elo   float64
	level float64
}{
	{1200, 0},
	{1430, 6},
	{1600, 10.6},
	{2000, 19.16},
	{2440, 20},
}

// levelForElo returns the level, 0..20 and not necessarily whole, that
// plays at elo.
func levelForElo(elo int) float64 {
	e := float64(min(max(elo, MinElo), MaxElo))
	for i := 1; i < len(eloCalibration); i++ {
		lo, hi := eloCalibration[i-1], eloCalibration[i]
		if e <= hi.elo {
			return lo.level + (e-lo.elo)/(hi.elo-lo.elo)*(hi.level-lo.level)
		}
	}
	return MaxSkillLevel
}

// strengthLevel is the level the options ask for; MaxSkillLevel is full
// strength.
func (o Options) strengthLevel() float64 {
	level := float64(o.SkillLevel)
	if o.LimitStrength {
		level = min(level, levelForElo(o.Elo))
	}
	return level
}

// SetSkillLevel sets Skill Level, 0 (weakest) to 20 (full strength).
func (e *Engine) SetSkillLevel(n int) error {
	if n < 0 || n > MaxSkillLevel {
		return fmt.Errorf("Skill Level must be from 0 to %d, got %d", MaxSkillLevel, n)
	}
	e.mu.Lock()
	e.opts.SkillLevel = n
	e.mu.Unlock()
	return nil
}

// SetLimitStrength turns UCI_LimitStrength on or off.
func (e *Engine) SetLimitStrength(on bool) {
	e.mu.Lock()
	e.opts.LimitStrength = on
	e.mu.Unlock()
}

// SetElo sets UCI_Elo, the strength played at with UCI_LimitStrength.
func (e *Engine) SetElo(elo int) error {
	if elo < MinElo || elo > MaxElo {
		return fmt.Errorf("UCI_Elo must be from %d to %d, got %d", MinElo, MaxElo, elo)
	}
	e.mu.Lock()
	e.opts.Elo = elo
	e.mu.Unlock()
	return nil
}

// weakening is one weakened search: its level, the lines it collects and
// its random source.
type weakening struct {
	level float64
	rng   *rand.Rand
	// lines[i] is the last complete report of line i+1 at the deepest
	// depth reached.
	lines []search.Info
	depth int
}

func newWeakening(level float64, seed uint64) *weakening {
	return &weakening{level: level, rng: rand.New(rand.NewPCG(seed, uint64(level*1000)))}
}

// nodeBudget is the node limit of a search at this level.
func (w *weakening) nodeBudget() uint64 {
	return uint64(SkillBaseNodes * math.Pow(2, w.level/2))
}

// adjust narrows the search's limits and options for the level.
func (w *weakening) adjust(limits *search.Limits, opts *search.Options) {
	budget := w.nodeBudget()
	if limits.Nodes == 0 || limits.Nodes > budget {
		limits.Nodes = budget
	}
	opts.MultiPV = max(opts.MultiPV, SkillLines)
	// Its lines are chosen from: in a tablebase root only the moves that
	// keep the tables' result may be among them.
	opts.Tablebases.BestOnly = true
}

// record keeps the lines of the deepest iteration: an exact report of
// line k at depth d replaces that line; a deeper depth starts afresh.
func (w *weakening) record(in search.Info) {
	if in.Bound != search.BoundExact || len(in.PV) == 0 || in.MultiPV < 1 {
		return
	}
	if in.Depth > w.depth {
		w.depth = in.Depth
		w.lines = w.lines[:0]
	}
	if in.Depth < w.depth {
		return
	}
	for len(w.lines) < in.MultiPV {
		w.lines = append(w.lines, search.Info{})
	}
	in.PV = append([]chess.Move(nil), in.PV...)
	w.lines[in.MultiPV-1] = in
}

// choose picks the move to play from the lines: the full search's best
// when the game is trivially won for us (a mate found, or the enemy king
// alone), otherwise the line with the best score after a random push that
// grows as the level falls, among the lines that do not lose more than the
// level allows.
func (w *weakening) choose(root *chess.Position, best search.Result) search.Result {
	var lines []search.Info
	for _, l := range w.lines {
		if len(l.PV) > 0 && root.IsLegal(l.PV[0]) {
			lines = append(lines, l)
		}
	}
	if len(lines) < 2 || trivialWin(root, lines[0].Score) {
		return best
	}
	below := MaxSkillLevel - w.level
	maxLoss := SkillMaxLoss + SkillMaxLossPerLevel*below
	top := lines[0].Score
	pick, pickScore := 0, math.Inf(-1)
	for i, l := range lines {
		if float64(top-l.Score) > maxLoss {
			continue
		}
		v := float64(l.Score) + w.rng.Float64()*SkillNoise*below
		if v > pickScore {
			pick, pickScore = i, v
		}
	}
	l := lines[pick]
	res := search.Result{Best: l.PV[0], Ponder: chess.NoMove, Score: l.Score, Depth: l.Depth, Nodes: best.Nodes}
	if len(l.PV) > 1 {
		res.Ponder = l.PV[1]
	}
	return res
}

// trivialWin: a mate found for the side to move, or the enemy has nothing
// but its king; any level plays these out.
func trivialWin(root *chess.Position, score int) bool {
	if score >= search.MateInMaxPly {
		return true
	}
	them := root.SideToMove().Other()
	return root.ByColor(them) == root.Pieces(them, chess.King)
}

// thinkTime is how long a weakened engine on a clock takes at least.
func thinkTime(root *chess.Position, limits search.Limits, overhead time.Duration) time.Duration {
	if limits.Infinite || limits.Ponder || limits.MoveTime > 0 || limits.Depth > 0 || limits.Nodes > 0 || limits.Mate > 0 {
		return 0
	}
	left, inc := limits.WTime, limits.WInc
	if root.SideToMove() == chess.Black {
		left, inc = limits.BTime, limits.BInc
	}
	if left <= 0 {
		return 0
	}
	movesToGo := 30
	if limits.MovesToGo > 0 {
		movesToGo = min(limits.MovesToGo, 30)
	}
	share := (left/time.Duration(movesToGo) + inc*3/4) - overhead
	return min(time.Duration(float64(share)*SkillThinkShare), SkillThinkCap, left/10)
}
