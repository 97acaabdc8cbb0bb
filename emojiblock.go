package sanitize

import "unicode"

// This file holds what the context rules (context.go) ask most often about
// the characters of U+1F000–U+1FFFF, where most emoji are: whether one is
// Extended_Pictographic, a skin-tone modifier, or a base for a variation
// selector. Chat text asks for every joiner and selector, and a binary
// search of a range table for each was a fifth of the time on it. The
// bitmaps are worked out from the same range tables at start-up, range by
// range, and TestEmojiBlock holds them to the tables code point by code
// point.

// The emoji block, U+1F000–U+1FFFF: its lead bytes in UTF-8 are F0 9F.
const (
	emojiBlockLo = 0x1F000
	emojiBlockHi = 0x1FFFF
)

// blockBits is a set of code points of the emoji block.
type blockBits [(emojiBlockHi - emojiBlockLo + 1) / 64]uint64

// has reports whether r, which must be in the emoji block, is in b.
func (b *blockBits) has(r rune) bool {
	return b.bit(int(r - emojiBlockLo))
}

// bit reports whether bit i of b is set: whether b, made by bitsFrom
// from first, holds first+i.
func (b *blockBits) bit(i int) bool {
	return b[i>>6]&(1<<(i&63)) != 0
}

// blockOf returns the code points of the emoji block that some table
// holds.
func blockOf(tables ...*unicode.RangeTable) *blockBits {
	return bitsFrom(emojiBlockLo, tables...)
}

// bitsFrom returns the code points of the 4096 from first that some table
// holds, as a blockBits whose bit i stands for first+i.
func bitsFrom(first rune, tables ...*unicode.RangeTable) *blockBits {
	b := new(blockBits)
	last := first + rune(len(b)*64) - 1
	for _, rt := range tables {
		tableRanges(rt, func(lo, hi rune) {
			for r := max(lo, first); r <= min(hi, last); r++ {
				i := r - first
				b[i>>6] |= 1 << (i & 63)
			}
		})
	}
	return b
}

var (
	pictographicBlock = blockOf(extendedPictographic)
	modifierBlock     = blockOf(emojiModifier)
	// No variation selector or default-ignorable code point is in the
	// block, so a base there is what isBase's categories say.
	baseBlock = blockOf(unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
)

// inEmojiBlock reports whether r is in U+1F000–U+1FFFF.
func inEmojiBlock(r rune) bool { return emojiBlockLo <= r && r <= emojiBlockHi }

// isPictographic reports whether r is Extended_Pictographic.
func isPictographic(r rune) bool {
	if inEmojiBlock(r) {
		return pictographicBlock.has(r)
	}
	return unicode.Is(extendedPictographic, r)
}

// isModifier reports whether r is Emoji_Modifier, a skin tone: all of them
// are in the emoji block.
func isModifier(r rune) bool {
	return inEmojiBlock(r) && modifierBlock.has(r)
}
