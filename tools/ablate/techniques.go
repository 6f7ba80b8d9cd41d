package main

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"matador/internal/engine"
	"matador/internal/eval"
	"matador/internal/search"
)

// The seeds (../shared/seeds, index in its README) and the group a row is
// drawn in. A technique that several seeds describe goes with the first
// one its source names.
const (
	groupREBEL   = "REBEL"
	groupLMR     = "LMR in REBEL"
	groupMicro   = "micro-Max"
	groupIPPOLIT = "Rybka/IPPOLIT"
	groupOther   = "not in the seeds"
)

// groups is the order of the groups in the table and the chart.
var groups = []string{groupREBEL, groupLMR, groupMicro, groupIPPOLIT, groupOther}

// technique is where one switch comes from.
type technique struct {
	Group string
	// Source cites the seed and section ("REBEL" is
	// 000_0531b9aa7dc332f9.txt, "micro-Max" 001_..., "LMR in REBEL"
	// 002_..., "Rybka/IPPOLIT" 004_... with its section numbers), or
	// names the engines of a technique not in the seeds.
	Source string
	// Worth is what the seed says the technique was worth to its author,
	// in its words, where it says; "" where it does not.
	Worth string
	// Depends names the switches this row's figure depends on, and how.
	Depends string
}

// techniques maps every switch of search.Switches and every Use... switch
// of eval.Params to its source (docs/techniques.md, the code's comments
// and the seeds), and every removed switch to its source and the commit
// that removed it. A test holds it to the switches there are.
var techniques = map[string]technique{
	// The search.
	"Aspiration":      {groupIPPOLIT, "Rybka/IPPOLIT §8.1 Aspiration (IPPOLIT's steps of 3/2)", "", ""},
	"NullMove":        {groupREBEL, "REBEL, Selective Search Techniques: Null-Move; Rybka/IPPOLIT §8.5.1 (R by eval − beta)", "", "replaced by REBEL's own under StaticREBEL (off)"},
	"ReverseFutility": {groupREBEL, "REBEL, Selective Search Techniques: Static (static pruning near the horizon, in our form)", "", "replaced under StaticREBEL (off)"},
	"Futility":        {groupREBEL, "REBEL, Search Techniques: Futility Pruning (to horizon-5 at 1.18 a ply, our margins)", "a speed-up of 22%, \"very few side effects\"", "FutilityREBEL (off) changes its margins"},
	"LateMovePruning": {groupIPPOLIT, "Rybka/IPPOLIT §8.5.4 (quiet moves past a move count skipped when hopeless)", "", ""},
	"SEEPruning":      {groupIPPOLIT, "Rybka/IPPOLIT §8.6.3 (bad-SEE moves skipped at low depth)", "", "SEEQuietLinearNoisySquare sets its margins"},
	"LMR":             {groupLMR, "LMR in REBEL, editions 1 to 3", "", "under LMRAdjusted (on) the reductions are LMRAdjusted's; LMR still gates them"},
	"IID":             {groupREBEL, "REBEL, Move Ordering (unsorted trees); micro-Max, Search: Iterative Deepening; Rybka/IPPOLIT §8.5.2", "a speed-up of 13-14%, more at longer time controls", "under IIReduction (on) only where IIReduction does not apply"},
	"SingularExt":     {groupIPPOLIT, "Rybka/IPPOLIT §8.5.2 IID and singular extensions (exclusion search)", "", "SingularDouble (on) works through it"},
	"CheckExtension":  {groupREBEL, "REBEL, Extension Techniques: Checks", "without it \"the elo of REBEL would drop 100-150 elo points\"", "CheckExtREBEL (on) changes which checks are extended"},
	"RecaptureExt":    {groupREBEL, "REBEL, Extension Techniques: Recaptures", "\"good for +30-40 elo points\" (REBEL 2.2-2.5 times slower)", ""},
	"PawnPushExt":     {groupREBEL, "REBEL, Extension Techniques: Pawns", "among the extensions whose \"elo strength is hardly measurable\"", ""},
	"QSChecks":        {groupREBEL, "REBEL, Quiescent Search (checks); Rybka/IPPOLIT §8.4.1 (quiet checks)", "", ""},
	"QSDeltaPruning":  {groupREBEL, "REBEL, Search Techniques: Horizon (trick two); Rybka/IPPOLIT §8.4 qsearch for PV nodes (delta pruning)", "trick two: a speed-up of about 5-8%", ""},
	"MateDistance":    {groupOther, "not in the seeds: Stockfish, Ethereal (mate-distance pruning)", "", ""},
	"DelayPenalty":    {groupMicro, "micro-Max, Evaluation: Aging (The Delay Penalty)", "", ""},
	"AspirationREBEL": {groupREBEL, "REBEL, Search Techniques: Alpha-Beta (aspiration 0.50, then 2.00, then full)", "", "Aspiration (on) must be on"},
	"HangingNoReduce": {groupLMR, "LMR in REBEL, editions 1 & 2 (a piece under attack that moves scores 32 more, and a high score spares the double reduction; here a ply less)", "", "LMR, LMRAdjusted"},
	"MateKiller":      {groupREBEL, "REBEL, Move Ordering (Mate-Killer-Move, searched second)", "\"works very well in positions where mate threats are an issue\"", ""},
	"OrderingHints":   {groupREBEL, "REBEL, Move Ordering (±30 for hanging pieces and attacked squares)", "", ""},
	"NullVerify":      {groupOther, "not in the seeds: Stockfish (null-move verification near the end game)", "", "NullMove (on)"},
	"CounterMove":     {groupOther, "not in the seeds: Stockfish, Ethereal (counter-move heuristic)", "", ""},
	"ContinuationHistory": {groupOther, "not in the seeds: Stockfish, Ethereal (continuation history)", "",
		"ContHistPruning and ContHistNoSink read it; LMRAdjusted's history term uses it"},
	"HistoryReduction":  {groupLMR, "LMR in REBEL, edition 3 (double and triple reductions by history)", "", "only without LMRAdjusted: with LMRAdjusted on (the default) it changes nothing"},
	"FutilityREBEL":     {groupREBEL, "REBEL, Search Techniques: Futility Pruning (its own margins 3.00/5.00 at horizon-1 and -2)", "Futility as a whole: a speed-up of 22%", "only with Futility (on)"},
	"LazyEval":          {groupREBEL, "REBEL, Search Techniques: Lazy Eval (quiescence)", "", "turns EvalCache's cache off"},
	"PositionalGain":    {groupIPPOLIT, "Rybka/IPPOLIT §5.3 Positional Gain", "", ""},
	"HorizonTrickOne":   {groupREBEL, "REBEL, Search Techniques: Horizon (trick one)", "about a 10% speed-up", ""},
	"PawnEndingExt":     {groupREBEL, "REBEL, Extension Techniques: Endgame (3 plies into a pawn ending)", "among the extensions whose \"elo strength is hardly measurable\"", ""},
	"MaterialReduction": {groupREBEL, "REBEL, Search Techniques: Reductions (reduction 1)", "\"the nice speed-up of 15%\"", ""},
	"CheckExtREBEL":     {groupREBEL, "REBEL, Extension Techniques: Checks (no extension for the first check, two plies at the fourth)", "\"for REBEL the gain is about +5 elo\" (a 25% speed-up)", "only with CheckExtension (on)"},
	"StaticREBEL":       {groupREBEL, "REBEL, Selective Search Techniques: Static and Null-Move (S_DEPTH)", "", "replaces ReverseFutility and NullMove (both on)"},
	"ThreatReduction":   {groupREBEL, "REBEL, Search Techniques: Reductions (reduction 2a)", "\"a 18% speed-up\"", ""},
	"KingPressureExt":   {groupREBEL, "REBEL, Extension Techniques: King Safety", "\"isn't very powerful, say +5-10 elo\" (a 5% slowdown)", ""},
	"PartialIteration":  {groupOther, "not in the seeds: Stockfish (the best move of an interrupted iteration)", "", ""},
	"ProbCut":           {groupOther, "not in the seeds: Stockfish, Ethereal", "", ""},
	"CaptureHistory":    {groupOther, "not in the seeds: Stockfish, Ethereal (capture history in ordering)", "", "LMRCaptures (on) keeps the capture history, without ordering by it"},
	"LMRAdjusted": {groupOther, "not in the seeds: Ethereal, CounterGo, Stockfish (LMR by node, improving, killers, history)", "",
		"replaces the LMR rules of LMR in REBEL (LMR, HistoryReduction); LMR (on) must be on"},
	"SafeChecksOnly":            {groupOther, "not in the seeds: Ethereal, Stockfish (checks pruned like other moves)", "", "LateMovePruning, Futility, SEEPruning"},
	"SEEQuietLinearNoisySquare": {groupOther, "not in the seeds: Ethereal (SEE pruning margins)", "", "only with SEEPruning (on)"},
	"ContHistPruning":           {groupOther, "not in the seeds: Ethereal (counter-move and follow-up history pruning)", "", "only with ContinuationHistory (on)"},
	"AspirationFailHigh":        {groupOther, "not in the seeds: Ethereal (a root fail high searched a ply shallower)", "", "only with Aspiration (on)"},
	"QSSEEThreshold":            {groupOther, "not in the seeds: Ethereal (quiescence captures by SEE against alpha)", "", ""},
	"ImprovingPastCheck":        {groupOther, "not in the seeds: Stockfish (improving past a check)", "", ""},
	"ContHistNoSink":            {groupOther, "not in the seeds: Ethereal (no continuation history after a null move)", "", "only with ContinuationHistory (on)"},
	"ClockIdealScaled":          {groupOther, "not in the seeds: Ethereal (an ideal time scaled by stability and score)", "", "ClockNodeShare and ClockFrontLoad (on) work through it"},
	"CorrectionHistory":         {groupOther, "not in the seeds: Stockfish (correction history)", "", ""},
	"CorrectionNonPawn":         {groupOther, "not in the seeds: Stockfish (non-pawn correction history)", "", "only with CorrectionHistory (on)"},
	"SingularDouble":            {groupOther, "not in the seeds: Stockfish (double and negative singular extensions)", "", "only with SingularExt (on)"},
	"IIReduction":               {groupOther, "not in the seeds: Stockfish (internal iterative reduction)", "", "replaces IID (on) where it applies"},
	"ClockNodeShare":            {groupOther, "not in the seeds: Ethereal 14 (time by the best move's node share and the score's fall)", "", "only with ClockIdealScaled (on)"},
	"ClockStableFloor":          {groupOther, "not in the seeds: Ethereal 12 (never below the ideal time)", "", "only with ClockIdealScaled (on)"},
	"EvalCache":                 {groupIPPOLIT, "Rybka/IPPOLIT §5.4.2 (the evaluation hash, 64-bit entries in IPPOLIT)", "", "off while LazyEval, KingPressureExt, StaticREBEL or ThreatReduction (all off) is on; same scores, so a speed figure only"},
	"LMRCaptures":               {groupOther, "not in the seeds: Ethereal, Stockfish (late captures reduced by capture history)", "", "keeps the capture history, without ordering by it"},
	"FutilityHistory":           {groupOther, "not in the seeds: Ethereal (futility spares good history)", "", "only with Futility (on)"},
	"DrawJitter":                {groupOther, "not in the seeds: Ethereal (draws scored ±1)", "", ""},
	"ClockFrontLoad":            {groupOther, "not in the seeds: Ethereal (its time spending: over 40 moves)", "", "only with ClockIdealScaled (on)"},
	"PruneAtLMRDepth":           {groupOther, "not in the seeds: Stockfish, Ethereal (quiet pruning at the reduced depth)", "", "only with Futility and ContHistPruning (on)"},
	"ThreatHistory":             {groupOther, "not in the seeds: Ethereal after version 12 (butterfly history by threat)", "", ""},
	"NNUEImbalance":             {groupOther, "not in the seeds: Stockfish 12 (the classical evaluation where the material is lopsided)", "", "acts only on the net's search: its row plays Use NNUE true on both sides; on since its SPRT (nnueimbalance in the ledger, docs/strength.md)"},

	// The evaluation.
	"UsePawnHash":      {groupIPPOLIT, "Rybka/IPPOLIT §5.4.2 Pawn hash", "", "the same scores: a speed figure only"},
	"UseImbalance":     {groupIPPOLIT, "Rybka/IPPOLIT §3.5 Material imbalances", "", ""},
	"UseMobility":      {groupIPPOLIT, "Rybka/IPPOLIT §6.4 Mobility evaluation, §6.6 pieces", "", ""},
	"UsePawnStructure": {groupIPPOLIT, "Rybka/IPPOLIT §6.5 Evaluation of pawns; REBEL, Evaluation: Introduction (isolated pawns by square table)", "", "UseBackwardByRank (on) adds to it"},
	"UsePassedPawns":   {groupIPPOLIT, "Rybka/IPPOLIT §6.8 Evaluation: passed pawns", "", "UsePassedStacked and UsePassedSeveral (on) add to it"},
	"UseOutposts":      {groupIPPOLIT, "Rybka/IPPOLIT §6.6.3-6.6.4 (outposts)", "", ""},
	"UseRookFiles":     {groupIPPOLIT, "Rybka/IPPOLIT §6.6.2 Evaluation of pieces: Rooks (open files)", "", ""},
	"UseBishopPair":    {groupIPPOLIT, "Rybka/IPPOLIT §3.4 Material tokens (bishops by square colour), §3.5 imbalances", "", ""},
	"UseKingShelter":   {groupIPPOLIT, "Rybka/IPPOLIT §7.2 Pawns: Shelter", "", ""},
	"UseKingSafety":    {groupREBEL, "REBEL, Evaluation (progressive king safety with attack patterns)", "", "UseKingDangerModel (on) puts its inputs in a tuned sum"},
	"UseThreats":       {groupREBEL, "REBEL, Evaluation: Hanging Pieces", "", "UseThreatsByType (on) adds to it, and all of it but the queen x-ray runs only with it; the search's hanging-piece techniques read it"},
	"UseScaling":       {groupIPPOLIT, "Rybka/IPPOLIT §7.1 Drawishness with pawns, §6.10 (the winning-chances squash)", "", ""},
	"UseMopUp":         {groupOther, "not in the seeds: Stockfish, Ethereal (the bare king pushed to the edge)", "", ""},
	"UseSpace":         {groupOther, "not in the seeds: Stockfish (space)", "", "UseSpacePieces (on) adds to it"},
	"UseComplexity":    {groupOther, "not in the seeds: Stockfish, Ethereal (complexity)", "", "UsePawnLead (on) adds to it"},
	"UseThreatsByType": {groupOther, "not in the seeds: Ethereal, Stockfish (threats by attacker and victim)", "", "only with UseThreats (on), but for the queen x-ray"},
	"UseKingDangerModel": {groupOther, "not in the seeds: Ethereal (king danger as a tuned sum, over REBEL's counter)", "",
		"replaces UseKingSafety's table, so only with it (on), but for the defenders in the king's zone; UsePoorlyDefended (on) adds to it"},
	"UseBishopShape":      {groupOther, "not in the seeds: Stockfish, Ethereal (long diagonal, hemmed-in bishops)", "", ""},
	"UsePieceActivity":    {groupOther, "not in the seeds: Ethereal (knight distance, closedness, king-pawn distance)", "", ""},
	"UseKingPawnCover":    {groupOther, "not in the seeds: Ethereal (king zone squares two pawns defend)", "", "with UseKingSafety"},
	"UsePoorlyDefended":   {groupOther, "not in the seeds: Ethereal (poorly defended king-zone squares)", "", "only with UseKingDangerModel (on)"},
	"UsePassedStacked":    {groupOther, "not in the seeds: Ethereal (a passed pawn with a pawn behind it)", "", "with UsePassedPawns"},
	"UsePawnLead":         {groupOther, "not in the seeds: Ethereal (complexity by the lead in pawns)", "", "only with UseComplexity (on)"},
	"UseBackwardByRank":   {groupOther, "not in the seeds: Ethereal (backward pawns by rank)", "", "with UsePawnStructure"},
	"UseSpacePieces":      {groupOther, "not in the seeds: Stockfish (space counted for each piece)", "", "only with UseSpace (on)"},
	"UseImbalanceClasses": {groupOther, "not in the seeds: Matador's residuals (six trades with a weight each)", "", "beside UseImbalance"},
	"UsePassedSeveral":    {groupOther, "not in the seeds: Matador's residuals (two passers, three or more)", "", "with UsePassedPawns"},
	"UseScaleByPawns":     {groupOther, "not in the seeds: Stockfish (the side ahead's pawns scale its lead)", "", "only with UseScaling (on), after its other rules"},
	"UsePKNet":            {groupOther, "not in the seeds: Ethereal (PKNN, a pawn-king network)", "", "trained on the second data round; it lost its SPRT (docs/tuning.md)"},

	// UCI options (optionRows).
	"UseNNUE": {groupOther, "not in the seeds: Stockfish 12 (an efficiently updatable network beside the classical evaluation)", "",
		"the embedded net (docs/nnue.md); every other row was measured with the classical evaluation"},
}

// removedIn names, for each switch taken out of the engine, the commit
// that removed it with its code (technique.Removed): it was not from the
// seeds, off, and never passed its test; the seeds' techniques stay
// switchable whatever they are worth.
var removedIn = map[string]string{
	"DrawJitter":       "3707a8c",
	"FutilityHistory":  "b855b59",
	"ProbCut":          "56f482b",
	"PartialIteration": "1eb2be3",
	"ClockStableFloor": "3c823d4",
	"CaptureHistory":   "0f98b52",
	"ThreatHistory":    "2d8cb9e",
	"UsePKNet":         "74da511",
}

// optionRows are the techniques a UCI option switches rather than a
// switch of search.Switches or eval.Params: the row's flipped side gets
// the option from fastchess (option.NAME=VALUE), and its bench the
// environment variable that picks the same for "matador bench".
var optionRows = []struct {
	name, option      string
	eval, def         bool
	benchVar          string
	benchOn, benchOff string
}{
	{"UseNNUE", "Use NNUE", true, engine.DefaultUseNNUE, "MATADOR_BENCH_EVAL", "nnue", "classical"},
}

// Row is one technique to measure: a switch and the build that flips it.
type Row struct {
	Name    string
	Eval    bool // an evaluation switch (MATADOR_EVAL_SWITCHES), not the search's
	Default bool // on in the engine as it plays
	// Removed is the commit that took the switch and its code out of the
	// engine (removedIn), "" while it is in: its row stays, from the
	// ledger, so that what it was worth is not lost, but no engine can
	// play it any more.
	Removed string
	// Option, for an option row (optionRows), is the UCI option the
	// flipped side is given instead of a switch spec; benchVar, benchOn
	// and benchOff give the flipped side's bench.
	Option                      string
	benchVar, benchOn, benchOff string
	technique
}

// Spec is the switch spec that flips the row's switch ("-Name" or
// "+Name"), and Variable the environment variable that carries it. An
// option row's spec is fastchess's engine argument, "option.NAME=VALUE",
// and it has no variable: both sides run the binary as it is.
func (r Row) Spec() string {
	if r.Option != "" {
		return fmt.Sprintf("option.%s=%t", r.Option, !r.Default)
	}
	if r.Default {
		return "-" + r.Name
	}
	return "+" + r.Name
}

func (r Row) Variable() string {
	if r.Option != "" {
		return ""
	}
	if r.Eval {
		return "MATADOR_EVAL_SWITCHES"
	}
	return "MATADOR_SWITCHES"
}

// OnSpec and OffSpec are the specs of the two sides: the build with the
// technique on and the one with it off. One of them is the default ("").
func (r Row) OnSpec() string {
	if r.Default {
		return ""
	}
	return r.Spec()
}

func (r Row) OffSpec() string {
	if r.Default {
		return r.Spec()
	}
	return ""
}

// AllRows lists the rows: the search's switches in search.Switches'
// order, then the evaluation's, with their defaults read from
// search.DefaultSwitches and eval.DefaultParams().
func AllRows() ([]Row, error) {
	var rows []Row
	sw := reflect.ValueOf(search.DefaultSwitches)
	for _, name := range search.SwitchNames() {
		rows = append(rows, Row{Name: name, Default: sw.FieldByName(name).Bool()})
	}
	params := reflect.ValueOf(eval.DefaultParams()).Elem()
	for _, name := range eval.SwitchNames() {
		rows = append(rows, Row{Name: name, Eval: true, Default: params.FieldByName(name).Bool()})
	}
	for _, o := range optionRows {
		on, off := o.benchOn, o.benchOff
		rows = append(rows, Row{Name: o.name, Eval: o.eval, Default: o.def, Option: o.option,
			benchVar: o.benchVar, benchOn: on, benchOff: off})
	}
	// The removed switches were all off, so their rows measured turning
	// them on; the evaluation's are its Use... names.
	var gone []string
	for name := range removedIn {
		gone = append(gone, name)
	}
	slices.Sort(gone)
	for _, name := range gone {
		if slices.ContainsFunc(rows, func(r Row) bool { return r.Name == name }) {
			return nil, fmt.Errorf("switch %s is in the engine, yet tools/ablate/techniques.go says it was removed", name)
		}
		rows = append(rows, Row{Name: name, Eval: strings.HasPrefix(name, "Use"), Removed: removedIn[name]})
	}
	for i := range rows {
		t, ok := techniques[rows[i].Name]
		if !ok {
			return nil, fmt.Errorf("switch %s has no source in tools/ablate/techniques.go", rows[i].Name)
		}
		rows[i].technique = t
	}
	return rows, nil
}

// Playable: the row's switch is still in the engine.
func (r Row) Playable() bool { return r.Removed == "" }

// BenchEnv is the environment variable and value that give "matador
// bench" the flipped side's engine: the switch spec for a switch row, the
// variable that picks the same evaluation for an option row.
func (r Row) BenchEnv() (variable, value string) {
	if r.Option == "" {
		return r.Variable(), r.Spec()
	}
	if r.Default {
		return r.benchVar, r.benchOff
	}
	return r.benchVar, r.benchOn
}
