package sanitize

import "unsafe"

// This file holds the third fast path of clean, for processors with vector
// instructions: it checks 32 bytes per step with AVX2 (vec_amd64.s), 64
// with AVX-512BW where the processor has it (vec512_amd64.h), four blocks
// at once on ASCII, for ill-formed UTF-8, escaped ASCII bytes, C1 controls
// and the pairs of a lead byte and the next that may start another escaped
// character (pairs.go), and says where the first of them is (vecScan).
// Transform uses a second kernel with the same checks that also copies
// what is clean and writes the escapes of ASCII bytes (vecCopy); the
// AVX-512 one also replaces or escapes ill-formed input, and, with
// sequences recognized, drops or keeps the CSI sequences of the plain
// form that make up most coloured output, and leaves the others to the
// recognizer (kernelSeq). Both
// choose their width at run time, from the tables (vecTables.wide), which
// tests set to run each. The build tag purego leaves them all out. The
// kernels have Go versions with the same block semantics (vec_generic.go,
// vec_generic512.go and the files it names), which tests hold them to
// exactly. Like
// the other fast paths they only find where the clean part ends; the
// byte-by-byte loop of clean decides what is there, and is the reference
// the kernels are tested against (TestVectorEdges, TestVectorCopyEscapes,
// TestFastPathsMatchReference, FuzzValidate, FuzzEscape).
//
// Ill-formed UTF-8 is found with the algorithm of Keiser and Lemire,
// "Validating UTF-8 In Less Than One Instruction Per Byte" (Software:
// Practice and Experience, 2021): three 16-entry tables, indexed by the
// high and low half of each byte and the high half of the byte after it,
// whose AND is nonzero where the pair cannot occur in UTF-8. That the
// tables say what Table 3-7 says is tested pair by pair against table37
// (TestVectorTablesFollowTable37).

// wideMin is the length from which the AVX-512 kernels take over from the
// AVX2 ones: on less than two of their blocks, the AVX2 kernel's blocks of
// 32 bytes leave less to the plain loop, and a line of 100 bytes through
// String took 8% longer with the wide kernel (alternating runs).
const wideMin = 128

// vecTables is what the kernels load: every table is 32 bytes, one 16-byte
// table repeated for each half of a 256-bit register; the AVX-512 kernels
// broadcast the first half to the four lanes of theirs.
type vecTables struct {
	// Membership of an ASCII byte x in the escaped ones, two halves at a
	// time: escLo[x&15] & hi[x>>4] != 0.
	escLo [32]byte // bit h: the ASCII byte h<<4|l is escaped
	hi    [32]byte // 1<<(h&7)

	// The pairs of a lead byte a and the byte b after it that may start
	// an escaped character, the C1 controls among them only where there
	// are others (pairs.go):
	// pairLeadHi[a>>4] & pairLeadLo[a&15] & pairSecHi[b>>4] & pairSecLo[b&15] != 0.
	pairLeadHi, pairLeadLo, pairSecHi, pairSecLo [32]byte
	// The lead bytes of those pairs: leadLo[x&15] & hi[x>>4] != 0, bit h-8
	// for the lead byte h<<4|l.
	leadLo [32]byte

	// The same pairs by byte, for the AVX-512 kernels: the classes of the
	// lead byte 0xC0+i and of the second byte 0x80+i; and those of the
	// third byte of a character of three bytes (nibbleTables.third).
	pairLead64, pairSec64 [64]byte
	pairThird             [64]byte
	// pairLead64 one place on, for the runs of joiners, which look a lead
	// byte less BF, with saturation, up in it (JOINERS_BLOCK): every byte
	// that leads nothing goes to pairLeadBF[0], which is 0, with no mask.
	pairLeadBF [64]byte
	// The classes of the byte after a pair by its halves, for the AVX2
	// kernels (nibbleTables.thirdHi): pairThirdHi[c>>4] & pairThirdLo[c&15].
	pairThirdHi, pairThirdLo [32]byte

	// For the lead byte 0xC0+i, the size of its characters and the range
	// of their second byte, as in table37 (size 0: it leads none), for
	// the AVX-512 kernel that copies, which finds the maximal subparts of
	// ill-formed input (veccopy512_amd64.s, invalid).
	leadRows [64][4]byte

	c1Lead [32]byte // C2 when some C1 control is escaped, else FF, which leads nothing
	c1Max  [32]byte // 9F: C2 80–9F are the C1 controls

	// Keiser–Lemire.
	byte1High [32]byte
	byte1Low  [32]byte
	byte2High [32]byte
	open      [32]byte // less than this at the end of a block: no character left open
	open64    [64]byte // the same for a block of 64 bytes, for the AVX-512 kernels
	third     [32]byte // E0-80: subtracted with saturation, leaves bit 7 from E0 up
	fourth    [32]byte // F0-80: likewise from F0 up
	nibble    [32]byte // 0F
	bit7      [32]byte // 80

	// The Keiser–Lemire tables and hi for the AVX-512 kernels, which look
	// them up with VPERMB by the low six bits of a byte: of the byte
	// shifted right by two for those of high halves (hi64[i] is
	// hi[i>>2]), of the byte itself for byte1Low, so that no half is
	// masked out first.
	hi64, byte1High64, byte1Low64, byte2High64 [64]byte
	// byte1Low64 for the runs of joiners (RUN_ERRS), which take no
	// character of four bytes: every byte after a lead byte from F0 up
	// is ill-formed, so that they need not test the fourth byte of one.
	byte1LowRun64 [64]byte

	escapes uint64 // nonzero when some ASCII byte is escaped
	pairs   uint64 // nonzero when some pair is flagged
	c1      uint64 // nonzero when some C1 control is escaped
	wide    uint64 // nonzero when the kernels take 64 bytes at a time (vec512_amd64.h)
}

// The Keiser–Lemire error bits: for each pair of bytes, the reasons it
// could be ill-formed. A pair is ill-formed when the three tables agree on
// one of them.
const (
	tooShort     = 1 << 0 // a lead byte or ASCII followed by a lead byte or ASCII ...
	tooLong      = 1 << 1 // ASCII followed by a continuation byte
	overlong3    = 1 << 2 // E0 80–9F
	tooLarge     = 1 << 3 // F4 90–BF, F5–FF
	surrogate    = 1 << 4 // ED A0–BF
	overlong2    = 1 << 5 // C0, C1
	tooLarge1000 = 1 << 6 // F5–FF 80–8F
	overlong4    = 1 << 6 // F0 80–8F
	twoConts     = 1 << 7 // two continuation bytes: fine only as the third or fourth byte
	carry        = tooShort | tooLong | twoConts
)

// klTables are the published tables, by high half of the first byte, low
// half of the first byte, and high half of the second.
var klTables = [3][16]byte{{
	// 0_______: ASCII
	tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong,
	// 10______: continuation
	twoConts, twoConts, twoConts, twoConts,
	tooShort | overlong2,             // 1100____
	tooShort,                         // 1101____
	tooShort | overlong3 | surrogate, // 1110____
	tooShort | tooLarge | tooLarge1000 | overlong4, // 1111____
}, {
	carry | overlong3 | overlong2 | overlong4, // ____0000
	carry | overlong2,                         // ____0001
	carry,                                     // ____0010
	carry,                                     // ____0011
	carry | tooLarge,                          // ____0100
	carry | tooLarge | tooLarge1000,           // ____0101
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000, // ____1000
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000 | surrogate, // ____1101
	carry | tooLarge | tooLarge1000,
	carry | tooLarge | tooLarge1000,
}, {
	// ASCII second
	tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort,
	tooLong | overlong2 | twoConts | overlong3 | tooLarge1000 | overlong4, // 1000____
	tooLong | overlong2 | twoConts | overlong3 | tooLarge,                 // 1001____
	tooLong | overlong2 | twoConts | surrogate | tooLarge,                 // 1010____
	tooLong | overlong2 | twoConts | surrogate | tooLarge,                 // 1011____
	// lead byte second
	tooShort, tooShort, tooShort, tooShort,
}}

// klPair is what the kernel computes for the byte pair a b: nonzero below
// bit 7 when the pair is ill-formed; exactly twoConts when b is a second
// continuation byte, which is well-formed only after E0–F4 two or three
// bytes back.
func klPair(a, b byte) byte {
	return klTables[0][a>>4] & klTables[1][a&15] & klTables[2][b>>4]
}

// newVecTables returns the kernel's tables for s, or nil when this
// processor has no kernel.
func newVecTables(s *set) *vecTables {
	if !haveVec {
		return nil
	}
	return vecTablesOf(s)
}

// vecTablesOf returns the kernel's tables for s, for the AVX-512 kernels
// where the processor has them: what the Go versions of the kernels
// (vec_generic.go) take on any processor.
func vecTablesOf(s *set) *vecTables {
	v := &vecTables{}
	var escLo, hi [16]byte
	for b, esc := range s.ascii {
		if esc {
			escLo[b&15] |= 1 << (b >> 4)
			v.escapes = 1
		}
	}
	pt := pairTablesOf(s)
	var leadLo [16]byte
	for b := 0xC0; b <= 0xFF; b++ {
		if pt.lead(byte(b)) != 0 {
			leadLo[b&15] |= 1 << (b>>4 - 8)
			v.pairs = 1
		}
	}
	for i := range 64 {
		v.pairLead64[i], v.pairSec64[i] = pt.lead(byte(0xC0+i)), pt.second(byte(0x80+i))
		if i > 0 {
			v.pairLeadBF[i] = pt.lead(byte(0xBF + i))
		}
		l := leads[0xC0+i]
		v.leadRows[i] = [4]byte{byte(l.size), l.lo, l.hi}
	}
	v.pairThird = pt.third
	for h := range hi {
		hi[h] = 1 << (h & 7)
	}
	c1Lead := byte(0xFF)
	for r := rune(0x80); r <= 0x9F; r++ {
		if s.contains(r) {
			c1Lead, v.c1 = 0xC2, 1
		}
	}
	for i := range 32 {
		v.escLo[i], v.hi[i], v.leadLo[i] = escLo[i&15], hi[i&15], leadLo[i&15]
		v.pairLeadHi[i], v.pairLeadLo[i], v.pairSecHi[i], v.pairSecLo[i] = pt.leadHi[i&15], pt.leadLo[i&15], pt.secHi[i&15], pt.secLo[i&15]
		v.pairThirdHi[i], v.pairThirdLo[i] = pt.thirdHi[i&15], pt.thirdLo[i&15]
		v.byte1High[i], v.byte1Low[i], v.byte2High[i] = klTables[0][i&15], klTables[1][i&15], klTables[2][i&15]
		v.c1Lead[i], v.c1Max[i] = c1Lead, 0x9F
		v.open[i] = 0xFF
		v.third[i], v.fourth[i], v.nibble[i], v.bit7[i] = 0xE0-0x80, 0xF0-0x80, 0x0F, 0x80
	}
	for i := range 64 {
		v.hi64[i], v.byte1Low64[i] = hi[i>>2], klTables[1][i&15]
		v.byte1LowRun64[i] = v.byte1Low64[i]
		if i >= 0x30 {
			// F0–FF, by their low six bits; so are 30–3F, 70–7F and
			// B0–BF, which have neither bit in byte1High64.
			v.byte1LowRun64[i] |= tooLarge | tooLarge1000
		}
		v.byte1High64[i], v.byte2High64[i] = klTables[0][i>>2], klTables[2][i>>2]
	}
	if haveWide {
		v.wide = 1
	}
	// A lead byte in the last three places of a block must be continued in
	// the next: 2-byte leads in the last, 3-byte in the last two, 4-byte
	// in the last three.
	v.open[29], v.open[30], v.open[31] = 0xF0-1, 0xE0-1, 0xC0-1
	for i := range v.open64 {
		v.open64[i] = 0xFF
	}
	v.open64[61], v.open64[62], v.open64[63] = 0xF0-1, 0xE0-1, 0xC0-1
	return v
}

// escapeText is the escape of an ASCII byte as the kernel that copies
// (vecCopy) writes it: n bytes, 2 to 8, with four 2-byte stores that may
// overlap, at 0, n-2, at2 and at4; or, where n is 0, a byte the kernel
// stops at for its caller to handle (ESC, when sequences are recognized).
type escapeText struct {
	text     [8]byte
	n        uint8
	at2, at4 uint8 // min(2, n-2) and max(n-4, 0)
	_        [5]byte
}

// The kernel finds an escapeText at 16 times its byte.
var _ = [1]struct{}{}[unsafe.Sizeof(escapeText{})-16]

// escapeTable is what the copying kernels look escapes up in: the text
// of each ASCII byte's, and for the AVX-512 kernel's escapes of whole
// blocks (veccopy512_amd64.s, expand), which need each escape to be two
// bytes, those two: first is 0 for a byte whose escape is not. invalid
// holds the escape of each byte 80–FF where it is ill-formed, under
// EscapeInvalid (Style.appendInvalid).
type escapeTable struct {
	texts         [0x80]escapeText
	first, second [0x80]byte
	invalid       [0x80]escapeText
}

// newEscapeTable returns the table of the escapes e in the style s, where
// a nil escape is a byte the kernel stops at (escapeText).
func newEscapeTable(s Style, e *[0x80][]byte) *escapeTable {
	t := &escapeTable{}
	for b := range t.invalid {
		t.invalid[b] = newEscapeText(s.appendInvalid(nil, []byte{0x80 + byte(b)}))
	}
	for b, e := range e {
		if e == nil {
			continue
		}
		t.texts[b] = newEscapeText(e)
		if len(e) == 2 {
			t.first[b], t.second[b] = e[0], e[1]
		}
	}
	return t
}

// newEscapeText returns e, of 2 to 8 bytes, as the kernels write it.
func newEscapeText(e []byte) (t escapeText) {
	n := copy(t.text[:], e)
	t.n, t.at2, t.at4 = uint8(n), uint8(min(2, n-2)), uint8(max(n-4, 0))
	return t
}

// escapeTables are asciiEscapes for the kernels, by style: for Escape and
// the others, and, with sequences recognized, with ESC left to the
// recognizer (sequence.go).
var escapeTables, sequenceEscapeTables = func() (t, seq [UnicodeStyle + 1]*escapeTable) {
	for s := range t {
		t[s] = newEscapeTable(Style(s), &asciiEscapes[s])
		e := asciiEscapes[s]
		e[0x1B] = nil
		seq[s] = newEscapeTable(Style(s), &e)
	}
	return t, seq
}()

// kernelSeq tells the AVX-512 kernel that copies what to do at an ESC
// that starts a CSI sequence of the plain form, ESC [, parameter bytes
// 30–3F and a final byte 40–7E, all in one block (veccopy512_amd64.s,
// csi): with mode 0 it stops there for the recognizer (sequence.go), as
// at every other ESC, and under kernelKeep alone it escapes every ESC
// that starts no SGR sequence that is kept (esc). And what to do with
// ill-formed input (invalid): 0 stops there for the caller. And whether
// it passes emoji joiners, selectors and tags in context (emoji,
// emojikernel.go), judging them on src and the before bytes that precede
// it in the caller's src.
type kernelSeq struct {
	mode    uint8
	colored uint8 // kept SGR left attributes on (sanitizer.colored), in and out
	invalid uint8 // kernelReplace or kernelEscapeInvalid, as OnInvalid says
	before  int
	emoji   *emojiTables // nil: the kernel stops at every joiner, selector and tag
	// esc is the escape of ESC, which the kernel writes under kernelKeep
	// alone where an ESC starts no SGR sequence that is kept; nil: it
	// stops there.
	esc *escapeText
}

// The values of kernelSeq.invalid: a maximal subpart of ill-formed input
// becomes U+FFFD, as under ReplaceInvalid, or its bytes are escaped, as
// under EscapeInvalid.
const (
	kernelReplace = 1 + iota
	kernelEscapeInvalid
)

// The bits of kernelSeq.mode.
const (
	kernelStrip    = 1 << iota // drop the sequence, as StripSequences does
	kernelKeep                 // keep an SGR sequence, as KeepColors does; others as kernelStrip says
	kernelColors               // note in colored whether a kept SGR leaves attributes on
	kernelLineFeed             // stop at a raw line feed while they are, for the reset before it
)
