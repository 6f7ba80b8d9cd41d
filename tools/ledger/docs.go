package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A document's generated table stands between two markers, as
// tools/ablate writes docs/techniques.md's table:
//
//	<!-- ledger:begin NAME -->
//	(the table NAME, from the ledger)
//	<!-- ledger:end -->
const (
	docBegin = "<!-- ledger:begin "
	docEnd   = "<!-- ledger:end -->"
)

// Documents are the files whose blocks the ledger fills: README.md and
// docs/*.md of the repository at root.
func Documents(root string) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	return append([]string{filepath.Join(root, "README.md")}, docs...), nil
}

// Fill is the document text with every ledger block rewritten from recs,
// and the number of blocks.
func Fill(doc []byte, recs []Record) ([]byte, int, error) {
	var out bytes.Buffer
	rest := doc
	n := 0
	for {
		i := bytes.Index(rest, []byte(docBegin))
		if i < 0 {
			out.Write(rest)
			return out.Bytes(), n, nil
		}
		close := bytes.Index(rest[i:], []byte(" -->"))
		if close < 0 {
			return nil, n, fmt.Errorf("a %q marker without its closing -->", docBegin)
		}
		name := strings.TrimSpace(string(rest[i+len(docBegin) : i+close]))
		start := i + close + len(" -->")
		j := bytes.Index(rest[start:], []byte(docEnd))
		if j < 0 {
			return nil, n, fmt.Errorf("table %s: %q is not closed by %q", name, docBegin+name+" -->", docEnd)
		}
		md, err := Markdown(name, recs)
		if err != nil {
			return nil, n, err
		}
		out.Write(rest[:start])
		out.WriteString("\n" + md)
		rest = rest[start+j:]
		n++
	}
}

// FillAll rewrites (write true) or checks the ledger blocks of every
// document under root; it returns the documents whose blocks differ
// from what the ledger gives.
func FillAll(root string, recs []Record, write bool) (stale []string, blocks int, err error) {
	docs, err := Documents(root)
	if err != nil {
		return nil, 0, err
	}
	for _, d := range docs {
		b, err := os.ReadFile(d)
		if err != nil {
			return nil, blocks, err
		}
		filled, n, err := Fill(b, recs)
		if err != nil {
			return nil, blocks, fmt.Errorf("%s: %v", d, err)
		}
		blocks += n
		if bytes.Equal(filled, b) {
			continue
		}
		stale = append(stale, d)
		if write {
			if err := os.WriteFile(d, filled, 0o644); err != nil {
				return stale, blocks, err
			}
		}
	}
	return stale, blocks, nil
}
