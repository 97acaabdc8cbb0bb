package sanitize

import (
	"bytes"
	"io"
	"sync"

	"golang.org/x/text/transform"
)

// NewLineWriter returns a writer that treats each Write as one log record,
// as [log.Logger] and most line-oriented writers produce them, and writes
// it to w sanitized, in one Write: every control inside the record is
// escaped, \n and \t included, and so are [Bidi], [LineSeparators], [Tags]
// and [Invisible]; a single trailing \n is kept, and a record written
// without one gets none added. So
//
//	log.SetOutput(sanitize.NewLineWriter(os.Stderr))
//
// makes forging a log line (CWE-117) or repainting a terminal with escape
// sequences impossible without changing any call site. opts add to those
// defaults, as in [ReplaceAttr], and [WithBOM] panics as it does there.
//
// Because each Write is a whole record, nothing is held back between
// writes: a character or an ill-formed sequence cut by the end of a Write
// is ill-formed in that record, and a control cannot be split across two.
// A record that needs no change is written as it is, without allocating.
// Write returns len(p) when the whole record was written, and otherwise 0
// and w's error. The writer is safe for concurrent use if w is.
func NewLineWriter(w io.Writer, opts ...Option) io.Writer {
	return &lineWriter{w: w, l: newLogSanitizer(opts)}
}

type lineWriter struct {
	w io.Writer
	l *logSanitizer
}

var bufPool = sync.Pool{New: func() any { return new([]byte) }}

func (w *lineWriter) Write(p []byte) (int, error) {
	rec := p
	nl := bytes.HasSuffix(rec, []byte{'\n'})
	if nl {
		rec = rec[:len(rec)-1]
	}
	if w.l.proto.unchanged(rec) {
		if _, err := w.w.Write(p); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	buf := bufPool.Get().(*[]byte)
	u := w.l.proto // only this path pays for a transformer on the heap
	out, _, err := transform.Append(&u, (*buf)[:0], rec)
	if err != nil {
		out = append(out, replacement...) // as in logSanitizer.string
	}
	if nl {
		out = append(out, '\n')
	}
	_, err = w.w.Write(out)
	if cap(out) <= 64<<10 { // a huge record's buffer is not kept
		*buf = out
		bufPool.Put(buf)
	}
	if err != nil {
		return 0, err
	}
	return len(p), nil
}
