package sanitize

import "math/bits"

// This file holds the paths of the AVX-512 kernel that copies for
// sequences and colours (veccopy512_amd64.s: csi, osc, sgr, csis, keeps),
// written in Go as vecCopy512Go takes them, with the masks of a block
// worked out one byte at a time. What the kernel drops, keeps or escapes
// must be what the recognizer (sequence.go) does, which checkCopy and
// FuzzKernels hold both to; where the kernel cannot tell at once, it
// stops for the recognizer, and so does this.

// What csi leaves the escape loop to do after an ESC.
type csiStep int

const (
	csiStop    csiStep = iota // the copy ends at the ESC (held)
	csiNext                   // the next block starts at the ESC (across)
	csiEscape                 // the ESC is escaped as a character (kernelSeq.esc)
	csiSkipped                // the sequence is done: on to the next flag (osc)
	csiAgain                  // the sequence is done: on as again says
)

// csi handles the byte at at, whose escape the table leaves to the
// caller, in the escape loop of r; it ends the copy there unless it is an
// ESC (Span's table, spanEscapes, leaves every byte to the caller). A CSI
// sequence of the plain form, ESC [, parameter bytes 30–3F and a final
// byte 40–7E, that ends in r.end, is dropped under kernelStrip, or, if it
// is an SGR sequence that sgr keeps, kept under kernelKeep, noting in
// colored whether it leaves attributes on; under kernelKeep alone an ESC
// that starts no sequence kept is escaped. A sequence that may run past
// r.end starts the next block; anything else, or anything under mode 0,
// ends the copy there.
func (c *copier) csi(r *run, at int) csiStep {
	mode := c.k.mode
	switch {
	case mode == 0 || r.b[at] != 0x1B: // Span's table has no escapes at all
		return c.held(at)
	case at+2 >= r.end:
		return c.across(at)
	case r.b[at+1] != '[':
		return c.osc(r, at)
	}
	params := paramBytes(r.b)
	sum, carry := bits.Add64(1<<(at+2), params, 0)
	if carry != 0 {
		return c.across(at)
	}
	fin := firstBit(sum &^ params) // the byte after the parameters
	switch {
	case fin >= r.end:
		return c.across(at)
	case r.b[fin] < 0x40 || r.b[fin] > 0x7E:
		return c.held(at)
	}
	if r.b[fin] == 'm' && mode&kernelKeep != 0 {
		if reset, ok := sgr(r.b[at : fin+1]); ok {
			// Kept: the clean bytes go on from its ESC.
			r.from = at
			r.flags &^= below(fin + 1)
			if mode&kernelColors != 0 {
				c.setColored(!reset)
			}
			return csiAgain
		}
	}
	if mode&kernelStrip == 0 {
		return c.escapeESC(at)
	}
	r.from = fin + 1
	r.flags &^= below(fin + 1)
	return csiAgain
}

// osc handles an ESC at at that starts no CSI sequence: under kernelStrip,
// ESC ] starts an OSC string, dropped with its terminator, BEL or ST
// (ESC \), if that is the next flag and in r.end, and no byte before it
// is a control.
func (c *copier) osc(r *run, at int) csiStep {
	if c.k.mode&kernelStrip == 0 {
		return c.escapeESC(at)
	}
	if r.b[at+1] != ']' {
		return c.held(at)
	}
	next := 64
	if f := r.flags & (r.flags - 1); f != 0 {
		next = firstBit(f)
	}
	if next >= r.end {
		return c.across(at)
	}
	if controls(r.b)&below(next)>>(at+2) != 0 {
		return c.held(at)
	}
	end := next // the string's last byte
	switch r.b[next] {
	case 0x07:
	case 0x1B:
		if end++; end >= r.end {
			return c.across(at)
		}
		if r.b[end] != '\\' {
			return c.held(at)
		}
	default:
		return c.held(at)
	}
	r.from = end + 1
	r.flags &^= below(end + 1)
	return csiSkipped
}

// escapeESC escapes the ESC at at as a character, with kernelSeq.esc, or
// ends the copy there without one.
func (c *copier) escapeESC(at int) csiStep {
	if c.k.esc == nil {
		return c.held(at)
	}
	return csiEscape
}

// held ends the copy at the byte at of the block.
func (c *copier) held(at int) csiStep {
	c.nSrc += at
	return csiStop
}

// across starts the next block at the byte at, or ends the copy there if
// the block starts there.
func (c *copier) across(at int) csiStep {
	if at == 0 {
		return c.held(at)
	}
	c.nSrc += at
	return csiNext
}

// setColored notes whether a kept SGR sequence leaves attributes on, and
// watches for line feeds while they are, where those pass raw.
func (c *copier) setColored(on bool) {
	c.colored = on
	c.watch = on && c.k.mode&kernelLineFeed != 0
}

// csis is escapesOne under StripSequences alone: first a run of blocks
// (csisRun); else a block whose flags are all ESCs that start CSI
// sequences of the plain form ending in r.end drops them all at once, with the OSC sequences that oscs takes if it
// has any; where that fails, the block up to its last ESC, if that is not
// its first byte, is tried once more. Anything else goes to escape.
func (c *copier) csis(r *run) bool {
	if c.csisRun(r) {
		return true
	}
	for second := false; ; second = true {
		if escs, params, sum, ok := plainCSIs(r); ok {
			if ends := sum &^ params; ends&^finalBytes(r.b) == 0 {
				return c.compress(r, below(r.end)&^(ends<<1-escs))
			}
		}
		escs := bytesOf(r.b, 0x1B) & below(r.end)
		if osc := escs & (bytesOf(r.b, ']') >> 1); osc != 0 {
			if keep, ok := oscs(r, escs, osc); ok {
				return c.compress(r, keep)
			}
		}
		last := 63 - bits.LeadingZeros64(escs)
		if second || last <= 0 {
			return c.escape(r)
		}
		r.end = last
		r.flags &= below(last)
	}
}

// csisRun is csis's first try where the block is whole and the 64 bytes
// after it are in src and hold an ESC (csisRun in the kernel): block
// after block of 64 bytes, as long as each holds an ESC or bytes to skip,
// is ASCII, and has as flags only ESCs that start CSI sequences of the
// plain form (acrossCSIs), or after the first block OSC sequences too
// (acrossSeqs, as acrossOSCs), all but the last ending in the block, the
// last maybe in the 64 bytes after it, it drops them. The bytes of such a
// sequence at the start of the next block, already seen to be its
// parameters and final byte, are skipped there; where the run ends, the
// next block starts after them. It reports whether it took the first
// block.
//
// On a coloured log with a sequence every 15 bytes, most blocks cut one.
// Where a block went up to its last ESC alone, the next starting there,
// or after that sequence, where the next block started hung on what the
// block before held, and each block waited for the one before: blocks of
// 64 bytes one after the other, with what to skip carried, do not.
func (c *copier) csisRun(r *run) bool {
	if r.end != 64 || c.nSrc+128 > len(c.src) || bytesOf(c.src[c.nSrc+64:c.nSrc+128], 0x1B) == 0 {
		return false // no run: the block goes on as before
	}
	flags, skip := r.flags, 0
	for n := 0; ; n++ {
		b, next := c.src[c.nSrc:c.nSrc+64], c.src[c.nSrc+64:c.nSrc+128]
		if n > 0 {
			if bytesOf(b, 0x1B) == 0 && skip == 0 || !isASCII(b) {
				break // the block loop copies text four blocks at a time
			}
			flags = c.v.escapedIn(b)
		}
		var (
			keep uint64
			tail int
			ok   bool
		)
		if n == 0 {
			keep, tail, ok = acrossCSIs(b, next, flags)
		} else {
			keep, tail, ok = acrossSeqs(b, next, flags, skip)
		}
		if !ok {
			if n == 0 {
				return false
			}
			break
		}
		c.pack(b, keep&^below(skip))
		c.nSrc += 64
		skip = tail
		if c.nSrc+128 > len(c.src) || c.nDst+64 > len(c.dst) {
			break
		}
	}
	c.nSrc += skip
	return true
}

// acrossCSIs reports whether every flag of the block b is an ESC that
// starts a CSI sequence of the plain form (see csi), each ending in b but
// the last, which may end in next, the 64 bytes after it (csisRun). If
// so, it returns the bytes of b outside them, and how many bytes of next
// the last one takes, 0 if none.
func acrossCSIs(b, next []byte, flags uint64) (keep uint64, tail int, ok bool) {
	escs := bytesOf(b, 0x1B)
	brackets := bytesOf(b, '[')>>1 | bytesOf(next, '[')<<63 // before each [
	if flags&^escs != 0 || escs&^brackets != 0 {
		return 0, 0, false
	}
	ends, endsNext, ok := csiEnds(b, next, escs)
	if !ok {
		return 0, 0, false
	}
	if endsNext != 0 {
		tail = firstBit(endsNext) + 1
	}
	// The bytes of each sequence from its ESC to its final byte, in b:
	// the low word of the difference, which for the last sequence, if it
	// ends in next, borrows and runs to 63.
	return ^(ends<<1 - escs), tail, true
}

// acrossOSCs is acrossCSIs for a block after the first of a run that has
// OSC sequences too, each from ESC ] to its first BEL or ST (ESC \), with
// no other control in it (as oscs has them), the last maybe ending in
// next; its first skip bytes are the end of a sequence of the block
// before (csisRunOSC in the kernel). Every ESC after them starts a CSI
// sequence of the plain form or an OSC sequence, or is the ESC of the ST
// that ends one, and every flag is one of those ESCs or a BEL that ends
// one. The bytes of the last sequence in next must be ASCII, which the
// run has not looked at. On the coloured log, whose hyperlinks and
// titles put an OSC sequence in one line out of four, each ended the run.
func acrossOSCs(b, next []byte, flags uint64, skip int) (keep uint64, tail int, ok bool) {
	live := ^below(skip)
	escs, escsNext := bytesOf(b, 0x1B)&live, bytesOf(next, 0x1B)
	before := func(c byte) uint64 { // the bytes of b before each c
		return bytesOf(b, c)>>1 | bytesOf(next, c)<<63
	}
	csi, osc, st := escs&before('['), escs&before(']'), escs&before('\\')
	stNext := escsNext & (bytesOf(next, '\\') >> 1)
	if escs&^(csi|osc|st) != 0 {
		return 0, 0, false
	}
	// The end of each OSC sequence, its first terminator: adding its ESC
	// to the bytes that are none carries up to there, across the two
	// words. Where one starts in another, their carries meet, and an end
	// is missing.
	bels, belsNext := bytesOf(b, 0x07)&live, bytesOf(next, 0x07)
	term, termNext := bels|st<<1, belsNext|stNext<<1|st>>63
	sum, carry := bits.Add64(^term, osc, 0)
	sumNext, carry := bits.Add64(^termNext, 0, carry)
	ends, endsNext := sum&term, sumNext&termNext
	if carry != 0 || bits.OnesCount64(ends)+bits.OnesCount64(endsNext) != bits.OnesCount64(osc) ||
		st&^(ends>>1|endsNext<<63) != 0 || flags&live&^(escs|bels&ends) != 0 {
		return 0, 0, false
	}
	// The bytes of the OSC sequences, from each ESC to its end, and no
	// control among them but those.
	oscs, oscsNext := spans(osc, ends, endsNext)
	if controls(b)&oscs&^(osc|st|ends) != 0 || controls(next)&oscsNext&^(endsNext|stNext) != 0 {
		return 0, 0, false
	}
	// The CSI sequences, as in acrossCSIs, none of them in one.
	finals, finalsNext, ok := csiEnds(b, next, csi)
	if !ok {
		return 0, 0, false
	}
	csis, csisNext := spans(csi, finals, finalsNext)
	if csis&oscs != 0 || csisNext&oscsNext != 0 {
		return 0, 0, false
	}
	if last := oscsNext | csisNext; last != 0 {
		if !isASCII(next[:bits.Len64(last)]) {
			return 0, 0, false
		}
		tail = bits.Len64(last)
	}
	return ^(oscs | csis), tail, true
}

// acrossSeqs is acrossCSIs, or else acrossOSCs, for a block after the
// first of a run, worked out as csisRunLoop and csisRunOSC work it out:
// the CSI sequences first, from the ESCs before a [ alone, as the block
// loop does for every block; and only where other ESCs or flags are
// left, the OSC sequences, whose carry runs from the byte after each
// ESC ] through the bytes that are no control and stops on the first
// control, which must be BEL or the ESC of an ST. A control, another ESC
// or a start of another sequence inside one stops it there, where
// acrossOSCs found it among the bytes of the sequence: so no byte of a
// sequence needs a test of its own, and a sequence cannot start in
// another (TestAcrossSeqs holds it to the two on runs of blocks).
func acrossSeqs(b, next []byte, flags uint64, skip int) (keep uint64, tail int, ok bool) {
	escs := bytesOf(b, 0x1B)
	brackets := bytesOf(b, '[')>>1 | bytesOf(next, '[')<<63 // before each [
	csi := escs & brackets
	ends, endsNext, ok := csiEnds(b, next, csi)
	if !ok {
		return 0, 0, false
	}
	if endsNext != 0 {
		tail = firstBit(endsNext) + 1
	}
	keep = ^(ends<<1 - csi)
	others, rest := escs&^brackets, flags&^escs
	if others|rest == 0 {
		return keep, tail, true
	}
	// The OSC sequences: every ESC but those of CSI sequences starts one
	// or ends one, as the ESC of its ST. The bytes to skip, the end of a
	// sequence of the block before, can hold only the ESC of its ST, which
	// must end none here.
	dead := below(skip)
	shifted := append(append([]byte(nil), b[1:]...), next[0]) // the byte after each
	osc, st := others&bytesOf(shifted, ']'), others&bytesOf(shifted, '\\')
	// The bytes of next through which the carry runs are ASCII, as those
	// of a CSI sequence are: the run has not looked at them.
	text, textNext := ^controls(b), ^(controls(next) | bytesAbove(next, 0x7F))
	sum, carry := bits.Add64(osc<<2, text, 0)
	sumNext, carry := bits.Add64(osc>>62, textNext, carry)
	oscEnds, oscEndsNext := sum&^text, sumNext&^textNext
	stNext := bytesOf(next, 0x1B) & bytesOf(next[1:], '\\') // not at 63: the ST's \ is not in next
	if carry != 0 || oscEnds&^(bytesOf(b, 0x07)|st) != 0 || oscEndsNext&^(bytesOf(next, 0x07)|stNext) != 0 ||
		(others&^osc|rest)&^(dead|oscEnds) != 0 {
		return 0, 0, false
	}
	// How many bytes of next the last takes: the OSC sequence that ends
	// there, if any (only the last sequence of b runs past it), up to its
	// BEL or the \ of its ST, or else the CSI sequence; and the bytes of
	// the OSC sequences in b, from each ESC to its end, and the \ of each
	// ST.
	if last := oscEndsNext&^stNext | (oscEndsNext&stNext)<<1 | st>>63; last != 0 {
		tail = firstBit(last) + 1
	}
	oscs, _ := spans(osc, oscEnds, oscEndsNext)
	return keep &^ (oscs | st<<1), tail, true
}

// csiEnds returns the final bytes of the CSI sequences of the plain form
// that start at the ESCs escs of the block b, each followed by [, in b
// and in next, the 64 bytes after it, and whether each has one: the carry
// runs through the parameters of each sequence, across the two words,
// and stops on the byte after them, which must be a final byte.
func csiEnds(b, next []byte, escs uint64) (ends, endsNext uint64, ok bool) {
	params, paramsNext := paramBytes(b), paramBytes(next)
	sum, carry := bits.Add64(escs<<2, params, 0)
	sumNext, carry := bits.Add64(escs>>62, paramsNext, carry)
	ends, endsNext = sum&^params, sumNext&^paramsNext
	ok = carry == 0 && ends&^finalBytes(b) == 0 && endsNext&^finalBytes(next) == 0
	return ends, endsNext, ok
}

// spans returns the bytes of the sequences that start at starts, in a
// block, and end at ends, in it, or at endsNext, in the 64 bytes after it:
// in each word, those from each start to its end, the difference of the
// two words.
func spans(starts, ends, endsNext uint64) (lo, hi uint64) {
	lo, borrow := bits.Sub64(ends<<1, starts, 0)
	hi, _ = bits.Sub64(endsNext<<1|ends>>63, 0, borrow)
	return lo, hi
}

// compress copies the bytes of r that keep has, and moves past r.end.
func (c *copier) compress(r *run, keep uint64) bool {
	c.pack(r.b, keep)
	c.nSrc += r.end
	return true
}

// pack writes the bytes of the block b that keep has (PACK).
func (c *copier) pack(b []byte, keep uint64) {
	c.nDst += packBytes(c.dst[c.nDst:], b, keep)
}

// packBytes writes to dst the bytes of b that keep has, in order, and
// returns how many.
func packBytes(dst, b []byte, keep uint64) (n int) {
	for f := keep; f != 0; f &= f - 1 {
		dst[n] = b[firstBit(f)]
		n++
	}
	return n
}

// plainCSIs returns the ESCs in r.end, and, if every flag is one of them
// and each starts ESC [ at 61 at the latest, the parameter bytes of the
// block and their sum with the first place of each sequence's
// (PLAIN_CSIS): the carry has run through the parameters of each and
// stopped on the byte after them, unless it ran out of the block.
func plainCSIs(r *run) (escs, params, sum uint64, ok bool) {
	escs = bytesOf(r.b, 0x1B) & below(r.end)
	if r.flags&^escs != 0 || escs>>62 != 0 || escs&^(bytesOf(r.b, '[')>>1) != 0 {
		return escs, 0, 0, false
	}
	params = paramBytes(r.b)
	sum, carry := bits.Add64(escs<<2, params, 0)
	return escs, params, sum, carry == 0
}

// oscs returns what csis keeps of a block with OSC sequences, each from
// ESC ] (osc) to its first BEL or ST in r.end with no other control in
// it, dropped with the CSI sequences of the plain form that the block
// holds, every ESC starting one or ending one, and no flag but those ESCs
// and the BELs that end them (csisOSC).
func oscs(r *run, escs, osc uint64) (keep uint64, ok bool) {
	b := r.b
	csi := escs & (bytesOf(b, '[') >> 1)
	st := escs & (bytesOf(b, '\\') >> 1)
	term := bytesOf(b, 0x07) | st<<1
	ends := (^term + osc) & term // where the carry from each ESC stops
	if bits.OnesCount64(ends) != bits.OnesCount64(osc) || st&^(ends>>1) != 0 {
		return 0, false
	}
	known := st | csi | osc | ends
	if r.flags&^known != 0 {
		return 0, false
	}
	oscBytes := ends<<1 - osc
	if controls(b)&oscBytes&^known != 0 || csi>>62 != 0 {
		return 0, false
	}
	params := paramBytes(b)
	sum, carry := bits.Add64(csi<<2, params, 0)
	if carry != 0 {
		return 0, false
	}
	sum &^= params
	if sum&^finalBytes(b) != 0 {
		return 0, false
	}
	csiBytes := sum<<1 - csi
	if csiBytes&oscBytes != 0 {
		return 0, false
	}
	return below(r.end) &^ (oscBytes | csiBytes), true
}

// keeps is escapes under KeepColors: a block whose flags are all ESCs
// that start SGR sequences that keepsBlock takes is copied whole; where
// that fails, a whole block starts a run of blocks (keepsRun), and where
// that takes nothing, the block up to its last ESC, if that is not its
// first byte, is tried once more, the next block starting there. A block
// without ESCs goes to expand; anything else to escape, as it was.
func (c *copier) keeps(r *run) bool {
	end, flags := r.end, r.flags
	for second := false; ; second = true {
		escs, params, sum, ok := plainCSIs(r)
		switch {
		case ok && c.keepsBlock(r, escs, params&^sum, sum&^params):
			return c.copyRest(r, r.end)
		case escs == 0 && !second:
			return c.expand(r)
		case !second && r.end == 64 && c.keepsRun(r):
			return true
		case escs == 0:
			return c.escape(r)
		case second:
			r.end, r.flags = end, flags
			return c.escape(r)
		}
		last := 63 - bits.LeadingZeros64(escs)
		if last <= 0 {
			return c.escape(r)
		}
		r.end = last
		r.flags &= below(last)
		if r.flags == 0 {
			return c.rest(r)
		}
	}
}

// keepsBlock reports whether the sequences of r, whose ESCs are escs,
// whose parameters the carry went through are params and whose final
// bytes are finals, are all SGR sequences that the kernel keeps as sgr
// would: parameters of digits and ; alone and no 8 that may be conceal;
// and it notes what the last leaves on. With kernelLineFeed, attributes
// must be off at every line feed. All of it is worked out on the block's
// masks at once, without a branch on what each sequence holds (keeps
// and keepsState in the kernel).
func (c *copier) keepsBlock(r *run, escs, params, finals uint64) bool {
	b := r.b
	if finals&^bytesOf(b, 'm') != 0 || params&keepsBad(b) != 0 {
		return false
	}
	// Where the carry through the zeros after each [ or ; stops: on a
	// final byte, the last parameter is all zeros or empty, a reset
	// where it is an operation; on an 8 that no digit follows, the
	// parameter is 8, conceal.
	var seps uint64 // bytes whose low half is B: [ and ; among these
	for i, x := range b {
		if x&0x0F == 0x0B {
			seps |= 1 << i
		}
	}
	zeros := bytesOf(b, '0')
	ends := (seps<<1 + zeros) &^ zeros
	resets := finals & ends
	if eights := bytesOf(b, '8') & params; eights != 0 {
		if ends&eights&^((params&^seps)>>1) != 0 {
			return false // conceal
		}
		// A sequence with an 8 may set a colour (38, 48, 58), whose
		// last argument may be 0: what looks like a reset there is left
		// to sgr. The carry from each ESC through its bytes but its 8s
		// stops on its final byte only if it has none.
		q := escs | escs<<1 | params&^eights
		if resets&^((escs+q)&^q) != 0 {
			return false
		}
	}
	if c.k.mode&kernelColors == 0 {
		return true
	}
	// The bytes with attributes on: from after each sequence that leaves
	// them on (or the block's start, if they were) up to the next final
	// byte, where the carry through the bytes that are none stops.
	on := finals &^ resets
	none := ^finals
	var in uint64
	if c.colored {
		in = 1
	}
	sum, carry := bits.Add64(none, on<<1|in, 0)
	lit := (sum ^ none) & none
	if c.k.mode&kernelLineFeed != 0 && lit&bytesOf(b, '\n')&below(r.end) != 0 {
		return false // the reset goes first
	}
	c.setColored(carry|on>>63 != 0)
	return true
}

// keepsBad returns the bytes of b that keeps leaves to sgr among the
// parameter bytes: :, and < = > ? (keepsBad in the kernel).
func keepsBad(b []byte) (m uint64) {
	for i, c := range b {
		switch c {
		case ':', '<', '=', '>', '?':
			m |= 1 << i
		}
	}
	return m
}

// paramBytes returns the bytes of b from 30 to 3F, as bits.
func paramBytes(b []byte) (m uint64) {
	for i, c := range b {
		if c&0xF0 == 0x30 {
			m |= 1 << i
		}
	}
	return m
}

// finalBytes returns the bytes of b from 40 to 7E, as bits.
func finalBytes(b []byte) (m uint64) {
	for i, c := range b {
		if 0x40 <= c && c < 0x7F {
			m |= 1 << i
		}
	}
	return m
}

// bytesAbove returns the bits of the bytes of b above x.
func bytesAbove(b []byte, x byte) (m uint64) {
	for i, c := range b {
		if c > x {
			m |= 1 << i
		}
	}
	return m
}

// controls returns the bytes of b below 20, as bits.
func controls(b []byte) (m uint64) {
	for i, c := range b {
		if c < 0x20 {
			m |= 1 << i
		}
	}
	return m
}
