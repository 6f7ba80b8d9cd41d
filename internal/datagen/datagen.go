// Package datagen plays Matador against itself and writes training
// positions for the evaluation's tuner (internal/tune).
//
// Each game starts from an opening (a line of an EPD or FEN file) and a few
// random plies, then Matador plays both sides at a fixed node budget per
// move, one game per worker goroutine. Games end by the rules, or are
// adjudicated: a win once one side's score has stayed at WinScore or more
// for WinPlies plies in a row, a draw once the score has stayed within
// DrawScore of zero for DrawPlies plies from ply DrawFromPly on, or at
// MaxPlies. Every usable position of a game is kept: after the first
// SkipPlies, not in check, the move played neither a capture nor a
// promotion, the score not a mate. PerGame > 0 caps them, drawn at random.
//
// Every game has a number, and everything random in it (the opening, the
// random plies, the positions kept) comes from the run's seed and that
// number; the search itself is deterministic at a node budget. So a run is
// repeatable, and a run started again on the same file skips the games the
// file already holds and plays the rest: stopping with Ctrl-C and going on
// later loses and duplicates nothing.
//
// The output has one position per line, the tuner's data format with the
// game's number as a fourth field:
//
//	FEN | result | score | game
//
// result is the game's result from White's view (1.0, 0.5, 0.0), score
// the search score of the position in centipawns from White's view, game
// the game's number. All positions of one game are written at once, so a
// file holds whole games, and the tuner can hold out whole games.
//
// A file whose name ends in .bin holds the same positions as binary
// records of package trainbin instead, 36 bytes each (a text line takes
// about 70). A file that exists keeps the format its name gives: a run
// refuses to append text to binary records or the reverse.
package datagen

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/nnue"
	"matador/internal/pgn"
	"matador/internal/search"
	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// Config is one run of the generator.
type Config struct {
	Threads     int    // games played at once, one per goroutine
	Nodes       uint64 // node budget of every move
	HashMB      int    // hash table of each worker
	Seed        uint64
	RandomPlies int // random legal plies played after the opening
	// Openings are start positions (FENs); empty means the start position.
	Openings []string
	// MaxOpeningScore: a game whose first search scores the position
	// beyond this (centipawns) is not played; one side is already winning.
	MaxOpeningScore int

	PerGame   int // positions kept at most from one game (0: all)
	SkipPlies int // plies after the opening (and random plies) never kept

	WinScore    int // adjudicated win: |score| >= WinScore ...
	WinPlies    int // ... for this many plies in a row, same side ahead
	DrawScore   int // adjudicated draw: |score| <= DrawScore ...
	DrawPlies   int // ... for this many plies in a row ...
	DrawFromPly int // ... from this game ply on
	MaxPlies    int // a game this long is scored a draw

	// Net is the evaluation of the games, nil for the classical one: a
	// second round of data is played by the network engine itself.
	Net *nnue.Net

	// Stop conditions: the file holds Positions positions, or Games games
	// have been played in all (0: no limit).
	Positions int
	Games     int
}

// DefaultConfig is the generator's default run.
func DefaultConfig() Config {
	return Config{
		Threads:         1,
		Nodes:           5000,
		HashMB:          16,
		Seed:            1,
		RandomPlies:     4,
		MaxOpeningScore: 400,
		PerGame:         0,
		SkipPlies:       8,
		WinScore:        1000,
		WinPlies:        8,
		DrawScore:       10,
		DrawPlies:       12,
		DrawFromPly:     80,
		MaxPlies:        400,
	}
}

// Position is one kept training position.
type Position struct {
	FEN   string
	Score int // centipawns, White's view
}

// Game is what one game gives the data file.
type Game struct {
	Number    uint64
	Result    string // "1-0", "0-1", "1/2-1/2"; "" for a game not played
	Reason    string
	Plies     int
	Positions []Position
}

// rng gives game number n of a run its own random stream.
func rng(seed, n uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, n^0x9e3779b97f4a7c15))
}

// PlayGame plays game number n of the run with the searcher s (which it
// resets first).
func PlayGame(s *search.Searcher, cfg *Config, n uint64) Game {
	return playGame(context.Background(), s, cfg, n)
}

// errStopped is the Reason of a game cut short because its run was told to
// stop: it is not written, and the run that resumes the file plays it.
const errStopped = "stopped"

// playGame is PlayGame that gives up as soon as ctx is done, with a Game
// without a result. Whoever cancels ctx must also stop s (Run does it with
// context.AfterFunc), so that a search of any node budget ends at once.
func playGame(ctx context.Context, s *search.Searcher, cfg *Config, n uint64) Game {
	r := rng(cfg.Seed, n)
	g := Game{Number: n}
	start := chess.StartFEN
	if len(cfg.Openings) > 0 {
		start = cfg.Openings[r.IntN(len(cfg.Openings))]
	}
	pos, err := chess.ParseFEN(start)
	if err != nil {
		g.Reason = "bad opening: " + err.Error()
		return g
	}
	var ml chess.MoveList
	for i := 0; i < cfg.RandomPlies; i++ {
		ml.N = 0
		pos.GenerateLegal(&ml)
		if ml.N == 0 {
			break
		}
		pos.MakeMove(ml.Moves[r.IntN(ml.N)])
	}
	if pgn.OutcomeOf(pos).Over() {
		g.Reason = "opening ends the game"
		return g
	}

	s.NewGame()
	limits := search.Limits{Nodes: cfg.Nodes}
	opts := search.Options{MultiPV: 1}
	type candidate struct {
		Position
		ply int
	}
	var candidates []candidate
	winRun, drawRun, lastWinner := 0, 0, 0
	for ply := 0; ; ply++ {
		if out := pgn.OutcomeOf(pos); out.Over() {
			g.Result, g.Reason = out.Result, out.Reason
			break
		}
		if ply >= cfg.MaxPlies {
			g.Result, g.Reason = "1/2-1/2", "adjudicated: game too long"
			break
		}
		// Prepared, a search keeps a Stop that comes after this point;
		// one that came before it is seen in ctx.
		s.Prepare(false)
		if ctx.Err() != nil {
			return Game{Number: n, Reason: errStopped}
		}
		res := s.Search(pos, limits, opts, search.Reporter{})
		if ctx.Err() != nil {
			return Game{Number: n, Reason: errStopped}
		}
		white := res.Score
		if pos.SideToMove() == chess.Black {
			white = -white
		}
		if ply == 0 && abs(res.Score) > cfg.MaxOpeningScore {
			g.Reason = "opening too unbalanced"
			return g
		}
		_, mate := search.MateIn(res.Score)
		if ply >= cfg.SkipPlies && !mate && !pos.InCheck() && !noisy(pos, res.Best) {
			candidates = append(candidates, candidate{Position{pos.FEN(), white}, ply})
		}

		if winner := sign(white); abs(white) >= cfg.WinScore && winner == lastWinner {
			winRun++
		} else if abs(white) >= cfg.WinScore {
			winRun, lastWinner = 1, winner
		} else {
			winRun, lastWinner = 0, 0
		}
		if abs(white) <= cfg.DrawScore && pos.GamePly() >= cfg.DrawFromPly {
			drawRun++
		} else {
			drawRun = 0
		}
		if winRun >= cfg.WinPlies {
			g.Result, g.Reason = "1-0", "adjudicated: White wins"
			if lastWinner < 0 {
				g.Result, g.Reason = "0-1", "adjudicated: Black wins"
			}
			g.Plies = ply
			break
		}
		if drawRun >= cfg.DrawPlies {
			g.Result, g.Reason = "1/2-1/2", "adjudicated: draw"
			break
		}
		pos.MakeMove(res.Best)
		g.Plies = ply + 1
	}

	// With a cap, the positions kept are a random choice, written in the
	// game's order.
	if cfg.PerGame > 0 && len(candidates) > cfg.PerGame {
		r.Shuffle(len(candidates), func(i, j int) { candidates[i], candidates[j] = candidates[j], candidates[i] })
		candidates = candidates[:cfg.PerGame]
		slices.SortFunc(candidates, func(a, b candidate) int { return a.ply - b.ply })
	}
	for _, c := range candidates {
		g.Positions = append(g.Positions, c.Position)
	}
	return g
}

// noisy: the move captures or promotes (what the tuner's static evaluation
// cannot judge before the exchange is resolved).
func noisy(pos *chess.Position, m chess.Move) bool {
	if m == chess.NoMove || m.IsPromotion() || m.IsEnPassant() {
		return true
	}
	// Castling is written king-takes-rook: the rook is not a capture.
	return !m.IsCastling() && pos.PieceOn(m.To()) != chess.NoPiece
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// resultLabel is the result field of the data format.
func resultLabel(result string) string {
	switch result {
	case "1-0":
		return "1.0"
	case "0-1":
		return "0.0"
	}
	return "0.5"
}

// Format writes the game's lines of the data file.
func (g *Game) Format() string {
	if g.Result == "" {
		return ""
	}
	var b strings.Builder
	label := resultLabel(g.Result)
	for _, p := range g.Positions {
		fmt.Fprintf(&b, "%s | %s | %d | %d\n", p.FEN, label, p.Score, g.Number)
	}
	return b.String()
}

// AppendRecords writes the game's positions as binary records (package
// trainbin) after dst, as Format writes them as lines.
func (g *Game) AppendRecords(dst []byte) ([]byte, error) {
	if g.Result == "" {
		return dst, nil
	}
	if g.Number >= trainbin.NoGame {
		return dst, fmt.Errorf("game number %d does not fit a binary record", g.Number)
	}
	rec := trainbin.Record{Result: trainbin.Draw, HasScore: true, Game: uint32(g.Number)}
	switch g.Result {
	case "1-0":
		rec.Result = trainbin.WhiteWins
	case "0-1":
		rec.Result = trainbin.BlackWins
	}
	for _, p := range g.Positions {
		pos, err := chess.ParseFEN(p.FEN)
		if err != nil {
			return dst, err
		}
		if rec.Board, err = pos.Pack(); err != nil {
			return dst, err
		}
		if rec.Score, err = trainbin.Score16(p.Score); err != nil {
			return dst, err
		}
		dst = rec.Append(dst)
	}
	return dst, nil
}

// ReadOpenings reads start positions from an EPD or FEN file: the first
// four fields of each line (the board, side, castling and en passant), with
// the move counters when the line has them as fields five and six. Blank
// lines and lines starting with # are skipped.
func ReadOpenings(r io.Reader) ([]string, error) {
	var out []string
	lines := toolio.NewLineReader(r, maxLine)
	for {
		text, _, err := lines.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		n := lines.Line()
		line := strings.TrimSpace(text)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("line %d: not a FEN or EPD position", n)
		}
		fen := strings.Join(f[:4], " ")
		if len(f) >= 6 && isNumber(f[4]) && isNumber(f[5]) {
			fen += " " + f[4] + " " + f[5]
		}
		if _, err := chess.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, fen)
	}
	if len(out) == 0 {
		return nil, errors.New("no positions")
	}
	return out, nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// Existing is what a data file already holds.
type Existing struct {
	Games     map[uint64]bool
	Positions int
	// Size is the length of the file's whole lines or records, after the
	// header of a binary file; anything after it is a line or record cut
	// off when a run was killed, which the next run overwrites.
	Size int64
	// Binary: the file holds binary records (package trainbin).
	Binary bool
}

// maxLine bounds a line of a data or openings file: a FEN with its fields
// takes under 120 bytes, and a reader without a bound would hold all of
// /dev/zero in memory.
const maxLine = 4096

// ScanExisting reads a data file written by the generator, text or binary
// by its content. A missing file holds nothing. Anything that is not
// wholly the generator's is refused, so that a run never appends to, or
// cuts, a file of someone else: every whole line must be a data line with
// its game number, and a last line without its newline (a run killed while
// writing) must look like the start of one. A device, a directory or a
// pipe is refused before it is read.
func ScanExisting(path string) (Existing, error) {
	return scanExisting(context.Background(), path)
}

func scanExisting(ctx context.Context, path string) (Existing, error) {
	ex := Existing{Games: map[uint64]bool{}}
	if err := toolio.CheckRegularIfExists(path); err != nil {
		return ex, err
	}
	f, err := toolio.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return ex, nil
	}
	if err != nil {
		return ex, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	start, _ := br.Peek(trainbin.HeaderSize)
	if trainbin.IsBinary(start) {
		return scanBinary(br, path, ex)
	}
	if len(start) > 0 && len(start) < trainbin.HeaderSize && bytes.HasPrefix(trainbin.Header[:], start) {
		return ex, nil // a run killed while it wrote the header: start again
	}
	if err := trainbin.CheckVersion(start); err != nil {
		return ex, fmt.Errorf("%s: %w", path, err)
	}
	foreign := func(n int, why string) (Existing, error) {
		return ex, fmt.Errorf("%s line %d: %s: not a file of datagen; refusing to append to it (give a new file name)", path, n, why)
	}
	if toolio.HasBOM(start) {
		return foreign(1, "a byte-order mark, which datagen never writes")
	}
	lines := toolio.NewLineReader(br, maxLine)
	for {
		line, complete, err := lines.ReadLine()
		var long *toolio.LineTooLongError
		switch {
		case err == io.EOF:
			return ex, nil
		case errors.As(err, &long):
			return foreign(long.Line, fmt.Sprintf("longer than %d bytes", maxLine))
		case err != nil:
			return ex, fmt.Errorf("%s: %w", path, err)
		}
		n := lines.Line()
		if n%4096 == 0 && ctx.Err() != nil {
			return ex, ctx.Err()
		}
		if !complete {
			// Cut off when a run was killed: the next write replaces it.
			if !startsLikeDataLine(line) {
				return foreign(n, "a last line without its newline that no run of datagen began")
			}
			return ex, nil
		}
		ex.Size = lines.Offset
		field := strings.TrimSpace(line)
		if field == "" || field[0] == '#' {
			continue
		}
		num, ok := gameNumber(field)
		if !ok {
			return foreign(n, "not \"FEN | result | score | game\"")
		}
		ex.Games[num] = true
		ex.Positions++
	}
}

// gameNumber reads the game number of a data line, which must have the
// four fields Format writes.
func gameNumber(line string) (uint64, bool) {
	f := strings.Split(line, "|")
	if len(f) != 4 || !startsLikeDataLine(f[0]) {
		return 0, false
	}
	switch strings.TrimSpace(f[1]) {
	case "1.0", "0.5", "0.0":
	default:
		return 0, false
	}
	if _, err := strconv.Atoi(strings.TrimSpace(f[2])); err != nil {
		return 0, false
	}
	num, err := strconv.ParseUint(strings.TrimSpace(f[3]), 10, 64)
	return num, err == nil
}

// startsLikeDataLine: s begins as a FEN's board does, with nothing but
// the characters of a data line (a cheap test, the file may hold millions
// of lines).
func startsLikeDataLine(s string) bool {
	board, _, _ := strings.Cut(s, " ")
	if board == "" {
		return false
	}
	for i := 0; i < len(board); i++ {
		if !strings.ContainsRune("pnbrqkPNBRQK12345678/", rune(board[i])) {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// scanBinary reads the game numbers of a binary file's records, after the
// header; a last record cut short is not counted.
func scanBinary(br *bufio.Reader, path string, ex Existing) (Existing, error) {
	ex.Binary = true
	if _, err := br.Discard(trainbin.HeaderSize); err != nil {
		return ex, err
	}
	ex.Size = trainbin.HeaderSize
	var rec [trainbin.RecordSize]byte
	for n := 1; ; n++ {
		if _, err := io.ReadFull(br, rec[:]); err == io.EOF || err == io.ErrUnexpectedEOF {
			return ex, nil
		} else if err != nil {
			return ex, err
		}
		num := trainbin.GameOf(rec[:])
		if num == trainbin.NoGame {
			return ex, fmt.Errorf("%s record %d: no game number: not a file of datagen", path, n)
		}
		ex.Size += trainbin.RecordSize
		ex.Games[uint64(num)] = true
		ex.Positions++
	}
}
