package chess

// Zobrist keys, filled from a fixed-seed generator so that keys (and thus
// hash-dependent node counts) are the same in every run.
var (
	zobristPiece    [16][64]uint64
	zobristCastling [16]uint64
	zobristEPFile   [8]uint64
	zobristSide     uint64
)

func init() {
	rng := xorshift(0x2545F4914F6CDD1D)
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = rng.next()
		}
	}
	// Castling keys are XOR-combinations of one key per right, so that
	// dropping one right changes the key by that right's key alone.
	var single [4]uint64
	for i := range single {
		single[i] = rng.next()
	}
	for rights := range zobristCastling {
		for i := 0; i < 4; i++ {
			if rights&(1<<i) != 0 {
				zobristCastling[rights] ^= single[i]
			}
		}
	}
	for f := range zobristEPFile {
		zobristEPFile[f] = rng.next()
	}
	zobristSide = rng.next()
}
