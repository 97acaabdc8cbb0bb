package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"
)

// A testCase is one input through one transformer. Every driver below runs
// every case; the expected output is worked out by hand from Unicode
// Table 3-7 and the maximal-subpart rule, never copied from the code.
type testCase struct {
	desc string
	t    transform.SpanningTransformer
	in   string
	want string
	err  error // the error after want, if any: *InvalidUTF8Error or *UnescapeError
}

const fffd = "\uFFFD"

func replace(desc, in, want string) testCase {
	return testCase{desc: desc, t: Validate(ReplaceInvalid), in: in, want: want}
}

// validateCases walk Table 3-7 row by row, at each bound and one past it,
// then every class of ill-formed input and the examples of Unicode
// chapter 3, "U+FFFD Substitution of Maximal Subparts".
var validateCases = []testCase{
	replace("empty", "", ""),
	replace("ASCII", "hello, world\x00\x7f", "hello, world\x00\x7f"),

	replace("U+0080, first of C2-DF 80-BF", "\xc2\x80", "\xc2\x80"),
	replace("U+07FF, last of C2-DF 80-BF", "\xdf\xbf", "\xdf\xbf"),
	replace("C1 BF below C2 is overlong U+007F", "\xc1\xbf", fffd+fffd),
	replace("C2 7F: second byte below 80", "\xc2\x7f", fffd+"\x7f"),
	replace("DF C0: second byte above BF", "\xdf\xc0", fffd+fffd),

	replace("U+0800, first of E0 A0-BF", "\xe0\xa0\x80", "\xe0\xa0\x80"),
	replace("U+0FFF, last of E0 A0-BF", "\xe0\xbf\xbf", "\xe0\xbf\xbf"),
	replace("E0 9F BF: overlong U+07FF", "\xe0\x9f\xbf", fffd+fffd+fffd),
	replace("E0 C0: second byte above BF", "\xe0\xc0\x80", fffd+fffd+fffd),

	replace("U+1000, first of E1-EC", "\xe1\x80\x80", "\xe1\x80\x80"),
	replace("U+CFFF, last of E1-EC", "\xec\xbf\xbf", "\xec\xbf\xbf"),
	replace("E1 80 7F: third byte below 80", "\xe1\x80\x7f", fffd+"\x7f"),
	replace("EC BF C0: third byte above BF", "\xec\xbf\xc0", fffd+fffd),

	replace("U+D000, first of ED 80-9F", "\xed\x80\x80", "\xed\x80\x80"),
	replace("U+D7FF, last of ED 80-9F", "\xed\x9f\xbf", "\xed\x9f\xbf"),
	replace("ED A0 80: surrogate U+D800", "\xed\xa0\x80", fffd+fffd+fffd),
	replace("ED BF BF: surrogate U+DFFF", "\xed\xbf\xbf", fffd+fffd+fffd),

	replace("U+E000, first of EE-EF", "\xee\x80\x80", "\xee\x80\x80"),
	replace("U+FFFF, last of EE-EF", "\xef\xbf\xbf", "\xef\xbf\xbf"),

	replace("U+10000, first of F0 90-BF", "\xf0\x90\x80\x80", "\xf0\x90\x80\x80"),
	replace("U+3FFFF, last of F0 90-BF", "\xf0\xbf\xbf\xbf", "\xf0\xbf\xbf\xbf"),
	replace("F0 8F BF BF: overlong U+FFFF", "\xf0\x8f\xbf\xbf", fffd+fffd+fffd+fffd),

	replace("U+40000, first of F1-F3", "\xf1\x80\x80\x80", "\xf1\x80\x80\x80"),
	replace("U+FFFFF, last of F1-F3", "\xf3\xbf\xbf\xbf", "\xf3\xbf\xbf\xbf"),
	replace("F1 80 80 7F: fourth byte below 80", "\xf1\x80\x80\x7f", fffd+"\x7f"),

	replace("U+100000, first of F4 80-8F", "\xf4\x80\x80\x80", "\xf4\x80\x80\x80"),
	replace("U+10FFFF, last of F4 80-8F", "\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf"),
	replace("F4 90 80 80: U+110000", "\xf4\x90\x80\x80", fffd+fffd+fffd+fffd),
	replace("F5 80 80 80: lead above F4", "\xf5\x80\x80\x80", fffd+fffd+fffd+fffd),

	replace("C0 AF: overlong slash", "\xc0\xaf", fffd+fffd),
	replace("E0 80 AF: overlong slash", "\xe0\x80\xaf", fffd+fffd+fffd),
	replace("FE and FF", "\xfe\xff", fffd+fffd),
	replace("stray continuation bytes", "a\x80\xbfb", "a"+fffd+fffd+"b"),
	replace("truncated by end of input, 2 of 3", "a\xe2\x82", "a"+fffd),
	replace("truncated by end of input, 3 of 4", "a\xf0\x9f\x98", "a"+fffd),
	replace("truncated by end of input, lead only", "a\xc3", "a"+fffd),
	replace("E2 82 41: one U+FFFD, not two", "\xe2\x82\x41", fffd+"A"),
	replace("E3 80 22 61: the quote survives", "\xe3\x80\x22\x61", fffd+`"a`),
	replace("CESU-8 surrogate pair", "\xed\xa0\xbd\xed\xb8\x80", fffd+fffd+fffd+fffd+fffd+fffd),

	replace("chapter 3, Table 3-8 (U+FFFD substitution)",
		"\x61\xf1\x80\x80\xe1\x80\xc2\x62\x80\x63\x80\xbf\x64",
		"a"+fffd+fffd+fffd+"b"+fffd+"c"+fffd+fffd+"d"),
	replace("chapter 3, non-shortest forms",
		"\xc0\xaf\xe0\x80\xbf\xf0\x81\x82\x41",
		fffd+fffd+fffd+fffd+fffd+fffd+fffd+fffd+"A"),
	replace("chapter 3, surrogates",
		"\xed\xa0\x80\xed\xbf\xbf\xed\xaf\x41",
		fffd+fffd+fffd+fffd+fffd+fffd+fffd+fffd+"A"),
	replace("chapter 3, other ill-formed sequences",
		"\xf4\x91\x92\x93\xff\x41\x80\xbf\x42",
		fffd+fffd+fffd+fffd+fffd+"A"+fffd+fffd+"B"),
	replace("chapter 3, truncated sequences",
		"\xe1\x80\xe2\xf0\x91\x92\xf1\xbf\x41",
		fffd+fffd+fffd+fffd+"A"),

	{desc: "escape: each byte of a subpart", t: Validate(EscapeInvalid),
		in: "a\xe2\x82b\xffc\xf0\x9f\x98", want: `a\xe2\x82b\xffc\xf0\x9f\x98`},
	{desc: "escape: well-formed input untouched", t: Validate(EscapeInvalid),
		in: "\x00\t\u0085\U0010FFFF\\", want: "\x00\t\u0085\U0010FFFF\\"},

	{desc: "reject: well-formed input", t: Validate(RejectInvalid),
		in: "héllo\u20ac\U0001F600", want: "héllo\u20ac\U0001F600"},
	{desc: "reject: truncated", t: Validate(RejectInvalid),
		in: "0123456789abcdefg\xe2\x82A", want: "0123456789abcdefg",
		err: &InvalidUTF8Error{Offset: 17, Bytes: []byte{0xe2, 0x82}, Fault: Truncated}},
	{desc: "reject: truncated by end of input", t: Validate(RejectInvalid),
		in: "ab\xf0\x9f\x98", want: "ab",
		err: &InvalidUTF8Error{Offset: 2, Bytes: []byte{0xf0, 0x9f, 0x98}, Fault: Truncated}},
	{desc: "reject: continuation", t: Validate(RejectInvalid),
		in: "é\x80", want: "é",
		err: &InvalidUTF8Error{Offset: 2, Bytes: []byte{0x80}, Fault: UnexpectedContinuation}},
	{desc: "reject: C0 lead", t: Validate(RejectInvalid),
		in: "\xc0\xaf", err: &InvalidUTF8Error{Offset: 0, Bytes: []byte{0xc0}, Fault: InvalidLead}},
	{desc: "reject: FF lead", t: Validate(RejectInvalid),
		in: "x\xff", want: "x", err: &InvalidUTF8Error{Offset: 1, Bytes: []byte{0xff}, Fault: InvalidLead}},
	{desc: "reject: overlong", t: Validate(RejectInvalid),
		in: "\xe0\x80\xaf", err: &InvalidUTF8Error{Offset: 0, Bytes: []byte{0xe0}, Fault: Overlong}},
	{desc: "reject: surrogate", t: Validate(RejectInvalid),
		in: "\xed\xa0\x80", err: &InvalidUTF8Error{Offset: 0, Bytes: []byte{0xed}, Fault: Surrogate}},
	{desc: "reject: above U+10FFFF", t: Validate(RejectInvalid),
		in: "\xf4\x90\x80\x80", err: &InvalidUTF8Error{Offset: 0, Bytes: []byte{0xf4}, Fault: TooLarge}},
}

// drive runs t over in as a streaming caller would: the input arrives in
// pieces that end at cuts, and dst holds size bytes. It checks the
// transform contract on every call.
func drive(tb testing.TB, t transform.Transformer, in []byte, cuts []int, size int) ([]byte, error) {
	tb.Helper()
	t.Reset()
	var out, src []byte
	fed := 0
	feed := func() bool {
		if fed == len(in) {
			return false
		}
		end := len(in)
		for _, c := range cuts {
			if c > fed && c < end {
				end = c
			}
		}
		src = append(src[:len(src):len(src)], in[fed:end]...)
		fed = end
		return true
	}
	feed()
	dst := make([]byte, size)
	for calls := 0; ; calls++ {
		if calls > 10*len(in)+100 {
			return out, fmt.Errorf("no progress after %d calls", calls)
		}
		atEOF := fed == len(in)
		nDst, nSrc, err := t.Transform(dst, src, atEOF)
		if nDst < 0 || nDst > len(dst) || nSrc < 0 || nSrc > len(src) {
			return out, fmt.Errorf("Transform returned nDst=%d nSrc=%d for len(dst)=%d len(src)=%d", nDst, nSrc, len(dst), len(src))
		}
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		switch err {
		case nil:
			if len(src) != 0 {
				return out, fmt.Errorf("nil error with %d bytes unconsumed", len(src))
			}
			if atEOF {
				return out, nil
			}
			feed()
		case transform.ErrShortSrc:
			if atEOF {
				return out, errors.New("ErrShortSrc at EOF")
			}
			if len(src) > maxHeld(t) {
				return out, fmt.Errorf("ErrShortSrc holding back %d bytes", len(src))
			}
			feed()
		case transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				if len(dst) >= maxUnit {
					return out, fmt.Errorf("ErrShortDst without progress on a %d-byte dst", len(dst))
				}
				dst = make([]byte, len(dst)+1) // a unit larger than dst
			} else {
				dst = make([]byte, size)
			}
		default:
			return out, err
		}
	}
}

// maxHeld is how many bytes t may hold back waiting for more input.
func maxHeld(t transform.Transformer) int {
	switch t := t.(type) {
	case *sanitizer:
		switch {
		case t.recognize:
			return maxStringSeq - 1 // a string sequence not yet ended
		case t.set.class&(Tags|Invisible) != 0:
			return 23 // the tags of a flag, or what follows a joiner, not yet complete
		}
		return 3
	case *bomer:
		return 3
	case *unescaper:
		return 11
	}
	return 1 << 30 // a chain buffers what it likes
}

// check compares an output and error with what c expects.
func (c testCase) check(tb testing.TB, how string, out []byte, err error) {
	tb.Helper()
	if diff := cmp.Diff(c.want, string(out)); diff != "" {
		tb.Errorf("%s: %s: output mismatch (-want +got):\n%s", c.desc, how, diff)
	}
	var diff string
	switch want := c.err.(type) {
	case nil:
		if err != nil {
			diff = fmt.Sprintf("want no error, got %v", err)
		}
	case *InvalidUTF8Error:
		diff = diffAs(want, err)
	case *UnescapeError:
		diff = diffAs(want, err)
	}
	if diff != "" {
		tb.Errorf("%s: %s: error mismatch (-want +got):\n%s", c.desc, how, diff)
	}
}

// diffAs compares want with the error of want's type in err's chain.
func diffAs[E error](want E, err error) string {
	var got E
	if !errors.As(err, &got) {
		return fmt.Sprintf("want %v, got %v", want, err)
	}
	return cmp.Diff(want, got)
}

// errOffset is the offset in an error of this package, or -1.
func errOffset(err error) int64 {
	var e *InvalidUTF8Error
	var u *UnescapeError
	switch {
	case errors.As(err, &e):
		return e.Offset
	case errors.As(err, &u):
		return u.Offset
	}
	return -1
}

func allCases() []testCase {
	var cs []testCase
	cs = append(cs, validateCases...)
	cs = append(cs, escapeCases...)
	cs = append(cs, bomCases...)
	cs = append(cs, styleCases...)
	cs = append(cs, unescapeCases...)
	cs = append(cs, sequenceCases...)
	cs = append(cs, contextCases...)
	cs = append(cs, tagCases...)
	cs = append(cs, invisibleCases...)
	cs = append(cs, removeCases...)
	return cs
}

func TestTransformWhole(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			c.t.Reset()
			dst := make([]byte, 4*len(c.in)+maxUnit)
			nDst, nSrc, err := c.t.Transform(dst, []byte(c.in), true)
			c.check(t, "one call", dst[:nDst], err)
			if off := errOffset(c.err); c.err != nil && int64(nSrc) != off {
				t.Errorf("nSrc = %d, want the offset of the error, %d", nSrc, off)
			}
			if c.err == nil && nSrc != len(c.in) {
				t.Errorf("nSrc = %d, want %d", nSrc, len(c.in))
			}
		})
	}
}

// Case names are unique, so that a failure names one row.
func TestCaseNames(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range allCases() {
		if seen[c.desc] {
			t.Errorf("two cases named %q", c.desc)
		}
		seen[c.desc] = true
	}
}

func TestSplitPoints(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			for cut := 0; cut <= len(c.in); cut++ {
				for size := 1; size <= 32; size++ {
					out, err := drive(t, c.t, []byte(c.in), []int{cut}, size)
					c.check(t, fmt.Sprintf("cut at %d, dst %d", cut, size), out, err)
				}
			}
		})
	}
}

func TestOneBytePerCall(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			cuts := make([]int, len(c.in))
			for i := range cuts {
				cuts[i] = i + 1
			}
			for size := 1; size <= 32; size++ {
				out, err := drive(t, c.t, []byte(c.in), cuts, size)
				c.check(t, fmt.Sprintf("one byte per call, dst %d", size), out, err)
			}
		})
	}
}

// TestReader runs every case through transform.Reader; TestReaderDrivers
// runs them through NewReader's.
func TestReader(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			for _, r := range sources {
				out, err := io.ReadAll(transform.NewReader(r.wrap(bytes.NewReader([]byte(c.in))), c.t))
				c.check(t, r.name, out, err)
			}
		})
	}
}

func TestWriter(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			for n := 1; n <= len(c.in)+1; n++ {
				var buf bytes.Buffer
				w := transform.NewWriter(&buf, c.t)
				in := []byte(c.in)
				var err error
				for len(in) > 0 && err == nil {
					k := min(n, len(in))
					_, err = w.Write(in[:k])
					in = in[k:]
				}
				if err == nil {
					err = w.Close()
				}
				c.check(t, fmt.Sprintf("writes of %d", n), buf.Bytes(), err)
			}
		})
	}
}

func TestChain(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			for _, ch := range []transform.Transformer{
				transform.Chain(c.t, transform.Nop),
				transform.Chain(transform.Nop, c.t),
			} {
				out, err := drive(t, ch, []byte(c.in), []int{len(c.in) / 2}, 64)
				c.check(t, "chain", out, err)
			}
		})
	}
}

// wantSpan works out where Span must stop on c.in from c.want alone, with
// unicode/utf8 to find the characters: at the first character (or
// ill-formed byte) that the output does not reproduce in place. Unescape
// stops at its escape byte; an escape that starts with the very character
// it escapes (\ as \\, % as %25) is told apart by the byte after it.
func (c testCase) wantSpan() int {
	if _, ok := c.t.(*bomer); ok {
		// BOM touches nothing but the start.
		if c.want == c.in {
			return len(c.in)
		}
		return 0
	}
	if u, ok := c.t.(*unescaper); ok {
		if i := strings.IndexByte(c.in, u.esc); i >= 0 {
			return i
		}
		return len(c.in)
	}
	n := 0
	for n < len(c.in) {
		r, size := utf8.DecodeRuneInString(c.in[n:])
		if r == utf8.RuneError && size == 1 || !strings.HasPrefix(c.want[n:], c.in[n:n+size]) {
			break
		}
		if (r == '\\' || r == '%') && strings.HasPrefix(c.want[n+1:], escapeTail(r)) && !strings.HasPrefix(c.in[n+1:], escapeTail(r)) {
			break
		}
		n += size
	}
	if c.err != nil && errOffset(c.err) < int64(n) {
		n = int(errOffset(c.err))
	}
	return n
}

// escapeTail is what follows the escape character in its own escape.
func escapeTail(r rune) string {
	if r == '%' {
		return "25"
	}
	return `\`
}

// TestSpan checks that Span stops exactly where the output first differs
// from the input, and claims everything when nothing changes.
func TestSpan(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			c.t.Reset()
			n, err := c.t.Span([]byte(c.in), true)
			if want := c.wantSpan(); n != want {
				t.Errorf("Span(%q) = %d, want %d", c.in, n, want)
			}
			clean := c.want == c.in && c.err == nil
			if clean != (err == nil) {
				t.Errorf("Span(%q) = %d, %v; input clean: %v", c.in, n, err, clean)
			}
			// Span followed by Transform gives the same output.
			dst := make([]byte, 4*len(c.in)+maxUnit)
			nDst, _, err := c.t.Transform(dst, []byte(c.in[n:]), true)
			c.check(t, "Span then Transform", append([]byte(c.in[:n]), dst[:nDst]...), err)
		})
	}
}
