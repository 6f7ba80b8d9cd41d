package tune

import (
	"bytes"
	"strings"
	"testing"
)

// An unknown tune subcommand is named before the usage (it used to get the
// usage alone, with nothing to say what was wrong); asked for, the usage
// goes to standard output with exit status 0.
func TestMainNamesUnknownSubcommand(t *testing.T) {
	var out, errs bytes.Buffer
	if code := Main([]string{"frobnicate"}, &out, &errs); code != 2 || out.Len() != 0 ||
		!strings.HasPrefix(errs.String(), `tune: unknown command "frobnicate"`) || !strings.Contains(errs.String(), "usage:") {
		t.Errorf("tune frobnicate: exit %d, stdout %q, stderr %q", code, out.String(), errs.String())
	}
	for _, ask := range []string{"help", "-h", "--help"} {
		out.Reset()
		errs.Reset()
		if code := Main([]string{ask}, &out, &errs); code != 0 || !strings.HasPrefix(out.String(), "usage:") || errs.Len() != 0 {
			t.Errorf("tune %s: exit %d, stdout %q, stderr %q", ask, code, out.String(), errs.String())
		}
	}
}

// TestWDLUsageNamesItsData: tune wdl -h describes the data it reads, any
// file with search scores and several of them, as readDataFiles does: it
// named tune extract's file alone, which has no scores but from scored
// games.
func TestWDLUsageNamesItsData(t *testing.T) {
	var out, errs bytes.Buffer
	Main([]string{"wdl", "-h"}, &out, &errs)
	if help := errs.String(); !strings.Contains(help, "datagen") || !strings.Contains(help, "comma-separated") {
		t.Errorf("tune wdl -h:\n%s", help)
	}
}
