//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package datagen

import "os"

// lockData: the standard library offers no file lock on this system
// (Windows, WebAssembly, the rest), so two runs on one file are not caught
// here; docs/tuning.md says so.
func lockData(*os.File) error { return nil }
