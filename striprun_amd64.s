//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec256_amd64.h"

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

// BOTH sets out and outN to the bytes equal to c of the block (Y0, Y1) and
// of the next (Y2, Y3). It clobbers R11 and Y4–Y6.
#define BOTH(c, out, outN) \
	MOVL         c, R11;       \
	VMOVQ        R11, X6;      \
	VPBROADCASTB X6, Y6;       \
	VPCMPEQB     Y6, Y0, Y4;   \
	VPCMPEQB     Y6, Y1, Y5;   \
	MASK64(Y4, Y5, out, R11);  \
	VPCMPEQB     Y6, Y2, Y4;   \
	VPCMPEQB     Y6, Y3, Y5;   \
	MASK64(Y4, Y5, outN, R11)

// func stripRun256(dst, src []byte, v *vecTables, shuffles *[256]uint64) (nDst, nSrc int)
//
// stripRunGo (striprun.go) with AVX2. Registers: SI the block, DI where
// its bytes go, R10 how many of its first bytes the last sequence of the
// block before took; R13, R14 and R15 the [, parameter bytes and final
// bytes of the block, CX, R8 and DX those of the block after it, worked
// out once and kept for the next round. Y7–Y15 hold the constants.
TEXT ·stripRun256(SB), NOSPLIT, $144-80
	RUN_ENDS(dstEnd-16, srcEnd-24)
	MOVQ         v+48(FP), DX
	MOVQ         shuffles+56(FP), R9
	RUN_CONSTS
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
	MASK64(Y4, Y5, AX, R11)
	VPOR         Y3, Y6, Y3
	VPTEST       Y3, Y3
	JNZ          flagged
	CLASSES(64, CX, R8, DX)
	// A [ after each ESC, the next block's first byte after its last.
	MOVQ         R13, R11
	SHRQ         $1, R11
	MOVQ         CX, R12
	SHLQ         $63, R12
	ORQ          R12, R11
	ANDNQ        AX, R11, R11
	JNZ          osc
	// The carry runs through the parameters of each sequence and stops
	// on the byte after them, across the two blocks, which must be a
	// final byte (csiEnds): R11 the ends in the block, R12 in the next.
	LEAQ         (AX*4), R11
	MOVQ         AX, R12
	SHRQ         $62, R12
	ADDQ         R14, R11
	ADCQ         R8, R12
	JCS          osc
	ANDNQ        R11, R14, R11
	ANDNQ        R12, R8, R12
	ANDNQ        R11, R15, BX
	JNZ          osc
	ANDNQ        R12, DX, BX
	JNZ          osc
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

kept:
	// R11 the bytes kept, BX how many of the next block to skip.
	MOVQ         $-1, R12
	BZHIQ        R10, R12, R12
	ANDNQ        R11, R12, R11
	MOVQ         R11, keep-8(SP)
	MOVQ         BX, R10
	PACK64(keep-8, R9)
	ADDQ         $64, SI
	MOVQ         CX, R13
	MOVQ         R8, R14
	MOVQ         DX, R15
	JMP          block

flagged:
	CLASSES(64, CX, R8, DX)

osc:
	// Not every flag an ESC that starts a CSI sequence of the plain form:
	// OSC sequences too, as acrossOSCs has them, the block in Y0 and Y1,
	// the next in Y2 and Y3, what does not fit in registers in locals. AX
	// holds the ESCs of the block; those after the bytes to skip, escs.
	VMOVDQU      (SI), Y0
	VMOVDQU      32(SI), Y1
	VMOVDQU      64(SI), Y2
	VMOVDQU      96(SI), Y3
	MOVQ         $-1, R11
	BZHIQ        R10, R11, R11
	NOTQ         R11
	MOVQ         R11, live-32(SP)
	ANDQ         R11, AX
	MOVQ         AX, escs-40(SP)
	VPCMPEQB     Y15, Y2, Y4
	VPCMPEQB     Y15, Y3, Y5
	MASK64(Y4, Y5, BX, R11)
	MOVQ         BX, escsN-48(SP) // the ESCs of the next block
	BOTH($0x5D, BX, R12)
	SHRQ         $1, BX
	SHLQ         $63, R12
	ORQ          R12, BX
	ANDQ         AX, BX
	MOVQ         BX, osc-56(SP) // ESC ]
	BOTH($0x5C, BX, R12)
	MOVQ         R12, R11
	SHRQ         $1, R11
	ANDQ         escsN-48(SP), R11
	MOVQ         R11, stN-72(SP) // ESC \ in the next block
	SHRQ         $1, BX
	SHLQ         $63, R12
	ORQ          R12, BX
	ANDQ         AX, BX
	MOVQ         BX, st-64(SP) // ESC \
	MOVQ         R13, R11
	SHRQ         $1, R11
	MOVQ         CX, R12
	SHLQ         $63, R12
	ORQ          R12, R11
	ANDQ         AX, R11
	MOVQ         R11, csi-80(SP) // ESC [
	ORQ          osc-56(SP), R11
	ORQ          BX, R11
	ANDNQ        AX, R11, R11
	JNZ          done // an ESC that starts none of those
	// The end of each OSC sequence, its first terminator, BEL or the \
	// of an ST: adding its ESC to the bytes that are none carries up to
	// there, across the two blocks. Where one starts in another, their
	// carries meet, and an end is missing.
	BOTH($0x07, BX, R12)
	ANDQ         live-32(SP), BX
	MOVQ         BX, bels-88(SP)
	MOVQ         st-64(SP), R11
	SHLQ         $1, R11
	ORQ          R11, BX
	MOVQ         BX, term-96(SP) // the terminators
	MOVQ         stN-72(SP), R11
	SHLQ         $1, R11
	ORQ          R11, R12
	MOVQ         st-64(SP), R11
	SHRQ         $63, R11
	ORQ          R11, R12
	MOVQ         R12, termN-104(SP) // those of the next block
	NOTQ         BX
	ADDQ         osc-56(SP), BX
	NOTQ         R12
	ADCQ         $0, R12
	JCS          done // one runs past the next block
	ANDQ         term-96(SP), BX
	ANDQ         termN-104(SP), R12
	MOVQ         BX, ends-112(SP)
	MOVQ         R12, endsN-120(SP)
	POPCNTQ      BX, R11
	POPCNTQ      R12, R12
	ADDQ         R12, R11
	POPCNTQ      osc-56(SP), R12
	CMPQ         R11, R12
	JNE          done
	MOVQ         BX, R11
	SHRQ         $1, R11
	MOVQ         endsN-120(SP), R12
	SHLQ         $63, R12
	ORQ          R12, R11
	MOVQ         st-64(SP), R12
	ANDNQ        R12, R11, R12
	JNZ          done // an ST that ends none
	// No flag but those ESCs and the BELs that end one.
	ESCAPED_BUT(Y0, Y4, Y6, Y5)
	VPXOR        Y6, Y6, Y6
	VPCMPEQB     Y6, Y5, Y5
	VPMOVMSKB    Y5, R11
	ESCAPED_BUT(Y1, Y4, Y6, Y5)
	VPXOR        Y6, Y6, Y6
	VPCMPEQB     Y6, Y5, Y5
	VPMOVMSKB    Y5, R12
	SHLQ         $32, R12
	ORQ          R12, R11
	NOTQ         R11
	ANDQ         live-32(SP), R11
	MOVQ         bels-88(SP), R12
	ANDQ         BX, R12
	ANDNQ        R11, R12, R11
	JNZ          done
	// The bytes of the OSC sequences, from each ESC to its end (spans),
	// with no control among them but those.
	MOVQ         endsN-120(SP), R12
	SHLQ         $1, R12
	MOVQ         BX, R11
	SHRQ         $63, R11
	ORQ          R11, R12
	MOVQ         BX, R11
	SHLQ         $1, R11
	SUBQ         osc-56(SP), R11
	SBBQ         $0, R12
	MOVQ         R11, oscs-128(SP)
	MOVQ         R12, oscsN-136(SP)
	MOVL         $0x1F, R11
	VMOVQ        R11, X6
	VPBROADCASTB X6, Y6
	VPMINUB      Y6, Y0, Y4
	VPCMPEQB     Y4, Y0, Y4
	VPMINUB      Y6, Y1, Y5
	VPCMPEQB     Y5, Y1, Y5
	MASK64(Y4, Y5, R11, R12) // the controls
	MOVQ         osc-56(SP), R12
	ORQ          st-64(SP), R12
	ORQ          BX, R12
	ANDNQ        R11, R12, R11
	ANDQ         oscs-128(SP), R11
	JNZ          done // another control in one
	VPMINUB      Y6, Y2, Y4
	VPCMPEQB     Y4, Y2, Y4
	VPMINUB      Y6, Y3, Y5
	VPCMPEQB     Y5, Y3, Y5
	MASK64(Y4, Y5, R11, R12)
	MOVQ         endsN-120(SP), R12
	ORQ          stN-72(SP), R12
	ANDNQ        R11, R12, R11
	ANDQ         oscsN-136(SP), R11
	JNZ          done
	// The CSI sequences, as in the block loop, none of them in one.
	MOVQ         csi-80(SP), R11
	LEAQ         (R11*4), BX
	SHRQ         $62, R11
	ADDQ         R14, BX
	ADCQ         R8, R11
	JCS          done
	ANDNQ        BX, R14, BX
	ANDNQ        R11, R8, R11
	ANDNQ        BX, R15, R12
	JNZ          done
	ANDNQ        R11, DX, R12
	JNZ          done
	MOVQ         BX, AX
	SHRQ         $63, AX
	SHLQ         $1, R11
	ORQ          AX, R11
	SHLQ         $1, BX
	SUBQ         csi-80(SP), BX
	SBBQ         $0, R11 // their bytes
	MOVQ         oscs-128(SP), R12
	ANDQ         BX, R12
	JNZ          done
	MOVQ         oscsN-136(SP), R12
	ANDQ         R11, R12
	JNZ          done
	// How many bytes of the next block the last takes, which must be
	// ASCII; what is kept of the block.
	ORQ          oscsN-136(SP), R11
	LZCNTQ       R11, R12
	MOVL         $64, AX
	SUBQ         R12, AX
	VPMOVMSKB    Y2, R11
	VPMOVMSKB    Y3, R12
	SHLQ         $32, R12
	ORQ          R12, R11
	BZHIQ        AX, R11, R11
	JNZ          done
	ORQ          oscs-128(SP), BX
	NOTQ         BX
	MOVQ         BX, R11
	MOVQ         AX, BX
	JMP          kept

done:
	ADDQ         R10, SI
	SUBQ         src_base+24(FP), SI
	SUBQ         dst_base+0(FP), DI
	MOVQ         DI, nDst+64(FP)
	MOVQ         SI, nSrc+72(FP)
	VZEROUPPER
	RET
