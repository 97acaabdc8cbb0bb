package sanitize

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"sync"

	"golang.org/x/text/transform"
)

// A Finding is one change that sanitizing makes to its input: what [Check]
// reports. It is found by the transformer that does the change, at the
// place where it makes it, so the findings are exactly the changes.
type Finding struct {
	// Kind says what changes: a character, an ill-formed subpart, a
	// sequence, a byte order mark or a colour reset.
	Kind Kind
	// Class is, for KindChar, the class that escapes or removes the
	// character: the first of Controls, Noncharacters, PrivateUse, Bidi,
	// LineSeparators, VariationSelectors, Tags and Invisible, in that
	// order, that the options name and that holds it. It is 0 when no class
	// does: an [AlsoFunc] or [AlsoIn], or the characters a style escapes
	// by itself (" and \ in [JSONStyle], the escape character under
	// [Reversible]).
	Class Class
	// Fault says, for KindInvalid, why Bytes are ill-formed.
	Fault Fault
	// Bytes are the input bytes changed: a character, an ill-formed
	// subpart (at most three bytes), or a whole terminal sequence. They
	// are empty for what sanitizing adds (a byte order mark, a colour
	// reset) and belong to the Finding.
	Bytes []byte

	// Offset is the position of the first byte, counted from 0 at the
	// start of the stream; for what is added, of the byte it goes before.
	Offset int64
	// Line is the 1-based line number, counting line feeds.
	Line int
	// Column is the 1-based column in bytes, as Go's tools count it.
	Column int
	// UTF16Column is the 1-based column in UTF-16 code units, as editors,
	// the Language Server Protocol and SARIF count by default, with each
	// ill-formed subpart counted as the one U+FFFD it decodes to.
	UTF16Column int
}

// A Kind says what a [Finding] is.
type Kind uint8

const (
	// KindInvalid is an ill-formed subpart of UTF-8, which every
	// [InvalidPolicy] changes.
	KindInvalid Kind = iota + 1
	// KindChar is a character escaped or removed.
	KindChar
	// KindSequence is a terminal escape sequence, whole, under
	// StripSequences or KeepColors (which strip it, or escape its
	// introducer, unless KeepColors keeps it as it is). Under the default
	// EscapeSequences an ESC or C1 control is a KindChar of Controls.
	KindSequence
	// KindBOM is a leading byte order mark that [StripBOM] removes, or
	// the one that [AddBOM] adds, with no Bytes.
	KindBOM
	// KindReset is the reset (ESC [ m) that [KeepColors] adds where
	// colours are still on: before a raw line feed, or at the end.
	KindReset
)

var kindNames = [...]string{"", "invalid UTF-8", "character", "sequence", "byte order mark", "colour reset"}

// String returns a short name for k, such as "invalid UTF-8" or
// "sequence".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// String returns f in a form like "3:14: U+202E (Bidi)" or
// "1:1: invalid UTF-8: e2 82 (truncated sequence)": line, column in bytes,
// and what it is. It quotes no input byte as it is.
func (f Finding) String() string {
	pos := fmt.Sprintf("%d:%d: ", f.Line, f.Column)
	switch {
	case f.Kind == KindInvalid:
		return pos + fmt.Sprintf("invalid UTF-8: % x (%s)", f.Bytes, f.Fault)
	case f.Kind == KindChar:
		r, _, _ := decode(f.Bytes, true)
		if f.Class == 0 {
			return pos + fmt.Sprintf("%U", r)
		}
		return pos + fmt.Sprintf("%U (%s)", r, f.Class)
	case len(f.Bytes) > 0:
		return pos + fmt.Sprintf("%s: % x", f.Kind, f.Bytes)
	}
	return pos + f.Kind.String()
}

// change is a Finding as Transform notes it: where in its src, how long.
type change struct {
	kind  Kind
	class Class
	fault Fault
	at    int // in the src of the call to Transform
	size  int
}

// note records the change that Transform makes to the unit of size bytes
// at src[at:], which it did not pass as it is.
func (t *sanitizer) note(src []byte, at, size int, atEOF bool) {
	c := change{kind: KindChar, at: at, size: size}
	r, _, f := decode(src[at:], atEOF)
	switch {
	case f != 0:
		c.kind, c.fault = KindInvalid, f
	case r == '\n' && !t.set.ascii['\n']:
		// A line feed that passes, changed only by the reset before it.
		c.kind, c.size = KindReset, 0
	case t.recognize && introducer(r) != ground:
		// Whatever sequence already decided about it is found again here:
		// the whole sequence is the change, if it is one.
		if seq := scanSequence(src[at:], atEOF, t.keepColors); seq.kind != seqNone && seq.kind != seqMore {
			c.kind, c.size = KindSequence, seq.size
			break
		}
		c.class = t.set.classOf(r)
	default:
		c.class = t.set.classOf(r)
	}
	t.add(c)
}

// add records c, unless it is inside the last sequence found whole: what
// becomes of the characters inside is part of that change, one per
// sequence.
func (t *sanitizer) add(c change) {
	at := t.offset + int64(c.at)
	if at < t.seqEnd {
		return
	}
	if c.kind == KindSequence {
		t.seqEnd = at + int64(c.size)
	}
	t.found = append(t.found, c)
}

// classOf returns the first class of s, in the order of their bits, that
// holds r, or 0.
func (s *set) classOf(r rune) Class {
	for c := Controls; c <= Invisible; c <<= 1 {
		if s.class&c != 0 && c.contains(r) {
			return c
		}
	}
	return 0
}

// Check reads r to its end and yields each change that sanitizing it as
// [New](opts...) does would make, in the order of the input, with its
// position: each character escaped or removed, each ill-formed subpart,
// each terminal sequence stripped or escaped whole, a byte order mark
// stripped or added, a colour reset added. When it yields nothing, New
// would copy r unchanged. It works in constant memory, reading 64 KiB at a
// time, and reports every ill-formed subpart whatever the [InvalidPolicy]
// (under [RejectInvalid] sanitizing would stop at the first).
//
// A read error ends the sequence with a zero Finding but for its position,
// where the error came, and the error. Breaking out of the loop stops
// reading. The sequence reads r, so it can be ranged over once. Check
// panics on contradictory options, as New does.
func Check(r io.Reader, opts ...Option) iter.Seq2[Finding, error] {
	c := configure(opts)
	c.invalid = ReplaceInvalid // each ill-formed subpart is one change
	// A gate over a tree calls Check once a file, with the same options:
	// the compiled sanitizer is kept, as String keeps it.
	proto := cached(&c)
	if proto == nil {
		proto = newSanitizer(c)
	}
	return func(yield func(Finding, error) bool) {
		t := *proto
		t.reporting = true
		t.Reset()
		bufs := checkBuffers.Get().(*[2][checkBuf]byte)
		defer checkBuffers.Put(bufs)
		src, dst := bufs[0][:], bufs[1][:]
		pos := position{Line: 1, Column: 1, UTF16Column: 1}
		n, eof := 0, false
		for {
			var rerr error
			if !eof && n < len(src) {
				var m int
				m, rerr = r.Read(src[n:])
				n += m
				if rerr == io.EOF {
					eof, rerr = true, nil
				}
			}
			// Clean text needs no copy: Span passes it, and Transform
			// takes over where it stops (which is where it would change
			// something, or at the end, for a colour reset).
			atEOF := eof && rerr == nil
			nSrc, err := t.Span(src[:n], atEOF)
			skip := nSrc
			if err != nil {
				var m int
				_, m, err = t.Transform(dst, src[skip:n], atEOF)
				nSrc += m
			}
			done := 0 // bytes of src that pos has counted
			for _, c := range t.found {
				c.at += skip
				pos.advance(src[done:c.at])
				done = c.at
				f := Finding{Kind: c.kind, Class: c.class, Fault: c.fault, Bytes: bytes.Clone(src[c.at : c.at+c.size])}
				pos.set(&f)
				if c.kind == KindInvalid {
					// It counts as one U+FFFD in UTF-16, and nothing
					// overlaps it.
					pos.advance(f.Bytes)
					pos.UTF16Column += 1 - utf16Len(f.Bytes)
					done += c.size
				}
				if !yield(f, nil) {
					return
				}
			}
			t.found = t.found[:0]
			pos.advance(src[done:nSrc])
			n = copy(src, src[nSrc:n])
			switch {
			case rerr != nil:
				var f Finding
				pos.set(&f)
				yield(f, rerr)
				return
			case err == nil && eof:
				return
			case err == nil, err == transform.ErrShortSrc, err == transform.ErrShortDst:
			default:
				// Nothing else can come: ill-formed input is replaced.
				panic("sanitize: Check: " + err.Error())
			}
		}
	}
}

// checkBuf is the size of Check's buffers, for input and for the output
// that it throws away.
const checkBuf = 64 << 10

var checkBuffers = sync.Pool{New: func() any { return new([2][checkBuf]byte) }}

// position is where Check has counted to.
type position struct {
	Offset      int64
	Line        int
	Column      int
	UTF16Column int
}

// advance moves p past b.
func (p *position) advance(b []byte) {
	p.Offset += int64(len(b))
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		p.Line += bytes.Count(b[:i], []byte{'\n'}) + 1
		p.Column, p.UTF16Column = 1, 1
		b = b[i+1:]
	}
	p.Column += len(b)
	p.UTF16Column += utf16Len(b)
}

func (p *position) set(f *Finding) {
	f.Offset, f.Line, f.Column, f.UTF16Column = p.Offset, p.Line, p.Column, p.UTF16Column
}

// utf16Len returns how many UTF-16 code units b is, if well-formed: one
// for each character, two for each of four bytes. A count byte by byte
// keeps it right when b cuts a character.
func utf16Len(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xC0 != 0x80 {
			n++
			if c >= 0xF0 {
				n++
			}
		}
	}
	return n
}
