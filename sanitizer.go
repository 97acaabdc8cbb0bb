package sanitize

import "golang.org/x/text/transform"

// sanitizer is the one transformer behind Validate, Escape and New. It does
// the work of all three in a single pass: a transform.Chain of three links
// would copy every byte three times.
type sanitizer struct {
	// Configuration, fixed at construction.
	bom     BOMPolicy
	invalid InvalidPolicy
	style   Style
	set     set

	// State, cleared by Reset.
	started bool  // the BOM policy has been applied
	offset  int64 // bytes consumed since the start of the stream
}

func newSanitizer(c config) *sanitizer {
	t := &sanitizer{}
	t.init(c)
	return t
}

func (t *sanitizer) init(c config) {
	c.check()
	*t = sanitizer{bom: c.bom, invalid: c.invalid, style: c.style, set: newSet(c)}
}

// Reset implements [transform.Transformer]: the next byte is the start of
// a new stream.
func (t *sanitizer) Reset() {
	t.started = false
	t.offset = 0
}

// clean returns the length of the longest prefix of p made of complete,
// well-formed characters that pass through unchanged.
//
// Three fast paths find where the clean part may end, each only as sure as
// it can be; the loop character by character decides, and is the
// reference they are tested against. The vector kernel (vec.go) comes
// first where the processor has one, the word scan (fast.go) otherwise;
// the automaton (dfa.go) takes non-ASCII text they stop at.
func (t *sanitizer) clean(p []byte) int {
	n := 0
	for n < len(p) {
		var done bool
		q, kernel := p, t.set.vec != nil && len(p)-n >= 32
		switch {
		case kernel:
			n += vecScan(p[n:], t.set.vec)
			// The automaton is only asked about the bytes just after,
			// so that the kernel, being faster, takes over again.
			q = p[:min(len(p), n+72)]
		case t.set.scan.ok:
			n += t.set.scan.words(p[n:])
		}
		// The word scan stops at any non-ASCII byte, and the automaton
		// goes on through text faster than the loop below; the kernel
		// stops mostly at something to change, which the loop finds at
		// once and the automaton would not.
		if !kernel && t.set.dfa != nil && n < len(p) && p[n] >= 0x80 {
			if n, done = t.set.dfa.run(q, n); done {
				return n
			}
		}
		// Character by character, for at least a word's worth of bytes,
		// before the fast paths are worth trying again.
		for end := min(n+8, len(p)); n < end; {
			if b := p[n]; b < 0x80 {
				if t.set.ascii[b] {
					return n
				}
				n++
				continue
			}
			r, size, f := decode(p[n:], false)
			if size == 0 || f != 0 || t.set.contains(r) {
				return n
			}
			n += size
		}
		if kernel && t.set.dfa != nil && n < len(p) && p[n] >= 0x80 {
			if n, done = t.set.dfa.run(q, n); done {
				return n
			}
		}
	}
	return n
}

// Span implements [transform.SpanningTransformer].
func (t *sanitizer) Span(src []byte, atEOF bool) (n int, err error) {
	if !t.started {
		ok, err := t.bom.spanStart(src, atEOF)
		if !ok {
			return 0, err
		}
		t.started = true
	}
	n = t.clean(src)
	if n < len(src) {
		if _, size, _ := decode(src[n:], atEOF); size == 0 {
			err = transform.ErrShortSrc
		} else {
			err = transform.ErrEndOfSpan
		}
	}
	t.offset += int64(n)
	return n, err
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
	}
	var buf [maxUnit]byte
	for nSrc < len(src) {
		kernel := t.set.vec != nil && len(src)-nSrc >= 32
		if kernel {
			// The kernel copies clean text and escapes ASCII bytes by
			// itself, which is most of the work on most text. With 32
			// bytes left in both, it stopped at a unit to handle below;
			// else the last bytes are left to clean.
			d, s := vecCopy(dst[nDst:], src[nSrc:], t.set.vec, &escapeTexts[t.style])
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
			n := 0
			if nSrc < end && (src[nSrc] >= 0x80 || !t.set.ascii[src[nSrc]]) {
				n = t.clean(src[nSrc:end])
			}
			copy(dst[nDst:], src[nSrc:nSrc+n])
			nDst += n
			nSrc += n
			if nSrc == len(src) {
				break
			}
		}

		var out []byte
		size := 1
		if b := src[nSrc]; b < 0x80 {
			// An escaped byte, or a clean one that the room in dst cut off.
			out = src[nSrc : nSrc+1]
			if t.set.ascii[b] {
				out = asciiEscapes[t.style][b]
			}
		} else {
			var r rune
			var f Fault
			r, size, f = decode(src[nSrc:], atEOF)
			switch {
			case size == 0:
				err = transform.ErrShortSrc
			case f != 0 && t.invalid == RejectInvalid:
				err = &InvalidUTF8Error{
					Offset: t.offset + int64(nSrc),
					Bytes:  append([]byte(nil), src[nSrc:nSrc+size]...),
					Fault:  f,
				}
			case f != 0 && t.invalid == EscapeInvalid:
				out = t.style.appendInvalid(buf[:0], src[nSrc:nSrc+size])
			case f != 0:
				out = append(buf[:0], replacement...)
			case t.set.contains(r):
				out = t.style.appendRune(buf[:0], r)
			default:
				// A clean character that the room in dst cut off.
				out = src[nSrc : nSrc+size]
			}
		}
		if err != nil {
			break
		}
		if len(out) > len(dst)-nDst {
			err = transform.ErrShortDst
			break
		}
		nDst += copy(dst[nDst:], out)
		nSrc += size
	}
	t.offset += int64(nSrc)
	return nDst, nSrc, err
}

// replacement is U+FFFD REPLACEMENT CHARACTER in UTF-8.
const replacement = "\uFFFD"
