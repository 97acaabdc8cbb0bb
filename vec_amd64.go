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

// vecScan returns how far p is clean as the kernel sees it: up to the
// first byte it flags, or to the last block of p shorter than 32 bytes, less
// a character that starts in the three bytes before and may be cut off
// there. Every byte before is well-formed UTF-8 and not escaped.
//
//go:noescape
func vecScan(p []byte, v *vecTables) int

// vecCopy copies src to dst as far as the kernel sees it clean, writing the
// escape of each escaped ASCII byte on the way, in blocks of 32 bytes that
// fit whole in both. It stops at anything else it flags, before a block of
// src or dst shorter than 32 bytes, or before an escape that does not fit,
// and returns how much it wrote and read. It writes nothing after
// dst[:nDst].
//
//go:noescape
func vecCopy(dst, src []byte, v *vecTables, esc *[0x80]escapeText) (nDst, nSrc int)

func cpuid(eax, ecx uint32) (a, b, c, d uint32)

func xgetbv() uint32
