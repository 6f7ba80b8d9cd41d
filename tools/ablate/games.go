package main

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Game is what the tool reads of one game of a fastchess PGN: its tags
// and whether its move text ended with its result (a game cut short by a
// kill while fastchess wrote it did not).
type Game struct {
	Tags     map[string]string
	Complete bool
}

func (g Game) tag(name string) string { return g.Tags[name] }

// Round is the pair the game belongs to: fastchess gives both games of an
// opening (-games 2 -repeat) the same Round.
func (g Game) Round() int {
	n, err := strconv.Atoi(g.tag("Round"))
	if err != nil {
		return -1
	}
	return n
}

// Seconds is the game's GameDuration (hh:mm:ss), 0 when absent.
func (g Game) Seconds() float64 {
	f := strings.Split(g.tag("GameDuration"), ":")
	if len(f) != 3 {
		return 0
	}
	total := 0.0
	for _, x := range f {
		v, err := strconv.Atoi(x)
		if err != nil {
			return 0
		}
		total = total*60 + float64(v)
	}
	return total
}

// pointsOf is what the engine named name took from the game: 0, 1 or 2
// half points; ok is false when it did not play or the game has no result.
func (g Game) pointsOf(name string) (halves int, ok bool) {
	white := g.tag("White") == name
	if !white && g.tag("Black") != name {
		return 0, false
	}
	switch g.tag("Result") {
	case "1-0":
		halves = 0
		if white {
			halves = 2
		}
	case "0-1":
		halves = 2
		if white {
			halves = 0
		}
	case "1/2-1/2":
		halves = 1
	default:
		return 0, false
	}
	return halves, true
}

// ReadGames reads every game of a PGN. The last one may be cut short:
// it is returned with Complete false.
func ReadGames(r io.Reader) ([]Game, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var games []Game
	var cur *Game
	var moves strings.Builder
	inComment := false
	finish := func() {
		if cur == nil {
			return
		}
		cur.Complete = endsWithResult(moves.String(), cur.tag("Result"))
		games = append(games, *cur)
		cur = nil
		moves.Reset()
	}
	inMoves := false
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(line)
		if !inComment && strings.HasPrefix(trimmed, "[") {
			if cur == nil || inMoves {
				finish()
				cur = &Game{Tags: map[string]string{}}
				inMoves = false
			}
			if name, value, ok := parseTag(trimmed); ok {
				cur.Tags[name] = value
			}
			continue
		}
		if trimmed == "" || cur == nil {
			continue
		}
		inMoves = true
		for _, c := range trimmed {
			switch {
			case c == '{':
				inComment = true
			case c == '}':
				inComment = false
			}
		}
		moves.WriteString(trimmed)
		moves.WriteByte('\n')
	}
	finish()
	return games, sc.Err()
}

// parseTag reads [Name "value"].
func parseTag(line string) (name, value string, ok bool) {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "["), "]")
	name, rest, found := strings.Cut(line, " ")
	if !found {
		return "", "", false
	}
	v, err := strconv.Unquote(strings.TrimSpace(rest))
	if err != nil {
		return "", "", false
	}
	return name, v, true
}

// endsWithResult: the move text, comments removed, ends with the result
// of the Result tag (not "*").
func endsWithResult(moves, result string) bool {
	if result != "1-0" && result != "0-1" && result != "1/2-1/2" {
		return false
	}
	var b strings.Builder
	depth := 0
	for _, c := range moves {
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(c)
		}
	}
	if depth != 0 {
		return false
	}
	f := strings.Fields(b.String())
	return len(f) > 0 && f[len(f)-1] == result
}

// Tally is a row's count from its games: the pentanomial of the "on"
// side over whole pairs, won-lost-drawn over the games of those pairs,
// every complete game's termination, and game durations for the
// estimate.
type Tally struct {
	Penta        Penta
	W, L, D      int
	Games        int            // games in whole pairs
	Played       int            // complete games, paired or not
	Incomplete   int            // games cut short (a kill)
	Unpaired     int            // complete games whose partner is missing
	Terminations map[string]int // by the Termination tag
	Seconds      float64        // summed GameDuration of complete games
	TimedGames   int
}

func newTally() *Tally { return &Tally{Terminations: map[string]int{}} }

// Abnormal endings counted for the bar: no crash, illegal move or time
// loss in any game.
const (
	termTime    = "time forfeit"
	termIllegal = "illegal move"
	termCrash   = "abandoned"          // fastchess: a disconnect (a crash), or a stall
	termStall   = "stalled connection" // a stall, as other fastchess versions write it
)

// TimeLosses, IllegalMoves and Crashes count the complete games that ended so.
func (t *Tally) TimeLosses() int   { return t.Terminations[termTime] }
func (t *Tally) IllegalMoves() int { return t.Terminations[termIllegal] }
func (t *Tally) Crashes() int {
	return t.Terminations[termCrash] + t.Terminations[termStall]
}

// Add counts the games of one chunk (one fastchess run's PGN; its Round
// numbers are its own). on is the engine name of the technique's side,
// off the other's.
func (t *Tally) Add(games []Game, on, off string) {
	rounds := map[int][]Game{}
	var order []int
	for _, g := range games {
		if !g.Complete {
			t.Incomplete++
			continue
		}
		t.Played++
		term := g.tag("Termination")
		if term == "" {
			term = "unknown"
		}
		t.Terminations[term]++
		if s := g.Seconds(); s > 0 {
			t.Seconds += s
			t.TimedGames++
		}
		r := g.Round()
		if _, seen := rounds[r]; !seen {
			order = append(order, r)
		}
		rounds[r] = append(rounds[r], g)
	}
	slices.Sort(order)
	for _, r := range order {
		pair := rounds[r]
		if r < 0 || len(pair) < 2 {
			t.Unpaired += len(pair)
			continue
		}
		t.Unpaired += len(pair) - 2
		a, b := pair[0], pair[1]
		pa, oka := a.pointsOf(on)
		pb, okb := b.pointsOf(on)
		_, offa := a.pointsOf(off)
		_, offb := b.pointsOf(off)
		if !oka || !okb || !offa || !offb || a.tag("White") == b.tag("White") {
			t.Unpaired += 2
			continue
		}
		t.Penta[pa+pb]++
		t.Games += 2
		for _, p := range []int{pa, pb} {
			switch p {
			case 2:
				t.W++
			case 0:
				t.L++
			default:
				t.D++
			}
		}
	}
}

// SecondsPerGame is the mean GameDuration, 0 when none is known.
func (t *Tally) SecondsPerGame() float64 {
	if t.TimedGames == 0 {
		return 0
	}
	return t.Seconds / float64(t.TimedGames)
}

// chunkGlob names a row's finished chunks; a chunk being played has its
// name with partExt added until fastchess ends.
const (
	chunkGlob = "games-*.pgn"
	partExt   = ".part"
)

func chunkName(i int) string { return fmt.Sprintf("games-%03d.pgn", i) }

// CountRow recounts a row from its chunk files: every finished chunk and
// any chunk a kill left as a .part file (only its whole pairs count).
func CountRow(dir, on, off string) (*Tally, error) {
	chunks, err := countChunks(dir, on, off)
	if err != nil {
		return nil, err
	}
	t := newTally()
	for _, i := range slices.Sorted(maps.Keys(chunks)) {
		t.merge(chunks[i])
	}
	return t, nil
}

// countChunks counts each chunk file of a row alone, by chunk index.
func countChunks(dir, on, off string) (map[int]*Tally, error) {
	files, err := filepath.Glob(filepath.Join(dir, chunkGlob))
	if err != nil {
		return nil, err
	}
	parts, _ := filepath.Glob(filepath.Join(dir, chunkGlob+partExt))
	files = append(files, parts...)
	slices.Sort(files)
	chunks := map[int]*Tally{}
	for _, path := range files {
		i, ok := chunkIndex(path)
		if !ok {
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		games, err := ReadGames(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if chunks[i] == nil {
			chunks[i] = newTally()
		}
		chunks[i].Add(games, on, off)
	}
	return chunks, nil
}

// chunkIndex is the chunk number of a chunk file's name.
func chunkIndex(path string) (int, bool) {
	var i int
	base := strings.TrimSuffix(filepath.Base(path), partExt)
	if _, err := fmt.Sscanf(base, "games-%d.pgn", &i); err != nil || i < 1 || base != chunkName(i) {
		return 0, false
	}
	return i, true
}

// nextChunk is the index of the next chunk to play: one past the highest
// chunk file, finished or left by a kill.
func nextChunk(dir string) int {
	files, _ := filepath.Glob(filepath.Join(dir, "games-*.pgn*"))
	next := 1
	for _, f := range files {
		if i, ok := chunkIndex(f); ok && i >= next {
			next = i + 1
		}
	}
	return next
}
