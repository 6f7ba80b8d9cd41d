package chess

// Perft counts the leaf nodes of the legal move tree to the given depth,
// counting the last ply by the length of the move list (bulk counting).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var ml MoveList
	p.GenerateLegal(&ml)
	if depth == 1 {
		return uint64(ml.N)
	}
	var nodes uint64
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		nodes += p.Perft(depth - 1)
		p.UnmakeMove(m)
	}
	return nodes
}

// DivideEntry is one root move with the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide runs perft below each root move.
func (p *Position) Divide(depth int) []DivideEntry {
	var ml MoveList
	p.GenerateLegal(&ml)
	out := make([]DivideEntry, 0, ml.N)
	for _, m := range ml.Moves[:ml.N] {
		p.MakeMove(m)
		out = append(out, DivideEntry{m, p.Perft(depth - 1)})
		p.UnmakeMove(m)
	}
	return out
}
