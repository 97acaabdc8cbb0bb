package sanitize

import (
	"encoding/binary"
	"math/bits"
)

// This file holds the word-at-a-time scan that lets clean skip ASCII text
// eight or more bytes per step. sanitizer.clean without it is the
// reference it is tested against (TestFastPathsMatchReference);
// BenchmarkCorpus shows what it is worth: on ASCII, validation runs close
// to utf8.Valid, more than ten times faster than byte by byte.

const (
	ones  = 0x0101010101010101
	low7  = 0x7F7F7F7F7F7F7F7F
	highs = 0x8080808080808080
)

// wordScan says which bytes the word scan stops at: always the bytes from
// 80 up, which start or continue a multi-byte character; with ctl, also DEL
// and every C0 byte outside the range lo..hi that is let through; and the
// escaped printable bytes in extra. When the escaped ASCII bytes do not fit
// that shape, ok is false and clean goes byte by byte.
type wordScan struct {
	ok     bool
	mode   scanMode
	ctl    bool
	lo, hi uint64    // C0 bytes lo..hi are let through (empty when lo > hi)
	nextra int       // escaped bytes from 20 to 7E ...
	extra  [2]uint64 // ... repeated in every lane; unused slots hold 80s

	// The per-lane constants of the tests, fixed at construction.
	fromLo, pastHi uint64
}

// scanMode picks the cheapest loop that is exact for the set.
type scanMode uint8

const (
	scanHigh    scanMode = iota // only non-ASCII stops, as in validation
	scanControl                 // also every C0 byte and DEL
	scanRange                   // also DEL and C0 bytes outside lo..hi
	scanAny                     // the general case
)

func newWordScan(ascii *[0x80]bool) wordScan {
	w := wordScan{ok: true, lo: 0x20, hi: 0x1F, extra: [2]uint64{highs, highs}}
	for b, esc := range ascii {
		switch {
		case !esc:
		case b < 0x20 || b == 0x7F:
			w.ctl = true
		case w.nextra < len(w.extra):
			w.extra[w.nextra] = ones * uint64(b)
			w.nextra++
		default:
			w.ok = false
		}
	}
	if w.ctl { // the C0 bytes let through must be one range
		for b := uint64(0); b < 0x20; b++ {
			switch {
			case ascii[b]:
			case w.lo > w.hi:
				w.lo, w.hi = b, b
			case b == w.hi+1:
				w.hi = b
			default:
				w.ok = false
			}
		}
		// With y the lane less its high bit, y + (80-k) has the high bit
		// set exactly when the lane is k or more.
		w.fromLo, w.pastHi = (0x80-w.lo)*ones, (0x7F-w.hi)*ones
	}
	switch {
	case !w.ctl && w.nextra == 0:
		w.mode = scanHigh
	case w.ctl && w.lo > w.hi && w.nextra == 0:
		w.mode = scanControl
	case w.ctl && w.nextra == 0:
		w.mode = scanRange
	default:
		w.mode = scanAny
	}
	return w
}

// words returns the length of the longest prefix of p in which no byte
// needs a closer look, as far as whole 8-byte words reach: it stops exactly
// at the first such byte, or before a last word shorter than 8 bytes.
//
// Each test keeps within its lane: adding to a 7-bit value never carries
// into the next lane, so the answer is exact lane by lane, and the first
// lane flagged is the byte to look at.
func (w *wordScan) words(p []byte) int {
	n := 0
	switch w.mode {
	case scanHigh:
		for ; n+32 <= len(p); n += 32 {
			q := (*[32]byte)(p[n:])
			if (le(q[0:8])|le(q[8:16])|le(q[16:24])|le(q[24:32]))&highs != 0 {
				break
			}
		}
		for ; n+8 <= len(p); n += 8 {
			if m := le(p[n:n+8]) & highs; m != 0 {
				return n + firstLane(m)
			}
		}
		return n
	case scanControl:
		const from20 = 0x60 * ones // lane >= 20
		for ; n+16 <= len(p); n += 16 {
			q := (*[16]byte)(p[n:])
			x0, x1 := le(q[0:8]), le(q[8:16])
			y0, y1 := x0&low7, x1&low7
			// Mind the parentheses: in Go, + and | bind equally tightly.
			m0 := (x0 | (y0 + ones) | ^((y0 + from20) | x0)) & highs
			m1 := (x1 | (y1 + ones) | ^((y1 + from20) | x1)) & highs
			if m0|m1 != 0 {
				if m0 != 0 {
					return n + firstLane(m0)
				}
				return n + 8 + firstLane(m1)
			}
		}
	case scanRange:
		const from20 = 0x60 * ones // lane >= 20
		fromLo, pastHi := w.fromLo, w.pastHi
		for ; n+16 <= len(p); n += 16 {
			q := (*[16]byte)(p[n:])
			x0, x1 := le(q[0:8]), le(q[8:16])
			y0, y1 := x0&low7, x1&low7
			m0 := (x0 | (y0 + ones) | ^((y0 + fromLo) | x0) | (y0+pastHi)&^(y0+from20)) & highs
			m1 := (x1 | (y1 + ones) | ^((y1 + fromLo) | x1) | (y1+pastHi)&^(y1+from20)) & highs
			if m0|m1 != 0 {
				if m0 != 0 {
					return n + firstLane(m0)
				}
				return n + 8 + firstLane(m1)
			}
		}
	}
	var (
		fromLo, pastHi = w.fromLo, w.pastHi     // lane >= lo, lane > hi
		from20         = uint64(0x60) * ones    // lane >= 20
		e0, e1         = w.extra[0], w.extra[1] // lane == an escaped printable byte
	)
	for ; n+8 <= len(p); n += 8 {
		x := le(p[n : n+8])
		y := x & low7
		del := y + ones                        // lane is 7F
		belowLo := ^((y + fromLo) | x)         // lane < lo
		c0Past := (y + pastHi) &^ (y + from20) // hi < lane < 20
		m := x | del | belowLo | c0Past
		if w.nextra > 0 {
			m |= equal(x, e0) | equal(x, e1)
		}
		if m &= highs; m != 0 {
			return n + firstLane(m)
		}
	}
	return n
}

func le(p []byte) uint64 { return binary.LittleEndian.Uint64(p) }

// equal returns the high bit set in every lane where x equals c.
func equal(x, c uint64) uint64 {
	y := x ^ c
	return ^((y&low7 + low7) | y)
}

// firstLane returns the index of the first byte whose high bit is set in m,
// in memory order (the words are little-endian).
func firstLane(m uint64) int { return bits.TrailingZeros64(m) / 8 }
