package matador_test

// The import direction of the repository's internal/ and cmd/ packages,
// read from "go list -deps": the board knows nothing of the engine, the
// evaluation knows only the board (and the switch specs), the search only
// the board, the switch specs, the evaluation and the tablebases, and the
// front ends reach the search through internal/engine. A package of
// internal/ or cmd/ missing from the table fails the test, so that a new
// one has to say where it stands; tools/ is not checked.

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// importRule is what one package may depend on (directly or not) among
// Matador's packages, by short name (chess, eval, ...; "cmd" for
// cmd/matador). A front end must also import internal/engine directly.
type importRule struct {
	allowed  []string
	frontEnd bool
}

var (
	// Front ends: what talks to a user or a GUI. Nothing but cmd may
	// import one.
	frontEnds = []string{"uci", "xboard", "console"}
	// The engine's parts below the front ends.
	core = []string{"chess", "switches", "eval", "nnue", "search", "pgn", "tb", "book", "engine"}
)

var importRules = map[string]importRule{
	"chess": {},
	// The reader of switch specs ("-NullMove,+UseSpace") that the search
	// and the evaluation share: nothing of Matador's.
	"switches": {},
	"eval":     {allowed: []string{"chess", "switches"}},
	// The network: the board only, as the evaluation.
	"nnue":   {allowed: []string{"chess"}},
	"search": {allowed: []string{"chess", "switches", "eval", "nnue", "tb"}},
	"pgn":    {allowed: []string{"chess"}},
	// Tablebase probing and the opening book: the board only.
	"tb":     {allowed: []string{"chess"}},
	"book":   {allowed: []string{"chess"}},
	"engine": {allowed: []string{"chess", "switches", "eval", "nnue", "search", "pgn", "tb", "book"}},
	// The binary training-data records: the board only.
	"trainbin": {allowed: []string{"chess"}},
	// What the tools share to keep files whole and flags in range: the
	// standard library only, so that any package may import it (the
	// engine's readers of net and book files open them through it).
	"toolio":  {},
	"tune":    {allowed: []string{"chess", "switches", "eval", "nnue", "search", "pgn", "tb", "trainbin", "toolio"}},
	"datagen": {allowed: []string{"chess", "switches", "eval", "nnue", "search", "pgn", "tb", "trainbin", "toolio"}},
	// The network's trainer: its records and the net file it writes.
	"train":   {allowed: []string{"chess", "nnue", "trainbin"}},
	"uci":     {allowed: core, frontEnd: true},
	"xboard":  {allowed: core, frontEnd: true},
	"console": {allowed: core, frontEnd: true},
	"cmd":     {allowed: append(append([]string{"tune", "datagen", "trainbin", "train", "toolio"}, core...), frontEnds...)},
}

// shortName is "chess" for matador/internal/chess, "cmd" for
// matador/cmd/matador, "" for anything else (the standard library, tools/).
func shortName(path string) string {
	switch {
	case strings.HasPrefix(path, "matador/internal/"):
		return strings.TrimPrefix(path, "matador/internal/")
	case strings.HasPrefix(path, "matador/cmd/"):
		return "cmd"
	}
	return ""
}

func goTool() string {
	if goroot := os.Getenv("GOROOT"); goroot != "" {
		p := filepath.Join(goroot, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "go"
}

func TestImportDirection(t *testing.T) {
	// -pgo=off: with the profile, packages are listed once more as
	// variants built for cmd/matador ("matador/internal/chess [matador/cmd/matador]").
	out, err := exec.Command(goTool(), "list", "-deps", "-pgo=off", "-f",
		"{{.ImportPath}}|{{join .Deps \" \"}}|{{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		name := shortName(parts[0])
		if name == "" {
			continue // the standard library or tools/
		}
		checked++
		rule, ok := importRules[name]
		if !ok {
			t.Errorf("%s is not in the import rules of imports_test.go: say what it may import", parts[0])
			continue
		}
		for _, dep := range strings.Fields(parts[1]) {
			if d := shortName(dep); d != "" && d != "toolio" && !slices.Contains(rule.allowed, d) {
				t.Errorf("%s depends on %s", parts[0], dep)
			}
		}
		if rule.frontEnd && !slices.Contains(strings.Fields(parts[2]), "matador/internal/engine") {
			t.Errorf("front end %s does not go through matador/internal/engine", parts[0])
		}
	}
	if checked < 5 {
		t.Fatalf("go list named only %d Matador packages", checked)
	}
}
