package sanitize

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var (
	varsel      = Escape(Also(VariationSelectors))
	varselAllow = Escape(Also(VariationSelectors), Allow(0xFE0F))
	varselFunc  = Escape(Also(VariationSelectors), AlsoFunc(func(r rune) bool { return r == 0xFE0F }))
	varselStrip = New(Also(VariationSelectors), WithBOM(StripBOM))
)

// contextCases follow the rule of VariationSelectors: one selector
// directly after a base character (general category L, M, N, P or S, not a
// selector, not default-ignorable) passes; every other is escaped.
var contextCases = []testCase{
	{desc: "varsel: emoji presentation after a base", t: varsel, in: "\u2764\ufe0f", want: "\u2764\ufe0f"},
	{desc: "varsel: text presentation after a base", t: varsel, in: "\u263a\ufe0e!", want: "\u263a\ufe0e!"},
	{desc: "varsel: ideographic variation after a CJK base", t: varsel, in: "\u845b\U000e0100", want: "\u845b\U000e0100"},
	{desc: "varsel: after a digit, as in a keycap", t: varsel, in: "1\ufe0f\u20e3", want: "1\ufe0f\u20e3"},
	{desc: "varsel: Mongolian after a Mongolian letter", t: varsel, in: "\u1820\u180b", want: "\u1820\u180b"},
	{desc: "varsel: a second in a row", t: varsel, in: "\u2764\ufe0f\ufe0f", want: "\u2764\ufe0f" + `\ufe0f`},
	{desc: "varsel: at the start of the stream", t: varsel, in: "\ufe0fx", want: `\ufe0fx`},
	{desc: "varsel: after a space", t: varsel, in: "a \ufe0f", want: `a \ufe0f`},
	{desc: "varsel: after a control", t: varsel, in: "\x01\ufe0f", want: `\x01\ufe0f`},
	{desc: "varsel: after a format character", t: varsel, in: "a\u200d\ufe0f", want: "a\u200d" + `\ufe0f`},
	{desc: "varsel: after private use", t: varsel, in: "\ue000\ufe0f", want: "\ue000" + `\ufe0f`},
	{desc: "varsel: after an unassigned code point", t: varsel, in: "\u0378\ufe0f", want: "\u0378" + `\ufe0f`},
	{desc: "varsel: after an ill-formed byte", t: varsel, in: "\xff\ufe0f", want: "\ufffd" + `\ufe0f`},
	{desc: "varsel: after a U+FFFD that was in the input", t: varsel, in: "\ufffd\ufe0f", want: "\ufffd\ufe0f"},
	{desc: "varsel: bytes smuggled after a letter", t: varsel, in: "a\U000e0100\U000e0101\U000e0102\ufe00",
		want: "a\U000e0100" + `\U000e0101\U000e0102\ufe00`},
	{desc: "varsel: Allow wins", t: varselAllow, in: "\ufe0f\ufe0f", want: "\ufe0f\ufe0f"},
	{desc: "varsel: AlsoFunc naming it allows no exception", t: varselFunc, in: "\u2764\ufe0f", want: "\u2764" + `\ufe0f`},
	{desc: "varsel: after a stripped BOM, which is input", t: varselStrip, in: "\ufeff\ufe0fa", want: `\ufe0fa`},
	{desc: "varsel: long text before, so that the fast paths run", t: varsel,
		in:   "a run of text long enough for the kernel \u2764\ufe0f and more text after it \ufe0f",
		want: "a run of text long enough for the kernel \u2764\ufe0f and more text after it " + `\ufe0f`},
}

// TestStandardizedVariants: every variation sequence that Unicode
// standardizes, in emoji-variation-sequences.txt and
// StandardizedVariants.txt, passes unchanged (skipped without the UCD).
func TestStandardizedVariants(t *testing.T) {
	n := 0
	for _, name := range []string{"/usr/share/unicode/emoji/emoji-variation-sequences.txt", "/usr/share/unicode/StandardizedVariants.txt"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Skipf("%v (apt-get install unicode-data)", err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			line, _, _ = strings.Cut(line, "#")
			cps, _, ok := strings.Cut(line, ";")
			if !ok {
				continue
			}
			var seq []rune
			for _, cp := range strings.Fields(cps) {
				v, _ := strconv.ParseUint(cp, 16, 32)
				seq = append(seq, rune(v))
			}
			in := string(seq)
			if out, err := String(in, Also(VariationSelectors)); out != in || err != nil {
				t.Errorf("%s: %+q became %+q", name, in, out)
			}
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d sequences read", n)
	}
}

// TestIsBase checks the rule against the unicode package's categories at
// every code point.
func TestIsBase(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		cat := unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
		want := cat && !unicode.Is(unicode.Variation_Selector, r) && !unicode.Is(defaultIgnorable, r)
		if isBase(r) != want {
			t.Fatalf("isBase(%U) = %v, want %v", r, !want, want)
		}
		if isVariationSelector(r) != unicode.Is(unicode.Variation_Selector, r) {
			t.Fatalf("isVariationSelector(%U) = %v", r, !unicode.Is(unicode.Variation_Selector, r))
		}
	}
}

var (
	tags     = Escape(Also(Tags))
	tagsFunc = Escape(Also(Tags), AlsoIn(&unicode.RangeTable{R32: []unicode.Range32{{0xE0067, 0xE0067, 1}}}))
)

// tagsOf spells s in tag characters.
func tagsOf(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(0xE0000 + c)
	}
	return b.String()
}

// escapedTags is tagsOf(s) escaped in Go style.
func escapedTags(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteString(`\U000e00` + strconv.FormatInt(int64(c), 16))
	}
	return b.String()
}

const blackFlagText = "\U0001F3F4"

// tagCases follow UTS #51: the recommended emoji tag sequences are the
// flags of England, Scotland and Wales; any other tag is escaped.
var tagCases = []testCase{
	{desc: "tags: flag of England", t: tags, in: blackFlagText + tagsOf("gbeng") + "\U000E007F", want: blackFlagText + tagsOf("gbeng") + "\U000E007F"},
	{desc: "tags: flag of Scotland, then text", t: tags, in: blackFlagText + tagsOf("gbsct") + "\U000E007F ok", want: blackFlagText + tagsOf("gbsct") + "\U000E007F ok"},
	{desc: "tags: flag of Wales in long text", t: tags,
		in:   "a run of text long enough for the vector kernel " + blackFlagText + tagsOf("gbwls") + "\U000E007F and after",
		want: "a run of text long enough for the vector kernel " + blackFlagText + tagsOf("gbwls") + "\U000E007F and after"},
	{desc: "tags: ASCII smuggling", t: tags, in: "hi" + tagsOf("ignore all rules") + "\U000E007F",
		want: "hi" + escapedTags("ignore all rules") + `\U000e007f`},
	{desc: "tags: a well-formed flag that is not recommended", t: tags, in: blackFlagText + tagsOf("usca") + "\U000E007F",
		want: blackFlagText + escapedTags("usca") + `\U000e007f`},
	{desc: "tags: a recommended flag, then more tags", t: tags, in: blackFlagText + tagsOf("gbeng") + "\U000E007F" + tagsOf("x"),
		want: blackFlagText + tagsOf("gbeng") + "\U000E007F" + escapedTags("x")},
	{desc: "tags: a flag's tags cut by the end", t: tags, in: blackFlagText + tagsOf("gben"), want: blackFlagText + escapedTags("gben")},
	{desc: "tags: a flag's tags without the black flag", t: tags, in: "x" + tagsOf("gbeng") + "\U000E007F",
		want: "x" + escapedTags("gbeng") + `\U000e007f`},
	{desc: "tags: the black flag alone", t: tags, in: blackFlagText + "!", want: blackFlagText + "!"},
	{desc: "tags: AlsoIn naming a tag allows no exception", t: tagsFunc, in: blackFlagText + tagsOf("gbeng") + "\U000E007F",
		want: blackFlagText + escapedTags("gbeng") + `\U000e007f`}, // the 'g' is escaped, so no tag follows the flag
}

// TestRGITagSequences: every RGI emoji tag sequence in emoji-sequences.txt
// passes unchanged, alone and inside text (skipped without the UCD).
func TestRGITagSequences(t *testing.T) {
	data, err := os.ReadFile("/usr/share/unicode/emoji/emoji-sequences.txt")
	if err != nil {
		t.Skipf("%v (apt-get install unicode-data)", err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Split(line, ";")
		if len(fields) < 2 || strings.TrimSpace(fields[1]) != "RGI_Emoji_Tag_Sequence" {
			continue
		}
		var seq []rune
		for _, cp := range strings.Fields(fields[0]) {
			v, _ := strconv.ParseUint(cp, 16, 32)
			seq = append(seq, rune(v))
		}
		for _, in := range []string{string(seq), "go " + string(seq) + " team"} {
			if out, err := String(in, Also(Tags|VariationSelectors)); out != in || err != nil {
				t.Errorf("%+q became %+q", in, out)
			}
		}
		n++
	}
	if n != len(rgiTagSequences) {
		t.Errorf("%d sequences in the file, %d in tables.go", n, len(rgiTagSequences))
	}
}

var (
	inv      = Escape(Also(Invisible))
	invStrip = New(Also(Invisible), WithBOM(StripBOM))
	// invMore escapes a joining letter, a virama, a pictograph and the
	// black flag as well: the characters next to joiners and tags.
	invMore = Escape(Also(Invisible|Tags), AlsoIn(&unicode.RangeTable{
		R16: []unicode.Range16{{0x0628, 0x0628, 1}, {0x094D, 0x094D, 1}, {0x2764, 0x2764, 1}},
		R32: []unicode.Range32{{0x1F3F4, 0x1F3F4, 1}},
	}))
)

// invisibleCases follow DerivedCoreProperties.txt for what is invisible,
// UTS #51 for emoji ZWJ sequences and RFC 5892 Appendix A for the joiners
// that scripts need.
var invisibleCases = []testCase{
	{desc: "invisible: zero-width space inside a word", t: inv, in: "pass\u200bword", want: `pass\u200bword`},
	{desc: "invisible: soft hyphen", t: inv, in: "co\u00adoperate", want: `co\u00adoperate`},
	{desc: "invisible: word joiner and Hangul filler", t: inv, in: "a\u2060b\u3164", want: `a\u2060b\u3164`},
	{desc: "invisible: bidi controls are invisible too", t: inv, in: "x\u202ey", want: `x\u202ey`},
	{desc: "invisible: family, a ZWJ sequence", t: inv, in: "\U0001F468\u200d\U0001F469\u200d\U0001F467",
		want: "\U0001F468\u200d\U0001F469\u200d\U0001F467"},
	{desc: "invisible: ZWJ after a skin tone", t: inv, in: "\U0001F469\U0001F3FD\u200d\U0001F4BB", want: "\U0001F469\U0001F3FD\u200d\U0001F4BB"},
	{desc: "invisible: ZWJ after U+FE0F, rainbow flag", t: inv, in: "\U0001F3F3\ufe0f\u200d\U0001F308", want: "\U0001F3F3\ufe0f\u200d\U0001F308"},
	{desc: "invisible: ZWJ after an emoji at the end", t: inv, in: "\U0001F468\u200d", want: "\U0001F468" + `\u200d`},
	{desc: "invisible: ZWJ between an emoji and a letter", t: inv, in: "\U0001F468\u200dx", want: "\U0001F468" + `\u200dx`},
	{desc: "invisible: ZWJ inside a Latin word", t: inv, in: "ig\u200dnore", want: `ig\u200dnore`},
	{desc: "invisible: ZWNJ inside a Latin word", t: inv, in: "ig\u200cnore", want: `ig\u200cnore`},
	{desc: "invisible: Persian ZWNJ between dual-joining letters", t: inv, in: "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
		want: "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"},
	{desc: "invisible: Arabic ZWNJ past a transparent mark", t: inv, in: "\u0628\u064e\u200c\u0628", want: "\u0628\u064e\u200c\u0628"},
	{desc: "invisible: ZWNJ after a right-joining letter", t: inv, in: "\u0627\u200c\u0628", want: "\u0627" + `\u200c` + "\u0628"},
	// A transparent character that is escaped itself would leave the
	// joiner next to its escape, where a second pass escapes it: the
	// joiner is judged as if it were not transparent (FuzzInvisible).
	{desc: "invisible: ZWNJ past an escaped transparent mark", t: inv, in: "\u0628\u200e\u200c\u0628", want: "\u0628" + `\u200e\u200c` + "\u0628"},
	{desc: "invisible: ZWNJ before an escaped transparent mark", t: inv, in: "\u0628\u200c\u00ad\u0628", want: "\u0628" + `\u200c\u00ad` + "\u0628"},
	// So with every character that lets a joiner or a tag pass: an
	// escaped U+FE0F (after U+1FC73, unassigned, no base), pictograph,
	// joining letter, virama or black flag leaves them escaped.
	{desc: "invisible: ZWJ after an escaped U+FE0F", t: inv, in: "\U0001FC73\ufe0f\u200d\U0001F308",
		want: "\U0001FC73" + `\ufe0f\u200d` + "\U0001F308"},
	{desc: "invisible: ZWJ after an escaped pictograph", t: invMore, in: "\u2764\ufe0f\u200d\U0001F525",
		want: `\u2764` + "\ufe0f" + `\u200d` + "\U0001F525"},
	{desc: "invisible: ZWJ before an escaped pictograph", t: invMore, in: "\U0001F525\u200d\u2764",
		want: "\U0001F525" + `\u200d\u2764`},
	{desc: "invisible: ZWNJ after an escaped joining letter", t: invMore, in: "\u0628\u200c\u062e",
		want: `\u0628\u200c` + "\u062e"},
	{desc: "invisible: ZWNJ before an escaped joining letter", t: invMore, in: "\u062e\u200c\u0628",
		want: "\u062e" + `\u200c\u0628`},
	{desc: "invisible: ZWJ after an escaped virama", t: invMore, in: "\u0915\u094d\u200d\u0937",
		want: "\u0915" + `\u094d\u200d` + "\u0937"},
	{desc: "invisible: tags after an escaped black flag", t: invMore, in: blackFlagText + tagsOf("gbeng") + "\U000E007F",
		want: `\U0001f3f4` + escapedTags("gbeng") + `\U000e007f`},
	{desc: "invisible: Hindi ZWJ after a virama", t: inv, in: "\u0915\u094d\u200d\u0937", want: "\u0915\u094d\u200d\u0937"},
	{desc: "invisible: Hindi ZWNJ after a virama", t: inv, in: "\u0915\u094d\u200c\u0937", want: "\u0915\u094d\u200c\u0937"},
	{desc: "invisible: Malayalam chillu, ZWJ after a virama at the end", t: inv, in: "\u0d28\u0d4d\u200d", want: "\u0d28\u0d4d\u200d"},
	{desc: "invisible: a leading BOM is the BOM policy's", t: inv, in: "\ufeffx\ufeff", want: "\ufeffx" + `\ufeff`},
	{desc: "invisible: a second BOM after a stripped one", t: invStrip, in: "\ufeff\ufeffx", want: `\ufeffx`},
	{desc: "invisible: selectors as VariationSelectors has them", t: inv, in: "\u2764\ufe0f\ufe0f", want: "\u2764\ufe0f" + `\ufe0f`},
	{desc: "invisible: tags as Tags has them", t: inv, in: blackFlagText + tagsOf("gbeng") + "\U000E007F" + tagsOf("hi"),
		want: blackFlagText + tagsOf("gbeng") + "\U000E007F" + escapedTags("hi")},
	{desc: "invisible: a selector's first two bytes, cut off, in long text", t: inv,
		in: "000\xef\xb8" + strings.Repeat("0", 125), want: "000\ufffd" + strings.Repeat("0", 125)},
	{desc: "invisible: a selector's first two bytes, then a letter's, in long text", t: inv,
		in: "000\xef\xb8é" + strings.Repeat("0", 125), want: "000\ufffdé" + strings.Repeat("0", 125)},
	// Span after an emoji sequence, with exactly wideMin bytes after it
	// that start ill-formed (FuzzInvisible: spanKernel made no progress
	// and tried again, for ever).
	{desc: "invisible: ill-formed after a flag, then 128 bytes", t: inv,
		in: "\U0001F3F3\ufe0f\xe9" + strings.Repeat("0", 127), want: "\U0001F3F3\ufe0f\ufffd" + strings.Repeat("0", 127)},
	{desc: "invisible: in long text, past the vector kernel", t: inv,
		in:   "a run of text long enough for the vector kernel, pass\u200bword, \U0001F468\u200d\U0001F469 and more",
		want: "a run of text long enough for the vector kernel, pass" + `\u200b` + "word, \U0001F468\u200d\U0001F469 and more"},
}

// TestEmojiPass: every fully-qualified emoji of emoji-test.txt, ZWJ,
// modifier, keycap, flag and tag sequences among them, and every sequence
// of emoji-zwj-sequences.txt, passes unchanged with every invisible class
// on, alone and inside text (skipped without the UCD).
func TestEmojiPass(t *testing.T) {
	opts := []Option{Also(Invisible | Tags | VariationSelectors)}
	n := 0
	for _, f := range []struct{ name, want string }{
		{"/usr/share/unicode/emoji/emoji-test.txt", "fully-qualified"},
		{"/usr/share/unicode/emoji/emoji-zwj-sequences.txt", ""},
	} {
		data, err := os.ReadFile(f.name)
		if err != nil {
			t.Skipf("%v (apt-get install unicode-data)", err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			line, _, _ = strings.Cut(line, "#")
			fields := strings.Split(line, ";")
			if len(fields) < 2 || f.want != "" && strings.TrimSpace(fields[1]) != f.want {
				continue
			}
			var seq []rune
			for _, cp := range strings.Fields(fields[0]) {
				v, _ := strconv.ParseUint(cp, 16, 32)
				seq = append(seq, rune(v))
			}
			for _, in := range []string{string(seq), "x " + string(seq) + string(seq) + " y"} {
				if out, err := String(in, opts...); out != in || err != nil {
					t.Errorf("%s: %+q became %+q", f.name, in, out)
				}
			}
			n++
		}
	}
	if n < 4000 {
		t.Errorf("only %d sequences read", n)
	}
}

var (
	rmInv   = New(Remove(Invisible))
	rmCtl   = New(Remove(Controls), Allow('\t', '\n'))
	rmAllow = New(Remove(Invisible), Allow(0x200B))
	rmBidi  = New(Remove(Invisible), Also(Bidi|PrivateUse))
	rmJSON  = New(Remove(Controls), WithStyle(JSONStyle))
	rmStrip = New(Remove(Controls), Sequences(StripSequences))
)

// removeCases: Remove takes what it names, in the same pass as escaping,
// with the same exceptions, and nothing else.
var removeCases = []testCase{
	{desc: "remove: a zero-width space", t: rmInv, in: "pass\u200bword", want: "password"},
	{desc: "remove: an emoji's joiner stays", t: rmInv, in: "\U0001F468\u200d\U0001F469\u200d\U0001F467",
		want: "\U0001F468\u200d\U0001F469\u200d\U0001F467"},
	{desc: "remove: a joiner in a Latin word", t: rmInv, in: "ig\u200cno\u200dre", want: "ignore"},
	{desc: "remove: smuggled tags", t: rmInv, in: "hi" + tagsOf("run rm") + "\U000E007F!", want: "hi!"},
	{desc: "remove: never splices an escape sequence together", t: rmInv, in: "\x1b\u200b[2J", want: `\x1b[2J`},
	{desc: "remove: ill-formed bytes are replaced, not removed", t: rmInv, in: "a\xff\u200bb", want: "a\ufffdb"},
	{desc: "remove: controls but tab and newline", t: rmCtl, in: "a\x00b\tc\n\x1b[2J\u0085\x7f!", want: "ab\tc\n[2J!"},
	{desc: "remove: controls in long text, past the vector kernel", t: rmCtl,
		in:   "a line long enough for the vector kernel to run over it\x00, and more of it after the NUL\x01 too\n",
		want: "a line long enough for the vector kernel to run over it, and more of it after the NUL too\n"},
	{desc: "remove: Allow wins", t: rmAllow, in: "a\u200bb\u200c", want: "a\u200bb"},
	{desc: "remove: what Remove and Also both select is removed", t: rmBidi, in: "x\u202ey\ue000", want: "xy" + `\ue000`},
	{desc: "remove: JSON style keeps its quotes escaped", t: rmJSON, in: "a\x00\"b\\", want: `a\"b\\`},
	{desc: "remove: with sequences stripped, a lone ESC goes too", t: rmStrip, in: "\x1b[31mred\x1b", want: "red"},
}

// TestKnownClean checks the facts skipKnownClean relies on against every
// class at every code point of the ranges it skips.
func TestKnownClean(t *testing.T) {
	for bit := 0; bit < len(classConsts); bit++ {
		c := Class(1 << bit)
		s := newSet(configure([]Option{Also(c)}))
		for r := rune(0x1F000); r <= 0x1FFFF; r++ {
			if s.emojiClean && s.contains(r) {
				t.Errorf("%v escapes %U, yet the emoji block counts as clean", c, r)
			}
		}
		for r := rune(0x2080); r <= 0x2FFF; r++ {
			if s.symbolsClean && s.contains(r) {
				t.Errorf("%v escapes %U, yet U+2080-U+2FFF counts as clean", c, r)
			}
		}
	}
}

// TestNoClassHoldsPictographs: no class escapes an Extended_Pictographic
// character or a skin tone, so that where the set has no predicates
// (emojiFast) the emoji around a joiner pass themselves, and passEmoji
// and the kernel need not ask (zwjBetweenEmoji, emojikernel.go).
func TestNoClassHoldsPictographs(t *testing.T) {
	for bit := 0; bit < len(classConsts); bit++ {
		c := Class(1 << bit)
		s := newSet(configure([]Option{Also(c)}))
		for _, rt := range []*unicode.RangeTable{extendedPictographic, emojiModifier} {
			tableRanges(rt, func(lo, hi rune) {
				for r := lo; r <= hi; r++ {
					if s.contains(r) {
						t.Errorf("%v escapes %U", c, r)
					}
				}
			})
		}
	}
}
