//go:build bookfull

package book

import "testing"

// The whole of Debian's book against polyglot's dump of it (about 130,000
// positions; polyglot takes several seconds per colour):
// go test -tags bookfull -run Whole ./internal/book
func TestWholeDebianBookAgainstPolyglot(t *testing.T) {
	polyglot := findPolyglot(t)
	b := openDebianBook(t)
	compareBookWithPolyglot(t, polyglot, b, debianBook, 50000)
}
