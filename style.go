package sanitize

// A Style is a notation for escaped characters and, under [EscapeInvalid],
// for ill-formed bytes.
type Style uint8

const (
	// GoStyle writes what strconv.Quote writes: \a \b \f \n \r \t \v, \xNN
	// for other C0 controls, DEL and ill-formed bytes, \uNNNN and
	// \UNNNNNNNN for other characters, with lower-case hex digits. \x80 is
	// the byte 80 and \u0080 the character U+0080: they never mix. It is
	// the default.
	GoStyle Style = iota
)

// maxUnit is the most any style writes for one unit of input: a maximal
// subpart of three ill-formed bytes in the longest byte notation.
const maxUnit = 18

const hexLower = "0123456789abcdef"

// appendRune appends the escaped form of r.
func (s Style) appendRune(dst []byte, r rune) []byte {
	switch r {
	case '\a':
		return append(dst, `\a`...)
	case '\b':
		return append(dst, `\b`...)
	case '\f':
		return append(dst, `\f`...)
	case '\n':
		return append(dst, `\n`...)
	case '\r':
		return append(dst, `\r`...)
	case '\t':
		return append(dst, `\t`...)
	case '\v':
		return append(dst, `\v`...)
	case '\\':
		return append(dst, `\\`...)
	case '"':
		return append(dst, `\"`...)
	}
	switch {
	case r < 0x80:
		return appendHex(append(dst, `\x`...), uint32(r), 2)
	case r < 0x10000:
		return appendHex(append(dst, `\u`...), uint32(r), 4)
	default:
		return appendHex(append(dst, `\U`...), uint32(r), 8)
	}
}

// appendInvalid appends the escaped form of the ill-formed bytes p.
func (s Style) appendInvalid(dst []byte, p []byte) []byte {
	for _, b := range p {
		dst = appendHex(append(dst, `\x`...), uint32(b), 2)
	}
	return dst
}

// appendHex appends the low n hex digits of x, most significant first.
func appendHex(dst []byte, x uint32, n int) []byte {
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, hexLower[x>>(4*uint(i))&0xF])
	}
	return dst
}
