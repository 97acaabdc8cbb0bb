package sanitize

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// stripRunSets are the sets under which copySequences runs stripRun:
// StripSequences alone, with line feeds and tabs escaped or not.
var stripRunSets = [][]Option{
	{Sequences(StripSequences), Allow('\t', '\n')},
	{Sequences(StripSequences)},
}

// stripRunPieces make coloured logs of CSI sequences of the plain form,
// which the run drops, of every length up to one longer than two blocks,
// whose carry runs past the block after; and, now and then, what ends
// the run: a sequence of another form (intermediates, a control, DEL, an
// ESC inside), OSC and escape sequences, an ESC alone or at the end, an
// escaped control (a tab or a line feed, under one of the sets), text
// that is not ASCII, an ill-formed byte, a C1 CSI.
var stripRunPieces = []string{
	"\x1b[0m", "\x1b[m", "\x1b[1m", "\x1b[31m", "\x1b[1;31m", "\x1b[38;5;208m", "\x1b[48;2;1;2;3m", "\x1b[38:2::1:2:3m",
	"\x1b[?25l", "\x1b[2J", "\x1b[1;1H", "\x1b[>0c", "\x1b[8m", "\x1b[" + strings.Repeat("1;", 28) + "m",
	"\x1b[" + strings.Repeat("0", 61) + "m", "\x1b[" + strings.Repeat("2;", 40) + "m", "\x1b[" + strings.Repeat("3", 130) + "m",
	"\x1b[0m", "\x1b[32m", "\x1b[36m", "\x1b[0m", "\x1b[2m", "\x1b[33m", "\x1b[0m", "\x1b[1;31m",
}

// stripRunOSCs are the OSC sequences that the run drops, ended by BEL
// and by ST, two in a row, one longer than a block, and those it does
// not: a control, a line feed or an ESC inside, text that is not ASCII,
// a C1 ST, an ST or a BEL alone, one not ended.
var stripRunOSCs = []string{
	"\x1b]0;title\x07", "\x1b]8;;https://example.com/run/42\x1b\\link\x1b]8;;\x1b\\", "\x1b]0;a\x07\x1b]0;b\x07\x1b[1m",
	"\x1b]0;" + strings.Repeat("x", 100) + "\x07", "\x1b]0;" + strings.Repeat("y", 60) + "\x1b\\", "\x1b]\x07", "\x1b]\x1b\\",
	"\x1b]0;a\x01b\x07", "\x1b]0;a\nb\x07", "\x1b]0;a\x1b[1mb\x07", "\x1b]0;a\x1bb\x07", "\x1b]0;€\x07", "\x1b]0;t\u009c",
	"\x1b\\", "\x07", "\x1b]0;", "\x1b]0;" + strings.Repeat("z", 130) + "\x07",
}

// stripRunBreakers are those that end it.
var stripRunBreakers = []string{
	"\x1b[1 q", "\x1b[3\x001m", "\x1b[3\x7fm", "\x1b[3\x1b[1m", "\x1b[3\tm", "\x1b[3\nm", "\x1b(B", "\x1b7",
	"\x1b", "\x1b[", "\r", "\x00", "\t", "\n", "\n", "é", "\xff", "\u009b31m",
}

// stripRunWords are the text between them.
var stripRunWords = []string{"status", "=", " ", "200", "INFO", "m", "[", "]", "2026-11-21T18:00:00Z", "~", "@"}

// stripRunText returns a coloured log of about n bytes, with one breaker
// in every rare pieces on average, and an OSC sequence in every eight.
func stripRunText(rng *rand.Rand, n, rare int) []byte {
	var in []byte
	for len(in) < n {
		switch {
		case rng.IntN(rare) == 0:
			in = append(in, stripRunBreakers[rng.IntN(len(stripRunBreakers))]...)
		case rng.IntN(8) == 0:
			in = append(in, stripRunOSCs[rng.IntN(len(stripRunOSCs))]...)
		case rng.IntN(2) == 0:
			in = append(in, stripRunPieces[rng.IntN(len(stripRunPieces))]...)
		default:
			in = append(in, stripRunWords[rng.IntN(len(stripRunWords))]...)
		}
	}
	return in
}

// Each entry of packShuffles picks the bytes of its mask, in order.
func TestPackShuffles(t *testing.T) {
	for m := range 256 {
		var want []byte
		for i := range 8 {
			if m>>i&1 != 0 {
				want = append(want, byte(i))
			}
		}
		e := packShuffles[m]
		for i := range 8 {
			got := byte(e >> (8 * i))
			if i < len(want) && got != want[i] || i >= len(want) && got != 0x80 {
				t.Fatalf("mask %08b: byte %d of the shuffle is %#x; want the places %v, then 0x80", m, i, got, want)
			}
		}
	}
}

// The run's Go version writes what the plain loop writes for what it
// reads, and on coloured logs reads blocks of many, and OSC sequences.
func TestStripRunGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, opts := range stripRunSets {
		s := newSanitizer(configure(opts))
		_, ref := fastPaths(s)
		v := vecTablesOf(&s.set)
		long, oscs := 0, 0 // inputs of which it reads two blocks or more, and an OSC sequence
		for range runs(3000) {
			in := stripRunText(rng, 128+rng.IntN(1024), 40)
			dst := make([]byte, 2*64+rng.IntN(len(in)))
			nDst, nSrc := stripRunGo(dst, in, v)
			want, err := oneShot(ref, in[:nSrc])
			if err != nil || !bytes.Equal(dst[:nDst], want) {
				t.Fatalf("%v: %q: the run wrote %q for %d bytes; the plain loop %q (%v)", opts, in, dst[:nDst], nSrc, want, err)
			}
			if nSrc >= 2*64 {
				long++
			}
			if bytes.Contains(in[:nSrc], []byte("\x1b]")) {
				oscs++
			}
		}
		if long < runs(3000)/8 || oscs < runs(3000)/20 {
			t.Errorf("%v: the run read two blocks of %d inputs of %d, and an OSC sequence of %d: it should of many", opts, long, runs(3000), oscs)
		}
	}
}

// stripRun256 does exactly what its Go version does, and writes nothing
// more than eight bytes past what it reports.
func TestStripRun(t *testing.T) {
	if !haveRuns {
		t.Skip("no AVX2 kernel here")
	}
	rng := rand.New(rand.NewPCG(23, 24))
	for _, opts := range stripRunSets {
		s := newSanitizer(configure(opts))
		for range runs(20000) {
			in := stripRunText(rng, 1+rng.IntN(1024), 1+rng.IntN(60))
			checkStripRun(t, opts, s, in, rng.IntN(len(in)+3*64))
		}
	}
}

// checkStripRun holds stripRun256 to its Go version on in under s, with
// dst of size bytes: the same output and bytes read, and nothing written
// more than eight bytes past the output.
func checkStripRun(t *testing.T, opts []Option, s *sanitizer, in []byte, size int) {
	t.Helper()
	v := vecTablesOf(&s.set)
	dst, g := bytes.Repeat([]byte{'#'}, size), bytes.Repeat([]byte{'#'}, size)
	nDst, nSrc := stripRun(dst, in, v)
	gDst, gSrc := stripRunGo(g, in, v)
	if nDst != gDst || nSrc != gSrc || !bytes.Equal(dst[:nDst], g[:gDst]) {
		t.Fatalf("%v: %q, dst of %d: the kernel wrote %q for %d bytes; its Go version %q for %d",
			opts, in, size, dst[:nDst], nSrc, g[:gDst], gSrc)
	}
	if rest := dst[min(nDst+8, size):]; strings.Trim(string(rest), "#") != "" {
		t.Fatalf("%v: %q, dst of %d: the kernel wrote %q more than eight bytes past the %d it reported", opts, in, size, rest, nDst)
	}
}

// narrowed returns s as a processor without AVX-512 runs it: the AVX2
// kernel, and copySequences with its runs of blocks (runBlocks).
func narrowed(s *sanitizer) *sanitizer {
	n := *s
	if s.set.vec != nil {
		v := *s.set.vec
		v.wide = 0
		n.set.vec = &v
	}
	n.csiKernel = false
	n.setRuns()
	return &n
}

// Where the AVX2 kernel runs, StripSequences writes what the plain loop
// writes, whatever the pieces src comes in and the size of dst, and
// through transform.NewReader's buffers of 4 KiB (checkRunBlocks).
func TestStripBlocks(t *testing.T) {
	checkRunBlocks(t, rand.New(rand.NewPCG(25, 26)), stripRunSets, stripRunText)
}

// checkRunBlocks holds Transform, run as the AVX2 kernel's processors
// run it (narrowed), to the plain loop under each set of sets, on texts
// of text's: with the input cut anywhere and dst of many sizes (drive),
// Span too (checkFastPaths), and through transform.NewReader. It fails
// where the set's run is off.
func checkRunBlocks(t *testing.T, rng *rand.Rand, sets [][]Option, text func(rng *rand.Rand, n, rare int) []byte) {
	t.Helper()
	for _, opts := range sets {
		s := narrowed(newSanitizer(configure(opts)))
		if !s.stripRun && !s.keepRun && haveRuns {
			t.Fatalf("%v: the run is off", opts)
		}
		_, ref := fastPaths(s)
		for i := range runs(1500) {
			in := text(rng, rng.IntN(2048), 1+rng.IntN(80))
			want, _ := oneShot(ref, in)
			cuts := []int{rng.IntN(len(in) + 1), rng.IntN(len(in) + 1), rng.IntN(len(in) + 1)}
			size := []int{64, 100, 128, 129, 200, 1024, 4096}[i%7]
			got, err := drive(t, s, in, cuts, size)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%v: %q cut at %v, dst of %d: wrote %q (%v); the plain loop %q", opts, in, cuts, size, got, err, want)
			}
			checkFastPaths(t, s, in) // Span too (keepSpan)
		}
		in := text(rng, 64<<10, 60)
		want, _ := oneShot(ref, in)
		s.Reset()
		if got, err := io.ReadAll(transform.NewReader(bytes.NewReader(in), s)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%v: through transform.NewReader, the output differs from the plain loop's (%v)", opts, err)
		}
	}
}
