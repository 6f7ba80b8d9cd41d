package book

import (
	"strings"
	"testing"

	"matador/internal/chess"
)

// The test keys published with the Polyglot book format: the start
// position and the positions after the moves given.
var polyglotTestKeys = []struct {
	moves string
	key   uint64
}{
	{"", 0x463b96181691fc9c},
	{"e2e4", 0x823c9b50fd114196},
	{"e2e4 d7d5", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560},
}

func playMoves(t testing.TB, fen, moves string) *chess.Position {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range strings.Fields(moves) {
		m, err := pos.ParseUCI(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		pos.MakeMove(m)
	}
	return pos
}

func TestPublishedKeys(t *testing.T) {
	for _, tc := range polyglotTestKeys {
		pos := playMoves(t, chess.StartFEN, tc.moves)
		if got := Key(pos); got != tc.key {
			t.Errorf("after %q: key %016x, want %016x", tc.moves, got, tc.key)
		}
		// The same position from its FEN has the same key (the en passant
		// square comes from the FEN then, not from the last move).
		fromFEN, err := chess.ParseFEN(pos.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if got := Key(fromFEN); got != tc.key {
			t.Errorf("FEN %s: key %016x, want %016x", pos.FEN(), got, tc.key)
		}
	}
}

// Polyglot counts an en passant square whenever a pawn stands beside the
// pushed pawn, even if the capture is illegal; Matador drops such a square
// from its own position, so the key must find it from the last move.
func TestKeyEnPassantPinnedCapturer(t *testing.T) {
	// After e2e4, dxe3 would open the fourth rank from the rook on h4 to
	// the black king on a4.
	pos := playMoves(t, "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e2e4")
	if pos.EPSquare() != chess.NoSquare {
		t.Fatalf("test position: e.p. square %s kept though the capture is illegal", pos.EPSquare())
	}
	withEP := Key(pos)
	noEP := withEP ^ polyglotRandom[enPassantOffset+4]
	fen, err := chess.ParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if Key(fen) != noEP {
		t.Errorf("the key after e2e4 should differ from the FEN without e.p. by the e-file number only")
	}
	// No pawn beside: no e.p. square even after a double push.
	quiet := playMoves(t, chess.StartFEN, "e2e4")
	if quiet.EPSquare() != chess.NoSquare {
		t.Fatalf("e.p. square after 1. e4")
	}
}

func TestMoveEncoding(t *testing.T) {
	cases := []struct {
		fen, move string
		code      uint16
	}{
		{chess.StartFEN, "e2e4", 4<<6 | 1<<9 | 4 | 3<<3},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 4<<6 | 7}, // written e1h1
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 4<<6 | 0}, // written e1a1
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 4<<6 | 7<<9 | 7 | 7<<3},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", 6<<9 | 7<<3 | 4<<12},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", 6<<9 | 7<<3 | 1<<12},
	}
	for _, tc := range cases {
		pos := playMoves(t, tc.fen, "")
		m, err := pos.ParseUCI(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := EncodeMove(m); got != tc.code {
			t.Errorf("%s %s: code %#x, want %#x", tc.fen, tc.move, got, tc.code)
		}
		if back, ok := DecodeMove(pos, tc.code); !ok || back != m {
			t.Errorf("%s: %#x decodes to %s (%v), want %s", tc.fen, tc.code, pos.UCI(back), ok, tc.move)
		}
	}
	// Castling written as the king's own move, as some books do.
	pos := playMoves(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "")
	if m, ok := DecodeMove(pos, 4<<6|6); !ok || !m.IsCastling() {
		t.Errorf("e1g1 not read as castling")
	}
	// Not a legal move, or a promotion code out of range.
	for _, code := range []uint16{0, 4<<6 | 1<<9 | 4 | 4<<3, 6<<9 | 7<<3 | 5<<12} {
		if m, ok := DecodeMove(playMoves(t, "8/P6k/8/8/8/8/8/K7 w - - 0 1", ""), code); ok {
			t.Errorf("code %#x decoded to %v", code, m)
		}
	}
}
