package sanitize

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// keepRunSets are the sets under which copySequences runs keepRun:
// KeepColors with line feeds raw, which a reset goes before while
// attributes are on, and escaped; with no resets (Reversible); and with
// StripSequences for the other sequences.
var keepRunSets = [][]Option{
	{KeepColors(), Allow('\t', '\n')},
	{KeepColors()},
	{KeepColors(), Reversible(), Allow('\n')},
	{KeepColors(), Sequences(StripSequences), Allow('\t', '\n')},
}

// keepRunPieces make coloured logs of SGR sequences that the run keeps:
// resets of every form, a colour argument that ends in 8, 8s that are
// not conceal, the longest that KeepColors keeps, sequences that run past
// a block.
var keepRunPieces = []string{
	"\x1b[0m", "\x1b[m", "\x1b[1m", "\x1b[31m", "\x1b[1;31m", "\x1b[31;0m", "\x1b[38;5;208m", "\x1b[48;5;82m",
	"\x1b[38;5;8m", "\x1b[10m", "\x1b[00m", "\x1b[;m", "\x1b[0;m", "\x1b[18m", "\x1b[80m",
	"\x1b[" + strings.Repeat("1;", 30) + "0m", "\x1b[" + strings.Repeat("0", 61) + "m",
	"\x1b[32mINFO\x1b[0m ", "\x1b[36mstatus\x1b[0m=", "\x1b[1m\x1b[31mERR\x1b[0m\x1b[0m ",
}

// keepRunBreakers are the sequences that look like those but that the
// run leaves to the recognizer: conceal, a reset among colour arguments
// (which sgr tells apart), one byte longer than KeepColors keeps,
// sub-parameters, a private marker, another final byte, an ESC among the
// parameters.
var keepRunBreakers = []string{
	"\x1b[8m", "\x1b[08m", "\x1b[1;008m", "\x1b[1008m", "\x1b[38;5;0m", "\x1b[38;2;255;0;0m", "\x1b[28;0m",
	"\x1b[" + strings.Repeat("1;", 30) + "10m", "\x1b[38:5:1m", "\x1b[?1m", "\x1b[2J", "\x1b[1\x1b[1m",
}

// keepRunText returns a coloured log of about n bytes, with one breaker
// of each list (stripRunBreakers, stripRunOSCs, keepRunBreakers) in
// every rare pieces on average, and the end of a line in every sixteen.
func keepRunText(rng *rand.Rand, n, rare int) []byte {
	var in []byte
	for len(in) < n {
		switch {
		case rng.IntN(rare) == 0:
			in = append(in, stripRunBreakers[rng.IntN(len(stripRunBreakers))]...)
		case rng.IntN(rare) == 0:
			in = append(in, stripRunOSCs[rng.IntN(len(stripRunOSCs))]...)
		case rng.IntN(rare) == 0:
			in = append(in, keepRunBreakers[rng.IntN(len(keepRunBreakers))]...)
		case rng.IntN(16) == 0: // the end of a line, mostly after a reset
			if rng.IntN(4) != 0 {
				in = append(in, "\x1b[0m"...)
			}
			in = append(in, '\n')
		case rng.IntN(2) == 0:
			in = append(in, keepRunPieces[rng.IntN(len(keepRunPieces))]...)
		default:
			in = append(in, stripRunWords[rng.IntN(len(stripRunWords))]...)
		}
	}
	return in
}

// The run's Go version writes what the plain loop writes for what it
// reads, and leaves attributes on where it does; on coloured logs it
// reads two blocks or more of many, and under StripSequences OSC
// sequences.
func TestKeepRunGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	long, oscs := 0, 0 // inputs of which it reads two blocks or more, and an OSC sequence
	for _, opts := range keepRunSets {
		s := newSanitizer(configure(opts))
		_, ref := fastPaths(s)
		v := vecTablesOf(&s.set)
		for range runs(3000) {
			in := keepRunText(rng, 64+rng.IntN(1024), 40)
			on := s.resets && rng.IntN(2) == 0
			dst := make([]byte, 2*64+rng.IntN(len(in)))
			nDst, nSrc, colored := keepRunGo(dst, in, v, s.esc, s.kseq, on)
			want, refOn, ok := refPrefix(ref, in, nSrc, on)
			if !ok || !bytes.Equal(dst[:nDst], want) || colored != refOn {
				t.Fatalf("%v: %q, attributes on %v: the run wrote %q for %d bytes, on %v; the plain loop %q (%v), on %v",
					opts, in, on, dst[:nDst], nSrc, colored, want, ok, refOn)
			}
			if nSrc >= 2*64 {
				long++
			}
			if bytes.Contains(in[:nSrc], []byte("\x1b]")) {
				oscs++
			}
		}
	}
	if all := len(keepRunSets) * runs(3000); long < all/10 || oscs < runs(3000)/40 {
		t.Errorf("the run read two blocks of %d inputs of %d, and an OSC sequence of %d: it should of many", long, all, oscs)
	}
}

// refPrefix returns what the plain loop ref writes for in[:n], with
// attributes on at the start if on, and whether they are on after; and
// whether it takes in[:n] whole before EOF. Where it holds back the end, a
// lone ESC that it escapes only once it sees the byte after, it is run on
// all of in, with dst cut ever shorter, for where it stops to reach n
// (refUpTo). Attributes are those it leaves on in[:n] with room to write
// all: a call that stops short of room for an SGR sequence has noted what
// that leaves on.
func refPrefix(ref *sanitizer, in []byte, n int, on bool) (out []byte, colored, ok bool) {
	ref.Reset()
	ref.colored = on
	out = make([]byte, 8*n+64)
	nDst, nSrc, _ := ref.Transform(out, in[:n], false)
	colored = ref.colored
	if nSrc == n {
		return out[:nDst], colored, true
	}
	out, ok = refUpTo(ref, in, n, on)
	return out, colored, ok
}

// keepRun256 does exactly what its Go version does, and writes nothing
// more than 64 bytes past what it reports.
func TestKeepRun(t *testing.T) {
	if !haveRuns {
		t.Skip("no AVX2 kernel here")
	}
	rng := rand.New(rand.NewPCG(29, 30))
	for _, opts := range keepRunSets {
		s := newSanitizer(configure(opts))
		for range runs(20000) {
			in := keepRunText(rng, 1+rng.IntN(1024), 1+rng.IntN(60))
			checkKeepRun(t, opts, s, in, rng.IntN(len(in)+3*64), s.resets && rng.IntN(2) == 0)
		}
	}
}

// checkKeepRun holds keepRun256 to its Go version on in under s, with dst
// of size bytes and attributes on or not: the same output, bytes read and
// attributes after, and nothing written more than 64 bytes past the
// output.
func checkKeepRun(t *testing.T, opts []Option, s *sanitizer, in []byte, size int, on bool) {
	t.Helper()
	v := vecTablesOf(&s.set)
	dst, g := bytes.Repeat([]byte{'#'}, size), bytes.Repeat([]byte{'#'}, size)
	nDst, nSrc, colored := keepRun(dst, in, v, s.esc, s.kseq, on)
	gDst, gSrc, gColored := keepRunGo(g, in, v, s.esc, s.kseq, on)
	if nDst != gDst || nSrc != gSrc || colored != gColored || !bytes.Equal(dst[:nDst], g[:gDst]) {
		t.Fatalf("%v: %q, on %v, dst of %d: the kernel wrote %q for %d bytes, on %v; its Go version %q for %d, on %v",
			opts, in, on, size, dst[:nDst], nSrc, colored, g[:gDst], gSrc, gColored)
	}
	if rest := dst[min(nDst+64, size):]; strings.Trim(string(rest), "#") != "" {
		t.Fatalf("%v: %q, dst of %d: the kernel wrote %q more than 64 bytes past the %d it reported", opts, in, size, rest, nDst)
	}
}

// FuzzRuns holds the AVX2 runs of blocks, stripRun256 and keepRun256, to
// their Go versions (checkStripRun, checkKeepRun) on texts that the
// fuzzer puts together from the pieces of their tests (each byte of
// choices picks one), where those tests draw them at random: the last
// byte of set chooses the set, from stripRunSets then keepRunSets,
// whether attributes are on, and how much shorter than the text's room
// dst is.
func FuzzRuns(f *testing.F) {
	if !haveRuns {
		f.Skip("no AVX2 kernel here")
	}
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d"), uint16(0))
	f.Add([]byte("\x10\x21\x32\x43\x54\x65\x76\x87\x98\xa9\xba\xcb\xdc\xed\xfe"), uint16(0x0203))
	var pieces []string
	for _, p := range [][]string{stripRunPieces, stripRunOSCs, stripRunBreakers, stripRunWords, keepRunPieces, keepRunBreakers} {
		pieces = append(pieces, p...)
	}
	sets := append(append([][]Option{}, stripRunSets...), keepRunSets...)
	sanitizers := make([]*sanitizer, len(sets))
	for i, opts := range sets {
		sanitizers[i] = newSanitizer(configure(opts))
	}
	f.Fuzz(func(t *testing.T, choices []byte, set uint16) {
		var in []byte
		for _, c := range choices {
			if len(in) >= 4<<10 {
				break
			}
			in = append(in, pieces[int(c)%len(pieces)]...)
		}
		i := int(set&0xFF) % len(sets)
		opts, s := sets[i], sanitizers[i]
		size := max(len(in)+3*64-int(set>>9), 0)
		if i < len(stripRunSets) {
			checkStripRun(t, opts, s, in, size)
			return
		}
		checkKeepRun(t, opts, s, in, size, s.resets && set&0x100 != 0)
	})
}

// Where the AVX2 kernel runs, KeepColors writes what the plain loop
// writes, whatever the pieces src comes in and the size of dst, and
// through transform.NewReader's buffers of 4 KiB; and Span passes what
// the plain loop's does (checkRunBlocks).
func TestKeepBlocks(t *testing.T) {
	checkRunBlocks(t, rand.New(rand.NewPCG(31, 32)), keepRunSets, keepRunText)
}
