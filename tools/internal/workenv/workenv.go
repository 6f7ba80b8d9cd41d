// Package workenv is what the Go tools that play games (tools/ablate,
// tools/spsa) share with the shell tools' tools/fastchess-env.sh: where
// the work directory, the openings and fastchess are, and the fingerprint
// of an engine binary.
package workenv

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
)

// Paths are the defaults of the tools: WORK (default $HOME/matador-work),
// OPENINGS (default ../shared/data/openings/UHO_4060_v3.epd beside the
// repository, "" outside it) and FASTCHESS (default
// WORK/fastchess/fastchess), each overridden by its environment variable.
func Paths() (work, openings, fastchess string) {
	home, _ := os.UserHomeDir()
	work = EnvOr("WORK", filepath.Join(home, "matador-work"))
	openings = os.Getenv("OPENINGS")
	if openings == "" {
		if root := RepoRoot(); root != "" {
			openings = filepath.Join(root, "..", "shared", "data", "openings", "UHO_4060_v3.epd")
		}
	}
	fastchess = EnvOr("FASTCHESS", filepath.Join(work, "fastchess", "fastchess"))
	return work, openings, fastchess
}

// RepoRoot is the directory of the go.mod of module matador at or above
// the working directory; "" when there is none.
func RepoRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.HasPrefix(bytes.TrimSpace(b), []byte("module matador")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// EnvOr is the environment variable name, or def when it is unset or empty.
func EnvOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// FileSHA256 is the hex SHA-256 of a file: the tools refuse to add games of
// another binary to a run.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
