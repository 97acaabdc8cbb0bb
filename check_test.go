package sanitize

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"
)

// found is a Finding as the rows write it: the position without the offset,
// which the rows give separately.
type found struct {
	Kind        Kind
	Class       Class
	Fault       Fault
	Bytes       string
	Offset      int64
	Line, Col   int
	UTF16Column int
}

func asFound(f Finding) found {
	return found{f.Kind, f.Class, f.Fault, string(f.Bytes), f.Offset, f.Line, f.Column, f.UTF16Column}
}

// checkCases give the findings worked out by hand from the bytes, with
// tab and line feed allowed as well as what the row's options say: offsets
// count bytes from 0, columns count from 1 in bytes and in UTF-16 units
// (é is one unit, 😀 two, an ill-formed subpart one).
var checkCases = []struct {
	desc     string
	in       string
	opts     []Option
	unpadded bool // not after padding: at the start of the stream, or JSON, which finds its line feeds
	want     []found
}{
	{desc: "clean", in: "héllo\n\tworld 😀\n"},
	{desc: "controls", in: "a\x00b\nc\x1bd", want: []found{
		{KindChar, Controls, 0, "\x00", 1, 1, 2, 2},
		{KindChar, Controls, 0, "\x1b", 5, 2, 2, 2},
	}},
	{desc: "C1 and DEL", in: "\u0085\x7f", want: []found{
		{KindChar, Controls, 0, "\u0085", 0, 1, 1, 1},
		{KindChar, Controls, 0, "\x7f", 2, 1, 3, 2},
	}},
	{desc: "NEL is a control before a line separator", in: "\u0085\u2028", opts: []Option{Also(LineSeparators)}, want: []found{
		{KindChar, Controls, 0, "\u0085", 0, 1, 1, 1},
		{KindChar, LineSeparators, 0, "\u2028", 2, 1, 3, 2},
	}},
	{desc: "allowed", in: "a\rb", opts: []Option{Allow('\r')}},
	{desc: "bidi after é", in: "é\u202e", opts: []Option{Also(Bidi)}, want: []found{
		{KindChar, Bidi, 0, "\u202e", 2, 1, 3, 2},
	}},
	{desc: "bidi after an emoji", in: "😀\u2066x\n\u2069", opts: []Option{Also(Bidi)}, want: []found{
		{KindChar, Bidi, 0, "\u2066", 4, 1, 5, 3},
		{KindChar, Bidi, 0, "\u2069", 9, 2, 1, 1},
	}},
	{desc: "bidi as invisible", in: "\u202e", opts: []Option{Also(Invisible)}, want: []found{
		{KindChar, Invisible, 0, "\u202e", 0, 1, 1, 1},
	}},
	{desc: "ill-formed", in: "a\xe2\x82b\xffc\xf0\x9f\x98", want: []found{
		{KindInvalid, 0, Truncated, "\xe2\x82", 1, 1, 2, 2},
		{KindInvalid, 0, InvalidLead, "\xff", 4, 1, 5, 4},
		{KindInvalid, 0, Truncated, "\xf0\x9f\x98", 6, 1, 7, 6},
	}},
	{desc: "ill-formed under reject", in: "\xc0\xaf\u2028", opts: []Option{OnInvalid(RejectInvalid), Also(LineSeparators)}, want: []found{
		{KindInvalid, 0, InvalidLead, "\xc0", 0, 1, 1, 1},
		{KindInvalid, 0, UnexpectedContinuation, "\xaf", 1, 1, 2, 2},
		{KindChar, LineSeparators, 0, "\u2028", 2, 1, 3, 3},
	}},
	{desc: "removed", in: "pass\u200bword", opts: []Option{Remove(Invisible)}, want: []found{
		{KindChar, Invisible, 0, "\u200b", 4, 1, 5, 5},
	}},
	{desc: "JSON quote", in: `a"b`, opts: []Option{WithStyle(JSONStyle)}, unpadded: true, want: []found{
		{KindChar, 0, 0, `"`, 1, 1, 2, 2},
	}},
	{desc: "AlsoFunc", in: "ab", opts: []Option{AlsoFunc(func(r rune) bool { return r == 'b' })}, want: []found{
		{KindChar, 0, 0, "b", 1, 1, 2, 2},
	}},
	{desc: "tag smuggling", in: "hi\U000E0041", opts: []Option{Also(Tags)}, want: []found{
		{KindChar, Tags, 0, "\U000E0041", 2, 1, 3, 3},
	}},
	{desc: "flag of England", in: "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", opts: []Option{Also(Tags | Invisible)}},
	{desc: "family emoji", in: "\U0001F468\u200d\U0001F469\u200d\U0001F467", opts: []Option{Also(Invisible)}},
	{desc: "joiner in a Latin word", in: "ig\u200cnore", opts: []Option{Also(Invisible)}, want: []found{
		{KindChar, Invisible, 0, "\u200c", 2, 1, 3, 3},
	}},
	{desc: "selector at the start", in: "\ufe0f\u2764\ufe0f", opts: []Option{Also(VariationSelectors)}, unpadded: true, want: []found{
		{KindChar, VariationSelectors, 0, "\ufe0f", 0, 1, 1, 1},
	}},
	{desc: "strip a CSI", in: "x\x1b[2Jy", opts: []Option{Sequences(StripSequences)}, want: []found{
		{KindSequence, 0, 0, "\x1b[2J", 1, 1, 2, 2},
	}},
	{desc: "strip an OSC 8 link", in: "\x1b]8;;http://x\x1b\\l\x1b]8;;\x1b\\", opts: []Option{Sequences(StripSequences)}, want: []found{
		{KindSequence, 0, 0, "\x1b]8;;http://x\x1b\\", 0, 1, 1, 1},
		{KindSequence, 0, 0, "\x1b]8;;\x1b\\", 16, 1, 17, 17}, // 15 bytes of link, then l
	}},
	{desc: "strip a C1 CSI", in: "\u009b1m", opts: []Option{Sequences(StripSequences)}, want: []found{
		{KindSequence, 0, 0, "\u009b1m", 0, 1, 1, 1},
	}},
	{desc: "escape ESC alone", in: "\x1b", opts: []Option{Sequences(StripSequences)}, want: []found{
		{KindChar, Controls, 0, "\x1b", 0, 1, 1, 1},
	}},
	{desc: "keep colours, escape a title", in: "\x1b[1mb\x1b]0;t\x07", opts: []Option{KeepColors()}, want: []found{
		{KindSequence, 0, 0, "\x1b]0;t\x07", 5, 1, 6, 6},
		{KindReset, 0, 0, "", 11, 1, 12, 12},
	}},
	{desc: "keep colours: reset before a line feed", in: "\x1b[31mred\nok", opts: []Option{KeepColors()}, want: []found{
		{KindReset, 0, 0, "", 8, 1, 9, 9},
	}},
	{desc: "keep colours: reset in time", in: "\x1b[31mred\x1b[m\n", opts: []Option{KeepColors()}},
	{desc: "keep colours: concealed", in: "\x1b[8mpw", opts: []Option{KeepColors(), Sequences(StripSequences)}, want: []found{
		{KindSequence, 0, 0, "\x1b[8m", 0, 1, 1, 1},
	}},
	{desc: "strip a BOM", in: "\ufeffa\ufeff", opts: []Option{WithBOM(StripBOM)}, unpadded: true, want: []found{
		{KindBOM, 0, 0, "\ufeff", 0, 1, 1, 1},
	}},
	{desc: "add a BOM", in: "a", opts: []Option{WithBOM(AddBOM)}, unpadded: true, want: []found{
		{KindBOM, 0, 0, "", 0, 1, 1, 1},
	}},
	{desc: "add a BOM to nothing", opts: []Option{WithBOM(AddBOM)}, unpadded: true, want: []found{
		{KindBOM, 0, 0, "", 0, 1, 1, 1},
	}},
}

func collect(tb testing.TB, r io.Reader, opts ...Option) []Finding {
	tb.Helper()
	var fs []Finding
	for f, err := range Check(r, opts...) {
		if err != nil {
			tb.Fatalf("Check: %v", err)
		}
		fs = append(fs, f)
	}
	return fs
}

func TestCheck(t *testing.T) {
	for _, c := range checkCases {
		t.Run(c.desc, func(t *testing.T) {
			c.opts = append([]Option{Allow('\t', '\n')}, c.opts...)
			for _, rd := range sources {
				var got []found
				for _, f := range collect(t, rd.wrap(strings.NewReader(c.in)), c.opts...) {
					got = append(got, asFound(f))
				}
				if diff := cmp.Diff(c.want, got); diff != "" {
					t.Errorf("%s: findings (-want +got):\n%s", rd.name, diff)
				}
			}
			if c.unpadded {
				return
			}
			// After 100,000 bytes, which cross Check's 64 KiB buffer, the
			// same findings, lines later.
			const pad = "padding.\n"
			const lines = 10000
			var got []found
			for _, f := range collect(t, strings.NewReader(strings.Repeat(pad, lines)+c.in), c.opts...) {
				got = append(got, asFound(f))
			}
			var want []found
			for _, f := range c.want {
				f.Offset += lines * int64(len(pad))
				f.Line += lines
				want = append(want, f)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("after padding: findings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckIsTheChange holds Check to what New does, on every row of the
// transformer tests and on random input, under many options: no finding
// exactly when the output is the input; the input outside the findings
// comes out in order, unchanged; positions agree with a count made by
// other means.
func TestCheckIsTheChange(t *testing.T) {
	var inputs []string
	for _, c := range allCases() {
		inputs = append(inputs, c.in)
	}
	for _, c := range checkCases {
		inputs = append(inputs, c.in)
	}
	inputs = append(inputs, randomInputs(2000)...)
	for _, opts := range checkOptionSets {
		for _, in := range inputs {
			checkAgainstNew(t, []byte(in), opts...)
		}
	}
}

var checkOptionSets = [][]Option{
	nil,
	{Also(Bidi | Invisible | Tags | VariationSelectors)},
	{Remove(Controls | Invisible), Allow('\t', '\n')},
	{Sequences(StripSequences), Also(Bidi)},
	{KeepColors()},
	{KeepColors(), Sequences(StripSequences), Allow('\t', '\n')},
	{WithStyle(JSONStyle), WithBOM(StripBOM), Also(Noncharacters | PrivateUse)},
	{WithBOM(AddBOM), OnInvalid(EscapeInvalid), Reversible()},
}

// randomInputs are n strings of the characters and bytes that findings
// are made of, and plain text between.
func randomInputs(n int) []string {
	pieces := []string{"a", "é", "😀", "\n", "\t", "\r", "\x00", "\x1b", "[", "31", "m", "2J", "]", "0;t", "\x07", "\x1b\\",
		"\u009b", "\u0085", "\u202e", "\u200b", "\u200d", "\u200c", "\ufe0f", "\U000E0041", "\U0001F3F4", "\U000E007F",
		"\ufeff", "\xe2\x82", "\xff", "\xed\xa0\x80", "\"", "\\", "\ufdd0", "\ue000", "\u2028", "\U0001F468", "\u0628", "\u094d"}
	var out []string
	state := uint32(1)
	for range n {
		var b strings.Builder
		for range int(state>>8) % 12 {
			state = state*1664525 + 1013904223
			b.WriteString(pieces[int(state>>16)%len(pieces)])
		}
		state = state*1664525 + 1013904223
		out = append(out, b.String())
	}
	return out
}

// checkAgainstNew checks the findings on in against what New does to it.
func checkAgainstNew(tb testing.TB, in []byte, opts ...Option) {
	tb.Helper()
	fs := collect(tb, bytes.NewReader(in), opts...)
	// New, but replacing ill-formed input, as Check reports all of it.
	o := append(append([]Option{}, opts...), OnInvalid(ReplaceInvalid))
	for _, opt := range opts {
		if opt.kind == optInvalid && opt.value == uint8(EscapeInvalid) {
			o = o[:len(o)-1]
		}
	}
	out, _, err := transform.Bytes(New(o...), in)
	if err != nil {
		tb.Fatalf("% x: %v", in, err)
	}
	if (len(fs) == 0) != bytes.Equal(out, in) {
		tb.Fatalf("% x gave %q and %d findings: %v", in, out, len(fs), fs)
	}
	// The input outside the findings, in order, in the output.
	rest, next := out, int64(0)
	for _, f := range fs {
		if f.Offset < next {
			tb.Fatalf("% x: finding %v overlaps the one before", in, f)
		}
		seg := in[next:f.Offset]
		i := bytes.Index(rest, seg)
		if i < 0 {
			tb.Fatalf("% x gave %q: the unchanged % x before finding %v is not in it", in, out, seg, f)
		}
		rest = rest[i+len(seg):]
		next = f.Offset + int64(len(f.Bytes))
		if f.Kind == KindBOM && len(f.Bytes) == 0 && !bytes.HasPrefix(out, []byte(bom)) {
			tb.Fatalf("% x gave %q: a BOM added but not there", in, out)
		}
	}
	if !bytes.Contains(rest, in[next:]) {
		tb.Fatalf("% x gave %q: the unchanged tail % x is not in it", in, out, in[next:])
	}
	// Positions, counted here from the input before each finding, with
	// the standard library's UTF-16 encoder over what Validate makes of it.
	for _, f := range fs {
		before := in[:f.Offset]
		line := 1 + bytes.Count(before, []byte{'\n'})
		lineStart := bytes.LastIndexByte(before, '\n') + 1
		text, _, _ := transform.String(Validate(ReplaceInvalid), string(before[lineStart:]))
		want := Finding{Offset: f.Offset, Line: line, Column: 1 + len(before) - lineStart,
			UTF16Column: 1 + len(utf16.Encode([]rune(text)))}
		got := Finding{Offset: f.Offset, Line: f.Line, Column: f.Column, UTF16Column: f.UTF16Column}
		if diff := cmp.Diff(want, got); diff != "" {
			tb.Fatalf("% x: finding %v: position (-want +got):\n%s", in, f, diff)
		}
	}
}

func TestCheckStops(t *testing.T) {
	n := 0
	for range Check(strings.NewReader("\x00\x00\x00")) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("the loop ran %d times after break", n)
	}
}

// errReader returns its data, then err.
type errReader struct {
	data string
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestCheckReadError(t *testing.T) {
	boom := errors.New("boom")
	var got []found
	var gotErr error
	for f, err := range Check(&errReader{data: "a\x00\nbc", err: boom}, Allow('\n')) {
		if err != nil {
			gotErr = err
		}
		got = append(got, asFound(f))
	}
	want := []found{
		{KindChar, Controls, 0, "\x00", 1, 1, 2, 2},
		{0, 0, 0, "", 5, 2, 3, 3}, // where the error came
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if gotErr != boom {
		t.Errorf("error %v, want %v", gotErr, boom)
	}
}

func TestFindingString(t *testing.T) {
	tests := []struct {
		f    Finding
		want string
	}{
		{Finding{Kind: KindChar, Class: Bidi, Bytes: []byte("\u202e"), Line: 3, Column: 14}, "3:14: U+202E (Bidi)"},
		{Finding{Kind: KindChar, Bytes: []byte(`"`), Line: 1, Column: 1}, "1:1: U+0022"},
		{Finding{Kind: KindInvalid, Fault: Truncated, Bytes: []byte("\xe2\x82"), Line: 1, Column: 2}, "1:2: invalid UTF-8: e2 82 (truncated sequence)"},
		{Finding{Kind: KindSequence, Bytes: []byte("\x1b[2J"), Line: 2, Column: 1}, "2:1: sequence: 1b 5b 32 4a"},
		{Finding{Kind: KindReset, Line: 1, Column: 9}, "1:9: colour reset"},
		{Finding{Kind: KindBOM, Line: 1, Column: 1}, "1:1: byte order mark"},
		{Finding{Kind: 9, Line: 1, Column: 1}, "1:1: Kind(9)"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.f, got, tt.want)
		}
	}
}

// FuzzCheck holds Check to New on any input under each option set of
// TestCheckIsTheChange, and to itself read a byte at a time.
func FuzzCheck(f *testing.F) {
	for i, in := range randomInputs(50) {
		f.Add([]byte(in), uint8(i))
	}
	for _, c := range checkCases {
		f.Add([]byte(c.in), uint8(len(c.in)))
	}
	f.Fuzz(func(t *testing.T, in []byte, set uint8) {
		opts := checkOptionSets[int(set)%len(checkOptionSets)]
		checkAgainstNew(t, in, opts...)
		whole := collect(t, bytes.NewReader(in), opts...)
		bytewise := collect(t, iotest.OneByteReader(bytes.NewReader(in)), opts...)
		if diff := cmp.Diff(whole, bytewise); diff != "" {
			t.Fatalf("% x: findings read whole (-) and a byte at a time (+):\n%s", in, diff)
		}
	})
}
