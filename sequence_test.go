package sanitize

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/transform"
)

// The transformers of the sequence cases.
var (
	strip     = New(Sequences(StripSequences))
	stripNL   = New(Sequences(StripSequences), Allow('\t', '\n'))
	keep      = New(KeepColors())
	keepNL    = New(KeepColors(), Allow('\n'))
	keepStrip = New(Sequences(StripSequences), KeepColors())
	keepRev   = New(KeepColors(), Reversible())
)

// sequenceCases follow ECMA-48 and the DEC parser (vt100.net) for what a
// sequence is, and the documented rules for what is not one: its
// introducer is escaped as a control (\x1b in Go style) and the rest is
// ordinary text.
var sequenceCases = []testCase{
	{desc: "seq default: escaped as characters, unchanged", t: New(), in: "\x1b[31mx\u009b1m", want: `\x1b[31mx\u009b1m`},

	{desc: "strip: CSI colours", t: strip, in: "a\x1b[31mred\x1b[0m b", want: "ared b"},
	{desc: "strip: CSI in C1 form", t: strip, in: "a\u009b31mb", want: "ab"},
	{desc: "strip: private marker", t: strip, in: "\x1b[?25lx", want: "x"},
	{desc: "strip: colon truecolour", t: strip, in: "\x1b[38:2::255:0:0mx", want: "x"},
	{desc: "strip: intermediate then parameter goes to csi_ignore", t: strip, in: "\x1b[1$2mx", want: "x"},
	{desc: "strip: OSC title ended by BEL", t: strip, in: "\x1b]0;pwned\x07x", want: "x"},
	{desc: "strip: OSC ended by ESC backslash", t: strip, in: "\x1b]0;t\x1b\\x", want: "x"},
	{desc: "strip: OSC 8 hyperlink", t: strip, in: "\x1b]8;;http://e.example\x1b\\link\x1b]8;;\x1b\\", want: "link"},
	{desc: "strip: OSC 52 clipboard write", t: strip, in: "\x1b]52;c;ZXZpbA==\x07ok", want: "ok"},
	{desc: "strip: OSC in C1 form ended by U+009C", t: strip, in: "\u009d0;t\u009cx", want: "x"},
	{desc: "strip: OSC content is any character, E2 9C B3 included", t: strip, in: "\x1b]0;caf\u00e9 \u2733 on\x07x", want: "x"},
	{desc: "strip: C0 in a string goes with it", t: strip, in: "\x1b]0;a\tb\x00\x07x", want: "x"},
	{desc: "strip: DCS with a payload", t: strip, in: "\x1bPq#0;2;0;0;0#0~~\x1b\\x", want: "x"},
	{desc: "strip: DCS in C1 form", t: strip, in: "\u0090$qm\u009cx", want: "x"},
	{desc: "strip: ST before a DCS's final byte", t: strip, in: "\x1bP1\x1b\\x", want: "x"},
	{desc: "strip: SOS, PM and APC", t: strip, in: "\x1bXsos\x1b\\\x1b^pm\x1b\\\x1b_apc\x1b\\x", want: "x"},
	{desc: "strip: BEL inside APC is content", t: strip, in: "\x1b_a\x07b\x1b\\x", want: "x"},
	{desc: "strip: escape sequences", t: strip, in: "\x1b(B\x1b7\x1bc\x1b#8x", want: "x"},
	{desc: "strip: ESC backslash alone", t: strip, in: "\x1b\\x", want: "x"},
	{desc: "strip: DEL inside CSI is part of it", t: strip, in: "\x1b[3\x7f1mx", want: "x"},
	{desc: "strip: C0 inside CSI is carried out", t: strip, in: "a\x1b[3\x001mb", want: `a\x00b`},
	{desc: "strip: C0 inside an escape sequence", t: strip, in: "\x1b(\x07Bx", want: `\ax`},
	{desc: "strip: line feed inside CSI, let through", t: stripNL, in: "\x1b[3\n1mx", want: "\nx"},
	{desc: "strip: CAN aborts", t: strip, in: "\x1b[31\x18m", want: `\x1b[31\x18m`},
	{desc: "strip: SUB aborts a string", t: strip, in: "\x1b]0;t\x1ax", want: `\x1b]0;t\x1ax`},
	{desc: "strip: ESC inside CSI starts anew", t: strip, in: "\x1b[31\x1b[0mx", want: `\x1b[31x`},
	{desc: "strip: ESC inside OSC that is no ST", t: strip, in: "\x1b]0;a\x1b[2Jx", want: `\x1b]0;ax`},
	{desc: "strip: C1 control inside CSI", t: strip, in: "\x1b[3\u0085m", want: `\x1b[3\u0085m`},
	{desc: "strip: C1 control inside OSC", t: strip, in: "\x1b]0;\u0085\x07", want: `\x1b]0;\u0085\a`},
	{desc: "strip: non-ASCII inside CSI", t: strip, in: "\x1b[3\u00e9mx", want: "\\x1b[3\u00e9mx"},
	{desc: "strip: non-ASCII in a DCS header", t: strip, in: "\x1bP\u00e9q\x1b\\", want: "\\x1bP\u00e9q"},
	{desc: "strip: ESC then a C1 CSI", t: strip, in: "\x1b\u009b1mx", want: `\x1bx`},
	{desc: "strip: line feed inside OSC", t: strip, in: "\x1b]0;a\nb\x07", want: `\x1b]0;a\nb\a`},
	{desc: "strip: line feed let through inside OSC", t: stripNL, in: "\x1b]0;a\nb\x07", want: "\\x1b]0;a\nb\\a"},
	// In a block of the AVX-512 kernel, which once took the byte before a
	// BEL for the ESC of an ST, and so let a line feed there through.
	{desc: "strip: line feed let through just before the BEL of an OSC", t: stripNL, in: "\x1b]0;a\n\x07" + strings.Repeat("x", 130),
		want: "\\x1b]0;a\n\\a" + strings.Repeat("x", 130)},
	{desc: "strip: cut by the end of the stream", t: strip, in: "a\x1b[31", want: `a\x1b[31`},
	{desc: "strip: OSC cut by the end of the stream", t: strip, in: "a\x1b]0;title", want: `a\x1b]0;title`},
	{desc: "strip: ESC at the end of an OSC cut", t: strip, in: "\x1b]0;t\x1b", want: `\x1b]0;t\x1b`},
	{desc: "strip: ill-formed byte inside", t: strip, in: "\x1b[3\xffm", want: "\\x1b[3\ufffdm"},
	{desc: "strip: U+009C alone is a control", t: strip, in: "\u009cx", want: `\u009cx`},
	{desc: "strip: lone ESC", t: strip, in: "\x1b", want: `\x1b`},
	{desc: "strip: CSI bound, at the limit", t: strip, in: "\x1b[" + strings.Repeat("1", 253) + "mx", want: "x"},
	{desc: "strip: CSI bound, one past", t: strip, in: "\x1b[" + strings.Repeat("1", 254) + "m",
		want: `\x1b[` + strings.Repeat("1", 254) + "m"},

	{desc: "keep: SGR kept and reset at the end", t: keep, in: "\x1b[31mred", want: "\x1b[31mred\x1b[m"},
	{desc: "keep: SGR that resets", t: keep, in: "\x1b[31mred\x1b[0m", want: "\x1b[31mred\x1b[0m"},
	{desc: "keep: last operation a reset", t: keep, in: "\x1b[1;31;0mx", want: "\x1b[1;31;0mx"},
	{desc: "keep: empty SGR is a reset", t: keep, in: "\x1b[mx", want: "\x1b[mx"},
	{desc: "keep: the 8 of 38;5;8 is a colour", t: keep, in: "\x1b[38;5;8mx\x1b[m", want: "\x1b[38;5;8mx\x1b[m"},
	{desc: "keep: truecolour then reset", t: keep, in: "\x1b[38;2;8;8;8;0mx", want: "\x1b[38;2;8;8;8;0mx"},
	{desc: "keep: conceal is no colour", t: keep, in: "\x1b[8mx", want: `\x1b[8mx`},
	{desc: "keep: 08 is 8", t: keep, in: "\x1b[1;08mx", want: `\x1b[1;08mx`},
	{desc: "keep: other sequences escaped", t: keep, in: "\x1b[2J\x1b]0;t\x07", want: `\x1b[2J\x1b]0;t\a`},
	{desc: "keep: private marker is no SGR", t: keep, in: "\x1b[?1mx", want: `\x1b[?1mx`},
	{desc: "keep: C0 inside makes another sequence", t: keep, in: "\x1b[3\x001m", want: `\x1b[3\x001m`},
	{desc: "keep: SGR of 64 bytes", t: keep, in: "\x1b[" + strings.Repeat("1;", 30) + "1m",
		want: "\x1b[" + strings.Repeat("1;", 30) + "1m\x1b[m"},
	{desc: "keep: SGR of 65 bytes", t: keep, in: "\x1b[" + strings.Repeat("1;", 30) + "11m",
		want: `\x1b[` + strings.Repeat("1;", 30) + "11m"},
	{desc: "keep: SGR in C1 form", t: keep, in: "\u009b32mx", want: "\u009b32mx\x1b[m"},
	{desc: "keep: reset before a raw line feed", t: keepNL, in: "\x1b[31mred\nnext\n", want: "\x1b[31mred\x1b[m\nnext\n"},
	{desc: "keep: no reset before an escaped line feed", t: keep, in: "\x1b[31ma\nb", want: "\x1b[31ma\\nb\x1b[m"},
	{desc: "keep: Reversible writes no reset", t: keepRev, in: "\x1b[31m\\x", want: "\x1b[31m\\\\x"},

	{desc: "keep strip: colours kept, the rest stripped", t: keepStrip, in: "\x1b[31mred\u009b2J\x1b]0;t\x07",
		want: "\x1b[31mred\x1b[m"},
	{desc: "keep strip: conceal stripped", t: keepStrip, in: "\x1b[8mx", want: "x"},
}

// longSequenceCases are at and past the bound of string sequences: too
// long for the drivers that try every split point, so they go through a
// few (TestLongSequences).
var longSequenceCases = []testCase{
	{desc: "strip: OSC of 4096 bytes", t: strip, in: "\x1b]" + strings.Repeat("a", 4093) + "\x07x", want: "x"},
	{desc: "strip: OSC of 4096 bytes ended by ESC backslash", t: strip, in: "\x1b]" + strings.Repeat("a", 4092) + "\x1b\\x", want: "x"},
	{desc: "strip: OSC of 4097 bytes", t: strip, in: "\x1b]" + strings.Repeat("a", 4094) + "\x07x",
		want: `\x1b]` + strings.Repeat("a", 4094) + `\ax`},
	{desc: "strip: OSC whose ESC backslash would pass the bound", t: strip, in: "\x1b]" + strings.Repeat("a", 4093) + "\x1b\\x",
		want: `\x1b]` + strings.Repeat("a", 4093) + "x"}, // ESC \ alone is an escape sequence, and goes
	{desc: "strip: unterminated OSC does not swallow the rest", t: strip, in: "\x1b]0;" + strings.Repeat("log line\n", 1000),
		want: `\x1b]0;` + strings.Repeat(`log line\n`, 1000)},
	{desc: "strip: OSC past the bound without a line feed", t: strip, in: "\x1b]0;" + strings.Repeat("b", 5000),
		want: `\x1b]0;` + strings.Repeat("b", 5000)},
	{desc: "strip: DCS whose character passes the bound", t: strip, in: "\x1bPq" + strings.Repeat("a", 4092) + "\u00e9\x1b\\",
		want: `\x1bPq` + strings.Repeat("a", 4092) + "\u00e9"},
}

func TestLongSequences(t *testing.T) {
	for _, c := range longSequenceCases {
		t.Run(c.desc, func(t *testing.T) {
			in := []byte(c.in)
			for _, cuts := range [][]int{nil, {1}, {2}, {len(in) / 2}, {len(in) - 2}, {len(in) - 1}, {4095}, {4096}} {
				for _, size := range []int{1, 18, 4096} {
					out, err := drive(t, c.t, in, cuts, size)
					c.check(t, fmt.Sprintf("cut at %v, dst %d", cuts, size), out, err)
				}
			}
			out, err := io.ReadAll(transform.NewReader(bytes.NewReader(in), c.t))
			c.check(t, "NewReader", out, err)
			out, err = io.ReadAll(transform.NewReader(iotest.HalfReader(bytes.NewReader(in)), c.t))
			c.check(t, "NewReader over HalfReader", out, err)
			var buf bytes.Buffer
			w := transform.NewWriter(&buf, c.t)
			for i := 0; i < len(in) && err == nil; i += 1000 {
				_, err = w.Write(in[i:min(i+1000, len(in))])
			}
			if err == nil {
				err = w.Close()
			}
			c.check(t, "NewWriter, writes of 1000", buf.Bytes(), err)
			c.t.Reset()
			n, _ := c.t.Span(in, true)
			if want := c.wantSpan(); n != want {
				t.Errorf("Span = %d, want %d", n, want)
			}
		})
	}
}

// The fast paths with sequences recognized (copySequences, and the kernel
// that stops at introducers) are held to the plain loop on random runs of
// sequences, their fragments and text long enough for the kernel.
func TestSequenceFastPaths(t *testing.T) {
	pieces := []string{"\x1b[31m", "\x1b[0m", "\x1b[m", "\x1b[1;38:2:1:2:3m", "\x1b[8m", "\x1b[2J", "\x1b[?25l",
		"\x1b]8;;https://example.com\x1b\\", "\x1b]0;title\x07", "\x1bP1$r\x1b\\", "\x1b(B", "\x1b7", "\x1b", "\x1b[",
		"\u009b31m", "\u009d0;t\u009c", "\x9b", "\x00", "\t", "\n", "\r", "é", "日本", "\u202e",
		"word ", "the quick brown fox jumps over the lazy dog, and then some more words ", strings.Repeat("x", 70)}
	configs := [][]Option{
		{Sequences(StripSequences)},
		{Sequences(StripSequences), Allow('\t', '\n')},
		{KeepColors()},
		{KeepColors(), Allow('\n')},
		{KeepColors(), Sequences(StripSequences), Allow('\t', '\n'), Also(Bidi)},
	}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(7, 8)), 2000, 20, pieces, configs)
}

// The AVX-512 kernel drops CSI sequences of the plain form and OSC strings
// by itself under StripSequences (csi and osc in veccopy512_amd64.s): runs
// dense with them, and with what it must leave to the recognizer (an
// intermediate, DEL or a control inside, a missing final byte or
// terminator, a sequence longer than a block, controls let through), at
// every alignment to its blocks, come out as from the plain loop.
func TestStripKernel(t *testing.T) {
	pieces := []string{"\x1b[31m", "\x1b[0m", "\x1b[m", "\x1b[38;5;208m", "\x1b[1;38:2:1:2:3m", "\x1b[?1049h", "\x1b[2J",
		"\x1b[3\x7fm", "\x1b[1 q", "\x1b[1\x00m", "\x1b[1\nm", "\x1b[12", "\x1b[", "\x1b", "\x1b]0;t\x07", "\x1b(B",
		"\x1b[" + strings.Repeat("1;", 40) + "m", "\x1b[" + strings.Repeat("9", 61) + "m",
		"\x1b]8;;https://example.com\x1b\\", "\x1b]0;é\x07", "\x1b]0;a\nb\x07", "\x1b]0;a\x18b\x07", "\x1b]0;x\x1bx",
		"\x1b]0;t\x7f\x07", "\x1b]0;t\x01\x07", "\x1b]0;\u009c", "\x1b]0;" + strings.Repeat("x", 70) + "\x07", "\x1b]", "\x07",
		"\x1b\\", "\x1b]0;\x1b[31mx\x07", "\x1b]2;a\x1b\\", "\\",
		"a", "word ", "é", "日本", "\t", "\n", "\x00", "\x7f", "\u0085", "\xff", strings.Repeat("x", 50)}
	configs := [][]Option{
		{Sequences(StripSequences)},
		{Sequences(StripSequences), Allow('\t', '\n')},
		{Sequences(StripSequences), Allow('\a', '\n', '\x18')},
		{Sequences(StripSequences), KeepColors(), Allow('\n')},
		{Sequences(StripSequences), WithStyle(CaretStyle), Also(Bidi | Invisible)},
	}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(9, 10)), 3000, 40, pieces, configs)
}

// Under KeepColors the AVX-512 kernel keeps SGR sequences itself, tells
// resets from the rest, and stops at a raw line feed while attributes are
// on (sgr in veccopy512_amd64.s): every kind of SGR, with resets, colour
// arguments, conceal and values past any bound, among other sequences
// and line feeds, comes out as from the plain loop.
func TestKeepColorsKernel(t *testing.T) {
	pieces := []string{"\x1b[m", "\x1b[0m", "\x1b[00m", "\x1b[31;0m", "\x1b[0;31m", "\x1b[31m", "\x1b[1;32m",
		"\x1b[38;5;0m", "\x1b[48;2;0;0;0m", "\x1b[38:5:0m", "\x1b[0:3m", "\x1b[4:3m", "\x1b[38;5m", "\x1b[38;7;0m",
		"\x1b[8m", "\x1b[08m", "\x1b[1;8m", "\x1b[38;5;8m", "\x1b[38;2;8;8;8m", "\x1b[38;5;8;8m", "\x1b[58;5;1;0m",
		"\x1b[" + strings.Repeat("9", 30) + "m", "\x1b[" + strings.Repeat("0", 40) + "m", "\x1b[;m", "\x1b[31;m",
		"\x1b[2J", "\x1b[?25l", "\x1b[?1m", "\x1b[1;2H", "\x1b[1 m", "\x1b[31", "\x1b]0;t\x07", "\x1b[3\x7fm",
		"a", "word ", "é", "\n", "\n\n", "\t", "\r", "\x00", "\xff", "\u202e", strings.Repeat("x", 50)}
	configs := [][]Option{
		{KeepColors()},
		{KeepColors(), Allow('\n'), Also(Bidi)},
		{KeepColors(), Allow('\n')},
		{KeepColors(), Sequences(StripSequences)},
		{KeepColors(), Sequences(StripSequences), Allow('\t', '\n')},
		{KeepColors(), Reversible(), Allow('\n')},
	}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(11, 12)), 3000, 40, pieces, configs)
	// Attributes left on over blocks with nothing else in them, ASCII or
	// not, and a line feed in one.
	sparse := []string{"\x1b[31m", "\x1b[0m", strings.Repeat("x", 50), "word ", "\n", "é", "日本"}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(13, 14)), 1000, 30, sparse, configs)
	// Blocks of SGR sequences that the kernel keeps whole (keeps), which
	// leave attributes on or off by their last parameter, with a line
	// feed now and then, and some that it leaves to sgr.
	simple := []string{"\x1b[m", "\x1b[0m", "\x1b[00m", "\x1b[31;0m", "\x1b[0;31m", "\x1b[1;32m", "\x1b[;m",
		"\x1b[31;m", "\x1b[22m", "\x1b[100m", "\x1b[10;0;0m", "\x1b[0;10m", "\x1b[7m", "ab", "\n", "é", "\t",
		"\x1b[38;5;1m", "\x1b[8m", "\x1b[4:3m", "\x1b[?1m", "\x1b[2J"}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(15, 16)), 1500, 40, simple, configs)
	// The same with 8s, which keeps takes where they are part of a
	// larger number, as in 38 or 208, unless they are in the last
	// sequence: conceal, colour arguments that end in 0, which are no
	// reset, and arguments that end in a reset.
	eights := append(simple[:len(simple):len(simple)], "\x1b[38;5;208m", "\x1b[48;5;18m", "\x1b[38;5;208;0m",
		"\x1b[38;5;0m", "\x1b[48;2;0;0;0m", "\x1b[58;5;10m", "\x1b[18m", "\x1b[80m", "\x1b[108m", "\x1b[1008m",
		"\x1b[0;8m", "\x1b[;8m", "\x1b[08;1m", "\x1b[008m", "\x1b[38;8m", "\x1b[28;38;5;8m", "\x1b[38;5;88m",
		"\x1b[0;38;5;0m", "\x1b[38;5;8;0m")
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(17, 18)), 3000, 40, eights, configs)
}

// Under KeepColors with line feeds let through, the AVX-512 kernel takes
// a block with one line feed whole (keepsLineFeed1 in veccopy512_amd64.s)
// if attributes are off at the line feed, and notes how the sequences
// after it leave them: the later line feeds in the same call, each with
// a reset before it or not, show whether it noted that right.
func TestKeepColorsKernelLineFeed(t *testing.T) {
	before := []string{"", "\x1b[0m", "\x1b[31m", "\x1b[31;0m", "\x1b[38;5;208m", "\x1b[38;5;0m", "\x1b[1m\x1b[m"}
	after := []string{"", "\x1b[0m", "\x1b[31m", "\x1b[38;5;0m", "\x1b[48;2;0;0;0m", "\x1b[38;5;208;0m",
		"\x1b[0m\x1b[32m", "\x1b[8m", "\x1b[2J"}
	line := "lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do\n"
	text := strings.Repeat(line, 4)
	configs := [][]Option{{KeepColors(), Allow('\n')}, {KeepColors(), Sequences(StripSequences), Allow('\t', '\n')}}
	for _, opts := range configs {
		for _, b := range before {
			for _, a := range after {
				for pad := 0; pad < 64; pad += 3 {
					in := []byte(line[:pad] + b + "x\n" + a + "y " + text)
					s := newSanitizer(configure(opts))
					checkCopy(t, s, in, false)
					checkFastPaths(t, newSanitizer(configure(opts)), in)
				}
			}
		}
	}
}

// A block that keeps cannot take whole is tried again up to its last ESC
// (keepsNot in veccopy512_amd64.s); where no ESC is left before it, the
// other escapes there still come out as the plain loop writes them.
func TestKeepColorsKernelCut(t *testing.T) {
	configs := [][]Option{{KeepColors()}, {KeepColors(), Allow('\n')}, {KeepColors(), Sequences(StripSequences)}}
	for pad := range 64 {
		for _, seq := range []string{"\x1b[1:2m", "\x1b[2J", "\x1b[8m", "\x1b]0;t\x07", "\x1b[31m\x1b[1:2m"} {
			in := []byte(strings.Repeat("y", pad) + "a\tb\x00c" + seq + strings.Repeat("x", 100))
			for _, opts := range configs {
				checkCopy(t, newSanitizer(configure(opts)), in, false)
				checkFastPaths(t, newSanitizer(configure(opts)), in)
			}
		}
	}
}

// Under KeepColors alone the AVX-512 kernel escapes the ESC of any other
// sequence itself and goes on, as the recognizer would (escESC in
// veccopy512_amd64.s): it takes each of these in the one call.
func TestKeepColorsKernelEscapes(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	s := New(KeepColors(), Allow('\n')).(*sanitizer)
	text := strings.Repeat("lorem ipsum ", 20)
	for _, seq := range []string{"\x1b]0;title\x07", "\x1b]8;;https://example.com\x1b\\", "\x1b(B", "\x1b7", "\x1bc",
		"\x1b[2J", "\x1b[?25l", "\x1b[1;2H", "\x1b[8m", "\x1b[38:5:0m", "\x1bP1$r\x1b\\", "\x1b\x1b[31m", "\x1b]0;t\x1b[0m"} {
		for pad := range 64 {
			in := []byte(text[:pad] + seq + text)
			dst := make([]byte, 4*len(in))
			if _, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq); nSrc < pad+len(seq) {
				t.Errorf("%+q after %d bytes: the kernel stopped at %d", seq, pad, nSrc)
			}
			checkCopy(t, s, in, false)
		}
	}
}

// Under StripSequences the AVX-512 kernel drops whole blocks of CSI and
// OSC sequences at once (csisOSC in veccopy512_amd64.s): each of these,
// at every place in a block, among text and plain CSI sequences, comes
// out as from the plain loop, and those that are sequences with nothing
// flagged around them are taken in the one call.
func TestStripKernelOSC(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	text := strings.Repeat("lorem \x1b[1mipsum\x1b[0m ", 12)
	for _, c := range []struct {
		seq   string
		whole bool // the kernel takes it in one call
	}{
		{"\x1b]0;title\x07", true},
		{"\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\", true},
		{"\x1b]0;é\x07", false}, // not ASCII: flagged
		// What it leaves to the recognizer: an ESC in an OSC string, which
		// makes it none; ST alone; controls in one; one too long for a
		// block.
		{"\x1b]0;\x1b[31mx\x07", false},
		{"\x1b]0;a\x1b]0;b\x07", false},
		{"\x1b]0;t\x1b\x07", false}, // ESC BEL, no ST: none
		{"\x1b\\", false},
		{"x\x1b\\\x1b]0;t\x07", false},
		{"\x1b]0;a\tb\x07", false},
		{"\x1b]0;a\nb\x07", false},
		{"\x1b]0;a\x18b\x07", false},
		{"\x1b]0;" + strings.Repeat("x", 70) + "\x07", false},
	} {
		for _, opts := range [][]Option{{Sequences(StripSequences), Allow('\a', '\t', '\n', '\x18')}, {Sequences(StripSequences)}} {
			s := New(opts...).(*sanitizer)
			for pad := range 64 {
				in := []byte(strings.Repeat("x", pad) + c.seq + text)
				checkCopy(t, s, in, false)
				dst := make([]byte, 4*len(in))
				if _, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq); c.whole && nSrc < pad+len(c.seq) {
					t.Errorf("%+q after %d bytes: the kernel stopped at %d", c.seq, pad, nSrc)
				}
				// After text with sequences, so that the run of blocks
				// meets it (csisRunOSC), ending in the block it starts
				// in or in the next.
				checkCopy(t, s, []byte(text+strings.Repeat("x", pad)+c.seq+text), false)
			}
		}
	}
}
