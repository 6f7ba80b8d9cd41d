// Command tbconvert plays tablebase endings between Matador (with the Syzygy
// tables) and Stockfish (without them) to measure how it converts:
// won positions from reference.txt with Matador on the winning side, and
// drawn positions with Matador on the weaker side. Both engines are driven
// by UCI through pipes; a third engine process (Stockfish, used only for
// its "d" and "go perft 1") referees: it gives the FEN, the checkers and
// the legal moves after every move. The DTZ-optimal figure of each won
// position is the length of the game both sides play by the tables'
// first-ranked move ("matador tb probe").
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"matador/internal/chess"
)

func main() {
	matador := flag.String("matador", "./matador", "the Matador binary")
	stockfish := flag.String("stockfish", "/usr/games/stockfish", "the Stockfish binary (defender and referee)")
	syzygy := flag.String("syzygy", "../shared/data/syzygy", "the Syzygy tables, with reference.txt")
	reference := flag.String("reference", "", "the positions (default: reference.txt in -syzygy)")
	wins := flag.Int("wins", 200, "won positions to play")
	hard := flag.Int("hard", 100, "of the won positions, how many from the hard tables (-hard-tables)")
	hardTables := flag.String("hard-tables", "KBNvK,KRvKB,KQvKR,KRPvK,KRvKN,KQvKP,KRvKP,KBBvK", "the hard tables")
	draws := flag.Int("draws", 100, "drawn positions to play")
	drawEqual := flag.Bool("draw-equal", false, "also draw drawn positions of equal material (either side then counts as the weaker)")
	movetime := flag.Int("movetime", 100, "milliseconds a move for both engines (go movetime)")
	seed := flag.Int64("seed", 1, "the random draw of the positions")
	limit := flag.Int("limit", 0, "play only the first N positions of the draw (a smoke test)")
	jobs := flag.Int("jobs", 1, "games at once")
	out := flag.String("out", "", "write one line per game here (game, result, moves)")
	flag.Parse()
	if err := flagError(flag.CommandLine); err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		os.Exit(2)
	}
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "convert: unexpected argument %q (every setting is a flag)\n", flag.Arg(0))
		os.Exit(2)
	}
	if *reference == "" {
		*reference = *syzygy + "/reference.txt"
	}

	tasks, err := drawPositions(*reference, *wins, *hard, strings.Split(*hardTables, ","), *draws, *drawEqual, *seed)
	if err != nil {
		fail(err)
	}
	if *limit > 0 && *limit < len(tasks) {
		// Keep both kinds in a short run: alternate wins and draws.
		tasks = interleave(tasks)[:*limit]
	}
	cfg := config{matador: *matador, stockfish: *stockfish, syzygy: *syzygy, movetime: *movetime}
	var log io.Writer = io.Discard
	if *out != "" {
		// Never over a file: a log of games is the record of a run.
		f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			fail(fmt.Errorf("-out: %w (give a new file name)", err))
		}
		defer f.Close()
		log = f
	}

	results := make([]result, len(tasks))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	start := time.Now()
	for range *jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := newPlayers(cfg)
			if err != nil {
				fail(err)
			}
			defer p.close()
			for i := range next {
				r := p.play(tasks[i])
				mu.Lock()
				results[i] = r
				done++
				fmt.Printf("%3d/%d %s\n", done, len(tasks), r.summary())
				fmt.Fprintln(log, r.record())
				mu.Unlock()
			}
		}()
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	report(results, time.Since(start))
}

// flagError names the first count or time below its least value: a
// negative count would be read as none (or as no limit), and the run would
// measure something else than it says.
func flagError(fs *flag.FlagSet) error {
	least := map[string]int{"wins": 0, "hard": 0, "draws": 0, "movetime": 1, "limit": 0, "jobs": 1}
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		min, ok := least[f.Name]
		if v := f.Value.(flag.Getter).Get(); ok && err == nil && v.(int) < min {
			err = fmt.Errorf("-%s must be at least %d, got %v", f.Name, min, v)
		}
	})
	return err
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "convert:", err)
	os.Exit(1)
}

// task is one position to play.
type task struct {
	fen   string
	table string
	won   bool // a won position, Matador to move; else drawn, Matador the weaker side
	// matadorWhite: Matador plays White.
	matadorWhite bool
	dtz          int // the tables' DTZ of the position (reference.txt)
}

// drawPositions reads reference.txt and draws the won and drawn positions.
func drawPositions(path string, wins, hard int, hardTables []string, draws int, drawEqual bool, seed int64) ([]task, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var won, drawn []task
	hardWon := map[string][]task{}
	isHard := map[string]bool{}
	for _, t := range hardTables {
		isHard[strings.TrimSpace(t)] = true
	}
	sc := bufio.NewScanner(f)
	// Every line is read as a position: a file that is not reference.txt
	// (or a line of one cut short) must stop the run, not index a FEN's
	// missing fields or yield a report of no games.
	lines := 0
	for sc.Scan() {
		lines++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		fen, wdl, dtz, err := referenceLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %v", path, lines, err)
		}
		white, black := material(fen)
		table := tableName(white, black)
		whiteToMove := strings.Fields(fen)[1] == "w"
		switch wdl {
		case 2:
			t := task{fen: fen, table: table, won: true, matadorWhite: whiteToMove, dtz: dtz}
			won = append(won, t)
			if isHard[table] {
				hardWon[table] = append(hardWon[table], t)
			}
		case 0:
			equal := value(white) == value(black)
			if equal && !drawEqual {
				continue
			}
			// The weaker side: less material; with equal material the side
			// not to move (so that Stockfish, the other side, starts).
			matadorWhite := value(white) < value(black)
			if equal {
				matadorWhite = !whiteToMove
			}
			drawn = append(drawn, task{fen: fen, table: table, matadorWhite: matadorWhite, dtz: dtz})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s line %d: %v", path, lines+1, err)
	}
	if len(won)+len(drawn) == 0 {
		return nil, fmt.Errorf("%s: no won or drawn position to play", path)
	}
	rng := rand.New(rand.NewSource(seed))
	var tasks []task
	// The hard tables in turn, each position drawn at random, until hard
	// positions are chosen or the tables run out.
	var names []string
	for name := range hardWon {
		names = append(names, name)
	}
	// Shuffled in the names' order, so that one seed draws one set.
	sort.Strings(names)
	for _, name := range names {
		rng.Shuffle(len(hardWon[name]), func(i, j int) { hardWon[name][i], hardWon[name][j] = hardWon[name][j], hardWon[name][i] })
	}
	chosen := map[string]bool{}
	for len(tasks) < hard {
		added := false
		for _, name := range names {
			if len(tasks) < hard && len(hardWon[name]) > 0 {
				t := hardWon[name][0]
				hardWon[name] = hardWon[name][1:]
				tasks = append(tasks, t)
				chosen[t.fen] = true
				added = true
			}
		}
		if !added {
			break
		}
	}
	rng.Shuffle(len(won), func(i, j int) { won[i], won[j] = won[j], won[i] })
	for _, t := range won {
		if len(tasks) >= wins {
			break
		}
		if !chosen[t.fen] {
			tasks = append(tasks, t)
			chosen[t.fen] = true
		}
	}
	rng.Shuffle(len(drawn), func(i, j int) { drawn[i], drawn[j] = drawn[j], drawn[i] })
	if len(drawn) > draws {
		drawn = drawn[:draws]
	}
	return append(tasks, drawn...), nil
}

// referenceLine reads a line of reference.txt, "FEN ; wdl N ; dtz N".
func referenceLine(line string) (fen string, wdl, dtz int, err error) {
	fields := strings.Split(line, ";")
	if len(fields) != 3 {
		return "", 0, 0, errors.New(`not "FEN ; wdl N ; dtz N"`)
	}
	fen = strings.TrimSpace(fields[0])
	if _, err := chess.ParseFEN(fen); err != nil {
		return "", 0, 0, err
	}
	var extra string
	if n, _ := fmt.Sscanf(strings.TrimSpace(fields[1]), "wdl %d %s", &wdl, &extra); n != 1 || wdl < -2 || wdl > 2 {
		return "", 0, 0, fmt.Errorf("%q is not wdl -2 to 2", strings.TrimSpace(fields[1]))
	}
	if n, _ := fmt.Sscanf(strings.TrimSpace(fields[2]), "dtz %d %s", &dtz, &extra); n != 1 {
		return "", 0, 0, fmt.Errorf("%q is not dtz N", strings.TrimSpace(fields[2]))
	}
	return fen, wdl, dtz, nil
}

// interleave alternates won and drawn tasks.
func interleave(tasks []task) []task {
	var won, drawn, out []task
	for _, t := range tasks {
		if t.won {
			won = append(won, t)
		} else {
			drawn = append(drawn, t)
		}
	}
	for len(won) > 0 || len(drawn) > 0 {
		if len(won) > 0 {
			out, won = append(out, won[0]), won[1:]
		}
		if len(drawn) > 0 {
			out, drawn = append(out, drawn[0]), drawn[1:]
		}
	}
	return out
}

// material returns each side's pieces other than the king, as letters.
func material(fen string) (white, black string) {
	for _, c := range strings.Fields(fen)[0] {
		switch {
		case strings.ContainsRune("QRBNP", c):
			white += string(c)
		case strings.ContainsRune("qrbnp", c):
			black += strings.ToUpper(string(c))
		}
	}
	return sortPieces(white), sortPieces(black)
}

func sortPieces(s string) string {
	order := "QRBNP"
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return strings.IndexByte(order, b[i]) < strings.IndexByte(order, b[j]) })
	return string(b)
}

func value(pieces string) int {
	v := 0
	for _, c := range pieces {
		v += map[rune]int{'Q': 9, 'R': 5, 'B': 3, 'N': 3, 'P': 1}[c]
	}
	return v
}

// tableName names the material as the tables do, the stronger side first
// (more pieces, then the more valuable).
func tableName(white, black string) string {
	stronger := func(a, b string) bool {
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		for i := range a {
			if a[i] != b[i] {
				return strings.IndexByte("QRBNP", a[i]) < strings.IndexByte("QRBNP", b[i])
			}
		}
		return true
	}
	if stronger(white, black) {
		return "K" + white + "vK" + black
	}
	return "K" + black + "vK" + white
}

type config struct {
	matador, stockfish, syzygy string
	movetime                   int
}

// players are the engines of one worker: Matador, Stockfish and the
// referee.
type players struct {
	cfg       config
	matador   *engine
	stockfish *engine
	referee   *engine
}

func newPlayers(cfg config) (*players, error) {
	p := &players{cfg: cfg}
	var err error
	if p.matador, err = startEngine("matador", cfg.matador); err != nil {
		return nil, err
	}
	if p.stockfish, err = startEngine("stockfish", cfg.stockfish); err != nil {
		return nil, err
	}
	if p.referee, err = startEngine("referee", cfg.stockfish); err != nil {
		return nil, err
	}
	p.matador.send("setoption name SyzygyPath value " + cfg.syzygy)
	line, _, err := p.matador.until("info string ", 10*time.Second)
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(line, "info string Found ") {
		return nil, fmt.Errorf("matador: SyzygyPath %s: %s", cfg.syzygy, line)
	}
	fmt.Fprintln(os.Stderr, "matador:", line)
	for _, e := range []*engine{p.matador, p.stockfish, p.referee} {
		if err := e.ready(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (p *players) close() {
	for _, e := range []*engine{p.matador, p.stockfish, p.referee} {
		e.close()
	}
}

// result is one game.
type result struct {
	task   task
	winner string // "matador", "stockfish" or "" for a draw
	reason string // mate, stalemate, fifty-move rule, repetition, dead position, ply limit, error: ...
	plies  int
	// matadorMoves: moves Matador made; optimal: the winner's moves to
	// mate when both sides play the tables' best moves (won tasks).
	matadorMoves int
	optimal      int
	moves        []string
}

func (r result) ok() bool {
	if r.task.won {
		return r.winner == "matador"
	}
	return r.winner != "stockfish" && !strings.HasPrefix(r.reason, "error")
}

func (r result) summary() string {
	kind, verdict := "draw", "held"
	if r.task.won {
		kind, verdict = "win ", "converted"
	}
	if !r.ok() {
		verdict = "FAILED"
	}
	s := fmt.Sprintf("%s %-7s %-9s %-16s %3d plies", kind, r.task.table, verdict, r.reason, r.plies)
	if r.task.won {
		s += fmt.Sprintf(", %d moves (DTZ-optimal %d)", r.matadorMoves, r.optimal)
	}
	return s + "  " + r.task.fen
}

func (r result) record() string {
	kind := "draw"
	if r.task.won {
		kind = "win"
	}
	return fmt.Sprintf("%s|%s|%s|%s|%s|%d|%d|%d|%s", kind, r.task.table, r.task.fen, r.winner, r.reason, r.plies,
		r.matadorMoves, r.optimal, strings.Join(r.moves, " "))
}

// maxPlies ends a game that neither rule ends (it cannot happen with the
// fifty-move rule; a guard).
const maxPlies = 1000

// play plays one task to its end.
func (p *players) play(t task) result {
	r := result{task: t}
	if t.won {
		opt, err := p.optimalLength(t.fen)
		if err != nil {
			r.reason = "error: " + err.Error()
			return r
		}
		r.optimal = opt
	}
	p.matador.send("ucinewgame")
	p.stockfish.send("ucinewgame")
	if err := p.matador.ready(); err != nil {
		r.reason = "error: " + err.Error()
		return r
	}
	if err := p.stockfish.ready(); err != nil {
		r.reason = "error: " + err.Error()
		return r
	}
	seen := map[string]int{}
	st, err := p.state(t.fen, nil)
	if err != nil {
		r.reason = "error: " + err.Error()
		return r
	}
	seen[st.key()]++
	for {
		if over, winner, reason := st.over(seen); over {
			r.reason = reason
			switch winner {
			case "w":
				r.winner = side(t.matadorWhite)
			case "b":
				r.winner = side(!t.matadorWhite)
			}
			return r
		}
		if r.plies >= maxPlies {
			r.reason = "ply limit"
			return r
		}
		mover := p.stockfish
		matadorToMove := st.whiteToMove == t.matadorWhite
		if matadorToMove {
			mover = p.matador
		}
		pos := "position fen " + t.fen
		if len(r.moves) > 0 {
			pos += " moves " + strings.Join(r.moves, " ")
		}
		mover.send(pos)
		mover.send(fmt.Sprintf("go movetime %d", p.cfg.movetime))
		line, _, err := mover.until("bestmove ", time.Duration(p.cfg.movetime)*time.Millisecond+30*time.Second)
		if err != nil {
			r.reason = "error: " + err.Error()
			return r
		}
		move := strings.Fields(line)[1]
		if !contains(st.legal, move) {
			r.reason = fmt.Sprintf("error: %s played the illegal %s in %s", mover.name, move, st.fen)
			if matadorToMove {
				r.winner = "stockfish"
			} else {
				r.winner = "matador"
			}
			return r
		}
		r.moves = append(r.moves, move)
		r.plies++
		if matadorToMove {
			r.matadorMoves++
		}
		if st, err = p.state(t.fen, r.moves); err != nil {
			r.reason = "error: " + err.Error()
			return r
		}
		seen[st.key()]++
	}
}

// side names the engine playing a colour, given whether Matador is it.
func side(matador bool) string {
	if matador {
		return "matador"
	}
	return "stockfish"
}

// optimalLength is the winner's number of moves to mate when both sides
// play the move the tables rank first ("matador tb probe").
func (p *players) optimalLength(fen string) (int, error) {
	var moves []string
	st, err := p.state(fen, nil)
	if err != nil {
		return 0, err
	}
	winnerWhite := st.whiteToMove
	winnerMoves := 0
	for len(moves) < maxPlies {
		if len(st.legal) == 0 {
			if st.inCheck && st.whiteToMove != winnerWhite {
				return winnerMoves, nil
			}
			return 0, fmt.Errorf("DTZ-optimal line from %s ended without mate at %s", fen, st.fen)
		}
		best, err := p.tablesBest(st.fen)
		if err != nil {
			return 0, err
		}
		if st.whiteToMove == winnerWhite {
			winnerMoves++
		}
		moves = append(moves, best)
		if st, err = p.state(fen, moves); err != nil {
			return 0, err
		}
	}
	return 0, fmt.Errorf("DTZ-optimal line from %s longer than %d plies", fen, maxPlies)
}

// tablesBest is the first move "matador tb probe" lists.
func (p *players) tablesBest(fen string) (string, error) {
	args := append([]string{"tb", "probe", "-path", p.cfg.syzygy}, strings.Fields(fen)...)
	out, err := exec.Command(p.cfg.matador, args...).Output()
	if err != nil {
		return "", fmt.Errorf("matador tb probe %s: %v", fen, err)
	}
	lines := strings.Split(string(out), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "move ") && i+1 < len(lines) {
			if f := strings.Fields(lines[i+1]); len(f) >= 2 {
				return f[1], nil
			}
		}
	}
	return "", fmt.Errorf("matador tb probe %s: no move in %q", fen, out)
}

// state is a position as the referee sees it.
type state struct {
	fen         string
	whiteToMove bool
	inCheck     bool
	legal       []string
	halfmoves   int
}

// key identifies the position for repetitions: placement, side, castling,
// en passant.
func (s state) key() string {
	return strings.Join(strings.Fields(s.fen)[:4], " ")
}

// over says whether the game has ended, the winner ("w", "b" or "") and why.
func (s state) over(seen map[string]int) (bool, string, string) {
	switch {
	case len(s.legal) == 0 && s.inCheck:
		if s.whiteToMove {
			return true, "b", "mate"
		}
		return true, "w", "mate"
	case len(s.legal) == 0:
		return true, "", "stalemate"
	case s.halfmoves >= 100:
		return true, "", "fifty-move rule"
	case seen[s.key()] >= 3:
		return true, "", "repetition"
	}
	white, black := material(s.fen)
	if white+black == "" || white+black == "B" || white+black == "N" {
		return true, "", "dead position"
	}
	return false, "", ""
}

// state asks the referee for the position after moves from fen.
func (p *players) state(fen string, moves []string) (state, error) {
	ref := p.referee
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	ref.send(pos)
	ref.send("d")
	line, before, err := ref.until("Checkers:", 10*time.Second)
	if err != nil {
		return state{}, err
	}
	var st state
	for _, l := range before {
		if strings.HasPrefix(l, "Fen: ") {
			st.fen = strings.TrimPrefix(l, "Fen: ")
		}
	}
	f := strings.Fields(st.fen)
	if len(f) != 6 {
		return state{}, fmt.Errorf("referee: no FEN for %s", pos)
	}
	st.whiteToMove = f[1] == "w"
	fmt.Sscan(f[4], &st.halfmoves)
	st.inCheck = strings.TrimSpace(strings.TrimPrefix(line, "Checkers:")) != ""
	ref.send("go perft 1")
	_, before, err = ref.until("Nodes searched:", 10*time.Second)
	if err != nil {
		return state{}, err
	}
	for _, l := range before {
		if m, _, ok := strings.Cut(l, ": "); ok && len(m) >= 4 && len(m) <= 5 {
			st.legal = append(st.legal, m)
		}
	}
	return st, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// engine is a UCI engine process.
type engine struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startEngine(name, path string) (*engine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	e := &engine{name: name, cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	e.send("uci")
	if _, _, err := e.until("uciok", 10*time.Second); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *engine) send(line string) {
	io.WriteString(e.in, line+"\n")
}

// until reads lines until one starts with prefix and returns it with the
// lines before it.
func (e *engine) until(prefix string, timeout time.Duration) (string, []string, error) {
	deadline := time.After(timeout)
	var before []string
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return "", before, fmt.Errorf("%s: output ended while waiting for %q", e.name, prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before, nil
			}
			before = append(before, l)
		case <-deadline:
			return "", before, fmt.Errorf("%s: no %q within %v", e.name, prefix, timeout)
		}
	}
}

func (e *engine) ready() error {
	e.send("isready")
	_, _, err := e.until("readyok", 30*time.Second)
	return err
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	done := make(chan error, 1)
	go func() { done <- e.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
	}
}

// report prints the counts.
func report(results []result, took time.Duration) {
	var wins, converted, draws, held int
	var moves, optimal int
	failures := map[string]int{}
	byTable := map[string][2]int{}
	for _, r := range results {
		c := byTable[r.task.table]
		c[1]++
		if r.ok() {
			c[0]++
		}
		byTable[r.task.table] = c
		if r.task.won {
			wins++
			if r.ok() {
				converted++
				moves += r.matadorMoves
				optimal += r.optimal
			} else {
				failures["win not converted: "+r.reason]++
			}
		} else {
			draws++
			if r.ok() {
				held++
			} else {
				failures["draw not held: "+r.reason]++
			}
		}
	}
	fmt.Printf("\n%d games in %v\n", len(results), took.Round(time.Second))
	fmt.Printf("wins converted within the fifty-move rule: %d/%d\n", converted, wins)
	fmt.Printf("draws held: %d/%d\n", held, draws)
	if converted > 0 {
		fmt.Printf("mean moves to mate (Matador's moves, converted wins): %.1f; DTZ-optimal (both sides by the tables): %.1f\n",
			float64(moves)/float64(converted), float64(optimal)/float64(converted))
	}
	var names []string
	for n := range byTable {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Print("by table (good/played):")
	for _, n := range names {
		fmt.Printf(" %s %d/%d", n, byTable[n][0], byTable[n][1])
	}
	fmt.Println()
	for f, n := range failures {
		fmt.Printf("  %d x %s\n", n, f)
	}
	if converted != wins || held != draws {
		os.Exit(1)
	}
}
