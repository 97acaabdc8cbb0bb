//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec256_amd64.h"

// MASK64 sets out to the mask of the bytes of a block of 64 bytes whose
// halves lo and hi have them set: bit i for byte i. It clobbers t.
#define MASK64(lo, hi, out, t) \
	VPMOVMSKB lo, out; \
	VPMOVMSKB hi, t;   \
	SHLQ      $32, t;  \
	ORQ       t, out

// CLASSES sets lb, params and finals to the [, the parameter bytes
// (30–3F) and the final bytes (40–7E) of the block at off(SI). It clobbers
// Y0–Y5 and R11.
#define CLASSES(off, lb, params, finals) \
	VMOVDQU  off(SI), Y0;     \
	VMOVDQU  off+32(SI), Y1;  \
	VPCMPEQB Y11, Y0, Y2;     \
	VPCMPEQB Y11, Y1, Y3;     \
	MASK64(Y2, Y3, lb, R11);  \
	VPAND    Y10, Y0, Y2;     \
	VPAND    Y10, Y1, Y3;     \
	VPCMPEQB Y9, Y2, Y2;      \
	VPCMPEQB Y9, Y3, Y3;      \
	MASK64(Y2, Y3, params, R11); \
	VPCMPGTB Y8, Y0, Y2;      \
	VPCMPGTB Y0, Y7, Y4;      \
	VPAND    Y4, Y2, Y2;      \
	VPCMPGTB Y8, Y1, Y3;      \
	VPCMPGTB Y1, Y7, Y5;      \
	VPAND    Y5, Y3, Y3;      \
	MASK64(Y2, Y3, finals, R11)

// ESCAPED_BUT sets out nonzero in the bytes of the ASCII half x that the
// set escapes (ESCAPED: escLo and hi in Y12 and Y13, 0F in Y14) and are
// not ESC, and esc to FF in its ESCs. It clobbers t.
#define ESCAPED_BUT(x, t, esc, out) \
	ESCAPED(x, t, out);   \
	VPCMPEQB Y15, x, esc; \
	VPANDN   out, esc, out

// PACK8 writes at DI the bytes of the group g of eight of the block at SI
// that the byte g of keep (at keep-8(SP)) has, packed with the shuffle
// packShuffles has for them (R9), with a store of eight bytes, and moves
// DI past them. It clobbers R12, X2 and X3.
#define PACK8(g) \
	MOVBQZX keep-8+g(SP), R12; \
	VMOVQ   (8*g)(SI), X2;     \
	VMOVQ   (R9)(R12*8), X3;   \
	VPSHUFB X3, X2, X2;        \
	VMOVQ   X2, (DI);          \
	POPCNTL R12, R12;          \
	ADDQ    R12, DI

// func stripRun256(dst, src []byte, v *vecTables, shuffles *[256]uint64) (nDst, nSrc int)
//
// stripRunGo (striprun.go) with AVX2. Registers: SI the block, DI where
// its bytes go, R10 how many of its first bytes the last sequence of the
// block before took; R13, R14 and R15 the [, parameter bytes and final
// bytes of the block, CX, R8 and DX those of the block after it, worked
// out once and kept for the next round. Y7–Y15 hold the constants.
TEXT ·stripRun256(SB), NOSPLIT, $32-80
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), R11
	ADDQ         DI, R11
	MOVQ         R11, dstEnd-16(SP)
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), R11
	ADDQ         SI, R11
	MOVQ         R11, srcEnd-24(SP)
	MOVQ         v+48(FP), DX
	MOVQ         shuffles+56(FP), R9
	VMOVDQU      vecTables_nibble(DX), Y14
	VMOVDQU      vecTables_hi(DX), Y13
	VMOVDQU      vecTables_escLo(DX), Y12
	MOVL         $0x1B, R11
	VMOVQ        R11, X15
	VPBROADCASTB X15, Y15
	MOVL         $0x5B, R11 // [
	VMOVQ        R11, X11
	VPBROADCASTB X11, Y11
	MOVL         $0xF0, R11
	VMOVQ        R11, X10
	VPBROADCASTB X10, Y10
	MOVL         $0x30, R11
	VMOVQ        R11, X9
	VPBROADCASTB X9, Y9
	MOVL         $0x3F, R11
	VMOVQ        R11, X8
	VPBROADCASTB X8, Y8
	MOVL         $0x7F, R11
	VMOVQ        R11, X7
	VPBROADCASTB X7, Y7
	XORL         R10, R10
	LEAQ         128(SI), R11
	CMPQ         R11, srcEnd-24(SP)
	JHI          done
	CLASSES(0, R13, R14, R15)

block:
	LEAQ         128(SI), R11
	CMPQ         R11, srcEnd-24(SP)
	JHI          done
	LEAQ         128(DI), R11
	CMPQ         R11, dstEnd-16(SP)
	JHI          done
	// The block: ASCII, and no flag but ESCs (AX).
	VMOVDQU      (SI), Y0
	VMOVDQU      32(SI), Y1
	VPOR         Y0, Y1, Y2
	VPMOVMSKB    Y2, R11
	TESTL        R11, R11
	JNZ          done
	ESCAPED_BUT(Y0, Y2, Y4, Y3)
	ESCAPED_BUT(Y1, Y2, Y5, Y6)
	VPOR         Y3, Y6, Y3
	VPTEST       Y3, Y3
	JNZ          done
	MASK64(Y4, Y5, AX, R11)
	CLASSES(64, CX, R8, DX)
	// A [ after each ESC, the next block's first byte after its last.
	MOVQ         R13, R11
	SHRQ         $1, R11
	MOVQ         CX, R12
	SHLQ         $63, R12
	ORQ          R12, R11
	ANDNQ        AX, R11, R11
	JNZ          done
	// The carry runs through the parameters of each sequence and stops
	// on the byte after them, across the two blocks, which must be a
	// final byte (csiEnds): R11 the ends in the block, R12 in the next.
	LEAQ         (AX*4), R11
	MOVQ         AX, R12
	SHRQ         $62, R12
	ADDQ         R14, R11
	ADCQ         R8, R12
	JCS          done
	ANDNQ        R11, R14, R11
	ANDNQ        R12, R8, R12
	ANDNQ        R11, R15, BX
	JNZ          done
	ANDNQ        R12, DX, BX
	JNZ          done
	// How many bytes of the next block the last sequence takes.
	XORL         BX, BX
	TZCNTQ       R12, R13
	INCQ         R13
	TESTQ        R12, R12
	CMOVQNE      R13, BX
	// The bytes of the block outside the sequences, from each ESC to its
	// final byte (the difference borrows for one that runs past the
	// block), but those of the block before's.
	SHLQ         $1, R11
	SUBQ         AX, R11
	NOTQ         R11
	MOVQ         $-1, R12
	BZHIQ        R10, R12, R12
	ANDNQ        R11, R12, R11
	MOVQ         R11, keep-8(SP)
	MOVQ         BX, R10
	PACK8(0)
	PACK8(1)
	PACK8(2)
	PACK8(3)
	PACK8(4)
	PACK8(5)
	PACK8(6)
	PACK8(7)
	ADDQ         $64, SI
	MOVQ         CX, R13
	MOVQ         R8, R14
	MOVQ         DX, R15
	JMP          block

done:
	ADDQ         R10, SI
	SUBQ         src_base+24(FP), SI
	SUBQ         dst_base+0(FP), DI
	MOVQ         DI, nDst+64(FP)
	MOVQ         SI, nSrc+72(FP)
	VZEROUPPER
	RET
