package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// An UnescapeError reports a malformed escape sequence found by [Unescape].
type UnescapeError struct {
	// Offset is the position of the escape character that starts the
	// sequence, counted from the start of the stream.
	Offset int64
	// Bytes is the sequence up to and including the first byte that
	// cannot belong to it, or up to the end of the input.
	Bytes []byte
}

// Error returns a message like
// `sanitize: malformed escape at byte 4: "\\xg"`.
func (e *UnescapeError) Error() string {
	return fmt.Sprintf("sanitize: malformed escape at byte %d: %q", e.Offset, e.Bytes)
}

// Unescape returns a transformer that decodes what [Escape] writes in style s
// with [Reversible] back into the original bytes, ill-formed bytes
// included. Bytes outside escape sequences pass through untouched.
//
// It reads what the style's own decoders read: in [GoStyle] the escapes of
// a double-quoted Go string literal (\a \b \f \n \r \t \v \\ \", \xNN, \NNN in octal,
// \uNNNN, \UNNNNNNNN); in [JSONStyle] those of a JSON string (\" \\ \/ \b
// \f \n \r \t, \uNNNN and surrogate pairs), with a lone \udc80–\udcff as
// the raw byte 80–FF; in [PercentStyle] %XX. Hex digits may be of either
// case. A malformed sequence stops the transformer with an
// *[UnescapeError]: everything before it is written and nSrc stops at its
// first byte. A sequence cut by the end of src is held back, at most 11
// bytes, until the next call completes it or atEOF makes it malformed.
//
// Unescape panics if s cannot be reversed ([CaretStyle], [PictureStyle],
// [UnicodeStyle]). Any dst of 4 bytes makes progress. The transformer
// counts the bytes consumed, for [UnescapeError.Offset], which Reset sets
// back to zero; it implements [transform.SpanningTransformer] and is not
// safe for concurrent use.
func Unescape(s Style) transform.SpanningTransformer {
	if !s.Reversible() {
		panic(fmt.Sprintf("sanitize: Unescape: %v cannot be unescaped", s))
	}
	return &unescaper{style: s, esc: s.escapeChars()[0]}
}

type unescaper struct {
	style  Style
	esc    byte  // the byte that starts every escape
	offset int64 // bytes consumed since the start of the stream
}

func (t *unescaper) Reset() { t.offset = 0 }

func (t *unescaper) Span(src []byte, atEOF bool) (n int, err error) {
	n = bytes.IndexByte(src, t.esc)
	if n < 0 {
		n = len(src)
	} else {
		err = transform.ErrEndOfSpan
	}
	t.offset += int64(n)
	return n, err
}

func (t *unescaper) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	var buf [utf8.UTFMax]byte
	for nSrc < len(src) {
		// Copy up to the next escape character in one go.
		n := bytes.IndexByte(src[nSrc:], t.esc)
		if n < 0 {
			n = len(src) - nSrc
		}
		k := copy(dst[nDst:], src[nSrc:nSrc+n])
		nDst += k
		nSrc += k
		if k < n {
			err = transform.ErrShortDst
			break
		}
		if nSrc == len(src) {
			break
		}

		out, size, bad := t.style.unescape(buf[:0], src[nSrc:], atEOF)
		if bad {
			err = &UnescapeError{
				Offset: t.offset + int64(nSrc),
				Bytes:  append([]byte(nil), src[nSrc:nSrc+size]...),
			}
			break
		}
		if size == 0 {
			err = transform.ErrShortSrc
			break
		}
		if len(out) > len(dst)-nDst {
			err = transform.ErrShortDst
			break
		}
		nDst += copy(dst[nDst:], out)
		nSrc += size
	}
	t.offset += int64(nSrc)
	return nDst, nSrc, err
}

// unescape decodes the escape sequence at the start of p, appending the
// bytes it stands for to buf. It returns the size of the sequence; or
// bad, with size covering the malformed part; or size 0 when p ends
// inside a sequence that may still be well-formed and !atEOF.
func (s Style) unescape(buf, p []byte, atEOF bool) (out []byte, size int, bad bool) {
	if s == PercentStyle {
		v, n, bad := readHex(p, 1, 2, atEOF)
		return append(buf, byte(v)), n, bad
	}
	if len(p) < 2 {
		return short(p, atEOF)
	}
	letters, values := s.shortEscapes()
	if i := strings.IndexByte(letters, p[1]); i >= 0 {
		return append(buf, values[i]), 2, false
	}
	if s == JSONStyle {
		if p[1] == 'u' {
			return unescapeUTF16(buf, p, atEOF)
		}
		return nil, 2, true
	}
	switch {
	case p[1] == 'x':
		v, n, bad := readHex(p, 2, 2, atEOF)
		return append(buf, byte(v)), n, bad
	case p[1] == 'u' || p[1] == 'U':
		width := 4
		if p[1] == 'U' {
			width = 8
		}
		v, n, bad := readHex(p, 2, width, atEOF)
		if bad || n == 0 {
			return nil, n, bad
		}
		if r := rune(v); utf8.ValidRune(r) {
			return utf8.AppendRune(buf, r), n, false
		}
		return nil, n, true
	case '0' <= p[1] && p[1] <= '7':
		v, n := uint32(0), 1
		for ; n < 4; n++ {
			if n == len(p) {
				return short(p, atEOF)
			}
			if p[n] < '0' || '7' < p[n] {
				return nil, n + 1, true
			}
			v = v<<3 | uint32(p[n]-'0')
		}
		return append(buf, byte(v)), n, v > 0xFF
	}
	return nil, 2, true
}

// unescapeUTF16 decodes \uNNNN in JSON: a character, a surrogate pair, or a
// lone \udc80–\udcff that stands for an ill-formed byte.
func unescapeUTF16(buf, p []byte, atEOF bool) (out []byte, size int, bad bool) {
	v, n, bad := readHex(p, 2, 4, atEOF)
	switch {
	case bad || n == 0:
		return nil, n, bad
	case 0xDC80 <= v && v <= 0xDCFF:
		return append(buf, byte(v)), n, false
	case v < 0xD800 || 0xDFFF < v:
		return utf8.AppendRune(buf, rune(v)), n, false
	case v >= 0xDC00:
		return nil, n, true // a lone low surrogate that stands for no byte
	}
	// A high surrogate must be followed by \u and a low one.
	q := p[n:]
	for i, c := range []byte(`\u`) {
		if i == len(q) {
			return short(p, atEOF)
		}
		if q[i] != c {
			return nil, n + i + 1, true
		}
	}
	lo, m, bad := readHex(q, 2, 4, atEOF)
	switch {
	case bad:
		return nil, n + m, true
	case m == 0:
		return nil, 0, false
	case lo < 0xDC00 || 0xDFFF < lo:
		return nil, n + m, true
	}
	r := 0x10000 + (rune(v)-0xD800)<<10 + rune(lo) - 0xDC00
	return utf8.AppendRune(buf, r), n + m, false
}

// readHex reads width hex digits at p[i:]. It returns their value and the
// size of p up to their end; or bad, with size covering the first byte
// that is not a hex digit; or size 0 if p ends first and !atEOF.
func readHex(p []byte, i, width int, atEOF bool) (v uint32, size int, bad bool) {
	for j := i; j < i+width; j++ {
		if j == len(p) {
			_, size, bad = short(p, atEOF)
			return 0, size, bad
		}
		d := hexValue(p[j])
		if d < 0 {
			return 0, j + 1, true
		}
		v = v<<4 | uint32(d)
	}
	return v, i + width, false
}

// short is the verdict on a sequence cut by the end of p: wait for more
// input, or at the end of input, malformed.
func short(p []byte, atEOF bool) (out []byte, size int, bad bool) {
	if atEOF {
		return nil, len(p), true
	}
	return nil, 0, false
}

func hexValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}
