//go:build !purego

package sanitize

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// The vector passes over the joiners of scripts do what their Go
// versions, nonJoinerVecGo and viramaVecGo, do on random blocks of Arabic, Syriac, NKo and Indic
// letters of every joining type, viramas and signs that are not, marks,
// joiners, non-joiners, look-alikes and ill-formed bytes, cut anywhere;
// and what they pass, the rules pass.
func TestJoinerVec(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	e := newEmojiTables()
	s := New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer)
	pieces := []string{"\u200c", "\u200c", "\u200c", "\u200d", "\u200d", "\u200b", "\u2000", "\u0100", "\u204c", "\u208d",
		"ب", "ی", "خ", "ه", "ک", "ا", "د", "ر", "و", "ء", "\u0640", "\u064e", "\u0654", "\u061c", "\u0600",
		"\u0710", "\u0712", "\u07ca", "\u0780", "\u07fa", "\u08a0", "\ufb50",
		"क", "ष", "\u094d", "\u094d", "\u09cd", "\u0d3b", "\u0d3c", "\u0dca", "\u0dcb", "\u0d4e", "\u093c", "\u0e3a", "\u0f84", "\u084d",
		"\xd8", "\xdf", "\xd8\x30", "\xe0\xa5", "\xe0\x30\x8d", "\x80", "\xbf", "\xe2\x80", "a", " ", "1"}
	passed := map[rune]int{}
	for block, flags := range randomBlocks(rand.New(rand.NewPCG(41, 42)), pieces, 200000) {
		nj, v := nonJoinerVec(block, flags, e), viramaVec(block, flags, e)
		if want := nonJoinerVecGo(block, flags, e); nj != want {
			t.Fatalf("%+q with flags %064b:\nthe pass over non-joiners passed %064b,\nwant                             %064b", block[:], bits.Reverse64(flags), bits.Reverse64(nj), bits.Reverse64(want))
		}
		if want := viramaVecGo(block, flags, e); v != want {
			t.Fatalf("%+q with flags %064b:\nthe pass after viramas passed %064b,\nwant                          %064b", block[:], bits.Reverse64(flags), bits.Reverse64(v), bits.Reverse64(want))
		}
		got := nj | v
		for p := got; p != 0; p &= p - 1 {
			k := bits.TrailingZeros64(p)
			r := rune(0x200C)
			if block[k] == 0x8D {
				r = 0x200D
			}
			s.Reset()
			if n, _ := s.joiner(r, 3, block[:], k-2, true); n != 3 {
				t.Fatalf("%+q: the vector passes pass the %U at %d, which the rules do not", block[:], r, k-2)
			}
			passed[r]++
		}
	}
	if passed[0x200C] < 10000 || passed[0x200D] < 1000 {
		t.Errorf("the vector passes passed %d non-joiners and %d joiners in all: too few to tell", passed[0x200C], passed[0x200D])
	}
}

// The passes of the run of joiners do what their Go versions,
// nonJoinerRunGo and viramaRunGo, do on random well-formed text of the
// letters, marks, joiners and look-alikes of TestJoinerVec, each block
// after 16 bytes of it, where a character starts or anywhere, as the run
// meets its blocks: the kernel's tests hold its runs to their models only
// by what they copy in the end, and a run that gives up early, to the
// scalar code, does not show there.
func TestJoinerRun(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	e := newEmojiTables()
	pieces := []string{"\u200c", "\u200c", "\u200c", "\u200d", "\u200d", "\u200b", "\u2000", "\u0100", "\u204c", "\u208d",
		"ب", "ی", "خ", "ه", "ک", "ا", "د", "ر", "و", "ء", "\u0640", "\u064e", "\u0654", "\u061c", "\u0600",
		"\u0710", "\u0712", "\u07ca", "\u0780", "\u07fa", "\u08a0", "\ufb50", "X", "_", "\u0618", "\u0718",
		"क", "ष", "\u094d", "\u094d", "\u09cd", "\u0d3b", "\u0d3c", "\u0dca", "\u0dcb", "\u0d4e", "\u093c", "\u0e3a", "\u0f84", "\u084d",
		"\U0001F600", "a", " ", "1", "می\u200cخواهم", "کتاب\u200cها", "ܒ\u200cܐ"}
	rng := rand.New(rand.NewPCG(43, 44))
	passed := [2]int{}
	for range 300000 {
		var text []byte
		for len(text) < 160 {
			text = append(text, pieces[rng.IntN(len(pieces))]...)
		}
		// The first block of a run starts where a character does; the
		// blocks after it, 64 bytes on, anywhere.
		at := 16 + rng.IntN(len(text)-96)
		for rng.IntN(2) == 0 && text[at]&0xC0 == 0x80 {
			at++
		}
		var w [80]byte
		copy(w[:], text[at-16:])
		flags := rng.Uint64() | rng.Uint64()
		if rng.IntN(4) == 0 {
			flags = ^uint64(0)
		}
		for i, c := range [...]struct {
			name      string
			got, want uint64
		}{
			{"non-joiners", nonJoinerRun(&w, flags, e), nonJoinerRunGo(w[:], 16, flags, e)},
			{"viramas", viramaRun(&w, flags, e), viramaRunGo(w[:], 16, flags, e)},
		} {
			if c.got != c.want {
				t.Fatalf("%+q | %+q with flags %064b:\nthe run's pass over %s passed %064b,\nwant %064b", w[:16], w[16:], bits.Reverse64(flags), c.name, bits.Reverse64(c.got), bits.Reverse64(c.want))
			}
			passed[i] += bits.OnesCount64(c.got)
		}
	}
	if passed[0] < 20000 || passed[1] < 5000 {
		t.Errorf("the run's passes passed %d non-joiners and %d joiners and non-joiners after viramas in all: too few to tell", passed[0], passed[1])
	}
}

// The vector passes decide the joiners and non-joiners of Persian and
// Indic words wherever they stand in a block, where the letters around
// them are in it, and leave those that they cannot tell, or that do not
// pass, to the scalar code.
func TestJoinerVecDecides(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	e := newEmojiTables()
	for _, c := range []struct {
		word string
		pass int // joiners and non-joiners that the vector passes pass
	}{
		{"می\u200cخواهم", 1},            // I want: ی (D) before, خ (D) after
		{"کتاب\u200cها", 1},             // books: ب (D), ه (D)
		{"نمی\u200cشود", 1},             // it does not become
		{"خانه\u200cای", 1},             // a house: ه (D), ا (R)
		{"ܒ\u200cܐ", 1},                 // Syriac beth (D) and alaph (R)
		{"ߊ\u200cߊ", 1},                 // NKo a (D) and a
		{"ا\u200cب", 0},                 // ا (R) joins on no left
		{"ب\u200cء", 0},                 // ء (U) joins on no right
		{"ب\u064e\u200cب", 0},           // a fatha (T) between: the scalar code's
		{"ب\u200c\u064eب", 0},           // and after
		{"\u08a0\u200cب", 0},            // a letter of three bytes: the scalar code's
		{"ب\u061c\u200cب", 0},           // U+061C, which a class holds
		{"ig\u200cnore", 0},             // Latin
		{"ب\u200c\u200cب", 0},           // two in a row
		{"ب\u200d\u200cب", 0},           // a joiner before
		{"ب\u200dب", 0},                 // a joiner between Arabic letters
		{"ب\u200cب\u200cب", 2},          // one letter between two
		{"क\u094d\u200dष", 1},           // Devanagari: क्‍ष
		{"स\u094d\u200cत", 1},           // स्‌त
		{"\u0995\u09cd\u200d", 1},       // Bengali, with nothing after
		{"\u0d23\u0d4d\u200d", 1},       // Malayalam: a chillu
		{"\u0d15\u0d3b\u200c", 1},       // Malayalam's vertical bar virama
		{"\u0d15\u0d3c\u200d", 1},       // and the circular one
		{"\u0dca\u200d", 1},             // Sinhala al-lakuna
		{"\u0dcb\u200d", 0},             // past it: no virama
		{"\u093c\u200d", 0},             // a nukta
		{"\u0e3a\u200d", 0},             // Thai, past the Indic blocks
		{"\U00011f42\u200d", 0},         // Kawi: the scalar code's
		{"क\u094d\u200d\u200dष", 1},     // a second joiner
		{"\u094d\u200d\u094d\u200c", 2}, // two viramas, each with its own
	} {
		for at := 0; at+len(c.word) <= 64; at++ {
			var block [64]byte
			copy(block[:], strings.Repeat("-", at)+c.word+strings.Repeat("-", 64))
			if got := bits.OnesCount64(nonJoinerVec(&block, ^uint64(0), e) | viramaVec(&block, ^uint64(0), e)); got != c.pass {
				t.Errorf("%+q at %d: the vector passes pass %d joiners and non-joiners, want %d", c.word, at, got, c.pass)
			}
		}
	}
}

// The AVX2 kernel that copies passes what it stops at as its Go version
// does (narrowPasses): the joiners and non-joiners of scripts, on texts of
// joinerPieces and joinerWords with pieces at every place around its
// blocks, and the joiners, selectors and tags of emoji sequences, on
// texts of emojiPieces, with dst cut anywhere; Transform through it
// writes what the plain loop writes; and it goes further with the emoji
// tables than without them, as the kernel that scans does, which is held
// to its Go version too (checkNarrow).
func TestNarrowPasses(t *testing.T) {
	if !haveVec {
		t.Skip("no AVX2 kernel on this processor")
	}
	sets, _ := goSets(emojiSets)
	further, all, scanned := 0, 0, 0
	check := func(in []byte, size int) {
		t.Helper()
		for _, s := range sets {
			e := s.kseq.emoji
			if e == nil {
				continue
			}
			checkNarrow(t, s, in, size)
			all++
			_, with := vecCopy256(make([]byte, size), in, s.set.vec, s.esc, e)
			if _, plain := vecCopy256(make([]byte, size), in, s.set.vec, s.esc, nil); with > plain {
				further++
			}
			if vecScanNarrow(in, s.set.vec, e) > vecScan256(in, s.set.vec, nil) {
				scanned++
			}
		}
	}
	// What the AVX2 kernel reads around what it passes: a letter after
	// the non-joiner, or a lead there without its continuation byte; an
	// emoji after a joiner, or its first bytes; the black flag's tags cut
	// short; each near the end of the text.
	pieces := append([]string{"ب\u200c\xd8 ", "ب\u200c\xd8", "ب\u200c\xdb\u200c", "\u200cب", "क्\u200d",
		"👨\u200d", "👨\u200d\xf0\x9f\x91", "👨🏽\u200d👩", "❤\ufe0f\u200d🔥", "😀\ufe0f\u200d👩", "🏻\u200d👩", "\ufe0f\ufe0f",
		"🏴" + tagsOf("gbsc"), "🏴" + tagsOf("gbsct") + "\U000E007F", "a" + tagsOf("gbsct") + "\U000E007F"}, runPieces...)
	for _, start := range []string{"می\u200cخواهم ", "क्\u200dष ", "👨\u200d👩\u200d👧 "} {
		for _, piece := range pieces {
			for at := 0; at < 70; at += step(3) {
				in := []byte(start + strings.Repeat("ب", at/2) + strings.Repeat(" ", at%2) + piece + strings.Repeat(start+"کتاب\u200cها ", 3))
				check(in, 2*len(in))
				check(in, 32+at)
				check(in[:len(in)-at%7], 2*len(in)) // ending anywhere near the piece
			}
		}
	}
	// The tags of a flag at the very end, where the kernel that scans
	// runs out of blocks inside them, and right before a control, which
	// is no tag of theirs.
	flag := "🏴" + tagsOf("gbsct") + "\U000E007F"
	for at := 0; at < 70; at++ {
		for _, end := range []string{"", "\x01", "\x1bP1$q\x1b\\" + flag, "a" + tagsOf("gb")} {
			in := []byte("क्\u200dष " + strings.Repeat("lorem ", 10) + strings.Repeat(" ", at) + flag + end)
			check(in, 2*len(in))
		}
	}
	rng := rand.New(rand.NewPCG(15, 16))
	for range runs(500) {
		in := pieceText(rng, 64+rng.IntN(600), runPieces, joinerWords)
		check(in, 32+rng.IntN(2*len(in)))
		in = pieceText(rng, 64+rng.IntN(600), emojiPieces, []string{" ", "a", "lorem ipsum "})
		check(in, 32+rng.IntN(2*len(in)))
	}
	if further < all/10 || scanned < all/10 {
		t.Errorf("with the emoji tables, the kernel that copies went further in %d cases of %d, the one that scans in %d", further, all, scanned)
	}
	t.Logf("with the emoji tables, the kernel that copies went further in %d cases of %d, the one that scans in %d", further, all, scanned)
}

// A flag at the first byte of src is no joiner, whatever the caller's
// bytes before src: here a continuation byte after E2 and a letter, so
// that the bytes from one before src would pass as a non-joiner between
// two letters. The kernels once read them, and passed the ill-formed
// byte.
func TestNarrowFirstByte(t *testing.T) {
	if !haveVec {
		t.Skip("no AVX2 kernel on this processor")
	}
	sets, _ := goSets(emojiSets)
	buf := []byte("ب\xe2\x80\x8cب" + strings.Repeat("کتاب ", 12))
	src := buf[3:] // from the continuation byte 80
	for _, s := range sets {
		e := s.kseq.emoji
		if e == nil {
			continue
		}
		dst, g := make([]byte, 2*len(src)), make([]byte, 2*len(src))
		nDst, nSrc := vecCopy256(dst, src, s.set.vec, s.esc, e)
		gDst, gSrc := vecCopy256Go(g, src, s.set.vec, s.esc, e)
		if nDst != gDst || nSrc != gSrc || nSrc != 0 {
			t.Errorf("the AVX2 kernel that copies read %d bytes, its Go version %d; want 0", nSrc, gSrc)
		}
		if got, want := vecScanNarrow(src, s.set.vec, e), vecScanNarrowGo(src, s.set.vec, e); got != want || got != 0 {
			t.Errorf("the AVX2 kernel that scans stops at %d, its Go version at %d; want 0", got, want)
		}
	}
}
