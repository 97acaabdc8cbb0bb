//go:build !purego

package sanitize

// haveStripRun reports whether stripRun runs here: the AVX2 kernel's
// processors, of which the AVX-512 kernel's drop the sequences themselves.
var haveStripRun = haveVec

// stripRun is stripRun256 with its tables.
func stripRun(dst, src []byte, v *vecTables) (nDst, nSrc int) {
	return stripRun256(dst, src, v, &packShuffles)
}

// stripRun256 is stripRunGo, with AVX2 (striprun.go): it may write up to
// eight bytes past what it reports, within dst.
//
//go:noescape
func stripRun256(dst, src []byte, v *vecTables, shuffles *[256]uint64) (nDst, nSrc int)
