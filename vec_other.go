//go:build !amd64 || purego

package sanitize

// haveVec is false: there is no kernel for this processor, or the purego
// build tag asks for none. The Go versions of the kernels
// (vec_generic.go, vec_generic512.go) could stand in, but clean is faster
// without them: with them in place of these stubs, under -tags purego,
// Escape() went at a third of its speed on ASCII and an eighteenth on
// Latin text, and Escape(Allow('\t', '\n')) at a fifth on ASCII
// (BenchmarkCorpus, alternating runs): the word scan takes eight bytes a
// step, and the automaton a table lookup a byte. They are tested here all
// the same (TestVectorGo).
const haveVec = false

// haveWide is false, as haveVec.
const haveWide = false

// vecScan is never called: no set has vecTables.
func vecScan(p []byte, v *vecTables) int { return 0 }

// vecScanNarrow is never called, as vecScan.
func vecScanNarrow(p []byte, v *vecTables, e *emojiTables) int { return 0 }

// vecScanJoiners is never called, as vecScan.
func vecScanJoiners(p []byte, at int, v *vecTables, e *emojiTables, viramas bool) int { return at }

// vecCopy is never called: no set has vecTables.
func vecCopy(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int) {
	return 0, 0
}
