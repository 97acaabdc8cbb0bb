package sanitize

import (
	"math/bits"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file works out which pairs of a lead byte and the byte after it
// can start a character that a set escapes, for the vector kernel: it
// flags such a pair, where it knew non-ASCII characters only by their lead
// byte before, and stopped at every emoji (F0 9F) because U+1BCA0 (F0 9B)
// is invisible, at every kana (E3 81) because of U+3164 (E3 85), at every
// arrow (E2 86) because of U+200B (E2 80 8B). A pair cannot tell “ (E2 80
// 9C) from U+200B: the AVX-512 kernels test the third byte of a character
// of three bytes too (nibbleTables.third), and the AVX2 kernels its two
// halves (nibbleTables.thirdHi), which hold some others, settled by the
// plain loop. The kernel's test is
// four nibble tables, for the high and low half of each byte of the pair,
// whose AND has a bit for each of eight product classes (pairCover); a
// class covers a set of lead bytes times a set of second bytes, each a
// product of high and low halves. The classes hold every pair the set
// needs (TestPairsCoverTheSet), and as few others as eight classes allow.

// pairSet is a set of pairs: for each lead byte C0–FF, the second bytes
// 80–BF that may follow it, as bits.
type pairSet [64]uint64

func (p *pairSet) add(lead, second byte) { p[lead-0xC0] |= 1 << (second - 0x80) }

func (p *pairSet) has(lead, second byte) bool {
	return lead >= 0xC0 && second&0xC0 == 0x80 && p[lead-0xC0]&(1<<(second-0x80)) != 0
}

// addRange adds the pairs that start the characters lo to hi from U+00A0
// up: the C1 controls are added by pairs, where there are other pairs,
// and else found by themselves.
func (p *pairSet) addRange(lo, hi rune) {
	lo = max(lo, 0xA0)
	for r := lo; r <= hi; {
		if 0xD800 <= r && r <= 0xDFFF {
			r = 0xE000
			continue
		}
		var b [4]byte
		n := utf8.EncodeRune(b[:], r)
		p.add(b[0], b[1])
		// The next character whose first two bytes differ.
		switch n {
		case 2:
			r++
		case 3:
			r = r&^0x3F + 0x40
		case 4:
			r = r&^0xFFF + 0x1000
		}
	}
}

// ranges calls add with the ranges of the characters of c from U+00A0 up,
// as Class.contains defines them (TestClassRanges holds the two equal).
func (c Class) ranges(add func(lo, hi rune)) {
	if c&Noncharacters != 0 {
		add(0xFDD0, 0xFDEF)
		for plane := rune(0); plane <= 0x10; plane++ {
			add(plane<<16|0xFFFE, plane<<16|0xFFFF)
		}
	}
	if c&PrivateUse != 0 {
		add(0xE000, 0xF8FF)
		add(0xF0000, 0xFFFFD)
		add(0x100000, 0x10FFFD)
	}
	if c&Bidi != 0 {
		add(0x061C, 0x061C)
		add(0x200E, 0x200F)
		add(0x202A, 0x202E)
		add(0x2066, 0x2069)
	}
	if c&LineSeparators != 0 {
		add(0x2028, 0x2029)
	}
	if c&VariationSelectors != 0 {
		add(0x180B, 0x180D)
		add(0x180F, 0x180F)
		add(0xFE00, 0xFE0F)
		add(0xE0100, 0xE01EF)
	}
	if c&Tags != 0 {
		add(0xE0000, 0xE007F)
	}
	if c&Invisible != 0 {
		tableRanges(defaultIgnorable, add)
	}
}

// tableRanges calls add with the ranges of t.
func tableRanges(t *unicode.RangeTable, add func(lo, hi rune)) {
	each := func(lo, hi, stride rune) {
		if stride == 1 {
			add(lo, hi)
			return
		}
		for c := lo; c <= hi; c += stride {
			add(c, c)
		}
	}
	for _, r := range t.R16 {
		each(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		each(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
}

// pairs returns the pairs that start the characters from U+00A0 up that s
// may escape: those of its classes and its AlsoIn tables, and every pair
// when it has an AlsoFunc, whose characters are unknown. Allow is left
// out: a pair that starts only allowed characters is a false alarm, which
// the plain loop settles. Where there are any, and the classes or tables
// hold some C1 control, the C1 controls too (C2 80–C2 9F), which the
// AVX-512 kernels then find among the pairs rather than by themselves
// (C1_512).
func (s *set) pairs() pairSet {
	var p pairSet
	s.class.ranges(p.addRange)
	for _, pr := range s.preds {
		if pr.table == nil {
			for lead := 0xC2; lead <= 0xF4; lead++ {
				p[lead-0xC0] = 1<<64 - 1
			}
			return p
		}
		tableRanges(pr.table, p.addRange)
	}
	if p != (pairSet{}) && s.holdsC1() {
		p[0xC2-0xC0] |= c1Seconds
	}
	return p
}

// triples returns the characters of three bytes that s may escape, as
// pairs finds their pairs: all of them when it has an AlsoFunc.
func (s *set) triples() tripleSet {
	var t tripleSet
	s.class.ranges(t.addRange)
	for _, pr := range s.preds {
		if pr.table == nil {
			for lead := range t {
				for second := range t[lead] {
					t[lead][second] = 1<<64 - 1
				}
			}
			return t
		}
		tableRanges(pr.table, t.addRange)
	}
	return t
}

// coverTables returns the tables of the classes that cover the pairs of
// s (pairCover), with the third bytes of its characters of three bytes.
func (s *set) coverTables() nibbleTables {
	p, tr := s.pairs(), s.triples()
	t := pairTables(pairCover(&p, &tr))
	t.thirds(&tr)
	return t
}

// c1Seconds are the second bytes of the C1 controls after C2, as bits.
const c1Seconds = 1<<32 - 1

// holdsC1 reports whether the classes or the AlsoIn tables of s hold some
// C1 control, allowed or not.
func (s *set) holdsC1() bool {
	for r := rune(0x80); r <= 0x9F; r++ {
		if s.holds(r) {
			return true
		}
	}
	return false
}

// A pairClass is a product: lead bytes whose high and low halves are in
// leadHi and leadLo (bit h for half h), times second bytes whose halves
// are in secHi and secLo.
type pairClass struct {
	leadHi, leadLo, secHi, secLo uint16
}

func (c pairClass) union(d pairClass) pairClass {
	return pairClass{c.leadHi | d.leadHi, c.leadLo | d.leadLo, c.secHi | d.secHi, c.secLo | d.secLo}
}

// maxPairClasses is how many classes the kernel's 8-bit tables hold.
const maxPairClasses = 8

// pairCover covers p with at most eight classes: one for each lead byte
// and the product hull of its second bytes, then, while there are more
// than eight, the two whose union costs least merged. C2 has two, the C1
// controls apart; so has a lead of three bytes, E0–EF, whose even second
// bytes start characters with other third bytes than its odd ones, as E2
// 80 (U+200B–U+200F, U+202A–U+202E) and E2 81 (U+2060–U+206F) do. A pair
// that the union adds costs by how common its characters are in text
// (pairCost), so that false alarms fall where text rarely goes. Classes
// led by E0–EF are never merged with others: the AVX-512 kernels test
// every pair with the byte after it (nibbleTables.third), which sorts out
// the characters of three bytes, t, by their third byte alone, and must
// let the others' through whatever it is. A union of those costs what it
// adds, pair and third byte: E2 80 and E2 81 in one class would flag …
// and • (E2 80 A6, E2 80 A2). Of nine classes or more, some two are of
// one kind, so a merge is always left.
func pairCover(p *pairSet, t *tripleSet) []pairClass {
	var cs []pairClass
	add := func(lead byte, seconds uint64) {
		if seconds == 0 {
			return
		}
		c := pairClass{leadHi: 1 << (lead >> 4), leadLo: 1 << (lead & 15)}
		for s := seconds; s != 0; s &= s - 1 {
			second := byte(0x80 + bits.TrailingZeros64(s))
			c.secHi |= 1 << (second >> 4)
			c.secLo |= 1 << (second & 15)
		}
		cs = append(cs, c)
	}
	for i, seconds := range p {
		lead := byte(0xC0 + i)
		switch {
		case lead == 0xC2:
			// The C1 controls by themselves: the hull of C2 80–9F and
			// U+00AD would take in U+00A0–U+00AF, « and © among them.
			add(lead, seconds&c1Seconds)
			seconds &^= c1Seconds
		case lead&0xF0 == 0xE0:
			const even = 0x5555555555555555
			var thirds [2]uint64
			for s := seconds; s != 0; s &= s - 1 {
				k := bits.TrailingZeros64(s)
				thirds[k&1] |= t[lead-0xE0][k]
			}
			if thirds[0] != thirds[1] {
				add(lead, seconds&even)
				seconds &^= even
			}
		}
		add(lead, seconds)
	}
	for len(cs) > maxPairClasses {
		var covered pairSet
		var coveredThirds tripleSet
		for _, c := range cs {
			covered.or(c.set())
			if c.threes() {
				coveredThirds.or(c, c.thirds(t))
			}
		}
		bi, bj, best := 0, 1, -1
		for i := range cs {
			for j := i + 1; j < len(cs); j++ {
				if cs[i].threes() != cs[j].threes() {
					continue
				}
				u := cs[i].union(cs[j])
				var c int
				if u.threes() {
					c = u.tripleCost(t, &coveredThirds)
				} else {
					c = u.set().cost(&covered)
				}
				if best < 0 || c < best {
					bi, bj, best = i, j, c
				}
			}
		}
		cs[bi] = cs[bi].union(cs[bj])
		cs = append(cs[:bj], cs[bj+1:]...)
	}
	return cs
}

// threes reports whether c's lead bytes are those of characters of three
// bytes, E0–EF: as pairCover makes classes, either all of them are or
// none is.
func (c pairClass) threes() bool { return c.leadHi&(1<<0xE) != 0 }

// set returns the pairs of c.
func (c pairClass) set() *pairSet {
	var p pairSet
	var seconds uint64
	for second := 0x80; second <= 0xBF; second++ {
		if c.secHi&(1<<(second>>4)) != 0 && c.secLo&(1<<(second&15)) != 0 {
			seconds |= 1 << (second - 0x80)
		}
	}
	for lead := 0xC0; lead <= 0xFF; lead++ {
		if c.leadHi&(1<<(lead>>4)) != 0 && c.leadLo&(1<<(lead&15)) != 0 {
			p[lead-0xC0] = seconds
		}
	}
	return &p
}

func (p *pairSet) or(q *pairSet) {
	for i := range p {
		p[i] |= q[i]
	}
}

// cost is what the pairs of p not in covered cost, by pairCost: each as
// much as the 64 characters of three bytes that a pair may start, with
// which tripleCost compares it.
func (p *pairSet) cost(covered *pairSet) int {
	cost := 0
	for i, row := range p {
		row &^= covered[i]
		if row == 0 {
			continue
		}
		heavy, heavier := pairCost(byte(0xC0 + i))
		cost += 64 * (bits.OnesCount64(row) + 99*bits.OnesCount64(row&heavy) + 999*bits.OnesCount64(row&heavier))
	}
	return cost
}

// tripleSet is a set of characters of three bytes: for each lead byte
// E0–EF and second byte 80–BF, the third bytes 80–BF that may follow
// them, as bits.
type tripleSet [16][64]uint64

// addRange adds the characters lo to hi of three bytes.
func (t *tripleSet) addRange(lo, hi rune) {
	for r := max(lo, 0x800); r <= min(hi, 0xFFFF); r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			r = 0xDFFF
			continue
		}
		var b [3]byte
		utf8.EncodeRune(b[:], r)
		t[b[0]-0xE0][b[1]-0x80] |= 1 << (b[2] - 0x80)
	}
}

// or adds the pairs of c, led by E0–EF, with the third bytes thirds.
func (t *tripleSet) or(c pairClass, thirds uint64) {
	seconds := c.seconds()
	for leads := c.leadLo; leads != 0; leads &= leads - 1 {
		row := &t[bits.TrailingZeros16(leads)]
		for s := seconds; s != 0; s &= s - 1 {
			row[bits.TrailingZeros64(s)] |= thirds
		}
	}
}

// seconds returns the second bytes of c, as bits from 80.
func (c pairClass) seconds() uint64 {
	var seconds uint64
	for hi := c.secHi >> 8 & 0xF; hi != 0; hi &= hi - 1 {
		seconds |= uint64(c.secLo) << (16 * bits.TrailingZeros16(hi))
	}
	return seconds
}

// thirds returns the third bytes that the table of the class c, led by
// E0–EF, holds: those of the characters of t whose pair c holds, as
// nibbleTables.thirds sets them.
func (c pairClass) thirds(t *tripleSet) uint64 {
	var thirds uint64
	seconds := c.seconds()
	for leads := c.leadLo; leads != 0; leads &= leads - 1 {
		row := &t[bits.TrailingZeros16(leads)]
		for s := seconds; s != 0; s &= s - 1 {
			thirds |= row[bits.TrailingZeros64(s)]
		}
	}
	return thirds
}

// tripleCost is what the characters that the class c, led by E0–EF, flags
// with its third bytes cost where covered does not flag them, by
// pairCost: each pair it holds with each of its thirds.
func (c pairClass) tripleCost(t *tripleSet, covered *tripleSet) int {
	thirds, seconds := c.thirds(t), c.seconds()
	cost := 0
	for leads := c.leadLo; leads != 0; leads &= leads - 1 {
		lead := bits.TrailingZeros16(leads)
		heavy, heavier := pairCost(byte(0xE0 + lead))
		for s := seconds; s != 0; s &= s - 1 {
			second := bits.TrailingZeros64(s)
			w := 1
			if heavy&(1<<second) != 0 {
				w += 99
			}
			if heavier&(1<<second) != 0 {
				w += 999
			}
			cost += w * bits.OnesCount64(thirds&^covered[lead][second])
		}
	}
	return cost
}

// pairCost says how much a false alarm costs on the characters that a lead
// byte and a second byte start: 100 on the second bytes in heavy, 1,000 on
// those in heavier, and 1 on the others. Most where running text goes
// (Latin, Greek, Cyrillic, Hebrew, Arabic, Indic scripts, general
// punctuation, kana and CJK, Hangul, emoji), least in rarer blocks. E2
// starts the symbols of text and terminals, €, ™, arrows, box drawing,
// ✓ and ❤ (U+2080–U+2BFF), and its general punctuation (U+2000–U+207F)
// most of all; E1 some scripts and the Latin of Vietnamese; E3 kana and
// CJK punctuation most of all.
func pairCost(lead byte) (heavy, heavier uint64) {
	const all = 1<<64 - 1
	switch {
	case lead == 0xE3:
		return all, 0b1111 // 80–83: CJK punctuation, kana (U+3000–U+30FF)
	case 0xC2 <= lead && lead <= 0xDB, lead == 0xE0, 0xE4 <= lead && lead <= 0xED:
		return all, 0
	case lead == 0xE1:
		// Myanmar, Georgian and Hangul jamo (U+1000–U+11FF); the Latin
		// of Vietnamese, and polytonic Greek (U+1E00–U+1FFF).
		return 0xFF | 0xFF<<(0xB8-0x80), 0
	case lead == 0xE2:
		return all, 0b11 // 80 and 81: U+2000–U+207F
	case lead == 0xF0:
		return 0, 1 << (0x9F - 0x80) // 9F: emoji
	}
	return 0, 0
}

// nibbleTables are the kernel's four tables for a set: by the high and
// the low half of a lead byte, and of the byte after it. A pair is in
// class k when bit k is set in all four; in none when every table is 0.
type nibbleTables struct {
	leadHi, leadLo, secHi, secLo [16]byte
	// third[c&0x3F] has bit k where some escaped character of three bytes
	// a b c has its pair a b in class k: the AVX-512 kernels test a pair
	// led by E0–EF with its third byte, so that “ and — (E2 80 9C, E2 80
	// 94) no longer stop them where U+200B (E2 80 8B) is escaped. Pairs
	// whose escaped third bytes differ, such as E2 80 and E2 81, are kept
	// in classes apart (pairCover): U+2060–U+206F would otherwise flag …
	// and •. One VPERMB looks a byte up by its low six bits: a table of
	// 128 bytes, by the second byte's last bit too, took three
	// instructions, and the invisible classes' Span on prose went 1.07×
	// as fast without them (alternating runs, ten each). The classes of
	// other lead bytes have their bit everywhere: the wide scan tests
	// every pair with the byte after it.
	third [64]byte
	// thirdHi[c>>4] & thirdLo[c&15] has the classes of third, and the
	// others', for the AVX2 kernels, which have no VPERMB: the product of
	// each class's third bytes by their halves, which holds them and some
	// others. For U+200B–U+200F and U+202A–U+202E, E2 80 with 8B–8F and
	// AA–AE, it holds 8A–8F and AA–AF, and so also U+200A and U+202F, but
	// no curly quote, dash, ellipsis or bullet (E2 80 93–A6); where the
	// class of the invisible classes holds U+17B4 and U+17B5 (E1 9E B4,
	// B5) too, also E2 80 B4–BF: ›, ‼, ‽ among them, rare in text, which
	// the plain loop settles (TestPairsSpareText).
	thirdHi, thirdLo [16]byte
}

// thirdIndex is where third has the classes of the third byte c.
func thirdIndex(c byte) int { return int(c & 0x3F) }

// lead returns the classes that have a as a lead byte, as bits.
func (t *nibbleTables) lead(a byte) byte { return t.leadHi[a>>4] & t.leadLo[a&15] }

// second returns the classes that have b as a second byte, as bits.
func (t *nibbleTables) second(b byte) byte { return t.secHi[b>>4] & t.secLo[b&15] }

// class returns the classes of the pair a b, as bits.
func (t *nibbleTables) class(a, b byte) byte { return t.lead(a) & t.second(b) }

// thirds sets third for the characters of three bytes tr (set.triples),
// and for every byte after a pair of a class not led by E0–EF.
func (t *nibbleTables) thirds(tr *tripleSet) {
	for lead := range tr {
		for second, row := range tr[lead] {
			classes := t.class(byte(0xE0+lead), byte(0x80+second))
			for ; row != 0 && classes != 0; row &= row - 1 {
				t.third[bits.TrailingZeros64(row)] |= classes
			}
		}
	}
	var others byte
	for a := 0xC0; a <= 0xFF; a++ {
		if a&0xF0 != 0xE0 {
			others |= t.lead(byte(a))
		}
	}
	for i := range t.third {
		t.third[i] |= others
	}
	for h := range 16 {
		t.thirdHi[h], t.thirdLo[h] = others, others
	}
	for i, classes := range t.third {
		c := byte(0x80 + i)
		t.thirdHi[c>>4] |= classes
		t.thirdLo[c&15] |= classes
	}
}

// thirdOf returns the classes that thirdHi and thirdLo give the byte c.
func (t *nibbleTables) thirdOf(c byte) byte { return t.thirdHi[c>>4] & t.thirdLo[c&15] }

// pairTablesOf returns the tables for s. Those of a set without AlsoIn
// and AlsoFunc depend on its classes alone and are kept, so that New,
// which makes a set each time, works them out once a class combination.
func pairTablesOf(s *set) nibbleTables {
	for _, pr := range s.preds {
		if pr.table == nil {
			// An AlsoFunc may escape anything: one class of every pair.
			t := pairTables([]pairClass{{leadHi: 0xF000, leadLo: 0xFFFF, secHi: 0x0F00, secLo: 0xFFFF}})
			tr := s.triples()
			t.thirds(&tr)
			return t
		}
	}
	if len(s.preds) > 0 {
		return s.coverTables()
	}
	c := s.class
	pairCache.Lock()
	defer pairCache.Unlock()
	t, ok := pairCache.m[c]
	if !ok {
		t = s.coverTables()
		pairCache.m[c] = t
	}
	return t
}

// pairCache holds the tables of each combination of classes seen, at most
// 128 of them.
var pairCache = struct {
	sync.Mutex
	m map[Class]nibbleTables
}{m: map[Class]nibbleTables{}}

// pairTables are the tables for cs.
func pairTables(cs []pairClass) (t nibbleTables) {
	leadHi, leadLo, secHi, secLo := &t.leadHi, &t.leadLo, &t.secHi, &t.secLo
	for k, c := range cs {
		for h := range 16 {
			if c.leadHi&(1<<h) != 0 {
				leadHi[h] |= 1 << k
			}
			if c.leadLo&(1<<h) != 0 {
				leadLo[h] |= 1 << k
			}
			if c.secHi&(1<<h) != 0 {
				secHi[h] |= 1 << k
			}
			if c.secLo&(1<<h) != 0 {
				secLo[h] |= 1 << k
			}
		}
	}
	return t
}
