package sanitize

// This file holds the one place where UTF-8 is decoded. The validator, the
// escaper and the unescaper all call decode. The fast paths' tables (the
// automaton of dfa.go, the vector kernel's of vec.go) are built from or
// checked against table37, pair of bytes by pair, and never consulted for
// what a sequence is: only for where clean text ends.

// table37 is Unicode Table 3-7, "Well-Formed UTF-8 Byte Sequences" (the same
// facts as the grammar of RFC 3629 §4), one row per range of lead bytes: the
// length of the sequence and the range allowed for its second byte. Every
// later byte is a plain continuation byte, 80–BF. Bytes that start no row
// (80–C1, F5–FF) never start a well-formed sequence.
var table37 = [...]struct {
	first, last byte // range of lead bytes
	size        int  // bytes in the sequence
	lo, hi      byte // range of the second byte
}{
	{0xC2, 0xDF, 2, 0x80, 0xBF}, // U+0080..U+07FF
	{0xE0, 0xE0, 3, 0xA0, 0xBF}, // U+0800..U+0FFF: E0 80..9F would be overlong
	{0xE1, 0xEC, 3, 0x80, 0xBF}, // U+1000..U+CFFF
	{0xED, 0xED, 3, 0x80, 0x9F}, // U+D000..U+D7FF: ED A0..BF would be a surrogate
	{0xEE, 0xEF, 3, 0x80, 0xBF}, // U+E000..U+FFFF
	{0xF0, 0xF0, 4, 0x90, 0xBF}, // U+10000..U+3FFFF: F0 80..8F would be overlong
	{0xF1, 0xF3, 4, 0x80, 0xBF}, // U+40000..U+FFFFF
	{0xF4, 0xF4, 4, 0x80, 0x8F}, // U+100000..U+10FFFF: F4 90..BF would be above U+10FFFF
}

// lead describes what may follow a lead byte; size 0 marks a byte that cannot
// start a multi-byte sequence.
type lead struct {
	size   int
	lo, hi byte
}

// leads is table37 indexed by the lead byte.
var leads = func() (t [256]lead) {
	for _, row := range table37 {
		for b := int(row.first); b <= int(row.last); b++ {
			t[b] = lead{row.size, row.lo, row.hi}
		}
	}
	return t
}()

// A Fault says why a sequence of bytes is not well-formed UTF-8. The zero
// value means no fault.
type Fault uint8

const (
	// Truncated means a lead byte and zero or more valid continuation
	// bytes that were cut short, by a byte that cannot continue them or by
	// the end of the input.
	Truncated Fault = iota + 1
	// UnexpectedContinuation means a continuation byte (80–BF) where a
	// character should start.
	UnexpectedContinuation
	// InvalidLead means a byte that never starts a well-formed sequence:
	// C0 and C1 (which could only start an overlong form of ASCII) and
	// F5–FF (beyond U+10FFFF, or not UTF-8 at all).
	InvalidLead
	// Overlong means a longer form than needed: E0 80–9F or F0 80–8F.
	Overlong
	// Surrogate means the encoding of a UTF-16 surrogate, ED A0–BF, which
	// RFC 3629 §3 forbids.
	Surrogate
	// TooLarge means a code point above U+10FFFF: F4 90–BF.
	TooLarge
)

var faultNames = [...]string{
	0:                      "no fault",
	Truncated:              "truncated sequence",
	UnexpectedContinuation: "unexpected continuation byte",
	InvalidLead:            "invalid lead byte",
	Overlong:               "overlong encoding",
	Surrogate:              "surrogate",
	TooLarge:               "above U+10FFFF",
}

// String returns a short description such as "truncated sequence".
func (f Fault) String() string {
	if int(f) < len(faultNames) {
		return faultNames[f]
	}
	return "unknown fault"
}

// decode reads the unit at the start of p, which must not be empty:
//   - a well-formed character r of size bytes, with f == 0;
//   - or an ill-formed maximal subpart of size bytes (Unicode chapter 3,
//     "U+FFFD Substitution of Maximal Subparts"), with f saying why;
//   - or size == 0 when p ends inside a sequence that is still well-formed
//     so far and !atEOF: the caller needs more input (ErrShortSrc).
//
// Because a maximal subpart ends at the first byte that cannot continue it,
// decoding resumes there: E3 80 22 yields a subpart of two bytes and then
// the quote, never swallowing it.
func decode(p []byte, atEOF bool) (r rune, size int, f Fault) {
	b := p[0]
	if b < 0x80 {
		return rune(b), 1, 0
	}
	l := leads[b]
	switch {
	case l.size != 0:
	case b < 0xC0:
		return 0, 1, UnexpectedContinuation
	default:
		return 0, 1, InvalidLead
	}
	if len(p) < 2 {
		if atEOF {
			return 0, 1, Truncated
		}
		return 0, 0, 0
	}
	if c := p[1]; c < l.lo || l.hi < c {
		if c < 0x80 || 0xBF < c {
			return 0, 1, Truncated
		}
		switch b {
		case 0xE0, 0xF0:
			return 0, 1, Overlong
		case 0xED:
			return 0, 1, Surrogate
		default: // 0xF4
			return 0, 1, TooLarge
		}
	}
	// The lead byte holds 7-size payload bits (Table 3-6).
	r = rune(b&(0x7F>>l.size))<<6 | rune(p[1]&0x3F)
	for i := 2; i < l.size; i++ {
		if i == len(p) {
			if atEOF {
				return 0, i, Truncated
			}
			return 0, 0, 0
		}
		c := p[i]
		if c < 0x80 || 0xBF < c {
			return 0, i, Truncated
		}
		r = r<<6 | rune(c&0x3F)
	}
	return r, l.size, 0
}
