package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"matador/internal/chess"
)

// The WebAssembly build ("make wasm", docs/browser.md) is this program
// built for GOOS=js. TestWasm runs the protocol tests of this package
// against it under Node, in the two ways it is run:
//
//   - "node": Go's own lib/wasm/wasm_exec_node.js, which gives the module
//     Node's standard input and output;
//   - "worker": web/matador.worker.js, the script a web page starts with
//     new Worker("matador.worker.js"), in a Node worker thread dressed as a
//     Web Worker (web/test/node-worker.cjs), lines posted in and posted out.
//
// Each runner is a small shell script put in place of the binary the
// protocol tests start, so the tests themselves are the native engine's,
// unchanged. The page itself is tested in a browser by web/test/browser.mjs,
// outside "go test" (it needs Chromium); .ci/run runs it after "go test".

// wasmTimeScale stretches the time bounds of the protocol tests: the
// module searches several times slower than the native binary, and Node
// takes a moment to compile it.
const wasmTimeScale = 3

// The protocol tests that run on the WebAssembly engine. TestThreads is
// left out: the browser build has one thread (internal/engine/limits_js.go,
// and testWasmOneThread below).
var wasmConversations = []struct {
	name string
	test func(*testing.T)
}{
	{"Handshake", TestHandshake},
	{"WeakerPlay", TestWeakerPlay},
	{"GoDepth", TestGoDepth},
	{"GoMoveTime", TestGoMoveTime},
	{"GoClock", TestGoClock},
	{"GoNodes", TestGoNodes},
	{"GoMate", TestGoMate},
	{"NoLegalMoves", TestNoLegalMoves},
	{"InfiniteStopLatencyAndCurrMove", TestInfiniteStopLatencyAndCurrMove},
	{"StopLatency", TestStopLatency},
	{"StopRightAfterGo", TestStopRightAfterGo},
	{"Ponder", TestPonder},
	{"MultiPV", TestMultiPV},
	{"HashOptions", TestHashOptions},
	{"ShowWDL", TestShowWDL},
	{"Chess960Castling", TestChess960Castling},
	{"GoPerft", TestGoPerft},
	{"GoPerftDoesNotBlock", TestGoPerftDoesNotBlock},
	{"BadInput", TestBadInput},
	{"QuitDuringSearch", TestQuitDuringSearch},
	{"EOFExits", TestEOFExits},
	{"EvalAndDisplay", TestEvalAndDisplay},
	{"NodesTime", TestNodesTime},
	{"OneThread", testWasmOneThread},
	{"NoFiles", testWasmNoFiles},
}

// Go's runner gets the short list the bar names (uci, isready, a
// timed search, bad input); the worker, which pages use, gets them all.
var nodeRunnerTests = []string{"Handshake", "GoMoveTime", "StopLatency", "BadInput", "EOFExits", "OneThread"}

// TestWasm must not run in parallel: it points the package's binary at the
// runners while its subtests run, and restores it when they are done
// (parallel top-level tests start only after it has returned).
func TestWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("building the WebAssembly engine takes a while")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the runners are shell scripts")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the WebAssembly build is not tested (install Node.js to test it)")
	}
	dir := t.TempDir()
	wasm := filepath.Join(dir, "matador.wasm")
	build := exec.Command(goTool(), "build", "-o", wasm, ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build: %v\n%s", err, out)
	}
	goroot, err := exec.Command(goTool(), "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	libWasm := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm")
	// The worker's directory as "make wasm" writes it.
	copyFile(t, filepath.Join(libWasm, "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js"))
	copyFile(t, filepath.Join("..", "..", "web", "matador.worker.js"), filepath.Join(dir, "matador.worker.js"))
	harness, err := filepath.Abs(filepath.Join("..", "..", "web", "test", "node-worker.cjs"))
	if err != nil {
		t.Fatal(err)
	}

	runners := []struct {
		name, command string
		only          []string
	}{
		{"node", shellQuote(node) + " " + shellQuote(filepath.Join(libWasm, "wasm_exec_node.js")) + " " + shellQuote(wasm), nodeRunnerTests},
		{"worker", shellQuote(node) + " " + shellQuote(harness) + " " + shellQuote(filepath.Join(dir, "matador.worker.js")), nil},
	}
	// The browser build runs the network's plain kernels, as a plain
	// native build does: the same bench with the net, to the node. Its
	// plain bench is that one too, though it plays the classical
	// evaluation by default: the signature is one number in every build.
	t.Run("NetBench", func(t *testing.T) {
		benchNodes := func(env string, name string, arg ...string) string {
			cmd := exec.Command(name, append(arg, "bench", "4")...)
			cmd.Env = append(os.Environ(), env)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s bench (%s): %v", name, env, err)
			}
			return strings.Fields(lastLine(string(out)))[0]
		}
		for _, env := range []string{"MATADOR_BENCH_EVAL=nnue", "MATADOR_BENCH_EVAL="} {
			js := benchNodes(env, node, filepath.Join(libWasm, "wasm_exec_node.js"), wasm)
			if native := benchNodes(env, binary); js != native {
				t.Errorf("bench (%s): %s nodes in WebAssembly, %s natively", env, js, native)
			}
		}
	})
	savedBinary, savedScale := binary, timeScale
	t.Cleanup(func() { binary, timeScale = savedBinary, savedScale })
	timeScale = savedScale * wasmTimeScale
	for _, r := range runners {
		script := filepath.Join(dir, r.name+".sh")
		if err := os.WriteFile(script, []byte("#!/bin/sh\nexec "+r.command+" \"$@\"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		// t.Run returns when the runner's subtests, parallel ones
		// included, are done: the next runner's script replaces this one
		// only then.
		t.Run(r.name, func(t *testing.T) {
			binary = script
			for _, c := range wasmConversations {
				if r.only == nil || slices.Contains(r.only, c.name) {
					t.Run(c.name, c.test)
				}
			}
		})
	}
}

// testWasmOneThread: the browser build declares one thread, refuses more,
// and keeps the hash within what a page gets.
func testWasmOneThread(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	p.send("uci")
	_, before := p.expect(`^uciok$`, 2*time.Second)
	got := strings.Join(before, "\n")
	for _, want := range []string{"option name Threads type spin default 1 min 1 max 1",
		"option name Hash type spin default 16 min 1 max 1024"} {
		if !strings.Contains(got, want) {
			t.Errorf("uci reply lacks %q", want)
		}
	}
	for _, bad := range []string{"setoption name Threads value 2", "setoption name Hash value 4096"} {
		p.send(bad)
		p.expect(`^info string .`, 2*time.Second)
	}
	p.send("position startpos moves e2e4", "go movetime 500")
	p.bestMove(position(t, chess.StartFEN, "e2e4"), 5*time.Second)
}

// testWasmNoFiles: in the worker there are no files (Go's Node runner
// has Node's); an option naming one is answered like a missing file.
func testWasmNoFiles(t *testing.T) {
	t.Parallel()
	p := startEngine(t)
	for _, option := range []string{"BookFile value book.bin", "SyzygyPath value /syzygy", "Debug Log File value log.txt"} {
		p.send("setoption name " + option)
		l, _ := p.expect(`^info string .`, 2*time.Second)
		t.Log(l.text)
	}
	p.send("setoption name OwnBook value true", "position startpos", "go depth 3")
	p.bestMove(chess.StartPosition(), 5*time.Second)
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
