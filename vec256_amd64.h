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

// RUN_ENDS sets DI and SI to the starts of the arguments dst and src of a
// run of blocks, and the locals at dend and send to their ends. It
// clobbers R11.
#define RUN_ENDS(dend, send) \
	MOVQ dst_base+0(FP), DI; \
	MOVQ dst_len+8(FP), R11; \
	ADDQ DI, R11;            \
	MOVQ R11, dend(SP);      \
	MOVQ src_base+24(FP), SI; \
	MOVQ src_len+32(FP), R11; \
	ADDQ SI, R11;            \
	MOVQ R11, send(SP)

// RUN_CONSTS loads what the runs of blocks hold for every block from the
// tables at DX, ESCAPED's Y12–Y14, and broadcasts ESC, [, F0 and 30 into
// Y15, Y11, Y10 and Y9. It clobbers R11.
#define RUN_CONSTS \
	VMOVDQU      vecTables_nibble(DX), Y14; \
	VMOVDQU      vecTables_hi(DX), Y13;     \
	VMOVDQU      vecTables_escLo(DX), Y12;  \
	MOVL         $0x1B, R11;                \
	VMOVQ        R11, X15;                  \
	VPBROADCASTB X15, Y15;                  \
	MOVL         $0x5B, R11;                \
	VMOVQ        R11, X11;                  \
	VPBROADCASTB X11, Y11;                  \
	MOVL         $0xF0, R11;                \
	VMOVQ        R11, X10;                  \
	VPBROADCASTB X10, Y10;                  \
	MOVL         $0x30, R11;                \
	VMOVQ        R11, X9;                   \
	VPBROADCASTB X9, Y9

// PACK8 writes at DI the bytes of the group g of eight of the block at SI
// that the byte g of the mask at keep(SP) has, packed with the shuffle
// that packShuffles, at table, has for them, with a store of eight bytes
// (the next group's overwrites what is past them), and moves DI past
// them. It clobbers R12, X2 and X3.
#define PACK8(g, keep, table) \
	MOVBQZX keep+g(SP), R12;   \
	VMOVQ   (8*g)(SI), X2;     \
	VMOVQ   (table)(R12*8), X3; \
	VPSHUFB X3, X2, X2;        \
	VMOVQ   X2, (DI);          \
	POPCNTL R12, R12;          \
	ADDQ    R12, DI

// PACK64 is PACK8 for each of the eight groups of the block at SI, in
// order: what the mask at keep(SP) keeps of it, packed at DI.
#define PACK64(keep, table) \
	PACK8(0, keep, table); \
	PACK8(1, keep, table); \
	PACK8(2, keep, table); \
	PACK8(3, keep, table); \
	PACK8(4, keep, table); \
	PACK8(5, keep, table); \
	PACK8(6, keep, table); \
	PACK8(7, keep, table)
