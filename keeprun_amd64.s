//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec_amd64.h"
#include "vec256_amd64.h"

// EQUAL64 sets out to the bytes of the block (Y0, Y1) equal to those of
// the vector c. It clobbers t, Y2 and Y3.
#define EQUAL64(c, out, t) \
	VPCMPEQB c, Y0, Y2; \
	VPCMPEQB c, Y1, Y3; \
	MASK64(Y2, Y3, out, t)

// COPY64_FROM copies the 64 bytes at SI+from to DI, with two stores of
// 32 bytes: the bytes before the next escape, and what is past them,
// which the escape or the next copy overwrites. It clobbers Y2 and Y3.
#define COPY64_FROM(from) \
	VMOVDQU (SI)(from*1), Y2;   \
	VMOVDQU 32(SI)(from*1), Y3; \
	VMOVDQU Y2, (DI);           \
	VMOVDQU Y3, 32(DI)

// ESCAPE_TEXT sets r, which holds a flagged ASCII byte, to its escape, as
// keepsEscape has it: escESC for an ESC (nil where there is none), else
// the entry of the table esc. It clobbers t.
#define ESCAPE_TEXT(r, t) \
	MOVQ    r, t;          \
	SHLQ    $4, r;         \
	ADDQ    esc+72(FP), r; \
	CMPL    t, $0x1B;      \
	CMOVQEQ escESC+80(FP), r

// func keepRun256(dst, src []byte, v *vecTables, consts *[10][32]byte, shuffles *[256]uint64, esc *escapeTable, escESC *escapeText, mode, on uint64) (nDst, nSrc int, colored uint64)
//
// keepRunGo (keeprun.go) with AVX2: each step is the block of 64 bytes at
// SI, in Y0 and Y1, or its bytes before CX (R15 has them), and goes to DI
// whole, or under StripSequences without its OSC sequences (drop),
// packed as stripRun256 packs. R10 says whether attributes are on; R9
// holds keepConsts (m, 0, 8, line feed, B, keepsBad, ], \, BEL, 1F at 0,
// 32, …, 288), Y15, Y11, Y10 and Y9 ESC, [, F0 and 30, Y12–Y14 the
// escapes (ESCAPED).
TEXT ·keepRun256(SB), NOSPLIT, $112-128
	RUN_ENDS(dstEnd-16, srcEnd-8)
	MOVQ         mode+88(FP), R11
	MOVQ         R11, mode-24(SP)
	MOVQ         on+96(FP), R10
	MOVQ         consts+56(FP), R9
	MOVQ         v+48(FP), DX
	RUN_CONSTS

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
	// Under StripSequences, so does an OSC sequence that does not end
	// in the block, at its ESC.
	TESTQ        $const_kernelStrip, mode-24(SP)
	JZ           cut
	EQUAL64(192(R9), R11, R12)
	SHRQ         $1, R11
	ANDQ         AX, R11 // ESC ]
	JZ           cut
	LZCNTQ       R11, R11
	MOVL         $63, R13
	SUBQ         R11, R13 // the last
	EQUAL64(224(R9), R11, R12)
	SHRQ         $1, R11
	ANDQ         AX, R11
	SHLQ         $1, R11 // the \ of an ST
	EQUAL64(256(R9), R12, R14)
	ORQ          R12, R11 // the terminators
	LEAQ         1(R13), R12
	MOVQ         $-1, R14
	BZHIQ        R12, R14, R14
	ANDNQ        R11, R14, R11
	JNZ          cut
	CMPQ         R13, CX
	CMOVQLT      R13, CX

cut:
	TESTQ        CX, CX
	JLE          done
	MOVQ         $-1, R15
	BZHIQ        CX, R15, R15
	MOVQ         $0, drop-32(SP)
	MOVQ         $0, others-80(SP)
	MOVQ         AX, escs-48(SP)
	// No flag before the end but ESCs.
	ESCAPED_BUT(Y0, Y2, Y4, Y3)
	ESCAPED_BUT(Y1, Y2, Y5, Y6)
	VPXOR        Y4, Y4, Y4
	VPCMPEQB     Y4, Y3, Y3
	VPCMPEQB     Y4, Y6, Y6
	MASK64(Y3, Y6, R11, R12)
	ANDNQ        R15, R11, R11
	MOVQ         R11, flags-40(SP)
	JNZ          fail
	// Each ESC before the end starts ESC [ at 61 at the latest, and the
	// carry through its parameters stops on the byte after them, which
	// is m (plainCSIs): R13 the final bytes, R14 the parameters the carry
	// went through.
	ANDQ         R15, AX

csis:
	// AX: the ESCs that must start SGR sequences.
	MOVQ         AX, R11
	SHRQ         $62, R11
	JNZ          fail
	EQUAL64(Y11, R11, R12)
	SHRQ         $1, R11
	ANDNQ        AX, R11, R11
	JNZ          fail
	LEAQ         (AX*4), R12
	ADDQ         BX, R12
	JCS          fail
	ANDNQ        R12, BX, R13
	ANDNQ        BX, R12, R14
	EQUAL64(0(R9), R11, R12)
	ANDNQ        R13, R11, R11
	JNZ          fail
	LEAQ         (R13*2), R11
	SUBQ         AX, R11
	ANDQ         drop-32(SP), R11
	JNZ          fail // one in an OSC sequence
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
	JNZ          fail
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
	JNZ          fail // conceal
	ANDNQ        R14, R8, R11
	ORQ          AX, R11
	LEAQ         (AX*2), DX
	ORQ          DX, R11
	LEAQ         (AX)(R11*1), DX
	ANDNQ        DX, R11, DX
	ANDNQ        R12, DX, DX
	JNZ          fail
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
	JNZ          fail

colored:
	SHRQ         $63, R11
	ORQ          R12, R11
	MOVQ         R11, R10

store:
	MOVQ         drop-32(SP), R11
	TESTQ        R11, R11
	JNZ          pack
	MOVQ         others-80(SP), R11
	TESTQ        R11, R11
	JNZ          escape
	VMOVDQU      Y0, (DI)
	VMOVDQU      Y1, 32(DI)
	ADDQ         CX, SI
	ADDQ         CX, DI
	JMP          step

pack:
	// What is kept of the step, without its OSC sequences.
	ANDNQ        R15, R11, R11
	MOVQ         R11, keep-72(SP)
	MOVQ         shuffles+64(FP), DX
	PACK64(keep-72, DX)
	ADDQ         CX, SI
	JMP          step

fail:
	// The step is not all SGR sequences that keepsBlock takes: under
	// StripSequences, once more with its OSC sequences dropped
	// (keepsStepOSCs), each from ESC ] to its first BEL or ST in the step
	// with no other control inside; every other ESC must start an SGR
	// sequence, none inside one of those, and every flag be one of those
	// ESCs or a BEL that ends one.
	CMPQ         drop-32(SP), $0
	JNE          done // tried
	TESTQ        $const_kernelStrip, mode-24(SP)
	JZ           escapes
	MOVQ         escs-48(SP), AX
	ANDQ         R15, AX
	EQUAL64(192(R9), R11, R12)
	SHRQ         $1, R11
	ANDQ         AX, R11
	JZ           done
	MOVQ         R11, osc-56(SP) // ESC ]
	EQUAL64(224(R9), R12, R13)
	SHRQ         $1, R12
	ANDQ         AX, R12
	MOVQ         R12, st-64(SP) // ESC \
	MOVQ         R11, R13
	ORQ          R12, R13
	ANDNQ        AX, R13, AX // the others
	EQUAL64(256(R9), R13, R14)
	SHLQ         $1, R12
	ORQ          R12, R13
	ANDQ         R15, R13 // the terminators
	MOVQ         R13, R12
	NOTQ         R12
	ADDQ         R11, R12
	JCS          done
	ANDQ         R13, R12 // the ends
	POPCNTQ      R12, R13
	POPCNTQ      R11, R14
	CMPQ         R13, R14
	JNE          done
	MOVQ         R12, R13
	SHRQ         $1, R13
	MOVQ         st-64(SP), R14
	ANDNQ        R14, R13, R14
	JNZ          done // an ST that ends none
	MOVQ         st-64(SP), R13
	ORQ          R11, R13
	ORQ          AX, R13
	ORQ          R12, R13 // known
	MOVQ         flags-40(SP), R14
	ANDNQ        R14, R13, R14
	JNZ          done // another flag
	SHLQ         $1, R12
	SUBQ         R11, R12 // their bytes
	MOVQ         R12, drop-32(SP)
	VMOVDQU      288(R9), Y4
	VPMINUB      Y4, Y0, Y2
	VPCMPEQB     Y2, Y0, Y2
	VPMINUB      Y4, Y1, Y3
	VPCMPEQB     Y3, Y1, Y3
	MASK64(Y2, Y3, R11, R14) // the controls
	ANDQ         R12, R11
	ANDNQ        R11, R13, R11
	JNZ          done // another control in one
	JMP          csis

escapes:
	// Under KeepColors alone, once more with every flag but the ESCs that
	// [ follows escaped (keepsStepEscapes), each of which has an escape,
	// where src holds 128 bytes and dst 128 and seven more for each.
	CMPQ         others-80(SP), $0
	JNE          done // tried
	MOVQ         escs-48(SP), AX
	ANDQ         R15, AX
	EQUAL64(Y11, R11, R12)
	SHRQ         $1, R11
	ANDQ         AX, R11 // the ESCs that [ follows
	MOVQ         flags-40(SP), R12
	ORQ          AX, R12
	ANDNQ        R12, R11, R12 // the others
	JZ           done
	MOVQ         R12, others-80(SP)
	LEAQ         128(SI), R13
	CMPQ         R13, srcEnd-8(SP)
	JHI          done
	POPCNTQ      R12, R13
	LEAQ         (R13*8), R14
	SUBQ         R13, R14
	LEAQ         128(DI)(R14*1), R14
	CMPQ         R14, dstEnd-16(SP)
	JHI          done
	MOVQ         R12, R13

escapesEach:
	TZCNTQ       R13, R14
	MOVBLZX      (SI)(R14*1), R8
	ESCAPE_TEXT(R8, R14)
	TESTQ        R8, R8
	JZ           done
	CMPB         escapeText_n(R8), $0
	JEQ          done // no escape
	LEAQ         -1(R13), R14
	ANDQ         R14, R13
	JNZ          escapesEach
	MOVQ         R11, AX
	JMP          csis

escape:
	// The step with its other flags escaped: the bytes before each, 64
	// bytes stored whole as the next piece overwrites what is past them,
	// then its escape (WRITE_ESCAPE).
	XORL         R12, R12 // from

escapeEach:
	TZCNTQ       R11, R13 // at
	COPY64_FROM(R12)
	ADDQ         R13, DI
	SUBQ         R12, DI
	MOVBLZX      (SI)(R13*1), AX
	ESCAPE_TEXT(AX, R14)
	MOVBLZX      escapeText_n(AX), R14
	MOVQ         R14, DX
	WRITE_ESCAPE(R14, R8)
	ADDQ         DX, DI
	LEAQ         1(R13), R12
	LEAQ         -1(R11), R14
	ANDQ         R14, R11
	JNZ          escapeEach
	COPY64_FROM(R12)
	ADDQ         CX, DI
	SUBQ         R12, DI
	ADDQ         CX, SI
	JMP          step

done:
	SUBQ         src_base+24(FP), SI
	SUBQ         dst_base+0(FP), DI
	MOVQ         DI, nDst+104(FP)
	MOVQ         SI, nSrc+112(FP)
	MOVQ         R10, colored+120(FP)
	VZEROUPPER
	RET
