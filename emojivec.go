package sanitize

import "unicode"

// This file holds the tables of the kernel's vector pass over the emoji
// of a block (veccopy512_amd64.s, EMOJIS_VEC): on chat text dense with
// emoji sequences, deciding each joiner and selector in scalar code, one
// flag at a time with branches that the processor could not predict, cost
// most of the time. The vector pass decides them all at once, with masks of
// the characters that end at each byte, and leaves what it cannot tell to
// the scalar code, which decides as before: it only passes, never fails.
//
// A character of the emoji block, F0 9F xx yy, is looked up by its last two
// bytes: VPERMB takes a byte of rows4 by the low six bits of xx and one of
// cols4 by those of yy, and the character is in a class where the two have
// one of the class's bits in common. A row all of whose 64 code points are
// in the class has the class's first bit, which every column has; a few
// rows that are not, picked for the emoji sequences that use them, have a
// bit of their own, set in the columns of the class's code points in that
// row; any other row has none, and the scalar code decides there. The
// characters E2 xx yy, U+2000–U+2FFF, are looked up the same way in rows3
// and cols3.

// The rows (their first code points) with a bit of their own: those of
// the emoji block and of U+2000–U+2FFF that are neither all in a class nor
// all out of it, and that hold characters of the RGI emoji ZWJ sequences
// (emoji-zwj-sequences.txt: TestEmojiVecCovers). The bases of the emoji
// block need none: those before U+FE0F in the sequences are all in full
// rows.
var (
	// 🏃 to 🏿, with the skin tones; 🤝, 🤦, 🤷; 🙅 to 🙏; 🔥, 🔧, 🔬;
	// 🕵.
	pictRows4 = []rune{0x1F3C0, 0x1F900, 0x1F640, 0x1F500, 0x1F540}
	modRows4  = []rune{0x1F3C0} // the skin tones
	// ❤ and ❄; ⚕, ⚖ and ⚧; ✈; ⬛; ☠.
	pictRows3 = []rune{0x2740, 0x2680, 0x2700, 0x2B00, 0x2600}
	baseRows3 = []rune{0x2180} // ↔ to ↿: the arrows from U+2190
)

// The bits of the classes in rows4 and cols4, and in rows3 and cols3.
const (
	vecPict4 = 0x3F // all of a row 0x01, then a bit for each of pictRows4
	vecBase4 = 0x40 // all of a row, and no more
	vecMod4  = 0x80 // modRows4 alone
	vecPict3 = 0x3F // 0x01, then pictRows3
	vecBase3 = 0xC0 // 0x40, then baseRows3
)

// The 64-byte vectors of emojiTables.bytes: bytes that the vector pass
// compares with, and the class bits above, each repeated 64 times.
const (
	vbF0 = iota
	vb9F
	vbE2
	vb80
	vb8D
	vbEF
	vbB8
	vb8F
	vbC0 // under it, as signed bytes: continuation bytes
	vb90 // under it, as signed bytes: 80–8F
	vb20
	vb7F
	vbPict4
	vbBase4
	vbMod4
	vbPict3
	vbBase3
	vbF3 // before the second byte of a tag
	vb8C // the last byte of a non-joiner (NONJOINERS_VEC, VIRAMAS_VEC)
	vbE0 // the lead of a virama of the Indic blocks
	vb5F // added to 21–7E, as signed bytes: under DE (EMOJIS_WELL)
	vbDE
	vbBF // taken from a lead, with saturation, for leadsAt (NONJOINERS_RUN)
	vbFE // 8C and 8D alike under it (VIRAMAS_RUN)
	vecBytes
)

// symbolBases are the bases of U+2000–U+2FFF that the kernel takes, as
// SYMBOL_BASE does (TestEmojiTables checks that isBase has them all).
var symbolBases = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x2190, Hi: 0x23FF, Stride: 1}, {Lo: 0x2600, Hi: 0x27BF, Stride: 1}}}

// setVec fills the vector pass's tables of e, whose bitmaps are set.
func (e *emojiTables) setVec() {
	classify(&e.rows4, &e.cols4, &e.pict, 0x01, 0x02, pictRows4)
	classify(&e.rows4, &e.cols4, &e.base, 0x40, 0, nil)
	classify(&e.rows4, &e.cols4, &e.mod, 0, 0x80, modRows4)
	classify(&e.rows3, &e.cols3, &e.symbols, 0x01, 0x02, pictRows3)
	classify(&e.rows3, &e.cols3, bitsFrom(0x2000, symbolBases), 0x40, 0x80, baseRows3)
	for i, b := range [vecBytes]byte{0xF0, 0x9F, 0xE2, 0x80, 0x8D, 0xEF, 0xB8, 0x8F, 0xC0, 0x90, 0x20, 0x7F,
		vecPict4, vecBase4, vecMod4, vecPict3, vecBase3, 0xF3, 0x8C, 0xE0, 0x5F, 0xDE, 0xBF, 0xFE} {
		for j := range e.bytes[i] {
			e.bytes[i][j] = b
		}
	}
}

// classify adds to rows and cols the class whose code points b holds, in
// rows of 64 code points: bit all for the rows that are full (none if all
// is 0), which every column has, and bit own, then the next ones up, for
// the rows that start at the code points of rows, one bit each, which
// their columns in the class have. A row's index is the low six bits of
// the byte before the last of its characters, bits 6–11 of each.
func classify(rows, cols *[64]byte, b *blockBits, all, own byte, first []rune) {
	if all != 0 {
		for r, row := range b {
			if row == ^uint64(0) {
				rows[r] |= all
			}
		}
		for c := range cols {
			cols[c] |= all
		}
	}
	for _, f := range first {
		r := f >> 6 & 63
		rows[r] |= own
		for c := range cols {
			if b[r]&(1<<c) != 0 {
				cols[c] |= own
			}
		}
		own <<= 1
	}
}
