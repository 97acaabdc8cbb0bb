package sanitize

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// TestEmojiBlock holds the fast predicates to the range tables and to the
// norm package at every code point.
func TestEmojiBlock(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := isPictographic(r), unicode.Is(extendedPictographic, r); got != want {
			t.Fatalf("isPictographic(%U) = %v, want %v", r, got, want)
		}
		if got, want := isModifier(r), unicode.Is(emojiModifier, r); got != want {
			t.Fatalf("isModifier(%U) = %v, want %v", r, got, want)
		}
		var b [utf8.UTFMax]byte
		want := norm.NFD.Properties(b[:utf8.EncodeRune(b[:], r)]).CCC() == 9
		if got := virama(r); got != want {
			t.Fatalf("virama(%U) = %v, want %v", r, got, want)
		}
	}
}
