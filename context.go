package sanitize

import "unicode/utf8"

// This file holds what lets a character's context decide its fate: the
// last bytes of input consumed in earlier calls, so that the character
// before one at the start of src is known, and the rules that use it.
// Variation selectors (VariationSelectors) pass directly after a base
// character; tags (Tags) pass as the rest of a recommended emoji tag
// sequence after U+1F3F4, which takes looking ahead too.

// history is the last bytes consumed before the current src: enough for
// the character just before it.
type history struct {
	b [utf8.UTFMax]byte
	n uint8
}

// remember keeps the last bytes of src[:n], consumed now. It costs
// nothing unless some class looks behind.
func (t *sanitizer) remember(src []byte, n int) {
	if t.set.class&(VariationSelectors|Tags) == 0 || n == 0 {
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
	if !t.set.only(VariationSelectors, r) {
		return false
	}
	prev, ok := t.before(src, at)
	return ok && isBase(prev)
}

// blackFlag is U+1F3F4 WAVING BLACK FLAG, with which the recommended emoji
// tag sequences start.
const blackFlag = 0x1F3F4

// tagRun looks at a tag at src[at], escaped only as a member of Tags: if
// it starts the tags of a recommended emoji tag sequence, right after
// U+1F3F4, it returns their length in bytes, up to and including the
// cancel tag U+E007F. more reports that src ends before that can be told
// and !atEOF. Otherwise it returns 0.
func (t *sanitizer) tagRun(r rune, src []byte, at int, atEOF bool) (n int, more bool) {
	if !t.set.only(Tags, r) {
		return 0, false
	}
	if prev, ok := t.before(src, at); !ok || prev != blackFlag {
		return 0, false
	}
	p := src[at:]
	for _, seq := range rgiTagSequences {
		tail := seq[utf8.RuneLen(blackFlag):]
		switch {
		case len(p) >= len(tail) && string(p[:len(tail)]) == tail:
			return len(tail), false
		case len(p) < len(tail) && string(p) == tail[:len(p)] && !atEOF:
			more = true
		}
	}
	return 0, more
}
