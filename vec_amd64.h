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

// EMOJI_BIT jumps to notEmoji unless the dword r holds a character of the
// emoji block (F0 9F and two continuation bytes), and to notIn unless its
// bit in the bitmap at table(base) (emojiTables) is set. It clobbers r and
// AX.
#define EMOJI_BIT(r, base, table, notEmoji, notIn) \
	MOVL r, AX;                  \
	ANDL $0xC0C0FFFF, AX;        \
	CMPL AX, $0x80809FF0;        \
	JNE  notEmoji;               \
	MOVL r, AX;                  \
	SHRL $10, AX;                \
	ANDL $0xFC0, AX;             \
	SHRL $24, r;                 \
	ANDL $0x3F, r;               \
	ORL  AX, r;                  \
	MOVL r, AX;                  \
	SHRL $6, AX;                 \
	MOVQ table(base)(AX*8), AX;  \
	BTQ  r, AX;                  \
	JCC  notIn
