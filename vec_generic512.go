package sanitize

import "math/bits"

// This file holds the AVX-512 kernel that copies (veccopy512_amd64.s)
// written in Go, block for block, as vec_generic.go holds the others: the
// same blocks of 64 bytes, each taken as if after ASCII, the same flags
// (vecTables.copyFlags), the same paths through a block, and so the same
// place to stop, the same output and the same state after it. Its paths
// for sequences and colours are in vec_generic_seq.go, and those for
// emoji in vec_generic_emoji.go.

// copier is vecCopy512Go at work: what it has written and read, and what
// the kernel keeps in its locals across blocks.
type copier struct {
	dst, src   []byte
	nDst, nSrc int
	v          *vecTables
	esc        *escapeTable
	k          *kernelSeq
	// colored: attributes are on after a kept SGR sequence (colored-16 in
	// the kernel, kernelSeq.colored in and out); watch: and line feeds
	// pass raw, so that every block goes through escapes to look for one
	// (watch-48), from the start of a call if they are on then.
	colored, watch bool
}

// run is what the kernel does with the current block: the bytes b, from
// from up to end, with the flags left in flags (R12, R10 and BX in the
// kernel's escapes).
type run struct {
	b         []byte
	from, end int
	flags     uint64
}

// vecCopy512Go is vecCopy512: it copies src to dst in blocks of 64 bytes
// that fit whole in both. A block with nothing flagged is copied, less a
// character left open at its end, which starts the next block. A block
// whose only flags are escaped ASCII bytes is copied with their escapes up
// to such a character (escapes); with sequences recognized, its ESCs are
// looked at there too. With emoji tables, the joiners, selectors and tags
// that pass in context are taken out of the flags of any other block
// first (emojis). Any other block: the bytes before its first flag are
// copied, less a character that the flag cuts off, and what is there is
// handled as other says. It writes nothing after dst[:nDst], and leaves
// in k.colored whether attributes are on.
func vecCopy512Go(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int) {
	c := &copier{dst: dst, src: src, v: v, esc: esc, k: k}
	c.setColored(k.colored != 0)
	for c.nSrc+64 <= len(src) && c.nDst+64 <= len(dst) {
		if !c.block() {
			break
		}
	}
	k.colored = 0
	if c.colored {
		k.colored = 1
	}
	return c.nDst, c.nSrc
}

// block copies the block at nSrc, and reports whether the kernel goes on
// to the next.
func (c *copier) block() bool {
	b := c.src[c.nSrc : c.nSrc+64]
	all, other := c.v.copyFlags(b, 0, copy512)
	switch {
	case all == 0 && !c.watch:
		n := openEnd(b)
		c.nDst += copy(c.dst[c.nDst:], b[:n])
		c.nSrc += n
		return true
	case other == 0:
		return c.escapes(&run{b: b, end: openEnd(b), flags: all})
	case c.k.emoji != nil:
		return c.emojis(b, all, other)
	}
	return c.other(b, all)
}

// escapes copies the block r, whose only flags are escaped ASCII bytes,
// with their escapes, up to r.end: under KeepColors, first as keeps says;
// else at once, if every escape is two bytes, nothing is watched and all
// of it fits; else as escape says, or csis under StripSequences alone.
func (c *copier) escapes(r *run) bool {
	switch {
	case r.flags == 0:
		return c.rest(r) // a block that the watch sends here
	case c.k.mode&kernelKeep != 0:
		return c.keeps(r)
	}
	return c.expand(r)
}

// expand escapes the block r whole where it can (expand in the kernel),
// and else goes one escape at a time.
func (c *copier) expand(r *run) bool {
	two := !c.watch && c.nDst+r.end+bits.OnesCount64(r.flags) <= len(c.dst)
	for f := r.flags; f != 0 && two; f &= f - 1 {
		two = c.esc.first[r.b[firstBit(f)]] != 0
	}
	if !two {
		return c.escapesOne(r)
	}
	for i, b := range r.b[:r.end] {
		if r.flags&(1<<i) != 0 {
			c.nDst += copy(c.dst[c.nDst:], c.esc.texts[b].text[:2])
		} else {
			c.dst[c.nDst] = b
			c.nDst++
		}
	}
	c.nSrc += r.end
	return true
}

// escapesOne goes one escape at a time: csis under StripSequences alone,
// else escape.
func (c *copier) escapesOne(r *run) bool {
	if c.k.mode == kernelStrip {
		return c.csis(r)
	}
	return c.escape(r)
}

// escape copies the clean bytes before each flag and writes its escape,
// stopping before them where they and eight bytes more do not fit, or
// before a raw line feed among them while the watch is on; an ESC, whose
// escape the table leaves out, goes to csi. Then rest copies what is
// left up to r.end.
func (c *copier) escape(r *run) bool {
	for r.flags != 0 {
		at := firstBit(r.flags)
		if c.watch {
			if lf := lineFeeds(r.b, r.from, at); lf != 0 {
				c.copyRest(r, firstBit(lf))
				return false
			}
		}
		if c.nDst+at-r.from+8 > len(c.dst) {
			c.nSrc += r.from
			return false
		}
		c.nDst += copy(c.dst[c.nDst:], r.b[r.from:at])
		e := &c.esc.texts[r.b[at]]
		if e.n == 0 {
			switch c.csi(r, at) {
			case csiNext:
				return true
			case csiStop:
				return false
			case csiEscape:
				e = c.k.esc
			case csiSkipped:
				continue
			case csiAgain:
				if r.flags == 0 || c.k.mode&kernelKeep == 0 || c.watch {
					continue
				}
				// The block ends at the next flag, for keeps to take
				// the rest whole.
				return c.copyRest(r, firstBit(r.flags))
			}
		}
		c.nDst += copy(c.dst[c.nDst:], e.text[:e.n])
		r.from = at + 1
		r.flags &= r.flags - 1
	}
	return c.rest(r)
}

// rest copies the clean bytes of r after the last escape up to r.end, or
// up to a raw line feed while the watch is on, for the caller to write
// the reset before it.
func (c *copier) rest(r *run) bool {
	if c.watch {
		if lf := lineFeeds(r.b, r.from, r.end); lf != 0 {
			c.copyRest(r, firstBit(lf))
			return false
		}
	}
	return c.copyRest(r, r.end)
}

// copyRest copies the bytes of r from r.from up to end and moves past
// them, if they fit (COPY_REST); else it stops at r.from. It reports
// whether they did.
func (c *copier) copyRest(r *run, end int) bool {
	if c.nDst+end-r.from > len(c.dst) {
		c.nSrc += r.from
		return false
	}
	c.nDst += copy(c.dst[c.nDst:], r.b[r.from:end])
	c.nSrc += end
	return true
}

// other handles a block with a flag that is not an escaped ASCII byte,
// whose flags are all: the clean bytes before the first flag are copied,
// less a character that it cuts off, or up to a raw line feed among them
// while the watch is on, where the copy ends. Then an escaped ASCII byte
// has its escape written, if it has one and it fits, and a maximal
// subpart of ill-formed input is replaced or escaped as k.invalid says,
// followed by every subpart of one byte right after it, where 24 bytes
// of dst are left for each; the next block starts after them. Anything
// else, such as a character flagged for its class, a C1 control, or a
// subpart that src may cut off, ends the copy there.
func (c *copier) other(b []byte, all uint64) bool {
	start := cutOff(b, firstBit(all))
	if c.watch {
		if lf := lineFeeds(b, 0, start); lf != 0 {
			c.nDst += copy(c.dst[c.nDst:], b[:firstBit(lf)])
			c.nSrc += firstBit(lf)
			return false
		}
	}
	c.nDst += copy(c.dst[c.nDst:], b[:start])
	c.nSrc += start
	if ch := c.src[c.nSrc]; ch < 0x80 {
		e := &c.esc.texts[ch]
		if e.n == 0 || c.nDst+int(e.n) > len(c.dst) {
			return false
		}
		c.nDst += copy(c.dst[c.nDst:], e.text[:e.n])
		c.nSrc++
		return true
	}
	if c.k.invalid == 0 || c.nDst+24 > len(c.dst) {
		return false
	}
	n := subpart(c.src[c.nSrc:])
	if n == 0 {
		return false
	}
	for n > 0 {
		c.nDst += writeSubpart(c.dst[c.nDst:], c.src[c.nSrc:c.nSrc+n], c.esc, c.k)
		c.nSrc += n
		n = 0
		if c.nSrc < len(c.src) && c.nDst+24 <= len(c.dst) {
			if ch := c.src[c.nSrc]; ch >= 0x80 && leads[ch].size == 0 {
				n = 1
			}
		}
	}
	return true
}

// lineFeeds returns the line feeds of b from from up to to, as bits.
func lineFeeds(b []byte, from, to int) uint64 {
	return bytesOf(b, '\n') & below(to) &^ below(from)
}

// bytesOf returns the bytes of b equal to x, as bits.
func bytesOf(b []byte, x byte) (m uint64) {
	for i, c := range b {
		if c == x {
			m |= 1 << i
		}
	}
	return m
}

// below returns the bits under bit n, every one from 64 up, as BZHI does.
func below(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// subpart returns the length of the maximal subpart of ill-formed input
// that p, which starts with a byte from 80 up, starts with, as decode finds
// it and vecCopy512 from the same rows of Table 3-7 (leadRows); or 0
// where p starts with a character, or with a subpart that the end of p
// may cut off.
func subpart(p []byte) int {
	if _, size, f := decode(p, false); f != 0 {
		return size
	}
	return 0
}

// writeSubpart writes the subpart p as k.invalid says, U+FFFD or each byte
// escaped, and returns how many bytes it wrote.
func writeSubpart(dst, p []byte, esc *escapeTable, k *kernelSeq) int {
	if k.invalid == kernelReplace {
		return copy(dst, "\uFFFD")
	}
	n := 0
	for _, c := range p {
		e := &esc.invalid[c-0x80]
		n += copy(dst[n:], e.text[:e.n])
	}
	return n
}
