package sanitize

import (
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// This file holds the paths of the AVX-512 kernel that copies for emoji
// (veccopy512_amd64.s, emojis and EMOJIS_VEC) written in Go, as
// vecCopy512Go takes them: with the invisible classes, the joiners,
// selectors and tags of emoji that pass where they stand (emojikernel.go)
// are taken out of a block's flags, and the block goes on as the others.

// emojis takes out of the flags all of the block b, and other, those that
// are not escaped ASCII bytes, the joiners, selectors and tags that pass
// in context (emojiFlag): at once where the byte before the first is 80,
// B8 or F3, as before a joiner, a selector or a tag (emojiVecGo; or,
// where the first is a joiner or a non-joiner after a character led by
// E0, viramaVecGo, and where it is another non-joiner, nonJoinerVecGo),
// then flag by flag from the first left, up to the first that does not
// pass. A block whose flags all pass a pass over joiners of scripts, or
// over emoji, with no escaped ASCII byte and nothing watched, starts a
// run of such blocks instead (joiners, chats).
// A block that ends in a run of characters that are not ASCII from 32 on
// ends before it where every flag before has passed, and so does one
// whose tags after U+1F3F4 run past it: the next block holds their
// context. What is left goes to escapes if only escaped ASCII bytes are,
// else to other.
func (c *copier) emojis(b []byte, all, other uint64) bool {
	w, at := c.window()
	flags, passed := other, uint64(0)
	if k := firstBit(flags); k >= 1 && (b[k-1] == 0x80 || b[k-1] == 0xB8 || b[k-1] == 0xF3) {
		var inRun joinerPass
		switch {
		case b[k-1] == 0x80 && (b[k] == 0x8C || b[k] == 0x8D) && k >= 5 && b[k-5] == 0xE0:
			// A joiner or a non-joiner after a character of three
			// bytes led by E0, as after a virama.
			passed, inRun = viramaVecGo((*[64]byte)(b), flags, c.k.emoji), viramasRun
		case b[k-1] == 0x80 && b[k] == 0x8C: // a non-joiner, as in Persian text
			passed, inRun = nonJoinerVecGo((*[64]byte)(b), flags, c.k.emoji), nonJoinersRun
		default:
			passed = emojiVecGo((*[64]byte)(b), flags, c.k.emoji)
		}
		// A block whose flags all pass a pass over joiners, none an
		// escaped ASCII byte, starts a run of such blocks.
		if inRun != nil && passed == flags && all == other && !c.watch {
			return c.joiners(b, inRun)
		}
		flags &^= passed
		// A block whose flags all pass the pass over emoji, none an
		// escaped ASCII byte, starts a run of chat text.
		if flags == 0 && all == other && !c.watch {
			return c.chats(b, 0)
		}
		end := tailStart(b)
		if 32 <= end && end < 64 && flags&below(end) == 0 {
			return c.escapes(&run{b: b, end: end, flags: all &^ passed & below(end)})
		}
	}
	for flags != 0 {
		pass, cut := c.emojiFlag(w, at, firstBit(flags))
		if cut >= 0 {
			return c.escapes(&run{b: b, end: cut, flags: all &^ passed & below(cut)})
		}
		if pass == 0 {
			break
		}
		passed |= pass
		flags &^= pass
	}
	all &^= passed
	if other&^passed == 0 {
		return c.escapes(&run{b: b, end: openEnd(b), flags: all})
	}
	return c.other(b, all)
}

// joinerPass is the pass of a run of joiners over the flags of the block
// at w[at:], which may look at the bytes of w before it and up to its end:
// nonJoinersRun or viramasRun. It returns those that pass.
type joinerPass func(w []byte, at int, flags uint64, e *emojiTables) uint64

// joiners copies the block b, whose flags all pass, none an escaped ASCII
// byte, up to a character left open at its end, and goes on from there with
// a run of well-formed blocks of 64 bytes, one right after the other, whose
// flags are all joiners that pass (joiners in the kernel): non-joiners that
// nonJoinersRun passes where the run started with those, and joiners and
// non-joiners after viramas, that viramasRun passes, where it started with
// those. Each block is checked with the three bytes before it, and each
// pair flagged at the byte after it, as the scan flags them (scan512), so
// that a character cut by the end of a block has its flag in the next; the
// flags of non-joiners at the last two bytes, whose letter after is in the
// next block, pass or not there. A block is written once the next has
// passed. Where one fails, or at the end of src or dst, the block before is
// written up to a character boundary at or before its byte 60, all before
// which it decided itself, and the run stops there; the caller goes on as
// it would have.
func (c *copier) joiners(b []byte, pass joinerPass) bool {
	n := openEnd(b)
	c.nDst += copy(c.dst[c.nDst:], b[:n])
	c.nSrc += n
	held := false   // the block at c.nSrc passed, and is not yet written
	var pend uint64 // its flags at its last two bytes, left to the next
	for {
		at, dat := c.nSrc, c.nDst
		if held {
			at, dat = at+64, dat+64
		}
		if at+65 > len(c.src) || dat+64 > len(c.dst) {
			break
		}
		left, ok := joinerBlock(c.v, c.k.emoji, c.src, at, pass, pend)
		if !ok {
			break
		}
		if held {
			c.nDst += copy(c.dst[c.nDst:], c.src[c.nSrc:c.nSrc+64])
			c.nSrc += 64
		}
		held, pend = true, left
	}
	if held {
		r := charStartBefore(c.src[c.nSrc:c.nSrc+64], 60)
		c.nDst += copy(c.dst[c.nDst:], c.src[c.nSrc:c.nSrc+r])
		c.nSrc += r
	}
	return true
}

// joinerBlock reports whether the block of src at at passes in a run of
// joiners under pass (JOINERS_BLOCK and NONJOINERS_STEP or VIRAMAS_STEP),
// with pend the flags that the block before left at its last two bytes,
// and returns those that it leaves to the next. It reads the six bytes
// before the block. It takes a lead byte from F0 up as an error, as the
// runs do (runErrorsAfter), which is exact where a run starts, after
// complete characters, and after each block that passed.
func joinerBlock(v *vecTables, e *emojiTables, src []byte, at int, pass joinerPass, pend uint64) (left uint64, ok bool) {
	next := src[at : at+64]
	// The escaped ASCII bytes apart, as JOINERS_BLOCK tests them: in the
	// scan's form the flag of a pair led by C0–DF falls on the byte after
	// it, which may be one, and flags would have it in other alone.
	esc := v.escapedIn(next)
	for i, c := range next {
		if c >= 0x80 {
			esc &^= 1 << i // escapedIn takes every byte as ASCII
		}
	}
	if esc != 0 || v.runErrorsAfter(next, [2]byte{src[at-2], src[at-1]}) != 0 {
		return 0, false
	}
	// The pairs alone, at the byte after each: flags would add the
	// bytes that CHECK512_ERRS finds ill-formed, which RUN_ERRS need
	// not where a lead from F0 up is three back, before at.
	var other uint64
	for i, c := range next {
		if v.pairAfter512(c, src[at+i-1], src[at+i-2]) {
			other |= 1 << i
		}
	}
	w := src[:at+64]
	if pend != 0 && pass(w, at-64, pend, e) != pend {
		return 0, false
	}
	left = other &^ pass(w, at, other, e)
	return left, left&^(3<<62) == 0
}

// joinerScanGo is joinerScan512 in Go: the run of joiners from p[at] under
// the pass over joiners after viramas or over non-joiners between letters,
// with nothing written, up to the character that holds byte 60 of the
// block before the first that fails or is within 65 bytes of the end of
// p; at where no block passes.
func joinerScanGo(p []byte, at int, v *vecTables, e *emojiTables, viramas bool) int {
	pass := joinerPass(nonJoinersRun)
	if viramas {
		pass = viramasRun
	}
	n := at
	var pend uint64
	for n+65 <= len(p) {
		left, ok := joinerBlock(v, e, p, n, pass, pend)
		if !ok {
			break
		}
		n, pend = n+64, left
	}
	if n == at {
		return at
	}
	return n - 64 + charStartBefore(p[n-64:n], 60)
}

// charStartBefore returns where the character of the well-formed block b
// that holds byte i starts.
func charStartBefore(b []byte, i int) int {
	for b[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

// chats copies the block b, whose flags are all of it and none of which
// is left, and goes on with a run of well-formed blocks whose flags
// emojiVecGo passes (chats in the kernel). Each block is copied up to the
// run of bytes that are not ASCII at its end, if that starts from 32 on
// and holds every flag left, as emojis cuts a block; else up to a
// character left open at its end, if no flag is left. The run stops
// before the first block that is neither, which the caller takes as it
// would have, or at the end of src or dst.
func (c *copier) chats(b []byte, left uint64) bool {
	for {
		n := tailStart(b)
		switch {
		case n < 32 && left == 0:
			n = openEnd(b)
		case n < 32 || left&below(n) != 0:
			return true
		}
		var other uint64
		if b, other = c.runBlock(b, n); b == nil {
			return true
		}
		left = other &^ emojiVecGo((*[64]byte)(b), other, c.k.emoji)
	}
}

// runBlock copies the first n bytes of the block b of a run (joiners,
// chats) and returns the next block and its flags, or nil where the run
// stops: at the end of src or dst, or at a block with an escaped ASCII
// byte or an ill-formed one, for the runs' passes take every block as
// well-formed.
func (c *copier) runBlock(b []byte, n int) (next []byte, flags uint64) {
	c.nDst += copy(c.dst[c.nDst:], b[:n])
	c.nSrc += n
	if c.nSrc+64 > len(c.src) || c.nDst+64 > len(c.dst) {
		return nil, 0
	}
	next = c.src[c.nSrc : c.nSrc+64]
	all, other := c.v.copyFlags(next, 0, copy512)
	if all != other || c.v.errorsIn(next) != 0 {
		return nil, 0
	}
	return next, other
}

// tailStart returns where the run of bytes that are not ASCII at the end
// of the block b starts, or 64 if its last byte is ASCII.
func tailStart(b []byte) int {
	end := 64
	for end > 0 && b[end-1] >= 0x80 {
		end--
	}
	return end
}

// window returns the caller's src, from the kernelSeq.before bytes before
// src, which the emoji paths may read, and where the block starts in it.
func (c *copier) window() (w []byte, at int) {
	w = c.src
	if c.k.before > 0 {
		w = unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c.src)), -c.k.before)), c.k.before+len(c.src))
	}
	return w, c.k.before + c.nSrc
}

// emojiFlag returns the flags that pass with the flag at k of the block at
// w[at:]: a joiner between emoji (joinerPasses), a non-joiner between
// Arabic letters (nonJoinerPasses), a selector of U+FE00–U+FE0F after a
// base (basePasses), or, at the second byte of a
// tag after U+1F3F4, the tags of a recommended flag, if all in the block;
// or none. Where those tags may run past the block, it ends before the
// flag: cut says where, and is -1 if not.
func (c *copier) emojiFlag(w []byte, at, k int) (pass uint64, cut int) {
	b := w[at : at+64]
	switch {
	case k >= 2 && b[k-2] == 0xE2 && b[k-1] == 0x80:
		e := c.k.emoji
		if (b[k] == 0x8D || b[k] == 0x8C) && viramaPasses(w, at+k-2, &e.virama) ||
			b[k] == 0x8D && c.joinerPasses(w, at+k-2, at+k+1) ||
			b[k] == 0x8C && nonJoinerPasses(w, at+k-2, at+k+1, &e.joining) {
			pass = 1 << k
		}
		return pass, -1
	case k >= 2 && b[k-2] == 0xEF && b[k-1] == 0xB8:
		if b[k]&0xF0 == 0x80 && c.basePasses(w, at+k-2) { // not ill-formed, as EF B8 30
			pass = 1 << k
		}
		return pass, -1
	case k < 1 || b[k-1] != 0xF3 || b[k] != 0xA0:
		return 0, -1
	}
	start := k - 1 // the first tag
	if at+start < 4 || string(w[at+start-4:at+start]) != blackFlagUTF8 {
		return 0, -1
	}
	if start > 64-tagTail {
		return 0, start - 4
	}
	if c.k.emoji.isTail(b[start : start+tagTail]) {
		return (1<<tagTail - 1) << start, -1
	}
	return 0, -1
}

// blackFlagUTF8 is U+1F3F4 in UTF-8, before the tags of a flag.
const blackFlagUTF8 = "\U0001F3F4"

// joinerPasses reports whether the joiner from w[p] to w[next] passes: an
// optional U+FE0F after a base before it, then an optional skin tone,
// then an Extended_Pictographic character of the emoji block or of
// U+2000–U+2FFF; after it, another.
func (c *copier) joinerPasses(w []byte, p, next int) bool {
	e := c.k.emoji
	if p < 3 {
		return false
	}
	if w[p-3] == 0xEF && w[p-2] == 0xB8 && w[p-1] == 0x8F {
		if p -= 3; !c.basePasses(w, p) {
			return false
		}
	}
	if r, ok := emojiAt(w, p-4); ok && e.mod.has(r) {
		p -= 4
	}
	if !pictAt(w, p, e) {
		return false
	}
	if r, ok := emojiAt(w, next); ok {
		return e.pict.has(r)
	}
	off, ok := symbolAt(w, next, next+2)
	return ok && e.symbols.bit(off)
}

// basePasses reports whether the character that ends before w[p] is a
// base that the kernel takes (isBase): a printable ASCII character, a
// base of the emoji block, or a symbol of U+2190–U+23FF or
// U+2600–U+27BF.
func (c *copier) basePasses(w []byte, p int) bool {
	if p < 1 {
		return false
	}
	if ch := w[p-1]; ch < 0x80 {
		return '!' <= ch && ch <= '~'
	}
	if r, ok := emojiAt(w, p-4); ok {
		return c.k.emoji.base.has(r)
	}
	off, ok := symbolAt(w, p-3, p-1)
	return ok && (0x190 <= off && off <= 0x3FF || 0x600 <= off && off <= 0x7BF)
}

// pictAt reports whether the character that ends before w[p] is
// Extended_Pictographic, of the emoji block or of U+2000–U+2FFF.
func pictAt(w []byte, p int, e *emojiTables) bool {
	if r, ok := emojiAt(w, p-4); ok {
		return e.pict.has(r)
	}
	off, ok := symbolAt(w, p-3, p-1)
	return ok && e.symbols.bit(off)
}

// emojiAt returns the character of the emoji block at w[i], if there is
// one there, whole in w (EMOJI_IN).
func emojiAt(w []byte, i int) (rune, bool) {
	if i < 0 || i+4 > len(w) || !isEmoji(w[i:i+4]) {
		return 0, false
	}
	return emojiRune(w[i:]), true
}

// symbolAt returns the offset from U+2000 of the character of
// U+2000–U+2FFF whose lead byte is w[lead] and last byte w[last], two on,
// if that is one (SYMBOL_AT).
func symbolAt(w []byte, lead, last int) (int, bool) {
	if lead < 0 || last >= len(w) || w[lead] != 0xE2 || !isCont(w[lead+1]) || !isCont(w[last]) {
		return 0, false
	}
	return int(w[lead+1]&0x3F)<<6 | int(w[last]&0x3F), true
}

// emojiVecGo is EMOJIS_VEC and EMOJIS_TAGS, the kernel's vector pass over
// the emoji of a block, written from the rules (zwjBetweenEmoji,
// selectorPasses, tagRun) rather than from the kernel: of the flags, the
// joiners and selectors U+FE00–U+FE0F that pass in context, where all of
// that context is in the block and every character of it is one that the
// vector tables decide; and the tags of a recommended flag, all of them
// and its U+1F3F4 in the block, where the first flag after F3 is its
// first tag's.
func emojiVecGo(block *[64]byte, flags uint64, e *emojiTables) uint64 {
	b := block[:]
	// last returns the character whose last byte is b[i], if it is whole
	// and well-formed in the block.
	last := func(i int) (rune, bool) {
		if i < 0 {
			return 0, false
		}
		r, size := utf8.DecodeLastRune(b[:i+1])
		return r, size > 1 || r < utf8.RuneSelf
	}
	pict := func(r rune) bool {
		return inEmojiBlock(r) && vecClaims(e, r, vecPict4) || 0x2000 <= r && r <= 0x2FFF && vecClaims(e, r, vecPict3)
	}
	base := func(r rune) bool {
		return '!' <= r && r <= '~' || inEmojiBlock(r) && vecClaims(e, r, vecBase4) ||
			0x2000 <= r && r <= 0x2FFF && vecClaims(e, r, vecBase3)
	}
	var pass uint64
	for f := flags; f != 0; f &= f - 1 {
		k := bits.TrailingZeros64(f)
		if k < 2 {
			continue
		}
		switch {
		case b[k-2] == 0xEF && b[k-1] == 0xB8 && 0x80 <= b[k] && b[k] <= 0x8F: // a selector
			if r, ok := last(k - 3); ok && base(r) {
				pass |= 1 << k
			}
		case b[k-2] == 0xE2 && b[k-1] == 0x80 && b[k] == 0x8D: // a joiner
			end := k - 3
			r, ok := last(end)
			if ok && r == 0xFE0F {
				end -= 3
				r, ok = last(end)
				ok = ok && base(r)
			}
			if ok && inEmojiBlock(r) && vecClaims(e, r, vecMod4) {
				end -= 4
				r, ok = last(end)
			}
			if !ok || !pict(r) {
				continue
			}
			next, size := utf8.DecodeRune(b[k+1:])
			if size > 1 && pict(next) {
				pass |= 1 << k
			}
		}
	}
	// The tags of a recommended flag, if the first flag after F3 is the
	// second byte of the first tag after U+1F3F4, and all of it is in the
	// block (EMOJIS_TAGS).
	for f := flags; f != 0; f &= f - 1 {
		k := bits.TrailingZeros64(f)
		if k < 1 || b[k-1] != 0xF3 {
			continue
		}
		p := k - 1
		if 4 <= p && p <= 64-tagTail && string(b[p-4:p]) == blackFlagUTF8 && e.isTail(b[p:p+tagTail]) {
			pass |= (1<<tagTail - 1) << p
		}
		break
	}
	return pass
}

// vecClaims reports whether the vector pass's tables put r in the class
// of the bits mask: r of the emoji block in rows4 and cols4, r of
// U+2000–U+2FFF in rows3 and cols3, as EMOJIS_VEC looks them up by the
// low six bits of the last two bytes of r in UTF-8.
func vecClaims(e *emojiTables, r rune, mask byte) bool {
	rows, cols := &e.rows4, &e.cols4
	if r < emojiBlockLo {
		rows, cols = &e.rows3, &e.cols3
	}
	return rows[r>>6&63]&cols[r&63]&mask != 0
}
