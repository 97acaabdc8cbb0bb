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
)

// clean returns the length of the longest prefix of p made of complete,
// well-formed characters that pass through unchanged.
//
// The fast paths find where the clean part may end, each only as sure as
// it can be, in a fixed order: the vector kernel (vec.go) where the
// processor has one, else the word scan (fast.go) and then the automaton
// (dfa.go) on the non-ASCII text the word scan stops at. The reference
// loop, cleanRef, decides, and is what they are tested against.
func (t *sanitizer) clean(p []byte) int {
	s := &t.set
	n := 0
	for n < len(p) {
		var done bool
		kernel := s.vec != nil && len(p)-n >= kernelBlock
		if kernel {
			n += vecScan(p[n:], s.vec)
		} else {
			if s.scan.ok {
				n += s.scan.words(p[n:])
			}
			if n, done = s.automaton(p, n); done {
				return n
			}
		}
		if n, done = s.cleanRef(p, n, n+refWindow); done {
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
		var size int
		out, size, err = t.unit(src[nSrc:], t.offset+int64(nSrc), atEOF, &buf)
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

// unit decides what to write for the unit at the start of src, which the
// fast paths did not pass: a character, or an ill-formed subpart of the
// stream at offset. It returns the output (in buf, or a part of src) and
// the size of the unit; or ErrShortSrc for a unit that src cuts off, or an
// *InvalidUTF8Error under RejectInvalid.
func (t *sanitizer) unit(src []byte, offset int64, atEOF bool, buf *[maxUnit]byte) (out []byte, size int, err error) {
	if b := src[0]; b < 0x80 {
		// An escaped byte, or a clean one that the room in dst cut off.
		if t.set.ascii[b] {
			return asciiEscapes[t.style][b], 1, nil
		}
		return src[:1], 1, nil
	}
	r, size, f := decode(src, atEOF)
	switch {
	case size == 0:
		return nil, 0, transform.ErrShortSrc
	case f != 0 && t.invalid == RejectInvalid:
		return nil, 0, &InvalidUTF8Error{Offset: offset, Bytes: append([]byte(nil), src[:size]...), Fault: f}
	case f != 0 && t.invalid == EscapeInvalid:
		return t.style.appendInvalid(buf[:0], src[:size]), size, nil
	case f != 0:
		return append(buf[:0], replacement...), size, nil
	case t.set.contains(r):
		return t.style.appendRune(buf[:0], r), size, nil
	}
	// A clean character that the room in dst cut off.
	return src[:size], size, nil
}

// replacement is U+FFFD REPLACEMENT CHARACTER in UTF-8.
const replacement = "\uFFFD"
