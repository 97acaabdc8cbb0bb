package sanitize

import (
	"testing"
	"unicode"
)

// either returns the bits of a class in the tables of r: mask4 for the
// emoji block, mask3 for U+2000–U+2FFF.
func either(r rune, mask4, mask3 byte) byte {
	if inEmojiBlock(r) {
		return mask4
	}
	return mask3
}

// The vector pass's tables claim no code point for a class that the rules
// do not put in it, and claim all of it in the full rows and in the rows
// that have a bit of their own.
func TestEmojiVecTables(t *testing.T) {
	e := newEmojiTables()
	own := func(rows []rune, r rune) bool {
		for _, first := range rows {
			if r>>6 == first>>6 {
				return true
			}
		}
		return false
	}
	full := func(b *blockBits, r rune) bool { return b[r>>6&63] == ^uint64(0) }
	symbolBase := bitsFrom(0x2000, symbolBases)
	for _, c := range []struct {
		name      string
		lo        rune
		mask      byte
		bits      *blockBits
		rows      []rune
		fullToo   bool
		ruleAgree func(rune) bool
	}{
		{"pictograph", emojiBlockLo, vecPict4, &e.pict, pictRows4, true, isPictographic},
		{"base", emojiBlockLo, vecBase4, &e.base, nil, true, isBase},
		{"skin tone", emojiBlockLo, vecMod4, &e.mod, modRows4, false, isModifier},
		{"symbol pictograph", 0x2000, vecPict3, &e.symbols, pictRows3, true, isPictographic},
		{"symbol base", 0x2000, vecBase3, symbolBase, baseRows3, true, isBase},
	} {
		for r := c.lo; r < c.lo+4096; r++ {
			i := r - c.lo
			has := c.bits[i>>6]&(1<<(i&63)) != 0
			claims := vecClaims(e, r, c.mask)
			if claims && (!has || !c.ruleAgree(r)) {
				t.Errorf("%s: the vector tables claim %U, which is none", c.name, r)
			}
			if !claims && has && (own(c.rows, r) || c.fullToo && full(c.bits, i)) {
				t.Errorf("%s: the vector tables miss %U, in a row they decide", c.name, r)
			}
		}
	}
}

// The vector pass decides the characters of every RGI emoji ZWJ sequence
// (emoji-zwj-sequences.txt): each pictograph and skin tone is in its
// tables, and so is each base before U+FE0F (skipped without the UCD).
func TestEmojiVecCovers(t *testing.T) {
	e := newEmojiTables()
	for _, seq := range zwjSequences(t) {
		for i, r := range seq {
			switch {
			case r == 0x200D:
			case r == 0xFE0F:
				if prev := seq[i-1]; !vecClaims(e, prev, either(prev, vecBase4, vecBase3)) {
					t.Errorf("%U: the vector pass leaves the base %U before U+FE0F", seq, prev)
				}
			case unicode.Is(emojiModifier, r):
				if !vecClaims(e, r, vecMod4) {
					t.Errorf("%U: the vector pass leaves the skin tone %U", seq, r)
				}
			case !vecClaims(e, r, either(r, vecPict4, vecPict3)):
				t.Errorf("%U: the vector pass leaves the pictograph %U", seq, r)
			}
		}
	}
}
