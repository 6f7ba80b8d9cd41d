package xboard

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
	"matador/internal/search"
)

// The conversation tests drive the real binary through pipes, as xboard
// does. They run one after another: the machine is shared and the timed
// ones must not be slowed by the others.

func startMatador(t *testing.T) *cecpEngine {
	t.Helper()
	e := startCECP(t, "matador", binary)
	e.handshake()
	return e
}

func TestFeatures(t *testing.T) {
	e := startCECP(t, "matador", binary)
	features := e.handshake()
	want := map[string]string{
		"ping": "1", "setboard": "1", "usermove": "1", "san": "0", "time": "1",
		"draw": "0", "sigint": "0", "sigterm": "0", "reuse": "1", "analyze": "1",
		"colors": "0", "memory": "1", "smp": "1", "nps": "1", "variants": "normal,fischerandom", "egt": "syzygy", "done": "1",
	}
	for k, v := range want {
		if features[k] != v {
			t.Errorf("feature %s=%q, want %q", k, features[k], v)
		}
	}
	if !strings.HasPrefix(features["myname"], "Matador ") {
		t.Errorf("myname=%q", features["myname"])
	}
	// Options are offered, and setting them is understood.
	for _, want := range []string{`feature option="MultiPV -spin 1 1 256"`, `feature option="Skill Level -spin 20 0 20"`,
		`feature option="UCI_LimitStrength -check 0"`, `feature option="UCI_Elo -spin 1500 1200 2500"`,
		`feature option="Slow Mover -spin 100 10 1000"`} {
		if !strings.Contains(e.transcript(), want) {
			t.Errorf("no %s:\n%s", want, e.transcript())
		}
	}
	for _, cmd := range []string{"option MultiPV=2", "option Slow Mover=120", "option Clear Hash", "option Skill Level=20", "option UCI_Elo=2000", "memory 32", "cores 2", "cores 4096", "cores 1",
		"random", "computer", "name Fairy-Max", "rating 2000 1800", "ics -", "nps 50000", "nps 0", "egtpath nalimov /tmp",
		"bk", "hint", "easy", "hard", "nopost", "variant fischerandom", "variant normal", "draw"} {
		e.send("%s", cmd)
	}
	checkQuiet(t, e, e.sync(5*time.Second))
	e.send("option Frobnicate=3")
	e.send("memory lots")
	e.send("variant crazyhouse")
	e.send("cores many")
	e.send("option Skill Level=21")
	e.send("nps fast")
	lines := e.sync(5 * time.Second)
	if len(lines) != 6 {
		t.Errorf("bad option, memory, variant, cores, skill and nps: %q", lines)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "Error") {
			t.Errorf("bad option, memory, variant, cores, skill and nps: %q", lines)
		}
	}
}

// TestSelfPlayGame plays a whole game between two Matadors at depth 4 and
// checks it ends by the rules, with every move legal.
func TestSelfPlayGame(t *testing.T) {
	white, black := startMatador(t), startMatador(t)
	rec := playGame(t, white, black, gameSettings{extra: []string{"sd 4"}, maxPlies: 600})
	t.Logf("%d plies, %s {%s}", len(rec.moves), rec.result, rec.reason)
	if rec.result == "" || strings.Contains(rec.reason, "adjudicated") {
		t.Errorf("the game did not end by the rules: %s {%s}", rec.result, rec.reason)
	}
}

// TestBadInput checks the answers to bad moves, commands and FENs, and
// that the game survives them.
func TestBadInput(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("force")
	e.send("usermove e2e4")
	e.send("usermove e2e5")
	e.send("usermove")
	e.send("foo")
	e.send("setboard 8/8/8/8 w - - 0 1")
	e.send("level 40 five 0")
	e.send("sd -3")
	e.send("time soon")
	e.send("e7e7")
	lines := e.sync(5 * time.Second)
	want := []string{
		"Illegal move: e2e5",
		"Error (usermove needs one move): usermove",
		"Error (unknown command): foo",
		"tellusererror Illegal position: ",
		"Error (bad base time \"five\"): level 40 five 0",
		"Error (bad depth \"-3\"): sd -3",
		"Error (bad time \"soon\": centiseconds, 0 or more): time soon",
		"Illegal move: e7e7",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %q\nwant %q", lines, want)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d: %q, want %q...", i, lines[i], want[i])
		}
	}
	// The game is still 1. e4: Black to move, and e7e5 is legal.
	e.send("usermove e7e5")
	checkQuiet(t, e, e.sync(5*time.Second))
	e.send("sd 2")
	e.send("go")
	move, _ := e.expect(`^move `, 10*time.Second)
	pos := positionAfter(t, chess.StartFEN, "e2e4", "e7e5")
	if _, err := pos.ParseUCI(strings.TrimPrefix(move, "move ")); err != nil {
		t.Errorf("%q is not a legal move after 1. e4 e5: %v", move, err)
	}
}

func TestUndoRemove(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("force")
	e.send("undo") // nothing to take back
	e.send("usermove e2e4")
	e.send("usermove e7e5")
	e.send("undo")
	e.send("usermove e7e6") // legal only if e7e5 was taken back
	e.send("remove")
	e.send("usermove d2d4") // White to move again
	e.send("usermove d7d5")
	lines := e.sync(5 * time.Second)
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "Error (no move to take back)") {
		t.Errorf("got %q, want only the error of the first undo", lines)
	}
	// remove in a game, as the user: the engine plays Black, so remove
	// takes back its reply and the user's move, and White is to move again.
	e.send("new")
	e.send("sd 1")
	e.send("usermove e2e4") // engine is Black: it answers
	reply, _ := e.expect(`^move `, 10*time.Second)
	e.send("remove")
	e.send("force")
	e.send("usermove e2e4") // legal again only if both were taken back
	lines = e.sync(5 * time.Second)
	checkQuiet(t, e, lines)
	t.Logf("the engine answered %s", reply)
}

func TestSetboardMateAndStalemate(t *testing.T) {
	e := startMatador(t)
	// White mates with Qg7# (queen protected by the king).
	e.send("new")
	e.send("force")
	e.send("setboard 7k/8/5KQ1/8/8/8/8/8 w - - 0 1")
	e.send("sd 3")
	e.send("go")
	move, _ := e.expect(`^move `, 10*time.Second)
	if move != "move g6g7" && move != "move g6h7" && move != "move g6g8" {
		// The only mate is g6g7; a check on h7 or g8 passes here and
		// fails at the claim below.
		pos := positionAfter(t, "7k/8/5KQ1/8/8/8/8/8 w - - 0 1")
		t.Errorf("%s is not a mate in %s", move, pos.FEN())
	}
	claim, _ := e.expect(`^(1-0|0-1|1/2-1/2) `, 5*time.Second)
	if claim != "1-0 {White mates}" {
		t.Errorf("after the mate: %q, want 1-0 {White mates}", claim)
	}
	// Black to move, no legal move, not in check.
	e.send("new")
	e.send("force")
	e.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	e.send("go")
	claim, _ = e.expect(`^(1-0|0-1|1/2-1/2) `, 5*time.Second)
	if claim != "1/2-1/2 {Stalemate}" {
		t.Errorf("stalemate: %q", claim)
	}
	// The user's move mates the engine: the engine announces it.
	e.send("new")
	e.send("force")
	e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	e.send("playother") // the engine plays Black
	e.send("usermove a1a8")
	claim, _ = e.expect(`^(1-0|0-1|1/2-1/2) `, 5*time.Second)
	if claim != "1-0 {White mates}" {
		t.Errorf("back-rank mate: %q", claim)
	}
}

func TestChess960Castling(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("variant fischerandom")
	e.send("force")
	e.send("setboard rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHah - 0 1")
	e.send("usermove O-O") // king b1 to g1, rook h1 to f1
	e.send("usermove b8h8")
	checkQuiet(t, e, e.sync(5*time.Second))
}

func TestPingWaitsForTheMove(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("st 0.3")
	e.send("usermove e2e4")
	e.send("ping 7")
	// The move comes first, then the pong.
	l, _ := e.expect(`^(move |pong 7)`, 10*time.Second)
	if !strings.HasPrefix(l, "move ") {
		t.Errorf("pong came before the move")
	}
	e.expect(`^pong 7$`, 5*time.Second)
	// "?" makes the engine move now.
	e.send("st 60")
	e.send("usermove d2d4")
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	e.send("?")
	e.expect(`^move `, 5*time.Second)
	if d := time.Since(start); d > 2*time.Second*timeScale {
		t.Errorf("move came %v after ?", d)
	}
}

func TestTimeControl(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("level 40 0:02 0")
	e.send("time 200")
	e.send("otim 200")
	start := time.Now()
	e.send("usermove e2e4")
	e.expect(`^move `, 5*time.Second)
	// 2 s for 40 moves: about 50 ms for this one.
	if d := time.Since(start); d > time.Second*timeScale {
		t.Errorf("the move took %v with 2 s for 40 moves", d)
	}
	// Limits from the level: checked directly.
	s := &Session{tc: defaultTimeControl}
	s.clockCommand("level", []string{"40", "5", "2"})
	s.clockCommand("time", []string{"12000"})
	s.clockCommand("otim", []string{"9000"})
	pos := chess.StartPosition()
	lim := s.limitsFor(pos, 0)
	if lim.WTime != 120*time.Second || lim.BTime != 90*time.Second || lim.WInc != 2*time.Second || lim.MovesToGo != 40 {
		t.Errorf("limits %+v", lim)
	}
	lim = s.limitsFor(pos, 81) // 40 moves each made, one more by White
	if lim.MovesToGo != 40 {
		t.Errorf("after 81 plies movestogo %d, want 40", lim.MovesToGo)
	}
	lim = s.limitsFor(pos, 21)
	if lim.MovesToGo != 30 {
		t.Errorf("after 21 plies movestogo %d, want 30", lim.MovesToGo)
	}
	s.clockCommand("st", []string{"0.5"})
	s.clockCommand("sd", []string{"7"})
	if lim := s.limitsFor(pos, 0); lim.MoveTime != 500*time.Millisecond || lim.Depth != 7 || lim.WTime != 0 {
		t.Errorf("st and sd: %+v", lim)
	}
}

func TestAnalyze(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("force")
	e.send("post")
	e.send("analyze")
	l, _ := e.expect(`^\d+ -?\d+ \d+ \d+ `, 5*time.Second)
	t.Logf("analysis: %s", l)
	time.Sleep(1200 * time.Millisecond)
	e.send(".")
	stat, _ := e.expect(`^stat01: `, 5*time.Second)
	if !regexp.MustCompile(`^stat01: \d+ \d+ \d+ \d+ 20 \S+$`).MatchString(stat) {
		t.Errorf("status %q", stat)
	}
	e.send("usermove e2e4")
	// The analysis restarts for Black: its PV begins with a Black move.
	pos := positionAfter(t, chess.StartFEN, "e2e4")
	for {
		l, _ := e.expect(`^\d+ -?\d+ \d+ \d+ `, 5*time.Second)
		first := strings.Fields(l)[4]
		if _, err := pos.ParseSAN(first); err == nil {
			break
		}
	}
	e.send("undo")
	e.send("setboard 7k/8/5KQ1/8/8/8/8/8 w - - 0 1")
	l, _ = e.expect(`^\d+ 10000\d `, 5*time.Second) // a mate score, CECP style
	t.Logf("mate: %s", l)
	e.send("exit")
	lines := e.sync(5 * time.Second)
	checkQuiet(t, e, lines)
	// No more analysis after exit.
	time.Sleep(300 * time.Millisecond)
	lines = e.sync(5 * time.Second)
	if len(lines) != 0 {
		t.Errorf("output after exit: %q", lines)
	}
}

// TestPonder lets the engine ponder and answers once with the expected
// reply (a ponder hit) and once with another move.
func TestPonder(t *testing.T) {
	e := startMatador(t)
	e.send("new")
	e.send("hard")
	e.send("post")
	e.send("st 0.3")
	e.send("go") // the engine plays White
	pos := chess.StartPosition()
	move, _ := e.expect(`^move `, 10*time.Second)
	for round := 0; round < 2; round++ {
		m, err := pos.ParseUCI(strings.TrimPrefix(move, "move "))
		if err != nil {
			t.Fatalf("round %d: %s is not legal in %s", round, move, pos.FEN())
		}
		pos.MakeMove(m)
		// Ponder output names the expected reply in parentheses.
		l, _ := e.expect(`^\d+ -?\d+ \d+ \d+ \(`, 5*time.Second)
		san := strings.Trim(strings.Fields(l)[4], "()")
		expected, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatalf("ponder move %q: %v", san, err)
		}
		// "hint" names the expected reply, in coordinates.
		e.send("hint")
		if hint, _ := e.expect(`^Hint: `, 5*time.Second); hint != "Hint: "+pos.UCI(expected) {
			t.Errorf("round %d: %q while pondering on %s", round, hint, san)
		}
		reply := expected
		if round == 1 {
			// Any other move: the ponder search is dropped.
			var ml chess.MoveList
			pos.GenerateLegal(&ml)
			for _, o := range ml.Slice() {
				if o != expected {
					reply = o
					break
				}
			}
		}
		start := time.Now()
		e.send("usermove %s", pos.UCI(reply))
		pos.MakeMove(reply)
		move, _ = e.expect(`^move `, 10*time.Second)
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("round %d: the answer took %v with st 0.3", round, d)
		}
	}
	if _, err := pos.ParseUCI(strings.TrimPrefix(move, "move ")); err != nil {
		t.Fatalf("%s is not legal in %s", move, pos.FEN())
	}
	e.send("force")
	checkQuiet(t, e, e.sync(5*time.Second))
}

// TestFairymaxMatch plays two games against Fairy-Max over CECP, one with
// each colour, through the test's own GUI.
func TestFairymaxMatch(t *testing.T) {
	const fairymax = "/usr/games/fairymax"
	if _, err := os.Stat(fairymax); err != nil {
		t.Skip("fairymax not installed (Debian package fairymax); skipping the match against it")
	}
	if testing.Short() {
		t.Skip("-short: skipping the match against fairymax")
	}
	for game := 0; game < 2; game++ {
		m := startMatador(t)
		fm := startCECP(t, "fairymax", fairymax)
		fm.handshake()
		set := gameSettings{
			level:    "level 0 0:02 0.05",
			extra:    []string{"memory 16"},
			clock:    2 * time.Second,
			inc:      50 * time.Millisecond,
			maxPlies: 300,
		}
		m.send("hard") // pondering on: exercised against a real opponent
		white, black := m, fm
		if game == 1 {
			white, black = fm, m
		}
		rec := playGame(t, white, black, set)
		t.Logf("game %d: %s-%s %s {%s}, %d plies", game+1, white.name, black.name, rec.result, rec.reason, len(rec.moves))
	}
}

// positionAfter plays moves in coordinate notation from fen.
func positionAfter(t *testing.T, fen string, moves ...string) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := pos.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		pos.MakeMove(m)
	}
	return pos
}

func TestFormat(t *testing.T) {
	tests := []struct{ score, want int }{
		{35, 35}, {-120, -120},
		{search.MateScore - 1, 100001}, {search.MateScore - 3, 100002},
		{-(search.MateScore - 2), -100001},
	}
	for _, tc := range tests {
		if got := cecpScore(tc.score); got != tc.want {
			t.Errorf("cecpScore(%d) = %d, want %d", tc.score, got, tc.want)
		}
	}
	for _, tc := range []struct {
		text string
		want time.Duration
		ok   bool
	}{{"5", 5 * time.Minute, true}, {"0:30", 30 * time.Second, true}, {"1:05", 65 * time.Second, true},
		{"0.5", 30 * time.Second, true}, {"1:75", 0, false}, {"x", 0, false}, {"-1", 0, false}} {
		got, err := parseBase(tc.text)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseBase(%q) = %v, %v", tc.text, got, err)
		}
	}
	for _, s := range []string{"e2e4", "e7e8q", "O-O", "0-0-0"} {
		if !looksLikeMove(s) {
			t.Errorf("%q does not look like a move", s)
		}
	}
	for _, s := range []string{"foo", "e2e9", "e7e8k", "level"} {
		if looksLikeMove(s) {
			t.Errorf("%q looks like a move", s)
		}
	}
}
