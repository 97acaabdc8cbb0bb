package sanitize

import (
	"bytes"

	"golang.org/x/text/transform"
)

// A BOMPolicy says what happens to U+FEFF, the byte order mark EF BB BF, at
// the start of a stream. RFC 3629 §6: U+FEFF is a signature only at the
// beginning of a stream; anywhere else it is ZERO WIDTH NO-BREAK SPACE and
// every policy leaves it alone.
type BOMPolicy uint8

const (
	// KeepBOM passes a leading U+FEFF through, for a protocol that reads
	// it as ZERO WIDTH NO-BREAK SPACE. It is the default.
	KeepBOM BOMPolicy = iota
	// StripBOM removes exactly one leading EF BB BF, and nothing else.
	StripBOM
	// AddBOM starts the output with EF BB BF unless the input already
	// starts with it. On empty input it writes the BOM alone.
	AddBOM
)

const bom = "\uFEFF"

// bomState is what the start of a stream says about a BOM.
type bomState uint8

const (
	bomAbsent  bomState = iota
	bomPresent          // src starts with EF BB BF
	bomWait             // src is a proper prefix of EF BB BF and more may come
)

// look reports whether src starts with a BOM. It waits only for a real
// prefix of one: "ab" is known not to start with a BOM at once.
func (p BOMPolicy) look(src []byte, atEOF bool) bomState {
	switch {
	case p == KeepBOM:
		return bomAbsent // nothing to decide
	case bytes.HasPrefix(src, []byte(bom)):
		return bomPresent
	case !atEOF && len(src) < len(bom) && bytes.HasPrefix([]byte(bom), src):
		return bomWait
	}
	return bomAbsent
}

// start applies p at the start of the stream. It reports ok once the
// policy is applied; then nDst bytes (an added BOM) were written and nSrc
// bytes (a stripped BOM) consumed. Otherwise err says why not yet, or is
// nil when src is empty and more may come.
func (p BOMPolicy) start(dst, src []byte, atEOF bool) (nDst, nSrc int, ok bool, err error) {
	switch p.look(src, atEOF) {
	case bomWait:
		if len(src) == 0 {
			return 0, 0, false, nil
		}
		return 0, 0, false, transform.ErrShortSrc
	case bomPresent:
		if p == StripBOM {
			nSrc = len(bom)
		}
	case bomAbsent:
		if p == AddBOM {
			if len(dst) < len(bom) {
				return 0, 0, false, transform.ErrShortDst
			}
			nDst = copy(dst, bom)
		}
	}
	return nDst, nSrc, true, nil
}

// spanStart is start for Span: it reports ok when the policy leaves the
// start of src as it is, and otherwise why not.
func (p BOMPolicy) spanStart(src []byte, atEOF bool) (ok bool, err error) {
	switch p.look(src, atEOF) {
	case bomWait:
		if len(src) == 0 {
			return false, nil
		}
		return false, transform.ErrShortSrc
	case bomPresent:
		if p == StripBOM {
			return false, transform.ErrEndOfSpan
		}
	case bomAbsent:
		if p == AddBOM {
			return false, transform.ErrEndOfSpan
		}
	}
	return true, nil
}

// BOM returns a transformer that applies p to a leading U+FEFF and passes
// every other byte through untouched, ill-formed ones too: validating is
// the job of [Validate].
//
// While the input seen so far is a proper prefix of EF BB BF and atEOF is
// false, Transform waits for more ([transform.ErrShortSrc]); any other input
// passes at once, and an empty src before the end returns nil. [AddBOM]
// needs a dst of 3 bytes to write the BOM; after that, any dst makes
// progress. The transformer keeps one fact, whether the start of the stream
// has been handled, which Reset clears. It implements
// [transform.SpanningTransformer] and is not safe for concurrent use.
func BOM(p BOMPolicy) transform.SpanningTransformer {
	settings{bom: p}.check()
	return &bomer{policy: p}
}

type bomer struct {
	policy  BOMPolicy
	started bool
}

func (t *bomer) Reset() { t.started = false }

func (t *bomer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if !t.started {
		var ok bool
		nDst, nSrc, ok, err = t.policy.start(dst, src, atEOF)
		if !ok {
			return nDst, nSrc, err
		}
		t.started = true
	}
	n := copy(dst[nDst:], src[nSrc:])
	nDst += n
	nSrc += n
	if nSrc < len(src) {
		err = transform.ErrShortDst
	}
	return nDst, nSrc, err
}

func (t *bomer) Span(src []byte, atEOF bool) (n int, err error) {
	if !t.started {
		ok, err := t.policy.spanStart(src, atEOF)
		if !ok {
			return 0, err
		}
		t.started = true
	}
	return len(src), nil
}
