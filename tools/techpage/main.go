// Command techpage writes the data of the page's Techniques tab
// (web/explorer.js) as a JavaScript module: every technique with a
// switch, grouped by its source, with what it does, where it lives in the
// code, its switch and its default, and its worth from the ablation
// ledger. "make web" runs it into the page's folder:
//
//	go run ./tools/techpage -out build/web/techniques-data.js
//
// Nothing in its output is written by hand twice. The switches and their
// defaults are the engine's own (search.Switches, eval.Params and the
// option rows of tools/ablate). The group and source of each are read
// from the table of tools/ablate/techniques.go, parsed as Go source, so
// that the ablation and the page cannot disagree about them. The worth is
// summed from the ledger's chunks (docs/ablation/chunks-TC.tsv). Where a
// technique lives is found by parsing internal/search and internal/eval
// for the places that read its switch, with the step of negamax (or of
// any function with "// Step N." comments) each one is in. Only the
// descriptions are this tool's own (descriptions.go).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"matador/internal/engine"
	"matador/internal/eval"
	"matador/internal/search"
	"matador/internal/toolio"
)

// Technique is one entry of the tab.
type Technique struct {
	Name string `json:"name"`
	// Kind is "search" (the UCI option Switches), "eval" (EvalSwitches) or
	// "option" (a UCI option of its own, Option).
	Kind    string `json:"kind"`
	Option  string `json:"option,omitempty"`
	Default bool   `json:"default"`
	// Flip is what the worker is given to flip the technique: a switch
	// spec ("-NullMove", "+RecaptureExt") or the option's value.
	Flip        string `json:"flip"`
	Description string `json:"description"`
	Source      string `json:"source"`
	SeedSays    string `json:"seedSays,omitempty"`
	Depends     string `json:"depends,omitempty"`
	Code        []Site `json:"code"`
	Worth       *Worth `json:"worth"`
}

// Group is the techniques of one source, in the order of their worth.
type Group struct {
	Name string `json:"name"`
	// Doc is the anchor of the group's section in docs/techniques.md.
	Doc        string      `json:"doc"`
	Techniques []Technique `json:"techniques"`
}

// Data is the whole module.
type Data struct {
	Ledger string  `json:"ledger"` // the ledger files read, from the repository's root
	Groups []Group `json:"groups"`
}

// groupNames gives the ablation's groups (tools/ablate/techniques.go) the
// names the page shows, in the page's order.
var groupNames = []struct{ ablate, page string }{
	{"REBEL", "REBEL"},
	{"micro-Max", "micro-Max"},
	{"LMR in REBEL", "LMR in REBEL"},
	{"Rybka/IPPOLIT", "Rybka/IPPOLIT"},
	{"not in the seeds", "Today's engines"},
}

func main() {
	root := flag.String("root", ".", "the repository's root")
	out := flag.String("out", "", "the module to write (default: standard output)")
	flag.Parse()
	data, err := build(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "techpage:", err)
		os.Exit(1)
	}
	text, err := render(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "techpage:", err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.Write(text)
		return
	}
	if err := writeModule(*out, text); err != nil {
		fmt.Fprintln(os.Stderr, "techpage:", err)
		os.Exit(1)
	}
}

// moduleHead is the first line of every module render writes: the mark of
// a file this tool may replace.
const moduleHead = "// techniques-data.js: written by tools/techpage"

// writeModule writes the module to path whole, or leaves path as it was. An
// existing file is replaced only if it is such a module: a mistyped -out
// must not cost a file this tool did not write.
func writeModule(path string, text []byte) error {
	if err := toolio.CheckRegularIfExists(path); err != nil {
		return fmt.Errorf("-out %v", err)
	}
	if f, err := os.Open(path); err == nil {
		head := make([]byte, len(moduleHead))
		_, rerr := io.ReadFull(f, head)
		f.Close()
		if rerr != nil || string(head) != moduleHead {
			return fmt.Errorf("-out %s exists and is not a module tools/techpage wrote; refusing to replace it (give a new file name)", path)
		}
	}
	return toolio.WriteFile(path, text)
}

// render writes the data as an ES module the page imports.
func render(d *Data) ([]byte, error) {
	body, err := json.MarshalIndent(d, "", "\t")
	if err != nil {
		return nil, err
	}
	head := moduleHead + " at \"make web\" from the\n" +
		"// engine's switches, tools/ablate's table of sources, the ablation ledger\n" +
		"// and the code; not kept in the repository.\n"
	return []byte(head + "export default " + string(body) + ";\n"), nil
}

// switchRow is one switch of the engine with its default.
type switchRow struct {
	name, kind, option string
	def                bool
}

// switchRows lists the switches as tools/ablate does: the search's, the
// evaluation's, then the network's option.
func switchRows() []switchRow {
	var rows []switchRow
	sw := reflect.ValueOf(search.DefaultSwitches)
	for _, name := range search.SwitchNames() {
		rows = append(rows, switchRow{name: name, kind: "search", def: sw.FieldByName(name).Bool()})
	}
	params := reflect.ValueOf(eval.DefaultParams()).Elem()
	for _, name := range eval.SwitchNames() {
		rows = append(rows, switchRow{name: name, kind: "eval", def: params.FieldByName(name).Bool()})
	}
	// tools/ablate's only option row: the network, "Use NNUE".
	rows = append(rows, switchRow{name: "UseNNUE", kind: "option", option: "Use NNUE", def: engine.DefaultUseNNUE})
	return rows
}

func build(root string) (*Data, error) {
	rows := switchRows()
	sources, err := readSources(filepath.Join(root, "tools", "ablate", "techniques.go"))
	if err != nil {
		return nil, err
	}
	ledgers, err := filepath.Glob(filepath.Join(root, "docs", "ablation", "chunks-*.tsv"))
	if err != nil || len(ledgers) == 0 {
		return nil, fmt.Errorf("no ablation ledger in %s (%v)", filepath.Join(root, "docs", "ablation"), err)
	}
	sort.Strings(ledgers)
	worth := map[string]*Worth{}
	var names []string
	for _, path := range ledgers {
		w, err := readLedger(path)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, path)
		names = append(names, filepath.ToSlash(rel))
		// A switch measured at several time controls: the row with the most
		// games speaks for it.
		for name, x := range w {
			if old := worth[name]; old == nil || x.Games > old.Games {
				worth[name] = x
			}
		}
	}
	names2 := make([]string, len(rows))
	for i, r := range rows {
		names2[i] = r.name
	}
	sites, err := findSites(root, names2)
	if err != nil {
		return nil, err
	}
	byGroup := map[string][]Technique{}
	for _, r := range rows {
		src, ok := sources[r.name]
		if !ok {
			return nil, fmt.Errorf("switch %s has no entry in tools/ablate/techniques.go", r.name)
		}
		desc, ok := descriptions[r.name]
		if !ok {
			return nil, fmt.Errorf("switch %s has no description in tools/techpage/descriptions.go", r.name)
		}
		t := Technique{Name: r.name, Kind: r.kind, Option: r.option, Default: r.def, Description: desc,
			Source: src.Source, SeedSays: src.Worth, Depends: src.Depends, Code: sites[r.name], Worth: worth[r.name]}
		switch {
		case r.option != "":
			t.Flip = fmt.Sprint(!r.def)
		case r.def:
			t.Flip = "-" + r.name
		default:
			t.Flip = "+" + r.name
		}
		if t.Code == nil {
			t.Code = []Site{}
		}
		byGroup[src.Group] = append(byGroup[src.Group], t)
	}
	for name := range descriptions {
		if _, ok := sources[name]; !ok {
			return nil, fmt.Errorf("descriptions.go describes %s, which is no switch", name)
		}
	}
	d := &Data{Ledger: strings.Join(names, " ")}
	for _, g := range groupNames {
		ts := byGroup[g.ablate]
		delete(byGroup, g.ablate)
		// The most valuable first, as the ablation's table; rows without
		// games last, by name.
		sort.SliceStable(ts, func(i, j int) bool {
			a, b := ts[i].Worth, ts[j].Worth
			if (a == nil) != (b == nil) {
				return a != nil
			}
			if a == nil || a.Elo == b.Elo {
				return ts[i].Name < ts[j].Name
			}
			return a.Elo > b.Elo
		})
		d.Groups = append(d.Groups, Group{Name: g.page, Doc: "docs/techniques.md#" + headingAnchor(g.ablate), Techniques: ts})
	}
	for g := range byGroup {
		return nil, fmt.Errorf("tools/ablate/techniques.go has a group %q the page does not show", g)
	}
	return d, nil
}

// headingAnchor is the anchor a Markdown renderer gives a heading (as the
// documentation's own test computes it).
func headingAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
