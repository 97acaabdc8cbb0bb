package sanitize

import (
	"io"

	"golang.org/x/text/transform"
)

// writerBuf is the size of the buffer a writer transforms into, allocated
// at the first change: four times transform.Writer's, so that text with
// changes everywhere goes out in a quarter of the writes.
const writerBuf = 16 << 10

// heldMax is the most a writer holds back between Writes: a sequence of
// 4,095 bytes not yet ended, with a byte to spare.
const heldMax = 4 << 10

// spanDirect is the shortest stretch of unchanged text that a writer
// writes to w where it stands, in a write of its own; a shorter one is
// copied into the buffer ahead of what follows it, so that a Write of a
// line with an escape in it stays one write to w, as with transform.Writer.
const spanDirect = 4 << 10

// writer is NewWriter's result: what transform.Writer does, with the
// lifecycle of an ordinary io.WriteCloser, which transform.Writer lacks
// (Close is idempotent, a Write after Close fails, errors are sticky, and
// Write counts only the bytes that went through to w), and without its
// copy of clean text: long stretches that Span passes go to w from p
// itself.
type writer struct {
	t        *sanitizer
	w        io.Writer
	dst      []byte // what Transform writes, before it goes to w
	held     []byte // input cut short by the end of a Write, at most heldMax
	accepted int64  // bytes of input reported as written
	err      error  // the first error, returned from then on
	closed   bool
	miss     int // rounds of Transform left before run tries Span again
}

// spanMiss is how many rounds of Transform, each filling the buffer, a
// writer runs without Span after a Span that passed some bytes but fewer
// than spanDirect. Such a Span saves no copy (what it passes is copied
// into the buffer all the same), and where it passes sequences, as
// KeepColors's SGR sequences, it costs more than Transform does: on the
// coloured log, it went over 2.5% of the text in 17% of the time, and
// without it KeepColors read the log 1.14× as fast (twelve pairs of
// runs). Text that needs no change again is spanned once this many
// buffers are written.
const spanMiss = 4

// shortSpan reports whether a Span that passed n bytes and returned err
// stopped short: it passed some, fewer than spanDirect, and was not done.
// A Span that passes nothing costs nothing, and is tried again at once.
func shortSpan(n int, err error) bool { return err != nil && 0 < n && n < spanDirect }

func (w *writer) Write(p []byte) (n int, err error) {
	switch {
	case w.closed:
		return 0, ErrClosed
	case w.err != nil:
		return 0, w.err
	}
	if err = w.write(p); err != nil {
		// The bytes of p that went through are those the transformer
		// consumed beyond what earlier Writes were credited with, cut
		// bytes included.
		w.err = err
		n = int(max(0, min(int64(len(p)), w.t.offset-w.accepted)))
		w.accepted += int64(n)
		return n, err
	}
	w.accepted += int64(len(p))
	return len(p), nil
}

// write runs p through the transformer after what is held, and holds
// what the transformer leaves for more input.
func (w *writer) write(p []byte) error {
	for len(w.held) > 0 && len(p) > 0 {
		// Complete what is held from p, then go on in p itself.
		h := len(w.held)
		k := copy(w.held[h:cap(w.held)], p)
		buf := w.held[:h+k]
		c, err := w.run(buf, false)
		if err != nil && err != transform.ErrShortSrc {
			return err
		}
		if c >= h {
			w.held = w.held[:0]
			p = p[c-h:]
			break
		}
		if c == 0 && k == 0 {
			return errInconsistent // more than heldMax held back
		}
		w.held = w.held[:copy(w.held[:cap(w.held)], buf[c:])]
		p = p[k:]
	}
	if len(p) == 0 {
		return nil
	}
	c, err := w.run(p, false)
	if err != transform.ErrShortSrc {
		return err
	}
	if len(p)-c > heldMax {
		return errInconsistent
	}
	if w.held == nil {
		w.held = make([]byte, 0, heldMax)
	}
	w.held = append(w.held[:0], p[c:]...)
	return nil
}

// run writes src through the transformer to w and returns how much of src
// it consumed: all of it, or up to where the transformer needs more input
// (transform.ErrShortSrc), or up to an error.
func (w *writer) run(src []byte, atEOF bool) (c int, err error) {
	for {
		m, serr := 0, transform.ErrEndOfSpan
		if w.miss == 0 {
			m, serr = w.t.Span(src[c:], atEOF)
			if shortSpan(m, serr) {
				w.miss = spanMiss
			}
		} else {
			w.miss--
		}
		nd := 0
		if m >= spanDirect {
			if _, err := w.w.Write(src[c : c+m]); err != nil {
				return c + m, err
			}
		} else if m > 0 {
			nd = copy(w.buf(), src[c:c+m])
		}
		c += m
		if serr == nil {
			return c, w.flush(nd)
		}
		nDst, nSrc, terr := w.t.Transform(w.buf()[nd:], src[c:], atEOF)
		c += nSrc
		if err := w.flush(nd + nDst); err != nil {
			return c, err
		}
		switch {
		case terr == transform.ErrShortDst && (nd+nDst > 0 || nSrc > 0):
			continue
		case terr == transform.ErrShortSrc && atEOF:
			return c, errInconsistent
		}
		return c, terr
	}
}

// buf is the buffer Transform writes into, made when first needed: text
// that needs no change never does.
func (w *writer) buf() []byte {
	if w.dst == nil {
		w.dst = make([]byte, writerBuf)
	}
	return w.dst
}

// flush writes the first n bytes of the buffer to w.
func (w *writer) flush(n int) error {
	if n == 0 {
		return nil
	}
	_, err := w.w.Write(w.dst[:n])
	return err
}

func (w *writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.err != nil {
		return w.err // what is held back is not written after an error
	}
	_, w.err = w.run(w.held, true)
	w.held = nil
	return w.err
}

var _ io.WriteCloser = (*writer)(nil)
