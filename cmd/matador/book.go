//go:build !js

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"matador/internal/book"
	"matador/internal/chess"
	"matador/internal/pgn"
	"matador/internal/toolio"
)

const bookUsage = `usage:
  matador book probe -book FILE [FEN]                          the book's moves and weights for a position (default: the start)
  matador book make -pgn FILE -o FILE [-max-ply N] [-min-game N]  a Polyglot book from the games of a PGN file`

// runBook runs "matador book probe" and "matador book make".
func runBook(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, bookUsage)
		return 2
	}
	switch args[0] {
	case "probe":
		return runBookProbe(args[1:], stdout, stderr)
	case "make":
		return runBookMake(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprintln(stdout, bookUsage)
		return 0
	}
	fmt.Fprintf(stderr, "matador book: unknown command %q\n%s\n", args[0], bookUsage)
	return 2
}

func runBookProbe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("book", "", "the Polyglot book (.bin)")
	// The FEN's words may come before or after -book.
	words, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *path == "" {
		fmt.Fprintln(stderr, "matador book probe: -book FILE is required")
		return 2
	}
	fen := strings.Join(words, " ")
	if fen == "" || fen == "startpos" {
		fen = chess.StartFEN
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		fmt.Fprintln(stderr, "matador book probe: bad FEN:", err)
		return 2
	}
	b, err := book.Open(*path)
	if err != nil {
		fmt.Fprintln(stderr, "matador book probe:", err)
		return 1
	}
	defer b.Close()
	moves, err := b.Moves(pos)
	if err != nil {
		fmt.Fprintln(stderr, "matador book probe:", err)
		return 1
	}
	key := book.Key(pos)
	if len(moves) == 0 {
		fmt.Fprintf(stdout, "%s\nkey %016x: not in the book (%d entries)\n", pos.FEN(), key, b.Len())
		return 0
	}
	var total uint64
	for _, bm := range moves {
		total += uint64(bm.Weight)
	}
	fmt.Fprintf(stdout, "%s\nkey %016x: %d book moves, total weight %d\n", pos.FEN(), key, len(moves), total)
	fmt.Fprintf(stdout, "%-6s %-8s %6s %7s %s\n", "move", "san", "weight", "share", "learn")
	for _, bm := range moves {
		share := 0.0
		if total > 0 {
			share = 100 * float64(bm.Weight) / float64(total)
		}
		fmt.Fprintf(stdout, "%-6s %-8s %6d %6.1f%% %d\n", pos.UCI(bm.Move), pos.SAN(bm.Move), bm.Weight, share, bm.Learn)
	}
	return 0
}

func runBookMake(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book make", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pgnPath := fs.String("pgn", "", "the games (PGN)")
	out := fs.String("o", "", "the book to write (.bin)")
	maxPly := fs.Int("max-ply", book.DefaultMaxPly, "plies of each game taken into the book")
	minGames := fs.Int("min-game", book.DefaultMinGames, "games a move must have been played in")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "matador book make: unexpected arguments %q\n", fs.Args())
		return 2
	case *pgnPath == "" || *out == "":
		fmt.Fprintln(stderr, "matador book make: -pgn FILE and -o FILE are required")
		return 2
	case *maxPly < 1:
		fmt.Fprintf(stderr, "matador book make: -max-ply must be at least 1, got %d\n", *maxPly)
		return 2
	case *minGames < 1:
		fmt.Fprintf(stderr, "matador book make: -min-game must be at least 1, got %d\n", *minGames)
		return 2
	}
	if msg := bookOutputRefused(*out, *pgnPath); msg != "" {
		fmt.Fprintln(stderr, "matador book make:", msg)
		return 2
	}
	// A book that cannot be written is refused before the games are read:
	// reading a large PGN takes minutes, and the write would fail only after.
	if err := toolio.CheckOutput(*out); err != nil {
		fmt.Fprintln(stderr, "matador book make: -o", err)
		return 2
	}
	f, err := toolio.OpenInput(*pgnPath)
	if err != nil {
		fmt.Fprintln(stderr, "matador book make: -pgn", err)
		return 1
	}
	defer f.Close()
	bld := book.NewBuilder()
	bld.MaxPly, bld.MinGames = *maxPly, *minGames
	r := pgn.NewReader(f)
	games, skipped := 0, 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if errors.As(err, &perr) {
			// Polyglot stops at a bad game; one bad game among thousands
			// should not cost the book, so it is left out and reported.
			fmt.Fprintf(stderr, "matador book make: %s: %v; game left out\n", *pgnPath, err)
			skipped++
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "matador book make: %s: %v\n", *pgnPath, err)
			return 1
		}
		start, err := g.StartPosition()
		if err != nil {
			fmt.Fprintf(stderr, "matador book make: %s: game %d: %v; game left out\n", *pgnPath, games+skipped+1, err)
			skipped++
			continue
		}
		bld.AddGame(start, g.Moves, g.Result)
		games++
	}
	entries := bld.Entries()
	if len(entries) == 0 {
		// An empty file is no Polyglot book: BookFile would refuse it.
		fmt.Fprintf(stderr, "matador book make: no book entries (%d games read, no move played in at least %d of them); nothing written to %s\n",
			games, *minGames, *out)
		return 1
	}
	if err := writeFileAtomic(*out, func(w io.Writer) error {
		_, err := book.WriteEntries(w, entries)
		return err
	}); err != nil {
		fmt.Fprintln(stderr, "matador book make:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d games read (%d left out), %d book entries written to %s\n", games, skipped, len(entries), *out)
	if skipped > 0 {
		return 1
	}
	return 0
}

// bookOutputRefused says why the book must not be written to out ("" when
// it may): out is the PGN being read, or a file that is not a Polyglot
// book, which the tool did not write and must not destroy. An empty file
// holds nothing to lose.
func bookOutputRefused(out, pgnPath string) string {
	fo, err := os.Stat(out)
	if err != nil {
		return "" // a new file (or one the write will fail to create)
	}
	if fp, err := os.Stat(pgnPath); err == nil && os.SameFile(fo, fp) {
		return fmt.Sprintf("-o %s is the -pgn file; give another name for the book", out)
	}
	if fo.Mode().IsRegular() && fo.Size() == 0 {
		return ""
	}
	if !fo.Mode().IsRegular() {
		return fmt.Sprintf("-o %s is not a Polyglot book (not a regular file); refusing to overwrite it", out)
	}
	b, err := book.Open(out)
	if err != nil || looksLikeText(out) {
		return fmt.Sprintf("-o %s is not a Polyglot book; refusing to overwrite it", out)
	}
	b.Close()
	return ""
}

// looksLikeText tells whether a file begins as text does: valid UTF-8
// without a NUL byte. A short text can pass for a Polyglot book (a
// multiple of 16 bytes, its samples in order); a book has NUL bytes in
// nearly every entry, its learn field being almost always zero.
func looksLikeText(path string) bool {
	f, err := toolio.OpenRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	return n > 0 && utf8.Valid(head) && !bytes.Contains(head, []byte{0})
}

// writeFileAtomic writes a file through a temporary one in the same
// directory, so that a book being replaced is never seen half written.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := write(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
