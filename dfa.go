package sanitize

import "unicode/utf8"

// This file holds a fast path of clean for text that is not ASCII:
// a table-driven automaton that checks 32 bytes at a time without a branch
// per byte. It is derived from table37, not a second copy of it, and only
// decides whether the text is clean and, if not, where the clean part
// ends. The byte-by-byte loop of clean is the reference it is tested
// against (TestFastPathsMatchReference, TestDFAEdges).

// The automaton's states are shift amounts, so that one 64-bit row per
// input byte holds the next state for every state: next = row[b] >> state.
const (
	stAccept = 6 * iota // between characters
	stNeed1             // one more continuation byte 80–BF
	stNeed2
	stNeed3
	stE0    // after E0: A0–BF
	stED    // after ED: 80–9F
	stF0    // after F0: 90–BF
	stF4    // after F4: 80–8F
	stC2    // after C2 when C1 controls are escaped: 80–BF, less the escaped ones
	stError // ill-formed, or a character to escape
)

type dfa [256]uint64

// dfaKey is what a dfa depends on: the escaped ASCII bytes and C1 controls.
type dfaKey struct {
	ascii [2]uint64
	c1    uint32
}

// dfas shares automata between configurations with the same key, so that
// every New need not build 2 KiB of tables.
var dfas = cache[dfaKey, *dfa]{max: 64}

// newDFA returns the automaton for s, or nil when s escapes characters
// beyond controls, which the automaton does not know.
func newDFA(s *set) *dfa {
	if s.class&^Controls != 0 || len(s.preds) != 0 {
		return nil
	}
	var k dfaKey
	for b, esc := range s.ascii {
		if esc {
			k.ascii[b/64] |= 1 << (b % 64)
		}
	}
	for r := rune(0x80); r <= 0x9F; r++ {
		if s.contains(r) {
			k.c1 |= 1 << (r - 0x80)
		}
	}
	return dfas.getOrBuild(k, func() *dfa { return buildDFA(k) })
}

func buildDFA(k dfaKey) *dfa {
	var d dfa
	// route sends state st on byte b to next; every other move is an error.
	route := func(st uint64, b int, next uint64) { d[b] = d[b]&^(63<<st) | next<<st }
	for b := range d {
		for st := uint64(stAccept); st <= stError; st += 6 {
			route(st, b, stError)
		}
	}
	for b := range d {
		switch {
		case b < 0x80:
			if k.ascii[b/64]&(1<<(b%64)) == 0 {
				route(stAccept, b, stAccept)
			}
		case b <= 0xBF:
			route(stNeed1, b, stAccept)
			route(stNeed2, b, stNeed1)
			route(stNeed3, b, stNeed2)
			if b > 0x9F || k.c1&(1<<(b-0x80)) == 0 {
				route(stC2, b, stAccept)
			}
		}
		l := leads[b]
		if l.size == 0 {
			continue
		}
		// A lead byte whose second byte has the full range 80–BF goes
		// straight to counting continuation bytes; the others (and C2,
		// when C1 controls are escaped) to a state of their own.
		next := stNeed1 + 6*uint64(l.size-2)
		switch {
		case b == 0xC2 && k.c1 != 0:
			next = stC2
		case l.lo != 0x80 || l.hi != 0xBF:
			next = map[int]uint64{0xE0: stE0, 0xED: stED, 0xF0: stF0, 0xF4: stF4}[b]
		}
		route(stAccept, b, next)
	}
	for st, lead := range map[uint64]byte{stE0: 0xE0, stED: 0xED, stF0: 0xF0, stF4: 0xF4} {
		l := leads[lead]
		for b := int(l.lo); b <= int(l.hi); b++ {
			route(st, b, stNeed1+6*uint64(l.size-3))
		}
	}
	return &d
}

// run returns how far p[n:] is clean, looking 32 bytes at a time, and
// whether it stopped at something to change (done) rather than near the
// end of p, where fewer than 32 bytes are left for the caller.
//
// Two chains of shifts run side by side, which keeps the processor busy
// where one would wait on each step: a over the 16 bytes from n, b over
// the 16 bytes from mid, the first character boundary at or before n+16.
// Where they overlap, a has either reached mid between characters and
// agrees with b, or was cut there by the lead byte at mid and failed.
func (d *dfa) run(p []byte, n int) (end int, done bool) {
	for n+32 <= len(p) {
		mid := n + 16
		for k := 0; k < 3 && !utf8.RuneStart(p[mid]); k++ {
			mid--
		}
		if !utf8.RuneStart(p[mid]) {
			break // four continuation bytes in a row: let the caller look closer
		}
		a, b := (*[16]byte)(p[n:n+16]), (*[16]byte)(p[mid:mid+16])
		sa, sb := uint64(stAccept), uint64(stAccept)
		for i := 0; i < 16; i += 4 { // unrolled: fewer loop tests and spills
			sa = d[a[i]] >> (sa & 63)
			sb = d[b[i]] >> (sb & 63)
			sa = d[a[i+1]] >> (sa & 63)
			sb = d[b[i+1]] >> (sb & 63)
			sa = d[a[i+2]] >> (sa & 63)
			sb = d[b[i+2]] >> (sb & 63)
			sa = d[a[i+3]] >> (sa & 63)
			sb = d[b[i+3]] >> (sb & 63)
		}
		sa, sb = sa&63, sb&63
		if sa == stError || mid == n+16 && sa != stAccept {
			// If a was still between characters at mid, the trouble is in
			// the overlap, and b, which starts there, reports it below.
			if k := d.last(p[n:mid]); k < mid-n {
				return n + k, true
			}
		}
		end := mid + 16
		switch sb {
		case stAccept:
		case stError:
			return mid + d.last(b[:]), true
		default:
			// Leave the character that the block cut for the next one.
			for end--; !utf8.RuneStart(p[end]); end-- {
			}
		}
		n = end
	}
	return n, false
}

// last returns where the automaton last stood between characters in q:
// the end of the clean part. Only a block in trouble pays for it.
func (d *dfa) last(q []byte) int {
	st, at := uint64(stAccept), 0
	for i, b := range q {
		if st == stAccept {
			at = i
		}
		if st = d[b] >> st & 63; st == stError {
			return at
		}
	}
	if st == stAccept {
		at = len(q)
	}
	return at
}
