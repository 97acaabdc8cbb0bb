package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/utf8tools/sanitize"
	"golang.org/x/text/transform"
)

// A gate is what -check, -l and -w do: find what sanitizing each file
// would change, and report it, list the file or rewrite it.
type gate struct {
	opts     []sanitize.Option
	mode     gateMode
	list     bool // -l, alone or with -w
	all      bool
	max      int
	binary   bool // check binary files too
	verbose  bool
	format   format
	jobs     int
	progress bool
	checking atomic.Int32 // files being checked now
}

type gateMode uint8

const (
	checking gateMode = iota // -check
	listing                  // -l
	writing                  // -w, and -l -w
)

// A result is what the gate found in one file.
type result struct {
	name     string // as given, or as the walk found it
	findings []finding
	more     int    // findings past -max
	binary   bool   // skipped as binary
	hint     string // for ill-formed input: what encoding the file looks like
	err      error
}

// sniffSize is how much of a file tells whether it is binary.
const sniffSize = 8 << 10

// headSize is how much of a file is read first: most source files end
// within it and cost one read, and one more to see the end.
const headSize = 64 << 10

// heads are the buffers that hold the start of each file.
var heads = sync.Pool{New: func() any { return new([headSize]byte) }}

// A file is what open returns.
type file interface {
	io.ReadCloser
	io.Seeker
	size() int64 // of a regular file, or -1
}

// check runs one file, or standard input for "-", through the gate.
func (g *gate) check(t target, stdin io.Reader, stderr io.Writer) *result {
	g.checking.Add(1)
	defer g.checking.Add(-1)
	name := t.path
	res := &result{name: name}
	in, size := stdin, int64(-1)
	var f file // nil for standard input
	if name == "-" {
		res.name = stdinName
	} else {
		var err error
		f, err = openIn(t.dir, t.base, name)
		if err != nil {
			res.err = err
			return res
		}
		defer f.Close()
		in = f
	}
	buf := heads.Get().(*[headSize]byte)
	defer heads.Put(buf)
	n, err := io.ReadFull(in, buf[:])
	head := buf[:n]
	eof := err == io.EOF || err == io.ErrUnexpectedEOF
	if err != nil && !eof {
		res.err = fileError(res.name, err)
		return res
	}
	res.hint = hint(head)
	if f != nil && (g.progress || !eof) {
		size = f.size()
	}
	if !g.binary && isBinary(head[:min(len(head), sniffSize)], eof && len(head) <= sniffSize) {
		res.binary = true
		return res
	}
	var prog *progress
	if g.progress {
		prog = newProgress(res.name, size, stderr)
		prog.add(len(head))
		defer prog.done()
	}
	if !eof && f != nil && ahead(size) && int(g.checking.Load())*2 <= runtime.GOMAXPROCS(0) {
		// Where there are processors to spare: reading ahead takes more
		// of them in all, which would slow a walk that keeps them busy.
		clean, err := g.spanAhead(f, head, prog)
		switch {
		case err != nil:
			res.err = fileError(res.name, err)
			return res
		case clean:
			return res
		}
	}
	var r io.Reader = bytes.NewReader(head)
	if !eof {
		// Most files end within the head: they cost no more reads.
		r = io.MultiReader(r, &counter{in, prog})
	}
	for f, err := range sanitize.Check(r, g.opts...) {
		switch {
		case err != nil:
			res.err = fileError(res.name, err)
		case g.mode != checking || !g.all:
			res.findings = append(res.findings, describe(f))
		case len(res.findings) < g.max:
			res.findings = append(res.findings, describe(f))
		default:
			res.more++
			continue
		}
		if err != nil || g.mode != checking || !g.all {
			break // one finding tells that the file would change
		}
	}
	if res.err == nil && g.mode == writing && len(res.findings) > 0 && name != "-" {
		res.err = rewrite(name, g.opts)
	}
	return res
}

// spanner returns a transformer that sanitizes as the gate's options say,
// to span what it would leave unchanged.
func (g *gate) spanner() transform.SpanningTransformer {
	return sanitize.New(g.opts...)
}

// spanAhead reports whether sanitizing head and then the rest of f would
// change nothing, reading f ahead (readahead) and spanning it. Most large
// files are clean, and are done with then; for one that is not, it seeks f
// back to the end of head, for Check to read it again.
func (g *gate) spanAhead(f file, head []byte, prog *progress) (bool, error) {
	a := newReadahead(f, aheadBufs, aheadSize, aheadRoom)
	clean, err := spanClean(g.spanner(), head, a, prog)
	a.close()
	if clean || err != nil {
		return clean, err
	}
	prog.restart(len(head))
	_, err = f.Seek(int64(len(head)), io.SeekStart)
	return false, err
}

// spanClean reports whether sanitizing head and then what rest holds
// would change nothing: whether Span takes all of it. That is exactly
// when Check finds nothing, and Span goes through clean text faster than
// Check, which reads it into a buffer of its own.
func spanClean(t transform.SpanningTransformer, head []byte, rest source, prog *progress) (bool, error) {
	p, eof := head, false
	for {
		n, err := t.Span(p, eof)
		switch {
		case err == nil && eof:
			return true, nil
		case err == nil || err == transform.ErrShortSrc && !eof:
			left := len(p) - n
			var rerr error
			if p, eof, rerr = rest.fill(p[n:]); rerr != nil {
				return false, rerr
			}
			prog.add(len(p) - left)
		default:
			return false, nil
		}
	}
}

// isBinary reports whether the start of a file holds both a NUL and
// ill-formed UTF-8, as images, archives and object files do. A NUL alone
// does not make text binary, or one NUL would hide a file from the gate; a
// file that starts with a UTF-16 or UTF-32 byte order mark is text in
// another encoding, reported rather than skipped.
func isBinary(head []byte, eof bool) bool {
	if bytes.IndexByte(head, 0) < 0 || hint(head) != "" {
		return false
	}
	_, err := sanitize.Validate(sanitize.RejectInvalid).Span(head, eof)
	return err != nil && !errors.Is(err, transform.ErrShortSrc)
}

// counter passes reads through and counts them for -progress.
type counter struct {
	r    io.Reader
	prog *progress
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.prog.add(n)
	return n, err
}

// status is the exit status that r calls for.
func (g *gate) status(r *result) int {
	switch {
	case r.err != nil:
		return failure
	case len(r.findings) > 0 && g.mode != writing:
		return found
	}
	return ok
}

// describeSkipped says how many binary files were skipped.
func describeSkipped(n int) string {
	if n == 1 {
		return "utf8sanitize: skipped 1 binary file (-v names it, -binary checks it)"
	}
	return fmt.Sprintf("utf8sanitize: skipped %d binary files (-v names them, -binary checks them)", n)
}
