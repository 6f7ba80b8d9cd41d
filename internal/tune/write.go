package tune

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"

	"matador/internal/eval"
)

// RewriteParams returns the source of params.go (src) with the tuned
// weights' values written in and everything else (layout, comments, the
// weights the tuner leaves alone) kept, gofmt'd.
//
// It edits the numbers in place rather than printing a new file, so the
// comments that explain each weight stay in params.go where they belong.
// An element written S(mg, eg) gets its changed halves; one written 0 that
// becomes non-zero is written S(mg, eg); an unchanged element keeps its
// text. A half written as a constant's name (S(PawnValue, 125)) changes
// the constant's value, so the search's material values follow the tuned
// middle-game values.
func RewriteParams(src []byte, ws []Weight) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "params.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	r := &rewriter{fset: fset, consts: map[string]*ast.BasicLit{}}

	values := map[string][]eval.Score{}
	var order []string
	for _, w := range ws {
		if _, ok := values[w.Param]; !ok {
			order = append(order, w.Param)
		}
		v := values[w.Param]
		for len(v) <= w.Index {
			v = append(v, 0)
		}
		v[w.Index] = *w.Ptr
		values[w.Param] = v
	}

	// Constants first: a weight may be written in terms of them.
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.INT {
						r.consts[name.Name] = lit
					}
				}
			}
		}
	}
	done := map[string]bool{}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i := range vs.Names {
				if i >= len(vs.Values) {
					continue
				}
				// The weights are the fields of the Params literal
				// (defaultParams), written Name: value.
				lit, ok := vs.Values[i].(*ast.CompositeLit)
				if !ok || !isIdent(lit.Type, "Params") {
					continue
				}
				for _, el := range lit.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						return nil, fmt.Errorf("params.go: the Params literal has an unkeyed field")
					}
					key, _ := kv.Key.(*ast.Ident)
					if key == nil {
						continue
					}
					v, ok := values[key.Name]
					if !ok {
						continue
					}
					if err := r.value(key.Name, kv.Value, v); err != nil {
						return nil, err
					}
					done[key.Name] = true
				}
			}
		}
	}
	for _, name := range order {
		if !done[name] {
			return nil, fmt.Errorf("params.go has no field %s in its Params literal", name)
		}
	}

	// Apply the edits from the end so earlier offsets stay valid.
	slices.SortFunc(r.edits, func(a, b edit) int { return b.start - a.start })
	out := slices.Clone(src)
	for i, e := range r.edits {
		if i > 0 && e.end > r.edits[i-1].start {
			return nil, fmt.Errorf("overlapping edits at offset %d", e.start)
		}
		out = slices.Concat(out[:e.start], []byte(e.text), out[e.end:])
	}
	return format.Source(out)
}

type edit struct {
	start, end int
	text       string
}

type rewriter struct {
	fset   *token.FileSet
	consts map[string]*ast.BasicLit
	edits  []edit
}

func (r *rewriter) off(p token.Pos) int { return r.fset.Position(p).Offset }

func (r *rewriter) replace(n ast.Node, text string) {
	r.edits = append(r.edits, edit{r.off(n.Pos()), r.off(n.End()), text})
}

// value rewrites one variable's initialiser: a single S(mg, eg) or an array
// literal, possibly of arrays, whose flattened elements are v.
func (r *rewriter) value(name string, x ast.Expr, v []eval.Score) error {
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		if len(v) != 1 {
			return fmt.Errorf("%s: a single value in params.go, %d weights", name, len(v))
		}
		return r.leaf(name, x, v[0])
	}
	dims, err := arrayDims(lit.Type)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	size := 1
	for _, d := range dims {
		size *= d
	}
	if size != len(v) {
		return fmt.Errorf("%s: %d elements in params.go, %d weights", name, size, len(v))
	}
	return r.array(name, lit, dims, v)
}

// array walks a literal of shape dims over the flattened values v.
func (r *rewriter) array(name string, lit *ast.CompositeLit, dims []int, v []eval.Score) error {
	stride := len(v) / dims[0]
	for k := range dims[0] {
		part := v[k*stride : (k+1)*stride]
		if k >= len(lit.Elts) {
			// Left out of the literal, so zero in the engine: it must stay so.
			if slices.ContainsFunc(part, func(s eval.Score) bool { return s != 0 }) {
				return fmt.Errorf("%s: element %d is not written in params.go but became non-zero", name, k)
			}
			continue
		}
		el := lit.Elts[k]
		if _, ok := el.(*ast.KeyValueExpr); ok {
			return fmt.Errorf("%s: keyed elements are not supported", name)
		}
		if len(dims) == 1 {
			if err := r.leaf(name, el, part[0]); err != nil {
				return err
			}
			continue
		}
		sub, ok := el.(*ast.CompositeLit)
		if !ok {
			return fmt.Errorf("%s: element %d is not a literal", name, k)
		}
		if err := r.array(name, sub, dims[1:], part); err != nil {
			return err
		}
	}
	return nil
}

// leaf rewrites one element, written 0 or S(mg, eg), to hold s.
func (r *rewriter) leaf(name string, x ast.Expr, s eval.Score) error {
	mg, eg := s.Mg(), s.Eg()
	if lit, ok := x.(*ast.BasicLit); ok && lit.Value == "0" {
		if s != 0 {
			r.replace(x, fmt.Sprintf("S(%d, %d)", mg, eg))
		}
		return nil
	}
	call, ok := x.(*ast.CallExpr)
	if fn, isIdent := callName(call); !ok || !isIdent || fn != "S" || len(call.Args) != 2 {
		return fmt.Errorf("%s: element %s is neither 0 nor S(mg, eg)", name, r.text(x))
	}
	for i, want := range [2]int{mg, eg} {
		arg := call.Args[i]
		if id, ok := arg.(*ast.Ident); ok {
			lit, ok := r.consts[id.Name]
			if !ok {
				return fmt.Errorf("%s: %s is not an integer constant of params.go", name, id.Name)
			}
			if old, _ := strconv.Atoi(lit.Value); old != want {
				r.replace(lit, strconv.Itoa(want))
			}
			continue
		}
		old, err := intValue(arg)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if old != want {
			r.replace(arg, strconv.Itoa(want))
		}
	}
	return nil
}

func (r *rewriter) text(x ast.Expr) string {
	return fmt.Sprintf("%T at %s", x, r.fset.Position(x.Pos()))
}

func callName(c *ast.CallExpr) (string, bool) {
	if c == nil {
		return "", false
	}
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return "", false
	}
	return id.Name, true
}

// intValue reads an integer literal, possibly negated.
func intValue(x ast.Expr) (int, error) {
	neg := false
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, x = true, u.X
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, fmt.Errorf("%T is not an integer literal", x)
	}
	v, err := strconv.Atoi(lit.Value)
	if neg {
		v = -v
	}
	return v, err
}

// arrayDims reads the lengths of an array type such as [7][4]Score.
func arrayDims(t ast.Expr) ([]int, error) {
	var dims []int
	for {
		at, ok := t.(*ast.ArrayType)
		if !ok {
			break
		}
		lit, ok := at.Len.(*ast.BasicLit)
		if !ok {
			return nil, fmt.Errorf("array length is not a literal")
		}
		n, err := strconv.Atoi(lit.Value)
		if err != nil {
			return nil, err
		}
		dims = append(dims, n)
		t = at.Elt
	}
	if len(dims) == 0 {
		return nil, fmt.Errorf("not an array literal")
	}
	return dims, nil
}

// isIdent reports whether x is the identifier name.
func isIdent(x ast.Expr, name string) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == name
}
