package search

import (
	"strings"
	"testing"
)

// The tables SetTunable rebuilds are, at the defaults, the tables as
// params.go writes them: the normal build plays the same tree.
func TestTunableDefaultsRebuildTheSameTables(t *testing.T) {
	fm, lmc, lmr, lmra := FutilityMargin, LateMoveCount, lmrTable, lmrAdjustedTable
	ResetTunables()
	if FutilityMargin != fm || LateMoveCount != lmc || lmrTable != lmr || lmrAdjustedTable != lmra {
		t.Fatal("the tables rebuilt at the defaults differ from those of params.go")
	}
	if fm[1] != FutilityMarginPerPly || fm[5] != 5*FutilityMarginPerPly || LateMoveCount[0][8] != lateMoveCountBase[0][8]*LateMovePercent/100 {
		t.Fatalf("FutilityMargin %v, LateMoveCount %v", fm, LateMoveCount)
	}
	for _, p := range Tunables() {
		if p.Value() != p.Default || p.Default < p.Min || p.Default > p.Max || p.CEnd <= 0 || p.REnd <= 0 {
			t.Errorf("%s: value %d, default %d, range [%d, %d], c_end %g, r_end %g",
				p.Name, p.Value(), p.Default, p.Min, p.Max, p.CEnd, p.REnd)
		}
	}
	if n := len(Tunables()); n < 12 || n > 20 {
		t.Errorf("%d tunables", n)
	}
}

func TestSetTunable(t *testing.T) {
	defer ResetTunables()
	fm, divisor, lmc := FutilityMargin, LMRLogDivisor, LateMoveCount
	if err := SetTunable("futilitymarginperply", 100); err != nil {
		t.Fatal(err)
	}
	if FutilityMarginPerPly != 100 || FutilityMargin[3] != 300 {
		t.Errorf("FutilityMarginPerPly %d, FutilityMargin %v", FutilityMarginPerPly, FutilityMargin)
	}
	if err := SetTunable("LateMovePercent", 200); err != nil {
		t.Fatal(err)
	}
	if LateMoveCount[0][8] != 2*lateMoveCountBase[0][8] || LateMoveCount[1][8] != lateMoveCountBase[1][8]*LateMoveImprovingPercent/100 {
		t.Errorf("LateMoveCount %v", LateMoveCount)
	}
	before := lmrAdjustedTable[20][20]
	if err := SetTunable("LMRLogDivisor100", 150); err != nil {
		t.Fatal(err)
	}
	if LMRLogDivisor != 1.5 || lmrAdjustedTable[20][20] <= before {
		t.Errorf("LMRLogDivisor %v, table %d (was %d)", LMRLogDivisor, lmrAdjustedTable[20][20], before)
	}
	if err := SetTunable("LMRAdjustedHistoryDivisor", 8000); err != nil || LMRAdjustedHistoryDivisor != 8000 {
		t.Errorf("LMRAdjustedHistoryDivisor %d, %v", LMRAdjustedHistoryDivisor, err)
	}
	if err := SetTunable("NullMoveBaseR", 7); err == nil || NullMoveBaseR != 3 {
		t.Errorf("out of range: %v, NullMoveBaseR %d", err, NullMoveBaseR)
	}
	if err := SetTunable("Nope", 1); err == nil {
		t.Error("an unknown name was accepted")
	}
	ResetTunables()
	if FutilityMargin != fm || LMRLogDivisor != divisor || LateMoveCount != lmc {
		t.Error("ResetTunables left a change")
	}
}

// A changed parameter changes the tree; put back, the tree is the same.
func TestTunableTakesEffect(t *testing.T) {
	defer ResetTunables()
	base, _ := Bench(6, nil)
	if err := SetTunable("ReverseFutilityMargin", 40); err != nil {
		t.Fatal(err)
	}
	changed, _ := Bench(6, nil)
	ResetTunables()
	again, _ := Bench(6, nil)
	if changed == base || again != base {
		t.Errorf("bench 6: %d nodes, %d with ReverseFutilityMargin 40, %d after the reset", base, changed, again)
	}
}

func TestSPSAInput(t *testing.T) {
	lines := strings.Split(strings.TrimSpace(SPSAInput()), "\n")
	if len(lines) != len(Tunables()) {
		t.Fatalf("%d lines for %d tunables", len(lines), len(Tunables()))
	}
	if lines[0] != "AspirationStart, int, 12, 4, 40, 2, 0.01" {
		t.Errorf("first line %q", lines[0])
	}
	for _, l := range lines {
		if len(strings.Split(l, ", ")) != 7 {
			t.Errorf("line %q: not seven fields", l)
		}
	}
}
