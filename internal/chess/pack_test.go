package chess

import (
	"encoding/binary"
	"testing"
)

// packFENs cover every field of the packed board: castling rights, whole
// and partial, standard and Chess960; an en passant square for either
// side; the clocks at their fields' limits; both sides to move.
var packFENs = []string{
	StartFEN,
	"r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 4 9",
	"r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPPQ1PPP/R3K2R b Kq - 5 9",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w Gg - 0 1",
	"8/8/4k3/8/8/3K4/8/7R b - - 99 300",
	"8/8/4k3/8/8/3K4/8/7R w - - 255 65535",
	"1k6/8/8/8/8/8/8/K7 b - - 0 1",
}

func TestPackRoundTrip(t *testing.T) {
	for _, fen := range packFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		b, err := p.Pack()
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		q, err := b.Unpack()
		if err != nil {
			t.Fatalf("%s: unpack: %v", fen, err)
		}
		if q.FEN() != p.FEN() || q.Key() != p.Key() || q.Chess960() != p.Chess960() {
			t.Errorf("%s came back as %s (Chess960 %v, was %v)", p.FEN(), q.FEN(), q.Chess960(), p.Chess960())
		}
	}
}

// The layout is marlinformat's: the start position's bytes, spelled out.
func TestPackLayout(t *testing.T) {
	b, err := StartPosition().Pack()
	if err != nil {
		t.Fatal(err)
	}
	if occ := binary.LittleEndian.Uint64(b[0:8]); occ != 0xFFFF00000000FFFF {
		t.Errorf("occupancy %#x", occ)
	}
	// a1 rook that castles (6), knight (1), bishop (2), queen (4), king (5),
	// bishop, knight, castling rook; then eight pawns (0); Black's the same
	// with bit 3 set, pawns first.
	want := [16]byte{0x16, 0x42, 0x25, 0x61, 0, 0, 0, 0, 0x88, 0x88, 0x88, 0x88, 0x9e, 0xca, 0xad, 0xe9}
	if [16]byte(b[8:24]) != want {
		t.Errorf("pieces % x, want % x", b[8:24], want)
	}
	if b[24] != 64 || b[25] != 0 || binary.LittleEndian.Uint16(b[26:28]) != 1 {
		t.Errorf("side/en passant %d, clock %d, move %d", b[24], b[25], binary.LittleEndian.Uint16(b[26:28]))
	}
	black, _ := ParseFEN("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3")
	if b, _ := black.Pack(); b[24] != 0x80|byte(MakeSquare(3, 2)) {
		t.Errorf("black to move, en passant d3: byte 24 is %#x", b[24])
	}
}

func TestPackRefusesCountersBeyondTheirFields(t *testing.T) {
	for _, fen := range []string{"8/8/4k3/8/8/3K4/8/7R w - - 256 70", "8/8/4k3/8/8/3K4/8/7R w - - 0 65536"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Pack(); err == nil {
			t.Errorf("%s packed", fen)
		}
	}
}

func TestUnpackRefusesWhatPackNeverWrites(t *testing.T) {
	start, _ := StartPosition().Pack()
	ep, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	epPacked, _ := ep.Pack()
	cases := map[string]func(b *PackedBoard){
		"piece code 7":            func(b *PackedBoard) { b[8] = 0x17 },
		"nibble past the pieces":  func(b *PackedBoard) { binary.LittleEndian.PutUint64(b[0:8], 0x7FFF00000000FFFF) }, // h8 gone, its nibble left
		"castling rook off a1":    func(b *PackedBoard) { b[8] = 0x13 },                                               // a1 a plain rook, h1 still castling: fine
		"en passant byte 65":      func(b *PackedBoard) { b[24] = 65 },
		"en passant, no pawn":     func(b *PackedBoard) { b[24] = byte(MakeSquare(4, 2)) },
		"full-move number 0":      func(b *PackedBoard) { b[26], b[27] = 0, 0 },
		"33 pieces":               func(b *PackedBoard) { binary.LittleEndian.PutUint64(b[0:8], 0xFFFF00010000FFFF) },
		"no kings":                func(b *PackedBoard) { *b = PackedBoard{}; b[26] = 1 },
		"en passant, no capture":  func(b *PackedBoard) { *b = epPacked; b[24] = byte(MakeSquare(2, 5)) },
		"pawn on the first rank":  func(b *PackedBoard) { b[9] = 0x40 },
		"castling rook for black": func(b *PackedBoard) { b[8] = 0x1e },
	}
	for name, spoil := range cases {
		b := start
		spoil(&b)
		if name == "castling rook off a1" {
			// Not a bad board: White castles short only. Check that it
			// reads so, then move on.
			p, err := b.Unpack()
			if err != nil || p.CastlingRights() != 1<<castleIndex(White, true)|1<<castleIndex(Black, true)|1<<castleIndex(Black, false) {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if p, err := b.Unpack(); err == nil {
			t.Errorf("%s: unpacked as %s", name, p.FEN())
		}
	}
}

// FuzzUnpackBoard: any 28 bytes either unpack to a position that packs to
// those very bytes, or give an error; never a panic.
func FuzzUnpackBoard(f *testing.F) {
	for _, fen := range packFENs {
		p, _ := ParseFEN(fen)
		b, _ := p.Pack()
		f.Add(b[:])
	}
	f.Add(make([]byte, PackedBoardSize))
	f.Fuzz(func(t *testing.T, data []byte) {
		var b PackedBoard
		copy(b[:], data)
		p, err := b.Unpack()
		if err != nil {
			return
		}
		again, err := p.Pack()
		if err != nil || again != b {
			t.Fatalf("%s unpacked from % x packs to % x (%v)", p.FEN(), b, again, err)
		}
		p.Perft(2)
	})
}
