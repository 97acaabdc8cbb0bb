package sanitize

import "math/bits"

// The run of blocks that strips CSI sequences where the AVX2 kernel runs.
//
// Under StripSequences alone, the AVX-512 kernel drops the CSI sequences
// of the plain form itself, block after block (csisRun in
// veccopy512_amd64.s). The AVX2 kernel stops at each ESC, and
// copySequences had taken each sequence and the short text after it in
// Go: a coloured log, with a sequence every 15 bytes, went at 0.8 GB/s
// there, a fifteenth of the AVX-512 kernel's speed, on most processors in
// service (those without AVX-512: AMD's before Zen 4, Intel's client
// cores, and the Xeons before Ice Lake, which the AVX-512 kernel leaves
// out for want of VBMI2). stripRun256 (striprun_amd64.s) is that run for
// them: each block of 64 bytes, two of 32, is ASCII, and its only flags
// are ESCs that start CSI sequences of the plain form, ESC [, parameter
// bytes 30–3F, a final byte 40–7E, each ending in the block but the last,
// which may end in the next (acrossCSIs); or, where a block has others,
// ESCs that start OSC sequences too, ended by BEL or ST with no other
// control inside, and the ESCs and BELs of their ends (acrossOSCs), as
// the hyperlinks and titles of a coloured log. It writes what is outside
// them, and the next block skips the bytes the last took. Anything else
// ends the run, at the start of the block, or past the sequence that
// took its first bytes, and the recognizer goes on from there as before.
//
// AVX2 has no instruction that packs the bytes of a mask as VPCOMPRESSB
// does: the run packs each eight bytes with a shuffle looked up by their
// eight bits (packShuffles) and stores all eight, the next group
// overwriting what is past the bytes kept, so that it writes up to eight
// bytes past its output. It writes into a scratch buffer, and
// runBlocks copies what it kept: Transform writes nothing past what it
// reports.

// stripRunGo is what stripRun256 does, the Go version the tests hold it
// to: from the start of src, while a block of 64 bytes and the 64 after
// it are in src and dst has room for 128 bytes, it writes to dst the bytes
// of each block that acrossCSIs keeps, or else acrossOSCs, but for the
// bytes of a sequence of the block before, and returns how much it wrote
// and read.
func stripRunGo(dst, src []byte, v *vecTables) (nDst, nSrc int) {
	skip := 0
	for nSrc+2*64 <= len(src) && nDst+2*64 <= len(dst) {
		b, next := src[nSrc:nSrc+64], src[nSrc+64:nSrc+128]
		if !isASCII(b) {
			break
		}
		flags := v.escapedIn(b)
		keep, tail, ok := acrossCSIs(b, next, flags)
		if !ok {
			keep, tail, ok = acrossOSCs(b, next, flags, skip)
		}
		if !ok {
			break
		}
		nDst += packBytes(dst[nDst:], b, keep&^below(skip))
		nSrc += 64
		skip = tail
	}
	return nDst, nSrc + skip
}

// packShuffles holds, for each mask of eight bytes, the places of the
// bytes it has, in order, as VPSHUFB takes them: byte i of entry m is the
// place of the i-th bit set in m, and 0x80 (a zero) past the last.
var packShuffles = func() (t [256]uint64) {
	for m := range t {
		e, i := uint64(0x8080808080808080), 0
		for f := uint(m); f != 0; f &= f - 1 {
			e = e&^(0xFF<<(8*i)) | uint64(bits.TrailingZeros(f))<<(8*i)
			i++
		}
		t[m] = e
	}
	return t
}()

// runMin is the least src and dst that copySequences gives the runs
// (runBlocks): a block and the one after it, and a block's room to write.
const runMin = 2 * 64

// runBlocks is copySequences' run of blocks where the AVX2 kernel runs:
// stripRun under StripSequences alone, keepRun under KeepColors, noting
// in t.colored whether the sequences it keeps leave attributes on. It
// returns how much it wrote to dst and read from src. The runs write past
// what they keep, so it writes through the sanitizer's scratch buffer
// where a reader or a writer of this package owns it, as spanKernel
// does, and else through 1 KiB on the stack, and copies what they kept.
func (t *sanitizer) runBlocks(dst, src []byte) (nDst, nSrc int) {
	if s := t.ownScratch(len(src)); s != nil {
		return t.runWith(s, dst, src)
	}
	var small [1 << 10]byte // zeroed only where it is used
	return t.runWith(small[:], dst, src)
}

// runWith is runBlocks with the scratch buffer given.
func (t *sanitizer) runWith(scratch, dst, src []byte) (nDst, nSrc int) {
	for {
		// A run needs room for a block and for what it writes past it,
		// runMin bytes, and keeps no more than room-64: no more than
		// dst holds.
		room := min(len(scratch), len(dst)-nDst+64)
		var d, s int
		if t.stripRun {
			d, s = stripRun(scratch[:room], src[nSrc:], t.set.vec)
		} else {
			d, s, t.colored = keepRun(scratch[:room], src[nSrc:], t.set.vec, t.esc, t.kseq, t.colored)
		}
		nDst += copy(dst[nDst:], scratch[:d])
		nSrc += s
		if s == 0 || room < len(scratch) || d+runMin <= room {
			return nDst, nSrc // at something it does not take, or dst is full
		}
	}
}
