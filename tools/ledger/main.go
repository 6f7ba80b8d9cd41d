// Command ledger keeps the ledger of matches and SPRTs, one record a run
// in tools/runs/ledger/NAME.json, beside a record for each net of the
// nets table (net-ROUND.json, written by hand), and writes the tables
// that are made from it: README.md's strength table, docs/strength.md's
// tables and docs/nnue.md's nets table, each between a
// <!-- ledger:begin NAME --> and a <!-- ledger:end --> line.
//
//	go run ./tools/ledger                   rewrite the tables from the ledger
//	go run ./tools/ledger -check            list the documents whose tables differ; exit 1 if any
//	go run ./tools/ledger record [flags] KIND NAME
//
// record writes (or updates) the record of the run NAME of tools/match,
// tools/sprt or tools/calib (KIND match, sprt or calib) from its
// fastchess state, $WORK/KIND/NAME/config.json or the copy kept in
// tools/runs/KIND/NAME.json, and its log: the counts, the time control,
// the SPRT's bounds, and the Elo, LLR and verdict fastchess printed last.
// The flags say what the state does not: the build, what was measured,
// the opponent, the tables the run is a row of; they fill only what the
// record lacks, so a record already in the ledger keeps its words (edit
// its file to change them). tools/keep-run.sh runs it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"matador/tools/internal/workenv"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ledger:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	root := workenv.RepoRoot()
	if root == "" {
		return errors.New("run it inside the repository")
	}
	if len(args) > 0 && args[0] == "record" {
		return record(root, args[1:], out)
	}
	fs := flag.NewFlagSet("ledger", flag.ContinueOnError)
	check := fs.Bool("check", false, "only list the documents whose tables differ from the ledger; exit 1 if any")
	if err := fs.Parse(args); err != nil {
		return err
	}
	recs, err := Load(LedgerDir(root))
	if err != nil {
		return err
	}
	stale, blocks, err := FillAll(root, recs, !*check)
	if err != nil {
		return err
	}
	for _, d := range stale {
		rel, _ := filepath.Rel(root, d)
		if *check {
			fmt.Fprintf(out, "%s: a table differs from the ledger\n", rel)
		} else {
			fmt.Fprintf(out, "rewrote %s\n", rel)
		}
	}
	if *check && len(stale) > 0 {
		return fmt.Errorf("%d documents differ from the ledger: go run ./tools/ledger", len(stale))
	}
	fmt.Fprintf(out, "%d records, %d tables\n", len(recs), blocks)
	return nil
}

func record(root string, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ledger record", flag.ContinueOnError)
	build := fs.String("build", "", "the commit of Matador's side (the new side of an SPRT)")
	eval := fs.String("eval", "", "Matador's evaluation: a net's name, or classical")
	change := fs.String("change", "", "what an SPRT measures, or what Matador's side plays with")
	opponent := fs.String("opponent", "", "the other side")
	note := fs.String("note", "", "a few words: what the result decided")
	tablesFlag := fs.String("tables", "", "the tables the run is a row of, comma-separated (readme, matches, sprt, calib, nets)")
	date := fs.String("date", time.Now().UTC().Format("2006-01-02"), "the day the record is kept")
	result := fs.String("result", "", "an SPRT stopped undecided or decided by hand: H1, H0 or undecided")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: go run ./tools/ledger record [flags] KIND NAME")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return errors.New("want KIND and NAME")
	}
	kind, name := fs.Arg(0), fs.Arg(1)
	work, _, _ := workenv.Paths()
	statePath := filepath.Join(work, kind, name, "config.json")
	config, err := readOptional(statePath)
	if err != nil {
		return err
	}
	if config == nil {
		statePath = filepath.Join(root, "tools", "runs", kind, name+".json")
		if config, err = readOptional(statePath); err != nil {
			return err
		}
	}
	if config == nil {
		return fmt.Errorf("no state of %s %s in $WORK/%s/%s or tools/runs/%s", kind, name, kind, name, kind)
	}
	log, err := readOptional(filepath.Join(work, kind, name, "log.txt"))
	if err != nil {
		return err
	}

	path := filepath.Join(LedgerDir(root), name+".json")
	r := Record{Name: name, Kind: kind}
	if old, err := readOptional(path); err != nil {
		return err
	} else if old != nil {
		recs, err := Load(LedgerDir(root))
		if err != nil {
			return err
		}
		for _, o := range recs {
			if o.Name == name {
				r = o
			}
		}
	}
	// Two files may hold the state: the fault names the one read.
	if err := FromState(&r, config, log); err != nil {
		return fmt.Errorf("%s: %v", statePath, err)
	}
	// The flags fill what the record lacks; a field the ledger already
	// holds is changed by editing its file. The date is the day kept.
	set := func(dst *string, v string) {
		if *dst == "" {
			*dst = v
		}
	}
	set(&r.Build, *build)
	set(&r.Eval, *eval)
	set(&r.Change, *change)
	set(&r.Opponent, *opponent)
	set(&r.Note, *note)
	r.Date = *date
	if *result != "" {
		r.Result = *result
	}
	if *tablesFlag != "" && len(r.Tables) == 0 {
		r.Tables = strings.Split(*tablesFlag, ",")
	}
	if len(r.Tables) == 0 {
		r.Tables = []string{map[string]string{"match": "matches", "sprt": "sprt", "calib": "calib"}[r.Kind]}
	}
	if r.Opponent == "" {
		r.Opponent = "?"
	}
	if err := r.check(); err != nil {
		return fmt.Errorf("record %s: %v", name, err)
	}
	b, err := r.Marshal()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return err
	}
	rel, _ := filepath.Rel(root, path)
	fmt.Fprintf(out, "%s: %d games, %s, Elo %s\n", rel, r.Games, wld(r), elo(r))
	return nil
}
