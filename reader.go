package sanitize

import (
	"errors"
	"io"

	"golang.org/x/text/transform"
)

// readerBuf is the size of the buffer a reader reads into. transform.Reader
// has buffers of 4 KiB. With 16 KiB, text that needs escapes went 10–25%
// faster through io.Copy than with 4 KiB (fewer calls, each of which
// starts the kernels again), and clean text 10% faster; 32 KiB, which no
// longer stays in the first-level cache with io.Copy's buffer, was 25%
// slower on clean ASCII.
const readerBuf = 16 << 10

// outBuf is the size of the buffer Transform writes into when it does not
// write into the caller's: an eighth larger than src, so that an escape
// every 60 bytes or so still fits one Transform of a whole src, without a
// second, short call for the last bytes (6% faster on such text).
const outBuf = readerBuf + readerBuf/8

// readerGap is the space between the two buffers. Were out to start right
// after src, the copying kernel would load src[i] and store out[j] with i
// and j nearly equal, 16 KiB apart: the same address modulo 4 KiB, which
// the processor takes for a store the load may depend on (4K aliasing).
// Half a page between them made Escape(Allow('\t', '\n')) through io.Copy
// 21% faster on logs with an escape every 115 bytes.
const readerGap = 2 << 10

// directMin is the smallest buffer that Read fills itself, rather than
// through the reader's own: the largest unit the sanitizer writes at once
// is well under it.
const directMin = 512

// errInconsistent is what transform.Reader reports when a transformer
// returns nil with input left over, which would be a bug in this package.
var errInconsistent = errors.New("sanitize: inconsistent byte count returned")

// reader is NewReader's result. It keeps transform.Reader's contract (the
// output is that of the transformer over the whole stream; an error from r
// comes after everything read before it; r's error wins over the
// transformer's unless it is io.EOF) and avoids its copies:
//   - Read fills p with what it reads from r and returns, without a copy,
//     the part that Span finds needs no change; the rest is carried into
//     src, and Transform writes its output straight into p;
//   - WriteTo, which io.Copy uses, writes what Span passes straight from
//     src to w;
//   - and when r has a WriteTo of its own, WriteTo lets r write into a
//     writer as NewWriter's, which spans what r hands it in place.
//
// Clean text thus costs Span and one copy (r's into p, into src, or r's
// own), where transform.Reader costs three copies, one of them
// Transform's.
type reader struct {
	r    io.Reader
	t    transform.SpanningTransformer
	err  error // r's error, or the transformer's once done
	done bool  // the transformer has finished: only out is left

	src        []byte // src[src0:src1]: read from r, not yet consumed by t
	src0, src1 int
	out        []byte // out[out0:out1]: transformed, not yet returned
	out0, out1 int

	short bool // src holds too little for t to go on: read before the next Transform
	miss  int  // reads into src left before Read or WriteTo tries Span again
	empty int  // reads in a row that returned nothing and no error
}

// maxEmpty is how many reads in a row may return nothing and no error
// before the reader gives up with io.ErrNoProgress, as bufio.Reader does,
// rather than loop for ever on a broken io.Reader.
const maxEmpty = 100

// readerMiss is how many reads into src a reader makes without Span after
// a Span that stopped early: in Read, one that passed less than half of
// what was read into p, which then costs a copy into src; in WriteTo, a
// short one (shortSpan).
const readerMiss = 8

func newReader(r io.Reader, t transform.SpanningTransformer) *reader {
	t.Reset()
	return &reader{r: r, t: t}
}

// alloc makes the buffers, at the first Read or the first WriteTo that
// does not hand the stream to r's own WriteTo.
func (r *reader) alloc() {
	if r.src == nil {
		b := make([]byte, readerBuf+readerGap+outBuf)
		r.src, r.out = b[:readerBuf:readerBuf], b[readerBuf+readerGap:]
	}
}

// Read implements io.Reader.
func (r *reader) Read(p []byte) (int, error) {
	r.alloc()
	for {
		if r.out0 < r.out1 {
			n := copy(p, r.out[r.out0:r.out1])
			r.out0 += n
			if r.out0 == r.out1 && r.done {
				return n, r.err
			}
			return n, nil
		}
		if r.done {
			return 0, r.err
		}
		if len(p) == 0 {
			return 0, nil
		}
		direct := len(p) >= directMin
		if r.src0 == r.src1 && r.err == nil {
			if direct && r.miss == 0 {
				if n := r.readSpan(p); n > 0 {
					return n, nil
				}
				continue
			}
			r.fill()
			continue
		}
		if r.short {
			r.fill()
			continue
		}
		if !direct {
			r.out0, r.out1 = 0, r.transform(r.out)
			continue
		}
		if n := r.transform(p); n > 0 {
			if r.done && r.out0 == r.out1 {
				return n, r.err
			}
			return n, nil
		}
	}
}

// WriteTo implements io.WriterTo. What Span passes goes from src to w
// without a copy; and when r is itself an io.WriterTo (a file, a
// bytes.Reader, a strings.Reader, a bufio.Reader), r writes into the
// writer NewWriter makes, which spans what it is given in place (writeFrom).
func (r *reader) WriteTo(w io.Writer) (written int64, err error) {
	for {
		if r.out0 == r.out1 && !r.done && r.err == nil && (r.src0 == r.src1 || r.short) && r.src1-r.src0 < heldMax {
			if s, ok := r.t.(*sanitizer); ok {
				if wt, ok := r.r.(io.WriterTo); ok {
					n, err := r.writeFrom(wt, s, w)
					return written + n, err
				}
			}
		}
		r.alloc()
		if r.out0 < r.out1 {
			n, err := w.Write(r.out[r.out0:r.out1])
			r.out0 += n
			written += int64(n)
			if err == nil && r.out0 < r.out1 {
				err = io.ErrShortWrite
			}
			if err != nil {
				return written, err
			}
		}
		if r.done {
			if r.err == io.EOF {
				return written, nil
			}
			return written, r.err
		}
		if r.src0 == r.src1 && r.err == nil || r.short {
			r.fill()
			continue
		}
		n, err := 0, transform.ErrEndOfSpan
		if r.miss == 0 {
			n, err = r.t.Span(r.src[r.src0:r.src1], r.err == io.EOF)
			if shortSpan(n, err) {
				r.miss = readerMiss // as writer.run, for the same reason
			}
		}
		if n > 0 {
			m, werr := w.Write(r.src[r.src0 : r.src0+n])
			written += int64(m)
			if werr == nil && m < n {
				werr = io.ErrShortWrite
			}
			if werr != nil {
				// The transformer has gone past bytes that w did not take:
				// they are lost to this reader, as to any io.WriterTo
				// whose writer failed.
				r.src0 += m
				return written, werr
			}
			r.src0 += n
		}
		if err == nil {
			r.done = r.err != nil
			continue
		}
		r.out0, r.out1 = 0, r.transform(r.out)
	}
}

// writeFrom has wt write the rest of the stream into a writer over s and
// w: no byte is copied into the reader's buffers, and what Span passes
// goes from wt's buffer (or, for a bytes.Reader, the bytes themselves) to
// w. What src holds, a character or a sequence cut short, goes first.
func (r *reader) writeFrom(wt io.WriterTo, s *sanitizer, w io.Writer) (int64, error) {
	t := &tally{w: w}
	sw := &writer{t: s, w: t}
	if r.src0 < r.src1 {
		sw.held = append(make([]byte, 0, heldMax), r.src[r.src0:r.src1]...)
		r.src0, r.src1 = 0, 0
	}
	_, err := wt.WriteTo(sw)
	if err == nil {
		err = sw.Close() // the end of the stream
	}
	r.done, r.err = true, err
	if err == nil {
		r.err = io.EOF
	}
	return t.n, err
}

// tally counts the bytes written to w.
type tally struct {
	w io.Writer
	n int64
}

func (t *tally) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	t.n += int64(n)
	return n, err
}

// readSpan reads from r into p, at most a buffer's worth, and returns how
// much of it Span passes, carrying the rest into src. When Span stops
// early, the next reads go through src for a while: on text that needs
// changes everywhere, reading into p only to carry it would cost a copy.
func (r *reader) readSpan(p []byte) int {
	n, err := r.r.Read(p[:min(len(p), len(r.src))])
	r.read(n, err)
	m, serr := r.t.Span(p[:n], r.err == io.EOF)
	if serr == nil {
		r.done = r.err != nil
		return n
	}
	r.src0, r.src1 = 0, copy(r.src, p[m:n])
	if m < n/2 {
		r.miss = readerMiss
	}
	return m
}

// fill moves what is left of src to its start and reads after it.
func (r *reader) fill() {
	if r.src0 != 0 {
		r.src0, r.src1 = 0, copy(r.src, r.src[r.src0:r.src1])
	}
	n, err := r.r.Read(r.src[r.src1:])
	r.src1 += n
	r.read(n, err)
	r.short = false
	if r.miss > 0 {
		r.miss--
	}
}

// read records the result of a read from r.
func (r *reader) read(n int, err error) {
	r.err = err
	if n > 0 || err != nil {
		r.empty = 0
	} else if r.empty++; r.empty >= maxEmpty {
		r.err = io.ErrNoProgress
	}
}

// transform runs the transformer over src into dst, as transform.Reader
// does, and returns the number of bytes written.
func (r *reader) transform(dst []byte) int {
	nDst, nSrc, err := r.t.Transform(dst, r.src[r.src0:r.src1], r.err == io.EOF)
	r.src0 += nSrc
	switch {
	case err == nil:
		if r.src0 != r.src1 {
			r.fail(errInconsistent)
		} else {
			r.done = r.err != nil
		}
	case err == transform.ErrShortDst && (nDst != 0 || nSrc != 0):
		// Room is made in dst, and the transformer goes on.
	case err == transform.ErrShortSrc && r.src1-r.src0 != len(r.src) && r.err == nil:
		r.short = true
	default:
		r.fail(err)
	}
	return nDst
}

// fail ends the stream with err, unless r's error comes first.
func (r *reader) fail(err error) {
	r.done = true
	if r.err == nil || r.err == io.EOF {
		r.err = err
	}
}

var (
	_ io.Reader   = (*reader)(nil)
	_ io.WriterTo = (*reader)(nil)
)
