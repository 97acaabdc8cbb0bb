package sanitize

import (
	"math/bits"
	"unicode"
	"unicode/utf8"
)

// This file holds the kernel's vector passes over the joiners and
// non-joiners that scripts need in a block (veccopy512_amd64.s), and their
// Go versions. Persian text writes U+200C inside one
// word in every few, and Hindi a joiner or a non-joiner after a virama to
// choose a conjunct's form; the kernel decided each in scalar code
// (nonJoinerPasses, viramaPasses), a walk over the letters around it with
// a lookup for each and branches that went either way, and the invisible
// classes read Persian and Hindi at 0.11–0.29× the speed of Escape().
// Two vector passes decide at once every one of a block that stands as
// most do:
//   - NONJOINERS_VEC, where the first flag is a non-joiner: a non-joiner
//     right between two letters of two bytes of U+0600–U+07FF, one that
//     joins on its left before it and one that joins on its right after
//     it;
//   - VIRAMAS_VEC, where the first is a joiner or a non-joiner after a
//     character led by E0: a joiner or a non-joiner right after a virama
//     of the Indic blocks.
//
// The rules (context.go's joiner) pass each of those. The passes leave the
// others, with marks or tatweels between, at the ends of the block, or
// between emoji, to the scalar code, which decides as before: it only
// passes, never fails.
//
// A block whose flags all pass one of them, with no escaped ASCII byte,
// starts a run of such blocks (joiners in the kernel, and in
// vec_generic_emoji.go), each taken with its checks, its pairs and the
// same pass in the form NONJOINERS_RUN or VIRAMAS_RUN, which also look
// before the block for the letter or the virama before a joiner, as a
// word cut by the block before has it. Anything else ends the run, and
// the block goes the way it went before. On an AMD EPYC (Zen 5), the
// invisible classes read Persian text 2.4 times as fast with the run
// (9.7 GB/s, 0.55x Escape()), and Hindi 2.1 times (9.0 GB/s), the other
// corpora within noise (eight interleaved passes).
//
// A letter of two bytes, D8–DF and a continuation byte, is looked up by
// both: VPERMB takes a byte of joinsLeft or joinsRight by the low six bits
// of the continuation byte, and one of leadBits, 1 << (lead & 7), by the
// low six bits of the lead; the letter joins on that side where the two
// have that bit in common. A virama, E0 and two continuation bytes, is
// looked up by its last two: a byte of viramaRows by the second, one of
// viramaCols by the third, with a bit for each third byte that viramas
// end in (four of them). A letter or a virama that a class holds is in
// none (kernelJoining, kernelViramas).

// setJoinerVec fills the vector passes' lookups of e, whose joining and
// virama tables are set.
func (e *emojiTables) setJoinerVec() {
	for i, j := range e.joining {
		lead, c := i>>6, i&63
		if j&joinsOnLeft != 0 {
			e.joinsLeft[c] |= 1 << lead
		}
		if j&joinsOnRight != 0 {
			e.joinsRight[c] |= 1 << lead
		}
	}
	for lead := 0xD8; lead <= 0xDF; lead++ {
		e.leadBits[lead&63] = 1 << (lead & 7)
	}
	// The run's: where a letter does not join, which every index has for
	// the lead DE, of Thaana, whose letters join on no side
	// (TestJoinerVecTables); and every byte but D8–DF less BF, with
	// saturation, has all bits, for which no index has none.
	for c := range e.joinsLeft {
		e.joinsNotLeft[c], e.joinsNotRight[c] = ^e.joinsLeft[c], ^e.joinsRight[c]
	}
	for i := range e.leadsAt {
		e.leadsAt[i] = 0xFF
	}
	for lead := 0xD8; lead <= 0xDF; lead++ {
		e.leadsAt[lead-0xBF] = 1 << (lead & 7)
	}
	// A bit for each third byte, in the order met; past eight, the
	// viramas that end in another are left to the scalar code
	// (TestJoinerVecTables holds the tables to every one).
	var ends []byte
	for r := rune(indicLo); r <= indicHi; r++ {
		if !e.virama.has(r) {
			continue
		}
		third := byte(r & 63)
		bit := len(ends)
		for i, t := range ends {
			if t == third {
				bit = i
			}
		}
		if bit == len(ends) {
			if bit == 8 {
				continue
			}
			ends = append(ends, third)
		}
		e.viramaRows[r>>6&63] |= 1 << bit
		e.viramaCols[third] |= 1 << bit
	}
	// The run's (VIRAMAS_RUN): the two have no bit in common just where
	// the row has the column's bit; a row has all bits of the ends not
	// met, four of eight with Unicode 15 (TestJoinerVecTables).
	for i := range e.viramaRows {
		e.viramaRowsNot[i] = ^e.viramaRows[i]
		e.viramaColsAt[i] = e.viramaCols[i]
		if e.viramaCols[i] == 0 {
			e.viramaColsAt[i] = 0xFF
		}
	}
}

// nonJoinerVecGo is NONJOINERS_VEC: it returns the flags that are the last
// byte of a non-joiner whose letters before and after it, right next to it
// in the block, are of two bytes of U+0600–U+07FF and join on their left
// and on their right in the kernel's table.
func nonJoinerVecGo(block *[64]byte, flags uint64, e *emojiTables) uint64 {
	return nonJoinersIn(block[:], 0, flags, e)
}

// nonJoinerRunGo is NONJOINERS_RUN: nonJoinerVecGo for the block at
// w[at:], whose letter before a non-joiner may also be in w before it.
func nonJoinerRunGo(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	return nonJoinersRun(w[:at+64], at, flags, e)
}

// nonJoinersIn is nonJoinerVecGo for the flags of the block at w[at:],
// which ends w, with the bytes of w before it.
func nonJoinersIn(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	return nonJoinersWith(w, at, flags, e, false)
}

// nonJoinersRun is nonJoinersIn as a run of joiners takes a non-joiner: by
// its first and last bytes (joinerAt).
func nonJoinersRun(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	return nonJoinersWith(w, at, flags, e, true)
}

// nonJoinersWith is nonJoinersIn, or nonJoinersRun if run.
func nonJoinersWith(w []byte, at int, flags uint64, e *emojiTables, run bool) uint64 {
	var pass uint64
	for f := flags; f != 0; f &= f - 1 {
		k := at + bits.TrailingZeros64(f)
		if k >= 2 && joinerAt(w, k, 0x8C, run) &&
			letterJoins(w, k-4, &e.joining)&joinsOnLeft != 0 && letterJoins(w, k+1, &e.joining)&joinsOnRight != 0 {
			pass |= 1 << (k - at)
		}
	}
	return pass
}

// viramaRunGo is VIRAMAS_RUN: viramaVecGo for the block at w[at:], whose
// virama before a joiner may also be in w before it.
func viramaRunGo(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	return viramasRun(w[:at+64], at, flags, e)
}

// viramaVecGo is VIRAMAS_VEC: it returns the flags that are the last byte
// of a joiner or a non-joiner right after a virama of the kernel's table
// in the block.
func viramaVecGo(block *[64]byte, flags uint64, e *emojiTables) uint64 {
	return viramasIn(block[:], 0, flags, e)
}

// viramasIn is viramaVecGo for the flags of the block at w[at:], which
// ends w, with the bytes of w before it.
func viramasIn(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	return viramasWith(w, at, flags, e, false)
}

// viramasRun is viramasIn as a run of joiners takes a joiner or a
// non-joiner: by its first and last bytes (joinerAt).
func viramasRun(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	return viramasWith(w, at, flags, e, true)
}

// viramasWith is viramasIn, or viramasRun if run.
func viramasWith(w []byte, at int, flags uint64, e *emojiTables, run bool) uint64 {
	var pass uint64
	for f := flags; f != 0; f &= f - 1 {
		k := at + bits.TrailingZeros64(f)
		if k >= 2 && (joinerAt(w, k, 0x8C, run) || joinerAt(w, k, 0x8D, run)) && viramaPasses(w, k-2, &e.virama) {
			pass |= 1 << (k - at)
		}
	}
	return pass
}

// joinerAt reports whether the flag at w[k] ends U+200C or U+200D, as
// last, 8C or 8D, says: E2 80 last; in a run of joiners (run), E2, any
// byte, last. The runs take one by those two bytes alone
// (NONJOINERS_RUN, VIRAMAS_RUN, one instruction fewer a block): any other
// character that E2 leads and 8C or 8D ends, as U+204C, is then passed
// where one of those would be, which is right only where the set leaves
// it as it is. The runs need the emoji tables, which only a set of
// classes alone has (emojiFast), and no class holds such a character
// (TestJoinerRunSets).
func joinerAt(w []byte, k int, last byte, run bool) bool {
	return w[k-2] == 0xE2 && w[k] == last && (run || w[k-1] == 0x80)
}

// narrowPasses returns how many bytes at w[p:] the AVX2 kernel passes
// where it stopped (vecCopy256), with three bytes of w before p and five
// from p, so that the kernel needs no more tests of where w ends than
// those of each case: a joiner or a non-joiner right after a virama of
// the kernel's table, or, a non-joiner, right between two letters of two
// bytes of U+0600–U+07FF that join towards it; a joiner between two
// emoji of the emoji block (U+1F000–U+1FFFF), Extended_Pictographic,
// the one before with a skin tone and U+FE0F after it or not, as
// zwjBetweenEmoji takes them; U+FE0F right after a base of the emoji
// block (isBase) or of symbolBases; and the tags of a recommended flag
// right after U+1F3F4 (tagRun). The rules pass each of these, as they pass those of the
// AVX-512 kernel's passes. Where the AVX2 kernel stopped at each, and the
// Go code decided it, a call of the kernel each, the invisible classes
// read Persian text at 0.21x the speed of Escape(), and chat text dense
// with emoji sequences at 0.13x.
func narrowPasses(w []byte, p int, e *emojiTables) int {
	if p < 3 || p+5 > len(w) {
		return 0
	}
	in := func(i int, b *blockBits) bool { // an emoji at w[i:] that b holds
		return i >= 0 && i+4 <= len(w) && isEmoji(w[i:]) && b.has(emojiRune(w[i:]))
	}
	selector := func(i int) bool { return w[i] == 0xEF && w[i+1] == 0xB8 && w[i+2] == 0x8F }
	switch {
	case scriptJoiner(w, p, e):
		return 3
	case w[p] == 0xE2 && w[p+1] == 0x80 && w[p+2] == 0x8C:
		return 0
	case w[p] == 0xE2 && w[p+1] == 0x80 && w[p+2] == 0x8D:
		if !in(p+3, &e.pict) {
			return 0
		}
		b := p // where the element before ends
		if selector(b - 3) {
			if b -= 3; !in(b-4, &e.base) {
				return 0
			}
		}
		if in(b-4, &e.mod) {
			b -= 4
		}
		if in(b-4, &e.pict) {
			return 3
		}
	case selector(p):
		if in(p-4, &e.base) {
			return 3
		}
		if r, size := utf8.DecodeRune(w[p-3 : p]); size == 3 && unicode.Is(symbolBases, r) {
			return 3
		}
	case w[p] == 0xF3 && w[p+1] == 0xA0 && p >= 4 && p+tagTail <= len(w) && string(w[p-4:p]) == blackFlagUTF8:
		if e.isTail(w[p : p+tagTail]) {
			return tagTail
		}
	}
	return 0
}

// scriptJoiner reports whether a joiner or a non-joiner at w[p:] passes
// as narrowPasses passes those of scripts: right after a virama of the
// kernel's table, or, a non-joiner, right between two letters of two
// bytes of U+0600–U+07FF that join towards it, with three bytes of w
// before p and five from p.
func scriptJoiner(w []byte, p int, e *emojiTables) bool {
	if p < 3 || p+5 > len(w) || w[p] != 0xE2 || w[p+1] != 0x80 || w[p+2]&^1 != 0x8C {
		return false
	}
	return viramaPasses(w, p, &e.virama) ||
		w[p+2] == 0x8C && letterJoins(w, p-2, &e.joining)&joinsOnLeft != 0 && letterJoins(w, p+3, &e.joining)&joinsOnRight != 0
}

// narrowClears returns the flags of the block at w[at:] less those, from
// the first, that are the second byte of a character of three bytes that
// narrowPasses passes (a joiner or a non-joiner of a script or between
// emoji, U+FE0F after a base), up to the first that is not: where the
// AVX2 kernel that copies goes on with the block (vecCopy256: joiners).
func narrowClears(w []byte, at int, flags uint64, e *emojiTables) uint64 {
	for flags != 0 && narrowPasses(w, at+firstBit(flags)-1, e) == 3 {
		flags &= flags - 1
	}
	return flags
}

// scanClears is narrowClears for the AVX2 kernel that scans (vecScan256:
// scanFlagged), which also passes the tags of a flag that narrowPasses
// passes, and then the flags of those tags in the blocks after it, which
// are before skip.to; skip.flag is where the flag starts.
func scanClears(w []byte, at int, flags uint64, e *emojiTables, skip *tagSkip) uint64 {
	for ; flags != 0; flags &= flags - 1 {
		p := at + firstBit(flags) - 1
		if p+1 < skip.to {
			continue
		}
		switch narrowPasses(w, p, e) {
		case 3:
		case tagTail:
			skip.to, skip.flag = p+tagTail, p-4
		default:
			return flags
		}
	}
	return flags
}

// A tagSkip is where the tags of the last flag that the kernel that scans
// passed end, and where the flag starts; to is -1 before any.
type tagSkip struct{ to, flag int }
