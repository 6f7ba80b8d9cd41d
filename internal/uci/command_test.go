package uci

import (
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

func TestParseCommand(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		line string
		want Command
	}{
		{"", Command{}},
		{"   \t  ", Command{}},
		{"uci", Command{Name: "uci"}},
		{"isready", Command{Name: "isready"}},
		{"  isready  extra ", Command{Name: "isready"}},
		{"ucinewgame", Command{Name: "ucinewgame"}},
		{"stop", Command{Name: "stop"}},
		{"ponderhit", Command{Name: "ponderhit"}},
		{"quit", Command{Name: "quit"}},
		{"d", Command{Name: "d"}},
		{"eval", Command{Name: "eval"}},
		{"debug on", Command{Name: "debug", Debug: true}},
		{"debug off", Command{Name: "debug"}},
		{"register later", Command{Name: "register"}},
		{"position startpos", Command{Name: "position"}},
		{"position startpos moves", Command{Name: "position", Position: PositionArgs{Moves: []string{}}}},
		{"position startpos moves e2e4 e7e5", Command{Name: "position",
			Position: PositionArgs{Moves: []string{"e2e4", "e7e5"}}}},
		{"position fen 8/8/8/8/8/8/8/K6k w - - 0 1", Command{Name: "position",
			Position: PositionArgs{FEN: "8/8/8/8/8/8/8/K6k w - - 0 1"}}},
		{"position  fen 8/8/8/8/8/8/8/K6k   b - -  moves a1a2", Command{Name: "position",
			Position: PositionArgs{FEN: "8/8/8/8/8/8/8/K6k b - -", Moves: []string{"a1a2"}}}},
		{"go", Command{Name: "go"}},
		{"go depth 5", Command{Name: "go", Go: GoArgs{Depth: 5}}},
		{"go wtime 60000 btime 55000 winc 1000 binc 900 movestogo 20", Command{Name: "go",
			Go: GoArgs{WTime: 60000 * ms, BTime: 55000 * ms, WInc: 1000 * ms, BInc: 900 * ms, Clock: true, MovesToGo: 20}}},
		{"go wtime -150 btime 300", Command{Name: "go", Go: GoArgs{WTime: -150 * ms, BTime: 300 * ms, Clock: true}}},
		{"go movetime 200", Command{Name: "go", Go: GoArgs{MoveTime: 200 * ms}}},
		{"go movetime 0", Command{Name: "go", Go: GoArgs{MoveTime: ms}}},
		{"go nodes 10000", Command{Name: "go", Go: GoArgs{Nodes: 10000}}},
		{"go mate 2", Command{Name: "go", Go: GoArgs{Mate: 2}}},
		{"go infinite", Command{Name: "go", Go: GoArgs{Infinite: true}}},
		{"go ponder wtime 1000 btime 1000", Command{Name: "go",
			Go: GoArgs{Ponder: true, WTime: 1000 * ms, BTime: 1000 * ms, Clock: true}}},
		{"go searchmoves e2e4 d2d4 depth 3", Command{Name: "go",
			Go: GoArgs{SearchMoves: []string{"e2e4", "d2d4"}, Depth: 3}}},
		{"go infinite searchmoves e2e4", Command{Name: "go",
			Go: GoArgs{Infinite: true, SearchMoves: []string{"e2e4"}}}},
		{"go perft 3", Command{Name: "go", Go: GoArgs{Perft: 3}}},
		{"go depth 99999", Command{Name: "go", Go: GoArgs{Depth: maxGoDepth}}},
		{"go movetime 99999999999999", Command{Name: "go", Go: GoArgs{MoveTime: maxMillis * ms}}},
		{"setoption name Hash value 64", Command{Name: "setoption",
			Option: OptionArgs{Name: "Hash", Value: "64", HasValue: true}}},
		{"setoption name Move Overhead value 100", Command{Name: "setoption",
			Option: OptionArgs{Name: "Move Overhead", Value: "100", HasValue: true}}},
		{"setoption name Clear Hash", Command{Name: "setoption", Option: OptionArgs{Name: "Clear Hash"}}},
		{"setoption name UCI_Chess960 value true", Command{Name: "setoption",
			Option: OptionArgs{Name: "UCI_Chess960", Value: "true", HasValue: true}}},
		{"setoption name Hash value", Command{Name: "setoption",
			Option: OptionArgs{Name: "Hash", HasValue: true}}},
		{"setoption  name  BookFile  value  /books/my  book.bin ", Command{Name: "setoption",
			Option: OptionArgs{Name: "BookFile", Value: "/books/my  book.bin", HasValue: true}}},
		{"setoption name Debug Log File value\tC:\\logs\\x y.txt", Command{Name: "setoption",
			Option: OptionArgs{Name: "Debug Log File", Value: "C:\\logs\\x y.txt", HasValue: true}}},
	}
	for _, tc := range tests {
		got, err := ParseCommand(tc.line)
		if err != nil {
			t.Errorf("ParseCommand(%q): unexpected error %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseCommand(%q)\n got %+v\nwant %+v", tc.line, got, tc.want)
		}
	}
}

// A bad "go" parameter is ignored or clamped, with a warning: the GUI
// still gets a search and its bestmove.
func TestParseGoWarnings(t *testing.T) {
	tests := []struct {
		line, warning string
	}{
		{"go movetime", "movetime needs a number"},
		{"go movetime abc", `movetime needs a number, got "abc"`},
		{"go movetime -5", "movetime must not be negative"},
		{"go depth", "depth needs a number"},
		{"go depth 0", "depth must be at least 1"},
		{"go depth 2.5", `depth needs a number, got "2.5"`},
		{"go nodes -1", "nodes must be at least 1"},
		{"go nodes 99999999999999999999999", "nodes needs a number"},
		{"go mate 0", "mate must be at least 1"},
		{"go movestogo -3", "movestogo must not be negative"},
		{"go fast", `unknown parameter "fast"`},
		{"go wtime 1000 btime", "btime needs a number"},
	}
	for _, tc := range tests {
		cmd, err := ParseCommand(tc.line)
		if err != nil {
			t.Errorf("ParseCommand(%q): error %v, want a warning", tc.line, err)
			continue
		}
		if cmd.Name != "go" || len(cmd.Warnings) != 1 || !strings.Contains(cmd.Warnings[0], tc.warning) {
			t.Errorf("ParseCommand(%q): warnings %q, want one containing %q", tc.line, cmd.Warnings, tc.warning)
		}
	}
	cmd, _ := ParseCommand("go depth 0 nodes -1 movetime -5")
	if cmd.Go.Depth != 1 || cmd.Go.Nodes != 1 || cmd.Go.MoveTime <= 0 {
		t.Errorf("bad values not clamped: %+v", cmd.Go)
	}
}

func TestParseCommandErrors(t *testing.T) {
	long := strings.Repeat("x", 20000)
	tests := []struct {
		line    string
		wantErr string // a part of the message
	}{
		{"foo", `unknown command "foo"`},
		{"UCI", `unknown command "UCI"`},
		{long, `unknown command "xxxx`},
		{"\x00\xff\xfe garbage", `unknown command "\x00\xff\xfe"`},
		{"position", `"startpos" or "fen <FEN>" expected`},
		{"position fen", "FEN missing"},
		{"position fen moves e2e4", "FEN missing"},
		{"position start", `"startpos" or "fen" expected, got "start"`},
		{"position startpos e2e4", `"moves" expected after the position, got "e2e4"`},
		{"go perft 0", "perft depth must be from 1"},
		{"go perft 99", "perft depth must be from 1"},
		{"setoption", `"name <option>" expected`},
		{"setoption Hash value 3", `"name <option>" expected`},
		{"setoption name", "option name missing"},
		{"setoption name value 3", "option name missing"},
		{"debug maybe", `"on" or "off" expected`},
	}
	for _, tc := range tests {
		_, err := ParseCommand(tc.line)
		if err == nil {
			t.Errorf("ParseCommand(%.40q): no error, want one containing %q", tc.line, tc.wantErr)
			continue
		}
		if !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("ParseCommand(%.40q): error %q, want it to contain %q", tc.line, err, tc.wantErr)
		}
		if len(err.Error()) > 200 {
			t.Errorf("ParseCommand(%.40q): error of %d bytes, want a short one", tc.line, len(err.Error()))
		}
	}
}

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"tab\there", "tab?here"},
		{"nul\x00 and \xff", "nul? and ?"},
		{"Schach: Läufer", "Schach: Läufer"},
	}
	for _, tc := range tests {
		if got := printable(tc.in); got != tc.want {
			t.Errorf("printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := printable(strings.Repeat("é", 1000)); len(got) > 410 || !utf8.ValidString(got) {
		t.Errorf("printable of a long string: %d bytes, valid UTF-8 %v", len(got), utf8.ValidString(got))
	}
}

// FuzzUCICommand feeds arbitrary lines to the parser: it must never panic,
// and whatever it says must be printable on one line.
func FuzzUCICommand(f *testing.F) {
	seeds := []string{
		"uci", "isready", "ucinewgame", "quit", "stop", "ponderhit", "d", "eval",
		"position startpos moves e2e4 e7e5 g1f3",
		"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1",
		"position fen", "position startpos moves", "position", "position fen moves",
		"go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
		"go depth 5", "go movetime", "go nodes -1", "go searchmoves", "go searchmoves e2e4 infinite",
		"go perft 3", "go mate 2 ponder", "go depth 9223372036854775807",
		"setoption name Hash value 128", "setoption name", "setoption name value", "setoption name Clear Hash",
		"setoption name Switches value -NullMove,+RecaptureExt", "setoption name EvalSwitches value",
		"setoption name Switches value \x00-,+", "setoption name EvalSwitches value  -UseSpace , UseThreats ",
		"debug on", "register name x code y",
		"\x00\x01\x02", "\xff\xfe\xfd", "   ", "go\x00depth 3", strings.Repeat("e2e4 ", 100),
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		cmd, err := ParseCommand(line)
		if err != nil {
			msg := printable(err.Error())
			if strings.ContainsAny(msg, "\r\n") || !utf8.ValidString(msg) {
				t.Fatalf("message for %q is not one printable line: %q", line, msg)
			}
			for _, r := range msg {
				if !unicode.IsPrint(r) {
					t.Fatalf("message for %q holds %U", line, r)
				}
			}
			return
		}
		if cmd.Name == "" && strings.TrimSpace(line) != "" && len(strings.Fields(line)) > 0 {
			t.Fatalf("%q parsed without a name", line)
		}
		if cmd.Go.Depth < 0 || cmd.Go.MoveTime < 0 || cmd.Go.Perft < 0 || cmd.Go.Mate < 0 {
			t.Fatalf("%q gave negative limits: %+v", line, cmd.Go)
		}
	})
}
