package tune

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"matador/internal/chess"
	"matador/internal/eval"
	"matador/internal/toolio"
)

// Residuals: where the evaluation misjudges the games. Each position of
// the data is evaluated as the engine would, its prediction
// sigmoid(K·eval) compared with its result (blended with the search score
// by -lambda, as the tuner's target), and the differences are averaged
// over classes of positions the evaluation may get wrong as a whole: an
// imbalance, opposite bishops, an extra passed pawn, a thinner king
// shelter, a rook ending. A class whose mean is far from zero is what a new term, or a
// term's new shape, could learn; a class near zero needs nothing.
//
// A residual is taken from one side's view (the side the class is about:
// the side with the bishop pair, with the rook in an exchange, ahead in
// the evaluation, ...), so that a class means the same for either colour.
// The centipawns beside it are the residual over the slope of the
// prediction there, mean(K·p·(1-p)): about how far the evaluation would
// have to move for that class's residual to vanish.

// residualClass is one way of sorting positions.
type residualClass struct {
	name    string
	buckets []string
	// of returns the position's bucket (-1: the class does not apply) and
	// the side whose view the residual takes; v is the evaluation, White's
	// view, and phase its game phase.
	of func(pos *chess.Position, v, phase int) (int, chess.Color)
}

// ahead is the bucket b of a class taken from the side the evaluation
// favours; no bucket when it favours neither (either side's view would
// do, and a colour must not be preferred).
func ahead(b, v int) (int, chess.Color) {
	switch {
	case v > 0:
		return b, chess.White
	case v < 0:
		return b, chess.Black
	}
	return -1, chess.White
}

// phaseThird is 0 for an end game, 1 for a middle game, 2 for an opening.
func phaseThird(phase int) int { return min(phase*3/(eval.PhaseTotal+1), 2) }

var thirds = []string{"end game", "middle game", "opening"}

// passedPawns counts c's pawns with no enemy pawn ahead on their own or a
// neighbouring file.
func passedPawns(pos *chess.Position, c chess.Color) int {
	enemy := pos.Pieces(c.Other(), chess.Pawn)
	n := 0
	for b := pos.Pieces(c, chess.Pawn); b != 0; {
		s := b.PopFirst()
		var front chess.Bitboard
		for f := max(s.File()-1, 0); f <= min(s.File()+1, 7); f++ {
			for r := s.Rank() + 1; c == chess.White && r < 8; r++ {
				front |= chess.SquareBB(chess.MakeSquare(f, r))
			}
			for r := s.Rank() - 1; c == chess.Black && r >= 0; r-- {
				front |= chess.SquareBB(chess.MakeSquare(f, r))
			}
		}
		if front&enemy == 0 {
			n++
		}
	}
	return n
}

// shelter counts c's pawns on the three squares in front of its king.
func shelter(pos *chess.Position, c chess.Color) int {
	k := pos.KingSquare(c)
	r := k.Rank() + 1
	if c == chess.Black {
		r = k.Rank() - 1
	}
	if r < 0 || r > 7 {
		return 0
	}
	n := 0
	for f := max(k.File()-1, 0); f <= min(k.File()+1, 7); f++ {
		if pos.Pieces(c, chess.Pawn).Has(chess.MakeSquare(f, r)) {
			n++
		}
	}
	return n
}

var residualClasses = []residualClass{
	{"the side ahead, by the evaluation's size", []string{"1-24", "25-49", "50-99", "100-199", "200-399", "400+"},
		func(_ *chess.Position, v, _ int) (int, chess.Color) {
			a := abs(v)
			for i, lim := range []int{25, 50, 100, 200, 400} {
				if a < lim {
					return ahead(i, v)
				}
			}
			return ahead(5, v)
		}},
	{"the side ahead, by game phase", []string{"0-4", "5-9", "10-14", "15-19", "20-24"},
		func(_ *chess.Position, v, phase int) (int, chess.Color) {
			return ahead(min(phase/5, 4), v)
		}},
	{"the side to move", []string{"all"},
		func(pos *chess.Position, _, _ int) (int, chess.Color) { return 0, pos.SideToMove() }},
	{"the bishop pair against none", thirds,
		func(pos *chess.Position, _, phase int) (int, chess.Color) {
			w, b := pos.Pieces(chess.White, chess.Bishop).Count() >= 2, pos.Pieces(chess.Black, chess.Bishop).Count() >= 2
			switch {
			case w && !b:
				return phaseThird(phase), chess.White
			case b && !w:
				return phaseThird(phase), chess.Black
			}
			return -1, chess.White
		}},
	{"an imbalance, from the side with the larger pieces", eval.ImbalanceClassNames[:],
		func(pos *chess.Position, _, _ int) (int, chess.Color) { return eval.ImbalanceClass(pos) }},
	{"opposite bishops, from the side ahead", []string{"bishops and pawns only", "with other pieces"},
		func(pos *chess.Position, v, _ int) (int, chess.Color) {
			wb, bb := pos.Pieces(chess.White, chess.Bishop), pos.Pieces(chess.Black, chess.Bishop)
			const dark chess.Bitboard = 0xAA55AA55AA55AA55
			if wb.Count() != 1 || bb.Count() != 1 || (wb&dark != 0) == (bb&dark != 0) {
				return -1, chess.White
			}
			others := pos.Occupied() &^ (wb | bb | pos.Pieces(chess.White, chess.Pawn) | pos.Pieces(chess.Black, chess.Pawn) |
				pos.Pieces(chess.White, chess.King) | pos.Pieces(chess.Black, chess.King))
			if others == 0 {
				return ahead(0, v)
			}
			return ahead(1, v)
		}},
	{"more passed pawns than the enemy, by how many", []string{"1", "2", "3+"},
		func(pos *chess.Position, _, _ int) (int, chess.Color) {
			d := passedPawns(pos, chess.White) - passedPawns(pos, chess.Black)
			switch {
			case d > 0:
				return min(d, 3) - 1, chess.White
			case d < 0:
				return min(-d, 3) - 1, chess.Black
			}
			return -1, chess.White
		}},
	{"a thinner king shelter than the enemy's (queens on), by how much", []string{"1", "2", "3"},
		func(pos *chess.Position, _, _ int) (int, chess.Color) {
			if pos.Pieces(chess.White, chess.Queen)|pos.Pieces(chess.Black, chess.Queen) == 0 {
				return -1, chess.White
			}
			d := shelter(pos, chess.White) - shelter(pos, chess.Black)
			switch {
			case d < 0:
				return -d - 1, chess.White
			case d > 0:
				return d - 1, chess.Black
			}
			return -1, chess.White
		}},
	{"an ending, from the side ahead", []string{"pawns only", "rooks and pawns", "minor pieces and pawns", "queens and pawns"},
		func(pos *chess.Position, v, _ int) (int, chess.Color) {
			kinds := func(ts ...chess.PieceType) chess.Bitboard {
				var b chess.Bitboard
				for _, t := range ts {
					b |= pos.Pieces(chess.White, t) | pos.Pieces(chess.Black, t)
				}
				return b
			}
			minors, rooks, queens := kinds(chess.Knight, chess.Bishop), kinds(chess.Rook), kinds(chess.Queen)
			switch {
			case minors|rooks|queens == 0:
				return ahead(0, v)
			case minors|queens == 0 && pos.Pieces(chess.White, chess.Rook) != 0 && pos.Pieces(chess.Black, chess.Rook) != 0:
				return ahead(1, v)
			case rooks|queens == 0 && pos.Pieces(chess.White, chess.Knight)|pos.Pieces(chess.White, chess.Bishop) != 0 &&
				pos.Pieces(chess.Black, chess.Knight)|pos.Pieces(chess.Black, chess.Bishop) != 0:
				return ahead(2, v)
			case minors|rooks == 0 && pos.Pieces(chess.White, chess.Queen) != 0 && pos.Pieces(chess.Black, chess.Queen) != 0:
				return ahead(3, v)
			}
			return -1, chess.White
		}},
	{"the side ahead, by the pawns on the board", []string{"0-4", "5-8", "9-12", "13-16"},
		func(pos *chess.Position, v, _ int) (int, chess.Color) {
			n := pos.Pieces(chess.White, chess.Pawn).Count() + pos.Pieces(chess.Black, chess.Pawn).Count()
			return ahead(min(max(n-1, 0)/4, 3), v)
		}},
}

// maxResidualClasses bounds residualClasses (TestResidualClasses).
const maxResidualClasses = 12

// residualPoint is what a position leaves for the analysis: its
// evaluation and search score (White's view; noScore when it has none),
// its result, and for each class its bucket plus one, negative when the
// residual is Black's view (0: no bucket).
type residualPoint struct {
	v, score int32
	result   float32
	in       [maxResidualClasses]int8
}

const noScore = math.MinInt32

// Residuals is the analysis's result.
type Residuals struct {
	K      float64
	N      int
	Errors float64 // the mean squared error at K
	// Rows[c][b] sums class c's bucket b.
	Rows [][]ResidualRow
}

// ResidualRow is one bucket's sums.
type ResidualRow struct {
	N                    int
	Sum, SumSq, SumSlope float64 // the residuals, their squares, K·p·(1-p)
}

// Mean is the bucket's mean residual, Centipawns its size in evaluation
// units, SE the standard error of Mean (as if the positions were
// independent: positions of one game are not, so it is a lower bound).
func (r ResidualRow) Mean() float64 { return r.Sum / float64(r.N) }

func (r ResidualRow) Centipawns() float64 { return r.Sum / r.SumSlope }

func (r ResidualRow) SE() float64 {
	m := r.Mean()
	return math.Sqrt(max(r.SumSq/float64(r.N)-m*m, 0) / float64(r.N))
}

// AnalyseResiduals evaluates every sample with p and sorts the residuals
// (against the tuner's target: the result blended with the search score
// by lambda) into residualClasses. k 0 fits K first, as the tuner does:
// to the results alone.
func AnalyseResiduals(samples func(use func(Sample) error) error, p *eval.Params, k, lambda float64) (*Residuals, error) {
	e := eval.NewEvaluatorWith(p)
	var pts []residualPoint
	err := samples(func(s Sample) error {
		b := e.Breakdown(s.Pos)
		pt := residualPoint{v: int32(b.Score), score: noScore, result: float32(s.Result)}
		if s.HasScore {
			pt.score = int32(s.Score)
		}
		for c, rc := range residualClasses {
			bucket, side := rc.of(s.Pos, b.Score, b.Phase)
			if bucket < 0 {
				continue
			}
			pt.in[c] = int8(bucket + 1)
			if side == chess.Black {
				pt.in[c] = -pt.in[c]
			}
		}
		pts = append(pts, pt)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(pts) == 0 {
		return nil, errors.New("no samples")
	}
	// The tuner's target: the result, blended with the search score.
	target := func(pt *residualPoint, k float64) float64 {
		if pt.score == noScore || lambda == 1 {
			return float64(pt.result)
		}
		return lambda*float64(pt.result) + (1-lambda)*sigmoid(k, float64(pt.score))
	}
	// K as the tuner fits it: to the results alone (Tuner.FitK).
	errAt := func(k float64) float64 {
		var sum float64
		for i := range pts {
			d := float64(pts[i].result) - sigmoid(k, float64(pts[i].v))
			sum += d * d
		}
		return sum / float64(len(pts))
	}
	if k == 0 {
		k = goldenMin(errAt, 0, 0.05, 1e-7)
	}
	r := &Residuals{K: k, N: len(pts), Errors: errAt(k), Rows: make([][]ResidualRow, len(residualClasses))}
	for c, rc := range residualClasses {
		r.Rows[c] = make([]ResidualRow, len(rc.buckets))
	}
	for i := range pts {
		pt := &pts[i]
		p := sigmoid(k, float64(pt.v))
		d := target(pt, k) - p
		slope := k * p * (1 - p)
		for c, code := range pt.in[:len(residualClasses)] {
			if code == 0 {
				continue
			}
			row := &r.Rows[c][abs(int(code))-1]
			sd := d
			if code < 0 {
				sd = -d
			}
			row.N++
			row.Sum += sd
			row.SumSq += sd * sd
			row.SumSlope += slope
		}
	}
	return r, nil
}

// Write prints the classes, a bucket a line, those with fewer than min
// positions left out.
func (r *Residuals) Write(w io.Writer, min int) {
	fmt.Fprintf(w, "%d positions, K = %.6f, mean squared error against the results %.6f\n", r.N, r.K, r.Errors)
	fmt.Fprintln(w, "residual: result less prediction, from the class's side, in thousandths; cp: the evaluation's shift that would cancel it")
	for c, rc := range residualClasses {
		fmt.Fprintf(w, "\n%s\n", rc.name)
		for b, name := range rc.buckets {
			row := r.Rows[c][b]
			if row.N < min || row.N == 0 {
				continue
			}
			mark := ""
			if math.Abs(row.Mean()) > 3*row.SE() {
				mark = "  *"
			}
			fmt.Fprintf(w, "  %-26s %9d  residual %+7.2f ± %5.2f  cp %+6.1f%s\n", name, row.N,
				1000*row.Mean(), 2000*row.SE(), row.Centipawns(), mark)
		}
	}
}

func runResiduals(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tune residuals", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "", "data files, text or binary, comma-separated (required)")
	switches := fs.String("switches", "", "evaluation switches to set (default: the engine's configuration)")
	k := fs.Float64("k", 0, "the sigmoid's scale (0: fitted to the data, as tune run does)")
	lambda := fs.Float64("lambda", 0.5, "share of the game result in the target; the rest is the search score")
	minN := fs.Int("min", 1000, "leave out buckets with fewer positions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		return usageError("residuals needs -data")
	}
	if *k < 0 || *k > 1 || math.IsNaN(*k) {
		return usageError(fmt.Sprintf("-k must be from 0 to 1, got %v", *k))
	}
	if !(*lambda >= 0 && *lambda <= 1) {
		return usageError(fmt.Sprintf("-lambda must be from 0 to 1, got %v", *lambda))
	}
	if err := toolio.Int("min", int64(*minN), 0, 1<<40); err != nil {
		return usageError(err.Error())
	}
	names, p, err := dataAndEvaluation(*data, *switches)
	if err != nil {
		return err
	}
	r, err := AnalyseResiduals(eachDataFile(names), p, *k, *lambda)
	if err != nil {
		return err
	}
	r.Write(stdout, *minN)
	return nil
}

// eachDataFile hands the samples of the files named, one after the other,
// to use, without holding them.
func eachDataFile(names []string) func(use func(Sample) error) error {
	return func(use func(Sample) error) error {
		for _, name := range names {
			f, err := toolio.OpenInput(name)
			if err != nil {
				return err
			}
			err = EachSample(f, use)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return nil
	}
}

// dataAndEvaluation checks the data files of a -data list and makes the
// classical evaluation's configuration with the switches of spec.
func dataAndEvaluation(data, spec string) ([]string, *eval.Params, error) {
	names, err := checkDataFiles(data)
	if err != nil {
		return nil, nil, err
	}
	p := eval.DefaultParams()
	if err := eval.ApplySwitchSpec(p, spec); err != nil {
		return nil, nil, err
	}
	return names, p, nil
}
