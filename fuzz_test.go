package sanitize

import (
	"bytes"
	"errors"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// The fuzz targets check properties, not fixed outputs. Their seed corpora
// are in testdata/fuzz; `go test -fuzz=FuzzX` explores further, and any
// crasher it writes there stays as a regression case.

// cuts derives split points and a dst size from the fuzzer's numbers.
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
		fast, ref := fastPaths(Validate(ReplaceInvalid).(*sanitizer))
		for i := 0; i <= len(long); i += 7 {
			want, _ := oneShot(ref, long[i:])
			for j, f := range fast {
				if a, b := f.clean(long[i:]), ref.clean(long[i:]); a != b {
					t.Fatalf("% x: fast path %d: clean = %d, the reference loop %d", long[i:], j, a, b)
				}
				if got, _ := oneShot(f, long[i:]); !bytes.Equal(got, want) {
					t.Fatalf("% x: fast path %d wrote % x, the reference loop % x", long[i:], j, got, want)
				}
			}
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
	f.Fuzz(func(t *testing.T, in []byte, a, b uint16, style, flags uint8) {
		s := Style(style % uint8(UnicodeStyle+1))
		classes := Class(flags) & allClasses
		bp := BOMPolicy(flags>>6) % 3
		opts := []Option{WithStyle(s), Also(classes), OnInvalid(InvalidPolicy(flags>>5) % 2), WithBOM(bp)}
		if flags&0x10 != 0 {
			opts = append(opts, Allow('\t', '\n'))
		}
		e := New(opts...)
		whole, err := oneShot(e, in)
		if err != nil {
			t.Fatal(err)
		}
		splits, size := cuts(len(in), a, b)
		split, err := drive(t, e, in, splits, size)
		if err != nil || !bytes.Equal(whole, split) {
			t.Fatalf("%v: % x: whole %q; split at %v, dst %d: %q, %v", s, in, whole, splits, size, split, err)
		}
		if !utf8.Valid(whole) {
			t.Fatalf("%v: % x gave ill-formed %q", s, in, whole)
		}
		fast, ref := fastPaths(e.(*sanitizer))
		long := append(append([]byte("d\u00e9j\u00e0 vu, \u65e5\u672c "), in...), "\u00e9t\u00e9 \U0001F600"...)
		for _, p := range [][]byte{in, long, long[5:], long[11:]} {
			want, _ := oneShot(ref, p)
			for j, f := range fast {
				if a, b := f.clean(p), ref.clean(p); a != b {
					t.Fatalf("% x: fast path %d: clean = %d, the reference loop %d", p, j, a, b)
				}
				if got, _ := oneShot(f, p); !bytes.Equal(got, want) {
					t.Fatalf("% x: fast path %d wrote %q, the reference loop %q", p, j, got, want)
				}
			}
		}
		set := newSet(configure(opts))
		for _, r := range string(whole) {
			// JSON style's escapes are made of the \ and " it escapes.
			if set.contains(r) && !(s == JSONStyle && (r == '\\' || r == '"')) {
				t.Fatalf("%v: % x gave %q with %U in it", s, in, whole, r)
			}
		}
		// The other BOM policies act again on a second pass, and JSON
		// style escapes the \ of its own escapes.
		if bp == KeepBOM && s != JSONStyle {
			if again, _ := oneShot(e, whole); !bytes.Equal(again, whole) {
				t.Fatalf("%v: escaping %q again gave %q", s, whole, again)
			}
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("a\\b\"c%d\x00\xff\u0085\U0001F600"), uint8(0))
	f.Add([]byte("\xed\xa0\x80\xf4\x90"), uint8(1))
	f.Fuzz(func(t *testing.T, in []byte, style uint8) {
		s := Style(style % 3) // the reversible ones: Go, JSON, percent
		esc, err := oneShot(Escape(WithStyle(s), Reversible(), OnInvalid(EscapeInvalid), Also(allClasses)), in)
		if err != nil {
			t.Fatal(err)
		}
		back, err := oneShot(Unescape(s), esc)
		if err != nil || !bytes.Equal(back, in) {
			t.Fatalf("%v: % x escaped to %q, unescaped to % x, %v", s, in, esc, back, err)
		}
	})
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
