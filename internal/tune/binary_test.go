package tune

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"matador/internal/chess"
	"matador/internal/trainbin"
)

// dataLines are lines of the text data format as datagen and extract
// write them: castling rights (standard and Chess960), en passant for either
// side, the clocks at their record fields' limits, both sides to move, the
// search's extreme scores, game numbers up to the last a record holds, and
// lines without a game number or a score.
var dataLines = []string{
	"r1b2k1r/ppp1q1p1/2np4/7p/2P1B3/2N3P1/PP3P1P/R2Q1RK1 w - - 0 15 | 0.0 | 143 | 1",
	"r1b3kr/ppp1q1p1/2np4/7p/2P1B3/2N2QP1/PP3P1P/4RRK1 b - - 3 16 | 0.0 | 173 | 1",
	"r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 4 9 | 0.5 | 0 | 7",
	"r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPPQ1PPP/R3K2R b Kq - 5 9 | 0.5 | -12 | 7",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3 | 1.0 | 32001 | 8",
	"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3 | 1.0 | -32001 | 8",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9 | 0.0 | 32767 | 4294967294",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1 | 0.5 | -32768 | 0",
	"8/8/4k3/8/8/3K4/8/7R b - - 99 300 | 1.0 | 950 | 9",
	"8/8/4k3/8/8/3K4/8/7R w - - 255 65535 | 1.0 | 951 | 9",
	"8/5pk1/6p1/3P4/8/6P1/5PK1/8 w - - 0 1 | 0.5 | 35",
	"8/3k4/8/2P5/8/8/5K2/8 b - - 0 1 | 1.0",
}

func convert(t *testing.T, in []byte, binary bool) []byte {
	t.Helper()
	var out bytes.Buffer
	n, err := Convert(bytes.NewReader(in), &out, binary)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(dataLines) {
		t.Errorf("converted %d samples, want %d", n, len(dataLines))
	}
	return out.Bytes()
}

// Text to binary and back gives the very lines, and the tuner reads the
// same samples from either file.
func TestConvertRoundTrip(t *testing.T) {
	text := []byte(strings.Join(dataLines, "\n") + "\n")
	bin := convert(t, text, true)
	if want := trainbin.HeaderSize + len(dataLines)*trainbin.RecordSize; len(bin) != want {
		t.Errorf("binary file of %d bytes, want %d", len(bin), want)
	}
	if back := convert(t, bin, false); !bytes.Equal(back, text) {
		t.Errorf("text to binary to text gave\n%s\nwant\n%s", back, text)
	}
	if again := convert(t, bin, true); !bytes.Equal(again, bin) {
		t.Error("binary to binary changed the file")
	}
	fromText, err := ReadData(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	fromBin, err := ReadData(bytes.NewReader(bin))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(fromText, fromBin, sameSample) {
		t.Errorf("the samples differ between the formats")
	}
	// The tuner's held-out split by game numbers is the same.
	_, heldText := SplitHeldOut(fromText, 0.3)
	_, heldBin := SplitHeldOut(fromBin, 0.3)
	if !slices.EqualFunc(heldText, heldBin, sameSample) {
		t.Errorf("held-out sets differ: %d and %d samples", len(heldText), len(heldBin))
	}
}

func sameSample(a, b Sample) bool {
	return a.Pos.FEN() == b.Pos.FEN() && a.Pos.Key() == b.Pos.Key() && a.Pos.Chess960() == b.Pos.Chess960() &&
		a.Result == b.Result && a.Score == b.Score && a.HasScore == b.HasScore && a.Game == b.Game
}

// What a record cannot hold is refused with the line's number, not
// written wrong.
func TestConvertRefusesWhatARecordCannotHold(t *testing.T) {
	for _, line := range []string{
		"8/8/4k3/8/8/3K4/8/7R w - - 256 70 | 1.0 | 0 | 1",
		"8/8/4k3/8/8/3K4/8/7R w - - 0 65536 | 1.0 | 0 | 1",
		"8/8/4k3/8/8/3K4/8/7R w - - 0 1 | 1.0 | 32768 | 1",
		"8/8/4k3/8/8/3K4/8/7R w - - 0 1 | 1.0 | 0 | 4294967295",
	} {
		in := chess.StartFEN + " | 0.5 | 0 | 0\n" + line + "\n"
		if _, err := Convert(strings.NewReader(in), &bytes.Buffer{}, true); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("%s: %v", line, err)
		}
	}
}

// A binary file whose last record was cut off reads as the records before.
func TestReadDataLeavesOutACutRecord(t *testing.T) {
	bin := convert(t, []byte(strings.Join(dataLines, "\n")+"\n"), true)
	samples, err := ReadData(bytes.NewReader(bin[:len(bin)-5]))
	if err != nil || len(samples) != len(dataLines)-1 {
		t.Errorf("%d samples, %v; want %d", len(samples), err, len(dataLines)-1)
	}
}

func TestConvertCommand(t *testing.T) {
	dir := t.TempDir()
	txt, bin, back := filepath.Join(dir, "d.txt"), filepath.Join(dir, "d.bin"), filepath.Join(dir, "back.txt")
	text := strings.Join(dataLines, "\n") + "\n"
	os.WriteFile(txt, []byte(text), 0o644)
	var stderr bytes.Buffer
	if code := Main([]string{"convert", txt, bin}, &stderr, &stderr); code != 0 {
		t.Fatalf("convert to binary: status %d\n%s", code, &stderr)
	}
	if code := Main([]string{"convert", bin, back}, &stderr, &stderr); code != 0 {
		t.Fatalf("convert to text: status %d\n%s", code, &stderr)
	}
	if got, _ := os.ReadFile(back); string(got) != text {
		t.Errorf("round trip through files gave\n%s", got)
	}
	// Never over a file that exists, nor with a wrong count of files.
	for _, args := range [][]string{{"convert", txt, bin}, {"convert", txt}, {"convert", txt, bin, back}} {
		before, _ := os.ReadFile(bin)
		stderr.Reset()
		if code := Main(args, &stderr, &stderr); code != 2 {
			t.Errorf("%v: status %d, want 2\n%s", args, code, &stderr)
		}
		if after, _ := os.ReadFile(bin); !bytes.Equal(before, after) {
			t.Errorf("%v changed %s", args, bin)
		}
	}
	// A bad input leaves no output behind.
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("not a fen | 1.0\n"), 0o644)
	if code := Main([]string{"convert", bad, filepath.Join(dir, "bad.bin")}, &stderr, &stderr); code != 1 {
		t.Errorf("bad input: status %d, want 1", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.bin")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed conversion left its output: %v", err)
	}
}

// FuzzReadBinary: the tuner's binary reader never panics, and every sample
// it gives packs back to the bytes it came from.
func FuzzReadBinary(f *testing.F) {
	var text bytes.Buffer
	for _, l := range dataLines {
		text.WriteString(l + "\n")
	}
	var bin bytes.Buffer
	if _, err := Convert(&text, &bin, true); err != nil {
		f.Fatal(err)
	}
	records := bin.Bytes()[trainbin.HeaderSize:]
	f.Add(records)
	f.Add(records[:trainbin.RecordSize])
	f.Add(records[:trainbin.RecordSize+7])
	f.Add([]byte{})
	f.Add(make([]byte, 2*trainbin.RecordSize))
	f.Fuzz(func(t *testing.T, data []byte) {
		file := append(trainbin.Header[:], data...)
		samples, err := ReadData(bytes.NewReader(file))
		if err == nil && len(samples) != len(data)/trainbin.RecordSize {
			t.Fatalf("%d samples from %d bytes of records", len(samples), len(data))
		}
		for i, s := range samples {
			rec, err := RecordOf(s)
			if err != nil {
				t.Fatalf("sample %d read but not written: %v", i, err)
			}
			if got := rec.Append(nil); !bytes.Equal(got, data[i*trainbin.RecordSize:(i+1)*trainbin.RecordSize]) {
				t.Fatalf("record %d: read % x, writes % x", i, data[i*trainbin.RecordSize:], got)
			}
		}
	})
}

var benchData = flag.String("benchdata", "", "text data file that BenchmarkReadData reads in both formats (default: 2,000 random positions)")

// BenchmarkReadData times ReadData on the same positions as text lines and
// as binary records:
//
//	go test ./internal/tune -run '^$' -bench ReadData -args -benchdata FILE
func BenchmarkReadData(b *testing.B) {
	text, err := os.ReadFile(*benchData)
	if *benchData == "" {
		var lines strings.Builder
		for i, p := range randomPositions(b, 2000) {
			fmt.Fprintf(&lines, "%s | 0.5 | %d | %d\n", p.FEN(), i-1000, i/50)
		}
		text, err = []byte(lines.String()), nil
	}
	if err != nil {
		b.Fatal(err)
	}
	var bin bytes.Buffer
	n, err := Convert(bytes.NewReader(text), &bin, true)
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"text", text}, {"binary", bin.Bytes()}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.data)))
			for b.Loop() {
				if s, err := ReadData(bytes.NewReader(f.data)); err != nil || len(s) != n {
					b.Fatalf("%d samples, %v", len(s), err)
				}
			}
			b.ReportMetric(float64(len(f.data))/float64(n), "bytes/position")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/position")
		})
	}
}
