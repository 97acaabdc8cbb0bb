package sanitize

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// The AVX-512 kernel that copies does with sequences and colours exactly
// what its Go version does (vec_generic_seq.go): on text dense with CSI,
// SGR and OSC sequences of every kind the paths tell apart (kept, reset,
// colour arguments, conceal, private markers, sub-parameters, terminated
// by BEL and by ST, cut by the end of a block or of the input), line
// feeds, non-ASCII text and ill-formed bytes, under StripSequences,
// KeepColors with line feeds escaped and raw, and both, starting with
// attributes off and, where the caller may call it so, on; with dst cut
// anywhere; and both do what the plain loop does (checkCopy, and checkGo
// where there is no assembly).
func TestVectorGoSequences(t *testing.T) {
	sets := []*sanitizer{
		New(Sequences(StripSequences)).(*sanitizer),
		New(Sequences(StripSequences), Allow('\t', '\n')).(*sanitizer),
		New(KeepColors()).(*sanitizer),
		New(KeepColors(), Allow('\n')).(*sanitizer),
		New(KeepColors(), Sequences(StripSequences), Allow('\t', '\n')).(*sanitizer),
		New(KeepColors(), Reversible()).(*sanitizer),
	}
	pieces := []string{
		"\x1b[0m", "\x1b[m", "\x1b[1m", "\x1b[31m", "\x1b[1;31m", "\x1b[31;0m", "\x1b[38;5;208m", "\x1b[48;2;1;2;3m",
		"\x1b[8m", "\x1b[08m", "\x1b[1;8m", "\x1b[18m", "\x1b[38:2::1:2:3m", "\x1b[?25l", "\x1b[2J", "\x1b[1 q", "\x1b[",
		"\x1b]8;;https://example.com\x1b\\", "\x1b]0;title\x07", "\x1b]0;a\nb\x07", "\x1b]0;\n\x07", "\x1b]0;t\x01\x1b\\", "\x1b]", "\x1b(B", "\x1b\\", "\x1b",
		"\n", "\t", "\a", "é", "日本", "\U0001F600", "\u009b31m", "\xff", "\xe2\x82",
	}
	words := []string{"status", "=", " ", "200", "INFO", "m", "8"}
	models := make([]*kernelModel, len(sets))
	for i, s := range sets {
		if !haveVec {
			c := *s
			c.set.vec = vecTablesOf(&c.set)
			sets[i] = &c
		}
		models[i] = newKernelModel(&sets[i].set)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var in []byte
		for n := 64 + rng.IntN(320); len(in) < n; {
			if rng.IntN(3) == 0 {
				in = append(in, pieces[rng.IntN(len(pieces))]...)
			} else {
				in = append(in, words[rng.IntN(len(words))]...)
			}
		}
		for i, s := range sets {
			if !haveVec {
				s.kseq.colored = 0
				checkGo(t, s, models[i], in)
				continue
			}
			if !haveWide {
				continue // only the AVX-512 kernel looks at sequences
			}
			s.set.vec.wide = 1
			s.kseq.colored = 0
			checkCopy(t, s, in, false)
			colored := []uint8{0}
			if s.kseq.mode&kernelLineFeed == 0 {
				colored = append(colored, 1)
			}
			for _, on := range colored {
				for _, size := range []int{len(in) * 8, len(in), 70, 64 + rng.IntN(len(in)+64)} {
					dst, g := bytes.Repeat([]byte{'#'}, size), bytes.Repeat([]byte{'#'}, size)
					s.kseq.colored = on
					k := s.kseq
					nDst, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq)
					gDst, gSrc := vecCopyGo(g, in, s.set.vec, s.esc, &k)
					if nDst != gDst || nSrc != gSrc || !bytes.Equal(dst, g) || k != s.kseq {
						t.Fatalf("%q, set %d, colored %d, dst of %d: the kernel wrote %q for %d bytes, colored %d, its Go version %q for %d, colored %d",
							in, i, on, size, dst[:nDst], nSrc, s.kseq.colored, g[:gDst], gSrc, k.colored)
					}
				}
			}
		}
	}
}

// The AVX-512 kernel that copies passes emoji joiners, selectors and tags
// exactly as its Go version does (vec_generic_emoji.go): on runs of
// emoji, their pieces, look-alikes and what breaks them, under every
// configuration that passes them, with the caller's src reaching from
// nothing to all of the bytes before src (kernelSeq.before), and dst cut
// anywhere; and both do what the plain loop does (checkCopy, and checkGo
// where there is no assembly).
func TestVectorGoEmoji(t *testing.T) {
	pieces := []string{"👨", "👩", "💻", "🌈", "🏳", "❤", "😀", "🔥", "🇯", "🇵", "🏴", "🕵", "🤦", "\U0001FC73", "\U0001FC00",
		"🏻", "🏽", "\ufe0f", "\ufe0f", "\ufe0e", "\ufe00", "\u200d", "\u200d", "\u200d", "\u200c", "\u2194", "\u203c", "\u2600",
		"\u2080", "\u2000", "\u2190", "\u2427", "\u2764", "\u2B1B", "\u00a9", "1", "!", "~", "a", " ", "\n", "\x7f", "\t",
		tagsOf("gbeng") + "\U000E007F", tagsOf("gbsct") + "\U000E007F", tagsOf("gbwls") + "\U000E007F", tagsOf("usca") + "\U000E007F",
		"\U000e0067", "\U000e007f", "\xf0\x9f\x98", "\xe2\x80", "\x80", "\x1b", "lorem ipsum dolor sit amet "}
	var (
		sets   []*sanitizer
		models []*kernelModel
	)
	for _, opts := range [][]Option{
		{Also(Invisible)},
		{Also(Invisible | Tags | VariationSelectors)},
		{Remove(Invisible)},
		{Also(Tags | VariationSelectors), Allow('\t', '\n')},
		{Also(Invisible), OnInvalid(ReplaceInvalid)},
	} {
		s := New(opts...).(*sanitizer)
		if !haveVec {
			c := *s
			c.set.vec = vecTablesOf(&c.set)
			kernelEmoji(&c.kseq, &c.set)
			s = &c
		}
		if s.kseq.emoji == nil {
			t.Fatalf("%v: no emoji tables for the kernel", opts)
		}
		sets = append(sets, s)
		models = append(models, newKernelModel(&s.set))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 6000 {
		var buf []byte
		for n := 64 + rng.IntN(320); len(buf) < n; {
			buf = append(buf, pieces[rng.IntN(len(pieces))]...)
		}
		before := rng.IntN(12) // of the caller's src, before in
		in := buf[before:]
		for i, s := range sets {
			if !haveVec {
				s.kseq.before = 0
				checkGo(t, s, models[i], buf)
				continue
			}
			if !haveWide {
				continue // only the AVX-512 kernel passes emoji
			}
			s.set.vec.wide = 1
			s.kseq.before = 0
			checkCopy(t, s, buf, false)
			s.kseq.before = before
			for _, size := range []int{len(in) * 8, len(in), 70, 64 + rng.IntN(len(in)+64)} {
				dst, g := bytes.Repeat([]byte{'#'}, size), bytes.Repeat([]byte{'#'}, size)
				k := s.kseq
				nDst, nSrc := vecCopy(dst, in, s.set.vec, s.esc, &s.kseq)
				gDst, gSrc := vecCopyGo(g, in, s.set.vec, s.esc, &k)
				if nDst != gDst || nSrc != gSrc || !bytes.Equal(dst, g) {
					t.Fatalf("%+q after %+q: the kernel wrote %+q for %d bytes, its Go version %+q for %d",
						in, buf[:before], dst[:nDst], nSrc, g[:gDst], gSrc)
				}
			}
			s.kseq.before = 0
		}
	}
}
