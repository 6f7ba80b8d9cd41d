package eval

import (
	"fmt"
	"strings"

	"matador/internal/chess"
)

var termNames = [numTerms]string{
	termMaterial:   "Material",
	termPlacement:  "PSQT/Placement",
	termMobility:   "Mobility",
	termPawns:      "Pawns",
	termPassed:     "Passed",
	termRooks:      "Rooks",
	termBishopPair: "Bishop pair",
	termKingSafety: "King safety",
	termThreats:    "Threats",
	termSpace:      "Space",
	termTempo:      "Tempo",
}

// Trace returns a human-readable breakdown of the evaluation of pos: one
// row per term family with White's, Black's and the net middle-game and
// end-game values, the drawishness scaling, the phase and the final score.
//
// The trace costs Evaluate nothing: Evaluate always keeps its terms per
// family and colour (a handful of additions), and Trace runs the very same
// code on a fresh evaluator and formats what it left behind.
func Trace(pos *chess.Position) string { return TraceWith(pos, &defaultParams) }

// TraceWith is Trace for the configuration p (switches the engine was
// given at run time, for one).
func TraceWith(pos *chess.Position, p *Params) string {
	e := NewEvaluatorWith(p)
	white := e.evaluate(pos)
	info := &e.info

	var sb strings.Builder
	line := strings.Repeat("-", 62) + "\n"
	fmt.Fprintf(&sb, "%-15s|     White     |     Black     |     Total\n", "Term")
	fmt.Fprintf(&sb, "%-15s|   MG      EG  |   MG      EG  |   MG      EG\n", "")
	sb.WriteString(line)
	var total Score
	for t := range numTerms {
		w, b := info.terms[t][chess.White], info.terms[t][chess.Black]
		total += w - b
		fmt.Fprintf(&sb, "%-15s| %5d   %5d | %5d   %5d | %5d   %5d\n",
			termNames[t], w.Mg(), w.Eg(), b.Mg(), b.Eg(), (w - b).Mg(), (w - b).Eg())
	}
	fmt.Fprintf(&sb, "%-15s| %5d   %5d | %5d   %5d |       -       -   (danger sums)\n",
		"King danger", info.danger[chess.White].Mg(), info.danger[chess.White].Eg(),
		info.danger[chess.Black].Mg(), info.danger[chess.Black].Eg())
	fmt.Fprintf(&sb, "%-15s|       -     - |       -     - |     0   %5d   (sum %d)\n",
		"Complexity", info.complexityShift, info.complexity)
	fmt.Fprintf(&sb, "%-15s|       -     - |       -     - | %5d   %5d   (x%d/%d)\n",
		"Scaling", info.mg-total.Mg(), info.eg-total.Eg()-info.complexityShift, info.scale, ScaleNormal)
	sb.WriteString(line)
	fmt.Fprintf(&sb, "%-15s|       -     - |       -     - | %5d   %5d\n", "Total", info.mg, info.eg)
	fmt.Fprintf(&sb, "\nPhase %d/%d (%d = opening)\n", info.phase, PhaseTotal, PhaseTotal)
	stm := white
	if pos.SideToMove() == chess.Black {
		stm = -white
	}
	fmt.Fprintf(&sb, "Final: %+d cp (White's view), %+d cp (side to move)\n", white, stm)
	return sb.String()
}
