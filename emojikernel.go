package sanitize

import (
	"sync"
	"unsafe"
)

// This file holds what the AVX-512 kernel that copies reads to pass, with
// the invisible classes, the joiners, selectors and tags of emoji where
// they stand (veccopy512_amd64.s, emojis) rather than stop at each for
// Transform: on chat text dense with emoji, each stop cost a round of the
// Transform loop. The kernel decides only what the rules decide
// (context.go), as passEmoji and tagRun do, on the same bytes, and leaves
// the rest to them:
//
//   - U+200D between an Extended_Pictographic character of the emoji
//     block or of U+2000–U+2FFF, with an optional skin tone and U+FE0F,
//     and one of those after it;
//   - a selector of U+FE00–U+FE0F after a printable ASCII character, a
//     base of the emoji block, or a symbol of U+2190–U+23FF or
//     U+2600–U+27BF (isBase), as context decides for every selector;
//   - the tags of a recommended emoji tag sequence after U+1F3F4, all in
//     the block of the first;
//   - U+200C between letters of Arabic and Persian words, where all that
//     decides it is of two bytes in U+0600–U+07FF (nonJoinerPasses);
//   - U+200C and U+200D after a virama of the Indic blocks (viramaPasses).
//
// It judges them on the caller's src alone, as passEmoji does: what
// earlier calls consumed is left to the rules. The joiners and selectors
// of a block are decided first all at once, with vectors (emojivec.go),
// where their context is in the block, and so are the tags of its first
// flag with all of them in it; the scalar code takes the rest, one flag
// at a time.

// emojiTables are the bitmaps and byte strings the kernel reads, laid out
// for it: go_asm.h gives the offsets of the fields.
//
// The vectors come first, and the tables sit at a multiple of 64
// (newEmojiTables), so that each vector the runs of blocks read as an
// operand, a dozen or more a block, is one cache line: at offsets of 8
// and 40, each load spanned two, and the invisible classes read the ZWJ
// corpus 1.05x as fast once they did not (TestEmojiTablesAligned).
type emojiTables struct {
	// The vector pass's lookups and constants (emojivec.go).
	rows4, cols4, rows3, cols3 [64]byte
	bytes                      [vecBytes][64]byte
	// The lookups of the vector pass over the joiners of scripts
	// (joinervec.go).
	joinsLeft, joinsRight, leadBits, viramaRows, viramaCols [64]byte
	// Those of the run of joiners (NONJOINERS_RUN, VIRAMAS_RUN): the
	// letters that do not join, the leads by the bytes less BF, and the
	// viramas' rows less theirs and columns with all bits where none is.
	joinsNotLeft, joinsNotRight, leadsAt, viramaRowsNot, viramaColsAt [64]byte

	pict    blockBits // Extended_Pictographic, of the emoji block
	base    blockBits // what isBase says, of the emoji block
	mod     blockBits // Emoji_Modifier, the skin tones
	symbols blockBits // Extended_Pictographic, of U+2000–U+2FFF
	// tails are the tags of each recommended tag sequence, after U+1F3F4,
	// which the kernel compares 24 bytes at a time (TestEmojiTables).
	tails [len(rgiTagSequences)][tagTail]byte
	// joining is the Joining_Type of U+0600–U+07FF, for non-joiners
	// (kernelJoining); virama the viramas of the Indic blocks, after
	// which joiners and non-joiners pass (kernelViramas).
	joining [joiningHi - joiningLo + 1]uint8
	virama  indicBits
}

// tagTail is the length of the tags of a recommended tag sequence in
// UTF-8: five tags and the cancel tag, four bytes each.
const tagTail = 24

// newEmojiTables returns the kernel's tables, made once, on first use by a
// set that needs them.
var newEmojiTables = sync.OnceValue(func() *emojiTables {
	e := aligned64[emojiTables]()
	*e = emojiTables{pict: *pictographicBlock, base: *baseBlock, mod: *modifierBlock,
		symbols: *bitsFrom(0x2000, extendedPictographic), joining: kernelJoining(), virama: kernelViramas()}
	for i, s := range rgiTagSequences {
		copy(e.tails[i][:], s[len(string(rune(blackFlag))):])
	}
	e.setVec()
	e.setJoinerVec()
	return e
})

// isTail reports whether t, tagTail bytes, is the tail of one of the
// recommended tag sequences: its tags after U+1F3F4, the cancel tag last.
func (e *emojiTables) isTail(t []byte) bool {
	for _, tail := range e.tails {
		if string(t) == string(tail[:]) {
			return true
		}
	}
	return false
}

// kernelEmoji sets what k tells the kernel about emoji for s: nothing
// unless passEmoji may run (emojiFast). Then s has no predicates, and only
// Tags and Invisible hold tags, whose rule is tagRun's.
func kernelEmoji(k *kernelSeq, s *set) {
	k.emoji = nil
	if s.emojiFast {
		k.emoji = newEmojiTables()
	}
}

// The kernel compares the tags of three sequences, no more and no fewer
// (TAIL in veccopy512_amd64.s): a new Unicode version that changes that
// stops the build here.
var _ [3]string = rgiTagSequences

// aligned64 returns a new zero T at an address that is a multiple of 64,
// the size of a cache line and of a vector of the AVX-512 kernels, which
// the allocator does not promise. T must hold no pointers: it lives in a
// byte slice, which the garbage collector does not scan.
func aligned64[T any]() *T {
	var t T
	b := make([]byte, unsafe.Sizeof(t)+63)
	p := unsafe.Pointer(unsafe.SliceData(b))
	return (*T)(unsafe.Add(p, -uintptr(p)&63))
}
