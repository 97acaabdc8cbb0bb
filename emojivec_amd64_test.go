//go:build !purego

package sanitize

import (
	"iter"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// The vector pass does what its Go version, emojiVecGo, does on random
// blocks of emoji, their pieces, look-alikes (F1 9F and F3 9F lead the
// same bytes as emoji), and ill-formed bytes, cut anywhere; and what it
// passes, the rules pass.
func TestEmojiVec(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	e := newEmojiTables()
	s := New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer)
	pieces := []string{"👨", "👩", "💻", "🌈", "🏳", "❤", "🕵", "🤦", "🙅", "🔥", "🫱", "🇯", "\U0001FC73", "\U0001F53E",
		"🏻", "🏽", "\ufe0f", "\ufe0f", "\ufe0e", "\ufe00", "\u200d", "\u200d", "\u200d", "\u200c", "\ufe10", "\ufe3f", "\ufe8f",
		"\u2194", "\u2182", "\u2190", "\u203c", "\u2600", "\u2606", "\u2764", "\u2B1B", "\u2B1A", "\u2000",
		blackFlagText, tagsOf("gbeng") + "\U000E007F", tagsOf("usca") + "\U000E007F",
		tagsOf("gbsct") + "\U000E007F", tagsOf("gbwls") + "\U000E007F", tagsOf("gbwlt") + "\U000E007F", tagsOf("gbEng") + "\U000E007F", "\U0001F474", "\U0001F3B4",
		"\U0005F468", "\U000DF468", "\U0001F468"[:3], "\u200d"[:2], "\x80", "\xbf", "\x9f", "1", "!", "~", " ", "\x7f", "a"}
	wells := 0
	defer func() {
		if !t.Failed() && wells < 1000 {
			t.Errorf("only %d well-formed blocks for the run's pass", wells)
		}
	}()
	for block, flags := range randomBlocks(rand.New(rand.NewPCG(31, 32)), pieces, 200000) {
		got, want := emojiVec(block, flags, e), emojiVecGo(block, flags, e)
		if got != want {
			t.Fatalf("%+q with flags %064b:\npassed %064b,\nwant   %064b", block[:], bits.Reverse64(flags), bits.Reverse64(got), bits.Reverse64(want))
		}
		if s.set.vec.errorsIn(block[:]) == 0 {
			// The run of chat text's pass, on a block it takes.
			wells++
			if well := emojiWell(block, flags, e); well != want {
				t.Fatalf("%+q with flags %064b: the run's pass passed %064b,\nwant %064b", block[:], bits.Reverse64(flags), bits.Reverse64(well), bits.Reverse64(want))
			}
		}
		for p := got; p != 0; p &= p - 1 {
			k := bits.TrailingZeros64(p)
			if block[k] == 0xF3 {
				// The tags of a flag, which pass together.
				run := uint64(1<<tagTail-1) << k
				if n, _ := s.tagRun(block[:], k, true); n != tagTail || p&run != run {
					t.Fatalf("%+q: the vector pass passes %064b from byte %d, the rules %d bytes of tags", block[:], bits.Reverse64(p&run), k, n)
				}
				p &^= run &^ (1 << k)
				continue
			}
			if ruled := rulesPass(s, block[:], k); !ruled {
				t.Fatalf("%+q: the vector pass passes byte %d, which the rules do not", block[:], k)
			}
		}
	}
}

// randomBlocks yields n blocks cut anywhere from text of the pieces
// picked at random, each with random flags on most of its bytes.
func randomBlocks(rng *rand.Rand, pieces []string, n int) iter.Seq2[*[64]byte, uint64] {
	return func(yield func(*[64]byte, uint64) bool) {
		var block [64]byte
		for range n {
			var text []byte
			for len(text) < 96 {
				text = append(text, pieces[rng.IntN(len(pieces))]...)
			}
			copy(block[:], text[rng.IntN(len(text)-63):])
			if !yield(&block, rng.Uint64()|rng.Uint64()) {
				return
			}
		}
	}
}

// rulesPass reports whether the joiner or selector that ends at b[k]
// passes by the rules, with b the whole of the input.
func rulesPass(s *sanitizer, b []byte, k int) bool {
	if b[k] == 0x8D {
		return s.zwjBetweenEmoji(b[:k-2], b[k+1:])
	}
	r, ok := lastRune(b[:k-2])
	return ok && s.selectorPasses(r)
}

// The vector pass decides every joiner and selector of the sequences that
// chat text is full of, of Unicode 15.0 (the sequences of 15.1 that point
// left and right are left to the scalar code), and the tags of the three
// recommended flags, wherever they stand in a block, their context in it.
func TestEmojiVecDecides(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	e := newEmojiTables()
	for _, seq := range []string{
		"\U0001F468\u200d\U0001F469\u200d\U0001F467",     // family
		"\U0001F469\U0001F3FD\u200d\U0001F4BB",           // technologist, with a skin tone
		"\U0001F3F3\ufe0f\u200d\U0001F308",               // rainbow flag
		"\u2764\ufe0f\u200d\U0001F525",                   // heart on fire
		"\U0001F575\U0001F3FB\u200d\u2640\ufe0f",         // detective
		"\U0001F9D1\u200d\u2695\ufe0f",                   // health worker
		"\U0001FAF1\U0001F3FB\u200d\U0001FAF2\U0001F3FC", // handshake
		"\U0001F441\ufe0f\u200d\U0001F5E8\ufe0f",         // eye in speech bubble
		"1\ufe0f\u20e3", "\u263a\ufe0e", "\u2194\ufe0f",  // selectors alone
		"\U0001F937\U0001F3FE\u200d\u2642\ufe0f",       // shrug
		"\U0001F408\u200d\u2B1B",                       // black cat
		"\U0001F43B\u200d\u2744\ufe0f",                 // polar bear
		"\U0001F636\u200d\U0001F32B\ufe0f",             // face in clouds
		"\U0001F9D4\U0001F3FF\u200d\u2640\ufe0f",       // bearded woman
		"\U0001F469\u200d\u2764\ufe0f\u200d\U0001F468", // couple with heart
		"\U0001F3F4\u200d\u2620\ufe0f",                 // pirate flag
		"\U0001F415\u200d\U0001F9BA",                   // service dog
		"\U0001F9D1\U0001F3FD\u200d\U0001F9AF",         // with a white cane

		rgiTagSequences[0], rgiTagSequences[1], rgiTagSequences[2], // England, Scotland, Wales
	} {
		want := strings.Count(seq, "\u200d") + strings.Count(seq, "\ufe0f") + strings.Count(seq, "\ufe0e") +
			tagTail*strings.Count(seq, "\U000E007F") // the bytes of the tags, after U+1F3F4
		for at := 0; at+len(seq) <= 64; at++ {
			var block [64]byte
			copy(block[:], strings.Repeat("-", at)+seq+strings.Repeat("-", 64))
			if got := bits.OnesCount64(emojiVec(&block, ^uint64(0), e)); got != want {
				t.Errorf("%+q at %d: the vector pass passes %d bytes of joiners, selectors and tags of %d", seq, at, got, want)
			}
		}
	}
}
