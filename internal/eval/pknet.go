package eval

import "matador/internal/chess"

// Ethereal: PKNN, a small network of the pawns and kings that corrects the
// evaluation (Ethereal 12's pknetwork, computed on pawn-king hash misses).
//
// One side's view of the board is PKInputs inputs, each 0 or 1: its own
// pawns (48 squares, ranks 2 to 7, counted from its side), the enemy's
// pawns, its own king (64 squares) and the enemy's king. They feed
// PKHidden rectified units, which two sums turn into a middle-game and an
// end-game value. The term is White's view's value less Black's view's,
// so the evaluation stays symmetric whatever the weights. The arithmetic
// is in integers, so that every build (GOAMD64=v1 or v3, whatever the
// compiler fuses) gets the same score and the same Bench.
//
// `matador tune run -pknet FILE` fits the weights along with the
// evaluation's own, on the same data, and writes them to FILE
// (pknet_weights.go).

const (
	PKInputs = 48 + 48 + 64 + 64
	PKHidden = 32
	// PKHiddenScale is the hidden units' fixed point: a unit's value in
	// centipawns times PKHiddenScale.
	PKHiddenScale = 16
	// PKOutputScale is the output weights' fixed point.
	PKOutputScale = 256
)

// PKNet holds the network's weights in fixed point.
type PKNet struct {
	// Hidden[i][j]: input i's weight into unit j, in 1/PKHiddenScale cp.
	Hidden [PKInputs][PKHidden]int16
	// HiddenBias[j], in 1/PKHiddenScale cp.
	HiddenBias [PKHidden]int32
	// Output[0] makes the middle-game value of the units, Output[1] the
	// end-game value, in 1/PKOutputScale.
	Output [2][PKHidden]int16
}

// PKView lists the active inputs of side us's view: at most 16 pawns and
// two kings.
func PKView(pawns [2]chess.Bitboard, kings [2]chess.Square, us chess.Color) (in [18]int16, n int) {
	them := us.Other()
	relative := func(s chess.Square) int {
		if us == chess.Black {
			return int(s.Flip())
		}
		return int(s)
	}
	for b := pawns[us]; b != 0; {
		in[n] = int16(relative(b.PopFirst()) - 8)
		n++
	}
	for b := pawns[them]; b != 0; {
		in[n] = int16(48 + relative(b.PopFirst()) - 8)
		n++
	}
	in[n] = int16(96 + relative(kings[us]))
	in[n+1] = int16(160 + relative(kings[them]))
	return in, n + 2
}

// view is one side's value of its view: the middle-game and end-game
// sums of the rectified units, in centipawns.
func (net *PKNet) view(pawns [2]chess.Bitboard, kings [2]chess.Square, us chess.Color) Score {
	in, n := PKView(pawns, kings, us)
	hidden := net.HiddenBias
	for _, i := range in[:n] {
		row := &net.Hidden[i]
		for j := range hidden {
			hidden[j] += int32(row[j])
		}
	}
	var mg, eg int64
	for j, h := range hidden {
		if h > 0 {
			mg += int64(h) * int64(net.Output[0][j])
			eg += int64(h) * int64(net.Output[1][j])
		}
	}
	const unit = PKHiddenScale * PKOutputScale
	return S(int(clampTerm(mg/unit)), int(clampTerm(eg/unit)))
}

// clampTerm keeps a network value within what a packed half can carry
// beside the rest of the evaluation.
func clampTerm(v int64) int64 { return min(max(v, -2000), 2000) }

// Views are White's and Black's values of their views; the term is the
// first less the second.
func (net *PKNet) Views(pawns [2]chess.Bitboard, kings [2]chess.Square) [2]Score {
	return [2]Score{net.view(pawns, kings, chess.White), net.view(pawns, kings, chess.Black)}
}

// pkTerm fills the network's row of the terms, from the pawn hash entry
// when it holds these kings.
func (e *Evaluator) pkTerm(pos *chess.Position, info *evalInfo) {
	ent := info.pawns
	kings := uint16(1 + int(info.king[chess.White])*64 + int(info.king[chess.Black]))
	if ent.pkKings != kings {
		pawns := [2]chess.Bitboard{pos.Pieces(chess.White, chess.Pawn), pos.Pieces(chess.Black, chess.Pawn)}
		ent.pk = e.p.PKNet.Views(pawns, info.king)
		ent.pkKings = kings
	}
	info.terms[termPawnKing] = ent.pk
}
