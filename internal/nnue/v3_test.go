package nnue

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"strings"
	"testing"

	"matador/internal/chess"
)

// testNets is a net of version 2 and version 3 nets of every width this
// build reads, with layouts of 1, 4, 8 and 10 king buckets.
func testNets(t testing.TB) []*Net {
	t.Helper()
	nets := []*Net{Random(3)}
	for i, c := range []struct{ hidden, buckets int }{{256, 4}, {512, 1}, {768, 10}, {1024, 8}} {
		layout, ok := KingLayout(c.buckets)
		if !ok {
			t.Fatalf("no layout of %d buckets", c.buckets)
		}
		n, err := RandomV3(uint64(20+i), c.hidden, layout)
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, n)
	}
	return nets
}

// TestKingLayouts: each layout offered has the buckets it says, each with
// a square.
func TestKingLayouts(t *testing.T) {
	for _, k := range []int{1, 4, 8, 10} {
		l, ok := KingLayout(k)
		if !ok {
			t.Fatalf("no layout of %d buckets", k)
		}
		if _, err := NewNet(256, &l); err != nil {
			t.Errorf("layout of %d buckets: %v", k, err)
		} else if n, _ := NewNet(256, &l); n.KingBuckets != k {
			t.Errorf("layout of %d buckets has %d", k, n.KingBuckets)
		}
	}
	if _, ok := KingLayout(3); ok {
		t.Error("a layout of 3 buckets is offered")
	}
}

// TestFeatureIndexMirrors: in a mirrored net, a king on files a-d sees the
// board turned left to right, so a position and its mirror image (no
// castling rights) have the same accumulators and score; and the king's
// bucket picks the rows.
func TestFeatureIndexMirrors(t *testing.T) {
	nets := testNets(t)
	pairs := [][2]string{
		{"r3k2r/p1p1qpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1", "r2k3r/1bpq1p1p/1pnp2nb/3NP3/3P2p1/p1Q2N2/PPPBBPPP/R2K3R w - - 0 1"},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/5p2/4p3/r5PK/k1p3R1/8/1P1P4/8 w - - 0 1"},
		{"6k1/5ppp/8/8/8/8/PPP5/1K6 b - - 0 1", "1k6/ppp5/8/8/8/8/5PPP/6K1 b - - 0 1"},
	}
	for _, n := range nets[1:] {
		for _, p := range pairs {
			a, b := mustFEN(t, p[0]), mustFEN(t, p[1])
			if x, y := n.Evaluate(a), n.Evaluate(b); x != y {
				t.Errorf("%d wide, %d buckets: %s scores %d, its mirror image %d", n.Hidden, n.KingBuckets, p[0], x, y)
			}
		}
	}
	n := nets[2]          // 512 wide, one bucket
	wk := chess.Square(1) // b1: mirrored, seen as g1
	if got, want := n.FeatureIndex(chess.White, wk, chess.MakePiece(chess.White, chess.Pawn), 8), Feature(chess.White, chess.MakePiece(chess.White, chess.Pawn), 15); got != want {
		t.Errorf("a pawn on a2 with the king on b1: row %d, want h2's %d", got, want)
	}
	n = nets[4] // 8 buckets
	// The black king on g8 is on its own first rank, file g: bucket 2.
	if got := n.KingSlot(chess.Black, 62); got != 2<<1 {
		t.Errorf("black king on g8: slot %d, want %d", got, 2<<1)
	}
	if got := n.KingSlot(chess.White, 2); got != 1<<1|1 {
		t.Errorf("white king on c1 (f1 mirrored): slot %d, want %d", got, 1<<1|1)
	}
}

// TestStackMatchesRefreshV3 plays random games with takebacks and null
// moves on nets of every width and several king bucket layouts, and holds
// every incrementally updated score, with refreshes from the refresh
// table and from nothing (SetRefreshTable), to the score from nothing.
func TestStackMatchesRefreshV3(t *testing.T) {
	for ni, net := range testNets(t) {
		r := rand.New(rand.NewPCG(8, uint64(ni)))
		s := NewStack(net)
		checked := 0
		for _, fen := range testFENs {
			for game := range 6 {
				pos := mustFEN(t, fen)
				s.SetEager(game%2 == 1)
				// Games 2 and 5 refresh from nothing, one lazy, one eager.
				s.SetRefreshTable(game%3 != 2)
				s.Reset(pos)
				var line []chess.Move // 0 for a null move
				for range 150 {
					over, _ := randomStep(r, s, pos, &line, 3)
					if over {
						break
					}
					if r.IntN(3) == 0 {
						if got, want := s.Evaluate(pos), net.Evaluate(pos); got != want {
							t.Fatalf("%d wide, %d buckets: %s after %d plies: stack %d, refresh %d", net.Hidden, net.KingBuckets, pos.FEN(), len(line), got, want)
						}
						checked++
					}
				}
			}
		}
		if checked < 500 {
			t.Errorf("%d wide: only %d positions checked", net.Hidden, checked)
		}
		if net.Mirrored && (s.refreshes < 50 || s.scratchRefreshes < 20) {
			t.Errorf("%d wide, %d buckets: only %d refreshes from the table and %d from nothing", net.Hidden, net.KingBuckets, s.refreshes, s.scratchRefreshes)
		}
		if !net.Mirrored && s.refreshes+s.scratchRefreshes != 0 {
			t.Errorf("a version 2 net refreshed %d times", s.refreshes+s.scratchRefreshes)
		}
	}
}

// TestGoldenV3 holds a version 3 net of each width to scores computed
// once, so that the plain and the vector builds, and every platform, are
// held to the same bits for every width.
func TestGoldenV3(t *testing.T) {
	want := goldenV3
	for i, n := range testNets(t)[1:] {
		var got []int
		for _, fen := range testFENs {
			got = append(got, n.Evaluate(mustFEN(t, fen)))
		}
		for j := range got {
			if got[j] != want[i][j] {
				t.Errorf("%d wide: scores %v, want %v (kernels %s)", n.Hidden, got, want[i], Vector())
				break
			}
		}
	}
}

var goldenV3 = [4][]int{
	{6787, 10203, -12009, 10863, -932, 2457},
	{6367, 13686, -6109, 8832, 1934, 1915},
	{-4904, -14384, -3653, -5630, 2716, 4477},
	{15706, 12250, 8283, 12134, 8048, 12742},
}

// TestEncodeParseRoundTripV3: every test net comes back from its file,
// of the size FileSizeV3 says, with its name.
func TestEncodeParseRoundTripV3(t *testing.T) {
	for _, n := range testNets(t)[1:] {
		data := n.Encode()
		if len(data) != FileSizeV3(n.Hidden, n.KingBuckets) || data[7] != 3 {
			t.Fatalf("%d wide: %d bytes of version %d, want %d of version 3", n.Hidden, len(data), data[7], FileSizeV3(n.Hidden, n.KingBuckets))
		}
		back, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if !sameWeights(back, n) || back.ID != n.ID || back.ID != NameOf(data) {
			t.Fatalf("%d wide: the round trip changed the net", n.Hidden)
		}
	}
}

func TestParseRefusesV3(t *testing.T) {
	l4, _ := KingLayout(4)
	n, err := RandomV3(30, 256, l4)
	if err != nil {
		t.Fatal(err)
	}
	good := n.Encode()
	resum := func(b []byte) []byte {
		binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		return b
	}
	edit := func(f func(b []byte)) []byte {
		b := bytes.Clone(good)
		f(b)
		return resum(b)
	}
	field := func(i int, v uint32) []byte {
		return edit(func(b []byte) { binary.LittleEndian.PutUint32(b[8+4*i:], v) })
	}
	cases := map[string]struct {
		data []byte
		want string
	}{
		"header cut":        {good[:40], "truncated"},
		"truncated":         {good[:len(good)-100], "wrong size"},
		"too long":          {append(bytes.Clone(good), 0), "wrong size"},
		"bad sum":           {func() []byte { b := bytes.Clone(good); b[200] ^= 1; return b }(), "bad checksum"},
		"inputs":            {field(0, 769), "769 inputs"},
		"QA":                {field(2, 127), "QA 127"},
		"output buckets":    {field(5, 4), "4 output buckets"},
		"width 300":         {field(1, 300), "hidden width 300"},
		"width 0":           {field(1, 0), "hidden width 0"},
		"width 2048":        {field(1, 2048), "at most 1024 wide"},
		"width huge":        {field(1, 1<<31), "at most 1024 wide"},
		"no king bucket":    {field(6, 0), "0 king buckets"},
		"33 king buckets":   {field(6, 33), "33 king buckets"},
		"bucket past count": {edit(func(b []byte) { b[8+7*4+5] = 4 }), "bucket 4 of 4"},
		"bucket unused": {edit(func(b []byte) {
			binary.LittleEndian.PutUint32(b[8+6*4:], 5)
		}), "bucket 4 has no square"},
		"wider than its size": {field(1, 512), "wrong size"},
	}
	for name, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
	if _, err := NewNet(384, &l4); err == nil {
		t.Error("NewNet made a net 384 wide")
	}
	if _, err := NewNet(512, nil); err == nil {
		t.Error("NewNet made an unmirrored net 512 wide")
	}
}

// TestQuantisationBounds: the widest net the trainer may write, every
// weight at the trainer's clip (1.98, so 505 in the hidden layer and 127
// in the output layer), on a position of 32 pieces with every
// accumulator unit at its largest: no int16 accumulator wraps, and the
// output, whose every SCReLU unit is then at QA, equals the sum computed
// in int64 from the definition. Both signs, so the sums reach their
// extremes both ways.
func TestQuantisationBounds(t *testing.T) {
	const maxHiddenW = 505 // round(1.98 * QA)
	const maxOutW = 127    // round(1.98 * QB)
	if 32*maxHiddenW+maxHiddenW > 32767 {
		t.Fatal("32 pieces and the bias at the clip overflow int16")
	}
	if maxOutW*QA > 32767 {
		t.Fatal("a clamped activation times the largest output weight overflows int16")
	}
	l, _ := KingLayout(10)
	pos := mustFEN(t, testFENs[0])
	for _, sign := range []int16{1, -1} {
		n, err := NewNet(MaxHidden, &l)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n.FeatureWeights {
			n.FeatureWeights[i] = sign * maxHiddenW
		}
		for i := range n.FeatureBias {
			n.FeatureBias[i] = sign * maxHiddenW
		}
		for i := range n.OutputWeights {
			n.OutputWeights[i] = maxOutW * sign
		}
		acc := alignedInt16(n.Hidden)
		n.refresh(pos, chess.White, acc)
		for _, a := range acc {
			if int(a) != int(sign)*33*maxHiddenW {
				t.Fatalf("sign %d: an accumulator unit is %d, want %d", sign, a, int(sign)*33*maxHiddenW)
			}
		}
		// Every unit clamps to QA (or to 0 for the negative net).
		var sum int64
		for i := range 2 * n.Hidden {
			a := int64(min(max(int(sign)*33*maxHiddenW, 0), QA))
			sum += a * a * int64(n.OutputWeights[i])
		}
		want := int((sum/QA + int64(n.OutputBias[0])) * Scale / (QA * QB))
		for _, s := range []*Stack{NewStack(n)} {
			s.Reset(pos)
			if got := s.Evaluate(pos); got != want {
				t.Errorf("sign %d: the widest net at the clip scores %d, the int64 sum %d", sign, got, want)
			}
		}
		if sign == 1 && want <= 0 {
			t.Errorf("the all-positive net scores %d", want)
		}
	}
}

// TestNoAllocation: a search's pushes, pops and evaluations, refreshes
// from the table among them, allocate nothing, and neither does
// Evaluate from nothing, for every width.
func TestNoAllocation(t *testing.T) {
	for _, net := range testNets(t) {
		pos := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
		s := NewStack(net)
		s.Reset(pos)
		var ml chess.MoveList
		pos.GenerateLegal(&ml)
		allocs := testing.AllocsPerRun(20, func() {
			for _, m := range ml.Moves[:ml.N] {
				s.Push(pos, m)
				pos.MakeMove(m)
				_ = s.Evaluate(pos)
				pos.UnmakeMove(m)
				s.Pop()
			}
			_ = net.Evaluate(pos)
		})
		if allocs != 0 {
			t.Errorf("%d wide: %.1f allocations a run", net.Hidden, allocs)
		}
	}
}

// TestFlatStack: only a net of version 2's architecture runs the flat
// path (its fixed-size views would misread any other).
func TestFlatStack(t *testing.T) {
	if s := NewStack(Random(1)); !s.flat {
		t.Fatal("a version 2 net's stack is not flat")
	}
	one, _ := KingLayout(1)
	for _, shape := range []struct {
		hidden int
		layout [32]uint8
	}{{256, one}, {512, one}} {
		n, err := RandomV3(2, shape.hidden, shape.layout)
		if err != nil {
			t.Fatal(err)
		}
		if s := NewStack(n); s.flat {
			t.Errorf("a version 3 net %d wide is flat", shape.hidden)
		}
	}
}

// TestWidePathPerWidth: each width runs the wide path compiled for its
// own accumulator array (whose bounds and block count are constants), and
// a version 2 net none.
func TestWidePathPerWidth(t *testing.T) {
	if s := NewStack(Random(1)); s.wide != nil {
		t.Errorf("a flat stack has a wide path, %T", s.wide)
	}
	l4, _ := KingLayout(4)
	for _, c := range []struct {
		hidden int
		path   widePath
	}{
		{256, (*wide[[1][block]int16])(nil)},
		{512, (*wide[[2][block]int16])(nil)},
		{768, (*wide[[3][block]int16])(nil)},
		{1024, (*wide[[4][block]int16])(nil)},
	} {
		n, err := RandomV3(4, c.hidden, l4)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprintf("%T", NewStack(n).wide), fmt.Sprintf("%T", c.path); got != want {
			t.Errorf("%d wide: the path is %s, want %s", c.hidden, got, want)
		}
	}
}

// TestWidePathEveryShape plays random games with takebacks, null moves
// and king moves on a net of each width with each king bucket layout,
// lazy and eager, and holds every score of the wide path to the score
// from nothing (Net.Evaluate, which shares none of its code: no view, no
// slot kept from ply to ply, no refresh table).
func TestWidePathEveryShape(t *testing.T) {
	for _, hidden := range []int{256, 512, 768, 1024} {
		for _, buckets := range []int{1, 4, 8, 10} {
			layout, _ := KingLayout(buckets)
			net, err := RandomV3(uint64(hidden+buckets), hidden, layout)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(hidden), uint64(buckets)))
			s := NewStack(net)
			checked := 0
			for game, fen := range testFENs {
				pos := mustFEN(t, fen)
				s.SetEager(game%2 == 1)
				s.Reset(pos)
				var line []chess.Move // 0 for a null move
				for range 120 {
					over, tookBack := randomStep(r, s, pos, &line, 2)
					if over {
						break
					}
					if tookBack {
						continue
					}
					if r.IntN(2) == 0 {
						if got, want := s.Evaluate(pos), net.Evaluate(pos); got != want {
							t.Fatalf("%d wide, %d buckets: %s: stack %d, from nothing %d", hidden, buckets, pos.FEN(), got, want)
						}
						checked++
					}
				}
			}
			if checked < 200 || s.refreshes < 10 {
				t.Errorf("%d wide, %d buckets: %d positions checked, %d refreshes", hidden, buckets, checked, s.refreshes)
			}
		}
	}
}

// TestBoardsAt: the pieces boardsAt gives for each ply of a random line,
// taken back from the last position or made from the one before (an
// eager Push), are those of that ply's position, in lines with captures,
// promotions, en passant, castling, and Chess960 castling by a king that
// stays on its square.
func TestBoardsAt(t *testing.T) {
	l4, _ := KingLayout(4)
	net, err := RandomV3(9, 256, l4)
	if err != nil {
		t.Fatal(err)
	}
	piecesOf := func(pos *chess.Position) (b boards) {
		for k := range b {
			b[k] = pos.Pieces(boardPieces[k].Color(), boardPieces[k].Type())
		}
		return b
	}
	r := rand.New(rand.NewPCG(5, 6))
	stayed := 0
	for _, fen := range append(testFENs, "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1") {
		pos := mustFEN(t, fen)
		s := NewStack(net)
		s.Reset(pos)
		want := []boards{piecesOf(pos)}
		for range 80 {
			var ml chess.MoveList
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			// Castling when it can, a king that stays on its square first.
			m := ml.Moves[r.IntN(ml.N)]
			for _, c := range ml.Moves[:ml.N] {
				if c.Kind() != chess.Castling || m.Kind() == chess.Castling && r.IntN(2) == 0 {
					continue
				}
				m = c
				if kingTo, _ := chess.CastleTargets(pos.SideToMove(), c.To() > c.From()); kingTo == c.From() {
					stayed++
					break
				}
			}
			s.Push(pos, m)
			made := s.boardsAt(pos, s.top-1, s.top)
			pos.MakeMove(m)
			want = append(want, piecesOf(pos))
			if made != want[s.top] {
				t.Fatalf("%s: after %v, the pieces made from the ply before differ", fen, m)
			}
			for i := range want {
				if got := s.boardsAt(pos, s.top, i); got != want[i] {
					t.Fatalf("%s: ply %d of %d: the pieces taken back differ", fen, i, s.top)
				}
			}
		}
	}
	if stayed == 0 {
		t.Error("no king castled without moving")
	}
}

// randomStep plays one step of a random line on pos and s, as the stack
// tests walk: a takeback (one in five, or when no move is legal or the
// stack is full), a null move (one in twelve out of check), or a random
// legal move, a king move favoured by up to kingRedraws redraws of a
// move that is not one (king moves change bucket and refresh). line holds
// the moves made, 0 for a null move. over: the line is empty and no move
// is legal.
func randomStep(r *rand.Rand, s *Stack, pos *chess.Position, line *[]chess.Move, kingRedraws int) (over, tookBack bool) {
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	switch {
	case len(*line) > 0 && (r.IntN(5) == 0 || ml.N == 0 || len(*line) >= MaxDepth):
		last := (*line)[len(*line)-1]
		*line = (*line)[:len(*line)-1]
		if last == 0 {
			pos.UnmakeNullMove()
		} else {
			pos.UnmakeMove(last)
		}
		s.Pop()
		return false, true
	case ml.N == 0:
		return true, false
	case !pos.InCheck() && r.IntN(12) == 0:
		s.PushNull()
		pos.MakeNullMove()
		*line = append(*line, 0)
	default:
		m := ml.Moves[r.IntN(ml.N)]
		for range kingRedraws {
			if pos.PieceOn(m.From()).Type() == chess.King {
				break
			}
			m = ml.Moves[r.IntN(ml.N)]
		}
		s.Push(pos, m)
		pos.MakeMove(m)
		*line = append(*line, m)
	}
	return false, false
}
