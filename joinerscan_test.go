package sanitize

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Span with the scan of joiners (scanJoiners) stops where the reference
// does, and Transform writes what it writes, on Persian and Hindi text
// long enough for the scan, with joinerPieces among the words: non-joiners
// and joiners that pass and that do not, after viramas and letters or
// not, falling anywhere in its blocks, and what ends its run (escaped and
// C1 controls, emoji, ill-formed bytes), under every set of joinerSets;
// TestSpanJoinersAround puts each at every place.
func TestSpanJoiners(t *testing.T) {
	passing := []string{"می\u200cخواهم ", "کتاب\u200cها ", "خانه\u200cای ", "क्\u200dष ", "स्\u200cत ", "द्\u200dध "}
	pieces := slices.Concat(slices.Repeat(joinerWords, 40), slices.Repeat(passing, 15), runPieces)
	checkFastPathsOnRuns(t, rand.New(rand.NewPCG(41, 42)), runs(4000), 400, pieces, joinerSets)
}

// On Persian and Hindi text whose joiners all pass, scanJoiners, started
// right after the first, passes all of it but the last two blocks, under
// the pass that each needs: the reason for it.
func TestSpanJoinersPasses(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	for _, text := range []string{
		strings.Repeat("می\u200cخواهم کتاب\u200cها زبان فارسی ", 40),
		strings.Repeat("क्\u200dष भारत स्\u200cत हिंदी ", 40),
	} {
		in := []byte(text)
		at := strings.Index(text, "\u200c")
		if i := strings.Index(text, "\u200d"); i >= 0 && i < at {
			at = i
		}
		at += 3
		s := newSanitizer(configure([]Option{Also(Invisible | Tags | VariationSelectors)}))
		if n := s.scanJoiners(in, at, len(in)); at+n < len(in)-2*wideMin {
			t.Errorf("%.20q: scanJoiners from %d passes %d bytes of %d", text, at, n, len(in))
		}
	}
}

// After Persian or Hindi text that starts the scan of joiners, Span stops
// where the reference does, and Transform writes what it writes, with
// each of joinerPieces at every place around the ends of the scan's
// blocks, under every set of joinerSets.
func TestSpanJoinersAround(t *testing.T) {
	for _, start := range []string{
		strings.Repeat("می\u200cخواهم کتاب\u200cها ", 4),
		strings.Repeat("क्\u200dष भारत स्\u200cत ", 4),
	} {
		sets := make([]*sanitizer, len(joinerSets))
		for i, opts := range joinerSets {
			sets[i] = newSanitizer(configure(opts))
		}
		for _, piece := range runPieces {
			for at := 0; at < 140; at += step(3) {
				in := []byte(start + strings.Repeat(" ", at) + piece + start + start)
				for _, s := range sets {
					checkFastPaths(t, s, in)
				}
			}
		}
	}
}

// joinerScan512 stops where its Go version does (joinerScanGo), exactly,
// from places all over texts of joinerPieces and joinerWords, inside
// characters too, with either pass, under every set of joinerSets with
// the emoji tables.
func TestJoinerScanGo(t *testing.T) {
	if !haveWide {
		t.Skip("no AVX-512 kernel on this processor")
	}
	sets, _ := goSets(joinerSets)
	rng := rand.New(rand.NewPCG(43, 44))
	pieces := slices.Concat(slices.Repeat(joinerWords, 4), runPieces)
	scans := 0
	for range runs(300) {
		in := pieceText(rng, 128+rng.IntN(600), pieces, joinerWords)
		for _, s := range sets {
			if s.kseq.emoji == nil {
				continue
			}
			for at := 6; at < len(in); at += 1 + rng.IntN(8) {
				for _, viramas := range []bool{false, true} {
					got := vecScanJoiners(in, at, s.set.vec, s.kseq.emoji, viramas)
					want := joinerScanGo(in, at, s.set.vec, s.kseq.emoji, viramas)
					if got != want {
						t.Fatalf("% x: from %d, viramas %v: vecScanJoiners = %d, joinerScanGo %d", in, at, viramas, got, want)
					}
					if got > at {
						scans++
					}
				}
			}
		}
	}
	if scans < runs(300) {
		t.Errorf("only %d scans passed a block", scans)
	}
}
