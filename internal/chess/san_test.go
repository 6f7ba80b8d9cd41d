package chess

import (
	"strings"
	"testing"
)

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

const (
	kiwipeteFEN    = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	twoKnightsFEN  = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"
	promotionFEN   = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
	chess960KingB1 = "6k1/8/8/8/8/8/8/RK5R w AH - 0 1"
)

func TestSANFormatting(t *testing.T) {
	cases := []struct {
		fen, uci, want string
	}{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		// Disambiguation by file, by rank, and by both (three queens).
		{twoKnightsFEN, "b1d2", "Nbd2"},
		{twoKnightsFEN, "f1d2", "Nfd2"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3b2", "Q3b2"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "c1b2", "Qcb2"},
		// A pinned rival cannot move there, so it does not count.
		{"4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "b1d2", "Nd2"},
		// Captures, en passant.
		{kiwipeteFEN, "e5f7", "Nxf7"},
		{kiwipeteFEN, "d5e6", "dxe6"},
		{kiwipeteFEN, "f3f6", "Qxf6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		// Promotions, with capture and check.
		{promotionFEN, "b7a8q", "bxa8=Q+"},
		{promotionFEN, "b7b8q", "b8=Q+"},
		{promotionFEN, "b7b8r", "b8=R+"},
		{promotionFEN, "b7a8n", "bxa8=N"},
		{"4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1", "a2b1q", "axb1=Q+"},
		// Check and mate.
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a7", "Ra7"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "g1f2", "Kf2"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4", "Qh4#"},
		// Castling, both sides and both colours, with check.
		{kiwipeteFEN, "e1g1", "O-O"},
		{kiwipeteFEN, "e1c1", "O-O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", "e8g8", "O-O"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		// Chess960: castling is king-takes-rook, the king may move onto the
		// square castling would take it to (Kc1 is not O-O-O).
		{chess960KingB1, "b1h1", "O-O"},
		{chess960KingB1, "b1a1", "O-O-O"},
		{chess960KingB1, "b1c1", "Kc1"},
		// The king and rook swap squares (O-O), or the king stays and the
		// rook passes it (O-O-O).
		{"k7/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "O-O"},
		{"1r4k1/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", "O-O-O"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseUCI(tc.uci)
		if err != nil {
			t.Errorf("%s: %s: %v", tc.fen, tc.uci, err)
			continue
		}
		if got := p.SAN(m); got != tc.want {
			t.Errorf("%s: %s written %q, want %q", tc.fen, tc.uci, got, tc.want)
		}
		back, err := p.ParseSAN(tc.want)
		if err != nil || back != m {
			t.Errorf("%s: ParseSAN(%q) = %s, %v; want %s", tc.fen, tc.want, p.UCI(back), err, tc.uci)
		}
	}
}

func TestSANOddMoves(t *testing.T) {
	p := StartPosition()
	if got := p.SAN(NoMove); got != "--" {
		t.Errorf("NoMove written %q", got)
	}
	before := p.FEN()
	// Not legal: written as coordinates, position untouched.
	if got := p.SAN(NewMove(E1, E8)); got != "e1e8" {
		t.Errorf("illegal move written %q", got)
	}
	if p.FEN() != before {
		t.Errorf("SAN of an illegal move changed the position to %s", p.FEN())
	}
	// Caller bits above bit 15 are ignored.
	m, _ := p.ParseUCI("g1f3")
	if got := p.SAN(m | 1<<20); got != "Nf3" {
		t.Errorf("move with caller bits written %q", got)
	}
}

// sanVariants returns other ways people write the SAN s of move m, all of
// which ParseSAN must read as m.
func sanVariants(p *Position, m Move, s string) []string {
	out := []string{s + "!", s + "?!", " " + s + " ", s + " $1", "1. " + s, "23..." + s}
	bare := strings.TrimRight(s, "+#")
	out = append(out, bare)
	if strings.Contains(bare, "x") {
		out = append(out, strings.Replace(bare, "x", "", 1), strings.Replace(bare, "x", ":", 1))
	}
	if strings.Contains(bare, "=") {
		out = append(out, strings.Replace(bare, "=", "", 1), strings.Replace(bare, "=", "", 1)+"+")
		n := len(bare)
		out = append(out, bare[:n-2]+"("+bare[n-1:]+")")
	}
	if m.IsCastling() {
		out = append(out, strings.ReplaceAll(bare, "O", "0"), strings.ReplaceAll(bare, "O", "o"))
	}
	if m.IsEnPassant() {
		out = append(out, s+" e.p.", bare+"e.p.", bare+"ep")
	}
	if !m.IsCastling() {
		// Long algebraic: the origin square in full.
		from, to := m.From(), m.To()
		letter := ""
		if pt := p.PieceOn(from).Type(); pt != Pawn {
			letter = string(sanLetters[pt])
		}
		promo := ""
		if m.IsPromotion() {
			promo = "=" + string(sanLetters[m.PromotionType()])
		}
		out = append(out, letter+from.String()+"-"+to.String()+promo, letter+from.String()+to.String()+promo)
	}
	out = append(out, p.UCI(m))
	return out
}

// checkSANRoundTrip writes every legal move of p in SAN, checks the strings
// are distinct, and reads each back (with its variants).
func checkSANRoundTrip(t *testing.T, p *Position) {
	t.Helper()
	var ml MoveList
	p.GenerateLegal(&ml)
	seen := make(map[string]Move, ml.N)
	for _, m := range ml.Slice() {
		s := p.SAN(m)
		if other, dup := seen[s]; dup {
			t.Fatalf("%s: %s and %s both written %s", p.FEN(), p.UCI(other), p.UCI(m), s)
		}
		seen[s] = m
		for _, v := range append([]string{s}, sanVariants(p, m, s)...) {
			got, err := p.ParseSAN(v)
			if err != nil || got != m {
				t.Fatalf("%s: ParseSAN(%q) = %s, %v; want %s", p.FEN(), v, p.UCI(got), err, p.UCI(m))
			}
		}
	}
}

func TestParseSANRoundTrip(t *testing.T) {
	positions := 0
	for _, tc := range wikiPerft {
		p := mustFEN(t, tc.fen)
		checkSANRoundTrip(t, p)
		positions++
		// Deeper positions: every position one and two plies on.
		var ml1 MoveList
		p.GenerateLegal(&ml1)
		for _, m1 := range ml1.Slice() {
			p.MakeMove(m1)
			checkSANRoundTrip(t, p)
			var ml2 MoveList
			p.GenerateLegal(&ml2)
			for _, m2 := range ml2.Slice() {
				p.MakeMove(m2)
				checkSANRoundTrip(t, p)
				p.UnmakeMove(m2)
			}
			positions += 1 + ml2.N
			p.UnmakeMove(m1)
		}
		if p.FEN() != tc.fen {
			t.Fatalf("%s: position changed to %s", tc.name, p.FEN())
		}
	}
	// Chess960 positions, where castling rooks and kings stand anywhere.
	for i, c := range readPerftSuite(t, "fischer.epd") {
		if i%8 != 0 {
			continue
		}
		p := mustFEN(t, c.fen)
		checkSANRoundTrip(t, p)
		positions++
	}
	t.Logf("%d positions", positions)
}

func TestParseSANLenient(t *testing.T) {
	cases := []struct {
		fen, in, want string
	}{
		{StartFEN, "e4", "e2e4"},
		{StartFEN, "  e4  ", "e2e4"},
		{StartFEN, "1. e4", "e2e4"},
		{StartFEN, "1.e4", "e2e4"},
		{StartFEN, "e4!!", "e2e4"},
		{StartFEN, "e4 $1 {best by test}", "e2e4"},
		{StartFEN, "Pe4", "e2e4"},
		{StartFEN, "e2-e4", "e2e4"},
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "Nf3?!", "g1f3"},
		{StartFEN, "Ng1f3", "g1f3"},
		{StartFEN, "Ng1-f3", "g1f3"},
		{StartFEN, "Ngf3", "g1f3"},
		{StartFEN, "Nxf3", "g1f3"},
		{StartFEN, "N1f3", "g1f3"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "1...e5", "e7e5"},
		{kiwipeteFEN, "0-0", "e1h1"},
		{kiwipeteFEN, "0-0-0+", "e1a1"},
		{kiwipeteFEN, "o-o", "e1h1"},
		{kiwipeteFEN, "e1g1", "e1h1"},
		{kiwipeteFEN, "Nxf7", "e5f7"},
		{kiwipeteFEN, "Nf7", "e5f7"},
		{kiwipeteFEN, "de6", "d5e6"},
		{kiwipeteFEN, "d5xe6", "d5e6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6 e.p.", "e5f6"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6ep", "e5f6"},
		{promotionFEN, "b8Q", "b7b8q"},
		{promotionFEN, "b8q", "b7b8q"},
		{promotionFEN, "b8=N", "b7b8n"},
		{promotionFEN, "b8(R)", "b7b8r"},
		{promotionFEN, "b8/B", "b7b8b"},
		{promotionFEN, "bxa8=Q+", "b7a8q"},
		{promotionFEN, "ba8Q", "b7a8q"},
		{promotionFEN, "b7a8q", "b7a8q"},
		{chess960KingB1, "O-O-O", "b1a1"},
		{chess960KingB1, "Kc1", "b1c1"},
		{chess960KingB1, "b1h1", "b1h1"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		want, err := p.ParseUCI(tc.want)
		if err != nil {
			t.Fatalf("%s: %s: %v", tc.fen, tc.want, err)
		}
		got, err := p.ParseSAN(tc.in)
		if err != nil || got != want {
			t.Errorf("%s: ParseSAN(%q) = %s, %v; want %s", tc.fen, tc.in, p.UCI(got), err, tc.want)
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	cases := []struct {
		fen, in, want string
	}{
		{StartFEN, "Nf6", "illegal move Nf6: no knight can reach f6"},
		{twoKnightsFEN, "Nd2", "ambiguous move Nd2: Nbd2, Nfd2"},
		{StartFEN, "xyz", "not a move: xyz"},
		{StartFEN, "", "not a move: empty string"},
		{StartFEN, "   ", "not a move: empty string"},
		{StartFEN, "+!", "not a move: +!"},
		{StartFEN, "Zf3", "not a move: Zf3"},
		{StartFEN, "Nf9", "not a move: Nf9"},
		{StartFEN, "Nabcf3", "not a move: Nabcf3"},
		{StartFEN, "e4=K", "not a move: e4=K"},
		{StartFEN, "e5", "illegal move e5: no pawn can reach e5"},
		{StartFEN, "dxe3", "illegal move dxe3: no pawn on the d-file can reach e3"},
		{kiwipeteFEN, "ef7", "illegal move ef7: no pawn on the e-file can reach f7"},
		{StartFEN, "Bc4", "illegal move Bc4: no bishop can reach c4"},
		{StartFEN, "Nhf3", "illegal move Nhf3: no knight on the h-file can reach f3"},
		{StartFEN, "N2f3", "illegal move N2f3: no knight on rank 2 can reach f3"},
		{StartFEN, "Ng2f3", "illegal move Ng2f3: no knight on g2 can reach f3"},
		{StartFEN, "O-O", "illegal move O-O: castling on the king side is not possible here"},
		{StartFEN, "0-0-0", "illegal move 0-0-0: castling on the queen side is not possible here"},
		{StartFEN, "Nf3=Q", "illegal move Nf3=Q: only a pawn can promote"},
		{StartFEN, "e4=Q", "illegal move e4=Q: a pawn promotes only on the last rank"},
		{promotionFEN, "b8", "illegal move b8: the pawn must promote (=Q, =R, =B or =N)"},
		{promotionFEN, "bxa8", "illegal move bxa8: the pawn must promote (=Q, =R, =B or =N)"},
		{"4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1", "Nfd2", "illegal move Nfd2: the knight on the f-file cannot go to d2 without leaving the king in check"},
		{"4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kf1", "illegal move Kf1: the king would be in check on f1"},
		{"4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kd2", "illegal move Kd2: the king would be in check on d2"},
		{"4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Ke3", "illegal move Ke3: no king can reach e3"},
		{"4k3/4r3/8/8/8/8/3P4/4K3 w - - 0 1", "d4", "illegal move d4: the pawn cannot go to d4 without leaving the king in check"},
		{StartFEN, "e2e5", "illegal move e2e5: the pawn on e2 cannot go to e5"},
		{StartFEN, "e3e4", "illegal move e3e4: there is no piece on e3"},
		{StartFEN, "e7e5", "illegal move e7e5: the pawn on e7 is not yours to move"},
		{StartFEN, "e1g1", "illegal move e1g1: the king on e1 cannot go to g1"},
		{StartFEN, "e2e4q", "illegal move e2e4q: only a pawn reaching the last rank can promote"},
		{promotionFEN, "b7b8", "illegal move b7b8: the pawn must promote (add q, r, b or n)"},
		{"4k3/4r3/8/8/8/8/3P4/4K3 w - - 0 1", "d2d4", "illegal move d2d4: it would leave the king in check"},
	}
	for _, tc := range cases {
		p := mustFEN(t, tc.fen)
		m, err := p.ParseSAN(tc.in)
		if err == nil {
			t.Errorf("%s: %q accepted as %s", tc.fen, tc.in, p.UCI(m))
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%s: %q:\n got %q\nwant %q", tc.fen, tc.in, err, tc.want)
		}
	}
}

func TestSANLine(t *testing.T) {
	p := StartPosition()
	var moves []Move
	q := StartPosition()
	for _, s := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"} {
		m, err := q.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		q.MakeMove(m)
	}
	key, fen := p.Key(), p.FEN()
	got := strings.Join(p.SANLine(moves), " ")
	if want := "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	if p.Key() != key || p.FEN() != fen {
		t.Errorf("SANLine left the position at %s", p.FEN())
	}
	// A stale move ends the line; the position is still restored.
	stale := append(moves[:2:2], NewMove(E1, E8), moves[2])
	if got := strings.Join(p.SANLine(stale), " "); got != "e4 e5" {
		t.Errorf("line with a stale move: %q", got)
	}
	if p.Key() != key || p.FEN() != fen {
		t.Errorf("SANLine left the position at %s", p.FEN())
	}
	if got := p.SANLine(nil); len(got) != 0 {
		t.Errorf("empty line gave %q", got)
	}
}

var fuzzSANPositions = []string{
	StartFEN,
	kiwipeteFEN,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	twoKnightsFEN,
	promotionFEN,
	chess960KingB1,
	"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
}

func FuzzParseSAN(f *testing.F) {
	for i, s := range []string{
		"e4", "Nf3", "exd5", "e8=Q", "e8Q", "O-O", "0-0-0", "Nbd2", "R1a3", "Qa1b2",
		"bxa8=N+", "exf6 e.p.", "1. e4", "12...Nf6", "e2e4", "e7e8q", "b1h1", "Kc1",
		"", "xyz", "Nf9", "=", "(Q)", "e8=", "x", "O-O-O-O", "0", "1.", "...", "Ka1a1a1",
		"\x00", "é4", "Nf3\xff", "e4 e5", "ep", "e.p.", "Pe8=Q", "Ke1-g1",
	} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, idx uint8, s string) {
		p := mustFEN(t, fuzzSANPositions[int(idx)%len(fuzzSANPositions)])
		fen := p.FEN()
		m, err := p.ParseSAN(s)
		if p.FEN() != fen {
			t.Fatalf("ParseSAN(%q) changed the position", s)
		}
		if err != nil {
			if m != NoMove || err.Error() == "" {
				t.Fatalf("ParseSAN(%q): move %v with error %v", s, m, err)
			}
			return
		}
		var ml MoveList
		p.GenerateLegal(&ml)
		if !ml.Contains(m) || m != m.Base() {
			t.Fatalf("ParseSAN(%q) returned %v, not a legal move", s, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("ParseSAN(%q) = %s, whose SAN %s reads back as %v, %v", s, p.UCI(m), p.SAN(m), back, err)
		}
	})
}
