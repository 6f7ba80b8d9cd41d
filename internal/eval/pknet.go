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
	PKHidden = 16
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

// view is side us's value of its view, from the inputs PKView lists: the
// reference computation, which the tuner's network follows and the
// evaluation's table (pkTerm) must match.
func (net *PKNet) view(pawns [2]chess.Bitboard, kings [2]chess.Square, us chess.Color) Score {
	in, n := PKView(pawns, kings, us)
	hidden := net.HiddenBias
	for _, i := range in[:n] {
		row := &net.Hidden[i]
		for j := range hidden {
			hidden[j] += int32(row[j])
		}
	}
	return net.output(hidden)
}

// output rectifies the units and sums them by the output weights, in
// centipawns.
func (net *PKNet) output(hidden [PKHidden]int32) Score {
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

// pkPacked is the network's weights two units to an int64 (unit 2k in
// the low 32 bits, 2k+1 above, as Score packs its halves): summing rows
// this way takes half the additions, and each half comes back exactly
// (unpack) since no unit's sum leaves 32 bits.
type pkPacked struct {
	rows [PKInputs][PKHidden / 2]int64
	bias [PKHidden / 2]int64
}

func pack2(lo, hi int32) int64 { return int64(hi)<<32 + int64(lo) }

func unpack(v int64) (lo, hi int32) {
	lo = int32(v)
	return lo, int32((v - int64(lo)) >> 32)
}

func packPK(net *PKNet) *pkPacked {
	pp := new(pkPacked)
	for i := range net.Hidden {
		for k := range pp.rows[i] {
			pp.rows[i][k] = pack2(int32(net.Hidden[i][2*k]), int32(net.Hidden[i][2*k+1]))
		}
	}
	for k := range pp.bias {
		pp.bias[k] = pack2(net.HiddenBias[2*k], net.HiddenBias[2*k+1])
	}
	return pp
}

// pawnPart is the packed pre-activations of side us's view before its
// kings: the biases plus the rows of the pawns.
func (pp *pkPacked) pawnPart(pawns [2]chess.Bitboard, us chess.Color) [PKHidden / 2]int64 {
	acc := pp.bias
	flip := 0
	if us == chess.Black {
		flip = 56 // a square seen from Black's side
	}
	for b := pawns[us]; b != 0; {
		row := &pp.rows[(int(b.PopFirst())^flip)-8]
		for k := range acc {
			acc[k] += row[k]
		}
	}
	for b := pawns[us.Other()]; b != 0; {
		row := &pp.rows[48+(int(b.PopFirst())^flip)-8]
		for k := range acc {
			acc[k] += row[k]
		}
	}
	return acc
}

// finish is side us's value of its view from its packed pawn part: the
// two kings' rows added, then the output.
func (pp *pkPacked) finish(net *PKNet, acc [PKHidden / 2]int64, kings [2]chess.Square, us chess.Color) Score {
	flip := 0
	if us == chess.Black {
		flip = 56
	}
	own := &pp.rows[96+(int(kings[us])^flip)]
	enemy := &pp.rows[160+(int(kings[us.Other()])^flip)]
	var hidden [PKHidden]int32
	for k, v := range acc {
		hidden[2*k], hidden[2*k+1] = unpack(v + own[k] + enemy[k])
	}
	return net.output(hidden)
}

// pkTableSize is the entries of an evaluator's pawn-king table.
const pkTableSize = 1 << 12

// pkEntry keeps both views' pawn parts of one pawn structure, so that a
// king move costs the two kings' rows and the output, not the pawns' rows
// again. The values themselves are kept in the pawn hash entry
// (pawnEntry.pk), which every evaluation reads anyway: this table, 144
// bytes an entry, is read only when those miss.
type pkEntry struct {
	pawnKey uint64
	filled  bool
	pawns   [2][PKHidden / 2]int64
}

// pkTerm fills the network's row of the terms. The table and the packed
// weights are the evaluator's own, made on the first use, so that the
// engine with the network off carries none of it; as with the pawn hash,
// the weights must not change once the table is made. Without the pawn
// hash (the tuner's setting) every evaluation computes afresh.
func (e *Evaluator) pkTerm(pos *chess.Position, info *evalInfo) {
	net := &e.p.PKNet
	pawns := [2]chess.Bitboard{pos.Pieces(chess.White, chess.Pawn), pos.Pieces(chess.Black, chess.Pawn)}
	if !e.p.UsePawnHash {
		info.terms[termPawnKing] = net.Views(pawns, info.king)
		return
	}
	pe := info.pawns
	kings := uint16(1 + int(info.king[chess.White])*64 + int(info.king[chess.Black]))
	switch kings {
	case pe.pkKings[0]:
	case pe.pkKings[1]:
		pe.pkKings[0], pe.pkKings[1] = pe.pkKings[1], pe.pkKings[0]
		pe.pk[0], pe.pk[1] = pe.pk[1], pe.pk[0]
	default:
		if e.pk == nil {
			e.pk, e.pkPacked = new([pkTableSize]pkEntry), packPK(net)
		}
		pp := e.pkPacked
		key := pos.PawnKey()
		ent := &e.pk[key&(pkTableSize-1)]
		if !ent.filled || ent.pawnKey != key {
			ent.pawnKey, ent.filled = key, true
			ent.pawns[chess.White] = pp.pawnPart(pawns, chess.White)
			ent.pawns[chess.Black] = pp.pawnPart(pawns, chess.Black)
		}
		pe.pkKings[1], pe.pk[1] = pe.pkKings[0], pe.pk[0]
		pe.pkKings[0] = kings
		pe.pk[0] = [2]Score{pp.finish(net, ent.pawns[chess.White], info.king, chess.White),
			pp.finish(net, ent.pawns[chess.Black], info.king, chess.Black)}
	}
	info.terms[termPawnKing] = pe.pk[0]
}
