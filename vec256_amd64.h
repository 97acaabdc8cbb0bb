// Macros of the AVX2 kernels: vec_amd64.s, and the runs of blocks of
// striprun_amd64.s and keeprun_amd64.s.

// ESCAPED sets out nonzero in the bytes of x, all ASCII, that are escaped:
// escLo and hi say so for the low and the high half of each byte. It uses
// Y12–Y14 and clobbers t.
#define ESCAPED(x, t, out) \
	VPSRLW  $4, x, t;   \
	VPAND   Y14, t, t;  \
	VPSHUFB t, Y13, t;  \
	VPSHUFB x, Y12, out; \
	VPAND   t, out, out

// MASK64 sets out to the mask of the bytes of a block of 64 bytes whose
// halves lo and hi have them set: bit i for byte i. It clobbers t.
#define MASK64(lo, hi, out, t) \
	VPMOVMSKB lo, out; \
	VPMOVMSKB hi, t;   \
	SHLQ      $32, t;  \
	ORQ       t, out

// ESCAPED_BUT sets out nonzero in the bytes of the ASCII half x that the
// set escapes (ESCAPED: escLo and hi in Y12 and Y13, 0F in Y14) and are
// not ESC (Y15), and esc to FF in its ESCs. It clobbers t.
#define ESCAPED_BUT(x, t, esc, out) \
	ESCAPED(x, t, out);   \
	VPCMPEQB Y15, x, esc; \
	VPANDN   out, esc, out
