package sanitize

import "math/bits"

// This file holds the kernels of vec_amd64.s and vecscan512_amd64.s
// written in Go, block for block: the same flags for each block of 32 or
// 64 bytes, worked out from the same tables (vecTables) one byte at a
// time, and so the same place to stop and the same output. The copying
// kernel of veccopy512_amd64.s has its own in vec_generic512.go. Tests
// hold the assembly to them exactly (TestVectorGo, checkCopy), and them
// to the plain loop where there is no assembly; they do not stand in for
// it there (vec_other.go says why). Their doc comments say what the
// assembly does; the comments of the assembly say why.

// A checks says which kernel's checks flags makes on a block.
type checks int

const (
	// checks256: blocks of 32 bytes, by CHECK, LEADS and PAIRS, and
	// CHECK_ESC (vec_amd64.s).
	checks256 checks = iota
	// copy512: blocks of 64, by CHECK512, PAIRS512, PAIRS_AT512 and
	// PAIRS_THIRDS512, and CHECK_ESC512 (veccopy512_amd64.s).
	copy512
	// scan512: blocks of 64, by CHECK512, and CHECK_ESC512 or
	// FLAGS_AFTER512 (vecscan512_amd64.s).
	scan512
)

// flags returns the bytes of the block b, of 32 bytes for checks256 and
// of 64 for the others, that the kernel's checks flag, as bits: all of
// them, and other, those flagged as ill-formed (Keiser–Lemire), as C1
// controls or for a pair of the set (pairs.go) rather than as escaped
// ASCII bytes. before holds the three bytes before the block, the one
// just before last: zeros, as if after ASCII, where a block starts at a
// character boundary; next, for checks256, the byte after it, where that
// is in the kernel's input, else 0.
func (v *vecTables) flags(b []byte, before [3]byte, next byte, k checks) (all, other uint64) {
	back := func(i, k int) byte { // the byte k places before b[i]
		if i >= k {
			return b[i-k]
		}
		return before[3+i-k]
	}
	// LEADS: where the nibble tables of PAIRS can find anything, if
	// anywhere in the block. (They cover more pairs than the set's: the
	// gate is part of what the AVX2 kernels flag.)
	gate := false
	if v.pairs != 0 && k == checks256 {
		for i := range b {
			if p := back(i, 1); p >= 0x80 {
				gate = gate || v.leadLo[p&15]&v.hi[p>>4] != 0
			}
		}
	}
	for i, c := range b {
		p1, p2, p3 := back(i, 1), back(i, 2), back(i, 3)
		bad := v.illFormed(c, p1, p2, p3)
		if k == checks256 || v.pairs == 0 {
			// C1_512 and CHECK; the AVX-512 kernels find them among
			// the pairs where there are any.
			bad = bad || p1 == v.c1Lead[0] && min(c, v.c1Max[0]) == c
		}
		switch {
		case v.pairs == 0:
		case k == copy512:
			bad = bad || v.pair512(c, p1, p2)
		case k == scan512:
			bad = bad || v.pairAfter512(c, p1, p2)
		case gate:
			n := next // PAIRS: the byte after, by its halves too
			if i+1 < len(b) {
				n = b[i+1]
			}
			bad = bad || v.pairLeadHi[p1>>4]&v.pairLeadLo[p1&15]&v.pairSecHi[c>>4]&v.pairSecLo[c&15]&
				v.pairThirdHi[n>>4]&v.pairThirdLo[n&15] != 0
		}
		if bad {
			other |= 1 << i
		}
		if c < 0x80 && v.escLo[c&15]&v.hi[c>>4] != 0 {
			all |= 1 << i
		}
	}
	return all | other, other
}

// pair512 reports whether PAIRS_AT512 and PAIRS_THIRDS512 flag c after
// p1, after p2: the second byte of a pair of the set led by C0–DF or
// F0–FF, looked up by the low six bits of each byte (VPERMB), or the
// third byte after a pair led by E0–EF, looked up by its low six bits too.
func (v *vecTables) pair512(c, p1, p2 byte) bool {
	three := func(b byte) bool { return b&0xF0 == 0xE0 }
	second := p1 >= 0xC0 && !three(p1) && v.pairLead64[p1&63]&v.pairSec64[c&63] != 0
	third := three(p2) && v.pair3(c, p1, p2)
	return second || third
}

// pairAfter512 reports whether FLAGS_AFTER512 flags c after p1, after p2:
// the byte after any pair of the set, looked up as pair512 looks up a
// third byte, whose table has every byte for the classes of pairs not led
// by E0–EF (nibbleTables.third).
func (v *vecTables) pairAfter512(c, p1, p2 byte) bool {
	return p2 >= 0xC0 && v.pair3(c, p1, p2)
}

// pair3 reports whether the classes of the pair p2 p1 and of the byte c
// after it, each looked up by its low six bits (VPERMB), meet.
func (v *vecTables) pair3(c, p1, p2 byte) bool {
	return v.pairLead64[p2&63]&v.pairSec64[p1&63]&v.pairThird[c&63] != 0
}

// byteAt is p[i], or 0 past the end of p.
func byteAt(p []byte, i int) byte {
	if i < len(p) {
		return p[i]
	}
	return 0
}

// subSat is a-b, or 0 where b is larger, as VPSUBUSB takes it.
func subSat(a, b byte) byte {
	if a < b {
		return 0
	}
	return a - b
}

// copyFlags returns the flags of the block b, before next, as the copying
// kernels find them (flags): each block starts at a character boundary,
// and an ASCII block has only its escaped bytes flagged.
func (v *vecTables) copyFlags(b []byte, next byte, k checks) (all, other uint64) {
	if !isASCII(b) {
		return v.flags(b, [3]byte{}, next, k)
	}
	return v.escapedIn(b), 0
}

// illFormed reports whether CHECK512_ERRS, Keiser–Lemire, flags the byte
// c after p1, p2 and p3, one, two and three places back.
func (v *vecTables) illFormed(c, p1, p2, p3 byte) bool {
	kl := v.byte1High[p1>>4] & v.byte1Low[p1&15] & v.byte2High[c>>4]
	must := (subSat(p2, v.third[0]) | subSat(p3, v.fourth[0])) & v.bit7[0]
	return kl^must != 0
}

// errorsIn returns the bytes of the block b that CHECK512_ERRS flags, as
// if after ASCII.
func (v *vecTables) errorsIn(b []byte) (errs uint64) {
	return v.errorsAfter(b, [3]byte{})
}

// errorsAfter returns the bytes of the block b that CHECK512_ERRS flags
// after the three bytes before, the one just before last.
func (v *vecTables) errorsAfter(b []byte, before [3]byte) (errs uint64) {
	p1, p2, p3 := before[2], before[1], before[0]
	for i, c := range b {
		if v.illFormed(c, p1, p2, p3) {
			errs |= 1 << i
		}
		p1, p2, p3 = c, p1, p2
	}
	return errs
}

// runErrorsAfter returns the bytes of the block b that JOINERS_BLOCK flags
// ill-formed after the two bytes before, the one just before last: as
// errorsAfter, but with byte1LowRun64, so that every byte after a lead
// byte from F0 up is, and with no test of a fourth byte. Where the bytes
// before end a character, it flags none just where the block is
// well-formed and has no lead byte from F0 up before its last byte
// (TestRunErrors).
func (v *vecTables) runErrorsAfter(b []byte, before [2]byte) (errs uint64) {
	p1, p2 := before[1], before[0]
	for i, c := range b {
		kl := v.byte1High64[p1>>2] & v.byte1LowRun64[p1&63] & v.byte2High64[c>>2]
		if kl^subSat(p2, v.third[0])&v.bit7[0] != 0 {
			errs |= 1 << i
		}
		p1, p2 = c, p1
	}
	return errs
}

// openEnd returns where a character left open at the end of the block b
// starts (OPEN_END, and open in vec_amd64.s), or len(b) if none is.
func openEnd(b []byte) int {
	n := len(b)
	switch {
	case b[n-1] >= 0xC0:
		return n - 1
	case b[n-2] >= 0xE0:
		return n - 2
	case b[n-3] >= 0xF0:
		return n - 3
	}
	return n
}

// escapedIn returns the bits of the ASCII bytes of b that the set escapes
// (ESCAPED): none where it escapes none (vecTables.escapes), whose tables
// are then zero.
func (v *vecTables) escapedIn(b []byte) (flags uint64) {
	for i, c := range b {
		if v.escLo[c&15]&v.hi[c>>4] != 0 {
			flags |= 1 << i
		}
	}
	return flags
}

// isASCII reports whether every byte of b is below 0x80.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// firstBit is the place of the lowest bit set in flags, which is not 0.
func firstBit(flags uint64) int {
	return bits.TrailingZeros64(flags)
}

// vecScanGo is vecScan: the AVX-512 kernel's blocks of 64 bytes where the
// tables say wide and p holds wideMin bytes, else the AVX2 kernel's of 32.
func vecScanGo(p []byte, v *vecTables) int {
	if v.wide != 0 && len(p) >= wideMin {
		return vecScanBlocks(p, v, 64, nil)
	}
	return vecScanBlocks(p, v, 32, nil)
}

// vecScanNarrowGo is vecScanNarrow.
func vecScanNarrowGo(p []byte, v *vecTables, e *emojiTables) int {
	return vecScanBlocks(p, v, 32, e)
}

// vecScanBlocks is vecScan256 with block 32 and vecScan512 with block
// 64: it checks p in blocks while one fits, each with the three bytes
// before it from p. An ASCII block, first or after another, stops at its
// first escaped byte; any other block at its first byte flagged (flags),
// which in an ASCII block after one that is not are a character left open
// and, for the wide kernel, the byte after a pair that ends the block
// before. From where it stops, or from the first block that does not fit,
// it backs up to a lead byte (C0–FF) found within three bytes over
// continuation bytes only. With e, the flags of a block that is not ASCII
// that scanClears takes off are not flags, and where it stops inside the
// tags of a flag that passed, it stops at the flag instead.
func vecScanBlocks(p []byte, v *vecTables, block int, e *emojiTables) int {
	k := checks256
	if block == 64 {
		k = scan512
	}
	at, skip := 0, tagSkip{to: -1}
	for ; at+block <= len(p); at += block {
		b := p[at : at+block]
		if isASCII(b) && (at == 0 || isASCII(p[at-block:at])) {
			if esc := v.escapedIn(b); esc != 0 {
				at += firstBit(esc)
				break
			}
			continue
		}
		var before [3]byte
		if at > 0 {
			copy(before[:], p[at-3:at])
		}
		all, _ := v.flags(b, before, byteAt(p, at+block), k)
		if e != nil {
			all = scanClears(p, at, all, e, &skip)
		}
		if all != 0 {
			at += firstBit(all)
			break
		}
	}
	if at < skip.to {
		at = skip.flag // never inside the tags of a flag that passed
	}
	for i := at; i > 0 && i > at-3; i-- {
		switch c := p[i-1]; {
		case c >= 0xC0:
			return i - 1
		case c < 0x80:
			return at
		}
	}
	return at
}

// vecCopy256Go is vecCopy256: it copies src to dst in blocks of 32 bytes
// that fit whole in both, each taken as if after ASCII, since each starts
// at a character boundary. A block with nothing flagged is copied, less a
// character left open at its end, which starts the next block. At the
// first byte flagged, the bytes before it are copied, less a character
// that it cuts off where something other than an escaped ASCII byte is
// flagged; then an escaped ASCII byte there has its escape written from
// esc, if the escape has one and it fits, and the next block starts after
// it. With e, what narrowPasses passes there is copied, if it fits, and
// the next block starts after it; first, though, the flags that
// narrowClears takes off the block are not flags. Anything else ends
// the copy, there.
func vecCopy256Go(dst, src []byte, v *vecTables, esc *escapeTable, e *emojiTables) (nDst, nSrc int) {
	for nSrc+32 <= len(src) && nDst+32 <= len(dst) {
		b := src[nSrc : nSrc+32]
		all, other := v.copyFlags(b, byteAt(src, nSrc+32), checks256)
		if e != nil {
			all = narrowClears(src, nSrc, all, e)
		}
		if all == 0 {
			n := openEnd(b)
			nDst += copy(dst[nDst:], b[:n])
			nSrc += n
			continue
		}
		at := firstBit(all)
		start := at
		if other != 0 {
			start = cutOff(b, at)
		}
		nDst += copy(dst[nDst:], b[:start])
		nSrc += start
		c := src[nSrc]
		if c >= 0x80 {
			n := 0
			if e != nil {
				n = narrowPasses(src, nSrc, e)
			}
			if n == 0 || nDst+n > len(dst) {
				return nDst, nSrc
			}
			nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
			nSrc += n
			continue
		}
		t := &esc.texts[c]
		if t.n == 0 || nDst+int(t.n) > len(dst) {
			return nDst, nSrc
		}
		nDst += copy(dst[nDst:], t.text[:t.n])
		nSrc++
	}
	return nDst, nSrc
}

// cutOff returns where the character that the byte flagged at b[at] may
// cut off starts, or at: a lead byte in the three bytes before it whose
// characters need more bytes than there are up to at, found over
// continuation bytes only, as the back loop of vecCopy256 finds it.
func cutOff(b []byte, at int) int {
	i := at
	for k := 3; k > 0 && i > 0; k-- {
		i--
		switch c := b[i]; {
		case c < 0x80:
			return at
		case c >= 0xC0:
			size := 2
			if c >= 0xE0 {
				size++
			}
			if c >= 0xF0 {
				size++
			}
			if i+size > at {
				return i
			}
			return at
		}
		if k == 1 {
			return at
		}
	}
	return i
}

// vecCopyGo is vecCopy: vecCopy512Go where the tables say wide, as
// vecCopy chooses it, then vecCopy256Go on what is left short of a block,
// unless attributes are on while line feeds pass raw, which the narrow
// kernel does not watch for.
func vecCopyGo(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int) {
	if v.wide != 0 && (len(src) >= wideMin || v.pairs != 0 && len(src) >= 64) {
		nDst, nSrc = vecCopy512Go(dst, src, v, esc, k)
		if len(src)-nSrc >= 64 && len(dst)-nDst >= 64 {
			return nDst, nSrc
		}
	}
	if k.colored != 0 && k.mode&kernelLineFeed != 0 {
		return nDst, nSrc
	}
	d, s := vecCopy256Go(dst[nDst:], src[nSrc:], v, esc, k.emoji)
	return nDst + d, nSrc + s
}
