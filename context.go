package sanitize

import "unicode/utf8"

// This file holds what lets a character's context decide its fate: the
// last bytes of input consumed in earlier calls, so that the character
// before one at the start of src is known, and the rules that use it.
// Variation selectors (VariationSelectors) pass directly after a base
// character.

// history is the last bytes consumed before the current src: enough for
// the character just before it.
type history struct {
	b [utf8.UTFMax]byte
	n uint8
}

// remember keeps the last bytes of src[:n], consumed now. It costs
// nothing unless some class looks behind.
func (t *sanitizer) remember(src []byte, n int) {
	if t.set.class&VariationSelectors == 0 || n == 0 {
		return
	}
	h := &t.hist
	if n >= len(h.b) {
		copy(h.b[:], src[n-len(h.b):n])
		h.n = uint8(len(h.b))
		return
	}
	keep := min(int(h.n), len(h.b)-n)
	copy(h.b[:keep], h.b[int(h.n)-keep:h.n])
	copy(h.b[keep:], src[:n])
	h.n = uint8(keep + n)
}

// before returns the input's character just before src[at], from src or,
// at its start, from what earlier calls consumed; ok is false at the start
// of the stream and after an ill-formed byte.
func (t *sanitizer) before(src []byte, at int) (r rune, ok bool) {
	p := src[:at]
	if at < utf8.UTFMax {
		var b [2 * utf8.UTFMax]byte
		n := copy(b[:], t.hist.b[:t.hist.n])
		n += copy(b[n:], p)
		p = b[:n]
	}
	if len(p) == 0 {
		return 0, false
	}
	r, size := utf8.DecodeLastRune(p)
	return r, r != utf8.RuneError || size > 1
}

// keeps reports whether r, which the options escape, passes where it
// stands at src[at]: a variation selector, escaped only as one, directly
// after a base character.
func (t *sanitizer) keeps(r rune, src []byte, at int) bool {
	if !t.set.selectorOnly(r) {
		return false
	}
	prev, ok := t.before(src, at)
	return ok && isBase(prev)
}
