//go:build !amd64 || purego

package sanitize

// haveRuns is false: there is no kernel here (vec_other.go).
const haveRuns = false

// stripRun is never called: haveRuns is false.
func stripRun(dst, src []byte, v *vecTables) (nDst, nSrc int) { return 0, 0 }

// keepRun is never called: haveRuns is false.
func keepRun(dst, src []byte, v *vecTables, esc *escapeTable, k kernelSeq, on bool) (nDst, nSrc int, colored bool) {
	return 0, 0, on
}
