package tune

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"math/rand/v2"

	"matador/internal/chess"
	"matador/internal/eval"
)

// The pawn-king network (eval.PKNet, Ethereal's PKNN) is fitted along with
// the weights: its output enters the linear sums, so the error's gradient
// by that output is the one of a linear weight counted once, and it flows
// back through the rectified units to the input weights.

// PKBoard is what the network reads of a sample: the pawns and the kings.
type PKBoard struct {
	Pawns [2]chess.Bitboard
	Kings [2]chess.Square
}

func pkBoardOf(pos *chess.Position) PKBoard {
	return PKBoard{
		Pawns: [2]chess.Bitboard{pos.Pieces(chess.White, chess.Pawn), pos.Pieces(chess.Black, chess.Pawn)},
		Kings: [2]chess.Square{pos.KingSquare(chess.White), pos.KingSquare(chess.Black)},
	}
}

// pkScore is the network's term (White's view) with the engine's integer
// weights.
func pkScore(net *eval.PKNet, b *PKBoard) eval.Score {
	v := net.Views(b.Pawns, b.Kings)
	return v[0] - v[1]
}

// The parameters of pkFit.w, in order: the input weights (input i's
// weight into unit j at i*PKHidden+j) and the units' biases, in
// centipawns, then the middle-game and end-game output weights in
// 1/pkOutputUnit, so that one step of Adam moves every group by a
// comparable share of its effect.
const (
	pkBiasAt     = eval.PKInputs * eval.PKHidden
	pkOutputAt   = pkBiasAt + eval.PKHidden
	pkParams     = pkOutputAt + 2*eval.PKHidden
	pkOutputUnit = 64
)

// pkFit is the network in floating point, with Adam's state.
type pkFit struct {
	w    []float64
	zero []float64 // what L2 pulls the parameters towards
	m, v []float64
	g    []float64
	// Rate is Adam's step size for the network's parameters; L2 pulls
	// them towards zero (weight decay): positions of one game share
	// their pawns, kings and result, and a network free to use every
	// input learns the training games instead of chess.
	Rate, L2 float64
	// Frozen keeps the network as it is: its term is part of every
	// score, but only the weights are fitted (a trained network that is on
	// in the engine, without -pknet).
	Frozen bool
}

// newPKFit starts from net, or from small random input weights and zero
// output weights (a network that adds nothing yet) when net is all zero.
func newPKFit(net *eval.PKNet, seed uint64) *pkFit {
	f := &pkFit{w: make([]float64, pkParams), zero: make([]float64, pkParams), m: make([]float64, pkParams),
		v: make([]float64, pkParams), g: make([]float64, pkParams), Rate: 0.05}
	if *net == (eval.PKNet{}) {
		r := rand.New(rand.NewPCG(seed, 224))
		for i := range pkBiasAt {
			f.w[i] = r.Float64()*20 - 10
		}
		for j := range eval.PKHidden {
			f.w[pkBiasAt+j] = 10
		}
	} else {
		for i := range eval.PKInputs {
			for j := range eval.PKHidden {
				f.w[i*eval.PKHidden+j] = float64(net.Hidden[i][j]) / eval.PKHiddenScale
			}
		}
		for j := range eval.PKHidden {
			f.w[pkBiasAt+j] = float64(net.HiddenBias[j]) / eval.PKHiddenScale
			for k := range 2 {
				f.w[pkOutputAt+k*eval.PKHidden+j] = float64(net.Output[k][j]) * pkOutputUnit / eval.PKOutputScale
			}
		}
	}
	return f
}

// units computes the pre-activations of side us's view.
func (f *pkFit) units(b *PKBoard, us chess.Color, in *[18]int16) (n int, h [eval.PKHidden]float64) {
	*in, n = eval.PKView(b.Pawns, b.Kings, us)
	copy(h[:], f.w[pkBiasAt:pkOutputAt])
	for _, i := range in[:n] {
		row := f.w[int(i)*eval.PKHidden : int(i+1)*eval.PKHidden]
		for j := range h {
			h[j] += row[j]
		}
	}
	return n, h
}

// value is the network's term, White's view, in centipawns.
func (f *pkFit) value(b *PKBoard) (mg, eg float64) {
	var in [18]int16
	for us, sign := range [2]float64{1, -1} {
		_, h := f.units(b, chess.Color(us), &in)
		for j, x := range h {
			if x > 0 {
				mg += sign * x * f.w[pkOutputAt+j] / pkOutputUnit
				eg += sign * x * f.w[pkOutputAt+eval.PKHidden+j] / pkOutputUnit
			}
		}
	}
	return mg, eg
}

// addGradient adds to g the gradient of the error through the network's
// term, given the error's derivatives by the term's two halves.
func (f *pkFit) addGradient(b *PKBoard, byMg, byEg float64, g []float64) {
	var in [18]int16
	for us, sign := range [2]float64{1, -1} {
		n, h := f.units(b, chess.Color(us), &in)
		for j, x := range h {
			if x <= 0 {
				continue
			}
			g[pkOutputAt+j] += sign * byMg * x / pkOutputUnit
			g[pkOutputAt+eval.PKHidden+j] += sign * byEg * x / pkOutputUnit
			dx := sign * (byMg*f.w[pkOutputAt+j] + byEg*f.w[pkOutputAt+eval.PKHidden+j]) / pkOutputUnit
			g[pkBiasAt+j] += dx
			for _, i := range in[:n] {
				g[int(i)*eval.PKHidden+j] += dx
			}
		}
	}
}

// net rounds the parameters into the engine's fixed point.
func (f *pkFit) net() eval.PKNet {
	var net eval.PKNet
	round16 := func(x float64) int16 { return int16(min(max(math.Round(x), math.MinInt16), math.MaxInt16)) }
	for i := range eval.PKInputs {
		for j := range eval.PKHidden {
			net.Hidden[i][j] = round16(f.w[i*eval.PKHidden+j] * eval.PKHiddenScale)
		}
	}
	for j := range eval.PKHidden {
		net.HiddenBias[j] = int32(math.Round(f.w[pkBiasAt+j] * eval.PKHiddenScale))
		for k := range 2 {
			net.Output[k][j] = round16(f.w[pkOutputAt+k*eval.PKHidden+j] * eval.PKOutputScale / pkOutputUnit)
		}
	}
	return net
}

// WritePKNet writes net as the Go source of pknet_weights.go.
func WritePKNet(net *eval.PKNet) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("package eval\n\n// pkNetWeights is the pawn-king network's weights (pknet.go), written by\n// `matador tune run -pknet`.\nvar pkNetWeights = PKNet{\n\tHidden: [PKInputs][PKHidden]int16{\n")
	for i := range net.Hidden {
		writeRow(&b, "\t\t", net.Hidden[i][:], ",\n")
	}
	b.WriteString("\t},\n")
	writeRow(&b, "\tHiddenBias: [PKHidden]int32", net.HiddenBias[:], ",\n")
	b.WriteString("\tOutput: [2][PKHidden]int16{\n")
	for k := range net.Output {
		writeRow(&b, "\t\t", net.Output[k][:], ",\n")
	}
	b.WriteString("\t},\n}\n")
	return format.Source(b.Bytes())
}

// writeRow writes the composite literal prefix{v0, v1, ...}suffix.
func writeRow[T int16 | int32](b *bytes.Buffer, prefix string, row []T, suffix string) {
	b.WriteString(prefix + "{")
	for j, x := range row {
		if j > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(b, x)
	}
	b.WriteString("}" + suffix)
}
