package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"matador/internal/chess"
)

// Error is a problem in one game of a PGN file. The reader goes on with the
// next game after it.
type Error struct {
	Game int // 1 for the first game of the input
	Line int // the line where the problem was seen
	Err  error
}

func (e *Error) Error() string {
	return fmt.Sprintf("game %d, line %d: %v", e.Game, e.Line, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Reader reads games one by one from a PGN text.
type Reader struct {
	lex    lexer
	games  int
	pushed *token // a token read ahead and given back
}

// NewReader reads PGN from r.
func NewReader(r io.Reader) *Reader {
	br := bufio.NewReader(r)
	// A byte-order mark, which editors on Windows write, would otherwise
	// spoil the first game's first tag.
	if start, _ := br.Peek(3); string(start) == "\xEF\xBB\xBF" {
		br.Discard(3)
	}
	return &Reader{lex: lexer{r: br, line: 1, lineStart: true}}
}

// ReadAll reads every game of a PGN text. It stops at the first error,
// returning the games read before it.
func ReadAll(r io.Reader) ([]*Game, error) {
	pr := NewReader(r)
	var games []*Game
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games = append(games, g)
	}
}

// Next returns the next game, or io.EOF when there is none. A game with a
// bad tag, FEN or move comes back with an *Error, holding the moves read
// before the problem; the following call reads the next game.
func (r *Reader) Next() (*Game, error) {
	g := &Game{}
	var (
		pos       *chess.Position
		gameErr   error
		errLine   int
		depth     int  // nesting of variations being skipped
		started   bool // some token of this game has been read
		inMoves   bool // the movetext has begun
		resultTag string
		text      int // bytes of tags and comments kept
		comments  commentJoiner
	)
	defer comments.flush(g)
	fail := func(line int, err error) {
		if gameErr == nil {
			gameErr, errLine = err, line
		}
	}
	// setup builds the start position when the movetext begins, once all
	// tags (FEN, Variant) are known.
	setup := func(line int) {
		if inMoves {
			return
		}
		inMoves = true
		p, err := g.StartPosition()
		if err != nil {
			fail(line, startError(err))
			return
		}
		pos = p
	}
	for {
		tok, err := r.next()
		if err != nil {
			return nil, err
		}
		if tok.kind == tokEOF {
			if !started {
				return nil, io.EOF
			}
			break
		}
		if tok.kind == tokTagOpen && inMoves && depth == 0 {
			// A new game's tags without a result before them: this game is over.
			r.pushed = &tok
			break
		}
		if !started && (tok.kind != tokComment || tok.unclosed || tok.long) && tok.kind != tokNAG {
			// A comment between games starts none, unless it swallows
			// the rest of the input: that is reported as a game's error.
			started = true
			r.games++
		}
		if tok.unclosed {
			fail(tok.line, errors.New("a comment { opened here is never closed: the rest of the input is inside it"))
		}
		if tok.long {
			fail(tok.line, fmt.Errorf("%s longer than %d bytes", tokenName(tok.kind), maxToken))
		}
		if depth > 0 {
			switch tok.kind {
			case tokOpenVariation:
				depth++
			case tokCloseVariation:
				depth--
			}
			continue
		}
		done := false
		switch tok.kind {
		case tokTagOpen:
			name, value, err := r.tag()
			if err != nil {
				fail(tok.line, err)
				continue
			}
			if text += len(name) + len(value) + 32; text > maxGameText {
				fail(tok.line, fmt.Errorf("the tags and comments of this game are longer than %d bytes", maxGameText))
				continue
			}
			g.Tags = append(g.Tags, Tag{name, value})
			if name == "Result" {
				resultTag = value
			}
		case tokTagClose, tokString:
			fail(tok.line, fmt.Errorf("unexpected %s outside a tag", tok))
		case tokComment:
			if n := len(g.Moves); n > 0 && gameErr == nil {
				if text += len(tok.text); text > maxGameText {
					fail(tok.line, fmt.Errorf("the tags and comments of this game are longer than %d bytes", maxGameText))
					continue
				}
				comments.add(g, n-1, tok.text)
			}
		case tokNAG:
		case tokOpenVariation:
			setup(tok.line)
			depth++
		case tokCloseVariation:
			fail(tok.line, errors.New("unmatched )"))
		case tokSymbol:
			if isResult(tok.text) {
				setup(tok.line)
				g.Result = tok.text
				done = true
				break
			}
			text := stripMoveNumber(tok.text)
			if text == "" || strings.Trim(text, "!?") == "" {
				continue // a move number, or an annotation glyph on its own
			}
			setup(tok.line)
			if gameErr != nil {
				continue // skip to the end of the game
			}
			if len(text) > maxMoveText {
				fail(tok.line, fmt.Errorf("move %d%s: not a move: %q", pos.FullMoveNumber(), dots(pos), clip(text)))
				continue
			}
			if len(g.Moves) >= maxPlies {
				fail(tok.line, fmt.Errorf("more than %d plies: no game the rules allow is this long", maxPlies))
				continue
			}
			m, err := pos.ParseSAN(text)
			if err != nil {
				fail(tok.line, fmt.Errorf("move %d%s: %w", pos.FullMoveNumber(), dots(pos), err))
				continue
			}
			g.Moves = append(g.Moves, m)
			pos.MakeMove(m)
		}
		if done {
			break
		}
	}
	if depth > 0 {
		fail(r.lex.line, errors.New("variation not closed"))
	}
	if !inMoves && gameErr == nil {
		// Tags only: still check the FEN, so a caller sees a bad one.
		if _, err := g.StartPosition(); err != nil {
			fail(r.lex.line, startError(err))
		}
	}
	if g.Result == "" {
		g.Result = "*"
		if isResult(resultTag) {
			g.Result = resultTag
		}
	}
	if gameErr != nil {
		return g, &Error{Game: r.games, Line: errLine, Err: gameErr}
	}
	return g, nil
}

// tag reads the rest of a tag pair after its "[".
func (r *Reader) tag() (name, value string, err error) {
	tok, err := r.next()
	if err != nil {
		return "", "", err
	}
	if tok.kind != tokSymbol {
		return "", "", fmt.Errorf("tag name expected after [, got %s", tok)
	}
	if tok.long {
		return "", "", fmt.Errorf("a tag name longer than %d bytes", maxToken)
	}
	name = tok.text
	tok, err = r.next()
	if err != nil {
		return "", "", err
	}
	if tok.kind != tokString {
		return "", "", fmt.Errorf("quoted value expected in tag %s, got %s", name, tok)
	}
	if tok.long {
		return "", "", fmt.Errorf("the value of tag %s is longer than %d bytes", clip(name), maxToken)
	}
	value = tok.text
	tok, err = r.next()
	if err != nil {
		return "", "", err
	}
	if tok.kind != tokTagClose {
		return "", "", fmt.Errorf("] expected after tag %s, got %s", name, tok)
	}
	return name, value, nil
}

func (r *Reader) next() (token, error) {
	if r.pushed != nil {
		t := *r.pushed
		r.pushed = nil
		return t, nil
	}
	return r.lex.next()
}

func isResult(s string) bool {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// stripMoveNumber removes a move number glued to a move ("12.Nf3",
// "12...Nf3") and returns "" for a bare number ("12", "12.", "...").
// Castling written with zeros (0-0) is left alone.
func stripMoveNumber(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == len(s) {
		return ""
	}
	if s[i] != '.' {
		return s
	}
	return strings.TrimLeft(s[i:], ".")
}

// dots writes the move number suffix of the side to move: "." or "...".
func dots(pos *chess.Position) string {
	if pos.SideToMove() == chess.White {
		return "."
	}
	return "..."
}

// commentJoiner gathers the comments that follow one move, so that many
// of them cost the text's length once, not its square.
type commentJoiner struct {
	move int // the move they follow; meaningful when sb is not empty
	sb   strings.Builder
}

func (c *commentJoiner) add(g *Game, move int, text string) {
	if c.sb.Len() > 0 && c.move != move {
		c.flush(g)
	}
	if c.sb.Len() == 0 {
		c.move = move
		c.sb.WriteString(g.Note(move).Comment)
	}
	b := strings.Join(strings.Fields(text), " ")
	if c.sb.Len() > 0 && b != "" {
		c.sb.WriteByte(' ')
	}
	c.sb.WriteString(b)
}

// flush puts the comments gathered into their move's note.
func (c *commentJoiner) flush(g *Game) {
	if c.sb.Len() > 0 {
		g.Note(c.move).Comment = c.sb.String()
		c.sb.Reset()
	}
}

func tokenName(k tokenKind) string {
	switch k {
	case tokComment:
		return "a comment"
	case tokString:
		return "a tag value"
	case tokNAG:
		return "a NAG"
	}
	return "a word"
}

type tokenKind int

const (
	tokEOF tokenKind = iota
	tokTagOpen
	tokTagClose
	tokString
	tokSymbol
	tokComment
	tokNAG
	tokOpenVariation
	tokCloseVariation
)

type token struct {
	kind tokenKind
	text string
	line int
	// unclosed: a { comment that the input ended inside.
	unclosed bool
	// long: a token longer than maxToken, whose text is cut there.
	long bool
}

// The reader's bounds. No real game comes near them; a hostile or broken
// file (a comment of 300 MB, a word without a space, a game of moves
// shuffled back and forth for ever) would otherwise cost the reader its
// size in memory, and more. Lines need no bound of their own: the lexer
// holds a token, never a line.
const (
	// maxToken is the most bytes kept of one comment, tag value, word or
	// NAG; the rest of it is read and dropped, and the game is bad.
	maxToken = 1 << 20
	// maxGameText is the most bytes of comments and tags one game keeps.
	maxGameText = 4 << 20
	// maxPlies is the most moves one game holds: more than the longest
	// game the rules allow (the seventy-five-move rule and fivefold
	// repetition end any game within about 17,700 plies).
	maxPlies = 1 << 15
	// maxMoveText is the longest word read as a move: SAN with a glued
	// move number and annotation glyphs ("1234...Qxe4+!?") is far shorter.
	maxMoveText = 64
)

func (t token) String() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokTagOpen:
		return "["
	case tokTagClose:
		return "]"
	case tokString:
		return fmt.Sprintf("string %q", clip(t.text))
	case tokComment:
		return "a comment"
	case tokNAG:
		return "$" + t.text
	case tokOpenVariation:
		return "("
	case tokCloseVariation:
		return ")"
	}
	return fmt.Sprintf("%q", clip(t.text))
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// lexer splits PGN text into tokens. It works on bytes: everything outside
// ASCII can only be part of a symbol, a string or a comment.
type lexer struct {
	r         *bufio.Reader
	line      int
	lineStart bool // the next byte begins a line (for % escapes)
	long      bool // the token being read went past maxToken
}

func (l *lexer) readByte() (byte, error) {
	b, err := l.r.ReadByte()
	if err != nil {
		return 0, err
	}
	l.lineStart = b == '\n'
	if b == '\n' {
		l.line++
	}
	return b, nil
}

func (l *lexer) unreadByte(b byte) {
	l.r.UnreadByte()
	if b == '\n' {
		l.line--
	}
	l.lineStart = false
}

// isDelimiter reports the bytes that end a symbol.
func isDelimiter(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '\v', '\f', '[', ']', '(', ')', '{', '}', ';', '"', '$':
		return true
	}
	return false
}

func (l *lexer) next() (token, error) {
	tok, err := l.token()
	tok.long = l.long
	l.long = false
	return tok, err
}

func (l *lexer) token() (token, error) {
	for {
		atLineStart := l.lineStart
		b, err := l.readByte()
		if err == io.EOF {
			return token{kind: tokEOF, line: l.line}, nil
		}
		if err != nil {
			return token{}, err
		}
		line := l.line
		switch {
		case b == '%' && atLineStart:
			// Escape line: ignored to its end.
			if err := l.skipLine(); err != nil {
				return token{}, err
			}
		case b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f':
		case b == '[':
			return token{kind: tokTagOpen, line: line}, nil
		case b == ']':
			return token{kind: tokTagClose, line: line}, nil
		case b == '(':
			return token{kind: tokOpenVariation, line: line}, nil
		case b == ')':
			return token{kind: tokCloseVariation, line: line}, nil
		case b == '}':
			// A stray closing brace: nothing to do with it.
		case b == '{':
			text, closed, err := l.readUntilEnd('}')
			return token{kind: tokComment, text: text, line: line, unclosed: !closed}, err
		case b == ';':
			text, err := l.readUntil('\n')
			return token{kind: tokComment, text: text, line: line}, err
		case b == '"':
			text, err := l.readString()
			return token{kind: tokString, text: text, line: line}, err
		case b == '$':
			text, err := l.readSymbol(nil)
			return token{kind: tokNAG, text: text, line: line}, err
		default:
			text, err := l.readSymbol([]byte{b})
			return token{kind: tokSymbol, text: text, line: line}, err
		}
	}
}

// skipLine reads to the end of the line, keeping nothing.
func (l *lexer) skipLine() error {
	for {
		b, err := l.readByte()
		if err == io.EOF || err == nil && b == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// keep appends b to a token's text, up to maxToken bytes.
func (l *lexer) keep(sb *strings.Builder, b byte) {
	if sb.Len() < maxToken {
		sb.WriteByte(b)
	} else {
		l.long = true
	}
}

// readUntil reads up to and including end (or the end of input) and
// returns what came before end.
func (l *lexer) readUntil(end byte) (string, error) {
	text, _, err := l.readUntilEnd(end)
	return text, err
}

// readUntilEnd is readUntil that also tells whether end was found before
// the end of input.
func (l *lexer) readUntilEnd(end byte) (text string, found bool, err error) {
	var sb strings.Builder
	for {
		b, err := l.readByte()
		if err == io.EOF {
			return sb.String(), false, nil
		}
		if err != nil {
			return "", false, err
		}
		if b == end {
			return sb.String(), true, nil
		}
		l.keep(&sb, b)
	}
}

// readString reads a tag value after its opening quote: \" and \\ are
// escapes, and the string ends at the closing quote or, when that is
// missing, at the end of the line.
func (l *lexer) readString() (string, error) {
	var sb strings.Builder
	for {
		b, err := l.readByte()
		if err == io.EOF {
			return sb.String(), nil
		}
		if err != nil {
			return "", err
		}
		switch b {
		case '"':
			return sb.String(), nil
		case '\n':
			l.unreadByte(b)
			return sb.String(), nil
		case '\\':
			c, err := l.readByte()
			if err == io.EOF {
				return sb.String(), nil
			}
			if err != nil {
				return "", err
			}
			if c != '"' && c != '\\' {
				l.keep(&sb, '\\')
			}
			if c == '\n' {
				l.unreadByte(c)
				return sb.String(), nil
			}
			l.keep(&sb, c)
		default:
			l.keep(&sb, b)
		}
	}
}

func (l *lexer) readSymbol(prefix []byte) (string, error) {
	var buf strings.Builder
	buf.Write(prefix)
	for {
		b, err := l.readByte()
		if err == io.EOF {
			return buf.String(), nil
		}
		if err != nil {
			return "", err
		}
		if isDelimiter(b) {
			l.unreadByte(b)
			return buf.String(), nil
		}
		l.keep(&buf, b)
	}
}

// startError says why a game has no start position: its variant, or its
// FEN tag.
func startError(err error) error {
	var v *VariantError
	if errors.As(err, &v) {
		return err
	}
	return fmt.Errorf("bad FEN tag: %w", err)
}
