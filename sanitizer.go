package sanitize

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"golang.org/x/text/transform"
)

// sanitizer is the one transformer behind Validate, Escape and New. It does
// the work of all three in a single pass: a transform.Chain of three links
// would copy every byte three times.
type sanitizer struct {
	// Configuration, fixed at construction.
	bom        BOMPolicy
	invalid    InvalidPolicy
	style      Style
	set        set
	recognize  bool // sequences are recognized (sequence.go)
	strip      bool // StripSequences
	keepColors bool
	resets     bool // colours are reset before a raw line feed and at the end
	reference  bool // every unit goes through unit: the reference, for tests
	reporting  bool // each change is noted in found, for Check (check.go)
	// The copying kernel's escapes (vec.go), and whether it may run with
	// sequences recognized: it must stop at every introducer.
	esc       *escapeTable
	seqKernel bool
	csiKernel bool      // the AVX-512 kernel handles CSI sequences of the plain form
	stripRun  bool      // else copySequences drops them with stripRun (striprun.go),
	keepRun   bool      // or keeps SGR sequences with keepRun (keeprun.go): runBlocks
	kseq      kernelSeq // how it does, and the state it keeps (colored)
	// spanKernel's buffer, which it makes the first time it runs over
	// spanScratch bytes where a reader or a writer of this package owns
	// the sanitizer (ownsScratch). The copies that String and Bytes make
	// of one kept compiled, which may run at once, have none, and
	// spanKernel takes one of 1 KiB on the stack there.
	scratch     []byte
	ownsScratch bool

	// State, cleared by Reset.
	started bool  // the BOM policy has been applied
	offset  int64 // bytes consumed since the start of the stream
	passing int   // bytes still to go of a recognized sequence
	pass    passKind
	colored bool // a kept SGR left attributes on
	hist    history
	found   []change // when reporting: the changes of this call to Transform
	seqEnd  int64    // when reporting: the end of the last sequence found whole
	// judged is set by unit where the rules of context passed the
	// character it took (context.go), and read by Transform right after:
	// the kernel stopped there for a reason, not for nothing, and takes
	// up again after it.
	judged bool
	// scanMisses counts down the entries of the kernel that go straight
	// to the AVX2 kernel that copies, after the one that scans, tried
	// first on text that is mostly not ASCII, stopped within 64 bytes
	// (scanBackoff).
	scanMisses uint8
}

// passKind says what happens to the bytes of a recognized sequence.
type passKind uint8

const (
	passKeep    passKind = iota // a kept SGR: written as they are
	passStrip                   // a string sequence: dropped
	passExecute                 // a CSI or escape sequence: dropped but for its C0 controls
)

// resetSGR turns colours and styles off.
const resetSGR = "\x1b[m"

func newSanitizer(c config) *sanitizer {
	t := &sanitizer{}
	t.init(c)
	return t
}

func (t *sanitizer) init(c config) {
	c.check()
	c.checkAllow()
	*t = sanitizer{bom: c.bom, invalid: c.invalid, style: c.style, set: newSet(c),
		recognize: c.recognizes(), strip: c.sequences == StripSequences, keepColors: c.keepColors,
		resets: c.keepColors && !c.reversible}
	t.esc = escapeTables[t.style]
	if t.set.vec != nil {
		kernelEmoji(&t.kseq, &t.set)
	}
	switch t.invalid {
	case ReplaceInvalid:
		t.kseq.invalid = kernelReplace
	case EscapeInvalid:
		t.kseq.invalid = kernelEscapeInvalid
	}
	if t.recognize {
		// The kernel stops at ESC with these, and at every C1 control
		// where it escapes any: then it sees every introducer.
		t.esc = sequenceEscapeTables[t.style]
		t.seqKernel = t.set.vec != nil && t.set.ascii[0x1B] && t.set.vec.c1Lead[0] == 0xC2
		if t.strip {
			t.kseq.mode |= kernelStrip
		}
		if t.keepColors {
			t.kseq.mode |= kernelKeep
			if e := &escapeTables[t.style].texts[0x1B]; !t.strip && e.n != 0 {
				t.kseq.esc = e
			}
		}
		if t.resets {
			t.kseq.mode |= kernelColors
			if !t.set.ascii['\n'] {
				t.kseq.mode |= kernelLineFeed
			}
		}
		t.csiKernel = t.seqKernel && t.set.vec.wide != 0
		t.setRuns()
	}
}

// setRuns notes whether copySequences hands sequences to a run of blocks
// where the AVX2 kernel runs and the AVX-512 kernel does not take them:
// the strip run under StripSequences alone, the keep run under
// KeepColors (striprun.go, keeprun.go).
func (t *sanitizer) setRuns() {
	t.stripRun = haveRuns && t.seqKernel && !t.csiKernel && t.kseq.mode == kernelStrip
	t.keepRun = haveRuns && t.seqKernel && !t.csiKernel && t.kseq.mode&kernelKeep != 0
}

// Reset implements [transform.Transformer]: the next byte is the start of
// a new stream.
func (t *sanitizer) Reset() {
	t.started = false
	t.offset = 0
	t.seqEnd = 0
	t.passing = 0
	t.colored = false
	t.hist = history{}
	t.judged = false
	t.scanMisses = 0
}

// How clean divides the work between the fast paths and the reference
// loop.
const (
	// kernelBlock is what the vector kernel checks at a time; with fewer
	// bytes left it is not called.
	kernelBlock = 32
	// dfaReach is how far past where the kernel stopped the automaton may
	// look, so that the kernel, being faster, takes over again soon.
	dfaReach = 72
	// refWindow is how many bytes the reference loop takes, at least,
	// before the fast paths are worth trying again.
	refWindow = 8
	// gapWindow is how far Transform looks with the reference loop
	// alone, when sequences are recognized, before it calls clean.
	gapWindow = 32
	// falseAlarmWindow is how far the reference loop goes when the kernel
	// has just stopped short at what may be a clean character.
	falseAlarmWindow = 64
)

// clean returns the length of the longest prefix of p made of complete,
// well-formed characters that pass through unchanged.
//
// The fast paths find where the clean part may end, each only as sure as
// it can be, in a fixed order: the vector kernel (vec.go) where the
// processor has one, followed by skipKnownClean when it stopped short,
// else the word scan (fast.go) and then the automaton (dfa.go) on the
// non-ASCII text the word scan stops at. The reference loop, cleanRef,
// decides, and is what they are tested against.
func (t *sanitizer) clean(p []byte) int {
	s := &t.set
	n := 0
	window := refWindow
	for n < len(p) {
		var done bool
		kernel := s.vec != nil && len(p)-n >= kernelBlock
		if kernel {
			m := vecScan(p[n:], s.vec)
			n += m
			// The kernel knows non-ASCII escapes only by their lead
			// byte: where it keeps stopping at characters that are
			// clean (emoji, for Invisible, whose lead F0 is also that
			// of U+1BCA0), the plain loop goes further before asking it
			// again.
			window = refWindow
			if m < kernelBlock {
				if s.joinerAt(p[n:]) {
					return n
				}
				window = falseAlarmWindow
				n = s.skipKnownClean(p, n)
			}
		} else {
			if s.scan.ok {
				n += s.scan.words(p[n:])
			}
			if n, done = s.automaton(p, n); done {
				return n
			}
		}
		if n, done = s.cleanRef(p, n, n+window); done {
			return n
		}
		// The kernel stops mostly at something to change, which the
		// reference loop finds at once and the automaton would not; so
		// the automaton comes after it, for a while.
		if kernel {
			if n, done = s.automaton(p[:min(len(p), n+dfaReach)], n); done {
				return n
			}
		}
	}
	return n
}

// skipKnownClean returns where, from n, p stops being made of what the
// set is known not to escape without decoding: ASCII bytes it lets through,
// and, when no option escapes anything there, characters of the emoji
// block U+1F000–U+1FFFF (F0 9F) and of U+2080–U+2FFF (E2 82–BF), the
// symbols the kernel stops at for the invisible classes, whose lead bytes
// they share. It is a fast path of clean, tested against cleanRef.
func (s *set) skipKnownClean(p []byte, n int) int {
	for n+4 <= len(p) {
		switch b := p[n]; {
		case b < 0x80 && !s.ascii[b]:
			n++
		case b == 0xF0 && s.emojiClean && p[n+1] == 0x9F && isCont(p[n+2]) && isCont(p[n+3]):
			n += 4
		case b == 0xE2 && s.symbolsClean && 0x82 <= p[n+1] && p[n+1] <= 0xBF && isCont(p[n+2]):
			n += 3
		default:
			return n
		}
	}
	return n
}

// joinerAt reports whether p starts with U+200D or U+FE0F and the set
// holds it: where the kernel stops most in chat text with emoji, and the
// end of the clean part, as cleanRef would find after decoding it. Span
// then tries passEmoji there. It is a fast path of clean, tested against
// cleanRef.
func (s *set) joinerAt(p []byte) bool {
	return len(p) >= 3 && (s.joinerHeld && p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0x8D ||
		s.selectorHeld && p[0] == 0xEF && p[1] == 0xB8 && p[2] == 0x8F)
}

// automaton runs the automaton over p from n, if n is at non-ASCII text
// and the set has one, and reports where the clean part ends and whether
// it stopped there for good (done) rather than near the end of p.
func (s *set) automaton(p []byte, n int) (int, bool) {
	if s.dfa == nil || n >= len(p) || p[n] < 0x80 {
		return n, false
	}
	return s.dfa.run(p, n)
}

// cleanRef is the reference loop: character by character from n, it
// returns where the clean part of p ends, and done, if that is before
// limit; else the end of the first character that reaches limit. A
// character cut by the end of p is not clean.
func (s *set) cleanRef(p []byte, n, limit int) (int, bool) {
	for end := min(limit, len(p)); n < end; {
		if b := p[n]; b < 0x80 {
			if s.ascii[b] {
				return n, true
			}
			n++
			continue
		}
		r, size, f := decode(p[n:], false)
		if size == 0 || f != 0 || s.contains(r) {
			return n, true
		}
		n += size
	}
	return n, n < limit
}

// Span implements [transform.SpanningTransformer]. It passes the SGR
// sequences that KeepColors keeps, and stops where a reset would be
// written.
func (t *sanitizer) Span(src []byte, atEOF bool) (n int, err error) {
	if !t.started {
		ok, err := t.bom.spanStart(src, atEOF)
		if !ok {
			return 0, err
		}
		t.started = true
	}
	if t.passing > 0 {
		return 0, transform.ErrEndOfSpan // inside a sequence: Transform's
	}
	kernel := false // an emoji or SGR sequence has passed: spanKernel is worth it
	for {
		end := t.spanEnd(src, n)
		if kernel && end-n >= wideMin {
			n += t.spanKernel(src, n, end)
			end = t.spanEnd(src, n) // attributes may be on now
		}
		n += t.clean(src[n:end])
		if n == len(src) && t.colored && atEOF {
			err = transform.ErrEndOfSpan // a reset goes at the end
		}
		if n == len(src) || n == end {
			break
		}
		if t.keepColors {
			if r, _, f := decode(src[n:], atEOF); f == 0 && introducer(r) != ground {
				seq := scanSequence(src[n:], atEOF, true)
				if seq.kind == seqSGR {
					n += seq.size
					t.colored = t.resets && !seq.reset
					kernel = kernel || t.csiKernel || t.keepRun
					continue
				}
				if seq.kind == seqMore {
					err = transform.ErrShortSrc
					break
				}
			}
		}
		if t.set.emojiFast && !t.reference {
			if m := t.passEmoji(src, n, len(src)-n); m > 0 {
				n += m
				kernel = kernel || t.kseq.emoji != nil
				continue
			}
		}
		r, size, f := decode(src[n:], atEOF)
		if size != 0 && f == 0 && t.set.class&contextual != 0 && t.set.contains(r) {
			m, more := t.context(r, size, src, n, atEOF)
			if more {
				err = transform.ErrShortSrc
				break
			}
			if m > 0 {
				n += m // what passes where it stands
				// The kernels that copy pass non-joiners between the
				// letters of Arabic and Persian words themselves, and
				// joiners after a virama.
				kernel = kernel || (r == 0x200C || r == 0x200D) && t.kseq.emoji != nil
				continue
			}
		}
		if size == 0 {
			err = transform.ErrShortSrc
		} else {
			err = transform.ErrEndOfSpan
		}
		break
	}
	if n < len(src) && err == nil {
		err = transform.ErrEndOfSpan
	}
	t.remember(src, n)
	t.offset += int64(n)
	return n, err
}

// spanEnd returns how far from n Span may look: up to a raw line feed
// while attributes are on, which takes a reset before it; else to the end
// of src.
func (t *sanitizer) spanEnd(src []byte, n int) int {
	if t.colored && !t.set.ascii['\n'] {
		if i := bytes.IndexByte(src[n:], '\n'); i >= 0 {
			return n + i
		}
	}
	return len(src)
}

// Transform implements [transform.Transformer].
func (t *sanitizer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if !t.started {
		var ok bool
		nDst, nSrc, ok, err = t.bom.start(dst, src, atEOF)
		if !ok {
			return nDst, nSrc, err
		}
		t.started = true
		if t.reporting && (nDst > 0 || nSrc > 0) {
			t.add(change{kind: KindBOM, size: nSrc})
		}
	}
	var buf [maxUnit]byte
	falseAlarm := false
	for nSrc < len(src) {
		if t.passing > 0 {
			var d, s int
			d, s, err = t.passSequence(dst[nDst:], src[nSrc:], nSrc, &buf)
			nDst += d
			nSrc += s
			if err != nil {
				break
			}
			continue
		}
		// Where the AVX-512 kernel runs, it drops or keeps CSI sequences
		// of the plain form itself (csiKernel, kernelSeq).
		csiKernel := t.csiKernel && len(src)-nSrc >= wideMin && len(dst)-nDst >= wideMin
		if t.recognize && !t.reference && !t.reporting && !csiKernel &&
			(!t.seqKernel || sequenceNear(src[nSrc:])) {
			// Sequences and the short text between them; the kernel
			// takes longer text faster, but not a few bytes.
			d, s := t.copySequences(dst[nDst:], src[nSrc:])
			nDst += d
			nSrc += s
			if nSrc == len(src) {
				break
			}
		}
		// With sequences recognized, the kernel that copies stops at
		// their introducers for the recognizer (seqKernel); while a raw
		// line feed would need a reset first, only the AVX-512 kernel
		// runs, which stops before one (csiKernel). After a false alarm
		// (a clean character it stopped at), clean takes over for a
		// stretch.
		kernel := t.set.vec != nil && (!t.recognize || t.seqKernel && (!t.colored || t.set.ascii['\n'] || csiKernel)) &&
			!t.set.removesASCII && !t.reporting && !falseAlarm && len(src)-nSrc >= 32
		falseAlarm = false
		if kernel {
			// The kernel copies clean text and escapes ASCII bytes by
			// itself, which is most of the work on most text. With 32
			// bytes left in both, it stopped at a unit to handle below;
			// else the last bytes are left to clean.
			t.kseq.colored = 0
			if t.colored {
				t.kseq.colored = 1
			}
			if t.scanMisses > 0 {
				t.scanMisses--
			} else if t.set.vec.wide == 0 && mostlyHigh(src[nSrc:]) {
				// The AVX2 kernel that scans goes through clean text
				// faster than the one that copies, which starts each
				// block at a character boundary where a character of
				// two or three bytes is as likely as not to be cut;
				// copy then copies it. Where most of the text is ASCII,
				// the one that copies is as fast as copy.
				room := min(len(src)-nSrc, len(dst)-nDst)
				m := vecScanNarrow(src[nSrc:nSrc+room], t.set.vec, t.kseq.emoji)
				nDst += copy(dst[nDst:], src[nSrc:nSrc+m])
				nSrc += m
				if m < 64 {
					t.scanMisses = scanBackoff
				}
			}
			t.kseq.before = nSrc
			d, s := vecCopy(dst[nDst:], src[nSrc:], t.set.vec, t.esc, &t.kseq)
			t.colored = t.kseq.colored != 0
			nDst += d
			nSrc += s
			kernel = len(src)-nSrc >= 32 && len(dst)-nDst >= 32
		}
		if !kernel {
			// Copy the clean run that fits in dst in one go. Limiting the
			// scan to the room in dst makes it stop before a character
			// that would not fit whole.
			end := len(src)
			if room := len(dst) - nDst; end-nSrc > room {
				end = nSrc + room
			}
			if t.colored && !t.set.ascii['\n'] {
				// A raw line feed takes a reset before it.
				if i := bytes.IndexByte(src[nSrc:end], '\n'); i >= 0 {
					end = nSrc + i
				}
			}
			n := 0
			switch {
			case nSrc == end || src[nSrc] < 0x80 && t.set.ascii[src[nSrc]]:
			case t.recognize:
				// Text between sequences tends to be short: the plain
				// loop finds its end before the kernel has loaded its
				// tables.
				m, done := t.set.cleanRef(src[:end], nSrc, nSrc+gapWindow)
				if n = m - nSrc; !done {
					n += t.clean(src[m:end])
				}
			default:
				n = t.clean(src[nSrc:end])
			}
			copy(dst[nDst:], src[nSrc:nSrc+n])
			nDst += n
			nSrc += n
			if nSrc == len(src) {
				break
			}
		}

		if t.set.emojiFast && !t.reference && src[nSrc] >= 0xE2 {
			// A run of emoji, joiners and selectors that pass where they
			// stand, without a round of unit and the rules for each. The
			// kernel takes up again after it, not clean, as it would after
			// a character it stopped at for nothing: what follows a run is
			// mostly words, up to the next run. With clean after it, the
			// invisible classes read the ZWJ corpus 0.77x as fast with the
			// AVX2 kernel (-tags sanitize_narrow, alternating runs, five
			// each). The AVX-512 kernel passes such runs itself, and the
			// AVX2 kernel the plainest of them (narrowPasses): this takes
			// what they leave.
			if m := t.passEmoji(src, nSrc, len(dst)-nDst); m > 0 {
				nDst += copy(dst[nDst:], src[nSrc:nSrc+m])
				nSrc += m
				continue
			}
		}

		var out []byte
		size := 1
		if b := src[nSrc]; b >= 0x80 && !t.recognize && !t.reference && t.set.class&contextual == 0 {
			// Ill-formed input and escaped characters, decided here
			// rather than in unit: a call for each cost 10% on dirty
			// text (six interleaved passes). The cases are unit's, in
			// the same order, and unit is what this is tested against
			// (fastPaths sets reference).
			var r rune
			var f Fault
			r, size, f = decode(src[nSrc:], atEOF)
			switch {
			case size == 0:
				err = transform.ErrShortSrc
			case f != 0 && t.invalid == RejectInvalid:
				err = &InvalidUTF8Error{Offset: t.offset + int64(nSrc), Bytes: append([]byte(nil), src[nSrc:nSrc+size]...), Fault: f}
			case f != 0 && t.invalid == EscapeInvalid:
				out = t.style.appendInvalid(buf[:0], src[nSrc:nSrc+size])
			case f != 0:
				out = append(buf[:0], replacement...)
			case t.set.contains(r) && t.set.removes(r):
				out = buf[:0]
			case t.set.contains(r):
				out = t.style.appendRune(buf[:0], r)
			default:
				out = src[nSrc : nSrc+size]
			}
		} else {
			out, size, err = t.unit(src, nSrc, atEOF, &buf)
		}
		if err != nil {
			break
		}
		if len(out) > len(dst)-nDst {
			err = transform.ErrShortDst
			break
		}
		// A character that the rules of context passed is no false
		// alarm: with the reference loop for 64 bytes after each
		// non-joiner, the kernel barely ran on Persian text.
		falseAlarm = size > 1 && len(out) == size && &out[0] == &src[nSrc] && !t.judged
		t.judged = false
		if t.reporting && size > 0 && !(len(out) == size && &out[0] == &src[nSrc]) {
			t.note(src, nSrc, size, atEOF)
		}
		nDst += copy(dst[nDst:], out)
		nSrc += size
		if t.colored && size == 1 && src[nSrc-1] == '\n' && !t.set.ascii['\n'] {
			t.colored = false // unit wrote the reset
		}
	}
	if err == nil && atEOF && nSrc == len(src) && t.colored {
		if len(dst)-nDst < len(resetSGR) {
			err = transform.ErrShortDst
		} else {
			nDst += copy(dst[nDst:], resetSGR)
			t.colored = false
			if t.reporting {
				t.add(change{kind: KindReset, at: nSrc})
			}
		}
	}
	t.remember(src, nSrc)
	t.offset += int64(nSrc)
	return nDst, nSrc, err
}

// sequenceNear reports whether an ESC is in the first bytes of p, where
// copySequences is faster than a call of the kernel.
func sequenceNear(p []byte) bool {
	return bytes.IndexByte(p[:min(len(p), sequenceNearby)], 0x1B) >= 0
}

// sequenceNearby is how far sequenceNear looks.
const sequenceNearby = 64

// unit decides what to write for the unit at src[at:], which the fast
// paths did not pass: a character, or an ill-formed subpart. It returns
// the output (in buf, or a part of src) and the size of the unit; or
// ErrShortSrc for a unit that src cuts off, or an *InvalidUTF8Error under
// RejectInvalid. What comes before src[at] is there for the characters
// whose fate depends on it.
func (t *sanitizer) unit(all []byte, at int, atEOF bool, buf *[maxUnit]byte) (out []byte, size int, err error) {
	src := all[at:]
	if b := src[0]; b < 0x80 {
		switch {
		case b == 0x1B && t.recognize:
			return t.sequence(src, atEOF, buf)
		case t.set.ascii[b] && t.set.removes(rune(b)):
			return buf[:0], 1, nil
		case t.set.ascii[b]:
			return asciiEscapes[t.style][b], 1, nil
		case b == '\n' && t.colored:
			return append(append(buf[:0], resetSGR...), '\n'), 1, nil
		}
		// A clean byte that the room in dst cut off.
		return src[:1], 1, nil
	}
	r, size, f := decode(src, atEOF)
	if f == 0 && size != 0 && t.set.class&contextual != 0 && t.set.contains(r) {
		// What passes where it stands passes as one unit (a flag's tags
		// too), or as a kept run when it is longer than any unit.
		switch n, more := t.context(r, size, all, at, atEOF); {
		case more:
			return nil, 0, transform.ErrShortSrc
		case n > maxUnit:
			t.passing, t.pass = n, passKeep
			return nil, 0, nil
		case n > 0:
			t.judged = true
			return src[:n], n, nil
		}
	}
	switch {
	case size == 0:
		return nil, 0, transform.ErrShortSrc
	case f == 0 && t.recognize && introducer(r) != ground:
		return t.sequence(src, atEOF, buf)
	case f != 0 && t.invalid == RejectInvalid:
		return nil, 0, &InvalidUTF8Error{Offset: t.offset + int64(at), Bytes: append([]byte(nil), src[:size]...), Fault: f}
	case f != 0 && t.invalid == EscapeInvalid:
		return t.style.appendInvalid(buf[:0], src[:size]), size, nil
	case f != 0:
		return append(buf[:0], replacement...), size, nil
	case t.set.contains(r) && t.set.removes(r):
		return buf[:0], size, nil
	case t.set.contains(r):
		return t.style.appendRune(buf[:0], r), size, nil
	}
	// A clean character that the room in dst cut off.
	return src[:size], size, nil
}

// replacement is U+FFFD REPLACEMENT CHARACTER in UTF-8.
const replacement = "\uFFFD"

// sequence decides about the sequence that may start at the introducer at
// the start of src. A recognized sequence that is kept is left to
// passSequence, with nothing consumed yet; one that is stripped loses its
// introducer here and the rest there. Anything else is an introducer
// handled as a control, the rest ordinary text.
func (t *sanitizer) sequence(src []byte, atEOF bool, buf *[maxUnit]byte) (out []byte, size int, err error) {
	var seq sequence
	if !t.keepColors || t.strip || t.reporting || len(src) < 2 || src[0] != 0x1B || src[1] == '[' {
		seq = scanSequence(src, atEOF, t.keepColors)
	}
	// Else what follows ESC cannot make it an SGR sequence, and under
	// KeepColors alone it is escaped whether it starts another sequence or
	// none (seqNone): there is nothing to wait for, but for a report,
	// which says which.
	switch {
	case seq.kind == seqMore:
		return nil, 0, transform.ErrShortSrc
	case seq.kind == seqSGR && t.keepColors:
		t.colored = t.resets && !seq.reset
		if seq.size <= maxUnit {
			return src[:seq.size], seq.size, nil // a unit, as any character
		}
		t.passing, t.pass = seq.size, passKeep
		return nil, 0, nil
	case seq.kind != seqNone && t.strip && !seq.exec:
		return buf[:0], seq.size, nil // gone at once
	}
	r, size, _ := decode(src, atEOF)
	if seq.kind != seqNone && t.strip {
		// The introducer goes now, the rest with passSequence, which
		// carries out its C0 controls.
		t.passing, t.pass = seq.size-size, passExecute
		return buf[:0], size, nil
	}
	if t.set.removes(r) {
		return buf[:0], size, nil // a control that Remove(Controls) takes
	}
	return t.style.appendRune(buf[:0], r), size, nil
}

// passSequence goes on through the t.passing bytes of a recognized
// sequence at the start of src, as t.pass says. The sequence was
// recognized in src, so its bytes are there, then or on the next call.
// src starts at base in the src of Transform, for the changes it notes.
func (t *sanitizer) passSequence(dst, src []byte, base int, buf *[maxUnit]byte) (nDst, nSrc int, err error) {
	n := min(t.passing, len(src))
	switch t.pass {
	case passKeep:
		nDst = copy(dst, src[:n])
		nSrc = nDst
	case passStrip:
		nSrc = n
	case passExecute:
		for ; nSrc < n; nSrc++ {
			if b := src[nSrc]; b < 0x20 {
				// A C0 control, which a terminal carries out: handled as
				// outside the sequence.
				out, _, _ := t.unit(src[nSrc:nSrc+1], 0, true, buf) // a C0 control needs no context
				if len(out) > len(dst)-nDst {
					break
				}
				nDst += copy(dst[nDst:], out)
				if b == '\n' && t.colored && !t.set.ascii['\n'] {
					t.colored = false
					if t.reporting {
						t.add(change{kind: KindReset, at: base + nSrc})
					}
				}
			}
		}
	}
	t.passing -= nSrc
	if t.passing > 0 && nSrc < len(src) {
		err = transform.ErrShortDst
	}
	return nDst, nSrc, err
}

// scanBackoff is how many entries of the kernel go straight to the AVX2
// kernel that copies after the one that scans stopped short: on the
// corpus of ill-formed and escaped bytes, where it stops at once, trying
// it at every entry made Transform 0.66-0.90x as fast, and at every
// other, 0.88x.
const scanBackoff = 16

// mostlyHigh reports whether p holds 64 bytes or more, and half of its
// first 32 or more are not ASCII.
func mostlyHigh(p []byte) bool {
	if len(p) < 64 {
		return false
	}
	n := 0
	for i := 0; i < 32; i += 8 {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(p[i:]) & 0x8080808080808080)
	}
	return n >= 16
}
