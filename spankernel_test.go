package sanitize

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Span through the copying kernel (spanKernel) stops where the reference
// does, on coloured logs long enough for it: SGR sequences kept and not,
// lines coloured whole across its scratch buffer of 1 KiB, line feeds
// with attributes on and off, other sequences, C1 introducers, a tab
// before what would be a CSI sequence after an ESC, ill-formed bytes and
// emoji; under KeepColors with each of the other options that change
// what it passes. Then Transform and a reader write what the reference
// writes.
func TestSpanKernel(t *testing.T) {
	text := "lorem ipsum dolor sit amet, consectetur adipiscing elit "
	pieces := []string{
		"\x1b[2m2026-11-21T18:00:00Z\x1b[0m \x1b[32mINFO\x1b[0m request served ",
		"\x1b[36mstatus\x1b[0m=\x1b[38;5;208m200\x1b[0m\n",
		"\x1b[1;31m" + strings.Repeat(text, 24) + "\x1b[0m\n", // on across 1 KiB
		"\x1b[31m" + strings.Repeat(text, 3) + "\n",           // on at the line feed
		"\x1b[38;5;0m", "\x1b[0;31m", "\x1b[31;0m", "\x1b[m", "\x1b[8m", "\x1b[1:2m", "\x1b[2J",
		"\x1b]0;title\x07", "\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\",
		"\u009b31m", "\t[31m", "\t", "\n", "\r", "\x00", "\xff", "é",
		"\U0001F468\u200d\U0001F469\u200d\U0001F467", "\u2764\ufe0f", "a\u200bb",
		text, text, text, text,
	}
	configs := [][]Option{
		{KeepColors()},
		{KeepColors(), Allow('\t', '\n')},
		{KeepColors(), Allow('\n'), Sequences(StripSequences)},
		{KeepColors(), Allow('\n'), Also(Invisible | Tags | VariationSelectors)},
		{KeepColors(), Allow('\n'), Reversible()},
		{KeepColors(), Allow('\n'), Remove(Controls)},
		{KeepColors(), Allow('\n'), OnInvalid(RejectInvalid), WithStyle(CaretStyle)},
	}
	rng := rand.New(rand.NewPCG(31, 32))
	checkFastPathsOnRuns(t, rng, runs(600), 40, pieces, configs)
	// And through the readers, on a log mostly of the coloured lines, so
	// that Span goes on long enough for the kernel between the others.
	var in []byte
	for len(in) < 256<<10 {
		p := pieces[rng.IntN(4)]
		if rng.IntN(40) == 0 {
			p = pieces[rng.IntN(len(pieces))]
		}
		in = append(in, p...)
	}
	checkReaders(t, in, configs)
	// Span the same with the scratch buffer of a reader or a writer
	// (sanitizer.scratch) as with its own of 1 KiB.
	for _, opts := range configs {
		own, given := newSanitizer(configure(opts)), newSanitizer(configure(opts))
		given.scratch = make([]byte, spanScratch)
		n, err := own.Span(in, true)
		if m, gerr := given.Span(in, true); m != n || gerr != err || given.colored != own.colored {
			t.Errorf("%v: Span with a scratch buffer of %d = %d, %v, colored %v; with its own, %d, %v, colored %v",
				opts, spanScratch, m, gerr, given.colored, n, err, own.colored)
		}
	}
	// And with an ill-formed byte halfway, where the readers stop under
	// RejectInvalid.
	half := len(in) / 2
	checkReaders(t, append(append(in[:half:half], 0xFF), in[half:]...), configs)
}

// On a coloured log whose sequences are all kept, with attributes off at
// each line feed, spanKernel passes all of it but the last bytes, which
// the kernel leaves short of a block: the reason for it.
func TestSpanKernelPasses(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	line := "\x1b[2m2026-11-21T18:00:00Z\x1b[0m \x1b[32mINFO\x1b[0m request served \x1b[36mstatus\x1b[0m=\x1b[38;5;208m200\x1b[0m\n"
	in := []byte(strings.Repeat(line, 100))
	for _, opts := range [][]Option{{KeepColors(), Allow('\n')}, {KeepColors(), Allow('\t', '\n'), Sequences(StripSequences)}} {
		s := newSanitizer(configure(opts))
		if n := s.spanKernel(in, 0, len(in)); n < len(in)-wideMin {
			t.Errorf("%v: spanKernel passes %d bytes of %d", opts, n, len(in))
		}
		s.Reset()
		if n, err := s.Span(in, true); n != len(in) || err != nil {
			t.Errorf("%v: Span = %d, %v, want %d, nil", opts, n, err, len(in))
		}
	}
}
