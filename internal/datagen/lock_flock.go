//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package datagen

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockData takes the data file for this run: two runs appending to one
// file would write over each other's games. The lock goes with the
// process, so a run killed in any way leaves none behind.
func lockData(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return fmt.Errorf("%s: another run of datagen is writing it; refusing to start a second one on the same file", f.Name())
	}
	if err != nil {
		return fmt.Errorf("%s: lock: %w", f.Name(), err)
	}
	return nil
}
