package sanitize

import "math/bits"

// The run of blocks that keeps SGR sequences where the AVX2 kernel runs.
//
// Under KeepColors, the AVX-512 kernel copies a block whose sequences are
// all SGR sequences that it keeps, and carries from block to block what
// one leaves open (keepsRun in veccopy512_amd64.s). The AVX2 kernel stops
// at each ESC, and copySequences had taken each sequence and the short
// text after it in Go: a coloured log went at 0.55 GB/s there.
// keepRun256 (keeprun_amd64.s) is a simpler run for those processors:
// step after step of 64 bytes, each ASCII, whose flags are all ESCs that
// start SGR sequences that keepsBlock takes, as the AVX-512 kernel's
// block loop takes a block alone (keeps), it copies them as they are;
// else, under StripSequences too, a step whose other sequences are OSC
// sequences is copied without them (keepsStepOSCs), and under KeepColors
// alone, a step whose other flags all have escapes is copied with them
// escaped (keepsStepOthers), an ESC that starts another sequence among
// them, as the recognizer escapes it. A step whose last sequence runs
// past its end stops before that sequence's ESC, and the next starts
// there, so that no step carries anything to the next but whether
// attributes are on. Anything else ends the run, where the recognizer
// goes on as before. Its stores of 64 bytes run past the end of a step
// that is cut, so it writes into a scratch buffer, as stripRun does.

// keepRunGo is what keepRun256 does, the Go version the tests hold it to:
// from the start of src, while 64 bytes are in src and dst has room for
// 128, it copies each step, a block of 64 bytes or the bytes before its
// last ESC where the sequence that starts there runs past the block,
// that keepsBlock takes with the options of k.mode (kernelColors,
// kernelLineFeed), with attributes on at the start if on is; or else,
// under kernelStrip, without its OSC sequences (keepsStepOSCs), and
// without it, with its other flags escaped (keepsStepOthers: from esc,
// and an ESC's from k.esc), where 128 bytes are in src. It returns how
// much it wrote and read, and whether attributes are on at the end.
func keepRunGo(dst, src []byte, v *vecTables, esc *escapeTable, k kernelSeq, on bool) (nDst, nSrc int, colored bool) {
	c := copier{v: v, esc: esc, k: &k}
	mode := k.mode
	c.setColored(on)
	for nSrc+64 <= len(src) && nDst+2*64 <= len(dst) {
		b := src[nSrc : nSrc+64]
		if !isASCII(b) {
			break
		}
		escs, end := bytesOf(b, 0x1B), 64
		if _, carry := bits.Add64(escs<<2, paramBytes(b), 0); carry != 0 || escs>>62 != 0 {
			end = 63 - bits.LeadingZeros64(escs) // the last sequence runs past: the next step starts with it
		}
		if osc := escs & (bytesOf(b, ']') >> 1); mode&kernelStrip != 0 && osc != 0 {
			// So does an OSC sequence that does not end in the block.
			last := 63 - bits.LeadingZeros64(osc)
			if term := bytesOf(b, 0x07) | escs&(bytesOf(b, '\\')>>1)<<1; term&^below(last+1) == 0 {
				end = min(end, last)
			}
		}
		if end <= 0 {
			break
		}
		r := run{b: b, end: end, flags: v.escapedIn(b) & below(end)}
		escs, params, sum, ok := plainCSIs(&r)
		switch {
		case ok && c.keepsBlock(&r, escs, params&^sum, sum&^params):
			nDst += copy(dst[nDst:], b[:end])
		case mode&kernelStrip == 0:
			csi, others, ok := c.keepsStepOthers(&r)
			if !ok || nSrc+2*64 > len(src) || nDst+2*64+7*bits.OnesCount64(others) > len(dst) || !c.keepsSGRs(&r, csi) {
				return nDst, nSrc, c.colored
			}
			nDst += c.copyEscaped(dst[nDst:], b[:end], others)
		default:
			drop, ok := c.keepsStepOSCs(&r)
			if !ok {
				return nDst, nSrc, c.colored
			}
			nDst += packBytes(dst[nDst:], b, below(end)&^drop)
		}
		nSrc += end
	}
	return nDst, nSrc, c.colored
}

// keepsStepOSCs is keepRunGo's second try at the step r under
// StripSequences too: OSC sequences, each from ESC ] to its first BEL or
// ST (ESC \) in the step with no other control inside, as oscs takes
// them, which it drops; every other ESC starting an SGR sequence that
// keepsBlock takes, none inside one of those; and no flag but those ESCs
// and the BELs that end OSC sequences. It returns the bytes to drop, and
// whether it takes the step.
func (c *copier) keepsStepOSCs(r *run) (drop uint64, ok bool) {
	b, live := r.b, below(r.end)
	escs := bytesOf(b, 0x1B) & live
	osc := escs & (bytesOf(b, ']') >> 1)
	st := escs & (bytesOf(b, '\\') >> 1)
	csi := escs &^ (osc | st)
	term := (bytesOf(b, 0x07) | st<<1) & live
	sum, carry := bits.Add64(^term, osc, 0)
	ends := sum & term // where the carry from each ESC stops
	if osc == 0 || carry != 0 || bits.OnesCount64(ends) != bits.OnesCount64(osc) || st&^(ends>>1) != 0 {
		return 0, false
	}
	known := st | osc | csi | ends
	drop = ends<<1 - osc
	if r.flags&^known != 0 || controls(b)&drop&^known != 0 {
		return 0, false
	}
	if csi>>62 != 0 || csi&^(bytesOf(b, '[')>>1) != 0 {
		return 0, false
	}
	params := paramBytes(b)
	sum, carry = bits.Add64(csi<<2, params, 0)
	finals := sum &^ params
	if carry != 0 || (finals<<1-csi)&drop != 0 || !c.keepsBlock(r, csi, params&^sum, finals) {
		return 0, false
	}
	return drop, true
}

// keepsStepOthers is keepRunGo's second try at the step r under
// KeepColors alone, as keepsStep's: it returns the ESCs that [ follows,
// which must start SGR sequences that keepsBlock takes (keepsSGRs), and
// every other flag, an ESC that starts another sequence among them,
// which the recognizer escapes as a character too; and whether there are
// such flags, each with an escape (keepsEscapes).
func (c *copier) keepsStepOthers(r *run) (csi, others uint64, ok bool) {
	b := r.b
	csi = bytesOf(b, 0x1B) & below(r.end) & (bytesOf(b, '[') >> 1)
	others = r.flags &^ csi
	return csi, others, others != 0 && c.keepsEscapes(b, others)
}

// keepsSGRs reports whether the ESCs csi of the step r all start SGR
// sequences that keepsBlock takes, ending in the step, and notes what
// they leave on, as keepsBlock does.
func (c *copier) keepsSGRs(r *run, csi uint64) bool {
	params := paramBytes(r.b)
	sum, carry := bits.Add64(csi<<2, params, 0)
	return csi>>62 == 0 && carry == 0 && c.keepsBlock(r, csi, params&^sum, sum&^params)
}

// keepConsts are keepRun256's constants, each a vector of 32 bytes: m, 0,
// 8, line feed, B; by the low half of a parameter byte (30–3F) 0x80 for
// those that keeps leaves to sgr, :, and < = > ? (keepsBad); and ], \,
// BEL and 1F, the last of the C0 controls.
var keepConsts = func() (t [10][32]byte) {
	for i := range 32 {
		t[0][i], t[1][i], t[2][i], t[3][i], t[4][i] = 'm', '0', '8', '\n', 0x0B
		t[6][i], t[7][i], t[8][i], t[9][i] = ']', '\\', 0x07, 0x1F
		switch i & 15 {
		case 0xA, 0xC, 0xD, 0xE, 0xF:
			t[5][i] = 0x80
		}
	}
	return t
}()
