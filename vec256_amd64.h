// Macros of the AVX2 kernels, vec_amd64.s and striprun_amd64.s.

// ESCAPED sets out nonzero in the bytes of x, all ASCII, that are escaped:
// escLo and hi say so for the low and the high half of each byte. It uses
// Y12–Y14 and clobbers t.
#define ESCAPED(x, t, out) \
	VPSRLW  $4, x, t;   \
	VPAND   Y14, t, t;  \
	VPSHUFB t, Y13, t;  \
	VPSHUFB x, Y12, out; \
	VPAND   t, out, out
