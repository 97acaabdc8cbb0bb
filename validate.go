package sanitize

import (
	"fmt"

	"golang.org/x/text/transform"
)

// An InvalidPolicy says what a transformer does with ill-formed UTF-8: any
// byte sequence that Unicode Table 3-7 (RFC 3629 §4) does not allow. That
// covers overlong forms, surrogates, code points above U+10FFFF, the bytes
// C0, C1 and F5–FF, stray continuation bytes, and sequences cut short by
// another byte or by the end of the input.
//
// Ill-formed input is handled one maximal subpart at a time (Unicode
// chapter 3, "U+FFFD Substitution of Maximal Subparts"): the longest
// prefix of the input that could start a well-formed sequence, or else a
// single byte. There is deliberately no policy that deletes ill-formed
// bytes: deleting them can join what is left into something new, turning
// "<scr\xffipt>" into "<script>" (Unicode Technical Report #36).
type InvalidPolicy uint8

const (
	// ReplaceInvalid writes one U+FFFD REPLACEMENT CHARACTER per maximal
	// subpart, the output of the WHATWG decoder and of Python's
	// decode('utf-8', 'replace'). It is the default.
	ReplaceInvalid InvalidPolicy = iota
	// EscapeInvalid writes each byte of a maximal subpart in the escape
	// notation of the style, \xNN (lower-case hex) in Go style, so that
	// the original bytes stay visible and can be recovered.
	EscapeInvalid
	// RejectInvalid stops at the first maximal subpart: Transform writes
	// everything before it, consumes input up to its first byte and
	// returns an *[InvalidUTF8Error].
	RejectInvalid
)

// An InvalidUTF8Error reports ill-formed UTF-8 found under [RejectInvalid].
type InvalidUTF8Error struct {
	// Offset is the position of the first ill-formed byte, counted from
	// the first byte of the stream (a stripped BOM included) since the
	// transformer was made or last Reset.
	Offset int64
	// Bytes is the maximal subpart: the ill-formed bytes, at most three.
	Bytes []byte
	// Fault says why the bytes are ill-formed.
	Fault Fault
}

// Error returns a message like
// "sanitize: invalid UTF-8 at byte 17: e2 82 (truncated sequence)".
func (e *InvalidUTF8Error) Error() string {
	return fmt.Sprintf("sanitize: invalid UTF-8 at byte %d: % x (%s)", e.Offset, e.Bytes, e.Fault)
}

// Validate returns a transformer that passes well-formed UTF-8 through
// unchanged and treats ill-formed input according to p. It changes nothing
// else: controls and every other character pass through.
//
// A sequence cut by the end of src is completed from the next call: while
// atEOF is false, Transform holds back at most 3 such bytes and returns
// [transform.ErrShortSrc]; when atEOF is true they are ill-formed. A dst of
// 12 bytes is always enough to make progress. The transformer counts the
// bytes it has consumed, for [InvalidUTF8Error.Offset]; Reset sets the
// count back to zero. It implements [transform.SpanningTransformer] and is
// not safe for concurrent use. To read through it, NewReader(r, Only(0),
// OnInvalid(p)) reads the same as transform.NewReader(r, Validate(p)), and
// faster.
func Validate(p InvalidPolicy) transform.SpanningTransformer {
	return fresh(config{settings: settings{invalid: p, hasOnly: true}})
}
