package sanitize

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The sets, pieces of text and words of the tests of the AVX-512 copying
// kernel's paths for sequences, colours and emoji against their Go
// versions (vec_generic_seq.go, vec_generic_emoji.go). FuzzKernels
// chooses them by their place in these lists, and so do its inputs in
// testdata/fuzz/FuzzKernels: where a list changes, those must be made
// again to choose what their names say.
var (
	// StripSequences, KeepColors with line feeds escaped and raw, both,
	// and Reversible, which writes no reset.
	sequenceSets = [][]Option{
		{Sequences(StripSequences)},
		{Sequences(StripSequences), Allow('\t', '\n')},
		{KeepColors()},
		{KeepColors(), Allow('\n')},
		{KeepColors(), Sequences(StripSequences), Allow('\t', '\n')},
		{KeepColors(), Reversible()},
	}
	// CSI, SGR and OSC sequences of every kind the paths tell apart: kept,
	// reset, colour arguments, conceal, private markers, sub-parameters,
	// intermediates, terminated by BEL and by ST, with controls inside,
	// cut, or too long for the kernel; and the sequences it leaves to the
	// recognizer.
	sequencePieces = []string{
		"\x1b[0m", "\x1b[m", "\x1b[1m", "\x1b[31m", "\x1b[1;31m", "\x1b[31;0m", "\x1b[38;5;208m", "\x1b[48;2;1;2;3m",
		"\x1b[8m", "\x1b[08m", "\x1b[1;8m", "\x1b[18m", "\x1b[38:2::1:2:3m", "\x1b[?25l", "\x1b[2J", "\x1b[1 q", "\x1b[",
		"\x1b]8;;https://example.com\x1b\\", "\x1b]0;title\x07", "\x1b]0;a\nb\x07", "\x1b]0;\n\x07", "\x1b]0;t\x01\x1b\\",
		"\x1b]", "\x1b(B", "\x1b\\", "\x1b", "\n", "\t", "\a", "é", "日本", "\U0001F600", "\u009b31m", "\xff", "\xe2\x82",
		"\u009d0;t\u009c", "\x1bP1$q\x1b\\", "\x1b_apc\x1b\\", "\x18", "\x1a", "\x1b[3\x001m", "\x1b]0;t\x1b", "\x1b[1$2m",
		"\x1b[" + strings.Repeat("1;", 40) + "m",
	}
	sequenceWords = []string{"status", "=", " ", "200", "INFO", "m", "8"}
	// The configurations that pass emoji in the kernel (kernelEmoji).
	emojiSets = [][]Option{
		{Also(Invisible)},
		{Also(Invisible | Tags | VariationSelectors)},
		{Remove(Invisible)},
		{Also(Tags | VariationSelectors), Allow('\t', '\n')},
		{Also(Invisible), OnInvalid(ReplaceInvalid)},
	}
	// The configurations for the run of joiners: emojiSets, and the
	// invisible classes with sequences kept and stripped, whose tests
	// the block loop goes on with after the run, which lends their
	// registers to its tables.
	joinerSets = append(emojiSets[:len(emojiSets):len(emojiSets)],
		[]Option{Also(Invisible), Sequences(StripSequences)},
		[]Option{Also(Invisible), KeepColors(), Allow('\n')})
	// Emoji, their pieces, look-alikes and what breaks them.
	emojiPieces = []string{"👨", "👩", "💻", "🌈", "🏳", "❤", "😀", "🔥", "🇯", "🇵", "🏴", "🕵", "🤦", "\U0001FC73", "\U0001FC00",
		"🏻", "🏽", "\ufe0f", "\ufe0f", "\ufe0e", "\ufe00", "\u200d", "\u200d", "\u200d", "\u200c", "\u2194", "\u203c", "\u2600",
		"\u2080", "\u2000", "\u2190", "\u2427", "\u2764", "\u2B1B", "\u00a9", "1", "!", "~", "a", " ", "\n", "\x7f", "\t",
		tagsOf("gbeng") + "\U000E007F", tagsOf("gbsct") + "\U000E007F", tagsOf("gbwls") + "\U000E007F", tagsOf("usca") + "\U000E007F",
		"\U000e0067", "\U000e007f", "\xf0\x9f\x98", "\xe2\x80", "\x80", "\x1b", "lorem ipsum dolor sit amet "}
)

// goSets returns the sanitizers of configs, each with the kernel's tables
// and its model, where there is no assembly too.
func goSets(configs [][]Option) ([]*sanitizer, []*kernelModel) {
	var (
		sets   []*sanitizer
		models []*kernelModel
	)
	for _, opts := range configs {
		s := newSanitizer(configure(opts))
		if !haveVec {
			// Tables for the Go versions, which only they use.
			s.set.vec = vecTablesOf(&s.set)
			kernelEmoji(&s.kseq, &s.set)
		}
		sets = append(sets, s)
		models = append(models, newKernelModel(&s.set))
	}
	return sets, models
}

// checkGoCopy holds the AVX-512 kernel that copies to its Go version on
// in, after before bytes of the caller's src, for each state of colour
// the caller may start it in, with dst of each size: the same bytes read
// and written, nothing written after them, and the same state left. It
// holds both to the plain loop from the start of the caller's src
// (checkCopy), or where there is no assembly, the Go version alone
// (checkGo).
func checkGoCopy(t *testing.T, s *sanitizer, m *kernelModel, src []byte, before int, sizes ...int) {
	t.Helper()
	s.kseq.before = 0
	if !haveVec {
		s.kseq.colored = 0
		checkGo(t, s, m, src)
		return
	}
	if !haveWide {
		return // only the AVX-512 kernel looks at sequences and emoji
	}
	s.set.vec.wide = 1
	// Both states the caller may start it in, where a kept SGR sequence
	// before src may have left attributes on: then, where line feeds
	// pass raw, it watches for them from the start.
	s.kseq.colored = 0
	checkCopy(t, s, src, false)
	if s.resets {
		s.kseq.colored = 1
		checkCopy(t, s, src, false)
	}
	in := src[before:]
	for _, on := range []uint8{0, 1} {
		for _, size := range append([]int{len(in) * 8, len(in), 70}, sizes...) {
			dst, g := bytes.Repeat([]byte{'#'}, size), bytes.Repeat([]byte{'#'}, size)
			s.kseq.colored, s.kseq.before = on, before
			k := s.kseq
			nDst, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq)
			gDst, gSrc := vecCopyGo(g, in, s.set.vec, s.esc, &k)
			if nDst != gDst || nSrc != gSrc || !bytes.Equal(dst, g) || k != s.kseq {
				t.Fatalf("%+q after %+q, colored %d, dst of %d: the kernel wrote %+q for %d bytes, colored %d; its Go version %+q for %d, colored %d",
					in, src[:before], on, size, dst[:nDst], nSrc, s.kseq.colored, g[:gDst], gSrc, k.colored)
			}
		}
	}
	s.kseq.before, s.kseq.colored = 0, 0
}

// The AVX-512 kernel that copies does with sequences and colours exactly
// what its Go version does (vec_generic_seq.go), on text dense with
// sequences, line feeds, non-ASCII text and ill-formed bytes, under
// every set of sequenceSets, with dst cut anywhere; and both do what the
// plain loop does.
func TestVectorGoSequences(t *testing.T) {
	sets, models := goSets(sequenceSets)
	rng := rand.New(rand.NewPCG(5, 6))
	for range runs(20000) {
		in := pieceText(rng, 64+rng.IntN(320), sequencePieces, sequenceWords)
		for i, s := range sets {
			checkGoCopy(t, s, models[i], in, 0, 64+rng.IntN(len(in)+64))
		}
	}
}

// pieceText returns at least n bytes of pieces and words, one piece for
// two words.
func pieceText(rng *rand.Rand, n int, pieces, words []string) []byte {
	var in []byte
	for len(in) < n {
		if rng.IntN(3) == 0 {
			in = append(in, pieces[rng.IntN(len(pieces))]...)
		} else {
			in = append(in, words[rng.IntN(len(words))]...)
		}
	}
	return in
}

// colourPieces make coloured logs for TestVectorGoColours: SGR sequences
// that KeepColors keeps, resets of every form, colour arguments that end
// in 0, 8s that are conceal and 8s that are not, the longest SGR sequence
// kept and one byte more, sub-parameters, another CSI sequence, OSC
// sequences ended by ST and by BEL, with a control, a line feed, a tab or
// an ESC inside, or another OSC sequence, or not ended, long enough to cross a block, with text not ASCII, a C1
// ST or an ill-formed byte inside, and an ST and a BEL alone; words
// come twice as often, so that blocks full of sequences follow each other
// and sequences fall across their ends.
var colourPieces = []string{
	"\x1b[0m", "\x1b[m", "\x1b[1m", "\x1b[31m", "\x1b[1;31m", "\x1b[31;0m", "\x1b[38;5;208m", "\x1b[38;5;0m",
	"\x1b[38;2;255;0;0m", "\x1b[48;5;82m", "\x1b[38;5;8m", "\x1b[8m", "\x1b[08m", "\x1b[1;008m", "\x1b[1008m", "\x1b[18m",
	"\x1b[28;0m", "\x1b[10m", "\x1b[100m", "\x1b[00m", "\x1b[;m", "\x1b[0;m", "\x1b[85m", "\x1b[38:5:1m", "\x1b[2J",
	"\x1b[" + strings.Repeat("1;", 30) + "0m", "\x1b[" + strings.Repeat("1;", 30) + "10m",
	"\x1b]8;;https://example.com/run/42\x1b\\", "\x1b]8;;\x1b\\", "\x1b]0;build 42\x07", "\x1b]0;t\x01\x1b\\", "\x1b]0;\x1b[1m\x07",
	"\x1b]0;" + strings.Repeat("title ", 12) + "\x07", "\x1b]0;€\x07", "\x1b\\", "\x07", "\x1b]0;a\nb\x07", "\x1b]0;a\tb\x07", "\x1b]", "\x1b]0;",
	"\x1b]0;" + strings.Repeat("x", 60) + "\u009cafter\x07", "\x1b]0;" + strings.Repeat("x", 60) + "\xff\x07",
}

// colourWords are the text between them.
var colourWords = []string{"\n", "\n", "\t", "status", " ", "=", "200", "2026-11-21T18:00:00Z", "INFO", "8", "0", ";", "m", "é"}

// The AVX-512 kernel that copies takes coloured logs, line after line of
// SGR sequences, exactly as its Go version does, and both do what the
// plain loop does, under every set of sequenceSets, with dst cut
// anywhere.
func TestVectorGoColours(t *testing.T) {
	sets, models := goSets(sequenceSets)
	rng := rand.New(rand.NewPCG(9, 10))
	for range runs(4000) {
		in := pieceText(rng, 128+rng.IntN(1024), colourPieces, colourWords)
		for i, s := range sets {
			checkGoCopy(t, s, models[i], in, 0, 64+rng.IntN(len(in)+64))
		}
	}
}

// keepsRunPieces are what keeps's run of blocks (vec_generic_keeps.go)
// must tell apart where a block ends in them: SGR sequences that
// KeepColors keeps, resets, colour arguments ending in 0 and 8, conceal,
// the longest kept and one byte more, and what looks like one at first:
// an ESC that [ does not follow, sub-parameters, a private marker,
// another final byte, an ESC among the parameters; line feeds while
// attributes are on; and the OSC sequences that it drops under
// StripSequences, ended by BEL and by ST, two in a row, one longer than a
// block, and those it does not: a control or a line feed inside, an ESC
// inside, and an ST or a BEL alone.
var keepsRunPieces = []string{
	"\x1b[1m", "\x1b[0m", "\x1b[m", "\x1b[;m", "\x1b[31;0m", "\x1b[38;5;208m", "\x1b[38;5;0m", "\x1b[38;5;8m",
	"\x1b[8m", "\x1b[08m", "\x1b[1;8m", "\x1b[18m", "\x1b[80m", "\x1b[1;008;1m",
	"\x1b[" + strings.Repeat("1;", 30) + "0m", "\x1b[" + strings.Repeat("1;", 30) + "10m",
	"\x1b]0;m", "\x1b]m", "\x1bXm", "\x1b[1:2m", "\x1b[?1m", "\x1b[1J", "\x1b[1\x1b[1m",
	"\x1b[31m\nred", "\x1b[31mred\x1b[0m\n", "\x1b[1m\x1b[31m\x1b[0m\x1b[0m",
	"\x1b]0;title\x07", "\x1b]8;;https://example.com/run/42\x1b\\link\x1b]8;;\x1b\\", "\x1b]0;a\x07\x1b]0;b\x07\x1b[1m",
	"\x1b]0;" + strings.Repeat("x", 100) + "\x07", "\x1b]0;a\x01b\x07", "\x1b]0;a\nb\x07", "\x1b]0;a\x1b[1mb\x07",
	"\x1b\\", "\x07",
}

// Under KeepColors, the run of blocks of the AVX-512 kernel that copies
// takes each of keepsRunPieces at every place around the ends of its
// blocks, after a block that starts it, as its Go version does, and both
// do what the plain loop does.
func TestVectorGoKeepsRun(t *testing.T) {
	sets, models := goSets(sequenceSets)
	after := "\x1b[0m" + strings.Repeat("after ", 20) + "\x1b[1m" + strings.Repeat("more ", 20)
	for _, piece := range keepsRunPieces {
		for at := 0; at < 140; at += step(5) {
			in := []byte("\x1b[1m" + strings.Repeat("x", at) + piece + after)
			for i, s := range sets {
				checkGoCopy(t, s, models[i], in, 0)
			}
		}
	}
}

// The AVX-512 kernel that copies passes emoji joiners, selectors and tags
// exactly as its Go version does (vec_generic_emoji.go), on runs of
// emojiPieces, under every set of emojiSets, with the caller's src
// reaching from nothing to all of the bytes before src
// (kernelSeq.before), and dst cut anywhere; and both do what the plain
// loop does.
func TestVectorGoEmoji(t *testing.T) {
	sets, models := goSets(emojiSets)
	for _, s := range sets {
		if s.kseq.emoji == nil {
			t.Fatalf("%v: no emoji tables for the kernel", s)
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range runs(6000) {
		var in []byte
		for n := 64 + rng.IntN(320); len(in) < n; {
			in = append(in, emojiPieces[rng.IntN(len(emojiPieces))]...)
		}
		before := rng.IntN(12)
		for i, s := range sets {
			checkGoCopy(t, s, models[i], in, before, 64+rng.IntN(len(in)+64))
		}
	}
}

// runs returns n, or a tenth of it in -short mode and under the race
// detector, which has nothing to find in these tests of one goroutine and
// made them ten times as long.
func runs(n int) int {
	if testing.Short() || raceEnabled {
		return n / 10
	}
	return n
}

// step returns 1, or n in -short mode and under the race detector: the
// stride of a test over the places around the ends of blocks, as runs
// cuts its count of random inputs.
func step(n int) int {
	if testing.Short() || raceEnabled {
		return n
	}
	return 1
}

// FuzzKernels builds text from pieces, each byte of the input choosing
// the next (sequencePieces, emojiPieces, joinerPieces, chatPieces and
// words), so that short inputs make texts long and dense enough for the
// kernels, with what their paths tell apart; the last byte chooses a set
// from sequenceSets and emojiSets and the bytes of the caller's src
// before the text. The kernel that copies is held to its Go version (checkGoCopy),
// and every fast path to the plain loop (checkFastPaths).
func FuzzKernels(f *testing.F) {
	// An input of thousands of bytes made a text of some 80 KB, which the
	// checks took 5 s over, and the fuzzer, slower still, took for a hung
	// worker. Nothing the kernels do reaches further than Span's scratch
	// buffer of 1 KiB.
	const maxKernelText = 4 << 10
	f.Add([]byte("\x00\x10\x20\x30\x40\x50\x60\x70\x80\x90\xa0\xb0\xc0\xd0\xe0\xf0\x01\x11\x21\x31\x41\x51"), uint8(0))
	f.Add([]byte("\x03\x05\x07\x09\x13\x15\x17\x19\x23\x25\x27\x29\x33\x35"), uint8(3))
	f.Add([]byte("\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a\x4b\x4c"), uint8(9))
	var pieces []string
	for _, p := range [][]string{sequencePieces, emojiPieces, sequenceWords, joinerPieces, joinerWords, chatPieces, chatWords} {
		pieces = append(pieces, p...)
	}
	sets, models := goSets(append(append([][]Option{}, sequenceSets...), emojiSets...))
	f.Fuzz(func(t *testing.T, choices []byte, set uint8) {
		var in []byte
		for _, c := range choices {
			if len(in) >= maxKernelText {
				break
			}
			in = append(in, pieces[int(c)%len(pieces)]...)
		}
		s, m := sets[int(set)%len(sets)], models[int(set)%len(sets)]
		before := min(int(set)/len(sets)%8, len(in))
		checkGoCopy(t, s, m, in, before)
		checkFastPaths(t, s, in)
		checkNarrow(t, s, in, len(in)/2+32)
	})
}

// checkNarrow holds the AVX2 kernel that copies to its Go version on in,
// where the processor has it, with dst of 2*len(in) and size bytes, and
// the one that scans with the emoji tables, where s has them, to its own;
// and
// the fast paths to the plain loop as a processor without AVX-512 runs
// them (narrowed): a processor with AVX-512 runs the AVX2 kernel on what
// is left short of a block, and -tags sanitize_narrow on all
// (narrowPasses, runBlocks).
func checkNarrow(t *testing.T, s *sanitizer, in []byte, size int) {
	t.Helper()
	if !haveVec {
		return
	}
	wide := s.set.vec.wide
	defer func() { s.set.vec.wide = wide }()
	s.set.vec.wide = 0
	for _, n := range []int{2 * len(in), size} {
		dst, g := bytes.Repeat([]byte{'#'}, n), bytes.Repeat([]byte{'#'}, n)
		k := s.kseq
		nDst, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &k)
		gDst, gSrc := vecCopyGo(g, in, s.set.vec, s.esc, &k)
		if nDst != gDst || nSrc != gSrc || !bytes.Equal(dst, g) {
			t.Fatalf("%q, dst of %d: the AVX2 kernel wrote %q for %d bytes, its Go version %q for %d",
				in, n, dst[:nDst], nSrc, g[:gDst], gSrc)
		}
	}
	if e := s.kseq.emoji; e != nil {
		if got, want := vecScanNarrow(in, s.set.vec, e), vecScanNarrowGo(in, s.set.vec, e); got != want {
			t.Fatalf("%q: the AVX2 kernel that scans stops at %d with the emoji tables, its Go version at %d", in, got, want)
		}
	}
	checkFastPaths(t, narrowed(s), in)
}

// joinerPieces make text for the run of joiners (vec_generic_emoji.go):
// Persian and Arabic letters of every joining type, marks between them,
// non-joiners that pass and do not, joiners and non-joiners after
// viramas and after letters that are not, and what ends the run: a
// joiner between emoji, escaped and C1 controls, a soft hyphen and the
// Arabic letter mark, which a class holds, an ill-formed byte, and a word
// longer than half a block.
var joinerPieces = []string{
	"می\u200cخواهم ", "کتاب\u200cها ", "خانه\u200cای ", "ب\u200cب", "\u200c", "\u200c", "\u200d",
	"ا\u200cب ", "ب\u064e\u200cه ", "ب\u200c\u064eه ", "\u0640\u200cب ", "ب\u200cء ", "ܒ\u200cܐ ", "ߊ\u200cߊ ",
	"क्\u200dष ", "स्\u200cत ", "द्\u200dध ", "क\u200dष ", "\u094d", "\u0d28\u0d4d\u200d ",
	"👨\u200d👩\u200d👧 ", "\u2764\ufe0f ", "\x01", "\n", "\u0085", "\u00ad", "\u061c", "\xd8", "\xe2\x80",
	strings.Repeat("ب", 20) + "\u200cه ", "a", " ",
	// Led by E0 but outside the Indic blocks (A4–B7): Samaritan, Arabic
	// Extended-A, and Thai with its virama, PHINTHU (ccc 9).
	"\u0800\u200c ", "\u08a0\u200c\u08a0 ", "\u0e01\u0e3a\u200d\u0e01 ",
	// Sequences, which end the run, and a C1 control after them.
	"\x1b[31mکتاب\x1b[0m ", "\x1b[1m\u200c\x1b[m\n", "\x1b]0;t\x07\u0085 ",
}

// lookAlikes put U+204C and U+208D, which E2 starts and 8C or 8D ends as
// U+200C and U+200D do, where a non-joiner or a joiner would pass: the
// runs of joiners, which tell those by those two bytes alone, pass them
// there, which no set they run for escapes (joinerAt). The tests of the
// runs take them with joinerPieces (runPieces), which does not have them:
// FuzzKernels's inputs choose pieces by their places in that list.
var lookAlikes = []string{"ب\u204cب ", "کتاب\u204cها ", "क्\u208dष ", "स्\u204cत ", "\u204c", "\u208d"}

// fourBytes are characters of four bytes, whole and cut short, among
// letters that join: the runs of joiners take a lead byte from F0 up as
// an error (RUN_ERRS), where the rest of the kernels take each as it is.
var fourBytes = []string{"\U00010000", "ب\U0001F600ب ", "\U0010FFFF", "\xf0\x9f\x98", "ب\xf0\x9fب", "\xf0", "\xf4\x90\x80\x80", "\xf4\x8f\xbf", "\xf5"}

// runPieces are the pieces of the tests of the runs of joiners.
var runPieces = slices.Concat(joinerPieces, lookAlikes, fourBytes)

// joinerWords are the words around joinerPieces: Persian and Hindi.
var joinerWords = []string{"کتاب ", "زبان ", "فارسی ", "دانشگاه ", "و ", "در ", "भारत ", "हिंदी ", "भाषा ", "और "}

// The run of joiners of the AVX-512 kernel that copies, started by a
// block of Persian or Hindi text whose joiners all pass, takes each of
// joinerPieces at every place around the ends of its blocks as its Go
// version does, under every set of joinerSets, and both do what the
// plain loop does.
func TestVectorGoJoinersRun(t *testing.T) {
	for _, start := range []string{
		strings.Repeat("می\u200cخواهم کتاب\u200cها ", 4),
		strings.Repeat("क्\u200dष भारत स्\u200cत ", 4),
	} {
		checkAround(t, joinerSets, start, strings.Repeat(start, 3), runPieces, step(5))
	}
}

// checkAround holds the AVX-512 kernel that copies to its Go version,
// and both to the plain loop, under every set of configs, on start,
// then each of pieces after 0 to 139 spaces, every step, then after.
func checkAround(t *testing.T, configs [][]Option, start, after string, pieces []string, step int) {
	t.Helper()
	sets, models := goSets(configs)
	for _, piece := range pieces {
		for at := 0; at < 140; at += step {
			in := []byte(start + strings.Repeat(" ", at) + piece + after)
			for i, s := range sets {
				checkGoCopy(t, s, models[i], in, 0)
			}
		}
	}
}

// The AVX-512 kernel that copies passes the joiners of scripts exactly as
// its Go version does, on long texts of joinerPieces and joinerWords,
// where its run of joiners starts and stops, under every set of
// joinerSets, with the caller's src reaching before src, and dst cut
// anywhere; and both do what the plain loop does.
func TestVectorGoJoiners(t *testing.T) {
	checkPieceTexts(t, joinerSets, rand.New(rand.NewPCG(9, 10)), runPieces, joinerWords)
}

// checkPieceTexts holds the AVX-512 kernel that copies to its Go version,
// and both to the plain loop, under every set of configs, on runs(1500)
// texts of 128 to 1627 bytes of pieces and words (pieceText), with the
// caller's src reaching before src and dst cut anywhere.
func checkPieceTexts(t *testing.T, configs [][]Option, rng *rand.Rand, pieces, words []string) {
	t.Helper()
	sets, models := goSets(configs)
	for range runs(1500) {
		in := pieceText(rng, 128+rng.IntN(1500), pieces, words)
		before := rng.IntN(12)
		for i, s := range sets {
			checkGoCopy(t, s, models[i], in, before, 64+rng.IntN(len(in)+64))
		}
	}
}

// chatPieces are the emoji sequences of chat text, as the ZWJ corpus has
// them, whole, with a run of emoji and one of CJK text long enough to
// reach back past the middle of a block, and joiners next to characters
// that only the lead byte tells from emoji.
var chatPieces = []string{
	"👨\u200d👩\u200d👧 ", "👩🏽\u200d💻 ", "🏳\ufe0f\u200d🌈 ", "\u2764\ufe0f ", "👍🏻 ", "🇯🇵 ", "\u2764\ufe0f\u200d🔥 ",
	"🏴" + tagsOf("gbeng") + "\U000E007F ", "🏴" + tagsOf("gbsct") + "\U000E007F", "🏴" + tagsOf("gbwls") + "\U000E007F ",
	"😀😀😀😀😀😀😀😀😀😀\u200d🔥", "漢字仮名交じり文の長い行です。", "👨\u200d👩\u200d👧\u200d👦👩\u200d❤\ufe0f\u200d👨",
	"\U0005F468\u200d👩 ", "👩\u200d\U000DF468 ", // not of the emoji block: their joiners do not pass
}

// chatWords are the words around chatPieces.
var chatWords = []string{"the ", "quick ", "brown ", "fox ", "lol ", "ok ", "a ", "!"}

// The run of chat text of the AVX-512 kernel that copies, started by a
// block of chat text whose joiners, selectors and tags all pass, takes
// each of emojiPieces and chatPieces at every place around the ends of
// its blocks as its Go version does, and both do what the plain loop
// does.
func TestVectorGoChatsRun(t *testing.T) {
	start := strings.Repeat("hi 👨\u200d👩\u200d👧 ok \u2764\ufe0f the 🏴"+tagsOf("gbsct")+"\U000E007F 👩🏽\u200d💻 ", 3)
	checkAround(t, emojiSets, start, start, append(emojiPieces, chatPieces...), step(7))
}

// The AVX-512 kernel that copies passes emoji in long chat texts exactly
// as its Go version does, where its run of chat text starts and stops,
// under every set of emojiSets, with the caller's src reaching before
// src, and dst cut anywhere; and both do what the plain loop does.
func TestVectorGoChats(t *testing.T) {
	pieces := append(slices.Repeat(chatPieces, 8), emojiPieces...)
	checkPieceTexts(t, emojiSets, rand.New(rand.NewPCG(11, 12)), pieces, chatWords)
}
