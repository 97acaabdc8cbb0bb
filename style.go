package sanitize

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A Style is a notation for escaped characters and, under [EscapeInvalid],
// for ill-formed bytes. The package documentation shows one line in every
// style.
type Style uint8

const (
	// GoStyle writes what strconv.Quote writes: \a \b \f \n \r \t \v, \xNN
	// for other C0 controls, DEL and ill-formed bytes, \uNNNN and
	// \UNNNNNNNN for other characters, with lower-case hex digits. \x80 is
	// the byte 80 and \u0080 the character U+0080: they never mix. It is
	// the default, meant for people reading logs and terminals: " and \
	// stay as they are, so the output is the body of a Go string literal
	// (strconv.Unquote reads it back) only with [Reversible].
	GoStyle Style = iota
	// JSONStyle writes what encoding/json writes: \b \f \n \r \t \" \\,
	// \u00nn with lower-case hex, and a character above U+FFFF as a UTF-16
	// surrogate pair such as \ud83d\ude00. Every C0 control, " and \ are
	// always escaped in this style, whatever [Allow] says, because RFC 8259
	// forbids them raw in a string: the output between double quotes is
	// always a valid JSON string, and a JSON decoder reads back the input
	// with each ill-formed subpart or byte as U+FFFD. JSON cannot carry a
	// raw byte, so under [EscapeInvalid] an ill-formed byte NN becomes the
	// lone surrogate \udcNN, the convention of Python's surrogateescape
	// (PEP 383): JSON decoders read it as U+FFFD and
	// [Unescape](JSONStyle) turns it back into the byte. Because \ is
	// always escaped, escaping in this style is not idempotent.
	JSONStyle
	// PercentStyle writes each byte of the character's UTF-8 encoding as
	// %XX with upper-case hex (U+0085 is %C2%85), and an ill-formed byte
	// as %XX, as URLs do. It escapes only what the options select, and %
	// with [Reversible], so its output is not by itself a URL path or
	// query component (/, ?, & and spaces stay as they are): that is
	// url.PathEscape's job, and net/url.PathUnescape reads Reversible
	// output back.
	PercentStyle
	// CaretStyle writes C0 controls as ^@ … ^_ and DEL as ^?, as cat -v
	// does, C1 controls as M-^@ … M-^_, and anything else in Go style. It
	// is for people and cannot be reversed.
	CaretStyle
	// PictureStyle writes C0 controls and DEL as the symbols of the Control
	// Pictures block, U+2400 ␀ … U+241F ␟ and U+2421 ␡, for terminals and
	// log viewers, and anything else in Go style. It is for people and
	// cannot be reversed.
	PictureStyle
	// UnicodeStyle writes characters as <U+001B>, the notation of the
	// Unicode standard and of less(1), and ill-formed bytes as <FF>, as
	// less does. It is for people and cannot be reversed.
	UnicodeStyle
)

var styleNames = [...]string{"GoStyle", "JSONStyle", "PercentStyle", "CaretStyle", "PictureStyle", "UnicodeStyle"}

// String returns the name of the constant, such as "GoStyle".
func (s Style) String() string {
	if int(s) < len(styleNames) {
		return styleNames[s]
	}
	return fmt.Sprintf("Style(%d)", uint8(s))
}

// Reversible reports whether [Unescape] can decode s, and so whether s can
// be combined with the [Reversible] option.
func (s Style) Reversible() bool {
	return s == GoStyle || s == JSONStyle || s == PercentStyle
}

// escapeChars are the characters that must themselves be escaped for the
// style to be reversible, and that the Go and JSON styles escape so that
// the output can sit between double quotes.
func (s Style) escapeChars() string {
	if s == PercentStyle {
		return "%"
	}
	return `\"`
}

// asciiEscapes holds the escape of every ASCII character in every style,
// so that the common case costs a lookup.
var asciiEscapes = func() (t [UnicodeStyle + 1][0x80][]byte) {
	for s := range t {
		for b := range t[s] {
			t[s][b] = Style(s).appendRune(nil, rune(b))
		}
	}
	return t
}()

// maxUnit is the most any style writes for one unit of input: a maximal
// subpart of three ill-formed bytes as \udcNN.
const maxUnit = 18

const (
	hexLower = "0123456789abcdef"
	hexUpper = "0123456789ABCDEF"
)

// appendRune appends the escaped form of r.
func (s Style) appendRune(dst []byte, r rune) []byte {
	switch s {
	case JSONStyle:
		return appendJSON(dst, r)
	case PercentStyle:
		var b [utf8.UTFMax]byte
		return s.appendInvalid(dst, b[:utf8.EncodeRune(b[:], r)])
	case CaretStyle:
		switch {
		case r < 0x20:
			return append(dst, '^', byte(r)+'@')
		case r == 0x7F:
			return append(dst, "^?"...)
		case 0x80 <= r && r <= 0x9F:
			return append(dst, 'M', '-', '^', byte(r-0x80)+'@')
		}
	case PictureStyle:
		switch {
		case r < 0x20:
			return utf8.AppendRune(dst, 0x2400+r)
		case r == 0x7F:
			return utf8.AppendRune(dst, 0x2421)
		}
	case UnicodeStyle:
		n := 4
		for x := r >> 16; x > 0; x >>= 4 {
			n++
		}
		return append(appendHex(append(dst, "<U+"...), hexUpper, uint32(r), n), '>')
	}
	return appendGo(dst, r)
}

// appendInvalid appends the escaped form of the ill-formed bytes p.
func (s Style) appendInvalid(dst []byte, p []byte) []byte {
	for _, b := range p {
		switch s {
		case JSONStyle:
			dst = appendHex(append(dst, `\udc`...), hexLower, uint32(b), 2)
		case PercentStyle:
			dst = appendHex(append(dst, '%'), hexUpper, uint32(b), 2)
		case UnicodeStyle:
			dst = append(appendHex(append(dst, '<'), hexUpper, uint32(b), 2), '>')
		default:
			dst = appendHex(append(dst, `\x`...), hexLower, uint32(b), 2)
		}
	}
	return dst
}

// shortEscapes returns the one-letter escapes of the Go or JSON style:
// \ followed by letters[i] stands for values[i].
func (s Style) shortEscapes() (letters, values string) {
	if s == JSONStyle {
		return `bfnrt\"/`, "\b\f\n\r\t\\\"/"
	}
	return `abfnrtv\"`, "\a\b\f\n\r\t\v\\\""
}

func appendGo(dst []byte, r rune) []byte {
	letters, values := GoStyle.shortEscapes()
	if i := strings.IndexRune(values, r); i >= 0 {
		return append(dst, '\\', letters[i])
	}
	switch {
	case r < 0x80:
		return appendHex(append(dst, `\x`...), hexLower, uint32(r), 2)
	case r < 0x10000:
		return appendHex(append(dst, `\u`...), hexLower, uint32(r), 4)
	default:
		return appendHex(append(dst, `\U`...), hexLower, uint32(r), 8)
	}
}

func appendJSON(dst []byte, r rune) []byte {
	letters, values := JSONStyle.shortEscapes()
	if i := strings.IndexRune(values, r); i >= 0 {
		return append(dst, '\\', letters[i])
	}
	if r >= 0x10000 {
		// RFC 8259 §7: a UTF-16 surrogate pair.
		r -= 0x10000
		dst = appendHex(append(dst, `\u`...), hexLower, uint32(0xD800+r>>10), 4)
		r = 0xDC00 + r&0x3FF
	}
	return appendHex(append(dst, `\u`...), hexLower, uint32(r), 4)
}

// appendHex appends the low n hex digits of x, most significant first.
func appendHex(dst []byte, digits string, x uint32, n int) []byte {
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, digits[x>>(4*uint(i))&0xF])
	}
	return dst
}
