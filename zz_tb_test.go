package sanitize

import (
	"testing"

	"github.com/utf8tools/sanitize/internal/corpus"
)

func BenchmarkPieces(b *testing.B) {
	for _, c := range corpus.All() {
		if c.Name != "logs" && c.Name != "ascii" && c.Name != "mixed" {
			continue
		}
		in := c.Data
		dst := make([]byte, 8*len(in))
		t := Escape(Allow('\t', '\n'))
		for _, piece := range []int{1 << 20, 64 << 10, 16 << 10, 4 << 10} {
			for _, small := range []bool{false, true} {
				b.Run(c.Name+"/"+map[bool]string{false: "bigdst", true: "smalldst"}[small]+"/"+itoa(piece), func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					for b.Loop() {
						t.Reset()
						for i := 0; i < len(in); {
							d := dst[i:]
							if small {
								d = dst[:piece]
							}
							_, n, _ := t.Transform(d, in[i:min(len(in), i+piece)], i+piece >= len(in))
							i += n
						}
					}
				})
			}
		}
	}
}

func itoa(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
