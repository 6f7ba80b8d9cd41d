package trainbin

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"matador/internal/chess"
)

func startRecord(t *testing.T) Record {
	t.Helper()
	board, err := chess.StartPosition().Pack()
	if err != nil {
		t.Fatal(err)
	}
	return Record{Board: board, Score: -32768, HasScore: true, Result: WhiteWins, Game: 123456789}
}

func TestRecordRoundTrip(t *testing.T) {
	for _, rec := range []Record{
		startRecord(t),
		{Score: 32767, HasScore: true, Result: Draw, Game: 0},
		{Result: BlackWins, Game: NoGame},
	} {
		b := rec.Append(nil)
		if len(b) != RecordSize {
			t.Fatalf("record of %d bytes", len(b))
		}
		got, err := Decode(b)
		if err != nil || got != rec {
			t.Errorf("%+v came back as %+v (%v)", rec, got, err)
		}
		if GameOf(b) != rec.Game {
			t.Errorf("GameOf %d, want %d", GameOf(b), rec.Game)
		}
	}
	// The labels at their byte offsets.
	b := startRecord(t).Append(nil)
	if !bytes.Equal(b[28:], []byte{0x00, 0x80, 2, 1, 0x15, 0xcd, 0x5b, 0x07}) {
		t.Errorf("label bytes % x", b[28:])
	}
}

func TestDecodeRefusesBadLabels(t *testing.T) {
	good := startRecord(t).Append(nil)
	for name, spoil := range map[string]func(b []byte){
		"result 3":               func(b []byte) { b[30] = 3 },
		"flag bit 1":             func(b []byte) { b[31] = 3 },
		"game without score":     func(b []byte) { b[31] = 0; b[28], b[29] = 0, 0 },
		"score without the flag": func(b []byte) { b[31] = 0; b[32], b[33], b[34], b[35] = 0xFF, 0xFF, 0xFF, 0xFF },
	} {
		b := bytes.Clone(good)
		spoil(b)
		if rec, err := Decode(b); err == nil {
			t.Errorf("%s: decoded as %+v", name, rec)
		}
	}
	if _, err := Decode(good[:RecordSize-1]); err == nil {
		t.Error("a short record decoded")
	}
}

// A reader gives the whole records and leaves out a last one cut short.
func TestReaderLeavesOutACutRecord(t *testing.T) {
	rec := startRecord(t)
	file := append(Header[:], rec.Append(nil)...)
	file = append(file, rec.Append(nil)[:20]...)
	rd, err := NewReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := rd.Next(); err != nil || got != rec {
		t.Fatalf("first record %+v, %v", got, err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Errorf("the cut record gave %v, want io.EOF", err)
	}
	if _, err := NewReader(strings.NewReader(chess.StartFEN + " | 0.5\n")); err == nil {
		t.Error("a text file read as binary")
	}
}

func TestIsBinaryName(t *testing.T) {
	for name, want := range map[string]bool{"d.bin": true, "D.BIN": true, "d.txt": false, "bin": false, "d.bin.txt": false} {
		if IsBinaryName(name) != want {
			t.Errorf("IsBinaryName(%q) = %v", name, !want)
		}
	}
}
