package sanitize

import (
	"io"

	"golang.org/x/text/transform"
)

// writer is NewWriter's result: a transform.Writer with the lifecycle of
// an ordinary io.WriteCloser, which transform.Writer lacks. Close is
// idempotent, a Write after Close fails, errors are sticky, and Write
// counts only the bytes that went through to w.
type writer struct {
	t        *sanitizer
	w        *transform.Writer
	accepted int64 // bytes of input reported as written
	err      error // the first error, returned from then on
	closed   bool
}

func (w *writer) Write(p []byte) (n int, err error) {
	switch {
	case w.closed:
		return 0, ErrClosed
	case w.err != nil:
		return 0, w.err
	}
	n, err = w.w.Write(p)
	if err != nil {
		// transform.Writer counts bytes it copied aside as written even
		// when the transformer then stopped before them. The bytes of p
		// that went through are those the transformer consumed beyond
		// what earlier Writes were credited with, cut bytes included.
		n = int(max(0, min(int64(n), w.t.offset-w.accepted)))
		w.err = err
	}
	w.accepted += int64(n)
	return n, err
}

func (w *writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.err != nil {
		return w.err // what is held back is not written after an error
	}
	w.err = w.w.Close()
	return w.err
}

var _ io.WriteCloser = (*writer)(nil)
