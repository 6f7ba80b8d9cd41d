//go:build !js

package main

import "testing"

// A line that is a whole FEN, with its half-move clock and move number,
// before the operations is read with those clocks. It used to take the
// clock for an opcode and skip the line as "no bm or am operation".
func TestEPDLineWithWholeFEN(t *testing.T) {
	rec, err := parseEPDLine(`6k1/5ppp/8/8/8/8/8/R5K1 w - - 12 40 bm Ra8#; id "whole FEN";`)
	if err != nil {
		t.Fatal(err)
	}
	if rec.fen != "6k1/5ppp/8/8/8/8/8/R5K1 w - - 12 40" || rec.id != "whole FEN" || len(rec.best) != 1 {
		t.Errorf("read as %+v", rec)
	}
	// Four fields and the operations, as before.
	rec, err = parseEPDLine(`6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; hmvc 3; fmvn 9;`)
	if err != nil || rec.fen != "6k1/5ppp/8/8/8/8/8/R5K1 w - - 3 9" {
		t.Errorf("EPD with hmvc and fmvn: %+v, %v", rec, err)
	}
}
