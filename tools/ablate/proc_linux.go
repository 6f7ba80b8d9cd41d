package main

import (
	"os/exec"
	"syscall"
)

// setChildAttrs: fastchess (and through it the engines) ends when the tool
// is killed, so that no orphan keeps writing to a chunk a resume reads.
func setChildAttrs(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
}
