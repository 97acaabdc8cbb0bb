package sanitize

import (
	"math/rand/v2"
	"testing"
)

// TestAcrossSeqs holds acrossSeqs to acrossCSIs and acrossOSCs, as the
// run of blocks under StripSequences tries them (csisRun), on runs of
// blocks of text made of the pieces of sequences that either tells apart:
// each block whose bytes to skip the block before left, so that what
// those hold is what a run can leave there.
func TestAcrossSeqs(t *testing.T) {
	pieces := []string{"\x1b[31m", "\x1b[0m", "\x1b[m", "\x1b[38;5;208m", "\x1b[?25l", "\x1b[1 q", "\x1b[",
		"\x1b]8;;https://example.com/run/42\x1b\\", "\x1b]0;build 42\x07", "\x1b]8;;\x1b\\", "\x1b]\x07", "\x1b]\x1b\\",
		"\x1b]0;a\x7fb\x07", "\x1b]0;\tx\x07", "\x1b]0;a\nb\x07", "\x1b]0;t\x01\x1b\\", "\x1b]0;t\x1b[1m\x07", "\x1b]0;\x1b]1;\x07",
		"\x1b]0;t", "\x1b\\", "\x1b", "\x07", "\x1b(B", "]", "\\", "[", "\n", "\t", "\r", "é", "word ", "status=200 ",
		"lorem ipsum dolor sit amet, consectetur ", "\x1b]0;long title of more than sixty-four bytes, to run past a block\x07"}
	var tables []*vecTables
	for _, opts := range [][]Option{{Sequences(StripSequences)}, {Sequences(StripSequences), Allow('\t', '\n')}} {
		s := newSanitizer(configure(opts))
		tables = append(tables, vecTablesOf(&s.set)) // where the processor has no kernel too
	}
	rng := rand.New(rand.NewPCG(61, 62))
	tried, oscs := 0, 0
	for range 20000 {
		var text []byte
		for len(text) < 600 {
			text = append(text, pieces[rng.IntN(len(pieces))]...)
		}
		for _, v := range tables {
			for start := rng.IntN(64); start+128 <= len(text); start += 64 {
				skip := 0
				for at := start; at+128 <= len(text); at += 64 {
					b, next := text[at:at+64], text[at+64:at+128]
					if !isASCII(b) {
						break
					}
					flags := v.escapedIn(b)
					keep, tail, ok := acrossCSIs(b, next, flags)
					if !ok {
						keep, tail, ok = acrossOSCs(b, next, flags, skip)
						if ok {
							oscs++
						}
					}
					gKeep, gTail, gOK := acrossSeqs(b, next, flags, skip)
					tried++
					if ok != gOK || ok && (keep&^below(skip) != gKeep&^below(skip) || tail != gTail) {
						t.Fatalf("%q, then %q, %d to skip: acrossCSIs and acrossOSCs keep %064b, %d on, %v; acrossSeqs %064b, %d on, %v",
							b, next, skip, keep&^below(skip), tail, ok, gKeep&^below(skip), gTail, gOK)
					}
					if !ok {
						break
					}
					skip = tail
				}
			}
		}
	}
	t.Logf("%d blocks, %d with OSC sequences taken", tried, oscs)
	if oscs < 1000 {
		t.Fatalf("only %d blocks with OSC sequences taken: the test tells little", oscs)
	}
}
