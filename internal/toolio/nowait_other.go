//go:build !unix

package toolio

// openNoWait is nothing where the system has no O_NONBLOCK (Windows has
// no named pipes in its file system, the browser no files); the check
// before the open refuses a pipe there.
const openNoWait = 0
