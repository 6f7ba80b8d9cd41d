package matador_test

// The documents link to each other and to the code; a moved file or a
// renamed heading must not leave a reader at a dead link. Every relative
// link of README.md and docs/*.md must name a file that exists and, where
// it names a heading (#anchor), a heading of that file as GitHub spells
// its anchors.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// markdownLink matches [text](target) and ![alt](target); the target stops
// at the first space (a title) or closing parenthesis.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// headingAnchor is GitHub's anchor of a heading: lower case, letters,
// digits, spaces turned into hyphens, hyphens and underscores kept, the
// rest dropped.
func headingAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// markdownText is a document without its fenced code blocks, whose
// brackets and hashes are code, not links and headings.
func markdownText(doc string) []string {
	var lines []string
	fenced := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines = append(lines, line)
		}
	}
	return lines
}

// anchors lists the heading anchors of a document, numbering repeats as
// GitHub does (name, name-1, name-2).
func anchors(doc string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, line := range markdownText(doc) {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		a := headingAnchor(strings.TrimLeft(line, "#"))
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

func TestHeadingAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		"Strength":                         "strength",
		"UCI, XBoard and the terminal":     "uci-xboard-and-the-terminal",
		"The fit on 7.2 million positions": "the-fit-on-72-million-positions",
		"`UCI_Elo` calibration":            "uci_elo-calibration",
	} {
		if got := headingAnchor(heading); got != want {
			t.Errorf("anchor of %q: %q, want %q", heading, got, want)
		}
	}
}

func TestDocumentLinks(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, "README.md")
	checked := 0
	for _, doc := range docs {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range markdownText(string(text)) {
			for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				path := doc
				if file != "" {
					path = filepath.Join(filepath.Dir(doc), file)
				}
				checked++
				body, err := os.ReadFile(path)
				if err != nil {
					if info, serr := os.Stat(path); serr == nil && info.IsDir() && anchor == "" {
						continue // a link to a folder of the repository
					}
					t.Errorf("%s (text line %d): link %q: no file %s", doc, n+1, target, path)
					continue
				}
				if anchor != "" && !anchors(string(body))[anchor] {
					t.Errorf("%s (text line %d): link %q: %s has no heading #%s", doc, n+1, target, path, anchor)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d relative links found in README.md and docs/: is the pattern broken?", checked)
	}
}

// pastMarks are what a document that states the present does not hold:
// the numbers of sessions and issues (a reader cannot look them up), and
// paths of one machine (a home directory, the default work directory; a
// document writes $WORK).
var pastMarks = regexp.MustCompile(`(?i)\bsession [0-9]|\bissues? [0-9]|matador-work|/root/|/home/[a-z]`)

// notYetPresent are the documents other work still owns, with what it
// has to take out; each is to leave this list.
var notYetPresent = map[string]bool{}

// workDefault is the one mention of the default work directory a tool's
// document may make, where it lists the environment the tool reads: WORK,
// the work directory (default `$HOME/matador-work`). Everywhere else the
// document writes $WORK.
const workDefault = "default `$HOME/matador-work`"

// TestDocumentsStateThePresent: README.md, CHANGELOG.md, docs/*.md and
// the tools' documents (tools/**/*.md, testdata aside) say how Matador
// is, not which session or issue made it so, and give commands anyone can
// run; the runs kept in tools/runs/ (the ledger, fastchess's states, kept
// fits) hold no path of one machine either.
func TestDocumentsStateThePresent(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, "README.md", "CHANGELOG.md")
	var runs, toolDocs []string
	err = filepath.WalkDir("tools", func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "testdata":
			return filepath.SkipDir
		case d.IsDir():
			return nil
		case strings.HasPrefix(filepath.ToSlash(path), "tools/runs/"):
			runs = append(runs, path)
		case strings.HasSuffix(path, ".md"):
			toolDocs = append(toolDocs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 10 || len(runs) < 10 || len(toolDocs) < 2 {
		t.Fatalf("%d documents, %d kept runs and %d tools' documents: is the walk broken?", len(docs), len(runs), len(toolDocs))
	}
	isToolDoc := map[string]bool{}
	for _, f := range toolDocs {
		isToolDoc[f] = true
	}
	for _, f := range append(append(docs, toolDocs...), runs...) {
		if notYetPresent[filepath.ToSlash(f)] {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		defaults := 0
		for n, line := range strings.Split(string(b), "\n") {
			if isToolDoc[f] && strings.Contains(line, workDefault) {
				if defaults++; defaults > 1 {
					t.Errorf("%s:%d: %q a second time: state WORK's default once, where the environment is listed, and write $WORK", f, n+1, workDefault)
				}
				line = strings.Replace(line, workDefault, "", 1)
			}
			if m := pastMarks.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: say what is, without session or issue numbers or this machine's paths (write $WORK)", f, n+1, m)
			}
		}
	}
}
