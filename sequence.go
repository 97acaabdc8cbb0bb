package sanitize

import (
	"bytes"
	"fmt"
)

// This file recognizes terminal control sequences (ECMA-48, ISO 6429) as
// Paul Flo Williams' parser for DEC's ANSI-compatible terminals does
// (vt100.net/emu/dec_ansi_parser), whose states it names, run over
// characters rather than bytes: a 9C byte inside a character such as ✳
// (E2 9C B3) is no string terminator, and a raw byte 80–9F is ill-formed
// UTF-8, the validator's business.
//
//	ground ── ESC ──▶ escape ── 20–2F ──▶ escapeIntermediate ── 30–7E ──▶ done
//	                    │ 30–7E but [ ] P X ^ _ ──▶ done
//	ground ── ESC [, U+009B ──▶ csiEntry ── 30–3F ──▶ csiParam ── 40–7E ──▶ done
//	                              │ 20–2F ──▶ csiIntermediate ── 30–3F ──▶ csiIgnore
//	ground ── ESC ], U+009D ──▶ oscString ── BEL or ST ──▶ done
//	ground ── ESC P, U+0090 ──▶ dcsEntry ─▶ dcsParam / dcsIntermediate ── 40–7E ──▶ dcsPassthrough ── ST ──▶ done
//	ground ── ESC X ^ _, U+0098 U+009E U+009F ──▶ sosPmApcString ── ST ──▶ done
//
// ST is ESC \ or U+009C. Where the DEC parser would carry on, the
// recognizer gives up, so that no text is ever hidden: a sequence is not
// one if the stream ends before it does, if it meets an ill-formed byte,
// CAN or SUB, an ESC that does not start its ST, another C1 control, a
// non-ASCII character outside a string's contents, or a line feed inside a
// string, or if it runs past its bound. Its introducer is then handled as
// any control, and what follows as ordinary text.

// SequencePolicy says what happens to terminal control sequences: CSI
// (ESC [ … final byte, such as the colour ESC [ 3 1 m), OSC (ESC ] … BEL
// or ST: window titles, hyperlinks, clipboard writes), DCS, SOS, PM and
// APC (… ST), and the escape sequences of two or three characters (ESC 7,
// ESC ( B). [KeepColors] makes an exception for colours.
type SequencePolicy uint8

const (
	// EscapeSequences escapes ESC and every C1 control one character at
	// a time, as it does any control; the rest of a sequence is ordinary
	// text. It is the default, and needs no look-ahead.
	EscapeSequences SequencePolicy = iota
	// StripSequences removes each recognized sequence whole, introducer
	// to final byte or terminator. A C0 control inside a CSI or escape
	// sequence, which a terminal would carry out, stays, handled as
	// outside one. What is not a recognized sequence is escaped as under
	// EscapeSequences.
	StripSequences
)

// Sequences sets what happens to terminal control sequences. The default
// is [EscapeSequences].
//
// Under [StripSequences] or with [KeepColors], a sequence is held back
// until it is complete: at most 4,095 bytes (a string sequence) while
// atEOF is false, which fits the 4 KiB buffers of transform.NewReader,
// NewWriter and Chain. ESC and the C1 controls that introduce sequences
// are then decided by the recognizer: [Allow] of one of them panics.
func Sequences(p SequencePolicy) Option {
	return Option{kind: optSequences, value: uint8(p)}
}

// KeepColors lets colour and style sequences (SGR) through unchanged:
// exactly ESC [ (or U+009B), parameters made of digits, ; and : only, and
// m, at most 64 bytes, none of whose parameters is 8 (conceal, which hides
// text from whoever reads it; the 8 in 38;5;8 is a colour and is kept).
// Every other sequence is escaped or stripped as [Sequences] says.
//
// Colours never bleed: after a kept SGR that does not end in a reset
// (ESC [ m, ESC [ 0 m), ESC [ m is written before a line feed that passes
// through unescaped and at the end of the stream. With [Reversible] those
// resets are not written, so that [Unescape] gives back exactly the input.
// KeepColors with [JSONStyle] panics: a JSON string cannot hold a raw ESC.
func KeepColors() Option {
	return Option{kind: optKeepColors}
}

// The bounds of sequences, counting introducer and terminator; chosen so
// that a sequence held back fits a 4 KiB buffer.
const (
	maxControlSeq = 256  // CSI and escape sequences
	maxStringSeq  = 4096 // OSC, DCS, SOS, PM, APC
	maxSGR        = 64
)

// seqState is a state of the recognizer, named as in the DEC parser.
type seqState uint8

const (
	ground seqState = iota
	escape
	escapeIntermediate
	csiEntry
	csiParam
	csiIntermediate
	csiIgnore
	dcsEntry
	dcsParam
	dcsIntermediate
	dcsPassthrough
	dcsIgnore
	oscString
	sosPmApcString
)

// seqKind is what the recognizer found.
type seqKind uint8

const (
	seqNone    seqKind = iota // not a sequence: handle the introducer as a control
	seqMore                   // cannot tell yet: more input is needed
	seqControl                // a CSI or escape sequence; its C0 controls are carried out
	seqString                 // OSC, DCS, SOS, PM or APC: everything goes with it
	seqSGR                    // a CSI that KeepColors keeps
)

// A sequence is what the recognizer says about the bytes from an
// introducer.
type sequence struct {
	kind  seqKind
	size  int  // bytes, when it is a sequence
	reset bool // for seqSGR: its last operation turns attributes off
	exec  bool // for seqControl and seqSGR: it holds a C0 control to carry out
}

// introducer returns the state a character enters from ground, or ground
// if it does not start a sequence.
func introducer(r rune) seqState {
	switch r {
	case 0x1B:
		return escape
	case 0x9B:
		return csiEntry
	case 0x9D:
		return oscString
	case 0x90:
		return dcsEntry
	case 0x98, 0x9E, 0x9F:
		return sosPmApcString
	}
	return ground
}

// scanSequence recognizes the sequence that starts at the introducer at
// the start of p. It returns seqMore when p ends before the answer and
// !atEOF. It tells SGR from other CSI sequences only when colors is set.
func scanSequence(p []byte, atEOF, colors bool) sequence {
	if s, ok := scanCSI(p, colors); ok {
		return s
	}
	r, n, _ := decode(p, atEOF)
	st := introducer(r)
	exec := false
	for {
		bound := maxControlSeq
		if st >= dcsEntry { // ESC ] and the like become string sequences
			bound = maxStringSeq
		}
		if n >= bound {
			return sequence{kind: seqNone}
		}
		if n == len(p) {
			if atEOF {
				return sequence{kind: seqNone}
			}
			return sequence{kind: seqMore}
		}
		if st >= dcsPassthrough && p[n]-0x20 < 0x5F {
			// Printable ASCII is content in every string: skip it
			// without the state machine.
			for end := min(len(p), bound); n < end && p[n]-0x20 < 0x5F; n++ {
			}
			continue
		}
		if l := leads[p[n]]; l.size != 0 && n+l.size > bound {
			return sequence{kind: seqNone} // no room left for this character
		}
		r, size, f := decode(p[n:], atEOF)
		switch {
		case size == 0:
			return sequence{kind: seqMore}
		case f != 0 || r == 0x18 || r == 0x1A: // ill-formed, CAN, SUB
			return sequence{kind: seqNone}
		}
		next, end := st.next(r)
		exec = exec || st < dcsEntry && r < 0x20
		if end && st >= dcsEntry && r == 0x1B {
			// ESC in a string: only as the first half of ST.
			if n+2 > bound {
				return sequence{kind: seqNone}
			}
			if n+1 == len(p) {
				if atEOF {
					return sequence{kind: seqNone}
				}
				return sequence{kind: seqMore}
			}
			if p[n+1] != '\\' {
				return sequence{kind: seqNone}
			}
			size = 2
		}
		n += size
		switch {
		case next == ground && !end:
			return sequence{kind: seqNone}
		case end && st < dcsEntry:
			s := control(p[:n], colors)
			s.exec = exec
			return s
		case end:
			return sequence{kind: seqString, size: n}
		}
		st = next
	}
}

// scanCSI is scanSequence for the common case, which it answers without
// decoding character by character: ESC [ or U+009B, parameter bytes,
// intermediate bytes and a final byte, all there in p. Anything else it
// leaves to the general loop, ok false.
func scanCSI(p []byte, colors bool) (s sequence, ok bool) {
	i := 2 // ESC [ and U+009B (C2 9B) are both two bytes
	if len(p) < 3 || !(p[0] == 0x1B && p[1] == '[' || p[0] == 0xC2 && p[1] == 0x9B) {
		return s, false
	}
	end := min(len(p), maxControlSeq)
	for i < end && p[i]-0x30 < 0x10 { // parameters
		i++
	}
	for i < end && p[i]-0x20 < 0x10 { // intermediates
		i++
	}
	if i == end || p[i] < 0x40 || p[i] > 0x7E {
		return s, false // not a final byte: the loop knows what it is
	}
	return control(p[:i+1], colors), true
}

// next is the transition of the recognizer from st on r, which is neither
// ill-formed nor CAN or SUB: the next state, and end when r completes the
// sequence (or, in a string, starts ST with ESC). ground without end means
// that the sequence is not one.
func (st seqState) next(r rune) (next seqState, end bool) {
	if st < dcsEntry {
		// In CSI and escape sequences a terminal carries out C0
		// controls and ignores DEL; both leave the state as it is.
		switch {
		case r < 0x20 && r != 0x1B, r == 0x7F:
			return st, false
		case r >= 0x80: // non-ASCII, C1 controls included
			return ground, false
		}
	} else {
		switch {
		case r == 0x9C: // ST
			return ground, true
		case 0x80 <= r && r <= 0x9F, r == '\n':
			return ground, false
		case r == 0x1B:
			return ground, true // if ST follows: scanSequence looks
		case r == 0x07 && st == oscString:
			return ground, true // BEL ends OSC, as xterm has it
		case r < 0x20 || r == 0x7F:
			return st, false // part of the string
		case r >= 0x80 && st <= dcsIntermediate:
			return ground, false // the header of a DCS is ASCII
		}
	}
	param, inter, final := 0x30 <= r && r <= 0x3F, 0x20 <= r && r <= 0x2F, 0x40 <= r && r <= 0x7E
	switch st {
	case escape:
		switch {
		case r == '[':
			return csiEntry, false
		case r == ']':
			return oscString, false
		case r == 'P':
			return dcsEntry, false
		case r == 'X', r == '^', r == '_':
			return sosPmApcString, false
		case inter:
			return escapeIntermediate, false
		case param || final:
			return ground, true
		}
	case escapeIntermediate:
		switch {
		case inter:
			return st, false
		case param || final:
			return ground, true
		}
	case csiEntry, csiParam:
		switch {
		case param:
			return csiParam, false
		case inter:
			return csiIntermediate, false
		case final:
			return ground, true
		}
	case csiIntermediate, csiIgnore:
		switch {
		case inter:
			return st, false
		case param:
			return csiIgnore, false
		case final:
			return ground, true
		}
	case dcsEntry, dcsParam:
		switch {
		case param:
			return dcsParam, false
		case inter:
			return dcsIntermediate, false
		case final:
			return dcsPassthrough, false
		}
	case dcsIntermediate:
		switch {
		case inter:
			return st, false
		case param:
			return dcsIgnore, false
		case final:
			return dcsPassthrough, false
		}
	case dcsPassthrough, dcsIgnore, oscString, sosPmApcString:
		return st, false
	}
	return ground, false // ESC, or a byte the state has no place for
}

// control classifies a complete CSI or escape sequence: SGR, which
// KeepColors may keep, or any other. Without colors it does not look.
func control(p []byte, colors bool) sequence {
	s := sequence{kind: seqControl, size: len(p)}
	if !colors {
		return s
	}
	if reset, ok := sgr(p); ok {
		s.kind, s.reset = seqSGR, reset
	}
	return s
}

// sgr reports whether p is an SGR sequence that KeepColors keeps, and
// whether its last operation is a reset.
//
// Each parameter separated by ; is an operation, but for the colour
// arguments that follow 38, 48 and 58 (5;n or 2;r;g;b) when they are not
// given as sub-parameters with :. A parameter's value is the number before
// its first :, saturated; an empty one is 0.
func sgr(p []byte) (reset, ok bool) {
	switch {
	case len(p) > maxSGR || len(p) < 3 || p[len(p)-1] != 'm':
		return false, false
	case p[0] == 0x1B && p[1] == '[', p[0] == 0xC2 && p[1] == 0x9B:
	default:
		return false, false
	}
	body := p[2 : len(p)-1]
	var (
		args int // colour arguments still to skip; -1: the colour space is next
		last int // the last operation
		v    int
		sub  bool
	)
	for i := 0; i <= len(body); i++ {
		if i < len(body) {
			switch b := body[i]; {
			case b-'0' < 10:
				if !sub {
					v = min(10*v+int(b-'0'), 1<<20)
				}
				continue
			case b == ':':
				sub = true
				continue
			case b != ';':
				return false, false
			}
		}
		switch {
		case args == -1: // 5 takes one more argument, 2 three
			args = 0
			if v == 5 {
				args = 1
			} else if v == 2 {
				args = 3
			}
		case args > 0:
			args--
		case v == 8:
			return false, false // conceal
		case (v == 38 || v == 48 || v == 58) && !sub:
			args, last = -1, v
		default:
			last = v
		}
		v, sub = 0, false
	}
	return last == 0, true
}

var seqNames = [...]string{"EscapeSequences", "StripSequences"}

// String returns the name of the constant, such as "StripSequences".
func (p SequencePolicy) String() string {
	if int(p) < len(seqNames) {
		return seqNames[p]
	}
	return fmt.Sprintf("SequencePolicy(%d)", uint8(p))
}

// copySequences is the fast path of Transform when sequences are
// recognized, for the common case of a coloured log: it copies text that
// needs no change and strips, or keeps as SGR, each CSI sequence that
// scanCSI recognizes whole in src, without a call per unit. It stops at
// anything else (an escaped character, ill-formed input, an ESC it does
// not finish, a raw line feed while colours are on, a full dst) and leaves
// it to the general path, the reference it is tested against: on the
// coloured corpus it makes StripSequences about twice as fast. Where the
// AVX-512 kernel waits for colours to be off, it returns as soon as they
// are. Where the AVX2 kernel runs, it hands the sequences and the text
// between them to a run of blocks from each ESC (runBlocks), which took
// the coloured logs seven to ten times as fast.
func (t *sanitizer) copySequences(dst, src []byte) (nDst, nSrc int) {
	ascii := &t.set.ascii
	retry := 0 // where the run of blocks may be tried again
	for nSrc < len(src) {
		// A run of text, as far as it fits: between sequences it tends to
		// be short, and the plain loop finds its end before the fast
		// paths have started; past gapWindow bytes they take over (the
		// vector kernel makes a long clean run twelve times as fast).
		end := nSrc + min(len(src)-nSrc, len(dst)-nDst)
		if t.colored && !ascii['\n'] {
			if i := bytes.IndexByte(src[nSrc:end], '\n'); i >= 0 {
				end = nSrc + i // a reset goes before a raw line feed
			}
		}
		run, done := t.set.cleanRef(src[:end], nSrc, nSrc+gapWindow)
		if !done {
			run += t.clean(src[run:end])
		}
		nDst += copy(dst[nDst:], src[nSrc:run])
		nSrc = run
		if nSrc == len(src) || src[nSrc] != 0x1B {
			break
		}
		if (t.stripRun || t.keepRun) && t.set.vec != nil && !t.set.removesASCII && nSrc >= retry &&
			len(src)-nSrc >= runMin && len(dst)-nDst >= 64 {
			// Where the AVX2 kernel runs, the sequences and the text
			// between them block after block, as the AVX-512 kernel
			// takes them; where the first block is not for it, not
			// again before the next. Not where ASCII bytes are
			// removed, as the kernels are not: the keep run escapes
			// them.
			d, s := t.runBlocks(dst[nDst:], src[nSrc:])
			nDst += d
			nSrc += s
			if s > 0 {
				continue
			}
			retry = nSrc + 64
		}
		seq, ok := scanCSI(src[nSrc:], t.keepColors)
		if !ok {
			break
		}
		switch {
		case seq.kind == seqSGR && t.keepColors:
			if seq.size > len(dst)-nDst {
				return nDst, nSrc
			}
			nDst += copy(dst[nDst:], src[nSrc:nSrc+seq.size])
			nSrc += seq.size
			t.colored = t.resets && !seq.reset
			if t.colored || !t.csiKernel || min(len(src)-nSrc, len(dst)-nDst) < wideMin {
				continue
			}
			// Colours are off again, and the AVX-512 kernel, which does
			// not start while they are on, can take the rest: through a
			// reader's buffers of 4 KiB, many of which start with them
			// on, the rest of each such buffer went this way, and that
			// made KeepColors on the coloured log a sixth slower.
			return nDst, nSrc
		case t.strip:
		default:
			return nDst, nSrc // to be escaped
		}
		nSrc += seq.size
	}
	return nDst, nSrc
}
