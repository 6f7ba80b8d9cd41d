package datagen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"matador/internal/chess"
	"matador/internal/pgn"
	"matador/internal/search"
)

// GenFensRequest is OpenBench's DATAGEN request, "genfens N seed S book
// <file|None> [extra]" (AndyGrant/OpenBench issue 188, pull request 200):
// N opening positions from seed S, from the book's lines or, without a
// book, from the start position.
type GenFensRequest struct {
	Count int
	Seed  uint64
	Book  string // "" for none
}

// MaxGenFens bounds one request: OpenBench asks for a workload's
// openings, thousands, and a typo of a few more digits must not run for
// days.
const MaxGenFens = 10_000_000

// ParseGenFens reads the request from its words.
func ParseGenFens(words []string) (GenFensRequest, error) {
	var req GenFensRequest
	if len(words) < 6 || words[0] != "genfens" || words[2] != "seed" || words[4] != "book" {
		return req, errors.New(`genfens needs "genfens N seed S book <file|None>"`)
	}
	n, err := strconv.Atoi(words[1])
	if err != nil || n < 1 || n > MaxGenFens {
		return req, fmt.Errorf("genfens: N must be a number from 1 to %d, got %q", MaxGenFens, words[1])
	}
	seed, err := strconv.ParseUint(words[3], 10, 64)
	if err != nil {
		// OpenBench's seeds are non-negative, but a signed one is read as
		// its bits rather than refused.
		s, err2 := strconv.ParseInt(words[3], 10, 64)
		if err2 != nil {
			return req, fmt.Errorf("genfens: the seed must be an integer, got %q", words[3])
		}
		seed = uint64(s)
	}
	req.Count, req.Seed = n, seed
	if b := words[5]; !strings.EqualFold(b, "none") {
		req.Book = b
	}
	return req, nil
}

// GenFens settings: the random plies from the start position and after a
// book line (Renegade's and Horsie's 8-9, fewer after a book that has
// played its own), and the balance a position must keep in a short search.
const (
	genFensPliesStart = 8
	genFensPliesBook  = 2
	genFensNodes      = 2000
	genFensMaxScore   = 300
)

// GenFens writes req.Count positions to emit, each the start (a random
// book line, or the start position) and a few random legal plies (8 or 9
// from the start position), kept when the game goes on, the side to move
// is not in check, and a search of a few thousand nodes finds it within
// 3.00 of level. The same request always gives the same positions.
func GenFens(req GenFensRequest, book []string, emit func(fen string)) error {
	s := search.NewSearcher(16)
	var ml chess.MoveList
	found := 0
	for n := uint64(0); found < req.Count; n++ {
		if n > uint64(req.Count)*1000+1000 {
			return fmt.Errorf("genfens: only %d balanced positions in %d tries", found, n)
		}
		r := rng(req.Seed, n)
		start, plies := chess.StartFEN, genFensPliesStart+r.IntN(2)
		if len(book) > 0 {
			start, plies = book[r.IntN(len(book))], genFensPliesBook+r.IntN(2)
		}
		pos, err := chess.ParseFEN(start)
		if err != nil {
			return fmt.Errorf("genfens: book position %q: %w", start, err)
		}
		for i := 0; i < plies; i++ {
			ml.N = 0
			pos.GenerateLegal(&ml)
			if ml.N == 0 {
				break
			}
			pos.MakeMove(ml.Moves[r.IntN(ml.N)])
		}
		if pgn.OutcomeOf(pos).Over() || pos.InCheck() {
			continue
		}
		s.NewGame()
		res := s.Search(pos, search.Limits{Nodes: genFensNodes}, search.Options{MultiPV: 1}, search.Reporter{})
		if abs(res.Score) > genFensMaxScore {
			continue
		}
		emit(pos.FEN())
		found++
	}
	return nil
}
