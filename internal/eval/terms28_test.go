package eval

import (
	"testing"

	"matador/internal/chess"
)

// breakdownWith evaluates fen with the default weights, one switch set and
// set applied to the weights, and returns the parts.
func breakdownWith(t *testing.T, fen string, on bool, sw func(*Params, bool), set func(*Params)) Breakdown {
	t.Helper()
	p := DefaultParams()
	sw(p, on)
	set(p)
	p.Rebuild()
	return NewEvaluatorWith(p).Breakdown(mustParse(t, fen))
}

// The second fit's terms: with its switch off a term changes nothing whatever its
// weight; with it on, it counts what its comment says.
func TestIssue28Terms(t *testing.T) {
	for _, tc := range []struct {
		name string
		fen  string
		sw   func(*Params, bool)
		set  func(*Params)
		// got: what the term added (on less off), want: the count times
		// the weight set.
		got  func(on, off Breakdown) int
		want int
	}{
		{
			// e5 is passed with e3 behind it: PassedStacked of rank 5.
			name: "PassedStacked", fen: "4k3/8/8/4P3/8/4P3/8/4K3 w - - 0 1",
			sw: func(p *Params, on bool) { p.UsePassedStacked = on },
			set: func(p *Params) {
				for r := range p.PassedStacked {
					p.PassedStacked[r] = S(100*r, 0)
				}
			},
			got:  func(on, off Breakdown) int { return on.Mg - off.Mg },
			want: 400,
		},
		{
			// d3 cannot be supported (e4 is ahead of it) and c5 holds d4:
			// a backward pawn on the third rank.
			name: "PawnBackwardRank", fen: "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1",
			sw: func(p *Params, on bool) { p.UseBackwardByRank = on },
			set: func(p *Params) {
				for r := range p.PawnBackwardRank {
					p.PawnBackwardRank[r] = S(100*r, 0)
				}
			},
			got:  func(on, off Breakdown) int { return on.Mg - off.Mg },
			want: 200,
		},
		{
			// Eight safe centre squares each (c3-f4), seven pieces against
			// six: 8·7 - 8·6.
			name: "SpacePieces", fen: "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			sw:   func(p *Params, on bool) { p.UseSpacePieces, p.UseSpace = on, true },
			set:  func(p *Params) { p.SpacePieces = S(1, 0) },
			got:  func(on, off Breakdown) int { return on.Mg - off.Mg },
			want: 8,
		},
		{
			// A rook and three pawns against a knight and five: a rook
			// for a minor (the exchange), whose side is White, two pawns
			// down.
			name: "ImbalanceClass", fen: "4k3/ppppp3/4n3/8/8/8/PPP5/R3K3 w - - 0 1",
			sw: func(p *Params, on bool) { p.UseImbalanceClasses = on },
			set: func(p *Params) {
				for i := range p.ImbalanceClass {
					p.ImbalanceClass[i] = S(10*(i+1), 0)
				}
			},
			got:  func(on, off Breakdown) int { return on.Mg - off.Mg },
			want: 10,
		},
		{
			// A bishop against three pawns: the minor's side is Black.
			name: "ImbalanceClass minor for pawns", fen: "4k3/8/8/2b5/8/8/PPP5/4K3 w - - 0 1",
			sw: func(p *Params, on bool) { p.UseImbalanceClasses = on },
			set: func(p *Params) {
				for i := range p.ImbalanceClass {
					p.ImbalanceClass[i] = S(10*(i+1), 0)
				}
			},
			got:  func(on, off Breakdown) int { return on.Mg - off.Mg },
			want: -20,
		},
		{
			// A rook and two pawns against a bare king: the factor for two
			// pawns, 30 of 64, in place of the full 64.
			name: "ScaleStrongPawns", fen: "4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1",
			sw: func(p *Params, on bool) { p.UseScaleByPawns = on },
			set: func(p *Params) {
				for i := range p.ScaleStrongPawns {
					p.ScaleStrongPawns[i] = S(10*(i+1), 10*(i+1))
				}
			},
			got:  func(on, off Breakdown) int { return on.Scale - off.Scale },
			want: 30 - ScaleNormal,
		},
		{
			// Three white passers (a4, c5, h3) against one black passer
			// (e4 is passed: no white pawn on d-f ahead of it): White gets
			// the three-or-more weight, Black none.
			name: "PassedSeveral", fen: "4k3/8/8/2P5/P3p3/7P/8/4K3 w - - 0 1",
			sw:   func(p *Params, on bool) { p.UsePassedSeveral = on },
			set:  func(p *Params) { p.PassedSeveral = [2]Score{S(10, 0), S(30, 0)} },
			got:  func(on, off Breakdown) int { return on.Mg - off.Mg },
			want: 30,
		},
		{
			// Four pawns against two.
			name: "ComplexityPawnLead", fen: "4k3/pp6/8/8/8/8/PPPP4/4K3 w - - 0 1",
			sw:   func(p *Params, on bool) { p.UsePawnLead, p.UseComplexity = on, true },
			set:  func(p *Params) { p.ComplexityPawnLead = S(0, 10) },
			got:  func(on, off Breakdown) int { return on.Complexity - off.Complexity },
			want: 20,
		},
	} {
		on := breakdownWith(t, tc.fen, true, tc.sw, tc.set)
		off := breakdownWith(t, tc.fen, false, tc.sw, tc.set)
		if got := tc.got(on, off); got != tc.want {
			t.Errorf("%s: the term added %d, want %d", tc.name, got, tc.want)
		}
		// Off, the weight set and the fitted one give the same parts.
		fitted := breakdownWith(t, tc.fen, false, tc.sw, func(*Params) {})
		off.ScaleFrom, fitted.ScaleFrom = nil, nil // pointers into two configurations
		if off != fitted {
			t.Errorf("%s: switched off, its weight still moved the evaluation: %+v against %+v", tc.name, off, fitted)
		}
	}
}

// g3 in front of the castled king is defended by the pawns on f2 and h2:
// with UseKingPawnCover the knight's attack on it does not count.
func TestKingPawnCover(t *testing.T) {
	pos := mustParse(t, "3qk3/8/8/7n/8/8/5PPP/6K1 w - - 0 1")
	for _, on := range []bool{false, true} {
		p := DefaultParams()
		p.UseKingPawnCover = on
		e := NewEvaluatorWith(p)
		e.Evaluate(pos)
		attacked := p.kingZoneAttacks(pos, &e.info, chess.White)
		if attacked.Has(chess.MakeSquare(6, 2)) == on {
			t.Errorf("cover %v: g3 counted as attacked: %v", on, attacked.Has(chess.MakeSquare(6, 2)))
		}
		if !attacked.Has(chess.MakeSquare(5, 3)) {
			t.Errorf("cover %v: f4, which no pawn defends, not counted", on)
		}
	}
}

// kingZoneAttacks finds the squares two of Black's pawns defend by
// shifting White's pattern two ranks down (to stay inlinable): the same
// squares as South-East and South-West for every set of pawns off the
// first and last ranks, Black's covered squares in a black position too.
func TestKingPawnCoverShift(t *testing.T) {
	x := uint64(0x9E3779B97F4A7C15)
	inner := chess.Bitboard(0x00FFFFFFFFFFFF00) // ranks 2 to 7
	for i := 0; i < 200000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		pawns := chess.Bitboard(x) & inner
		if i%2 == 0 {
			pawns &= chess.Bitboard(x >> 3) // sparser sets too
		}
		want := pawns.SouthEast() & pawns.SouthWest()
		if got := (pawns.NorthEast() & pawns.NorthWest()) >> 16; got != want {
			t.Fatalf("pawns %x: shifted %x, want %x", uint64(pawns), uint64(got), uint64(want))
		}
	}
	// The queen on d6 attacks b6, which a7 and c7 defend.
	pos := mustParse(t, "1k6/ppp5/3Q4/8/8/8/8/4K3 b - - 0 1")
	p := DefaultParams()
	p.UseKingPawnCover = true
	e := NewEvaluatorWith(p)
	e.Evaluate(pos)
	bp := pos.Pieces(chess.Black, chess.Pawn)
	got := p.kingZoneAttacks(pos, &e.info, chess.Black)
	if want := e.info.attacked[chess.White][0] &^ (bp.SouthEast() & bp.SouthWest()); got != want {
		t.Errorf("attacks %x, want %x", uint64(got), uint64(want))
	}
	if b6 := chess.MakeSquare(1, 5); got.Has(b6) || !e.info.attacked[chess.White][0].Has(b6) {
		t.Errorf("b6 attacked %v, counted %v: want attacked, not counted", e.info.attacked[chess.White][0].Has(b6), got.Has(b6))
	}
}

// The queen on h4 and the knight on g4 both hit f2 and h2; White defends
// each once (the king). g1's zone holds two poorly defended squares, and the
// danger sum grows by the weight twice.
func TestPoorlyDefended(t *testing.T) {
	fen := "4k3/8/8/8/6nq/8/5P1P/6K1 w - - 0 1"
	sw := func(p *Params, on bool) { p.UsePoorlyDefended = on }
	set := func(p *Params) { p.KingDangerPoorlyDefended = S(1000, 0) }
	on, off := breakdownWith(t, fen, true, sw, set), breakdownWith(t, fen, false, sw, set)
	if d := on.Danger[chess.White] - off.Danger[chess.White]; d != S(2000, 0) {
		t.Errorf("danger grew by %v, want S(2000, 0)", d)
	}
	start := chess.StartFEN
	if a, b := breakdownWith(t, start, true, sw, set), breakdownWith(t, start, false, sw, set); a.Danger != b.Danger {
		t.Errorf("start position: danger %v with the term, %v without", a.Danger, b.Danger)
	}
}
