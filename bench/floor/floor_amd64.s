#include "go_asm.h"
#include "textflag.h"

// ROW is row r of the tables at DX.
#define ROW(r) (r*64)(DX)

// MASKS works out the masks that keep and strip share for the block Z0,
// as the library's kernel does: BX the escaped bytes (ESCAPED), AX the
// ESCs, R12 the [ and R13 the parameter bytes 30–3F; and ORs the bytes
// that are not ASCII into R15.
#define MASKS \
	VPMOVB2M  Z0, K1;      \
	KMOVQ     K1, R11;     \
	ORQ       R11, R15;    \
	VPSRLW    $4, Z0, Z1;  \
	VPANDQ    Z14, Z1, Z1; \
	VPSHUFB   Z1, Z13, Z1; \
	VPSHUFB   Z0, Z12, Z2; \
	VPTESTMB  Z2, Z1, K2;  \
	KMOVQ     K2, BX;      \
	VPCMPEQB  Z31, Z0, K3; \
	KMOVQ     K3, AX;      \
	VPCMPEQB  Z3, Z0, K3;  \
	KMOVQ     K3, R12

// LOAD loads the tables that every kernel uses.
#define LOAD \
	VMOVDQU64 ROW(const_tabEscLo), Z12;  \
	VMOVDQU64 ROW(const_tabEscHi), Z13;  \
	VMOVDQU64 ROW(const_tabNibble), Z14; \
	VMOVDQU64 ROW(const_tabESC), Z31;    \
	VMOVDQU64 ROW(const_tabBracket), Z3; \
	VMOVDQU64 ROW(const_tabZero), Z30

// CHECK_ESCS ORs into R15 the flags that are not ESCs and the ESCs that
// no [ follows.
#define CHECK_ESCS \
	ANDNQ BX, AX, R11;  \
	ORQ   R11, R15;     \
	SHRQ  $1, R12;      \
	ANDNQ AX, R12, R11; \
	ORQ   R11, R15

// STATE works out, from the final bytes R11, the ends of the zeros of
// each parameter R9 and the line feeds R10, the bytes with attributes on,
// as the library's keepsState does, ORs those that are line feeds into
// R15, and carries what is on out of the block in on-8(SP). It clobbers
// R9, R11 and R13.
#define STATE \
	ANDQ     R11, R9;       \
	ANDNQ    R11, R9, R9;   \
	NOTQ     R11;           \
	SHLQ     $1, R9;        \
	ORQ      on-8(SP), R9;  \
	XORL     R13, R13;      \
	ADDQ     R11, R9;       \
	SETCS    R13B;          \
	XORQ     R11, R9;       \
	ANDQ     R11, R9;       \
	ANDQ     R10, R9;       \
	ORQ      R9, R15;       \
	MOVQ     R13, on-8(SP)

// ARGS loads the arguments of a kernel: dst in DI, src in SI, its end in
// CX, the tables in DX.
#define ARGS \
	MOVQ dst_base+0(FP), DI;  \
	MOVQ src_base+24(FP), SI; \
	MOVQ src_len+32(FP), CX;  \
	ADDQ SI, CX;              \
	MOVQ t+48(FP), DX

// CARRIES is what keep and lean do with their masks: the carry through
// each sequence's parameters R13 from its ESC (AX) to its final byte,
// which must be an m (R14); the carry through the zeros R10 after each
// [ or ; (R9), to find an 8 (R8) that is a parameter of its own,
// conceal; and the line feeds and STATE. It leaves the parameters the
// carry went through in R12, ORs what would stop the block into R15, and
// clobbers R8–R11, R13, R14 and K3.
#define CARRIES \
	LEAQ     (AX*4), R11;   \
	ADDQ     R13, R11;      \
	ANDNQ    R13, R11, R12; \
	ANDNQ    R11, R13, R11; \
	ANDNQ    R11, R14, R14; \
	ORQ      R14, R15;      \
	SHLQ     $1, R9;        \
	ADDQ     R10, R9;       \
	ANDNQ    R9, R10, R9;   \
	ANDQ     R12, R8;       \
	ANDQ     R9, R8;        \
	ORQ      R8, R15;       \
	VPCMPEQB Z9, Z0, K3;    \
	KMOVQ    K3, R10;       \
	STATE

// func keep(dst, src []byte, t *tables) uint64
TEXT ·keep(SB), NOSPLIT, $8-64
	ARGS
	LOAD
	VMOVDQU64 ROW(const_tabHigh), Z22
	VMOVDQU64 ROW(const_tabM), Z4
	VMOVDQU64 ROW(const_tabBad), Z5
	VMOVDQU64 ROW(const_tabB), Z6
	VMOVDQU64 ROW(const_tabEight), Z7
	VMOVDQU64 ROW(const_tabLF), Z9
	XORL R15, R15
	MOVQ $0, on-8(SP)
	CMPQ SI, CX
	JAE  keepDone

keepLoop:
	VMOVDQU64 (SI), Z0
	MASKS
	VPANDQ    Z22, Z0, Z1
	VPCMPEQB  Z30, Z1, K3
	KMOVQ     K3, R13
	VPCMPEQB  Z4, Z0, K3
	KMOVQ     K3, R14
	VPSHUFB   Z0, Z5, Z1
	VPTESTMB  Z1, Z1, K3
	KMOVQ     K3, DX
	VPXORD    Z6, Z0, Z1
	VPTESTNMB Z14, Z1, K3
	KMOVQ     K3, R9
	VPCMPEQB  Z30, Z0, K3
	KMOVQ     K3, R10
	VPCMPEQB  Z7, Z0, K3
	KMOVQ     K3, R8
	CHECK_ESCS
	CARRIES
	ANDQ      R12, DX
	ORQ       DX, R15 // : < = > ? among the parameters
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	CMPQ      SI, CX
	JB        keepLoop

keepDone:
	VZEROUPPER
	MOVQ R15, ret+56(FP)
	RET

// func lean(dst, src []byte, t *tables) uint64
TEXT ·lean(SB), NOSPLIT, $8-64
	ARGS
	LOAD
	VMOVDQU64 ROW(const_tabM), Z4
	VMOVDQU64 ROW(const_tabEightLo), Z7
	VMOVDQU64 ROW(const_tabLF), Z9
	VMOVDQU64 ROW(const_tabNine), Z10
	VMOVDQU64 ROW(const_tabSemi), Z11
	XORL R15, R15
	MOVQ $0, on-8(SP)
	CMPQ SI, CX
	JAE  leanDone

leanLoop:
	VMOVDQU64 (SI), Z0
	MASKS
	VPSUBB    Z30, Z0, Z8
	VPCMPUB   $2, Z10, Z8, K3 // digits
	VPCMPEQB  Z11, Z0, K4     // ;
	KORQ      K3, K4, K3
	KMOVQ     K3, R13
	VPCMPEQB  Z4, Z0, K3
	KMOVQ     K3, R14
	KMOVQ     K4, R9
	ORQ       R12, R9         // [ and ;
	VPTESTNMB Z8, Z8, K3      // 0
	KMOVQ     K3, R10
	VPCMPEQB  Z7, Z8, K3      // 8
	KMOVQ     K3, R8
	CHECK_ESCS
	CARRIES
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	CMPQ      SI, CX
	JB        leanLoop

leanDone:
	VZEROUPPER
	MOVQ R15, ret+56(FP)
	RET

// func strip(dst, src []byte, t *tables) (n int, bad uint64)
TEXT ·strip(SB), NOSPLIT, $0-72
	ARGS
	LOAD
	VMOVDQU64 ROW(const_tabHigh), Z22
	VMOVDQU64 ROW(const_tabFinal), Z25
	VMOVDQU64 ROW(const_tabDEL), Z26
	XORL R15, R15
	MOVQ DI, R8
	CMPQ SI, CX
	JAE  stripDone

stripLoop:
	VMOVDQU64 (SI), Z0
	MASKS
	VPANDQ    Z22, Z0, Z1
	VPCMPEQB  Z30, Z1, K3
	KMOVQ     K3, R13
	VPCMPUB   $5, Z25, Z0, K3
	VPCMPUB   $1, Z26, Z0, K3, K3
	KMOVQ     K3, R14
	CHECK_ESCS
	LEAQ      (AX*4), R11
	ADDQ      R13, R11
	ANDNQ     R11, R13, R11 // the ends
	ANDNQ     R11, R14, R12
	ORQ       R12, R15      // one that is no final byte
	SHLQ      $1, R11
	SUBQ      AX, R11
	NOTQ      R11           // the bytes outside sequences
	KMOVQ     R11, K3
	VPCOMPRESSB Z0, K3, Z2
	POPCNTQ   R11, R11
	MOVQ      $-1, R12
	BZHIQ     R11, R12, R12
	KMOVQ     R12, K3
	VMOVDQU8  Z2, K3, (DI)
	ADDQ      R11, DI
	ADDQ      $64, SI
	CMPQ      SI, CX
	JB        stripLoop

stripDone:
	VZEROUPPER
	SUBQ R8, DI
	MOVQ DI, n+56(FP)
	MOVQ R15, bad+64(FP)
	RET
