package sanitize

import "encoding/binary"

// This file holds the word-at-a-time scan that lets clean skip ASCII text
// eight bytes per step. sanitizer.clean without it is the reference it is
// tested against (TestWordsMatchReference); BenchmarkSpan shows what it is
// worth.

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// wordScan says which bytes the word scan must stop at: always bytes from
// 7F up (DEL and everything not ASCII), bytes below 20 if any C0 control
// is escaped, and up to two more escaped ASCII bytes. When the escaped
// ASCII bytes do not fit that, ok is false and clean goes byte by byte.
type wordScan struct {
	ok     bool
	c0     bool
	nextra int
	extra  [2]uint64 // an escaped byte repeated in every lane
}

func newWordScan(ascii *[0x80]bool) wordScan {
	w := wordScan{ok: true}
	for b, esc := range ascii {
		switch {
		case !esc || b == 0x7F:
		case b < 0x20:
			w.c0 = true
		case w.nextra < len(w.extra):
			w.extra[w.nextra] = ones * uint64(b)
			w.nextra++
		default:
			w.ok = false
		}
	}
	return w
}

// words returns the length of the longest prefix of p made of whole 8-byte
// words in which no byte needs a closer look. The bit tricks are exact
// about whether a word holds such a byte (a borrow or carry between lanes
// only ever follows a lane that already holds one), not about which.
func (w *wordScan) words(p []byte) int {
	n := 0
	for ; n+8 <= len(p); n += 8 {
		x := binary.LittleEndian.Uint64(p[n:])
		m := x | (x + ones) // a high bit: the lane is 7F or above
		if w.c0 {
			m |= (x - 0x20*ones) &^ x // the lane is below 20
		}
		for i := 0; i < w.nextra; i++ {
			y := x ^ w.extra[i]
			m |= (y - ones) &^ y // the lane equals the extra byte
		}
		if m&highs != 0 {
			break
		}
	}
	return n
}
