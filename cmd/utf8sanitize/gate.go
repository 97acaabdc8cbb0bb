package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

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
	size() int64 // of a regular file, or -1
}

// check runs one file, or standard input for "-", through the gate.
func (g *gate) check(t target, stdin io.Reader, stderr io.Writer) *result {
	name := t.path
	res := &result{name: name}
	in, size := stdin, int64(-1)
	if name == "-" {
		res.name = stdinName
	} else {
		f, err := openIn(t.dir, t.base, name)
		if err != nil {
			res.err = err
			return res
		}
		defer f.Close()
		in = f
		if g.progress {
			size = f.size()
		}
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
