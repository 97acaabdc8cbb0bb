package anchors

import (
	"testing"
	"unicode/utf8"
	"unsafe"

	sonicutf8 "github.com/bytedance/sonic/utf8"
	"github.com/charmbracelet/x/ansi"
	asmutf8 "github.com/segmentio/asm/utf8"
	"github.com/utf8tools/sanitize/internal/corpus"
)

// BenchmarkCorpus names its results as the library's suite does, with
// the anchors under anchor/, so that bench/ratio reads both in one pass.
func BenchmarkCorpus(b *testing.B) {
	for _, c := range corpus.All() {
		in := c.Data
		b.Run(c.Name+"/anchor/segmentio.Valid", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				asmutf8.Valid(in)
			}
		})
		b.Run(c.Name+"/anchor/sonic.Validate", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				sonicutf8.Validate(in)
			}
		})
		if c.Name == "colored" || c.Name == "sgr" || c.Name == "logs" {
			s := unsafe.String(&in[0], len(in))
			b.Run(c.Name+"/anchor/ansi.Strip", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					ansi.Strip(s)
				}
			})
		}
	}
}

// TestAnchorsAgree checks that the validators say what utf8.Valid says on
// every corpus, so that their speed is measured on the same answer.
func TestAnchorsAgree(t *testing.T) {
	for _, c := range corpus.All() {
		want := utf8.Valid(c.Data)
		if asmutf8.Valid(c.Data) != want || sonicutf8.Validate(c.Data) != want {
			t.Errorf("%s: the validators disagree with unicode/utf8 (%v)", c.Name, want)
		}
	}
}
