package sanitize

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// TestEmojiTables checks what the kernel reads against what the rules
// ask: the bitmaps bit by bit, and the tails of the tag sequences.
func TestEmojiTables(t *testing.T) {
	e := newEmojiTables()
	for r := rune(emojiBlockLo); r <= emojiBlockHi; r++ {
		if e.pict.has(r) != isPictographic(r) || e.base.has(r) != isBase(r) || e.mod.has(r) != isModifier(r) {
			t.Errorf("%U: the kernel's bitmaps disagree with the rules", r)
		}
	}
	for r := rune(0x2000); r <= 0x2FFF; r++ {
		if e.symbols.bit(int(r-0x2000)) != isPictographic(r) {
			t.Errorf("%U: the kernel's bitmap of symbols disagrees with Extended_Pictographic", r)
		}
		// SYMBOL_BASE and the vector pass take these for bases
		// (symbolBases): all of them are.
		if unicode.Is(symbolBases, r) && !isBase(r) {
			t.Errorf("%U is no base", r)
		}
	}
	for i, seq := range rgiTagSequences {
		tail := seq[utf8.RuneLen(blackFlag):]
		if len(tail) != tagTail || string(e.tails[i][:]) != tail {
			t.Errorf("tail %d: %q, want the %d bytes %q", i, e.tails[i], tagTail, tail)
		}
	}
}

// TestEmojiTablesAligned checks that each vector of the kernel's tables
// starts a cache line: the tables at a multiple of 64, and each vector at
// an offset that is one.
func TestEmojiTablesAligned(t *testing.T) {
	e := newEmojiTables()
	if p := uintptr(unsafe.Pointer(e)); p%64 != 0 {
		t.Errorf("the tables at %#x, not a multiple of 64", p)
	}
	for name, v := range map[string]*[64]byte{
		"rows4": &e.rows4, "cols4": &e.cols4, "rows3": &e.rows3, "cols3": &e.cols3,
		"joinsLeft": &e.joinsLeft, "joinsRight": &e.joinsRight, "leadBits": &e.leadBits,
		"viramaRows": &e.viramaRows, "viramaCols": &e.viramaCols,
		"joinsNotLeft": &e.joinsNotLeft, "joinsNotRight": &e.joinsNotRight, "leadsAt": &e.leadsAt,
		"viramaRowsNot": &e.viramaRowsNot, "viramaColsAt": &e.viramaColsAt,
		"bytes[0]": &e.bytes[0], "bytes[last]": &e.bytes[len(e.bytes)-1],
	} {
		if p := uintptr(unsafe.Pointer(v)); p%64 != 0 {
			t.Errorf("%s at %#x, %d bytes past a cache line", name, p, p%64)
		}
	}
	for range 100 {
		if p := uintptr(unsafe.Pointer(aligned64[[3]byte]())); p%64 != 0 {
			t.Fatalf("aligned64 gave %#x", p)
		}
	}
}

// emojiText is text around which the tests put emoji: ASCII, so that the
// kernel takes it whole.
var emojiText = strings.Repeat("lorem ipsum ", 24)

// The kernel passes what it decides, and stops at the rest: after pad
// bytes of text, seq, then text again; pass says whether it goes past seq
// in one call.
func TestEmojiKernel(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	england := blackFlagText + tagsOf("gbeng") + "\U000E007F"
	for _, c := range []struct {
		desc string
		seq  string
		pass bool
	}{
		{"family", "\U0001F468\u200d\U0001F469\u200d\U0001F467", true},
		{"a skin tone and a joiner", "\U0001F469\U0001F3FD\u200d\U0001F4BB", true},
		{"rainbow flag: a selector and a joiner", "\U0001F3F3\ufe0f\u200d\U0001F308", true},
		{"a heart, with a selector", "\u2764\ufe0f", true},
		{"heart on fire: a symbol, a selector, a joiner", "\u2764\ufe0f\u200d\U0001F525", true},
		{"a joiner before a symbol", "\U0001F525\u200d\u2764", true},
		{"a keycap's selector after a digit", "1\ufe0f\u20e3", true},
		{"text presentation after a symbol", "\u263a\ufe0e", true},
		{"a standardized variant after a letter", "\u2205\ufe00x", true},
		{"the flag of England", england, true},
		{"the flag of Scotland", blackFlagText + tagsOf("gbsct") + "\U000E007F", true},
		{"the flag of Wales", blackFlagText + tagsOf("gbwls") + "\U000E007F", true},
		{"a selector after a space", " \ufe0f", false},
		{"a second selector", "\u2764\ufe0f\ufe0f", false},
		{"a selector after an unassigned pictograph", "\U0001FC73\ufe0f", false},
		{"a joiner after a selector that does not pass", "\U0001FC73\ufe0f\u200d\U0001F308", false},
		{"a joiner before a letter", "\U0001F468\u200dx", false},
		{"a joiner after a letter", "x\u200d\U0001F468", false},
		{"a joiner after a virama", "\u0915\u094d\u200d\u0937", true},
		{"a Malayalam chillu: a joiner after a virama", "\u0d28\u0d4d\u200d ", true},
		{"a non-joiner after a Bengali virama", "\u0995\u09cd\u200c\u09b7", true},
		{"a joiner after a Devanagari letter", "\u0915\u200d\u0937", false},
		{"a joiner after a Thai sign, past the Indic blocks", "\u0e4d\u200d\u0e01", false},
		{"a joiner after a letter of Samaritan, before them", "\u080d\u200d", false},
		{"a joiner after a Kawi virama, past the Indic blocks: the rules'", "\U00011f42\u200d", false},
		{"tags of no recommended flag", blackFlagText + tagsOf("usca") + "\U000E007F", false},
		{"tags without the black flag", tagsOf("gbeng") + "\U000E007F", false},
		// Non-joiners (RFC 5892, Appendix A.1), as in Persian می‌خواهم
		// and کتاب‌ها: after L or D, before R or D, with T between.
		{"a non-joiner in a Persian word", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", true},
		{"a non-joiner before a right-joining letter", "\u0647\u200c\u0627", true},
		{"a non-joiner after a mark", "\u0628\u064e\u200c\u0647", true},
		{"a non-joiner before marks", "\u0628\u200c\u064e\u064e\u0647", true},
		{"a non-joiner in Syriac", "\u0712\u200c\u0710", true},
		{"a non-joiner in NKo", "\u07ca\u200c\u07ca", true},
		{"a non-joiner after a right-joining letter", "\u0627\u200c\u0628", false},
		{"a non-joiner before a left-joining letter only", "\u0628\u200c\u0621", false},
		{"a non-joiner after tatweel (join causing)", "\u0640\u200c\u0628", false},
		{"a non-joiner in a Latin word", "ig\u200cnore", false},
		{"a non-joiner after Arabic letter mark", "\u0628\u061c\u200c\u0628", false},
		{"eight marks, 16 bytes, before a non-joiner", "\u0628" + strings.Repeat("\u064e", 8) + "\u200c\u0628", false},
		{"seven marks before a non-joiner", "\u0628" + strings.Repeat("\u064e", 7) + "\u200c\u0628", true},
		{"eight marks after a non-joiner", "\u0628\u200c" + strings.Repeat("\u064e", 8) + "\u0628", false},
		{"seven marks after a non-joiner", "\u0628\u200c" + strings.Repeat("\u064e", 7) + "\u0628", true},
		{"a non-joiner after a letter of three bytes: the rules'", "\u08a0\u200c\u0628", false},
		{"a non-joiner after a virama", "\u0915\u094d\u200c\u0937", true},
	} {
		s := New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer)
		for pad := 0; pad < 136; pad++ {
			in := []byte(emojiText[:pad] + c.seq + emojiText)
			dst := make([]byte, 4*len(in))
			_, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq)
			passed := nSrc >= pad+len(c.seq)
			if passed != c.pass {
				t.Errorf("%s after %d bytes: the kernel stopped at %d, passed %v, want %v", c.desc, pad, nSrc, passed, c.pass)
			}
			checkCopy(t, s, in, false)
			// src cut in the sequence or just after it, with the rest
			// of it in memory after src, which the kernel must not read.
			for cut := pad; cut <= pad+len(c.seq)+4; cut++ {
				checkCopy(t, s, in[:cut], false)
			}
		}
	}
}

// The kernel looks before src only as far as kernelSeq.before says the
// caller's src goes.
func TestEmojiKernelBefore(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	s := New(Also(Invisible)).(*sanitizer)
	for _, c := range []struct {
		before, seq string
		never       bool // whatever the kernel sees of before
	}{
		{"\U0001F468", "\u200d\U0001F469", false},
		{"\U0001F3F3\ufe0f", "\u200d\U0001F308", false},
		{"\U0001F3F3", "\ufe0f", false},
		{"!", "\ufe0f", false},
		{"\u2764", "\ufe0f", false},
		{blackFlagText, tagsOf("gbeng") + "\U000E007F", false},
		// A selector that does not pass, before a joiner that it
		// keeps from passing too.
		{"\U0001FC73\ufe0f", "\u200d\U0001F308", true},
		{"\U0001F3F3\ufe0f\ufe0f", "\u200d\U0001F308", true},
	} {
		buf := []byte(c.before + c.seq + emojiText)
		src := buf[len(c.before):]
		dst := make([]byte, 4*len(buf))
		for before := range len(c.before) + 1 {
			s.kseq.before = before
			_, nSrc := vecCopy(dst, src, s.set.vec, s.esc, &s.kseq)
			if passed, want := nSrc > 0, before == len(c.before) && !c.never; passed != want {
				t.Errorf("%+q after %+q, %d bytes of it in the caller's src: the kernel took %d bytes", c.seq, c.before, before, nSrc)
			}
		}
	}
	s.kseq.before = 0
}

// The kernel, through Transform, is held to the rules on long random runs
// of emoji, their pieces, and what breaks them, where every call starts
// somewhere in the caller's src (kernelSeq.before) and blocks cut them
// everywhere.
func TestEmojiKernelMatchesRules(t *testing.T) {
	pieces := []string{"👨", "👩", "💻", "🌈", "🏳", "❤", "😀", "🔥", "🇯", "🇵", "🏴", "\U0001FC73", "\U0001FC00",
		"🏻", "🏽", "\ufe0f", "\ufe0f", "\ufe0e", "\u200d", "\u200d", "\u200d", "\u200c", "\u2194", "\u203c", "\u2600",
		"\u2080", "\u2000", "\u2028", "\u2190", "\u2427", "\u2764", "\u00a9", "1", "!", "~", "a", " ", "\n", "\x7f", "क", "\u094d", "ب",
		"\u0d4d", "\u09cd", "\U00011f42", "\u0e4d", "\u080d", "\u0d28", "\u200c", "\u200c", "\u200c", "\u0627", "\u06cc", "\u0647", "\u064e", "\u064e", "\u0640", "\u0621", "\u061c", "\u0710", "\u07ca", "\u08a0", "\ufb50", "\xd8", "\xd8\x30",
		tagsOf("gbeng") + "\U000E007F", tagsOf("gbsct") + "\U000E007F", tagsOf("gbwls") + "\U000E007F",
		"\U000e0067", "\U000e007f", "\xf0\x9f\x98", "\x80", "\x1b", "lorem ipsum dolor sit amet "}
	configs := [][]Option{
		{Also(Invisible)},
		{Also(Invisible | Tags | VariationSelectors)},
		{Remove(Invisible)},
		{Also(Invisible), Allow(0xFE0F)},
		{Also(Tags | VariationSelectors)},
		{Also(Invisible), AlsoIn(&unicode.RangeTable{R32: []unicode.Range32{{0x1F3F4, 0x1F3F4, 1}}})},
		{Also(Invisible), Allow(0x061C)},
		{Also(Invisible | Bidi)},
	}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(21, 22)), 2000, 60, pieces, configs)
	var in []byte
	rng := rand.New(rand.NewPCG(23, 24))
	for len(in) < 64<<10 {
		in = append(in, pieces[rng.IntN(len(pieces))]...)
	}
	checkReaders(t, in, configs)
}
