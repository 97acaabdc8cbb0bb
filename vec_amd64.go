//go:build !purego

package sanitize

// haveVec reports whether this processor and its operating system run the
// AVX2 kernel: CPUID says AVX and AVX2, and XGETBV says the OS saves the
// 256-bit registers (the checks of the Intel SDM, §14.3).
var haveVec = func() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&(osxsave|avx) != osxsave|avx {
		return false
	}
	if xcr0 := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx2 = 1 << 5
	return ebx7&avx2 != 0
}()

// haveWide reports whether this processor and its operating system run the
// AVX-512 kernels (vecscan512_amd64.s, veccopy512_amd64.s): CPUID says
// AVX-512F, BW, VBMI and VBMI2 (for VPCOMPRESSB), BMI1 and BMI2 for TZCNT,
// BLSR and BZHI, and POPCNT, and XGETBV says the OS saves the opmask and
// ZMM state (the checks of the Intel SDM, §15.2). VBMI2 leaves out the
// first processors with AVX-512 (Skylake-SP, Cannon Lake), which keep to
// AVX2; Ice Lake, Zen 4 and later have it. The build tag sanitize_narrow
// keeps every processor to AVX2 (narrowOnly).
var haveWide = haveVec && !narrowOnly && func() bool {
	if xcr0 := xgetbv(); xcr0&0xE6 != 0xE6 { // XMM, YMM, opmask, ZMM_Hi256, Hi16_ZMM
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, ecx7, _ := cpuid(7, 0)
	const popcnt = 1 << 23
	const bmi1, bmi2, avx512f, avx512bw = 1 << 3, 1 << 8, 1 << 16, 1 << 30
	const avx512vbmi, avx512vbmi2 = 1 << 1, 1 << 6
	return ebx7&(bmi1|bmi2|avx512f|avx512bw) == bmi1|bmi2|avx512f|avx512bw &&
		ecx7&(avx512vbmi|avx512vbmi2) == avx512vbmi|avx512vbmi2 && ecx1&popcnt != 0
}()

// vecScan returns how far p is clean as the kernel sees it: up to the
// first byte it flags, or to the last block of p shorter than a block,
// less a character that starts in the three bytes before and may be cut
// off there. Every byte before is well-formed UTF-8 and not escaped. A
// block is 32 bytes, or 64 where the tables say wide and p holds wideMin
// bytes.
func vecScan(p []byte, v *vecTables) int {
	if v.wide != 0 && len(p) >= wideMin {
		return vecScan512(p, v)
	}
	return vecScan256(p, v, nil)
}

// vecScanNarrow is the AVX2 kernel's vecScan with the emoji tables e: it
// also goes on past what narrowPasses passes, within a block that is not
// ASCII, as vecCopy256 does (vec_generic.go: vecScanBlocks).
func vecScanNarrow(p []byte, v *vecTables, e *emojiTables) int {
	return vecScan256(p, v, e)
}

// vecScanJoiners returns how far p is clean from p[at] as the AVX-512
// kernel's run of joiners finds it, under the pass over joiners after
// viramas or over non-joiners between letters; at where it passes no
// block. p[:at] must be clean, so that it ends a character (the runs
// take a lead byte from F0 up as an error: RUN_ERRS), and at least 6
// bytes.
func vecScanJoiners(p []byte, at int, v *vecTables, e *emojiTables, viramas bool) int {
	return joinerScan512(p, at, v, e, viramas)
}

// vecScan256 is vecScan for blocks of 32 bytes, with AVX2, with the emoji
// tables or nil.
//
//go:noescape
func vecScan256(p []byte, v *vecTables, e *emojiTables) int

// vecScan512 is vecScan for blocks of 64 bytes, with AVX-512.
//
//go:noescape
func vecScan512(p []byte, v *vecTables) int

// vecCopy copies src to dst as far as the kernel sees it clean, writing the
// escape of each escaped ASCII byte on the way, in blocks of 32 bytes that
// fit whole in both, or 64 where the tables say wide and src holds wideMin
// bytes, or one block where pairs are flagged: the AVX2 kernel tells
// those apart by the halves of their third byte alone, which hold more
// than the third bytes (nibbleTables.thirdHi), and before it did, it
// stopped at every curly quote and dash where the invisible classes were
// on, and the last bytes of each 4 KiB buffer of transform.Reader went to
// it and to the plain loop. It stops at
// anything else it flags, before a block of src or dst shorter than 32
// bytes, or before an escape that does not fit, and returns how much it
// wrote and read. It writes nothing after dst[:nDst].
// The AVX-512 kernel also handles CSI sequences of the plain form,
// replaces or escapes ill-formed input, and passes emoji joiners,
// selectors and tags in context, as k says (kernelSeq); the AVX2 kernel
// stops at every ESC, at ill-formed input and at every flagged character,
// and does not run while attributes are on and line feeds raw: only the
// AVX-512 kernel watches for those. With the invisible classes, the AVX2
// kernel passes the joiners, selectors and tags that narrowPasses passes
// where it stops, and, within a flagged block, the joiners and selectors
// (narrowClears); it stops at any other.
func vecCopy(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int) {
	if v.wide != 0 && (len(src) >= wideMin || v.pairs != 0 && len(src) >= 64) {
		nDst, nSrc = vecCopy512(dst, src, v, esc, k)
		if len(src)-nSrc >= 64 && len(dst)-nDst >= 64 {
			return nDst, nSrc // at something flagged
		}
		// Less than a block is left: the narrow kernel takes what it can
		// of it, but where attributes are on and line feeds raw.
	}
	if k.colored != 0 && k.mode&kernelLineFeed != 0 {
		return nDst, nSrc // the narrow kernel would pass line feeds
	}
	d, s := vecCopy256(dst[nDst:], src[nSrc:], v, esc, k.emoji)
	return nDst + d, nSrc + s
}

// vecCopy256 is vecCopy for blocks of 32 bytes, with AVX2. With e, it
// passes what it stops at where narrowPasses does.
//
//go:noescape
func vecCopy256(dst, src []byte, v *vecTables, esc *escapeTable, e *emojiTables) (nDst, nSrc int)

// joinerScan512 returns how far p is clean from p[at] as the run of
// joiners of vecCopy512 finds it, with the pass over non-joiners between
// letters, or over joiners after viramas: at where it passes no block
// (joinerscan512_amd64.s). p[:at] must be clean, and at least 6 bytes.
//
//go:noescape
func joinerScan512(p []byte, at int, v *vecTables, e *emojiTables, viramas bool) int

// vecCopy512 is vecCopy for blocks of 64 bytes, with AVX-512.
//
//go:noescape
func vecCopy512(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int)

// emojiVec runs the vector pass of vecCopy512 over emoji (EMOJIS_VEC) on
// one block, with the flags given, alone, for the tests to hold it to its
// model (TestEmojiVec): it returns the flags that it passes.
//
//go:noescape
func emojiVec(block *[64]byte, flags uint64, e *emojiTables) uint64

// emojiWell is emojiVec with the pass of the run of chat text
// (EMOJIS_WELL), which takes the block to be well-formed, as CHECK512
// finds it after ASCII.
//
//go:noescape
func emojiWell(block *[64]byte, flags uint64, e *emojiTables) uint64

// nonJoinerVec and viramaVec run the vector passes of vecCopy512 over the
// joiners of scripts (NONJOINERS_VEC, VIRAMAS_VEC) on one block, alone,
// for the tests to hold them to their models (TestJoinerVec): each
// returns the flags that it passes.
//
//go:noescape
func nonJoinerVec(block *[64]byte, flags uint64, e *emojiTables) uint64

//go:noescape
func viramaVec(block *[64]byte, flags uint64, e *emojiTables) uint64

// nonJoinerRun and viramaRun run the passes of the run of joiners
// (NONJOINERS_RUN, VIRAMAS_RUN) on the block at w[16:], after 16 bytes of
// well-formed text, as the run meets it, for the tests to hold them to
// their models (TestJoinerRun).
//
//go:noescape
func nonJoinerRun(w *[80]byte, flags uint64, e *emojiTables) uint64

//go:noescape
func viramaRun(w *[80]byte, flags uint64, e *emojiTables) uint64

func cpuid(eax, ecx uint32) (a, b, c, d uint32)

func xgetbv() uint32
