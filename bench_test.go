package sanitize_test

import (
	"bytes"
	"io"
	"strconv"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/utf8tools/sanitize"
	"github.com/utf8tools/sanitize/internal/corpus"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
)

// The benchmark suite: every corpus through our transformers and, in the
// same run, through the anchors a user would otherwise reach for. bench/run.sh
// runs it and prints each of ours as a ratio to copy and to the best anchor.

// A transformer under test: a name and a way to make a fresh one. Those
// that New makes from options (Escape is the same transformer) also have
// the options, and go through the package's NewReader, which is what a
// user would call; the others go through transform.NewReader.
type impl struct {
	name   string
	make   func() transform.Transformer
	opts   []sanitize.Option // for NewReader, when viaNew
	viaNew bool
}

// escape is the impl of Escape(opts...), read through NewReader(r, opts...).
func escape(name string, opts ...sanitize.Option) impl {
	return impl{name, func() transform.Transformer { return sanitize.Escape(opts...) }, opts, true}
}

// validate is the impl of Validate(p), read through NewReader(r, Only(0),
// OnInvalid(p)), which is how Validate is read with the package's reader.
func validate(name string, p sanitize.InvalidPolicy) impl {
	return impl{name, func() transform.Transformer { return sanitize.Validate(p) },
		[]sanitize.Option{sanitize.Only(0), sanitize.OnInvalid(p)}, true}
}

func ours() []impl {
	return []impl{
		validate("Validate/replace", sanitize.ReplaceInvalid),
		validate("Validate/escape", sanitize.EscapeInvalid),
		validate("Validate/reject", sanitize.RejectInvalid),
		escape("Escape"),
		escape("Escape/allow", sanitize.Allow('\t', '\n')),
		{name: "BOM", make: func() transform.Transformer { return sanitize.BOM(sanitize.StripBOM) }},
		escape("Escape/invisible", sanitize.Also(sanitize.Invisible|sanitize.Tags|sanitize.VariationSelectors)),
		escape("Escape/strip", sanitize.Allow('\t', '\n'), sanitize.Sequences(sanitize.StripSequences)),
		escape("Escape/keepColors", sanitize.Allow('\t', '\n'), sanitize.KeepColors()),
		escape("Escape/keepColors+strip", sanitize.Allow('\t', '\n'), sanitize.KeepColors(), sanitize.Sequences(sanitize.StripSequences)),
		escape("New", sanitize.WithBOM(sanitize.StripBOM), sanitize.Allow('\t', '\n')),
	}
}

func anchors() []impl {
	cc := runes.In(unicode.Cc)
	return []impl{
		{name: "x/ReplaceIllFormed", make: func() transform.Transformer { return runes.ReplaceIllFormed() }},
		{name: "x/UTF8Decoder", make: func() transform.Transformer { return xunicode.UTF8.NewDecoder() }},
		{name: "x/RemoveCc", make: func() transform.Transformer { return runes.Remove(cc) }},
		{name: "x/Nop", make: func() transform.Transformer { return transform.Nop }},
		{name: "x/Chain", make: func() transform.Transformer { // the closest x/text has to New
			return transform.Chain(xunicode.UTF8BOM.NewDecoder(), runes.Map(func(r rune) rune {
				if unicode.Is(unicode.Cc, r) {
					return utf8.RuneError
				}
				return r
			}))
		}},
	}
}

// copyPiece is the size of the pieces the copy floor copies: well under
// the 1 MiB from which runtime.memmove bypasses the cache.
const copyPiece = 64 << 10

func BenchmarkCorpus(b *testing.B) {
	for _, c := range corpus.All() {
		in := c.Data
		dst := make([]byte, 8*len(in)+64)
		// The floor of a Transform over the corpus: copy of the same
		// bytes, in pieces of 64 KiB. runtime.memmove writes a copy of
		// 1 MiB or more with non-temporal stores that bypass the cache
		// (memmove_amd64.s, gobble_big_data_fwd), which on this corpus
		// made copy of it whole a third slower than copy in pieces, and
		// slower than Validate's Transform, whose stores stay in the
		// cache like any transformer's: no floor at all. copy/whole is
		// that memmove, for the record.
		b.Run(c.Name+"/copy", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				for i := 0; i < len(in); i += copyPiece {
					copy(dst[i:], in[i:min(i+copyPiece, len(in))])
				}
			}
		})
		b.Run(c.Name+"/copy/whole", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				copy(dst, in)
			}
		})
		// The floor of NewReader: io.Copy of the corpus through a buffer
		// of the reader's size, one copy into a buffer that stays in the
		// cache. A transform.Reader copies three times.
		b.Run(c.Name+"/read", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			r := bytes.NewReader(in)
			var plain io.Reader = struct{ io.Reader }{r} // no WriteTo
			buf := make([]byte, 16<<10)
			for b.Loop() {
				r.Reset(in)
				io.CopyBuffer(io.Discard, plain, buf)
			}
		})
		b.Run(c.Name+"/utf8.Valid", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				utf8.Valid(in)
			}
		})
		b.Run(c.Name+"/strconv.AppendQuote", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				strconv.AppendQuote(dst[:0], string(in))
			}
		})
		for _, t := range append(ours(), anchors()...) {
			if t.name == "Validate/reject" && !utf8.Valid(in) {
				continue // it stops at the first ill-formed byte: nothing to measure
			}
			tr := t.make()
			if s, ok := tr.(transform.SpanningTransformer); ok && t.name[:2] != "x/" && t.name != "BOM" {
				b.Run(c.Name+"/"+t.name+"/Span", func(b *testing.B) {
					s.Reset()
					if n, _ := s.Span(in, true); n < len(in) {
						// Span measures clean input; this corpus needs changes.
						b.Skipf("Span stops at byte %d of %d", n, len(in))
					}
					b.SetBytes(int64(len(in)))
					b.ReportAllocs()
					for b.Loop() {
						s.Reset()
						s.Span(in, true)
					}
				})
			}
			b.Run(c.Name+"/"+t.name+"/Transform", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					tr.Reset()
					tr.Transform(dst, in, true)
				}
			})
			if t.viaNew {
				b.Run(c.Name+"/"+t.name+"/NewReader", func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					b.ReportAllocs()
					r := bytes.NewReader(in)
					for b.Loop() {
						r.Reset(in)
						io.Copy(io.Discard, sanitize.NewReader(r, t.opts...))
					}
				})
				if t.name == "Escape" || t.name == "New" || t.name == "Validate/replace" {
					// NewReader hands a source with a WriteTo of its own,
					// as bytes.Reader is, the writing; a source without
					// one, as a gzip.Reader or a TLS connection, is read
					// into the reader's buffer.
					b.Run(c.Name+"/"+t.name+"/NewReader/plain", func(b *testing.B) {
						b.SetBytes(int64(len(in)))
						b.ReportAllocs()
						r := bytes.NewReader(in)
						var plain io.Reader = struct{ io.Reader }{r} // no WriteTo
						for b.Loop() {
							r.Reset(in)
							io.Copy(io.Discard, sanitize.NewReader(plain, t.opts...))
						}
					})
				}
				if t.name != "Escape" && t.name != "Validate/replace" {
					continue // these also through transform.Reader, to compare
				}
			}
			b.Run(c.Name+"/"+t.name+"/Reader", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				r := bytes.NewReader(in)
				for b.Loop() {
					r.Reset(in)
					io.Copy(io.Discard, transform.NewReader(r, tr))
				}
			})
		}
	}
}

// BenchmarkStream is the 64 MiB mixed stream through NewReader, against copy.
func BenchmarkStream(b *testing.B) {
	var mixed []byte
	for _, c := range corpus.All() {
		if c.Name == "mixed" {
			mixed = c.Data
		}
	}
	const size = 64 << 20
	src := bytes.Repeat(mixed, size/len(mixed)+1)[:size]
	b.Run("copy", func(b *testing.B) {
		dst := make([]byte, size)
		// Touched before the clock starts: a first copy into fresh
		// memory is the kernel's page faults, which ran at 0.35 GB/s on
		// an AMD EPYC, one iteration of 0.19 s in a benchtime of 0.1 s,
		// and made NewReader 66x its floor.
		copy(dst, src)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			copy(dst, src)
		}
	})
	b.Run("New/Reader", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		r := bytes.NewReader(src)
		for b.Loop() {
			r.Reset(src)
			io.Copy(io.Discard, sanitize.NewReader(r, sanitize.WithBOM(sanitize.StripBOM), sanitize.Allow('\t', '\n')))
		}
	})
}

// BenchmarkShortString measures String on a short clean line, where the
// cost of finding the configuration dominates.
func BenchmarkShortString(b *testing.B) {
	s := "GET /api/v1/users/42 200 3ms"
	for _, bb := range []struct {
		name string
		opts []sanitize.Option
	}{
		{"default", nil},
		{"Allow", []sanitize.Option{sanitize.Allow('\t', '\n')}},
		{"many", []sanitize.Option{sanitize.Allow('\t'), sanitize.Also(sanitize.Bidi), sanitize.AlsoFunc(unicode.IsMark), sanitize.WithStyle(sanitize.JSONStyle)}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sanitize.String(s, bb.opts...)
			}
		})
	}
}
