//go:build !amd64 || purego

package sanitize

// haveVec is false: there is no kernel for this processor, or the purego
// build tag asks for none.
const haveVec = false

// haveWide is false, as haveVec.
const haveWide = false

// vecScan is never called: no set has vecTables.
func vecScan(p []byte, v *vecTables) int { return 0 }

// vecCopy is never called: no set has vecTables.
func vecCopy(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int) {
	return 0, 0
}
