package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/transform"
)

// The ways a reader, or Check, is fed: whole, a byte at a time, in halves,
// with the error on the last data.
var sources = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"OneByteReader", iotest.OneByteReader},
	{"HalfReader", iotest.HalfReader},
	{"DataErrReader", iotest.DataErrReader},
}

// The ways a reader is drained: io.ReadAll, whose buffers start at 512
// bytes and go straight to Read's direct path; Reads of one byte, which go
// through the reader's own buffer; Reads of sizes that switch between the
// two; and io.Copy, which calls WriteTo.
var sinks = []struct {
	name  string
	drain func(io.Reader) ([]byte, error)
}{
	{"ReadAll", io.ReadAll},
	{"Read 1", func(r io.Reader) ([]byte, error) { return readSizes(r, 1) }},
	{"Read 1,700,3,512,4096", func(r io.Reader) ([]byte, error) { return readSizes(r, 1, 700, 3, 512, 4096) }},
	{"WriteTo", func(r io.Reader) ([]byte, error) { return readThenWriteTo(r, 0) }},
	{"Read 1, WriteTo", func(r io.Reader) ([]byte, error) { return readThenWriteTo(r, 1) }},
	{"Read 600, WriteTo", func(r io.Reader) ([]byte, error) { return readThenWriteTo(r, 600) }},
}

// readThenWriteTo reads once into a buffer of n bytes, if n > 0, then
// calls WriteTo for the rest, and checks the count it returns. WriteTo
// hands the rest to the source's own WriteTo where the source has one,
// with what the reader holds; a Read first leaves it something to hold.
func readThenWriteTo(r io.Reader, n int) ([]byte, error) {
	var b bytes.Buffer
	if n > 0 {
		p := make([]byte, n)
		k, err := r.Read(p)
		b.Write(p[:k])
		if err == io.EOF {
			return b.Bytes(), nil
		}
		if err != nil {
			return b.Bytes(), err
		}
	}
	before := b.Len()
	m, err := r.(io.WriterTo).WriteTo(&b)
	if m != int64(b.Len()-before) {
		return b.Bytes(), fmt.Errorf("WriteTo reported %d bytes, wrote %d", m, b.Len()-before)
	}
	return b.Bytes(), err
}

// readSizes reads r to its end with buffers of the sizes given, in turn.
func readSizes(r io.Reader, sizes ...int) ([]byte, error) {
	var out []byte
	for i := 0; ; i++ {
		p := make([]byte, sizes[i%len(sizes)])
		n, err := r.Read(p)
		out = append(out, p[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if i > 1<<24 {
			return out, errors.New("no end")
		}
	}
}

func TestReaderDrivers(t *testing.T) {
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			for _, src := range sources {
				for _, sink := range sinks {
					out, err := sink.drain(newReader(src.wrap(strings.NewReader(c.in)), c.t))
					c.check(t, src.name+", "+sink.name, out, err)
				}
			}
		})
	}
}

// Each case after clean text that ends around the edges of the reader's
// buffers and of Read's direct path, against transform.Reader's output:
// what is carried from the caller's buffer into src, and what a full src
// holds back, are where this reader differs from x/text's.
func TestReaderEdges(t *testing.T) {
	pads := around(directMin, readerBuf, 2*readerBuf)
	filler := strings.Repeat("clean text, é and 😀 in it\n", 2*readerBuf/16)
	for _, c := range allCases() {
		t.Run(c.desc, func(t *testing.T) {
			for _, pad := range pads {
				// The filler cut on a character boundary near pad.
				pre := strings.ToValidUTF8(filler[:pad], "")
				in := pre + c.in
				want, wantErr := io.ReadAll(transform.NewReader(strings.NewReader(in), c.t))
				for _, src := range pieces {
					for _, sink := range sinks {
						out, err := sink.drain(newReader(src.wrap(strings.NewReader(in)), c.t))
						if !bytes.Equal(out, want) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
							t.Fatalf("pad %d, %s, %s: got %d bytes, %v; want %d bytes, %v (first difference at %d)",
								pad, src.name, sink.name, len(out), err, len(want), wantErr, firstDiff(out, want))
						}
					}
				}
			}
		})
	}
}

// around returns the sizes from 4 below to 4 above each edge, 1 with
// -short.
func around(edges ...int) []int {
	d := 4
	if testing.Short() {
		d = 1
	}
	var sizes []int
	for _, e := range edges {
		for n := e - d; n <= e+d; n++ {
			sizes = append(sizes, n)
		}
	}
	return sizes
}

// pieces feed the long inputs of TestReaderEdges: a byte at a time would
// take minutes over them.
var pieces = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"HalfReader", iotest.HalfReader},
	{"pieces of 4093", func(r io.Reader) io.Reader { return &pieceReader{r: r, n: 4093} }},
}

// pieceReader reads at most n bytes at a time from r.
type pieceReader struct {
	r io.Reader
	n int
}

func (r *pieceReader) Read(p []byte) (int, error) {
	return r.r.Read(p[:min(len(p), r.n)])
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// An error of r comes after everything before it, through every sink, and
// wins over the transformer's error at the end of the stream.
func TestReaderSourceError(t *testing.T) {
	for _, sink := range sinks {
		r := io.MultiReader(strings.NewReader(strings.Repeat("é", 700)+"ab\x00c\xe2\x82"), iotest.ErrReader(errBoom))
		out, err := sink.drain(newReader(r, New()))
		if want := strings.Repeat("é", 700) + `ab\x00c`; string(out) != want || !errors.Is(err, errBoom) {
			t.Errorf("%s: got %q…, %v; want %q…, %v", sink.name, out[max(0, len(out)-8):], err, want[len(want)-8:], errBoom)
		}
	}
}

// WriteTo stops at the writer's error, having written what the writer
// took.
func TestReaderWriteToError(t *testing.T) {
	for _, in := range []string{strings.Repeat("a", 3*readerBuf), strings.Repeat("a\x00", readerBuf)} {
		fw := &failWriter{n: readerBuf + 5}
		n, err := newReader(strings.NewReader(in), New()).WriteTo(fw)
		if !errors.Is(err, errBoom) || n != int64(fw.Len()) || n != readerBuf+5 {
			t.Errorf("got %d, %v with %d written; want %d, %v", n, err, fw.Len(), readerBuf+5, errBoom)
		}
	}
}

// stuck returns nothing and no error, for ever.
type stuck struct{}

func (stuck) Read([]byte) (int, error) { return 0, nil }

// A reader that returns nothing and no error, read after read, ends the
// stream with io.ErrNoProgress, through every sink, after what came before.
func TestReaderNoProgress(t *testing.T) {
	for _, sink := range sinks {
		r := io.MultiReader(strings.NewReader("ab\x00"), stuck{})
		out, err := sink.drain(newReader(struct{ io.Reader }{r}, New()))
		if string(out) != `ab\x00` || err != io.ErrNoProgress {
			t.Errorf("%s: got %q, %v; want %q, %v", sink.name, out, err, `ab\x00`, io.ErrNoProgress)
		}
	}
}

// spanCounter counts the Span calls made of the sanitizer it wraps, whose
// NewReader then takes the path of any other transformer.
type spanCounter struct {
	*sanitizer
	spans int
}

func (s *spanCounter) Span(src []byte, atEOF bool) (int, error) {
	s.spans++
	return s.sanitizer.Span(src, atEOF)
}

// After a Span that passes a byte and stops, WriteTo leaves Span alone for
// readerMiss reads, and the text is the same.
func TestReaderWriteToShortSpan(t *testing.T) {
	in := "a\x00" + strings.Repeat("clean é\n", readerMiss*readerBuf/8)
	s := &spanCounter{sanitizer: New().(*sanitizer)}
	var out bytes.Buffer
	if _, err := newReader(struct{ io.Reader }{strings.NewReader(in)}, s).WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if want, _ := String(in); out.String() != want {
		t.Fatalf("got %d bytes, want %d (first difference at %d)", out.Len(), len(want), firstDiff(out.Bytes(), []byte(want)))
	}
	// The first, and one after readerMiss reads: every read of 16 KiB
	// had one before.
	if s.spans > 2 {
		t.Errorf("%d Span calls over %d reads, want at most 2", s.spans, len(in)/readerBuf+1)
	}
}
