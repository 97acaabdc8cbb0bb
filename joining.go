package sanitize

import (
	"sync"
	"unicode"
)

// This file holds what decides a joiner in the scripts that need one: the
// viramas of the Indic blocks (RFC 5892, Appendix A.1 and A.2), and the
// Joining_Type of the characters around a non-joiner, U+200C, which
// Persian, Arabic and the other scripts of U+0600–U+07FF write inside
// words, between a letter that joins on its left and one that joins on
// its right (RFC 5892, Appendix A.1; context.go's joiner). In
// Persian text, with one every few words, the rules searched the tables of
// DerivedJoiningType.txt for each character around each non-joiner, and
// the kernel stopped at every one: the invisible classes read it at a
// thirtieth of Escape()'s speed. Here the types of those blocks are looked
// up in an array, and the AVX-512 kernel that copies passes a non-joiner
// between letters of two bytes there itself (nonJoinerPasses).

// indicLo and indicHi bound the Indic blocks, Devanagari to Sinhala, whose
// characters are of three bytes in UTF-8 (E0 A4 80 to E0 B7 BF), each with
// its virama.
const indicLo, indicHi = 0x0900, 0x0DFF

// indicBits is a bit for each character from indicLo to indicHi.
type indicBits [(indicHi - indicLo + 1) / 64]uint64

// has reports whether r, from indicLo to indicHi, has its bit set.
func (b *indicBits) has(r rune) bool {
	i := r - indicLo
	return b[i/64]>>(i%64)&1 != 0
}

// set sets the bit of r, from indicLo to indicHi.
func (b *indicBits) set(r rune) {
	i := r - indicLo
	b[i/64] |= 1 << (i % 64)
}

// indicViramas are the characters of canonical combining class 9 from
// indicLo to indicHi, looked up in the norm package once, on first use. A
// lookup for each character before each joiner took a quarter of the
// time on Hindi text with a joiner after a virama in one word of six.
var indicViramas = sync.OnceValue(func() *indicBits {
	b := new(indicBits)
	for r := rune(indicLo); r <= indicHi; r++ {
		if cccVirama(r) {
			b.set(r)
		}
	}
	return b
})

// The bits of a Joining_Type in joiningTypes.
const (
	joinsOnLeft  = 1 << iota // L or D: joins to the character after it
	joinsOnRight             // R or D: joins to the character before it
	joinsNot                 // T: transparent, the rule looks past it
)

// joiningLo and joiningHi bound the characters of joiningTypes: those of
// two bytes in UTF-8 from the Arabic block on (leads D8–DF), Arabic,
// Syriac, Arabic Supplement, Thaana and NKo.
const joiningLo, joiningHi = 0x0600, 0x07FF

// joiningTypes holds the Joining_Type of each character from joiningLo to
// joiningHi, as bits, worked out from the generated tables when the
// package starts (a walk over their ranges, not a search for each).
var joiningTypes = func() (a [joiningHi - joiningLo + 1]uint8) {
	for _, t := range []struct {
		tab  *unicode.RangeTable
		bits uint8
	}{{joiningL, joinsOnLeft}, {joiningD, joinsOnLeft | joinsOnRight}, {joiningR, joinsOnRight}, {joiningT, joinsNot}} {
		for _, r := range t.tab.R16 {
			for c := max(rune(r.Lo), joiningLo); c <= min(rune(r.Hi), joiningHi); c++ {
				if (c-rune(r.Lo))%rune(r.Stride) == 0 {
					a[c-joiningLo] |= t.bits
				}
			}
		}
	}
	return a
}()

// joinsAfter reports whether r joins to the character after it: its
// Joining_Type is L or D.
func joinsAfter(r rune) bool {
	if joiningLo <= r && r <= joiningHi {
		return joiningTypes[r-joiningLo]&joinsOnLeft != 0
	}
	return unicode.Is(joiningL, r) || unicode.Is(joiningD, r)
}

// joinsBefore reports whether r joins to the character before it: its
// Joining_Type is R or D.
func joinsBefore(r rune) bool {
	if joiningLo <= r && r <= joiningHi {
		return joiningTypes[r-joiningLo]&joinsOnRight != 0
	}
	return unicode.Is(joiningR, r) || unicode.Is(joiningD, r)
}

// joinsThrough reports whether r is transparent to joining: its
// Joining_Type is T.
func joinsThrough(r rune) bool {
	if joiningLo <= r && r <= joiningHi {
		return joiningTypes[r-joiningLo]&joinsNot != 0
	}
	return unicode.Is(joiningT, r)
}

// kernelJoining returns the kernel's copy of joiningTypes: no bits for a
// character that any class holds, which the kernel then leaves to the
// rules, since the set may escape it (of the classes, only Bidi and
// Invisible hold one there, U+061C ARABIC LETTER MARK). Where the kernel
// decides non-joiners (emojiFast), the set has no predicates.
func kernelJoining() (a [joiningHi - joiningLo + 1]uint8) {
	for i, bits := range joiningTypes {
		if !everyClass.contains(joiningLo + rune(i)) {
			a[i] = bits
		}
	}
	return a
}

// kernelViramas returns the kernel's copy of indicViramas, without any
// that a class holds (none does).
func kernelViramas() (b indicBits) {
	for r := rune(indicLo); r <= indicHi; r++ {
		if indicViramas().has(r) && !everyClass.contains(r) {
			b.set(r)
		}
	}
	return b
}

// viramaPasses reports whether the character of three bytes that ends
// before w[p] is a virama of the Indic blocks that no class holds
// (kernelViramas, in emojiTables.virama), after which context.go's joiner
// passes a joiner or a non-joiner, as the kernel decides it.
func viramaPasses(w []byte, p int, v *indicBits) bool {
	if p < 3 || w[p-3] != 0xE0 || w[p-2] < 0xA4 || w[p-2] > 0xB7 || w[p-1]&0xC0 != 0x80 {
		return false
	}
	return v.has(rune(w[p-2]&0x3F)<<6 | rune(w[p-1]&0x3F))
}

// letterJoins returns the bits of joining (kernelJoining) of the letter of
// two bytes of joiningLo to joiningHi at w[i:], D8–DF and a continuation
// byte, or 0 if none is there.
func letterJoins(w []byte, i int, joining *[joiningHi - joiningLo + 1]uint8) uint8 {
	if i < 0 || i+2 > len(w) || w[i]&0xF8 != 0xD8 || w[i+1]&0xC0 != 0x80 {
		return 0
	}
	return joining[int(w[i]&0x07)<<6|int(w[i+1]&0x3F)]
}

// nonJoinerPasses reports whether the non-joiner from w[p] to w[next]
// passes as the kernel decides it, where it can, and as context.go's
// joiner decides it there: within the lookBehind bytes before it, after
// characters of Joining_Type T, one of L or D; within the maxJoinAhead
// bytes after it, after more of T, one of R or D; each of two bytes, of
// joiningLo to joiningHi, and held by no class (kernelJoining, in
// emojiTables.joining). None of them has canonical combining class 9, so
// the rule's virama does not come into it. Anything else it leaves to the
// rules, which also see what earlier calls consumed.
func nonJoinerPasses(w []byte, p, next int, joining *[joiningHi - joiningLo + 1]uint8) bool {
	at := func(i int) uint8 { return letterJoins(w, i, joining) }
	q := p
	for {
		if q -= 2; q < p-lookBehind {
			return false
		}
		j := at(q)
		if j&joinsOnLeft != 0 {
			break
		}
		if j&joinsNot == 0 {
			return false
		}
	}
	for i := next; i < next+maxJoinAhead; i += 2 {
		j := at(i)
		if j&joinsOnRight != 0 {
			return true
		}
		if j&joinsNot == 0 {
			return false
		}
	}
	return false
}
