//go:build !amd64 || purego

package sanitize

// haveVec is false: there is no kernel for this processor, or the purego
// build tag asks for none.
const haveVec = false

// vecScan is never called: no set has vecTables.
func vecScan(p []byte, v *vecTables) int { return 0 }
