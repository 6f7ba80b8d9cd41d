package eval

// Score packs a middle-game and an end-game value into one int32, so that
// every term is added once instead of twice and the pair is split only when
// the phase blends them at the end.
//
// IPPOLIT: packed opening/endgame score in one 32-bit integer. The end-game
// half lives in the high 16 bits and the middle-game half in the low 16 bits
// as a signed value, so plain addition, subtraction and multiplication by a
// small integer work on both halves at once: a negative middle-game half
// borrows one from the end-game half, and Eg undoes that borrow by rounding.
type Score int32

// S packs a middle-game and an end-game value. Both must fit in 16 bits.
func S(mg, eg int) Score { return Score(int32(eg)<<16 + int32(mg)) }

// Mg returns the middle-game half.
func (s Score) Mg() int { return int(int16(s)) }

// Eg returns the end-game half.
func (s Score) Eg() int { return int(int16((int32(s) + 0x8000) >> 16)) }
