//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// ESCAPED sets out nonzero in the bytes of x, all ASCII, that are escaped:
// escLo and hi say so for the low and the high half of each byte. It uses
// Y12–Y14 and clobbers t.
#define ESCAPED(x, t, out) \
	VPSRLW  $4, x, t;   \
	VPAND   Y14, t, t;  \
	VPSHUFB t, Y13, t;  \
	VPSHUFB x, Y12, out; \
	VPAND   t, out, out

// CHECK sets Y2 nonzero in the bytes of the block Y0 that are ill-formed
// (Keiser–Lemire), C1 controls, escaped ASCII bytes or the lead bytes of
// other escaped characters. Y15 is the block before. It uses Y8–Y14 and
// the tables at DX, and clobbers Y1 and Y3–Y6.
#define CHECK \
	/* The bytes one, two and three places back, across the blocks. */ \
	VPERM2I128 $0x21, Y0, Y15, Y1; \
	VPALIGNR   $15, Y1, Y0, Y2;    \
	VPALIGNR   $14, Y1, Y0, Y3;    \
	VPALIGNR   $13, Y1, Y0, Y4;    \
	/* Keiser–Lemire: errors in pairs of bytes ... */ \
	VPSRLW  $4, Y2, Y5;    \
	VPAND   Y14, Y5, Y5;   \
	VPSHUFB Y5, Y10, Y5;   \
	VPAND   Y14, Y2, Y6;   \
	VPSHUFB Y6, Y9, Y6;    \
	VPAND   Y6, Y5, Y5;    \
	VPSRLW  $4, Y0, Y1;    \
	VPAND   Y14, Y1, Y1;   \
	VPSHUFB Y1, Y8, Y6;    \
	VPAND   Y6, Y5, Y5;    \
	/* ... and whether a third or fourth byte must be a continuation. */ \
	VPSUBUSB vecTables_third(DX), Y3, Y3;  \
	VPSUBUSB vecTables_fourth(DX), Y4, Y4; \
	VPOR     Y4, Y3, Y3;                   \
	VPAND    vecTables_bit7(DX), Y3, Y3;   \
	VPXOR    Y5, Y3, Y3;                   \
	/* C1 controls: C2 then 80–9F. */ \
	VPCMPEQB vecTables_c1Lead(DX), Y2, Y4; \
	VPMINUB  vecTables_c1Max(DX), Y0, Y5;  \
	VPCMPEQB Y0, Y5, Y5;                   \
	VPAND    Y5, Y4, Y4;                   \
	VPOR     Y4, Y3, Y3;                   \
	/* Escaped ASCII bytes and lead bytes: Y1 holds the high halves. */ \
	VPSHUFB Y1, Y13, Y1;                 \
	VPSHUFB Y0, Y12, Y2;                 \
	VPXOR   vecTables_bit7(DX), Y0, Y5;  \
	VPSHUFB Y5, Y11, Y5;                 \
	VPOR    Y5, Y2, Y2;                  \
	VPAND   Y1, Y2, Y2;                  \
	VPOR    Y3, Y2, Y2

// LOAD_TABLES loads the tables used on every block.
#define LOAD_TABLES \
	VMOVDQU vecTables_nibble(DX), Y14;    \
	VMOVDQU vecTables_hi(DX), Y13;        \
	VMOVDQU vecTables_escLo(DX), Y12;     \
	VMOVDQU vecTables_leadLo(DX), Y11;    \
	VMOVDQU vecTables_byte1High(DX), Y10; \
	VMOVDQU vecTables_byte1Low(DX), Y9;   \
	VMOVDQU vecTables_byte2High(DX), Y8

// func vecScan(p []byte, v *vecTables) int
//
// Registers: SI p, CX len(p), DX v, AX the block being checked.
// Y15 holds the block before it (zeros before the first: as if after
// ASCII), Y8–Y14 the tables used on every block.
TEXT ·vecScan(SB), NOSPLIT, $0-40
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ v+24(FP), DX
	XORQ AX, AX
	CMPQ CX, $32
	JB   short

	LOAD_TABLES
	VPXOR   Y15, Y15, Y15
	MOVQ    vecTables_escapes(DX), R9
	MOVQ    CX, R10
	SUBQ    $128, R10 // the last offset four whole blocks start at
	MOVQ    CX, R8
	SUBQ    $64, R8   // two
	SUBQ    $32, CX   // one

loop:
	// ASCII text goes 128 bytes at a time, once the block before leaves
	// no character open: only escaped bytes can be wrong in it. Where
	// one is, the loops below find which.
	CMPQ     AX, R10
	JG       loop64
	VPSUBUSB vecTables_open(DX), Y15, Y3
	VPTEST   Y3, Y3
	JNZ      loop64

ascii4:
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   32(SI)(AX*1), Y1
	VMOVDQU   64(SI)(AX*1), Y2
	VMOVDQU   96(SI)(AX*1), Y3
	VPOR      Y0, Y1, Y4
	VPOR      Y2, Y3, Y5
	VPOR      Y4, Y5, Y4
	VPMOVMSKB Y4, BX
	TESTL     BX, BX
	JNZ       loop64
	TESTQ     R9, R9
	JZ        next4
	// Each block's escaped bytes replace the block: Y3 is reloaded as
	// the block before the next.
	ESCAPED(Y0, Y4, Y0)
	ESCAPED(Y1, Y4, Y1)
	ESCAPED(Y2, Y4, Y2)
	ESCAPED(Y3, Y4, Y3)
	VPOR      Y0, Y1, Y4
	VPOR      Y2, Y3, Y5
	VPOR      Y4, Y5, Y4
	VPTEST    Y4, Y4
	JNZ       found4
	VMOVDQU   96(SI)(AX*1), Y3

next4:
	VMOVDQU Y3, Y15
	ADDQ    $128, AX
	CMPQ    AX, R10
	JLE     ascii4
	JMP     loop64

found4:
	// The first block with an escaped byte.
	VPTEST  Y0, Y0
	JZ      found41
	VMOVDQU Y0, Y2
	JMP     found

found41:
	ADDQ    $32, AX
	VPTEST  Y1, Y1
	JZ      found42
	VMOVDQU Y1, Y2
	JMP     found

found42:
	ADDQ    $32, AX
	VPTEST  Y2, Y2
	JNZ     found
	ADDQ    $32, AX
	VMOVDQU Y3, Y2
	JMP     found

loop64:
	// Then 64 bytes at a time, checking for a character left open.
	CMPQ      AX, R8
	JG        one
	VMOVDQU   (SI)(AX*1), Y0
	VMOVDQU   32(SI)(AX*1), Y1
	VPOR      Y0, Y1, Y2
	VPMOVMSKB Y2, BX
	TESTL     BX, BX
	JNZ       one
	VPSUBUSB  vecTables_open(DX), Y15, Y3
	VPTEST    Y3, Y3
	JNZ       found0
	TESTQ     R9, R9
	JZ        ascii2
	ESCAPED(Y0, Y4, Y5)
	ESCAPED(Y1, Y6, Y7)
	VPOR      Y5, Y7, Y3
	VPTEST    Y3, Y3
	JNZ       found2

ascii2:
	VMOVDQU Y1, Y15
	ADDQ    $64, AX
	JMP     loop

found2:
	VMOVDQU Y5, Y2
	VPTEST  Y5, Y5
	JNZ     found
	VMOVDQU Y7, Y2
	ADDQ    $32, AX
	JMP     found

one:
	CMPQ      AX, CX
	JG        done
	VMOVDQU   (SI)(AX*1), Y0
	VPMOVMSKB Y0, BX
	TESTL     BX, BX
	JNZ       multi
	VPSUBUSB  vecTables_open(DX), Y15, Y3
	VPTEST    Y3, Y3
	JNZ       found0
	ESCAPED(Y0, Y1, Y2)
	VPTEST    Y2, Y2
	JNZ       found
	VMOVDQU   Y0, Y15
	ADDQ      $32, AX
	JMP       loop

multi:
	CHECK
	VPTEST  Y2, Y2
	JNZ     found
	VMOVDQU Y0, Y15
	ADDQ    $32, AX
	JMP     loop

found:
	// Y2 is nonzero in the bytes flagged: the first of them.
	VPXOR     Y1, Y1, Y1
	VPCMPEQB  Y1, Y2, Y2
	VPMOVMSKB Y2, BX
	NOTL      BX
	BSFL      BX, BX
	ADDQ      BX, AX

found0:
done:
	VZEROUPPER

	// A character that starts in the three bytes before AX may be cut
	// off there, or be what is wrong at AX: leave it to the caller.
	MOVQ AX, DI
	MOVQ $3, R11

back:
	TESTQ   DI, DI
	JZ      short
	MOVBLZX -1(SI)(DI*1), BX
	CMPB    BL, $0xC0
	JAE     lead
	CMPB    BL, $0x80
	JB      short
	DECQ    DI
	DECQ    R11
	JNZ     back
	JMP     short

lead:
	LEAQ -1(DI), AX

short:
	MOVQ AX, ret+32(FP)
	RET

// func cpuid(eax, ecx uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eax+0(FP), AX
	MOVL ecx+4(FP), CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET

// func xgetbv() uint32
TEXT ·xgetbv(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, ret+0(FP)
	RET
