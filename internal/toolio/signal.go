package toolio

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// pendingTemps are the temporary files of the Outputs neither committed nor
// aborted: what a Ctrl-C would leave beside the files the tool writes.
var pendingTemps struct {
	sync.Mutex
	names map[string]bool
}

func addPending(name string) {
	pendingTemps.Lock()
	defer pendingTemps.Unlock()
	if pendingTemps.names == nil {
		pendingTemps.names = map[string]bool{}
	}
	pendingTemps.names[name] = true
}

func dropPending(name string) {
	pendingTemps.Lock()
	defer pendingTemps.Unlock()
	delete(pendingTemps.names, name)
}

// ExitOnSignal makes SIGINT and SIGTERM end the program at once, as they
// do by default, but with the temporary files of unfinished Outputs
// removed first: a tool that only reads and then writes whole files
// (tune, book make) needs no other way to stop. The exit status is 130,
// the shell's for Ctrl-C. The returned function restores the default.
func ExitOnSignal(stderr io.Writer, tool string) (restore func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			pendingTemps.Lock()
			for name := range pendingTemps.names {
				os.Remove(name)
			}
			fmt.Fprintf(stderr, "%s: stopped by %v; no output written\n", tool, sig)
			os.Exit(130)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
