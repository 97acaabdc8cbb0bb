package sanitize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

const sample = "a\x1b[1m\x00\u0085\u202e\uffff\xff"

func sampleIn(s Style) transform.SpanningTransformer {
	return Escape(WithStyle(s), Also(Bidi|Noncharacters), OnInvalid(EscapeInvalid))
}

// styleCases are worked out from each notation's definition: strconv and
// encoding/json for Go and JSON, RFC 3986 for percent, cat -v for caret,
// the Control Pictures block (U+2400) and less(1) for the rest.
var styleCases = []testCase{
	{desc: "go: sample", t: sampleIn(GoStyle), in: sample, want: `a\x1b[1m\x00\u0085\u202e\uffff\xff`},
	{desc: "json: sample", t: sampleIn(JSONStyle), in: sample, want: `a\u001b[1m\u0000\u0085\u202e\uffff\udcff`},
	{desc: "percent: sample", t: sampleIn(PercentStyle), in: sample, want: `a%1B[1m%00%C2%85%E2%80%AE%EF%BF%BF%FF`},
	{desc: "caret: sample", t: sampleIn(CaretStyle), in: sample, want: `a^[[1m^@M-^E\u202e\uffff\xff`},
	{desc: "picture: sample", t: sampleIn(PictureStyle), in: sample, want: "a\u241b[1m\u2400\\u0085\\u202e\\uffff\\xff"},
	{desc: "unicode: sample", t: sampleIn(UnicodeStyle), in: sample, want: `a<U+001B>[1m<U+0000><U+0085><U+202E><U+FFFF><FF>`},

	{desc: "go: DEL, C1 bounds, astral", t: Escape(Also(Noncharacters)), in: "\x7f\u0080\u009f\U0010ffff",
		want: `\x7f\u0080\u009f\U0010ffff`},
	{desc: "json: C0 always, whatever Allow says", t: Escape(WithStyle(JSONStyle), Allow('\t', '\n', '\x00')),
		in: "\t\n\r\b\f\x00\x7f", want: `\t\n\r\b\f\u0000\u007f`},
	{desc: "json: surrogate pair", t: Escape(WithStyle(JSONStyle), AlsoFunc(func(r rune) bool { return r > 0xffff })),
		in: "\U0001F600\U0010FFFD", want: `\ud83d\ude00\udbff\udffd`},
	{desc: "json: ill-formed subpart", t: Escape(WithStyle(JSONStyle), OnInvalid(EscapeInvalid)),
		in: "\xe2\x82z", want: `\udce2\udc82z`},
	{desc: "percent: four bytes", t: Escape(WithStyle(PercentStyle), Also(PrivateUse)),
		in: "\U00100000", want: `%F4%80%80%80`},
	{desc: "caret: C0 bounds, DEL, C1 bounds", t: Escape(WithStyle(CaretStyle)),
		in: "\x00\x1f\x7f\u0080\u009f", want: `^@^_^?M-^@M-^_`},
	{desc: "picture: C0 bounds and DEL", t: Escape(WithStyle(PictureStyle)),
		in: "\x00\x1f\x7f", want: "\u2400\u241f\u2421"},
	{desc: "unicode: six digits", t: Escape(WithStyle(UnicodeStyle), Also(Noncharacters)),
		in: "\U0010FFFF\U0001FFFE", want: `<U+10FFFF><U+1FFFE>`},

	{desc: "go reversible: backslash and quote", t: Escape(Reversible()), in: `a\b"c`, want: `a\\b\"c`},
	{desc: "json reversible: backslash and quote", t: Escape(WithStyle(JSONStyle), Reversible()), in: `a\b"c`, want: `a\\b\"c`},
	{desc: "percent reversible: percent", t: Escape(WithStyle(PercentStyle), Reversible()), in: "100%\x00\\", want: `100%25%00\`},

	{desc: "classes: private use", t: Escape(Also(PrivateUse)),
		in:   "\ue000\uf8ff\uf900\U000F0000\U000FFFFD\U00100000\U0010FFFD",
		want: `\ue000\uf8ff` + "\uf900" + `\U000f0000\U000ffffd\U00100000\U0010fffd`},
	{desc: "classes: AlsoIn", t: Escape(AlsoIn(unicode.Cf)), in: "a\u200bb\ufeff", want: `a\u200bb\ufeff`},
	{desc: "classes: Allow wins over Also", t: Escape(Also(Bidi), Allow('\u200e')), in: "\u200e\u200f", want: "\u200e" + `\u200f`},
}

var unescapeCases = []testCase{
	{desc: "unescape go: every escape", t: Unescape(GoStyle),
		in:   `a\x1b\u0085\U0001f600\\\"\101\xff\\XFF\a\b\f\n\r\t\v`,
		want: "a\x1b\u0085\U0001f600\\\"A\xff\\XFF\a\b\f\n\r\t\v",
		err:  nil},
	{desc: "unescape go: hex of either case", t: Unescape(GoStyle), in: `\xAb\u00E9`, want: "\xab\u00e9"},
	{desc: "unescape go: unknown escape", t: Unescape(GoStyle), in: `ab\q`, want: "ab",
		err: &UnescapeError{Offset: 2, Bytes: []byte(`\q`)}},
	{desc: "unescape go: no \\' between double quotes", t: Unescape(GoStyle), in: `\'`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\'`)}},
	{desc: "unescape go: bad hex", t: Unescape(GoStyle), in: `ab\xZ1`, want: "ab",
		err: &UnescapeError{Offset: 2, Bytes: []byte(`\xZ`)}},
	{desc: "unescape go: cut by EOF", t: Unescape(GoStyle), in: `ab\u12`, want: "ab",
		err: &UnescapeError{Offset: 2, Bytes: []byte(`\u12`)}},
	{desc: "unescape go: lone backslash at EOF", t: Unescape(GoStyle), in: `ab\`, want: "ab",
		err: &UnescapeError{Offset: 2, Bytes: []byte(`\`)}},
	{desc: "unescape go: surrogate", t: Unescape(GoStyle), in: `\ud800`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\ud800`)}},
	{desc: "unescape go: above U+10FFFF", t: Unescape(GoStyle), in: `\U00110000`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\U00110000`)}},
	{desc: "unescape go: octal above 377", t: Unescape(GoStyle), in: `\400`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\400`)}},
	{desc: "unescape json: pairs and bytes", t: Unescape(JSONStyle),
		in: `\ud83d\ude00\udcff\/\u00E9\"`, want: "\U0001F600\xff/\u00e9\""},
	{desc: "unescape json: high surrogate alone", t: Unescape(JSONStyle), in: `x\ud83dx`, want: "x",
		err: &UnescapeError{Offset: 1, Bytes: []byte(`\ud83dx`)}},
	{desc: "unescape json: low surrogate that is no byte", t: Unescape(JSONStyle), in: `\udc41`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\udc41`)}},
	{desc: "unescape json: \\udc7f is below the bytes", t: Unescape(JSONStyle), in: `\udc7f\udc80`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\udc7f`)}},
	{desc: "unescape json: no \\x in JSON", t: Unescape(JSONStyle), in: `\x41`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`\x`)}},
	{desc: "unescape percent", t: Unescape(PercentStyle), in: `a%41%c3%A9%`, want: "aA\u00e9",
		err: &UnescapeError{Offset: 10, Bytes: []byte(`%`)}},
	{desc: "unescape percent: bad digit", t: Unescape(PercentStyle), in: `%4G`,
		err: &UnescapeError{Offset: 0, Bytes: []byte(`%4G`)}},
}

func TestClassMembers(t *testing.T) {
	// From the issue and seed 002's tables; each bound and one past it.
	tests := []struct {
		c       Class
		in, out []rune
	}{
		{Controls, []rune{0x00, 0x1f, 0x7f, 0x80, 0x85, 0x9f}, []rune{0x20, 0x7e, 0xa0}},
		{Noncharacters, []rune{0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x10ffff},
			[]rune{0xfdcf, 0xfdf0, 0xfffd, 0x1fffd, 0x20000}},
		{PrivateUse, []rune{0xe000, 0xf8ff, 0xf0000, 0xffffd, 0x100000, 0x10fffd},
			[]rune{0xdfff, 0xf900, 0xeffff, 0xffffe, 0x10fffe}},
		{Bidi, []rune{0x061c, 0x200e, 0x200f, 0x202a, 0x202e, 0x2066, 0x2069},
			[]rune{0x061b, 0x200d, 0x2010, 0x2029, 0x202f, 0x2065, 0x206a}},
		{LineSeparators, []rune{0x2028, 0x2029, 0x85}, []rune{0x2027, 0x202a, 0x0a, 0x84}},
	}
	for _, tt := range tests {
		for _, r := range tt.in {
			if !tt.c.contains(r) {
				t.Errorf("class %d does not contain %U", tt.c, r)
			}
		}
		for _, r := range tt.out {
			if tt.c.contains(r) {
				t.Errorf("class %d contains %U", tt.c, r)
			}
		}
	}
}

// Go and JSON style agree with strconv and encoding/json.
func TestStylesMatchStdlib(t *testing.T) {
	for r := rune(0); r < 0xa0; r++ {
		if !Controls.contains(r) {
			continue
		}
		got := string(GoStyle.appendRune(nil, r))
		if want := strconv.Quote(string(r)); `"`+got+`"` != want {
			t.Errorf("GoStyle %U = %s, strconv.Quote = %s", r, got, want)
		}
		if r >= 0x20 {
			continue // encoding/json passes DEL and C1 through raw
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(string(r))
		got = string(JSONStyle.appendRune(nil, r))
		if want := strings.TrimSpace(b.String()); `"`+got+`"` != want {
			t.Errorf("JSONStyle %U = %s, encoding/json = %s", r, got, want)
		}
	}
}

func TestContradictionsPanic(t *testing.T) {
	tests := []struct {
		desc string
		f    func()
	}{
		{"Reversible CaretStyle", func() { Escape(WithStyle(CaretStyle), Reversible()) }},
		{"Reversible PictureStyle", func() { New(WithStyle(PictureStyle), Reversible()) }},
		{"Reversible UnicodeStyle", func() { NewReader(strings.NewReader(""), WithStyle(UnicodeStyle), Reversible()) }},
		{"Unescape CaretStyle", func() { Unescape(CaretStyle) }},
		{"unknown style", func() { Escape(WithStyle(Style(99))) }},
		{"unknown policy", func() { Validate(InvalidPolicy(99)) }},
		{"unknown BOM policy", func() { BOM(BOMPolicy(99)) }},
		{"unknown sequence policy", func() { New(Sequences(SequencePolicy(9))) }},
		{"Reversible StripSequences", func() { New(Sequences(StripSequences), Reversible()) }},
		{"KeepColors JSONStyle", func() { New(KeepColors(), WithStyle(JSONStyle)) }},
		{"Reversible Remove", func() { New(Remove(Invisible), Reversible()) }},
		{"KeepColors in JSON lines", func() { NewJSONLineWriter(io.Discard, KeepColors()) }},
		{"Allow ESC with StripSequences", func() { New(Sequences(StripSequences), Allow('\x1b')) }},
		{"Allow U+009B with KeepColors", func() { String("x", KeepColors(), Allow('\t', '\u009b')) }},
		{"Allow U+009D in a log with KeepColors", func() { ReplaceAttr(KeepColors(), Allow('\u009d')) }},
		{"Only(0) with StripSequences", func() { New(Only(0), Sequences(StripSequences)) }},
		{"Only(Bidi) with KeepColors", func() { NewWriter(io.Discard, KeepColors(), Only(Bidi)) }},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.HasPrefix(msg, "sanitize: ") {
					t.Errorf("%s: recovered %q, want a panic naming the conflict", tt.desc, msg)
				}
			}()
			tt.f()
		}()
	}
}

// randomMixed is randomText with whole characters of every class mixed in.
func randomMixed(rng *rand.Rand, n int) []byte {
	chars := []rune{'\\', '"', '%', '\'', 'x', 'u', '\u0085', '\u00e9', '\u202e', '\u2028', '\ufdd0',
		'\uffff', '\ue000', '\U0001F600', '\U0010FFFF', '\u2400', '\ufeff', '\ufffd', '\ufe0f', '\U000e0100', '\u180b', '\U0001F3F4', '\U000e0067', '\U000e007f', '\U0001FFFF', '\u2764', '\u200d'}
	var p []byte
	for len(p) < n {
		if rng.IntN(2) == 0 {
			p = utf8.AppendRune(p, chars[rng.IntN(len(chars))])
		} else {
			p = append(p, randomText(rng, 1)...)
		}
	}
	return p
}

const allClasses = Controls | Noncharacters | PrivateUse | Bidi | LineSeparators

// Reversible output is decoded by Unescape and by the decoders nobody here
// wrote back into the exact input.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 3000; i++ {
		in := randomMixed(rng, rng.IntN(24))
		if i%2 == 0 {
			in = bytes.ToValidUTF8(in, nil) // for encoding/json
		}
		for _, s := range []Style{GoStyle, JSONStyle, PercentStyle} {
			checkRoundTrip(t, []Option{WithStyle(s), Reversible(), OnInvalid(EscapeInvalid)}, in)
			checkRoundTrip(t, []Option{WithStyle(s), Reversible(), OnInvalid(EscapeInvalid), Also(allClasses), Allow('\t', '\n')}, in)
			if s != JSONStyle { // which cannot keep a raw ESC
				colored := append([]byte("\x1b[1;31m"), in...)
				checkRoundTrip(t, []Option{WithStyle(s), Reversible(), OnInvalid(EscapeInvalid), KeepColors()}, colored)
			}
		}
	}
}

// Unescape gives the same result however its input is cut.
func TestUnescapeSplits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		in := randomMixed(rng, 12)
		for _, s := range []Style{GoStyle, JSONStyle, PercentStyle} {
			esc, _, _ := transform.Bytes(Escape(WithStyle(s), Reversible(), OnInvalid(EscapeInvalid), Also(allClasses)), in)
			u := Unescape(s)
			for cut := 0; cut <= len(esc); cut++ {
				for _, size := range []int{1, 4, 7, 64} {
					out, err := drive(t, u, esc, []int{cut, cut + 1, cut + 5}, size)
					if err != nil || !bytes.Equal(out, in) {
						t.Fatalf("%v: %q cut at %d, dst %d: % x, %v; want % x", s, esc, cut, size, out, err, in)
					}
				}
			}
		}
	}
}

// The properties of escaped text (checkEscaped) hold in every style, with
// and without the options that change what is escaped.
func TestEscapeProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 2000; i++ {
		in := randomMixed(rng, rng.IntN(24))
		for s := GoStyle; s <= UnicodeStyle; s++ {
			for _, opts := range [][]Option{
				{WithStyle(s)},
				{WithStyle(s), Also(allClasses)},
				{WithStyle(s), OnInvalid(EscapeInvalid), Also(allClasses), Allow('\t', '\n')},
			} {
				out, err := Bytes(in, opts...)
				if err != nil {
					t.Fatal(err)
				}
				checkEscaped(t, opts, in, out)
			}
		}
	}
}

func ExampleStyle_String() {
	fmt.Println(JSONStyle)
	// Output: JSONStyle
}

// TestJSONStyleIsAJSONString checks the promise of JSONStyle against
// encoding/json: whatever the options, the output between double quotes
// is a valid JSON string, and decoding it gives back the input with each
// ill-formed byte (EscapeInvalid: \udcNN) or each maximal subpart
// (ReplaceInvalid) as U+FFFD.
func TestJSONStyleIsAJSONString(t *testing.T) {
	fixed := []string{
		`","admin":true,"x":"`,
		`C:\new\table`,
		"x\\ud83d\xed",
		"\\\xff\"",
		`\u0041`,
	}
	optionSets := []struct {
		desc string
		opts []Option
	}{
		{"default", nil},
		{"EscapeInvalid", []Option{OnInvalid(EscapeInvalid)}},
		{"Allow quote, backslash and C0", []Option{Allow('"', '\\', '\t', '\n', 0)}},
		{"Also all", []Option{Also(allClasses), OnInvalid(EscapeInvalid)}},
		{"Reversible", []Option{Reversible(), OnInvalid(EscapeInvalid)}},
	}
	rng := rand.New(rand.NewPCG(11, 12))
	inputs := fixed
	for i := 0; i < 2000; i++ {
		inputs = append(inputs, string(randomMixed(rng, rng.IntN(24))))
	}
	for _, o := range optionSets {
		t.Run(o.desc, func(t *testing.T) {
			opts := append([]Option{WithStyle(JSONStyle)}, o.opts...)
			invalid := configure(opts).invalid
			for _, in := range inputs {
				out, err := String(in, opts...)
				if err != nil {
					t.Fatal(err)
				}
				var got string
				if err := json.Unmarshal([]byte(`"`+out+`"`), &got); err != nil {
					t.Fatalf("%q gave %q, not a JSON string: %v", in, out, err)
				}
				// []rune turns each ill-formed byte into U+FFFD; Validate
				// each maximal subpart, as checked against Python and Node.
				want := string([]rune(in))
				if invalid == ReplaceInvalid {
					want, _, _ = transform.String(Validate(ReplaceInvalid), in)
				}
				if got != want {
					t.Fatalf("%q gave %q, which JSON decodes to %q, want %q", in, out, got, want)
				}
			}
		})
	}
}

// TestNewIsTheChain checks New's documented relation to
// Chain(BOM, Validate, Escape): equal under ReplaceInvalid and
// RejectInvalid, offsets aside; under EscapeInvalid, equal in Go style
// without Reversible only, which is why the doc says so.
func TestNewIsTheChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var inputs [][]byte
	for i := 0; i < 1000; i++ {
		in := randomMixed(rng, rng.IntN(24))
		if i%3 == 0 {
			in = append([]byte(bom), in...)
		}
		inputs = append(inputs, in)
	}
	for _, bp := range []BOMPolicy{KeepBOM, StripBOM, AddBOM} {
		for _, p := range []InvalidPolicy{ReplaceInvalid, EscapeInvalid, RejectInvalid} {
			for _, s := range []Style{GoStyle, JSONStyle, PercentStyle} {
				for _, rev := range []bool{false, true} {
					opts := []Option{WithBOM(bp), OnInvalid(p), WithStyle(s), Also(Bidi)}
					if rev {
						opts = append(opts, Reversible())
					}
					chain := transform.Chain(BOM(bp), Validate(p), Escape(opts[2:]...))
					same := p != EscapeInvalid || s == GoStyle && !rev
					differs := false
					for _, in := range inputs {
						want, _, werr := transform.Bytes(chain, in)
						got, _, err := transform.Bytes(New(opts...), in)
						if !bytes.Equal(got, want) || (err == nil) != (werr == nil) {
							if same {
								t.Fatalf("%v %v %v reversible %v: % x: New wrote %q, the chain %q", bp, p, s, rev, in, got, want)
							}
							differs = true
						}
					}
					if !same && !differs {
						t.Errorf("%v %v %v reversible %v: New and the chain agree, yet the doc says they differ", bp, p, s, rev)
					}
				}
			}
		}
	}
}
