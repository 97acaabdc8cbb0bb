//go:build !purego

package sanitize

// haveRuns reports whether stripRun and keepRun run here: where the AVX2 kernel
// does (the AVX-512 kernel's processors drop the sequences themselves),
// and CPUID says BMI1 and BMI2 (TZCNT, BZHI), POPCNT and LZCNT, which the
// AVX2 kernel does without, as every processor with AVX2 but a few
// low-power ones has them (Intel SDM, §5.1; AMD APM, CPUID Fn8000_0001).
var haveRuns = haveVec && func() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, _, _ := cpuid(7, 0)
	_, _, ecxExt, _ := cpuid(0x80000001, 0)
	const popcnt, bmi1, bmi2, lzcnt = 1 << 23, 1 << 3, 1 << 8, 1 << 5
	return ecx1&popcnt != 0 && ebx7&(bmi1|bmi2) == bmi1|bmi2 && ecxExt&lzcnt != 0
}()

// stripRun is stripRun256 with its tables.
func stripRun(dst, src []byte, v *vecTables) (nDst, nSrc int) {
	return stripRun256(dst, src, v, &packShuffles)
}

// stripRun256 is stripRunGo, with AVX2 (striprun.go): it may write up to
// eight bytes past what it reports, within dst.
//
//go:noescape
func stripRun256(dst, src []byte, v *vecTables, shuffles *[256]uint64) (nDst, nSrc int)

// keepRun is keepRun256 with its tables.
func keepRun(dst, src []byte, v *vecTables, esc *escapeTable, k kernelSeq, on bool) (nDst, nSrc int, colored bool) {
	in := uint64(0)
	if on {
		in = 1
	}
	nDst, nSrc, out := keepRun256(dst, src, v, &keepConsts, &packShuffles, esc, k.esc, uint64(k.mode), in)
	return nDst, nSrc, out != 0
}

// keepRun256 is keepRunGo, with AVX2 (keeprun.go), on and colored 1 for
// true: it may write up to 64 bytes past what it reports, within dst.
//
//go:noescape
func keepRun256(dst, src []byte, v *vecTables, consts *[10][32]byte, shuffles *[256]uint64, esc *escapeTable, escESC *escapeText, mode, on uint64) (nDst, nSrc int, colored uint64)
