package tb

// Values are compressed by recursive pairing: the most frequent pair of
// adjacent values (or symbols) becomes a new symbol, again and again, and the
// resulting symbols are Huffman-coded in blocks. A sparse index gives, every
// 1<<indexBits positions, the block and the offset in it; the block size
// table gives how many values each block holds, so the decoder walks from the
// index entry to the block holding the position, decodes symbols until it
// reaches the one covering the position, and descends that symbol's pairs to
// the value.

func le16(b []byte) int64 { return int64(b[0]) | int64(b[1])<<8 }

func le32(b []byte) int64 {
	return int64(b[0]) | int64(b[1])<<8 | int64(b[2])<<16 | int64(b[3])<<24
}

func be32(b []byte) uint64 {
	return uint64(b[0])<<24 | uint64(b[1])<<16 | uint64(b[2])<<8 | uint64(b[3])
}

// blockSlack is how far past its block the decoder may read: the bit reader
// fetches 32 bits ahead. Every block but the last is followed by the next;
// the last by the file's 16-byte checksum.
const blockSlack = 16

// value returns the stored value of position idx of sub-table p; ok is false
// when the file does not hold a well-formed answer (a corrupt file).
func (t *table) value(p *pairs, idx uint64) (v int, ok bool) {
	if p.single {
		return p.value, true
	}
	main := int64(idx >> p.indexBits)
	if main >= p.numIndices {
		return 0, false
	}
	entry := t.m.bytes(p.indexTable+6*main, 6)
	if len(entry) < 6 {
		return 0, false
	}
	block := le32(entry)
	// The entry describes the middle position of its stretch.
	lit := int64(idx&(1<<p.indexBits-1)) - int64(1)<<(p.indexBits-1) + le16(entry[4:])

	for lit < 0 {
		block--
		if block < 0 {
			return 0, false
		}
		s := t.m.bytes(p.sizeTable+2*block, 2)
		if len(s) < 2 {
			return 0, false
		}
		lit += le16(s) + 1
	}
	for {
		if block < 0 || block >= p.numBlocks {
			return 0, false
		}
		s := t.m.bytes(p.sizeTable+2*block, 2)
		if len(s) < 2 {
			return 0, false
		}
		n := le16(s)
		if lit <= n {
			break
		}
		lit -= n + 1
		block++
	}
	if block >= p.realBlocks {
		return 0, false
	}

	start := p.data + block<<p.blockBits
	n := min(int64(1)<<p.blockBits+blockSlack, t.m.size()-start)
	b := t.m.bytes(start, n)
	if len(b) < 8 {
		return 0, false
	}
	code := be32(b)<<32 | be32(b[4:])
	next := 8
	bits := uint(0) // bits of code used up and not yet refilled
	var sym int
	for {
		i := 0
		for code < p.base[i] {
			i++
			if i >= len(p.base) {
				return 0, false
			}
		}
		length := uint(p.minLen + i)
		sym = int(p.lowest[i]) + int((code-p.base[i])>>(64-length))
		if sym >= len(p.symLen) {
			return 0, false
		}
		if lit < int64(p.symLen[sym])+1 {
			break
		}
		lit -= int64(p.symLen[sym]) + 1
		code <<= length
		bits += length
		if bits >= 32 {
			bits -= 32
			if next+4 > len(b) {
				return 0, false
			}
			code |= be32(b[next:]) << bits
			next += 4
		}
	}
	// Descend the pairs to the value at offset lit inside the symbol.
	for p.symLen[sym] != 0 {
		left, right := int(p.symPair[sym]&0xfff), int(p.symPair[sym]>>12)
		if lit < int64(p.symLen[left])+1 {
			sym = left
		} else {
			lit -= int64(p.symLen[left]) + 1
			sym = right
		}
	}
	leaf := int(p.symPair[sym] & 0xfff)
	if t.kind == wdlTable {
		leaf &= 0xff
	}
	return leaf, true
}
