package sanitize

// spanEscapes is an escape table with no escapes: the copying kernel
// stops at every byte that the set escapes rather than writing its escape
// (escapeText.n is 0), but for the ESC of an SGR sequence that it keeps
// (kernelKeep).
var spanEscapes escapeTable

// spanKernel is Span's fast path where the kernel that copies passes what
// the kernel that scans stops at: the joiners, selectors and tags of emoji
// sequences and the joiners of scripts, with the invisible classes, and
// under KeepColors the SGR sequences it keeps (the AVX-512 kernel, or
// keepSpan where the AVX2 kernel runs). From src[at] up to end, it returns
// how far the text is clean as far as that kernel can tell, and notes in
// t.colored whether the sequences passed leave attributes on. It copies
// into a scratch buffer that it throws away, with nothing escaped, replaced
// or stripped (kernelSeq without esc, invalid or kernelStrip), so that it
// stops at the first change; clean, which Span calls next, goes on from
// there. Copying costs more than scanning, so Span calls this only once an
// emoji, a joiner or an SGR sequence has passed, and right after a joiner
// of a script the AVX-512 kernel's run of joiners scans first, with no
// copy (scanJoiners). The AVX2 kernel passes the
// joiners, selectors and tags of emoji and of scripts too (narrowPasses),
// and keepSpan SGR sequences: with the first, under -tags sanitize_narrow,
// the invisible classes read Persian and Hindi text through NewReader 1.9x
// as fast as with clean alone, which stops at each, and chat text dense
// with emoji sequences 1.7x (five interleaved passes). The kernel copies at
// most len(scratch) bytes at a call, and starts anew at the next: where a
// reader or a writer owns the sanitizer, which Spans long texts, it makes
// itself spanScratch bytes (sanitizer.scratch) the first time it needs
// them, with which NewReader read the log of SGR sequences 1.15x as fast as
// with 1 KiB. (Made with every reader and writer, most of which never pass
// an emoji or a colour, they made Validate through NewReader 0.64x as fast
// on ASCII.) Without it, Span passed each SGR sequence in Go, and Bytes,
// NewReader and NewWriter, which call it first, read a log of SGR sequences
// alone at a tenth of Transform's speed or less (TestSpanKernel holds it to
// the reference).
func (t *sanitizer) spanKernel(src []byte, at, end int) int {
	if t.set.vec == nil || t.set.vec.wide == 0 && t.kseq.emoji == nil && !t.keepRun || t.reference {
		return 0
	}
	if t.set.vec.wide == 0 && t.kseq.emoji != nil && !t.csiKernel && !t.colored {
		return t.scanNarrow(src, at, end)
	}
	if n := t.scanJoiners(src, at, end); n > 0 {
		return n
	}
	if s := t.ownScratch(end - at); s != nil {
		return t.spanWith(s, src, at, end)
	}
	// On the stack, zeroed where it is declared: 1 KiB for what fits in
	// it, as a log line, and 4 KiB for more. The kernel starts anew for
	// each piece of scratch it fills, and its runs of blocks (of joiners,
	// of chat text) with it: with 1 KiB, Span read Hindi text under the
	// invisible classes at 0.69x the speed of Transform, and 1.49x as
	// fast with 4 KiB (Persian 1.10x, the ZWJ corpus 1.11x; 8 and 16 KiB
	// gained little more).
	if end-at <= 1<<10 {
		var small [1 << 10]byte
		return t.spanWith(small[:], src, at, end)
	}
	var big [4 << 10]byte
	return t.spanWith(big[:], src, at, end)
}

// ownScratch returns the sanitizer's scratch buffer for the work of a
// kernel on n bytes, which it makes the first time it is needed where a
// reader or a writer owns the sanitizer; else nil, and the caller takes 1
// KiB or 4 KiB on the stack.
func (t *sanitizer) ownScratch(n int) []byte {
	if t.scratch == nil && t.ownsScratch && n >= spanScratch {
		t.scratch = make([]byte, spanScratch)
	}
	return t.scratch
}

// scanJoiners is spanKernel right after a joiner or a non-joiner has
// passed, where the AVX-512 kernel runs with no sequence to recognize and
// no colour on: the run of joiners of the kernel that copies, as a scan
// (vecScanJoiners), with the pass over joiners after viramas where the
// character before that one is led by E0, as those of the Indic blocks
// are, or the pass over non-joiners between letters where it is led by
// D8–DF, as the Arabic letters are (leadsAt). After anything else, as an
// emoji, and where it passes no block, the kernel that copies takes over.
// With that kernel alone, into scratch, the invisible classes read
// Persian text through NewReader at 0.52x the speed of Escape() and Hindi
// at 0.58x; with the scan, 1.37x and 1.46x as fast as that (six
// interleaved passes).
func (t *sanitizer) scanJoiners(src []byte, at, end int) int {
	if t.set.vec.wide == 0 || t.recognize || t.colored || at < 6 || end-at < 2*wideMin ||
		src[at-3] != 0xE2 || src[at-2] != 0x80 || src[at-1]&^1 != 0x8C {
		return 0
	}
	viramas := src[at-6] == 0xE0
	if !viramas && src[at-5]&0xF8 != 0xD8 {
		return 0 // after an emoji, or a letter that NONJOINERS_RUN does not know
	}
	return vecScanJoiners(src[:end], at, t.set.vec, t.kseq.emoji, viramas) - at
}

// keepSpan is spanWith where the AVX2 kernel runs under KeepColors
// (keepRun) and has no emoji to pass: its steps, whose output is thrown
// away, pass the SGR sequences that Transform keeps and the text between
// them, as the AVX-512 kernel does, and stop at anything else: without
// kernelStrip or escapes (spanEscapes), at OSC sequences too, which
// Transform drops or escapes. Without it, NewReader,
// which calls Span first, read the log of SGR sequences under KeepColors
// at a tenth of Transform's speed there (0.54 against 6.0 GB/s).
func (t *sanitizer) keepSpan(scratch, src []byte, at, end int) int {
	n := at
	for end-n >= runMin {
		d, s, on := keepRun(scratch, src[n:end], t.set.vec, &spanEscapes, kernelSeq{mode: t.kseq.mode &^ kernelStrip}, t.colored)
		t.colored = on
		n += s
		if s == 0 || d+runMin <= len(scratch) {
			break // at something it does not pass
		}
	}
	return n - at
}

// spanWith is spanKernel with the scratch buffer given.
func (t *sanitizer) spanWith(scratch, src []byte, at, end int) int {
	if t.keepRun && t.kseq.emoji == nil {
		return t.keepSpan(scratch, src, at, end)
	}
	k := kernelSeq{emoji: t.kseq.emoji}
	if t.csiKernel {
		// The kernel sees every introducer, and stops at those that
		// start anything but an SGR sequence that is kept.
		k.mode = t.kseq.mode &^ kernelStrip
	}
	if t.colored {
		k.colored = 1
	}
	n := at
	for end-n >= wideMin {
		k.before = n
		m := min(end-n, len(scratch))
		_, s := vecCopy(scratch[:m], src[n:n+m], t.set.vec, &spanEscapes, &k)
		n += s
		if s == 0 || m-s >= wideMin {
			break // at something it does not pass
		}
	}
	t.colored = k.colored != 0
	return n - at
}

// scanNarrow is spanKernel where the AVX2 kernel runs, with the emoji
// tables and no sequences to pass: the kernel that scans passes what the
// one that copies passes (vecScanNarrow), with no copy, but the tags of
// flags, which are more than one flag; where it stops, the one that
// copies takes a step of narrowStep bytes, which passes those, and the
// scan goes on after it. Under -tags sanitize_narrow, the invisible
// classes read Persian and Hindi text through NewReader about twice as
// fast as with the copy alone into scratch; with the scan alone, which
// then stopped at every flag's tags, the ZWJ corpus 0.73x as fast.
func (t *sanitizer) scanNarrow(src []byte, at, end int) int {
	var small [narrowStep]byte
	k := kernelSeq{emoji: t.kseq.emoji}
	n := at
	for end-n >= kernelBlock {
		n += vecScanNarrow(src[n:end], t.set.vec, k.emoji)
		w := min(end-n, len(small))
		if w < kernelBlock {
			break
		}
		_, s := vecCopy(small[:w], src[n:n+w], t.set.vec, &spanEscapes, &k)
		if s == 0 {
			break // at something that neither passes
		}
		n += s
	}
	return n - at
}

// narrowStep is how much of src the copy of scanNarrow takes at a time:
// the tags of a flag and a block after them.
const narrowStep = 128

// spanScratch is the size of spanKernel's scratch buffer where a reader or
// a writer owns the sanitizer (sanitizer.scratch).
const spanScratch = 16 << 10
