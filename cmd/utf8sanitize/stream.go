package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/utf8tools/sanitize"
	"golang.org/x/text/transform"
)

// errFound means a file held ill-formed input or a malformed escape, which
// was reported.
var errFound = errors.New("found ill-formed input")

const bufSize = 64 << 10

// file runs one file, or standard input for "-", through c.t. Reports go
// to diag, progress to stderr.
func (c *config) file(name string, stdin io.Reader, stdout, stderr, diag io.Writer) error {
	in := stdin
	size := int64(-1)
	if name == "-" {
		name = stdinName
	} else {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size() // for progress, and to read ahead
		}
		in = f
	}
	var prog *progress
	if c.progress {
		prog = newProgress(name, size, stderr)
		defer prog.done()
	}
	var src source = &onDemand{r: in, buf: make([]byte, bufSize)}
	if ahead(size) {
		src = newReadahead(in, aheadBufs, aheadSize, aheadRoom)
	}
	defer src.close()
	return c.pump(name, src, stdout, diag, prog)
}

// pump feeds in through c.t to w, what Span passes straight from the
// buffer it was read into. It drives the transformer itself,
// rather than through transform.NewReader, because it must know the line
// and column of every byte it has consumed when the transformer stops at
// ill-formed input or a malformed escape, and because a readahead hands
// it the buffers it reads into, with no copy.
func (c *config) pump(name string, in source, w io.Writer, diag io.Writer, prog *progress) error {
	t := c.t
	t.Reset()
	span, _ := t.(transform.SpanningTransformer)
	dst := make([]byte, bufSize)
	var (
		pos   = position{line: 1, col: 1}
		first []byte // the first bytes of the file, for a hint about UTF-16 or UTF-32
	)
	src, eof, err := in.fill(nil)
	for {
		if err != nil {
			return fileError(name, err)
		}
		if at := int64(len(first)); at < 4 {
			// src starts at pos.offset, which is at most at.
			first = append(first, src[at-pos.offset:min(int64(len(src)), 4-pos.offset)]...)
		}
		if span != nil {
			// What needs no change goes out from the buffer it was read
			// into, with no copy into dst.
			n, serr := span.Span(src, eof)
			if n > 0 {
				if _, werr := w.Write(src[:n]); werr != nil {
					return werr
				}
				pos.advance(src[:n])
				prog.add(n)
				src = src[n:]
			}
			if serr == nil {
				if eof {
					return nil
				}
				src, eof, err = in.fill(src)
				continue
			}
		}
		nDst, nSrc, terr := t.Transform(dst, src, eof)
		if _, werr := w.Write(dst[:nDst]); werr != nil {
			return werr
		}
		pos.advance(src[:nSrc])
		prog.add(nSrc)
		src = src[nSrc:]

		var bad *sanitize.InvalidUTF8Error
		var esc *sanitize.UnescapeError
		switch {
		case terr == nil && eof:
			return nil
		case terr == nil || terr == transform.ErrShortSrc && !eof:
			src, eof, err = in.fill(src)
		case terr == transform.ErrShortDst:
		case errors.As(terr, &bad):
			fmt.Fprintf(diag, "%s:%d:%d: invalid UTF-8 at byte %d: % x (%s)%s\n",
				name, pos.line, pos.col, pos.offset, bad.Bytes, bad.Fault, hint(first))
			return errFound
		case errors.As(terr, &esc):
			fmt.Fprintf(diag, "%s:%d:%d: malformed escape at byte %d: %q\n", name, pos.line, pos.col, pos.offset, esc.Bytes)
			return errFound
		default:
			return fileError(name, terr)
		}
	}
}

// position is where the first byte not yet consumed sits in the file.
type position struct {
	offset int64 // 0-based byte offset
	line   int   // 1-based, counting '\n'
	col    int   // 1-based byte column, as Go's tools count
}

func (p *position) advance(b []byte) {
	p.offset += int64(len(b))
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		p.line += bytes.Count(b, []byte{'\n'})
		p.col = len(b) - i
	} else {
		p.col += len(b)
	}
}

// hint names the encoding a file that starts with a UTF-16 or UTF-32 byte
// order mark is probably in.
func hint(first []byte) string {
	for _, h := range []struct{ bom, name string }{
		{"\xff\xfe\x00\x00", "UTF-32LE"},
		{"\x00\x00\xfe\xff", "UTF-32BE"},
		{"\xff\xfe", "UTF-16LE"},
		{"\xfe\xff", "UTF-16BE"},
	} {
		if bytes.HasPrefix(first, []byte(h.bom)) {
			return fmt.Sprintf("; the file starts with % x and looks like %s, not UTF-8", h.bom, h.name)
		}
	}
	return ""
}

// fileError names the file in err unless err names it already, as the
// errors of package os do.
func fileError(name string, err error) error {
	if _, ok := err.(*fs.PathError); ok {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}
