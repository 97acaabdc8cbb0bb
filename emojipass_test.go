package sanitize

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
	"unicode"

	"golang.org/x/text/transform"
)

// passEmoji on the cases it decides, worked out from UTS #51 and the rule
// for selectors: how many bytes pass from at.
func TestPassEmoji(t *testing.T) {
	s := New(Also(Invisible | Tags | VariationSelectors)).(*sanitizer)
	for _, c := range []struct {
		desc, in string
		at, want int
	}{
		{"a joiner between two emoji, and the emoji after it", "👨\u200d👩", 4, 7},
		{"a family: joiners and emoji to the end", "👨\u200d👩\u200d👧", 4, 14},
		{"after a skin tone", "👩🏽\u200d💻", 8, 7},
		{"after a selector", "🏳\ufe0f\u200d🌈", 4, 3 + 3 + 4},
		{"after a letter", "a\u200d👩", 1, 0},
		{"before a letter", "👨\u200da", 4, 0},
		{"nothing after it yet", "👨\u200d", 4, 0},
		{"a selector after a symbol", "❤\ufe0f", 3, 3},
		{"a selector after a space", " \ufe0f", 1, 0},
		{"a selector at the start of src", "\ufe0f", 0, 0},
		{"a selector after an unassigned pictograph, no base", "\U0001FC00\ufe0f", 4, 0},
		{"a second selector", "❤\ufe0f\ufe0f", 6, 0},
		{"stops at what it does not decide", "👨\u200d👩 x", 4, 7},
		{"a joiner after a virama", "क्\u200d", 6, 3},
		{"a joiner after a Devanagari letter", "क\u200d", 3, 0},
		{"a non-joiner between Persian letters", "\u0645\u06cc\u200c\u062e", 4, 3},
		{"a non-joiner after a right-joining letter", "\u0627\u200c\u062e", 2, 0},
		{"a non-joiner with nothing after it yet", "\u0645\u06cc\u200c", 4, 0},
		{"a non-joiner in a Latin word", "ig\u200cnore", 2, 0},
	} {
		if got := s.passEmoji([]byte(c.in), c.at, 100); got != c.want {
			t.Errorf("%s: passEmoji(%+q, %d) = %d, want %d", c.desc, c.in, c.at, got, c.want)
		}
	}
	if got := s.passEmoji([]byte("👨\u200d👩\u200d👧"), 4, 9); got != 7 {
		t.Errorf("with room for 9 bytes: %d, want 7", got)
	}
}

// The fast path is held to the rules on random runs of the pieces of emoji
// sequences and of what breaks them, under sets that turn it on and off.
func TestEmojiPassMatchesRules(t *testing.T) {
	pieces := []string{"👨", "👩", "💻", "🌈", "🏳", "❤", "😀", "🇯", "🇵", "🏴", "\U0001FC00",
		"🏻", "🏽", "\ufe0f", "\ufe0e", "\u200d", "\u200d", "\u200c", "a", " ", "\n", "क", "\u094d", "ب",
		"\U000e0067", "\U000e007f", "\xf0\x9f\x98", "\x80", "\x1b",
		"\u200c", "\u200c", "\u0627", "\u06cc", "\u064e", "\u0640", "\u061c", "\u0d4d", "\u0e4d", "\u08a0"}
	configs := [][]Option{
		{Also(Invisible)},
		{Also(Invisible | Tags | VariationSelectors)},
		{Also(VariationSelectors)},
		{Remove(Invisible)},
		{Also(Invisible), Allow(0x200D)},
		{Also(Invisible), AlsoIn(&unicode.RangeTable{R16: []unicode.Range16{{0x200D, 0x200D, 1}}})},
		{Also(Invisible | Noncharacters)},
	}
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(5, 6)), 3000, 24, pieces, configs)
}

// checkFastPathsOnRuns holds the fast paths of each set of configs to the
// plain loop on count inputs, each a run of up to most random pieces.
func checkFastPathsOnRuns(t *testing.T, rng *rand.Rand, count, most int, pieces []string, configs [][]Option) {
	t.Helper()
	for range count {
		var in []byte
		for n := rng.IntN(most); n > 0; n-- {
			in = append(in, pieces[rng.IntN(len(pieces))]...)
		}
		for _, opts := range configs {
			checkFastPaths(t, newSanitizer(configure(opts)), in)
		}
	}
}

// checkReaders holds both readers to the plain loop on in, for each set
// of configs: transform.NewReader, whose 4 KiB buffers start calls
// anywhere, and NewReader, which calls Span first. Under RejectInvalid
// each must end where the plain loop does, with an error.
func checkReaders(t *testing.T, in []byte, configs [][]Option) {
	t.Helper()
	for _, opts := range configs {
		s := newSanitizer(configure(opts))
		_, ref := fastPaths(s)
		want, wantErr := oneShot(ref, in)
		if got, err := io.ReadAll(transform.NewReader(bytes.NewReader(in), s)); (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Errorf("%v: through transform.NewReader, the output differs from the reference's (%v, %v)", opts, err, wantErr)
		}
		if got, err := io.ReadAll(NewReader(bytes.NewReader(in), opts...)); (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Errorf("%v: through NewReader, the output differs from the reference's (%v, %v)", opts, err, wantErr)
		}
	}
}
