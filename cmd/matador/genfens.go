package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"matador/internal/datagen"
	"matador/internal/toolio"
	"matador/internal/trainbin"
)

// runGenFens answers OpenBench's DATAGEN request, given as one argument
// ("genfens N seed S book <file|None>") or as words, possibly followed by
// "quit" as OpenBench sends it: N lines "info string genfens <fen>".
func runGenFens(args []string, stdout, stderr io.Writer) int {
	words := strings.Fields(strings.Join(args, " "))
	if n := len(words); n > 0 && words[n-1] == "quit" {
		words = words[:n-1]
	}
	req, err := datagen.ParseGenFens(words)
	if err != nil {
		fmt.Fprintln(stderr, "matador:", err)
		return 2
	}
	var book []string
	if req.Book != "" {
		f, err := toolio.OpenInput(req.Book)
		if err != nil {
			fmt.Fprintln(stderr, "matador: genfens: book", err)
			return 1
		}
		book, err = datagen.ReadOpenings(io.LimitReader(f, 1<<30))
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "matador: genfens: book %s: %v\n", req.Book, err)
			return 1
		}
	}
	w := bufio.NewWriter(stdout)
	err = datagen.GenFens(req, book, func(fen string) { fmt.Fprintf(w, "info string genfens %s\n", fen) })
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintln(stderr, "matador:", err)
		return 1
	}
	return 0
}

// runPGNBin converts games with engine score comments (fastchess's and
// cutechess's PGNs, OpenBench's DATAGEN uploads) into a new trainbin file.
func runPGNBin(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pgnbin", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the training-data file to write (.bin, must not exist)")
	first := fs.Uint("first-game", 0, "the number of the first game (give each batch of games its own range)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: matador pgnbin -o FILE.bin [-first-game N] GAMES.pgn...")
		fs.PrintDefaults()
	}
	// The flags may come before or after the PGN files, as in analyze and epd.
	games, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" || len(games) == 0 {
		fs.Usage()
		return 2
	}
	if !trainbin.IsBinaryName(*out) {
		fmt.Fprintf(stderr, "matador: pgnbin: %s: the output must be named .bin\n", *out)
		return 2
	}
	if *first >= trainbin.NoGame {
		fmt.Fprintf(stderr, "matador: pgnbin: -first-game must be below %d\n", uint64(trainbin.NoGame))
		return 2
	}
	// Every input is opened before the output is made, and the output is
	// written beside its place and renamed there only when whole.
	var inputs []*os.File
	defer func() {
		for _, f := range inputs {
			f.Close()
		}
	}()
	for _, name := range games {
		f, err := toolio.OpenInput(name)
		if err != nil {
			fmt.Fprintln(stderr, "matador: pgnbin:", err)
			return 1
		}
		inputs = append(inputs, f)
	}
	if _, err := os.Lstat(*out); err == nil {
		fmt.Fprintf(stderr, "matador: pgnbin: %s exists; it is not replaced\n", *out)
		return 1
	}
	defer toolio.ExitOnSignal(stderr, "matador pgnbin")()
	tmp, err := toolio.Create(*out)
	if err != nil {
		fmt.Fprintln(stderr, "matador: pgnbin:", err)
		return 1
	}
	defer tmp.Abort()
	w := bufio.NewWriter(tmp)
	w.Write(trainbin.Header[:])
	var rec []byte
	game := uint32(*first)
	total := datagen.PGNStats{}
	for i, f := range inputs {
		st, err := datagen.ConvertPGN(bufio.NewReader(f), game, func(r trainbin.Record) error {
			rec = r.Append(rec[:0])
			_, err := w.Write(rec)
			return err
		})
		if err != nil {
			// games, not fs.Arg: the flag set's arguments are what its
			// last parse left, empty when the flags come first.
			fmt.Fprintf(stderr, "matador: pgnbin: %s: %v (%s not written)\n", games[i], err, *out)
			return 1
		}
		game += uint32(st.Games)
		total.Games += st.Games
		total.Skipped += st.Skipped
		total.Positions += st.Positions
	}
	if total.Positions == 0 {
		// A file of the header alone would train nothing, and a later
		// run could not tell it from a conversion cut short.
		fmt.Fprintf(stderr, "matador: pgnbin: %d games (%d without a result, skipped), no positions with an engine's score: %s not written\n",
			total.Games, total.Skipped, *out)
		return 1
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(stderr, "matador: pgnbin:", err)
		return 1
	}
	if err := tmp.Commit(); err != nil {
		fmt.Fprintln(stderr, "matador: pgnbin:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d games (%d without a result, skipped), %d positions into %s; games numbered %d to %d\n",
		total.Games, total.Skipped, total.Positions, *out, *first, uint64(*first)+uint64(total.Games)-1)
	return 0
}
