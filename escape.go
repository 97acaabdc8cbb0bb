package sanitize

import "golang.org/x/text/transform"

// Escape returns a transformer that escapes control characters: by default
// every C0 control (U+0000–U+001F), DEL (U+007F) and C1 control
// (U+0080–U+009F), in Go notation ([GoStyle]). [Allow] lets chosen
// characters through, as in Escape(Allow('\t', '\n')); [Also] escapes more
// classes, such as the bidi controls of Trojan Source; [WithStyle] picks the
// notation (Go, JSON, percent, caret, control pictures, <U+XXXX>); and
// [Reversible] makes the result undoable with [Unescape].
//
// The escaper decodes UTF-8 to find C1 controls (the two-byte sequences
// C2 80–C2 9F; the bytes 80–9F alone are continuation bytes, not controls),
// so it also handles ill-formed input, as [OnInvalid] says ([ReplaceInvalid]
// by default). With the default options its output is therefore always
// well-formed UTF-8 with no raw control left in it.
//
// Escape accepts every [Option]; given [WithBOM] it is the same transformer
// as [New]. A character cut by the end of src is held back (at most 3
// bytes, [transform.ErrShortSrc]) until more input or the end of input
// decides it; under [StripSequences] or [KeepColors], so is a terminal
// sequence not yet ended (at most 4,095 bytes). A dst of 18 bytes always
// makes progress; an escape is never written in part. The transformer
// keeps the count of bytes consumed, whether the stream has started,
// where it is in a recognized sequence and whether a kept colour is on,
// which Reset clears. It implements
// [transform.SpanningTransformer] and is not safe for concurrent use.
func Escape(opts ...Option) transform.SpanningTransformer {
	return fresh(configure(opts))
}
