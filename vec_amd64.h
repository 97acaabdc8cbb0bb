// Macros shared by the copying kernels, vec_amd64.s and
// veccopy512_amd64.s.

// WRITE_ESCAPE writes the escape of an ASCII byte at DI from its
// escapeText at AX (vec.go): 2 to 8 bytes, with four 2-byte stores that
// may overlap, at offsets from the table, so that no branch depends on
// its length. n holds the length and is clobbered, as is d.
#define WRITE_ESCAPE(n, d) \
	MOVWLZX (AX), d;               \
	MOVW    d, (DI);               \
	MOVWLZX -2(AX)(n*1), d;        \
	MOVW    d, -2(DI)(n*1);        \
	MOVBLZX escapeText_at2(AX), n; \
	MOVWLZX (AX)(n*1), d;          \
	MOVW    d, (DI)(n*1);          \
	MOVBLZX escapeText_at4(AX), n; \
	MOVWLZX (AX)(n*1), d;          \
	MOVW    d, (DI)(n*1)
