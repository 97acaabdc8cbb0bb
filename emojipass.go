package sanitize

import "unicode/utf8"

// This file holds a fast path for the context rules (context.go) on emoji
// sequences, which chat text is full of: a joiner between two emoji, and
// U+FE0F after a base, are what the kernel stops at with the invisible
// classes, one each time, and each went through unit, the class tests and
// the rules, which cost some 90 ns. passEmoji passes a whole run of them
// and of the emoji between them at once, deciding only the plainest cases
// itself, exactly as the rules would, and leaving everything else to
// them. sanitizer.reference turns it off, so that the tests hold it to the
// rules (TestEmojiPassMatchesRules, TestFastPathsMatchReference,
// FuzzInvisible).

// emojiFast reports whether passEmoji may run for s: U+200D and U+FE0F are
// clean or escaped only as members of the classes whose rules let them
// pass in context, and nothing of U+1F000–U+1FFFF is escaped. The kernel
// that copies decides joiners, selectors, tags and non-joiners then
// (emojikernel.go), so U+200C must be so too.
func emojiFast(s *set) bool {
	ok := func(r rune, c Class) bool { return !s.contains(r) || s.only(c, r) }
	return s.emojiClean && s.class&contextual != 0 &&
		ok(0x200D, Invisible) && ok(0x200C, Invisible) && ok(0xFE0F, VariationSelectors|Invisible)
}

// passEmoji returns how many bytes from src[at] pass unchanged as a run of
// joiners between emoji, presentation selectors after a base, and emoji of
// U+1F000–U+1FFFF, and of joiners and non-joiners as the kernel that copies
// passes them in Indic and Arabic text (viramaPasses, nonJoinerPasses), at
// most room; 0 when the first of them is not one the fast path can
// decide. Each of them is judged on the input around it, as
// the rules judge it: it needs the bytes before it in src (no look into
// what earlier calls consumed) and, for a joiner, the whole emoji after it.
func (t *sanitizer) passEmoji(src []byte, at, room int) int {
	n := at
	for end := at + room; n < len(src); {
		var size int
		switch p := src[n:]; {
		case isEmoji(p):
			size = 4 // an emoji, which no option escapes here
		case len(p) >= 3 && p[0] == 0xEF && p[1] == 0xB8 && p[2] == 0x8F:
			r, ok := lastRune(src[:n])
			if !ok || !isBase(r) {
				return n - at
			}
			size = 3
		case len(p) >= 3 && p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0x8D:
			if !t.zwjBetweenEmoji(src[:n], p[3:]) && !viramaPasses(src, n, &newEmojiTables().virama) {
				return n - at
			}
			size = 3
		case len(p) >= 3 && p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0x8C:
			// A non-joiner, as the kernel that copies decides it
			// (joining.go): with the AVX2 kernels, which stopped at every
			// one before they passed the plainest (narrowPasses), the
			// rules read Persian text at 0.32 GB/s.
			e := newEmojiTables()
			if !viramaPasses(src, n, &e.virama) && !nonJoinerPasses(src, n, n+3, &e.joining) {
				return n - at
			}
			size = 3
		default:
			return n - at
		}
		if n+size > end {
			break
		}
		n += size
	}
	return n - at
}

// zwjBetweenEmoji reports whether a joiner with before and after around it
// is in an emoji ZWJ sequence (UTS #51): an Extended_Pictographic
// character, with an optional skin tone and U+FE0F, before it, and one
// after it, each of which passes itself, as joiner has it. It says no
// where before or after is too short to tell. No pictograph or skin tone
// is escaped where it runs (emojiFast): no class holds one
// (TestNoClassHoldsPictographs), and the set has no predicates.
func (t *sanitizer) zwjBetweenEmoji(before, after []byte) bool {
	r, ok := lastRune(before)
	if ok && r == 0xFE0F {
		before = before[:len(before)-3]
		r, ok = lastRune(before)
		ok = ok && t.selectorPasses(r)
	}
	if ok && isModifier(r) {
		before = before[:len(before)-4]
		r, ok = lastRune(before)
	}
	if !ok || !isPictographic(r) {
		return false
	}
	if isEmoji(after) {
		return pictographicBlock.has(emojiRune(after))
	}
	next, size := utf8.DecodeRune(after)
	return size > 1 && isPictographic(next)
}

// lastRune returns the last character of p, if p ends in a whole,
// well-formed one. An emoji of U+1F000–U+1FFFF, the common case, is
// taken without utf8.DecodeLastRune, which costs more than the rest.
func lastRune(p []byte) (rune, bool) {
	if n := len(p); n >= 4 && isEmoji(p[n-4:]) {
		return emojiRune(p[n-4:]), true
	}
	r, size := utf8.DecodeLastRune(p)
	return r, size > 1 || size == 1 && r < utf8.RuneSelf
}

// isEmoji reports whether p starts with a character of the emoji block:
// F0 9F and two continuation bytes.
func isEmoji(p []byte) bool {
	return len(p) >= 4 && p[0] == 0xF0 && p[1] == 0x9F && isCont(p[2]) && isCont(p[3])
}

// emojiRune decodes the character of the emoji block at the start of p,
// which isEmoji has found.
func emojiRune(p []byte) rune { return emojiBlockLo | rune(p[2]&0x3F)<<6 | rune(p[3]&0x3F) }

// isCont reports whether b is a continuation byte, 80–BF.
func isCont(b byte) bool { return b&0xC0 == 0x80 }
