//go:build !amd64 || purego

package sanitize

// haveStripRun is false: there is no kernel here (vec_other.go).
const haveStripRun = false

// stripRun is never called: haveStripRun is false.
func stripRun(dst, src []byte, v *vecTables) (nDst, nSrc int) { return 0, 0 }
