package sanitize

import "math/bits"

// This file holds keeps's run of blocks (keepsRun in veccopy512_amd64.s),
// written in Go as vecCopy512Go takes it.
//
// Under KeepColors, a block whose sequences are all SGR sequences that
// sgr keeps is copied as it is. keepsBlock judges a block alone, so a
// block whose last sequence runs past it was cut before that sequence's
// ESC, and the next block started there: where the next block starts hung
// on the masks of the one before, and each block waited for the one before
// it. On a coloured log, where a sequence runs past most blocks, that made
// KeepColors a third as fast as StripSequences. The run goes 64 bytes at a
// time whatever the blocks hold, and carries into each block what the
// masks of the one before leave open: its last ESCs, the carries of the
// sums that run through parameters, zeros and attributes, and where the
// sequence it leaves open starts. It takes what keeps would not take whole
// but can handle as the recognizer does: under KeepColors alone it
// escapes the ESCs of other sequences and other flags, and under
// StripSequences too it drops OSC sequences. Where a block fails, the run
// ends at its start, or at the ESC of the sequence open there; the block
// loop then takes it as before.

// keepsCarry is what a block of keepsRun leaves to the next.
type keepsCarry struct {
	escs   uint64 // its ESCs: the last two start sequences in the next block
	params uint64 // 1 if the parameters of its last sequence run on
	seps   uint64 // its bytes whose low half is B: the last starts a parameter
	zeros  uint64 // 1 if the zeros of a parameter run on
	q      uint64 // 1 if the bytes of its last sequence but 8s run on
	eights uint64 // its 8s that a parameter may end with: the last is conceal if one does
	on     uint64 // 1 if attributes are on after it
	osc    uint64 // 1 if the sequence it leaves open is an OSC sequence, to be dropped (StripSequences)
	open   int    // where the sequence it leaves open starts, from the next block's start; 0 if none
}

// keepsRun is keeps's second try, where keepsBlock does not take the
// whole block r: block after block of 64 bytes while each fits in src and
// dst, is ASCII, and every ESC followed by [ starts an SGR sequence that
// keepsStep takes, it copies them; under KeepColors alone, with the
// escapes of its other flags, among them the ESCs of other sequences,
// which the recognizer escapes as characters too; under StripSequences,
// without the bytes of its OSC sequences. It ends at a block with nothing
// to look at. It reports whether it moved on.
func (c *copier) keepsRun(r *run) bool {
	if r.end != 64 {
		return false
	}
	k := keepsCarry{}
	if c.colored {
		k.on = 1
	}
	start := c.nSrc
	for c.nSrc+64 <= len(c.src) && c.nDst+64 <= len(c.dst) {
		b := c.src[c.nSrc : c.nSrc+64]
		next, others, v := c.keepsStep(b, k)
		if v == keepsLast {
			// The ESC at the end of the block before starts no CSI
			// sequence. On the coloured log, an OSC sequence's ESC
			// there, in one block out of 200, ended the run at itself,
			// and the block loop took the next 64 bytes one ESC at a
			// time: escaped here, KeepColors 1.04x as fast on it.
			if e := c.k.esc; e != nil && e.n != 0 && c.nDst-1+int(e.n) <= len(c.dst) {
				c.nDst += copy(c.dst[c.nDst-1:], e.text[:e.n]) - 1
				k.open = 0
			}
		}
		if v != keepsTake {
			break
		}
		// The bytes up to the sequence it leaves open, from the one the
		// block before left open, with the escapes of others, or under
		// StripSequences without the bytes of others: nothing is written
		// past what the run reports. nDst stays where the next block's
		// first byte goes, as if that sequence were written.
		d := c.nDst + k.open
		if k.osc == 0 {
			d += copy(c.dst[d:], c.src[c.nSrc+k.open:c.nSrc])
		}
		if c.k.mode&kernelStrip != 0 {
			d += packBytes(c.dst[d:], b, below(64+next.open)&^others)
		} else {
			d += c.copyEscaped(c.dst[d:], b[:64+next.open], others)
		}
		c.nSrc += 64
		c.nDst = d - next.open
		k = next
	}
	// The sequence open at the end, if any, starts the next block.
	c.nSrc += k.open
	c.nDst += k.open
	if c.nSrc == start {
		return false // its first block failed, or left open a sequence from its first byte
	}
	c.setColored(k.on != 0)
	return true
}

// What keepsStep makes of a block.
type keepsVerdict int

const (
	keepsFail keepsVerdict = iota // the run ends at its start, or at the sequence open there
	keepsTake                     // it is taken
	keepsLast                     // the ESC at the end of the block before is escaped, and the run ends after it
)

// keepsStep judges the block b, which follows blocks that left k, as
// keepsBlock does a block alone, and returns what it leaves to the next
// and the flags to escape, or under StripSequences the bytes to drop. A
// CSI sequence open at its start must end in it, at most 64 bytes from
// its ESC, as sgr would keep it. An ESC that [ does not follow starts no
// SGR sequence: under KeepColors alone it is escaped, as is any other
// flag, where dst has room for seven bytes more for each and each has an
// escape (a caller's table may leave some to it); under StripSequences
// it must start or end an OSC sequence that keepsOSCs drops, and every
// other flag be one of its. One at the end of the block
// is taken for one that [ follows; where the next block does not start
// with [, it is escaped there (keepsLast), or under StripSequences the
// run ends at it.
func (c *copier) keepsStep(b []byte, k keepsCarry) (next keepsCarry, others uint64, v keepsVerdict) {
	escs := bytesOf(b, 0x1B)
	if escs == 0 && k.open == 0 && (k.on == 0 || c.k.mode&kernelLineFeed == 0) {
		// Nothing to look at: the block loop copies text four blocks at
		// a time, and on logs with a sequence in one line out of four
		// the run made KeepColors 0.67x as fast.
		return k, 0, keepsFail
	}
	brackets := bytesOf(b, '[')
	all := escs
	escs &= brackets>>1 | 1<<63 // those that start CSI sequences
	others = c.v.escapedIn(b) &^ escs
	switch {
	case !isASCII(b):
		return k, 0, keepsFail
	case k.escs>>63&^brackets != 0 && c.k.mode&kernelStrip != 0:
		return k, 0, keepsFail
	case k.escs>>63&^brackets != 0:
		return k, 0, keepsLast
	}
	var carryOSC uint64
	switch {
	case others == 0 && k.osc == 0:
	case c.k.mode&kernelStrip != 0:
		// others become the bytes to drop.
		var ok bool
		if others, carryOSC, ok = keepsOSCs(b, k.osc, all, escs, others); !ok {
			return k, 0, keepsFail
		}
	case c.nDst+64+7*bits.OnesCount64(others) > len(c.dst) || !c.keepsEscapes(b, others):
		return k, 0, keepsFail
	}
	// The parameters of each sequence, from the byte after its [, or
	// from the block's start for one open there: the carry runs through
	// them and stops on the byte after, its final byte, which must be m.
	params := paramBytes(b)
	sum, carryParams := bits.Add64(escs<<2|k.escs>>62, params, k.params)
	finals := sum &^ params
	params &^= sum // those the carry ran through
	if finals&^bytesOf(b, 'm') != 0 || params&keepsBad(b) != 0 {
		return k, 0, keepsFail
	}
	if k.open < 0 && k.osc == 0 && (finals == 0 || firstBit(finals) > k.open+63) {
		return k, 0, keepsFail // longer than 64 bytes
	}
	// The zeros after each [ or ;, as in keepsBlock; an 8 that ends a
	// parameter is conceal, seen at the byte after it, which may be in
	// the next block.
	var seps uint64
	for i, x := range b {
		if x&0x0F == 0x0B {
			seps |= 1 << i
		}
	}
	zeros := bytesOf(b, '0')
	zsum, carryZeros := bits.Add64(seps<<1|k.seps>>63, zeros, k.zeros)
	ends := zsum &^ zeros
	resets := finals & ends
	eights := bytesOf(b, '8') & params & ends
	if (eights<<1|k.eights>>63)&^(params&^seps) != 0 {
		return k, 0, keepsFail // conceal
	}
	// A sequence with an 8 may set a colour, whose last argument may be
	// 0: what looks like a reset there is left to sgr. The carry from
	// each ESC through its bytes but its 8s stops on its final byte only
	// if it has none.
	q := escs | escs<<1 | k.escs>>63 | params&^bytesOf(b, '8')
	qsum, carryQ := bits.Add64(escs, q, k.q)
	if resets&^(qsum&^q) != 0 {
		return k, 0, keepsFail
	}
	next = keepsCarry{
		escs: escs, params: carryParams, seps: seps, zeros: carryZeros,
		q: carryQ, eights: eights, on: k.on, osc: carryOSC,
	}
	if c.k.mode&kernelColors != 0 {
		// The bytes with attributes on, as in keepsBlock.
		on := finals &^ resets
		none := ^finals
		lit, carryOn := bits.Add64(none, on<<1|k.on, 0)
		lit = (lit ^ none) & none
		if c.k.mode&kernelLineFeed != 0 && lit&bytesOf(b, '\n') != 0 {
			return k, 0, keepsFail
		}
		next.on = carryOn | on>>63
	}
	switch {
	case carryOSC != 0:
		next.open = 63 - bits.LeadingZeros64(all&(bytesOf(b, ']')>>1)) - 64 // its last OSC
	case carryParams != 0 || escs>>62 != 0:
		next.open = 63 - bits.LeadingZeros64(escs) - 64 // its last ESC
	}
	return next, others, keepsTake
}

// keepsOSCs returns the bytes of the OSC sequences of the block b that
// keepsRun drops under StripSequences, and whether it takes the block:
// each from ESC ] to its first BEL or ST (ESC \), as oscs takes them,
// with no other control in it, and every flag that starts no CSI
// sequence (csi) one of theirs; all holds the block's ESCs. One open at
// the block's start (osc) must end in it; one that runs past its end
// (carry) must end in the next block, where the run looks at it again.
func keepsOSCs(b []byte, osc, all, csi, flags uint64) (drop, carry uint64, ok bool) {
	starts := all & (bytesOf(b, ']') >> 1)
	st := all & (bytesOf(b, '\\') >> 1)
	bels := bytesOf(b, 0x07)
	term := bels | st<<1
	sum, carry := bits.Add64(^term, starts, osc)
	ends := sum & term
	if bits.OnesCount64(ends) != bits.OnesCount64(starts)+int(osc)-int(carry) || osc != 0 && ends == 0 {
		return 0, 0, false // two start before an end, or one open runs on
	}
	drop, _ = bits.Sub64(ends<<1, starts|osc, 0)
	known := (starts | st | bels&ends) & drop
	if controls(b)&drop&^known != 0 || flags&^csi&^known != 0 {
		return 0, 0, false
	}
	return drop, carry, true
}

// keepsEscapes reports whether every flag of the block b in others has an
// escape that the run can write (keepsEscape).
func (c *copier) keepsEscapes(b []byte, others uint64) bool {
	for ; others != 0; others &= others - 1 {
		if e := c.keepsEscape(b[firstBit(others)]); e == nil || e.n == 0 {
			return false
		}
	}
	return true
}

// copyEscaped writes b to dst with the bytes that others has, which keeps
// has escapes for (keepsEscapes), escaped, and returns how much it wrote.
func (c *copier) copyEscaped(dst, b []byte, others uint64) (n int) {
	from := 0
	for ; others != 0; others &= others - 1 {
		at := firstBit(others)
		n += copy(dst[n:], b[from:at])
		e := c.keepsEscape(b[at])
		n += copy(dst[n:], e.text[:e.n])
		from = at + 1
	}
	return n + copy(dst[n:], b[from:])
}

// keepsEscape returns the escape of the byte x, flagged in a block of
// keepsRun: that of an ESC as a character (kernelSeq.esc), or the table's.
func (c *copier) keepsEscape(x byte) *escapeText {
	if x == 0x1B {
		return c.k.esc
	}
	return &c.esc.texts[x]
}
