package sanitize

import (
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// This file holds what lets a character's context decide its fate, for
// the classes whose characters text needs in some places
// (VariationSelectors, Tags, Invisible): the last bytes of input consumed
// in earlier calls, so that what stands before a character at the start of
// src is known, and the rules that look behind and ahead. Every rule is
// judged on the input, never on what was escaped.

// lookBehind is how many bytes of input before a character the rules can
// see: an emoji with a skin tone and U+FE0F, or a few transparent marks.
const lookBehind = 16

// maxJoinAhead is how many bytes after a joiner the rules look through,
// transparent marks and the character they join to.
const maxJoinAhead = 16

// history is the last bytes consumed before the current src.
type history struct {
	b [lookBehind]byte
	n uint8
}

// contextual are the classes with characters whose context can let them
// pass.
const contextual = VariationSelectors | Tags | Invisible

// remember keeps the last bytes of src[:n], consumed now. It costs
// nothing unless some class looks behind.
func (t *sanitizer) remember(src []byte, n int) {
	if t.set.class&contextual == 0 || n == 0 {
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

// behind returns up to lookBehind bytes of the input just before src[at],
// from src or, at its start, from what earlier calls consumed.
func (t *sanitizer) behind(src []byte, at int, buf *[2 * lookBehind]byte) []byte {
	if at >= lookBehind {
		return src[at-lookBehind : at]
	}
	n := copy(buf[:], t.hist.b[:t.hist.n])
	n += copy(buf[n:], src[:at])
	return buf[max(0, n-lookBehind):n]
}

// last returns the last character of p and the bytes before it; ok is
// false when p is empty or ends in an ill-formed byte.
func last(p []byte) (r rune, rest []byte, ok bool) {
	if len(p) == 0 {
		return 0, p, false
	}
	r, size := utf8.DecodeLastRune(p)
	return r, p[:len(p)-size], r != utf8.RuneError || size > 1
}

// before returns the input's character just before src[at]; ok is false
// at the start of the stream and after an ill-formed byte.
func (t *sanitizer) before(src []byte, at int) (r rune, ok bool) {
	var buf [2 * lookBehind]byte
	r, _, ok = last(t.behind(src, at, &buf))
	return r, ok
}

// context decides about r, of size bytes at src[at], which the options
// escape: it returns how many bytes from there pass unchanged, 0 when r is
// to be escaped, or more when src ends before that can be told and !atEOF.
func (t *sanitizer) context(r rune, size int, src []byte, at int, atEOF bool) (n int, more bool) {
	s := &t.set
	switch {
	case isVariationSelector(r) && s.only(VariationSelectors|Invisible, r):
		if prev, ok := t.before(src, at); ok && isBase(prev) {
			return size, false
		}
	case isTag(r) && s.only(Tags|Invisible, r):
		return t.tagRun(src, at, atEOF)
	case r == 0xFEFF && t.offset+int64(at) == 0 && s.only(Invisible, r):
		return size, false // a byte order mark: the BOM policy's business
	case (r == 0x200C || r == 0x200D) && s.only(Invisible, r):
		return t.joiner(r, size, src, at, atEOF)
	}
	return 0, false
}

// blackFlag is U+1F3F4 WAVING BLACK FLAG, with which the recommended emoji
// tag sequences start.
const blackFlag = 0x1F3F4

// tagRun looks at a tag at src[at]: if it starts the tags of a recommended
// emoji tag sequence, right after U+1F3F4, it returns their length in
// bytes, up to and including the cancel tag U+E007F; otherwise 0, or
// more when src ends before that can be told and !atEOF.
func (t *sanitizer) tagRun(src []byte, at int, atEOF bool) (n int, more bool) {
	if prev, ok := t.before(src, at); !ok || prev != blackFlag || t.set.contains(blackFlag) {
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

// joiner decides about U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH
// JOINER: after a virama both pass (RFC 5892, Appendix A.1 and A.2);
// U+200D passes between two emoji (UTS #51), and U+200C between a
// character that joins on its left and one that joins on its right, with
// transparent characters between (Appendix A.1).
func (t *sanitizer) joiner(r rune, size int, src []byte, at int, atEOF bool) (n int, more bool) {
	var buf [2 * lookBehind]byte
	back := t.behind(src, at, &buf)
	prev, rest, ok := last(back)
	if !ok {
		return 0, false
	}
	if r == 0x200D {
		// Before: Extended_Pictographic, an optional skin tone, an
		// optional U+FE0F. After: Extended_Pictographic. Emoji come
		// first, as the commoner case in text. Each of them must pass
		// itself: were one escaped, its escape would stand next to the
		// joiner in the output, where a second pass would escape the
		// joiner (FuzzInvisible).
		p, rest, ok := prev, rest, ok
		if p == 0xFE0F {
			p, rest, ok = last(rest)
			ok = ok && t.selectorPasses(p)
		}
		if ok && isModifier(p) && !t.set.contains(p) {
			p, _, ok = last(rest)
		}
		if ok && isPictographic(p) && !t.set.contains(p) {
			// What ends in a pictograph is no virama: this is the
			// joiner's one way to pass.
			return t.joinsAhead(size, src[at+size:], atEOF, false, isPictographic)
		}
	}
	if virama(prev) && !t.set.contains(prev) {
		return size, false
	}
	if r == 0x200D {
		return 0, false
	}
	// Before: Joining_Type L or D, after transparent ones. A transparent
	// character that the set escapes does not count as one: its escape
	// would stand next to the joiner in the output, where the joiner
	// would no longer pass, and a second pass would escape it.
	for ok && t.transparent(prev) {
		prev, rest, ok = last(rest)
	}
	if !ok || !joinsAfter(prev) || t.set.contains(prev) {
		return 0, false
	}
	return t.joinsAhead(size, src[at+size:], atEOF, true, joinsBefore)
}

// joinsAhead looks at p, what follows a joiner of size bytes: past
// transparent characters if the rule allows them, the next character must
// be one that joins. It returns size if so.
func (t *sanitizer) joinsAhead(size int, p []byte, atEOF, transparent bool, joins func(rune) bool) (n int, more bool) {
	for i := 0; i < maxJoinAhead; {
		if i == len(p) {
			return 0, !atEOF
		}
		c, n, f := decode(p[i:], atEOF)
		switch {
		case n == 0:
			return 0, true
		case f != 0:
			return 0, false
		case joins(c) && !t.set.contains(c):
			return size, false
		case !transparent || !t.transparent(c):
			return 0, false
		}
		i += n
	}
	return 0, false
}

// selectorPasses reports whether U+FE0F after base passes unchanged, as
// context decides for it: where the set does not escape it, or escapes it
// only as a variation selector or an invisible character and base is a
// base.
func (t *sanitizer) selectorPasses(base rune) bool {
	s := &t.set
	return !s.contains(0xFE0F) || s.only(VariationSelectors|Invisible, 0xFE0F) && isBase(base)
}

// transparent reports whether r is a character that a non-joiner may
// stand beside and still pass (RFC 5892, Appendix A.1): Joining_Type T,
// and not escaped or removed by the set.
func (t *sanitizer) transparent(r rune) bool {
	return joinsThrough(r) && !t.set.contains(r)
}

// The first and last characters of canonical combining class 9 in the
// Unicode version of golang.org/x/text/unicode/norm: U+094D DEVANAGARI
// SIGN VIRAMA and U+11F42 KAWI CONJOINER. TestEmojiBlock checks the bounds.
const firstVirama, lastVirama = 0x094D, 0x11F42

// virama reports whether r has canonical combining class 9, Virama.
// Outside the bounds, which hold Latin and the emoji, it says no without
// looking r up; in the Indic blocks it reads indicViramas.
func virama(r rune) bool {
	switch {
	case r < firstVirama || r > lastVirama:
		return false
	case r <= indicHi:
		return indicViramas().has(r)
	}
	return cccVirama(r)
}

// cccVirama is virama by a lookup of r in the norm package.
func cccVirama(r rune) bool {
	var b [utf8.UTFMax]byte
	return norm.NFD.Properties(b[:utf8.EncodeRune(b[:], r)]).CCC() == 9
}
