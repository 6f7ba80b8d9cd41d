package matador_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestKernelsClearUpperBits: in every file that uses simd/archsimd, each
// call of an AVX2 kernel (a function named avx...) from code that is not
// itself a kernel is followed at once by archsimd.ClearAVXUpperBits, so
// that no SSE-encoded code Go compiles after it runs with the upper halves
// of the vector registers dirty (internal/nnue's dispatch_simd.go says
// why); vector code is only in kernels; and no kernel makes a float zero vector by a broadcast of 0,
// which Go compiles to SSE.
func TestKernelsClearUpperBits(t *testing.T) {
	files := 0
	err := filepath.WalkDir("internal", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		if !importsArchsimd(f) {
			return nil
		}
		files++
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			if strings.HasPrefix(fn.Name.Name, "avx") {
				if pos, ok := broadcastOfZero(fn.Body); ok {
					t.Errorf("%s: %s broadcasts a zero, an SSE XORPS among its AVX code: use the zero value", fset.Position(pos), fn.Name.Name)
				}
				continue
			}
			if pos, name, ok := vectorCode(fn.Body); ok {
				t.Errorf("%s: %s uses archsimd.%s outside a kernel: move the vector code into a function named avx...", fset.Position(pos), fn.Name.Name, name)
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				block, ok := n.(*ast.BlockStmt)
				if !ok {
					return true
				}
				for i, stmt := range block.List {
					if _, isBlock := stmt.(*ast.IfStmt); isBlock {
						continue // its blocks are inspected on their own
					}
					kernel := kernelCalled(stmt)
					if kernel == "" {
						continue
					}
					if i+1 >= len(block.List) || !clearsUpperBits(block.List[i+1]) {
						t.Errorf("%s: %s calls %s without archsimd.ClearAVXUpperBits() right after it", fset.Position(stmt.Pos()), fn.Name.Name, kernel)
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("no file imports simd/archsimd: the test looks in the wrong place")
	}
}

func importsArchsimd(f *ast.File) bool {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "simd/archsimd" {
			return true
		}
	}
	return false
}

// kernelCalled is the name of the first avx... function a statement
// calls, or "".
func kernelCalled(stmt ast.Stmt) string {
	name := ""
	ast.Inspect(stmt, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && name == "" {
			if id, ok := call.Fun.(*ast.Ident); ok && strings.HasPrefix(id.Name, "avx") {
				name = id.Name
			}
		}
		return name == ""
	})
	return name
}

func clearsUpperBits(stmt ast.Stmt) bool {
	es, ok := stmt.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "archsimd" && sel.Sel.Name == "ClearAVXUpperBits"
}

// broadcastOfZero finds a call archsimd.BroadcastFloat...(0), which Go
// compiles to an SSE XORPS and a broadcast (an integer zero it moves
// with VMOVQ).
func broadcastOfZero(body *ast.BlockStmt) (token.Pos, bool) {
	var at token.Pos
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || at.IsValid() {
			return !at.IsValid()
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || !strings.HasPrefix(sel.Sel.Name, "BroadcastFloat") {
			return true
		}
		if lit, ok := call.Args[0].(*ast.BasicLit); ok && (lit.Value == "0" || lit.Value == "0.0") {
			at = call.Pos()
		}
		return true
	})
	return at, at.IsValid()
}

// vectorCode finds a use of package archsimd other than its CPU feature
// tests (archsimd.X86) and ClearAVXUpperBits: code that makes or works on
// vectors.
func vectorCode(body *ast.BlockStmt) (token.Pos, string, bool) {
	var at token.Pos
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || at.IsValid() {
			return !at.IsValid()
		}
		if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "archsimd" && sel.Sel.Name != "X86" && sel.Sel.Name != "ClearAVXUpperBits" {
			at, name = sel.Pos(), sel.Sel.Name
		}
		return true
	})
	return at, name, at.IsValid()
}
