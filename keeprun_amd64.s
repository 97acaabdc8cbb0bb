//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec256_amd64.h"

// EQUAL64 sets out to the bytes of the block (Y0, Y1) equal to those of
// the vector c. It clobbers t, Y2 and Y3.
#define EQUAL64(c, out, t) \
	VPCMPEQB c, Y0, Y2; \
	VPCMPEQB c, Y1, Y3; \
	MASK64(Y2, Y3, out, t)

// func keepRun256(dst, src []byte, v *vecTables, consts *[6][32]byte, mode, on uint64) (nDst, nSrc int, colored uint64)
//
// keepRunGo (keeprun.go) with AVX2: each step is the block of 64 bytes at
// SI, in Y0 and Y1, or its bytes before CX, and goes to DI whole. R10
// says whether attributes are on; R9 holds keepConsts (m, 0, 8, line
// feed, B, keepsBad at 0, 32, …, 160), Y15, Y11, Y10 and Y9 ESC, [, F0
// and 30, Y12–Y14 the escapes (ESCAPED).
TEXT ·keepRun256(SB), NOSPLIT, $24-104
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), R11
	ADDQ         DI, R11
	MOVQ         R11, dstEnd-16(SP)
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), R11
	ADDQ         SI, R11
	MOVQ         R11, srcEnd-8(SP)
	MOVQ         mode+64(FP), R11
	MOVQ         R11, mode-24(SP)
	MOVQ         on+72(FP), R10
	MOVQ         consts+56(FP), R9
	MOVQ         v+48(FP), DX
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

step:
	LEAQ         64(SI), R11
	CMPQ         R11, srcEnd-8(SP)
	JHI          done
	LEAQ         128(DI), R11
	CMPQ         R11, dstEnd-16(SP)
	JHI          done
	VMOVDQU      (SI), Y0
	VMOVDQU      32(SI), Y1
	VPOR         Y0, Y1, Y2
	VPMOVMSKB    Y2, R11
	TESTL        R11, R11
	JNZ          done
	// The ESCs (AX) and the parameter bytes (BX).
	EQUAL64(Y15, AX, R11)
	VPAND        Y10, Y0, Y2
	VPAND        Y10, Y1, Y3
	VPCMPEQB     Y9, Y2, Y2
	VPCMPEQB     Y9, Y3, Y3
	MASK64(Y2, Y3, BX, R11)
	// The step ends at 64 (CX), or where the last sequence runs past the
	// block, at its ESC: its ESC at 62 or 63, or the carry through its
	// parameters running out. R15 gets the bytes before the end.
	MOVL         $64, CX
	LEAQ         (AX*4), R11
	ADDQ         BX, R11
	SBBQ         R12, R12
	MOVQ         AX, R13
	SHRQ         $62, R13
	ORQ          R13, R12
	LZCNTQ       AX, R13
	MOVL         $63, R14
	SUBQ         R13, R14
	TESTQ        R12, R12
	CMOVQNE      R14, CX
	TESTQ        CX, CX
	JLE          done
	MOVQ         $-1, R15
	BZHIQ        CX, R15, R15
	// No flag before the end but ESCs.
	ESCAPED_BUT(Y0, Y2, Y4, Y3)
	ESCAPED_BUT(Y1, Y2, Y5, Y6)
	VPXOR        Y4, Y4, Y4
	VPCMPEQB     Y4, Y3, Y3
	VPCMPEQB     Y4, Y6, Y6
	MASK64(Y3, Y6, R11, R12)
	ANDNQ        R15, R11, R11
	JNZ          done
	// Each ESC before the end starts ESC [ at 61 at the latest, and the
	// carry through its parameters stops on the byte after them, which
	// is m (plainCSIs): R13 the final bytes, R14 the parameters the carry
	// went through.
	ANDQ         R15, AX
	MOVQ         AX, R11
	SHRQ         $62, R11
	JNZ          done
	EQUAL64(Y11, R11, R12)
	SHRQ         $1, R11
	ANDNQ        AX, R11, R11
	JNZ          done
	LEAQ         (AX*4), R12
	ADDQ         BX, R12
	JCS          done
	ANDNQ        R12, BX, R13
	ANDNQ        BX, R12, R14
	EQUAL64(0(R9), R11, R12)
	ANDNQ        R13, R11, R11
	JNZ          done
	// No :, < = > ? among the parameters (keepsBad); DX the bytes whose
	// low half is B, [ and ; among them.
	VPAND        Y14, Y0, Y2
	VPAND        Y14, Y1, Y5
	VPCMPEQB     128(R9), Y2, Y4
	VPCMPEQB     128(R9), Y5, Y6
	VMOVDQU      160(R9), Y3
	VPSHUFB      Y2, Y3, Y2
	VPSHUFB      Y5, Y3, Y5
	MASK64(Y2, Y5, R11, R12)
	ANDQ         R14, R11
	JNZ          done
	MASK64(Y4, Y6, DX, R12)
	// Where the carry through the zeros after each [ or ; stops (R11):
	// on a final byte, a reset (R12); on an 8 that ends a parameter,
	// conceal. And a reset in a sequence with an 8, which may be a colour
	// argument, is left to sgr: the carry from each ESC through its bytes
	// but its 8s must stop on its final byte (keepsBlock).
	EQUAL64(32(R9), R8, R11)
	LEAQ         (DX*2), R11
	ADDQ         R8, R11
	ANDNQ        R11, R8, R11
	MOVQ         R13, R12
	ANDQ         R11, R12
	EQUAL64(64(R9), R8, BX)
	ANDQ         R14, R8 // the 8s among the parameters
	ANDNQ        R14, DX, DX
	SHRQ         $1, DX
	ANDQ         R8, R11
	ANDNQ        R11, DX, R11
	JNZ          done // conceal
	ANDNQ        R14, R8, R11
	ORQ          AX, R11
	LEAQ         (AX*2), DX
	ORQ          DX, R11
	LEAQ         (AX)(R11*1), DX
	ANDNQ        DX, R11, DX
	ANDNQ        R12, DX, DX
	JNZ          done
	// The bytes with attributes on, from after each sequence that leaves
	// them on, or the step's start if they are, up to the next final
	// byte: no line feed among them where line feeds pass raw.
	TESTQ        $const_kernelColors, mode-24(SP)
	JZ           store
	ANDNQ        R13, R12, R11 // the finals that leave them on
	MOVQ         R13, DX
	NOTQ         DX
	LEAQ         (R10)(R11*2), R8
	ADDQ         DX, R8
	SBBQ         R12, R12
	NEGQ         R12
	XORQ         DX, R8
	ANDQ         DX, R8
	TESTQ        $const_kernelLineFeed, mode-24(SP)
	JZ           colored
	EQUAL64(96(R9), R13, BX)
	ANDQ         R8, R13
	ANDQ         R15, R13
	JNZ          done

colored:
	SHRQ         $63, R11
	ORQ          R12, R11
	MOVQ         R11, R10

store:
	VMOVDQU      Y0, (DI)
	VMOVDQU      Y1, 32(DI)
	ADDQ         CX, SI
	ADDQ         CX, DI
	JMP          step

done:
	SUBQ         src_base+24(FP), SI
	SUBQ         dst_base+0(FP), DI
	MOVQ         DI, nDst+80(FP)
	MOVQ         SI, nSrc+88(FP)
	MOVQ         R10, colored+96(FP)
	VZEROUPPER
	RET
