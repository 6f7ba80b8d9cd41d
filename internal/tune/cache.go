package tune

import (
	"bufio"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"matador/internal/eval"
	"matador/internal/toolio"
)

// The linearised samples of a run can be kept in a file (tune run -cache),
// since evaluating every sample for the counts of its weights is most of
// a run's time and a fit is often repeated with other step sizes or
// targets. The file is valid for one key: the data files as they are on
// disk, every weight and switch of the configuration, and the held-out
// fraction.

// cacheVersion changes whenever Entry or the way it is made changes.
const cacheVersion = 4

// cacheHeader follows the key; the entries follow it in chunks of at most
// cacheChunk, the training ones first. Gob builds each value in memory
// before writing it, so one value of all the entries doubled a fit's
// memory at the end of linearising.
type cacheHeader struct {
	Key           string
	Entries, Held int
}

var cacheChunk = 1 << 14 // a variable, so that a test can write many chunks

// cacheKey names the linearised forms of data under config with the
// held-out fraction validate.
func cacheKey(data string, config *eval.Params, validate float64) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "v%d %v %g\n", cacheVersion, *config, validate)
	for _, name := range strings.Split(data, ",") {
		fi, err := os.Stat(strings.TrimSpace(name))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d %d\n", strings.TrimSpace(name), fi.Size(), fi.ModTime().UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// readCache returns the forms kept in name for key; ok is false when
// there is no such file or it was made for another key.
func readCache(name, key string) (entries, held []Entry, ok bool) {
	if name == "" {
		return nil, nil, false
	}
	f, err := toolio.OpenRegular(name)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	dec := gob.NewDecoder(bufio.NewReader(f))
	var stored string
	if err := dec.Decode(&stored); err != nil || stored != key {
		return nil, nil, false
	}
	var h cacheHeader
	if err := dec.Decode(&h); err != nil || h.Key != key || h.Entries < 0 || h.Held < 0 || h.Entries > 1<<40 || h.Held > 1<<40 {
		return nil, nil, false
	}
	// The header's counts size the slice only up to a bound, so that a
	// damaged file cannot ask for more memory than its chunks hold.
	all := make([]Entry, 0, min(h.Entries+h.Held, 1<<20))
	for len(all) < h.Entries+h.Held {
		var chunk []Entry
		if err := dec.Decode(&chunk); err != nil || len(chunk) == 0 || len(all)+len(chunk) > h.Entries+h.Held {
			return nil, nil, false
		}
		packTerms(chunk)
		all = append(all, chunk...)
	}
	return all[:h.Entries:h.Entries], all[h.Entries:], true
}

// mayWriteCache tells whether name may be written as a cache: there is no
// such file yet, or it is one that writeCache made (for any key). Any other
// file is someone's data, which a run must not replace.
func mayWriteCache(name string) bool {
	f, err := toolio.OpenRegular(name)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	defer f.Close()
	var key string
	if err := gob.NewDecoder(bufio.NewReader(f)).Decode(&key); err != nil {
		return false
	}
	_, err = hex.DecodeString(key)
	return err == nil && len(key) == 2*sha256.Size
}

// writeCache keeps the forms in name for key (through a temporary file,
// so that a stopped run leaves no half-written cache).
func writeCache(name, key string, entries, held []Entry) error {
	// A temporary name of its own, so that no file beside the cache is
	// replaced either.
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	f.Chmod(0o644) // CreateTemp's 0600 would be a surprise for a shared cache
	w := bufio.NewWriter(f)
	enc := gob.NewEncoder(w)
	err = enc.Encode(key)
	if err == nil {
		err = enc.Encode(cacheHeader{Key: key, Entries: len(entries), Held: len(held)})
	}
	for _, part := range [][]Entry{entries, held} {
		for lo := 0; lo < len(part) && err == nil; lo += cacheChunk {
			err = enc.Encode(part[lo:min(lo+cacheChunk, len(part))])
		}
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cache %s: %w", name, err)
	}
	return os.Rename(tmp, name)
}
