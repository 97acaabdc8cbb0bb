// Package sanitize cleans text streams where they cross a trust boundary.
//
// It provides chainable [golang.org/x/text/transform] transformers that
//   - validate UTF-8 exactly as Unicode Table 3-7 and RFC 3629 define it, and
//     replace, escape or reject what is ill-formed ([Validate]);
//   - escape control characters, C0, DEL and C1 by default ([Escape]);
//   - strip, keep or add a leading byte order mark, as RFC 3629 §6
//     describes ([BOM]);
//   - recognize terminal control sequences (ECMA-48: CSI, OSC, DCS, …)
//     whole, and strip them or keep only colours ([Sequences],
//     [KeepColors]);
//   - escape or remove invisible and smuggling characters ([Tags],
//     [VariationSelectors], [Invisible], [Remove]) except where emoji and
//     scripts need them.
//
// [New] does all three in one pass from one set of options, and
// [NewReader], [NewWriter], [String] and [Bytes] wrap it:
//
//	r := sanitize.NewReader(f, sanitize.WithBOM(sanitize.StripBOM), sanitize.Allow('\t', '\n'))
//	clean, err := sanitize.String(s, sanitize.OnInvalid(sanitize.RejectInvalid))
//	t := transform.Chain(sanitize.Validate(sanitize.ReplaceInvalid), norm.NFC)
//
// Escapes come in the notation that fits where the text goes ([WithStyle]),
// for more classes than controls ([Also]), and reversibly when asked
// ([Reversible], [Unescape]). This line, with ESC, NUL, U+0085, U+202E,
// the noncharacter U+FFFF and the ill-formed byte FF,
//
//	"a\x1b[1m\x00\u0085\u202e\uffff\xff"
//
// escaped with Also(Bidi|Noncharacters) and OnInvalid(EscapeInvalid):
//
//	GoStyle       a\x1b[1m\x00\u0085\u202e\uffff\xff
//	JSONStyle     a\u001b[1m\u0000\u0085\u202e\uffff\udcff
//	PercentStyle  a%1B[1m%00%C2%85%E2%80%AE%EF%BF%BF%FF
//	CaretStyle    a^[[1m^@M-^E\u202e\uffff\xff
//	PictureStyle  a␛[1m␀\u0085\u202e\uffff\xff
//	UnicodeStyle  a<U+001B>[1m<U+0000><U+0085><U+202E><U+FFFF><FF>
//
// By default ESC and the C1 controls are escaped one character at a time,
// like any control, which leaves the rest of a sequence as text:
// "\x1b[31mred" becomes `\x1b[31mred`. With Sequences(StripSequences) a
// sequence goes whole ("red"), and with KeepColors colours pass and
// everything else is escaped or stripped, so a coloured log can be read in
// less -R without a window title, a hyperlink or a clipboard write getting
// through. A sequence that is cut off, too long or interrupted is not
// one: its ESC is escaped and the rest stays, so no text is ever hidden.
//
// [Check] reports, without writing anything, each change that sanitizing
// with the same options would make, with its line and column: the gate
// that the command's -check, -l and -w are built on.
//
// For logs, [NewHandler] and [ReplaceAttr] sanitize log/slog records and
// [NewLineWriter] keeps each record of the log package on one line;
// [LogString], [LogFields] and [NewJSONLineWriter] serve other loggers, and
// the modules zapsanitize and logrussanitize wrap zap and logrus.
//
// Every transformer gives the same output however its input is cut into
// chunks and whatever the size of the destination buffer, and allocates
// nothing on clean input. The sanitizing transformers hold back at most 3
// bytes between calls (a cut character), 23 with [Tags] or [Invisible] (a
// flag's tags, or what follows a joiner, not yet complete), or 4,095
// under StripSequences or KeepColors (an unfinished sequence), [Unescape]
// at most 11 (a cut escape). A
// transformer keeps state between calls and is not safe for concurrent
// use; make one per stream.
package sanitize

import (
	"errors"
	"io"
	"unsafe"

	"golang.org/x/text/transform"
)

// ErrClosed means that a writer from [NewWriter] was written to after
// Close.
var ErrClosed = errors.New("sanitize: Write after Close")

// New returns a transformer that applies the BOM policy, validates UTF-8 and
// escapes characters, in that order and in one pass, all configured by
// opts. With no options it keeps a BOM, replaces ill-formed UTF-8 with
// U+FFFD and escapes C0, DEL and C1 in Go notation, so the output is
// well-formed UTF-8 with no raw control in it.
//
// Under [ReplaceInvalid] and [RejectInvalid] it behaves as
// transform.Chain(BOM(b), Validate(p), Escape(opts...)), except that an
// [InvalidUTF8Error.Offset] counts from the first byte of the original
// stream, a stripped BOM included. Under [EscapeInvalid] it does what no
// such chain does: it writes ill-formed bytes in the notation of
// [WithStyle] (Validate always writes \xNN), and escapes them once, where
// the chain would escape the \ of Validate's \xNN again under
// [Reversible]. It holds back at most 3 bytes (23 with [Tags] or
// [Invisible], 4,095 under StripSequences or KeepColors), makes progress
// with a dst of 18 bytes, implements [transform.SpanningTransformer] and
// is not safe for concurrent use.
func New(opts ...Option) transform.SpanningTransformer {
	return fresh(configure(opts))
}

// NewReader returns a reader that reads from r and sanitizes as [New] does.
// Under [RejectInvalid], Read returns everything before the first ill-formed
// sequence and then an *[InvalidUTF8Error]. An error from r comes after
// everything read before it.
//
// It reads what transform.NewReader would, with buffers of 16 and 18 KiB
// (and 16 KiB more, where the processor has AVX-512, once emoji or SGR
// sequences pass, for the kernel that passes them to copy into and throw
// away), but
// hands on text that needs no change without copying it through them: Read
// reads into the caller's buffer and returns the clean part where it is,
// and WriteTo, which [io.Copy] uses, writes it to the writer from the
// buffer it was read into; or, when r has a WriteTo of its own (an
// [os.File], a [bytes.Reader], a [strings.Reader], a [bufio.Reader]), it
// lets r write into a writer as [NewWriter]'s, which takes the clean text
// from r's buffer, and makes no buffers of its own.
func NewReader(r io.Reader, opts ...Option) io.Reader {
	t := fresh(configure(opts))
	t.ownsScratch = true
	return newReader(r, t)
}

// NewWriter returns a writer that sanitizes as [New] does and writes to w.
// It holds back at most 3 bytes of a character that a Write cut short
// (23 with [Tags] or [Invisible], of a flag's tags or what follows a
// joiner; 4,095 of a sequence, under StripSequences or KeepColors);
// Close handles them as the end of the stream (so under [ReplaceInvalid] a
// cut-off sequence becomes U+FFFD) and writes them. Close does not close
// w; a second Close does nothing and returns nil, and a Write after Close
// returns [ErrClosed].
//
// Errors are sticky: once Write has returned an error, from w or an
// *[InvalidUTF8Error] under [RejectInvalid], every later Write returns it,
// and Close returns it without writing what is held back. Under
// RejectInvalid, Write writes the sanitized text before the ill-formed
// sequence and returns the number of bytes of p that went through, which
// is less than len(p).
func NewWriter(w io.Writer, opts ...Option) io.WriteCloser {
	t := fresh(configure(opts))
	t.ownsScratch = true
	return &writer{t: t, w: w}
}

// String returns s sanitized as [New] does. When s needs no change it returns
// s itself, without allocating. Under [RejectInvalid] it returns the
// sanitized text before the first ill-formed sequence and an
// *[InvalidUTF8Error].
//
// String and [Bytes] keep the last 64 configurations they were given
// compiled, keyed on the options' values (an [AlsoFunc] on its function
// value), so the options cost no allocation either; [New], [Escape],
// [Validate], [NewReader] and [NewWriter] copy a kept configuration, and
// keep the ones they compile. A configuration is
// compiled again, which allocates, when it is new, when more than 64 others
// have been seen since, or when it holds more than 16 characters given to
// [Allow] or more than 4 [AlsoFunc] and [AlsoIn] options, which are never
// kept. [Allow] with more than 4 characters allocates when it is called:
// make such an option once.
func String(s string, opts ...Option) (string, error) {
	c := configure(opts)
	if p := cached(&c); p != nil {
		return p.string(s)
	}
	var t sanitizer
	t.init(c)
	return t.string(s)
}

// Bytes returns b sanitized as [New] does. When b needs no change it returns
// b itself, without allocating; otherwise a new slice. Under [RejectInvalid]
// it returns the sanitized bytes before the first ill-formed sequence and an
// *[InvalidUTF8Error].
func Bytes(b []byte, opts ...Option) ([]byte, error) {
	c := configure(opts)
	var t sanitizer
	if p := cached(&c); p != nil {
		t = *p
	} else {
		t.init(c)
	}
	t.Reset()
	if _, err := t.Span(b, true); err == nil {
		return b, nil
	}
	u := t // only this path pays for a transformer on the heap
	out, _, err := transform.Bytes(&u, b)
	return out, err
}

// String and Bytes configure a transformer on every call, which costs more
// than sanitizing a short string; so the configurations they see are kept,
// compiled, up to a bound.
var compiled = cache[settings, *sanitizer]{max: maxCompiled}

// maxCompiled is how many configurations String and Bytes keep compiled.
const maxCompiled = 64

// cached returns the compiled form of c, or nil if c is too large to key.
func cached(c *config) *sanitizer {
	if c.overflow {
		return nil
	}
	return compiled.getOrBuild(c.settings, func() *sanitizer { return newSanitizer(*c) })
}

// fresh returns a new sanitizer for c: a copy of the compiled form that
// String keeps when c can be kept, which costs a twentieth of compiling c
// (90 ns against 1.7 µs and three allocations for Allow('\t', '\n')), so
// that a reader, writer or transformer made per request or per record
// costs little more than its buffers. The compiled form is never run
// itself, so it is in the state Reset leaves.
func fresh(c config) *sanitizer {
	t := new(sanitizer)
	if p := cached(&c); p != nil {
		*t = *p
	} else {
		t.init(c)
	}
	return t
}

// string sanitizes s as a whole stream, returning s itself when it needs no
// change. It leaves t as it was, so that one compiled sanitizer can serve
// many goroutines at once.
func (t *sanitizer) string(s string) (string, error) {
	// unchanged only reads, so it may look at the bytes of s in place.
	if t.unchanged(unsafe.Slice(unsafe.StringData(s), len(s))) {
		return s, nil
	}
	v := *t // only this path pays for a transformer on the heap
	out, _, err := transform.String(&v, s)
	return out, err
}

// unchanged reports whether p, as a whole stream, needs no change, and
// leaves t as it was. Where clean passes all that Span does, which is but
// a BOM, an SGR sequence that KeepColors keeps and what passes in
// context, it asks clean, which keeps no state, so that t need not even
// be copied; else Span, on a copy. (With clean alone, a clean line of a
// coloured log, or text with an emoji ZWJ sequence under the invisible
// classes that the log helpers have, went through Transform and two
// allocations.)
func (t *sanitizer) unchanged(p []byte) bool {
	if t.bom == KeepBOM && !t.keepColors && t.set.class&contextual == 0 {
		// The keys and values of log records are mostly short: there the
		// fast paths cost more to start than the plain loop takes.
		if len(p) < kernelBlock {
			n, _ := t.set.cleanRef(p, 0, len(p))
			return n == len(p)
		}
		return t.clean(p) == len(p)
	}
	u := *t
	u.Reset()
	_, err := u.Span(p, true)
	return err == nil
}
