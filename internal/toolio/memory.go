package toolio

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// AvailableMemoryMB estimates how many megabytes a new allocation may take
// (a hash table, a trainer's buffer):
// the kernel's MemAvailable, and no more than a cgroup (container) limit
// leaves. ok is false where neither can be read (not Linux); the caller
// then trusts the user.
//
// The check exists because Go cannot recover from a failed allocation: a
// "setoption name Hash value 65536" on a 16 GB machine, or a trainer's
// chunk of 9 GB, would otherwise end the process with "fatal error: out of
// memory".
func AvailableMemoryMB() (mb int, ok bool) {
	mb = -1
	if kb, found := meminfoField("/proc/meminfo", "MemAvailable:"); found {
		mb = int(kb >> 10)
	}
	limit, err1 := readNumber("/sys/fs/cgroup/memory.max")
	used, err2 := readNumber("/sys/fs/cgroup/memory.current")
	if err1 == nil && err2 == nil && limit > used {
		if free := int((limit - used) >> 20); mb < 0 || free < mb {
			mb = free
		}
	}
	return mb, mb >= 0
}

// meminfoField reads a "Name:   123 kB" line of /proc/meminfo.
func meminfoField(path, name string) (kb uint64, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == name {
			n, err := strconv.ParseUint(fields[1], 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// readNumber reads a file holding one number ("max" is not one).
func readNumber(path string) (uint64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
}
