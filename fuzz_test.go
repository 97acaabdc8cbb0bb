package sanitize

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// The fuzz targets check properties, not fixed outputs. Their seed corpora
// are in testdata/fuzz; `go test -fuzz=FuzzX` explores further, and any
// crasher it writes there stays as a regression case.

// cuts derives split points and a dst size from the fuzzer's numbers.
// checkStream runs in through t whole and cut where a and b say, and
// returns the output after checking that it is the same both ways and
// well-formed UTF-8.
func checkStream(tb testing.TB, t transform.Transformer, in []byte, a, b uint16) []byte {
	tb.Helper()
	whole, err := oneShot(t, in)
	if err != nil {
		tb.Fatal(err)
	}
	splits, size := cuts(len(in), a, b)
	split, err := drive(tb, t, in, splits, size)
	if err != nil || !bytes.Equal(whole, split) {
		tb.Fatalf("% x: whole %q; split at %v, dst %d: %q, %v", in, whole, splits, size, split, err)
	}
	if !utf8.Valid(whole) {
		tb.Fatalf("% x gave ill-formed %q", in, whole)
	}
	if s, ok := t.(transform.SpanningTransformer); ok {
		// NewReader's reader, fed in pieces and drained by Reads of
		// sizes that switch between its direct path and its buffer, or
		// by WriteTo.
		src := &pieceReader{r: bytes.NewReader(in), n: int(a)%64 + 1}
		var got []byte
		switch b % 4 {
		case 0:
			got, err = readThenWriteTo(newReader(src, s), int(a)%(2*directMin))
		case 1: // a source with WriteTo of its own, which the reader uses
			got, err = readThenWriteTo(newReader(bytes.NewReader(in), s), int(a)%(2*directMin))
		default:
			got, err = readSizes(newReader(src, s), directMin+int(a^b)%directMin, int(b)%(2*directMin)+1)
		}
		if err != nil || !bytes.Equal(whole, got) {
			tb.Fatalf("% x: whole %q; through the reader, pieces of %d: %q, %v", in, whole, src.n, got, err)
		}
	}
	if s, ok := t.(*sanitizer); ok {
		sizes := []int{int(a)%64 + 1, int(b)%(2*spanDirect) + 1}
		if got, err := writeSizes(s, in, sizes...); err != nil || !bytes.Equal(whole, got) {
			tb.Fatalf("% x: whole %q; through the writer, writes of %v: %q, %v", in, whole, sizes, got, err)
		}
	}
	return whole
}

func cuts(n int, a, b uint16) ([]int, int) {
	if n == 0 {
		return nil, int(a%32) + 1
	}
	return []int{int(a) % (n + 1), int(b) % (n + 1)}, int(a^b)%40 + 1
}

func oneShot(t transform.Transformer, in []byte) ([]byte, error) {
	t.Reset()
	out, _, err := transform.Bytes(t, in)
	return out, err
}

func FuzzValidate(f *testing.F) {
	for _, s := range []string{"", "abc", "\xe2\x82\x41", "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xef\xbb\xbf\xff"} {
		f.Add([]byte(s), uint16(1), uint16(2))
	}
	xtext := unicode.UTF8.NewDecoder()
	f.Fuzz(func(t *testing.T, in []byte, a, b uint16) {
		splits, size := cuts(len(in), a, b)
		for _, p := range []InvalidPolicy{ReplaceInvalid, EscapeInvalid, RejectInvalid} {
			v := Validate(p)
			whole, werr := oneShot(v, in)
			split, serr := drive(t, v, in, splits, size)
			if !bytes.Equal(whole, split) || errOffset(werr) != errOffset(serr) || (werr == nil) != (serr == nil) {
				t.Fatalf("policy %d: % x: whole % x, %v; split at %v, dst %d: % x, %v", p, in, whole, werr, splits, size, split, serr)
			}
			if p != RejectInvalid && !utf8.Valid(whole) {
				t.Fatalf("policy %d: % x gave ill-formed % x", p, in, whole)
			}
		}
		// The fast paths engage on 32 bytes and more: pad the input so that
		// they see it, and compare them with the plain loop.
		long := append(append([]byte("d\u00e9j\u00e0 vu, \u65e5\u672c "), in...), "\u00e9t\u00e9 \U0001F600"...)
		for i := 0; i <= len(long); i += 7 {
			checkFastPaths(t, Validate(ReplaceInvalid).(*sanitizer), long[i:])
		}
		want, _, _ := transform.Bytes(xtext, in)
		if got, _ := oneShot(Validate(ReplaceInvalid), in); !bytes.Equal(got, want) {
			t.Fatalf("% x: ReplaceInvalid % x, x/text decoder % x", in, got, want)
		}
		_, err := oneShot(Validate(RejectInvalid), in)
		if (err == nil) != utf8.Valid(in) {
			t.Fatalf("% x: RejectInvalid says %v, utf8.Valid %v", in, err, utf8.Valid(in))
		}
		if err != nil {
			// The offset is where utf8.Valid on growing prefixes first fails
			// for good: the end of the longest valid prefix.
			last := 0
			for k := 1; k <= len(in); k++ {
				if utf8.Valid(in[:k]) {
					last = k
				}
			}
			var e *InvalidUTF8Error
			if !errors.As(err, &e) || e.Offset != int64(last) {
				t.Fatalf("% x: error %v, want offset %d", in, err, last)
			}
		}
	})
}

func FuzzEscape(f *testing.F) {
	f.Add([]byte("a\x1b[2J\x00\u0085\u202e\uffff\xff"), uint16(3), uint16(7), uint8(0), uint8(0xff))
	f.Add([]byte("\ufeff\t\n\r"), uint16(1), uint16(2), uint8(1), uint8(0))
	f.Add([]byte("a\x1b[2J\x00\u0085\u202e\xff"), uint16(2), uint16(5), uint8(0x80), uint8(0x08))
	f.Fuzz(func(t *testing.T, in []byte, a, b uint16, style, flags uint8) {
		s := Style(style % uint8(UnicodeStyle+1))
		classes := Class(flags) & allClasses
		bp := BOMPolicy(flags>>6) % 3
		opts := []Option{WithStyle(s), Also(classes), OnInvalid(InvalidPolicy(flags>>5) % 2), WithBOM(bp)}
		if flags&0x10 != 0 {
			opts = append(opts, Allow('\t', '\n'))
		}
		if style&0x80 != 0 {
			opts = append(opts, Only(0)) // the classes of Also alone: controls only if among them
		}
		e := New(opts...)
		whole := checkStream(t, e, in, a, b)
		long := append(append([]byte("d\u00e9j\u00e0 vu, \u65e5\u672c "), in...), "\u00e9t\u00e9 \U0001F600"...)
		for _, p := range [][]byte{in, long, long[5:], long[11:]} {
			checkFastPaths(t, e.(*sanitizer), p)
		}
		checkEscaped(t, opts, in, whole)
	})
}

// checkEscaped checks the properties of out, escaped from in with opts:
// well-formed UTF-8; no character of the escaped set left but those the
// escapes are made of (JSON style's \ and "); and escaping it again changes
// nothing where that is promised (not under JSON style, Reversible, or a
// BOM policy that acts again on a second pass).
func checkEscaped(tb testing.TB, opts []Option, in, out []byte) {
	tb.Helper()
	c := configure(opts)
	if !utf8.Valid(out) {
		tb.Fatalf("%v: % x gave ill-formed %q", c.style, in, out)
	}
	set := newSet(c)
	for _, r := range string(out) {
		if set.contains(r) && !(c.style == JSONStyle && (r == '\\' || r == '"')) {
			tb.Fatalf("%v: % x gave %q with %U in it", c.style, in, out, r)
		}
	}
	if c.bom == KeepBOM && c.style != JSONStyle && !c.reversible {
		if again, _ := Bytes(out, opts...); !bytes.Equal(again, out) {
			tb.Fatalf("%v: % x escaped to %q, then to %q", c.style, in, out, again)
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("a\\b\"c%d\x00\xff\u0085\U0001F600"), uint8(0))
	f.Add([]byte("\xed\xa0\x80\xf4\x90"), uint8(1))
	f.Fuzz(func(t *testing.T, in []byte, style uint8) {
		s := Style(style % 3) // the reversible ones: Go, JSON, percent
		checkRoundTrip(t, []Option{WithStyle(s), Reversible(), OnInvalid(EscapeInvalid), Also(allClasses)}, in)
	})
}

// checkRoundTrip escapes in with opts, which must make the escapes
// reversible, and checks that Unescape gives back exactly in, and so do the
// decoders nobody here wrote: strconv.Unquote for Go style with every
// control escaped, url.PathUnescape
// for percent style, and encoding/json for JSON style on well-formed input.
func checkRoundTrip(tb testing.TB, opts []Option, in []byte) {
	tb.Helper()
	c := configure(opts)
	s := c.style
	esc, err := oneShot(Escape(opts...), in)
	if err != nil {
		tb.Fatal(err)
	}
	if back, err := oneShot(Unescape(s), esc); err != nil || !bytes.Equal(back, in) {
		tb.Fatalf("%v: % x escaped to %q, unescaped to % x, %v", s, in, esc, back, err)
	}
	var back string
	switch {
	case s == GoStyle && c.nallow == 0: // a Go literal holds no raw newline
		back, err = strconv.Unquote(`"` + string(esc) + `"`)
	case s == PercentStyle:
		back, err = url.PathUnescape(string(esc))
	case s == JSONStyle && utf8.Valid(in):
		err = json.Unmarshal([]byte(`"`+string(esc)+`"`), &back)
	default:
		return
	}
	if err != nil || back != string(in) {
		tb.Fatalf("%v: % x escaped to %q, which the standard library decodes to % x, %v", s, in, esc, back, err)
	}
}

func FuzzUnescape(f *testing.F) {
	for _, s := range []string{`\x4`, `\ud83d\ude00`, `%4`, `\U0010ffff`, `\777`, `ok`} {
		f.Add([]byte(s), uint8(0), uint16(1), uint16(3))
	}
	f.Fuzz(func(t *testing.T, in []byte, style uint8, a, b uint16) {
		u := Unescape(Style(style % 3))
		whole, werr := oneShot(u, in)
		splits, size := cuts(len(in), a, b)
		split, serr := drive(t, u, in, splits, size)
		if !bytes.Equal(whole, split) || errOffset(werr) != errOffset(serr) {
			t.Fatalf("% x: whole % x, %v; split at %v, dst %d: % x, %v", in, whole, werr, splits, size, split, serr)
		}
		var e *UnescapeError
		if werr != nil {
			if !errors.As(werr, &e) {
				t.Fatalf("% x: error %v is not an *UnescapeError", in, werr)
			}
			if e.Offset < 0 || e.Offset >= int64(len(in)) || !bytes.HasPrefix(in[e.Offset:], e.Bytes) || len(e.Bytes) == 0 {
				t.Fatalf("% x: error %v does not point into the input", in, e)
			}
		}
	})
}

// sgrPattern is the grammar of the SGR sequences KeepColors keeps, less
// the conceal rule, written independently of the recognizer.
var sgrPattern = regexp.MustCompile(`^(?:\x1b\[|\x{9b})[0-9;:]*m`)

func FuzzSequences(f *testing.F) {
	for _, c := range sequenceCases {
		f.Add([]byte(c.in), uint16(2), uint16(5), uint8(0))
	}
	f.Add([]byte("\x1b[31mred\n\x1b]0;t\x07\x1bP1$q\x1b\\\u009b1m"), uint16(4), uint16(9), uint8(7))
	// Long enough for the AVX-512 kernel, which drops CSI sequences by
	// itself under StripSequences.
	f.Add([]byte(strings.Repeat("\x1b[2m18:00\x1b[0m \x1b[32mINFO\x1b[0m word \x1b[38;5;208m200\x1b[0m\n", 4)), uint16(300), uint16(300), uint8(5))
	f.Fuzz(func(t *testing.T, in []byte, a, b uint16, flags uint8) {
		opts := []Option{Sequences(SequencePolicy(flags & 1))}
		keepColors := flags&2 != 0
		if keepColors {
			opts = append(opts, KeepColors())
		}
		if flags&4 != 0 {
			opts = append(opts, Allow('\t', '\n', '\r', '\a'))
		}
		s := New(opts...)
		whole := checkStream(t, s, in, a, b)
		for i, r := range string(whole) {
			if r != 0x1B && (r < 0x80 || r > 0x9F) {
				continue
			}
			m := sgrPattern.FindString(string(whole[i:]))
			if !keepColors || m == "" || len(m) > maxSGR {
				t.Fatalf("% x gave %q, with %U at %d outside a kept SGR", in, whole, r, i)
			}
		}
		checkFastPaths(t, s.(*sanitizer), in)
		if !keepColors && flags&1 == 1 {
			// Stripping only removes: its output is a subsequence of what
			// escaping the same input writes.
			escaped, _ := oneShot(New(opts[1:]...), in)
			if !isSubsequence(whole, escaped) {
				t.Fatalf("% x: stripped %q is not within escaped %q", in, whole, escaped)
			}
		}
	})
}

func isSubsequence(sub, of []byte) bool {
	for _, b := range sub {
		i := bytes.IndexByte(of, b)
		if i < 0 {
			return false
		}
		of = of[i+1:]
	}
	return true
}

func FuzzInvisible(f *testing.F) {
	for _, c := range append(append(append([]testCase{}, contextCases...), tagCases...), invisibleCases...) {
		f.Add([]byte(c.in), uint16(3), uint16(7), uint8(0))
	}
	f.Add([]byte("\U0001F468\u200b\u200d\U0001F469a\u200b\ufe0f\x1b\u200b[2J"), uint16(2), uint16(5), uint8(1))
	// Long enough for the AVX-512 kernel, which decides non-joiners
	// between Arabic letters, and joiners after a virama, itself.
	f.Add([]byte(strings.Repeat("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \u0628\u064e\u200c\u0647 \u0627\u200c\u0628 ", 8)), uint16(61), uint16(64), uint8(0))
	f.Add([]byte(strings.Repeat("\u0915\u094d\u200d\u0937 \u0915\u200d\u0937 \u0d28\u0d4d\u200d \u0e4d\u200c ", 6)), uint16(60), uint16(66), uint8(0))
	f.Fuzz(func(t *testing.T, in []byte, a, b uint16, flags uint8) {
		classes := Invisible
		if flags&2 != 0 {
			classes = Tags | VariationSelectors
		}
		opts := []Option{Also(classes)}
		if flags&1 != 0 {
			opts = []Option{Remove(classes)}
		}
		s := New(opts...)
		whole := checkStream(t, s, in, a, b)
		checkFastPaths(t, s.(*sanitizer), in)
		// What passes, passes where it stands, so a second pass, which
		// sees it in the same place, changes nothing: no invisible
		// character survives outside the contexts that let it pass.
		if again, _ := oneShot(s, whole); !bytes.Equal(again, whole) {
			t.Fatalf("% x gave %q, which gives %q again", in, whole, again)
		}
		// Emoji survive: a ZWJ sequence before the input and after it
		// comes out whole.
		family := "\U0001F468\u200d\U0001F469\u200d\U0001F467"
		framed, _ := oneShot(s, []byte(family+" "+string(in)+" "+family))
		if !bytes.HasPrefix(framed, []byte(family+" ")) || !bytes.HasSuffix(framed, []byte(" "+family)) {
			t.Fatalf("% x: the family around it came out as %q", in, framed)
		}
	})
}
