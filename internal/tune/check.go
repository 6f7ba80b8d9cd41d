package tune

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"

	"matador/internal/search"
	"matador/internal/toolio"
)

// maxGoSource bounds a Go file that tune run reads or replaces: the
// sources of package eval are far below it, and a larger file is no such
// source, not to be read whole to find that out.
const maxGoSource = 64 << 20

// readParamsSource reads the params.go that tune run rewrites, and parses it
// now, under its own name: a file that is not Go source of package eval
// (a data file given by mistake) is refused before the fit, not after.
func readParamsSource(path string) ([]byte, error) {
	src, err := toolio.ReadFile(path, maxGoSource)
	if err != nil {
		return nil, usageError("-params " + err.Error())
	}
	if err := goFileOfEval(path, src); err != nil {
		return nil, usageError("-params " + err.Error())
	}
	return src, nil
}

// goFileOfEval tells whether src is Go source of package eval, the only
// files tune run writes or rewrites.
func goFileOfEval(path string, src []byte) error {
	file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.PackageClauseOnly)
	if err != nil {
		return fmt.Errorf("%s is not Go source: %v", path, err)
	}
	if file.Name.Name != "eval" {
		return fmt.Errorf("%s is Go source of package %s, not of package eval", path, file.Name.Name)
	}
	return nil
}

// refuseForeignGo refuses an output of tune run that exists and is not a
// Go file of package eval: tune run replaces only what it writes.
func refuseForeignGo(flagName, path string) error {
	src, err := toolio.ReadFile(path, maxGoSource)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return usageError(fmt.Sprintf("%s %v; refusing to replace it (give a new file name)", flagName, err))
	}
	if err := goFileOfEval(path, src); err != nil {
		return usageError(fmt.Sprintf("%s %v; refusing to replace it (give a new file name)", flagName, err))
	}
	return nil
}

// wdlDataError refuses data the win/draw/loss model cannot be fitted to:
// without draws, or without wins or losses, the width of the draw band is
// not determined, and the fit runs off to any value.
func wdlDataError(pts []WDLPoint) error {
	var n [3]int
	for _, p := range pts {
		n[p.Outcome+1]++
	}
	for i, what := range []string{"losses", "draws", "wins"} {
		if n[i] == 0 {
			return fmt.Errorf("the data has no %s (%d losses, %d draws, %d wins, from the mover's view): the model cannot be fitted to it", what, n[0], n[1], n[2])
		}
	}
	return nil
}

// wdlModelError refuses a fitted model whose curve makes no sense at some
// material count: a width that is not positive gives a step or an inverted
// curve.
func wdlModelError(m search.WDLModel) error {
	for material := 10; material <= 78; material++ {
		a, b := m.Params(material)
		if !(b > 0) || !(a > 0) || b > 1e5 || a > 1e5 {
			return fmt.Errorf("the fit gives a curve with centre %.1f and width %.1f at material %d, which no engine can use; the data does not support the fit (too few positions, or scores that do not predict the results)", a, b, material)
		}
	}
	return nil
}
