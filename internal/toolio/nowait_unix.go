//go:build unix

package toolio

import "syscall"

// openNoWait makes an open return at once where it would wait: a named
// pipe with no writer.
const openNoWait = syscall.O_NONBLOCK
