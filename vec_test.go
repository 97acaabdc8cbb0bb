package sanitize

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The Keiser–Lemire tables say what Table 3-7 says about every pair of
// bytes: klPair flags exactly the pairs that cannot occur in well-formed
// UTF-8, and marks a continuation after a continuation for the kernel's
// check of the third and fourth bytes.
func TestVectorTablesFollowTable37(t *testing.T) {
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			cont := func(x int) bool { return 0x80 <= x && x <= 0xBF }
			l := leads[a]
			var want string
			switch {
			case a < 0x80 && cont(b):
				want = "ill-formed" // a continuation byte with nothing to continue
			case a < 0x80:
				want = "fine"
			case cont(a) && cont(b):
				want = "two continuations"
			case cont(a):
				want = "fine" // the character ended at a
			case l.size == 0:
				want = "ill-formed" // C0, C1, F5–FF
			case int(l.lo) <= b && b <= int(l.hi):
				want = "fine"
			default:
				want = "ill-formed"
			}
			var got string
			switch k := klPair(byte(a), byte(b)); {
			case k&^twoConts != 0:
				got = "ill-formed"
			case k == twoConts:
				got = "two continuations"
			default:
				got = "fine"
			}
			if got != want {
				t.Errorf("% x: %s, Table 3-7 says %s", []byte{byte(a), byte(b)}, got, want)
			}
		}
	}
}

// The tables that the AVX-512 kernels look up with VPERMB, by six bits of a
// byte, say what the 16-entry ones say (klPair, hi) for every pair of
// bytes and every byte.
func TestVectorTables64(t *testing.T) {
	v := New().(*sanitizer).set.vec
	if v == nil {
		t.Skip("no kernel on this processor")
	}
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			if got, want := v.byte1High64[a>>2]&v.byte1Low64[a&63]&v.byte2High64[b>>2], klPair(byte(a), byte(b)); got != want {
				t.Fatalf("% x: %08b by six bits, %08b by four", []byte{byte(a), byte(b)}, got, want)
			}
		}
		if v.hi64[a>>2] != v.hi[a>>4] {
			t.Fatalf("%#x: hi64 %08b, hi %08b", a, v.hi64[a>>2], v.hi[a>>4])
		}
	}
}

// The runs of joiners check their blocks with byte1LowRun64 and no test
// of a fourth byte (RUN_ERRS): byte by byte, where the byte three back
// is no lead from F0 up, they flag what CHECK512_ERRS flags, and every
// byte after such a lead as well.
func TestRunErrorsByByte(t *testing.T) {
	s := newSet(configure(nil))
	v := vecTablesOf(&s)
	for _, p3 := range []byte{0x00, 0x80, 0xC2, 0xE2, 0xEF} {
		for p2 := range 256 {
			for p1 := range 256 {
				for c := range 256 {
					got := v.runErrorsAfter([]byte{byte(c)}, [2]byte{byte(p2), byte(p1)}) != 0
					want := p1 >= 0xF0 || v.illFormed(byte(c), byte(p1), byte(p2), p3)
					if got != want {
						t.Fatalf("% x: flagged %v, want %v", []byte{p3, byte(p2), byte(p1), byte(c)}, got, want)
					}
				}
			}
		}
	}
}

// So a block after complete characters, as the first of a run is, has
// no flag just where it is well-formed, as the utf8 package says, up to
// a character left open at its end, and no lead byte from F0 up comes
// before its last byte, from the byte before it on; and the block after
// one that passed, the same.
func TestRunErrors(t *testing.T) {
	s := newSet(configure(nil))
	v := vecTablesOf(&s)
	chars := []string{"a", " ", "\x00", "\u00e9", "\u0645", "\u200c", "\u0915", "\ue000", "\uffff", "\u0800", "\ud7ff"}
	pieces := append([]string{"\U0001F600", "\U00010000", "\U0010FFFF", "\xf0\x9f\x98", "\xf0\x9f", "\xf0", "\xf4\x90\x80\x80",
		"\xf5\x80", "\xff", "\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xe0\x80\x80", "\xed\xa0\x80", "\xe2\x80", "\xe2", "\xc3"}, chars...)
	rng := rand.New(rand.NewPCG(5, 6))
	open := func(b []byte) bool { // well-formed but for a character left open at its end
		for _, tail := range []string{"", "\x80", "\x90", "\xa0", "\xbf"} {
			for _, more := range []string{"", "\x80", "\x80\x80", "\xbf\xbf"} {
				if utf8.Valid(append(append(append([]byte(nil), b...), tail...), more...)) {
					return true
				}
			}
		}
		return false
	}
	passed := 0
	for range 200000 {
		var before, text []byte
		for len(before) < 3 {
			before = append(before, chars[rng.IntN(len(chars))]...)
		}
		for len(text) < 64+64 {
			text = append(text, pieces[rng.IntN(len(pieces))]...)
		}
		if rng.IntN(2) == 0 {
			// Mostly well-formed, so that both answers come up.
			text = []byte(strings.ToValidUTF8(string(text), "\u00e9"))
			for len(text) < 128 {
				text = append(text, 'a')
			}
		}
		all := append(before, text...)
		at := len(before)
		for block := 0; block < 2; block++ {
			b := all[at : at+64]
			noF0 := true // from the byte before the block to the one before its last
			for _, c := range all[at-1 : at+63] {
				noF0 = noF0 && c < 0xF0
			}
			got := v.runErrorsAfter(b, [2]byte{all[at-2], all[at-1]}) == 0
			want := noF0 && open(all[:at+64])
			if got != want {
				t.Fatalf("%+q | %+q: passed %v, want %v", all[:at], b, got, want)
			}
			if !got {
				break
			}
			passed++
			at += 64
		}
	}
	if passed < 1000 {
		t.Errorf("only %d blocks passed", passed)
	}
}

// The ranges of each class are the characters it holds, from U+00A0 up,
// code point by code point.
func TestClassRanges(t *testing.T) {
	for _, c := range []Class{Noncharacters, PrivateUse, Bidi, LineSeparators, VariationSelectors, Tags, Invisible} {
		var in [utf8.MaxRune + 1]bool
		c.ranges(func(lo, hi rune) {
			for r := lo; r <= hi; r++ {
				in[r] = true
			}
		})
		for r := rune(0xA0); r <= utf8.MaxRune; r++ {
			if want := c.contains(r) && r != 0x85; in[r] != want {
				t.Fatalf("class %v: %U in the ranges %v, in the class %v", c, r, in[r], want)
			}
		}
	}
}

// The kernel's pair classes hold the first two bytes of every character
// from U+00A0 up that a set escapes, or whose fate its context decides,
// for many sets; and the nibble tables say what the classes say, pair by
// pair.
func TestPairsCoverTheSet(t *testing.T) {
	sets := [][]Option{
		{Also(Invisible | Tags | VariationSelectors)},
		{Also(Bidi)},
		{Also(LineSeparators | Noncharacters)},
		{Also(PrivateUse), Remove(Tags)},
		{Also(Noncharacters | PrivateUse | Bidi | LineSeparators | VariationSelectors | Tags | Invisible)},
		{AlsoIn(unicode.Cyrillic)},
		{AlsoIn(unicode.Han), Also(Bidi)},
		{AlsoFunc(func(r rune) bool { return r == 0x1F600 })},
	}
	for _, opts := range sets {
		s := newSet(configure(opts))
		cs := s.cover()
		if len(cs) > maxPairClasses {
			t.Fatalf("%v: %d classes", opts, len(cs))
		}
		var covered pairSet
		for _, c := range cs {
			covered.or(c.set())
		}
		var b [4]byte
		for r := rune(0xA0); r <= utf8.MaxRune; r++ {
			if !utf8.ValidRune(r) || !s.contains(r) {
				continue
			}
			utf8.EncodeRune(b[:], r)
			if !covered.has(b[0], b[1]) {
				t.Fatalf("%v: %U (% x) is escaped, its pair not flagged", opts, r, b[:2])
			}
		}
		tb := pairTables(cs)
		tr := s.triples()
		tb.thirds(&tr)
		for r := rune(0x800); r <= 0xFFFF; r++ {
			if !utf8.ValidRune(r) || !s.contains(r) {
				continue
			}
			utf8.EncodeRune(b[:], r)
			if tb.class(b[0], b[1])&tb.third[thirdIndex(b[2])] == 0 {
				t.Fatalf("%v: %U (% x) is escaped, its third byte not flagged", opts, r, b[:3])
			}
		}
		// The wide scan tests every pair with the byte after it: a pair
		// not led by E0–EF is flagged whatever that byte is, and no class
		// has pairs of both kinds, which would flag every third byte of
		// its pairs led by E0–EF.
		for _, c := range cs {
			if c.leadHi&(1<<0xE) != 0 && c.leadHi != 1<<0xE {
				t.Fatalf("%v: a class has lead bytes %016b in the high half, E and others", opts, c.leadHi)
			}
		}
		for lead := 0xC0; lead <= 0xFF; lead++ {
			for second := 0x80; second <= 0xBF && lead&0xF0 != 0xE0; second++ {
				for i, third := range tb.third {
					if cl := tb.class(byte(lead), byte(second)); cl&^third != 0 {
						t.Fatalf("%v: % x: classes %08b, thirds at %#x %08b", opts, []byte{byte(lead), byte(second)}, cl, i, third)
					}
				}
			}
		}
		for lead := 0xC0; lead <= 0xFF; lead++ {
			for second := 0x80; second <= 0xBF; second++ {
				got := tb.leadHi[lead>>4]&tb.leadLo[lead&15]&tb.secHi[second>>4]&tb.secLo[second&15] != 0
				if want := covered.has(byte(lead), byte(second)); got != want {
					t.Fatalf("%v: % x: the tables say %v, the classes %v", opts, []byte{byte(lead), byte(second)}, got, want)
				}
			}
		}
	}
}

// Emoji, kana and the text of many scripts make no pair of the invisible
// classes: the kernel goes through them (the reason for pairs). Not all
// punctuation: “ and — begin E2 80, as U+200B does, and only the wide
// kernel, which tests their third byte, goes through them.
func TestPairsSpareText(t *testing.T) {
	s := newSet(configure([]Option{Also(Invisible | Tags | VariationSelectors)}))
	var covered pairSet
	for _, c := range s.cover() {
		covered.or(c.set())
	}
	for _, r := range []rune{'é', 'ß', 'α', 'ж', 'א', 'ب', 'ह', '→', 'あ', 'ア', '日', '한', 0x1F600, 0x1F468,
		'«', '©', 0xA0, 'ệ', 'ự', 'ở', 'ἀ', '╭', '╬', '┌', '█', '✓', '❤', '★', '①', '⅓', '€', '™', 'の', 'だ', '。', '「'} {
		b := utf8.AppendRune(nil, r)
		if covered.has(b[0], b[1]) {
			t.Errorf("%c (%U, % x) is flagged", r, r, b[:2])
		}
	}
	// With their third bytes, which the wide kernel tests, and their
	// halves, which the narrow one tests, the general punctuation of
	// running text is spared too.
	tb := pairTablesOf(&s)
	for _, r := range []rune{'“', '”', '‘', '’', '—', '–', '…', '•', '‰', '€', '™', '‚', '„', '†', '′', '‹'} {
		b := utf8.AppendRune(nil, r)
		if tb.class(b[0], b[1])&tb.third[thirdIndex(b[2])] != 0 {
			t.Errorf("%c (%U, % x) is flagged with its third byte", r, r, b)
		}
		if tb.class(b[0], b[1])&tb.thirdOf(b[2]) != 0 {
			t.Errorf("%c (%U, % x) is flagged with the halves of its third byte", r, r, b)
		}
	}
}

// The halves of the third bytes, which the narrow kernels test, hold every
// class the third byte has (nibbleTables.third), so that they flag every
// character the wide kernels flag, and those of lead bytes outside E0–EF
// for every byte after their pair, ASCII and lead bytes too.
func TestThirdHalvesHoldThirds(t *testing.T) {
	for _, opts := range [][]Option{
		{Also(Invisible | Tags | VariationSelectors)},
		{Also(Bidi | Noncharacters | PrivateUse | LineSeparators)},
		{Also(Invisible), Allow('\u200d')},
		{AlsoIn(unicode.Cf)},
	} {
		s := newSet(configure(opts))
		tb := pairTablesOf(&s)
		var others byte
		for a := 0xC0; a <= 0xFF; a++ {
			if a&0xF0 != 0xE0 {
				others |= tb.lead(byte(a))
			}
		}
		for c := range 256 {
			want := others
			if c&0xC0 == 0x80 {
				want = tb.third[thirdIndex(byte(c))]
			}
			if got := tb.thirdOf(byte(c)); got&want != want {
				t.Errorf("%v: the halves of %02x give classes %08b, which lack some of %08b", opts, c, got, want)
			}
		}
	}
}

// Every sequence of up to three edge bytes (four outside -short), in ASCII
// and in CJK text, at each place around the kernel's 32-byte blocks: clean
// and the plain loop agree on how far the text is clean, and the kernel
// stops exactly where its plain Go model does, never after the plain loop.
// The kernel that copies is held to the plain loop on the sequences of up
// to three bytes.
func TestVectorEdges(t *testing.T) {
	if !haveVec {
		t.Skip("no vector kernel on this processor")
	}
	edges := []byte{0x00, 0x09, 0x0a, 0x1f, 0x20, 0x5c, 0x7e, 0x7f, 0x80, 0x84, 0x85, 0x8f, 0x90, 0x9f, 0xa0, 0xbf,
		0xc0, 0xc1, 0xc2, 0xc3, 0xdf, 0xe0, 0xe1, 0xe2, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff}
	// The copying kernel stops only where it must on sets it tells apart
	// exactly; not on some C1 controls and not others, or on non-ASCII
	// characters that it only knows by their first two bytes.
	sets := []struct {
		*sanitizer
		exact bool
	}{
		{newSanitizer(config{}), true},
		{New(Allow('\t', '\n')).(*sanitizer), true},
		{New(Allow('\t', '\n', '\u0085')).(*sanitizer), false},
		{New(Also(Bidi|Noncharacters), Reversible()).(*sanitizer), false},
		{New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer), false},
		{Validate(ReplaceInvalid).(*sanitizer), true},
	}
	models := make([]*kernelModel, len(sets))
	for i, s := range sets {
		models[i] = newKernelModel(&s.set)
	}
	for _, wide := range kernels() {
		for _, s := range sets {
			s.set.vec.wide = wide
		}
		t.Logf("wide = %d", wide)
		vectorEdges(t, edges, sets, models)
	}
}

// kernels returns the values of vecTables.wide under which the kernels run
// on this processor, the default last, so that a test sets each in turn and
// leaves the default.
func kernels() []uint64 {
	if haveWide {
		return []uint64{0, 1}
	}
	return []uint64{0}
}

// vectorEdges is TestVectorEdges under one choice of kernel.
func vectorEdges(t *testing.T, edges []byte, sets []struct {
	*sanitizer
	exact bool
}, models []*kernelModel) {
	type text struct {
		buf []byte
		at  []int
	}
	// Around the ends of blocks, in each of the four blocks the kernel
	// checks at once on ASCII.
	texts := []text{
		{bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz-0123456789 "), 8), []int{0, 30, 32, 63, 95, 97, 127, 159, 191, 224, 253}},
		{bytes.Repeat([]byte("日本語"), 11), []int{0, 27, 30, 33, 63}},
	}
	if sets[0].set.vec.wide != 0 {
		// Text that is not ASCII, long enough for the wide kernels.
		texts[1] = text{bytes.Repeat([]byte("日本語"), 22), []int{0, 30, 63, 93, 126}}
	}
	// In -short mode and under the race detector, one sequence of three
	// bytes in thirteen, by a stride prime to the 33 edges, which reaches
	// every edge in each place: all of them took 35 s of the 43 that
	// -short took, one in seven 13 s of 48.
	threes := 0
	edgeSequences(edges, func(seq []byte) {
		if len(seq) == 3 && (testing.Short() || raceEnabled) {
			if threes++; threes%13 != 0 {
				return
			}
		}
		for _, tx := range texts {
			for _, at := range tx.at {
				if len(seq) == 4 && at%3 != 0 || len(seq) == 3 && at%2 == 0 {
					continue
				}
				in := append(append(append([]byte(nil), tx.buf[:at]...), seq...), tx.buf[at:]...)
				for i, s := range sets {
					_, ref := fastPaths(s.sanitizer)
					want := clean(in, &ref.set)
					if got := s.clean(in); got != want {
						t.Fatalf("transformer %d, % x: clean = %d, reference %d", i, in, got, want)
					}
					got := vecScan(in, s.set.vec)
					if model := scanModel(in, models[i]); got != model || got > want {
						t.Fatalf("transformer %d, % x: kernel stops at %d, its model at %d, the reference at %d",
							i, in, got, model, want)
					}
					if g := vecScanGo(in, s.set.vec); g != got {
						t.Fatalf("transformer %d, % x: the kernel stops at %d, its Go version at %d", i, in, got, g)
					}
					if len(seq) < 4 {
						checkCopy(t, s.sanitizer, in, s.exact)
					}
				}
			}
		}
	})
}

// TestVectorTriples puts characters of three bytes that the invisible
// classes escape, and some they do not whose first two bytes are the same,
// at every place across the ends of blocks, in ASCII and in Latin text:
// the wide kernel tests their third byte, which may be in the block after
// the pair. So are characters of two and four bytes that they escape,
// which the wide scan flags at the byte after their pair, and which may
// end a block before an ASCII one.
func TestVectorTriples(t *testing.T) {
	if !haveVec {
		t.Skip("no vector kernel on this processor")
	}
	s := New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer)
	m := newKernelModel(&s.set)
	_, ref := fastPaths(s)
	texts := [][]byte{
		bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz-0123456789 "), 6),
		bytes.Repeat([]byte("àéîõü "), 20),
		// A pair of the classes first, then the character in a later
		// block: the pair's block must leave nothing behind it.
		append([]byte("“"), bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz-0123456789 "), 6)...),
		// Pairs of the classes in every block, as curly quotes are in
		// prose: the copying kernel then tests each block's pairs with
		// the byte after them and no gate (pairsDense), which misses
		// the pair of a character of two bytes that ends a block, and
		// looks that one up by itself (pairsDense62).
		bytes.Repeat([]byte("“ab” cd "), 40),
	}
	for _, wide := range kernels() {
		s.set.vec.wide = wide
		for _, r := range []rune{0x200B, 0x200F, 0x2060, 0x206F, 0xFEFF, 0x3164, '“', '—', '…', 0x2000, 0x2070,
			0xAD, 0x34F, 0x61C, 0x1BCA0, 0xE0041, 0xE0100, 'é', 0x1F600, 0x80, 0x85, 0x9F, 0xA0} {
			for _, tx := range texts {
				for at := 0; at < 260 && at <= len(tx); at++ {
					in := append(append(append([]byte(nil), tx[:at]...), string(r)...), tx[at:]...)
					want := clean(in, &ref.set)
					if got := s.clean(in); got != want {
						t.Fatalf("wide %d, % x: clean = %d, reference %d", wide, in, got, want)
					}
					got := vecScan(in, s.set.vec)
					if model := scanModel(in, m); got != model || got > want {
						t.Fatalf("wide %d, %U at %d: kernel stops at %d, its model at %d, the reference at %d", wide, r, at, got, model, want)
					}
					if g := vecScanGo(in, s.set.vec); g != got {
						t.Fatalf("wide %d, %U at %d: kernel stops at %d, its Go version at %d", wide, r, at, got, g)
					}
					checkCopy(t, s, in, false)
					// From one block to two, which the wide kernel takes
					// where pairs are flagged (vecCopy).
					checkCopy(t, s, in[:64+at%64], false)
				}
			}
		}
	}
}

// kernelModel is what scanModel needs to know of a set, worked out once.
type kernelModel struct {
	set     *set
	pairs   pairSet // the pairs the kernel flags: its classes' (pairs.go)
	classes []modelClass
	c1      bool // some C1 control is escaped
}

// modelClass is a class of pairs, and the third bytes of the characters of
// three bytes the set escapes that start with one of them.
type modelClass struct {
	pairs  *pairSet
	thirds [64]bool
	// The halves of those third bytes, high and low, as bits: the AVX2
	// kernels flag a pair led by E0–EF where the byte after it has one
	// of each, a product that holds every third byte and some others.
	hi, lo uint16
}

func newKernelModel(s *set) *kernelModel {
	m := &kernelModel{set: s}
	for _, c := range s.cover() {
		m.pairs.or(c.set())
		m.classes = append(m.classes, modelClass{pairs: c.set()})
	}
	// From what the set escapes, where the kernel works from its classes'
	// ranges: the same for sets that allow no character of three bytes
	// and have no AlsoFunc.
	for r := rune(0x800); r <= 0xFFFF; r++ {
		if utf8.ValidRune(r) && s.contains(r) {
			b := []byte(string(r))
			for i := range m.classes {
				if m.classes[i].pairs.has(b[0], b[1]) {
					m.classes[i].thirds[b[2]-0x80] = true
				}
			}
		}
	}
	for i := range m.classes {
		k := &m.classes[i]
		for j, in := range k.thirds {
			if in {
				k.hi |= 1 << ((0x80 + j) >> 4)
				k.lo |= 1 << (j & 15)
			}
		}
	}
	for r := rune(0x80); r <= 0x9F; r++ {
		m.c1 = m.c1 || s.contains(r)
	}
	return m
}

// tripleHalves reports whether the narrow kernel flags the pair a b led by
// E0–EF, before c: some class holds the pair and both halves of c.
func (m *kernelModel) tripleHalves(a, b, c byte) bool {
	for _, k := range m.classes {
		if k.pairs.has(a, b) && k.hi&(1<<(c>>4)) != 0 && k.lo&(1<<(c&15)) != 0 {
			return true
		}
	}
	return false
}

// triple reports whether the wide kernel flags c after the pair a b led by
// E0–EF: some class holds the pair and the third byte.
func (m *kernelModel) triple(a, b, c byte) bool {
	for _, k := range m.classes {
		if k.pairs.has(a, b) && c&0xC0 == 0x80 && k.thirds[c-0x80] {
			return true
		}
	}
	return false
}

// scanModel is vecScan written plainly, block by block, from the set and
// klPair rather than from the kernel's tables: the Go version the kernel is
// held to exactly. Blocks of 32 bytes, or 64 for the wide kernel where p
// holds one, are checked while they fit whole. An
// ASCII block stops at its start when the block before leaves a character
// open, and otherwise at its first escaped byte; any other block stops at
// its first byte that is ill-formed (Keiser–Lemire, against the three bytes
// before it), a C1 control the set escapes, an escaped ASCII byte, or the
// second byte of a pair of the set's classes (pairs.go), the byte after it
// for the wide kernel, which flags a pair led by E0–EF only where that
// byte is a third byte of its class's; the narrow kernel, only where the
// byte after it has the halves of one (tripleHalves). From where it stops, or
// from the first block that does not fit, it backs up to a lead byte
// (C0–FF) found within three bytes over continuation bytes only.
func scanModel(p []byte, m *kernelModel) int {
	pairs, c1, s := &m.pairs, m.c1, m.set
	back := func(i, k int) byte { // the byte k places before p[i], or 0
		if i-k < 0 {
			return 0
		}
		return p[i-k]
	}
	wide := s.vec.wide != 0 && len(p) >= wideMin
	if wide && *pairs != (pairSet{}) {
		c1 = false // found among the pairs (set.pairs)
	}
	flagged := func(i int) bool {
		b, b1, b2 := p[i], back(i, 1), back(i, 2)
		kl := klPair(b1, b)
		var must byte
		if b2 >= 0xE0 || back(i, 3) >= 0xF0 {
			must = twoConts // a third or fourth byte, which must continue
		}
		pair := pairs.has(b1, b)
		if !wide && pair && b1&0xF0 == 0xE0 {
			// A pair led by E0–EF is flagged at its second byte where
			// the byte after it (0 past the end of p) has the halves
			// of a third byte of its class's.
			var next byte
			if i+1 < len(p) {
				next = p[i+1]
			}
			pair = m.tripleHalves(b1, b, next)
		}
		if wide {
			// A pair is flagged at the byte after it: if led by E0–EF,
			// where that is a third byte of its class's.
			threeByte := func(lead byte) bool { return lead&0xF0 == 0xE0 }
			pair = pairs.has(b2, b1) && !threeByte(b2) || threeByte(b2) && m.triple(b2, b1, b)
		}
		return kl^must != 0 || c1 && b1 == 0xC2 && b <= 0x9F ||
			b < 0x80 && s.ascii[b] || pair
	}
	block := 32
	if wide {
		block = 64
	}
	at := 0
scan:
	for ; at+block <= len(p); at += block {
		ascii := true
		for _, b := range p[at : at+block] {
			ascii = ascii && b < 0x80
		}
		if ascii && at > 0 {
			for k, open := range map[int]byte{3: 0xF0, 2: 0xE0, 1: 0xC0} {
				if p[at-k] >= open {
					break scan
				}
			}
		}
		for i := at; i < at+block; i++ {
			if flagged(i) {
				at = i
				break scan
			}
		}
	}
	for i := at; i > 0 && i > at-3; i-- {
		switch b := p[i-1]; {
		case b >= 0xC0:
			return i - 1
		case b < 0x80:
			return at
		}
	}
	return at
}

// checkCopy holds vecCopy to the plain loop on in: what it writes is what
// the loop writes for what it reads, it writes nothing more, and on a set
// it can tell apart exactly it stops only at what it leaves to its caller
// (ill-formed UTF-8 it does not repair, and C1 controls) or at the last
// block, given room; and it never reads past what the reference can tell
// apart before EOF.
func checkCopy(t *testing.T, s *sanitizer, in []byte, exact bool, sizes ...int) {
	t.Helper()
	_, ref := fastPaths(s)
	// The reference starts as the kernel does: with attributes on if
	// kernelSeq.colored says so, as a kept SGR sequence before in left
	// them.
	colored := s.kseq.colored != 0
	restart := func() {
		ref.Reset()
		ref.colored = colored
	}
	want := make([]byte, 8*len(in)+64)
	// How much of in the reference takes before EOF: the kernel, which
	// cannot know where in ends, must take no more.
	restart()
	_, whole, _ := ref.Transform(want, in, false)
	for _, size := range append([]int{8 * len(in), len(in) / 2, 37}, sizes...) {
		dst := bytes.Repeat([]byte{'#'}, size)
		s.kseq.colored = 0
		if colored {
			s.kseq.colored = 1
		}
		k := s.kseq // as the kernel starts
		nDst, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq)
		if s.set.vec != nil {
			// The kernels, exactly as their Go versions.
			g := bytes.Repeat([]byte{'#'}, size)
			if gDst, gSrc := vecCopyGo(g, in, s.set.vec, s.esc, &k); gDst != nDst || gSrc != nSrc || !bytes.Equal(g, dst) || k != s.kseq {
				t.Fatalf("% x, wide %d, dst of %d: the kernel wrote %q for %d bytes, colored %d, its Go version %q for %d, colored %d",
					in, s.set.vec.wide, size, dst[:nDst], nSrc, s.kseq.colored, g[:gDst], gSrc, k.colored)
			}
		}
		// The kernel may end on an ill-formed subpart that the byte
		// after ends, which the reference must see too: an ASCII byte,
		// which ends any, stands for it.
		restart()
		n, m, err := ref.Transform(want, append(in[:nSrc:nSrc], '!'), false)
		if err != nil || m != nSrc+1 || !bytes.Equal(dst[:nDst], want[:max(n-1, 0)]) || want[n-1] != '!' {
			// The kernel may have passed a joiner on the emoji after
			// it, past nSrc (emojikernel.go): then the reference, on
			// all of in, writes the same for the same bytes.
			if got, ok := refUpTo(ref, in, nSrc, colored); !ok || !bytes.Equal(dst[:nDst], got) {
				t.Fatalf("% x, dst of %d: the kernel wrote %q for %d bytes, the reference %q and !, %v; on all of the input %q, %v",
					in, size, dst[:nDst], nSrc, want[:max(n-1, 0)], err, got, ok)
			}
		}
		if nSrc > whole {
			t.Fatalf("% x, dst of %d: the kernel read %d bytes, more than the reference can tell apart before EOF, %d", in, size, nSrc, whole)
		}
		if strings.Trim(string(dst[nDst:]), "#") != "" {
			t.Fatalf("% x, dst of %d: the kernel wrote %q after the %d bytes it reported", in, size, dst[nDst:], nDst)
		}
		if exact && size > len(in) && nSrc <= len(in)-32 && (in[nSrc] < 0x80 || clean(in[nSrc:], &ref.set) > 0) {
			t.Fatalf("% x: the kernel stops at %d, before %q", in, nSrc, in[nSrc:])
		}
	}
}

// refUpTo returns what ref writes for in[:n], deciding on all of in before
// EOF, and whether it stops there: ref is run on all of in, with
// attributes on at the start if colored, with dst cut ever shorter, for
// where it stops to reach n.
func refUpTo(ref *sanitizer, in []byte, n int, colored bool) ([]byte, bool) {
	out := make([]byte, 8*len(in)+64)
	for size := 0; size <= len(out); size++ {
		ref.Reset()
		ref.colored = colored
		nDst, nSrc, _ := ref.Transform(out[:size], in, false)
		switch {
		case nSrc == n:
			return out[:nDst], true
		case nSrc > n:
			return nil, false
		}
	}
	return nil, false
}

// Every ASCII byte, escaped in every style (whose escapes are 2 to 8
// bytes), at every place in a block and across its end.
func TestVectorCopyEscapes(t *testing.T) {
	if !haveVec {
		t.Skip("no vector kernel on this processor")
	}
	// Characters of two, three and four bytes, which the pads before the
	// text and the bytes inserted move across the end of the first block.
	text := []byte("abcdefgh\u65e5\u672cijklmnopqrstuvwxyz ABCDEFGHIJKL\u00e9MNOPQRSTUV\U0001F600WXYZ 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	var sets []*sanitizer
	for s := GoStyle; s <= UnicodeStyle; s++ {
		opts := []Option{WithStyle(s), Also(Bidi)}
		if s.Reversible() {
			opts = append(opts, Reversible())
		}
		sets = append(sets, New(opts...).(*sanitizer))
	}
	// With sequences recognized, the kernel leaves ESC to the recognizer:
	// were it to escape one, the reference, which recognizes the
	// sequence, would write something else.
	sets = append(sets, New(Also(Bidi), Sequences(StripSequences)).(*sanitizer), New(KeepColors()).(*sanitizer))
	for _, z := range sets {
		for _, wide := range kernels() {
			z.set.vec.wide = wide
			// With -short and under the race detector, every fourth
			// place after each of the four pads: each place from the
			// start once.
			for pad := range 4 {
				for b := range 0x80 {
					for at := 0; at < 72; at += step(4) {
						in := append([]byte("xyz")[:pad], text[:at]...)
						in = append(append(in, byte(b), '\x7f', byte(b)), text[at:]...)
						checkCopy(t, z, in, false)
					}
				}
			}
		}
	}
}

// Blocks dense with escaped ASCII bytes, which the AVX-512 kernel escapes
// whole where every escape is two bytes (veccopy512_amd64.s, expand) and
// one at a time where not: every style, escapes from one a block to every
// byte, characters of two to four bytes left open at a block's end, and
// dst ending anywhere in the escaped blocks.
func TestVectorCopyDenseEscapes(t *testing.T) {
	if !haveVec {
		t.Skip("no vector kernel on this processor")
	}
	var sets []*sanitizer
	for s := GoStyle; s <= UnicodeStyle; s++ {
		opts := []Option{WithStyle(s)}
		if s.Reversible() {
			opts = append(opts, Reversible())
		}
		sets = append(sets, New(opts...).(*sanitizer))
	}
	sets = append(sets, New(Sequences(StripSequences)).(*sanitizer), New(KeepColors(), Allow('\n')).(*sanitizer))
	words := []string{"ab", "cdef", "g", "\u00e9", "\u65e5\u672c", "\U0001F600", "hijklmn", " "}
	escaped := []string{"\n", "\n\t\r", "\n\x00\x7f\\", "\a\b\t\n\v\f\r\x01\x1f\x1b["}
	r := rand.New(rand.NewPCG(1, 2))
	var sizes []int
	for size := 60; size < 260; size += 3 {
		sizes = append(sizes, size)
	}
	for _, z := range sets {
		for _, wide := range kernels() {
			z.set.vec.wide = wide
			for _, per := range []int{64, 16, 4, 2, 1} { // one escaped byte in per, about
				for _, bytes := range escaped {
					for range 8 {
						var in []byte
						for len(in) < 200 {
							if r.IntN(per) == 0 {
								in = append(in, bytes[r.IntN(len(bytes))])
								continue
							}
							in = append(in, words[r.IntN(len(words))]...)
						}
						checkCopy(t, z, in, false, sizes...)
					}
				}
			}
		}
	}
}

// Ill-formed input, which the AVX-512 kernel replaces or escapes itself
// (veccopy512_amd64.s, invalid) under every policy but RejectInvalid:
// every fault of decode, at every place across the end of a block, in
// ASCII and in Latin text, whose next byte ends a subpart differently,
// and at the end of the input, where src may cut a subpart off.
func TestVectorCopyInvalid(t *testing.T) {
	if !haveVec {
		t.Skip("no vector kernel on this processor")
	}
	sets := []*sanitizer{Validate(ReplaceInvalid).(*sanitizer), Validate(RejectInvalid).(*sanitizer), New(Also(Invisible)).(*sanitizer)}
	for s := GoStyle; s <= UnicodeStyle; s++ {
		sets = append(sets, New(WithStyle(s), OnInvalid(EscapeInvalid)).(*sanitizer))
	}
	texts := [][]byte{
		bytes.Repeat([]byte("abcdefghijklmnopqrstuvwxyz-0123456789 "), 4),
		bytes.Repeat([]byte("àéîõü "), 14),
	}
	bad := []string{"\x80", "\xbf", "\xc0\xaf", "\xc1", "\xc2", "\xdf", "\xe2\x82", "\xe0\x80\xaf", "\xe0\xa0",
		"\xed\xa0\x80", "\xef\xbf", "\xf0\x9f\x98", "\xf0\x80", "\xf4\x90\x80\x80", "\xf4\x8f\xbf", "\xf5", "\xff",
		"\xf0\x9f\x98\xf0\x9f\x98\x80", "\xe2\x82\xe2\x82\xac", "\xc3\xc3\xa9",
		// Characters that the kernel stops at for other reasons, which
		// are the caller's.
		"\u0085", "\u00ad", "\u200b", "\u061c", "\U000E0041", "\u0085\xc2"}
	for _, z := range sets {
		for _, wide := range kernels() {
			z.set.vec.wide = wide
			for _, b := range bad {
				for _, tx := range texts {
					// With -short and under the race detector,
					// every other place; the full run takes all.
					for at := 0; at < 140; at += step(2) {
						in := append(append(append([]byte(nil), tx[:at]...), b...), tx[at:]...)
						checkCopy(t, z, in, false, 150)
						// Cut in it or after it, with a byte after
						// the cut that would end a subpart, which the
						// kernel must not read.
						for k := 1; k <= len(b); k++ {
							cut := append(in[:at+k:at+k], 'A')
							checkCopy(t, z, cut[:at+k], false)
						}
					}
				}
			}
		}
	}
}

// The AVX2 kernels do exactly what their Go versions do (vec_generic.go):
// stop at the same byte, copy and escape the same, on text of runs of
// ASCII, escaped bytes, characters of every length and class, and
// ill-formed bytes, under sets with and without pairs, and with dst cut
// at every size up to a block past what the text needs. TestVectorEdges
// and checkCopy hold them to each other around every block boundary.
//
// Where there is no assembly, the Go versions are held to what the tests
// above hold the assembly to: vecScanGo to scanModel, exactly, with
// blocks of 32 and 64 bytes, and vecCopyGo to the plain loop.
func TestVectorGo(t *testing.T) {
	sets := []*sanitizer{
		New().(*sanitizer),
		New(Allow('\t', '\n')).(*sanitizer),
		New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer),
		New(Also(Bidi|Noncharacters), Reversible(), WithStyle(JSONStyle)).(*sanitizer),
		New(Allow('\u0085'), WithStyle(UnicodeStyle)).(*sanitizer),
		Validate(ReplaceInvalid).(*sanitizer),
		Validate(RejectInvalid).(*sanitizer),
		New(OnInvalid(EscapeInvalid), WithStyle(PercentStyle)).(*sanitizer),
		New(Also(Bidi), Only(0)).(*sanitizer),
	}
	pieces := []string{"the quick brown fox ", "jumps", " ", "\n", "\t", "\x00", "\x1b[1m", "\\", "\"", "\x7f",
		"é", "ß", "日本", "\u2028", "\u202e", "\u200b", "\u00ad", "\u0085", "“", "…", "\U0001F600", "\U0001F468\u200d\U0001F469",
		"\ufe0f", "\U000E0041", "\ufdd0", "\xff", "\xe2\x82", "\xc0\xaf", "\xed\xa0\x80", "\x80", "\xf0\x9f\x98"}
	models := make([]*kernelModel, len(sets))
	for i, s := range sets {
		if !haveVec {
			// Tables for the Go versions, in a copy of the
			// sanitizer that only they use.
			c := *s
			c.set.vec = vecTablesOf(&c.set)
			c.set.vec.wide = 0
			sets[i] = &c
		}
		models[i] = newKernelModel(&sets[i].set)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		var in []byte
		for n := rng.IntN(300); len(in) < n; {
			if rng.IntN(4) == 0 {
				in = append(in, pieces[rng.IntN(len(pieces))]...)
			} else {
				in = append(in, pieces[rng.IntN(3)]...)
			}
		}
		for i, s := range sets {
			if !haveVec {
				checkGo(t, s, models[i], in)
				continue
			}
			for _, wide := range kernels() {
				s.set.vec.wide = wide
				if got, want := vecScan(in, s.set.vec), vecScanGo(in, s.set.vec); got != want {
					t.Fatalf("%q, wide %d: the kernel stops at %d, its Go version at %d", in, wide, got, want)
				}
			}
			for _, wide := range kernels() {
				s.set.vec.wide = wide
				for _, size := range []int{len(in) * 8, len(in), 70, 33, rng.IntN(len(in)*2 + 64)} {
					dst, g := bytes.Repeat([]byte{'#'}, size), bytes.Repeat([]byte{'#'}, size)
					k := s.kseq
					nDst, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq)
					gDst, gSrc := vecCopyGo(g, in, s.set.vec, s.esc, &k)
					if nDst != gDst || nSrc != gSrc || !bytes.Equal(dst, g) || k != s.kseq {
						t.Fatalf("%q, wide %d, dst of %d: the kernel wrote %q for %d bytes, colored %d, its Go version %q for %d, colored %d",
							in, wide, size, dst[:nDst], nSrc, s.kseq.colored, g[:gDst], gSrc, k.colored)
					}
				}
			}
		}
	}
}

// checkGo holds the Go versions of the kernels, on s with tables of its
// own, to scanModel and the plain loop on in, as checkCopy holds the
// assembly: what vecCopyGo writes is what the loop writes for what it
// reads, and nothing more.
func checkGo(t *testing.T, s *sanitizer, m *kernelModel, in []byte) {
	t.Helper()
	for _, wide := range []uint64{1, 0} {
		s.set.vec.wide = wide
		if got, want := vecScanGo(in, s.set.vec), scanModel(in, m); got != want {
			t.Fatalf("%q, wide %d: vecScanGo stops at %d, scanModel at %d", in, wide, got, want)
		}
	}
	_, ref := fastPaths(s)
	want := make([]byte, 8*len(in)+64)
	for _, wide := range []uint64{1, 0} {
		s.set.vec.wide = wide
		for _, size := range []int{8 * len(in), len(in), 70, 33} {
			dst := bytes.Repeat([]byte{'#'}, size)
			s.kseq.colored = 0 // as the reference starts
			nDst, nSrc := vecCopyGo(dst, in, s.set.vec, s.esc, &s.kseq)
			ref.Reset()
			n, m, err := ref.Transform(want, append(in[:nSrc:nSrc], '!'), false)
			if err != nil || m != nSrc+1 || !bytes.Equal(dst[:nDst], want[:max(n-1, 0)]) || want[n-1] != '!' {
				// A joiner passed on the emoji after it, past nSrc, as
				// in checkCopy.
				if got, ok := refUpTo(ref, in, nSrc, false); !ok || !bytes.Equal(dst[:nDst], got) {
					t.Fatalf("%q, wide %d, dst of %d: vecCopyGo wrote %q for %d bytes, the plain loop %q and !, %v; on all of the input %q, %v",
						in, wide, size, dst[:nDst], nSrc, want[:max(n-1, 0)], err, got, ok)
				}
			}
			if strings.Trim(string(dst[nDst:]), "#") != "" {
				t.Fatalf("%q, wide %d, dst of %d: vecCopyGo wrote %q after the %d bytes it reported", in, wide, size, dst[nDst:], nDst)
			}
		}
	}
}

// cover returns the classes that cover the pairs of s (pairCover).
func (s *set) cover() []pairClass {
	p, tr := s.pairs(), s.triples()
	return pairCover(&p, &tr)
}

// The runs of joiners look the classes of a pair's lead up in pairLeadBF
// by the byte less BF, with saturation (JOINERS_BLOCK), where the other
// kernels look them up in pairLead64 under a mask of the bytes from C0
// up: the two must flag the same pairs, for the sets of every kind of
// pair table (pairTablesOf): of classes, of a range table, of a function.
func TestPairLeadBF(t *testing.T) {
	for i, o := range []Option{Also(Invisible | Tags | VariationSelectors), Also(Bidi | LineSeparators),
		AlsoIn(unicode.Arabic), AlsoFunc(func(r rune) bool { return r == 0x204C })} {
		v := New(o).(*sanitizer).set.vec
		if v == nil {
			t.Skip("no kernel on this processor")
		}
		// FF leads nothing: a block that holds it has an error, which
		// JOINERS_BLOCK goes out at before it looks at pairs.
		for b := 0; b < 0xFF; b++ {
			want := byte(0)
			if b >= 0xC0 {
				want = v.pairLead64[b&63]
			}
			if got := v.pairLeadBF[max(b-0xBF, 0)&63]; got != want {
				t.Fatalf("set %d: lead %#x: pairLeadBF %08b, pairLead64 %08b", i, b, got, want)
			}
		}
	}
}

// The runs of joiners test a joiner or a non-joiner by its first and
// last bytes, E2 and 8C or 8D (joinerAt), which is exact only for a set
// that escapes no other character that those start and end: no
// combination of classes escapes one, and a set with a predicate, which
// may, has no emoji tables (emojiFast), without which no run starts.
func TestJoinerRunSets(t *testing.T) {
	for c := Class(0); c < Invisible<<1; c++ {
		s := New(Also(c)).(*sanitizer)
		for r := rune(0x2040); r < 0x3000; r += 64 {
			if s.set.wants(r|0x0C) || s.set.wants(r|0x0D) {
				t.Fatalf("Also(%v) escapes %U or %U", c, r|0x0C, r|0x0D)
			}
		}
	}
	lookAlike := &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0x204C, Hi: 0x204C, Stride: 1}}}
	for i, o := range []Option{AlsoFunc(func(r rune) bool { return r == 0x204C }), AlsoIn(lookAlike)} {
		if s := New(Also(Invisible), o).(*sanitizer); s.kseq.emoji != nil {
			t.Errorf("set %d, with a predicate, has the emoji tables", i)
		}
	}
}
