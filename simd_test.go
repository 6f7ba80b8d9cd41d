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
// why).
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
			if !ok || fn.Body == nil || strings.HasPrefix(fn.Name.Name, "avx") {
				continue
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
