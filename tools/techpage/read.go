package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"matador/tools/internal/elo"
)

// source is one entry of tools/ablate's table of techniques.
type source struct {
	Group, Source, Worth, Depends string
}

// readSources parses tools/ablate/techniques.go and returns its
// "techniques" map: the tool is a command, so it cannot be imported, and
// its table is read as the Go source it is (string constants and
// literals only, as it is written).
func readSources(path string) (map[string]source, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, err
	}
	consts := map[string]string{}
	var table *ast.CompositeLit
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range g.Specs {
			v, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, name := range v.Names {
				if i >= len(v.Values) {
					continue
				}
				if g.Tok == token.CONST {
					if s, ok := stringLit(v.Values[i], consts); ok {
						consts[name.Name] = s
					}
				} else if name.Name == "techniques" {
					table, _ = v.Values[i].(*ast.CompositeLit)
				}
			}
		}
	}
	if table == nil {
		return nil, fmt.Errorf("%s: no techniques table", path)
	}
	out := map[string]source{}
	for _, elt := range table.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil, fmt.Errorf("%s: an entry of techniques is not a key and value", path)
		}
		key, ok := stringLit(kv.Key, consts)
		val, ok2 := kv.Value.(*ast.CompositeLit)
		if !ok || !ok2 || len(val.Elts) != 4 {
			return nil, fmt.Errorf("%s:%d: an entry not of the form \"Name\": {group, source, worth, depends}", path, fset.Position(kv.Pos()).Line)
		}
		var fields [4]string
		for i, e := range val.Elts {
			s, ok := stringLit(e, consts)
			if !ok {
				return nil, fmt.Errorf("%s:%d: field %d of %s is not a string", path, fset.Position(e.Pos()).Line, i+1, key)
			}
			fields[i] = s
		}
		out[key] = source{fields[0], fields[1], fields[2], fields[3]}
	}
	return out, nil
}

// stringLit evaluates a string literal or a string constant's name.
func stringLit(e ast.Expr, consts map[string]string) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.Ident:
		s, ok := consts[x.Name]
		return s, ok
	}
	return "", false
}

// Worth is what the ablation measured: the technique on against it off,
// from the ledger's game pairs.
type Worth struct {
	TC     string  `json:"tc"`
	Eval   string  `json:"eval"` // the evaluation both sides played: "classical" or "the net"
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Losses int     `json:"losses"`
	Draws  int     `json:"draws"`
	Elo    float64 `json:"elo"`
	Err    float64 `json:"err"` // half the 95% interval
}

// readLedger sums the chunks of each switch in a ledger
// (docs/ablation/chunks-TC.tsv) and computes each one's Elo as fastchess
// and tools/ablate do: the logistic Elo of the mean score, the interval
// from the variance of the game pairs' scores (pentanomial).
func readLedger(path string) (map[string]*Worth, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type tally struct {
		penta   [5]int
		w, l, d int
		games   int
		tc      string
	}
	rows := map[string]*tally{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var col map[string]int
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if col == nil {
			col = map[string]int{}
			for i, name := range fields {
				col[name] = i
			}
			for _, need := range []string{"switch", "tc", "pentanomial", "w", "l", "d", "games"} {
				if _, ok := col[need]; !ok {
					return nil, fmt.Errorf("%s: no column %q", path, need)
				}
			}
			continue
		}
		if len(fields) < len(col) {
			return nil, fmt.Errorf("%s: a line of %d fields", path, len(fields))
		}
		name := fields[col["switch"]]
		t := rows[name]
		if t == nil {
			t = &tally{tc: fields[col["tc"]]}
			rows[name] = t
		}
		p := strings.Split(fields[col["pentanomial"]], ",")
		if len(p) != 5 {
			return nil, fmt.Errorf("%s: pentanomial %q", path, fields[col["pentanomial"]])
		}
		for i := range p {
			n, err := strconv.Atoi(p[i])
			if err != nil {
				return nil, fmt.Errorf("%s: pentanomial %q", path, fields[col["pentanomial"]])
			}
			t.penta[i] += n
		}
		for _, x := range []struct {
			dst *int
			col string
		}{{&t.w, "w"}, {&t.l, "l"}, {&t.d, "d"}, {&t.games, "games"}} {
			n, err := strconv.Atoi(fields[col[x.col]])
			if err != nil {
				return nil, fmt.Errorf("%s: %s %q", path, x.col, fields[col[x.col]])
			}
			*x.dst += n
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	out := map[string]*Worth{}
	for name, t := range rows {
		elo, e := pentanomialElo(t.penta)
		// Every switch row of the ablation plays the classical evaluation
		// on both sides, whatever the default (tools/ablate/README.md); the
		// network's own rows have no games in the ledger.
		out[name] = &Worth{TC: t.tc, Eval: "classical", Games: t.games, Wins: t.w, Losses: t.l, Draws: t.d,
			Elo: round1(elo), Err: round1(e)}
	}
	return out, nil
}

func round1(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0
	}
	return math.Round(x*10) / 10
}

// pentanomialElo gives the Elo of pairs counted by the points the
// technique's side took in them (0, 0.5, 1, 1.5, 2) and half the width of
// its 95% interval (elo.Stats).
func pentanomialElo(p [5]int) (e, err float64) {
	r := elo.Stats(p)
	return r.Elo, r.EloErr
}

// Site is one place in the code that reads a switch.
type Site struct {
	File string `json:"file"` // from the repository's root
	Func string `json:"func"`
	Step string `json:"step,omitempty"` // "12": in the function's "// Step 12." part
	Line int    `json:"line"`
}

var stepComment = regexp.MustCompile(`^//\s*Step (\d+[a-z]?)\.`)

// findSites parses the search's and the evaluation's Go files (not their
// tests) for each place that reads a switch: a field of a Switches value
// (w.Switches.NullMove, sw.LMR) or a Use... field of the evaluation's
// Params. A site names its file, its function and the numbered step it is
// in, once for each step.
func findSites(root string, names []string) (map[string][]Site, error) {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	out := map[string][]Site{}
	seen := map[string]bool{}
	for _, dir := range []string{"internal/search", "internal/eval", "internal/engine"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
			if err != nil {
				return nil, err
			}
			rel := filepath.ToSlash(filepath.Join(dir, filepath.Base(path)))
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					continue
				}
				// The steps of the function, by position.
				type step struct {
					pos  token.Pos
					name string
				}
				var steps []step
				for _, cg := range f.Comments {
					if cg.Pos() < fn.Pos() || cg.End() > fn.End() {
						continue
					}
					for _, c := range cg.List {
						if m := stepComment.FindStringSubmatch(c.Text); m != nil {
							steps = append(steps, step{c.Pos(), m[1]})
						}
					}
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					sel, ok := n.(*ast.SelectorExpr)
					if !ok || !want[sel.Sel.Name] || !readsSwitch(sel) {
						return true
					}
					s := Site{File: rel, Func: fn.Name.Name, Line: fset.Position(sel.Pos()).Line}
					for _, st := range steps {
						if st.pos < sel.Pos() {
							s.Step = st.name
						}
					}
					key := sel.Sel.Name + "|" + s.File + "|" + s.Func + "|" + s.Step
					if !seen[key] {
						seen[key] = true
						out[sel.Sel.Name] = append(out[sel.Sel.Name], s)
					}
					return true
				})
			}
		}
	}
	return out, nil
}

// readsSwitch: the selector reads a switch, not a field of the same name
// elsewhere. The search's switches are read through a Switches value
// (x.Switches.Name) or a variable sw of that type; the evaluation's are
// its Use... fields, a name no other field has; the network's option is
// the engine's UseNNUE.
func readsSwitch(sel *ast.SelectorExpr) bool {
	if strings.HasPrefix(sel.Sel.Name, "Use") {
		return true
	}
	switch x := sel.X.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "Switches"
	case *ast.Ident:
		return x.Name == "sw" || x.Name == "Switches"
	}
	return false
}
