//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The AVX-512 form of vecScan (vec_amd64.s), 64 bytes per step, for
// processors with AVX-512BW: the same checks on the same tables, broadcast
// to four lanes, with the results in mask registers. What a block is and where the kernel stops are vecScan's,
// for blocks of 64 bytes (scanModel, with a block of 64).

// ESCAPED sets k in the bytes of x, all ASCII, that are escaped: escLo
// (Z12) and hi (Z13) say so for the low and the high half of each byte.
// It clobbers t.
#define ESCAPED(x, t, k) \
	VPSRLW   $4, x, t;  \
	VPANDQ   Z14, t, t; \
	VPSHUFB  t, Z13, t; \
	VPSHUFB  x, Z12, Z5; \
	VPTESTMB Z5, t, k

// func vecScan512(p []byte, v *vecTables) int
//
// Registers: SI p, DX v, AX the block being checked, CX the last offset
// a whole block starts at, R9 nonzero when some ASCII byte is escaped.
// R11 nonzero when the set has pairs. Z15 holds the block before (zeros
// before the first: as if after ASCII); Z8–Z14 and Z16–Z26 the tables.
TEXT ·vecScan512(SB), NOSPLIT, $0-40
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ v+24(FP), DX
	XORQ AX, AX
	CMPQ CX, $64
	JB   short

	VBROADCASTI32X4 vecTables_nibble(DX), Z14
	VBROADCASTI32X4 vecTables_hi(DX), Z13
	VBROADCASTI32X4 vecTables_escLo(DX), Z12
	VBROADCASTI32X4 vecTables_byte1High(DX), Z10
	VBROADCASTI32X4 vecTables_byte1Low(DX), Z9
	VBROADCASTI32X4 vecTables_byte2High(DX), Z8
	VBROADCASTI32X4 vecTables_third(DX), Z16
	VBROADCASTI32X4 vecTables_fourth(DX), Z17
	VBROADCASTI32X4 vecTables_bit7(DX), Z18
	VBROADCASTI32X4 vecTables_c1Lead(DX), Z19
	VBROADCASTI32X4 vecTables_c1Max(DX), Z20
	VMOVDQU64       open512<>(SB), Z21
	VBROADCASTI32X4 vecTables_pairLeadHi(DX), Z22
	VBROADCASTI32X4 vecTables_pairLeadLo(DX), Z23
	VBROADCASTI32X4 vecTables_pairSecHi(DX), Z24
	VBROADCASTI32X4 vecTables_pairSecLo(DX), Z25
	VBROADCASTI32X4 vecTables_leadLo(DX), Z26
	MOVQ            vecTables_pairs(DX), R11
	VPXORQ          Z15, Z15, Z15
	MOVQ            vecTables_escapes(DX), R9
	MOVQ            CX, R10
	SUBQ            $256, R10 // the last offset four whole blocks start at
	SUBQ            $64, CX

loop:
	// ASCII text goes 256 bytes at a time, once the block before leaves
	// no character open: only escaped bytes can be wrong in it. Where
	// one is, the block at a time below finds it.
	CMPQ      AX, R10
	JG        one
	VPSUBUSB  Z21, Z15, Z3
	VPTESTMB  Z3, Z3, K2
	KORTESTQ  K2, K2
	JNZ       one
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z1
	VMOVDQU64 128(SI)(AX*1), Z2
	VMOVDQU64 192(SI)(AX*1), Z3
	VPORQ     Z0, Z1, Z4
	VPTERNLOGQ $0xFE, Z2, Z3, Z4 // Z4 | Z3 | Z2
	VPMOVB2M  Z4, K1
	KORTESTQ  K1, K1
	JNZ       one
	TESTQ     R9, R9
	JZ        ascii4
	ESCAPED(Z0, Z4, K1)
	ESCAPED(Z1, Z4, K2)
	KORQ      K1, K2, K1
	ESCAPED(Z2, Z4, K2)
	KORQ      K1, K2, K1
	ESCAPED(Z3, Z4, K2)
	KORQ      K1, K2, K1
	KORTESTQ  K1, K1
	JNZ       one

ascii4:
	VMOVDQA64 Z3, Z15
	ADDQ      $256, AX
	JMP       loop

one:
	CMPQ     AX, CX
	JG       done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ      multi

	// An ASCII block: wrong only after a character left open, or where
	// a byte is escaped.
	VPSUBUSB Z21, Z15, Z3
	VPTESTMB Z3, Z3, K2
	KORTESTQ K2, K2
	JNZ      done
	TESTQ    R9, R9
	JZ       ascii
	ESCAPED(Z0, Z1, K1)
	KORTESTQ K1, K1
	JNZ      found

ascii:
	VMOVDQA64 Z0, Z15
	ADDQ      $64, AX
	JMP       loop

multi:
	// Text that is not ASCII tends to go on: stay here until a block is
	// ASCII again.
	// The bytes one, two and three places back, across the blocks: Z1
	// is each lane's lane before.
	VALIGND  $12, Z15, Z0, Z1
	VPALIGNR $15, Z1, Z0, Z2
	VPALIGNR $14, Z1, Z0, Z3
	VPALIGNR $13, Z1, Z0, Z4

	// Keiser–Lemire: errors in pairs of bytes ...
	VPSRLW  $4, Z2, Z5
	VPANDQ  Z14, Z5, Z5
	VPSHUFB Z5, Z10, Z5
	VPANDQ  Z14, Z2, Z6
	VPSHUFB Z6, Z9, Z6
	VPANDQ  Z6, Z5, Z5
	VPSRLW  $4, Z0, Z1
	VPANDQ  Z14, Z1, Z1
	VPSHUFB Z1, Z8, Z6
	VPANDQ  Z6, Z5, Z5

	// ... and whether a third or fourth byte must be a continuation.
	VPSUBUSB Z16, Z3, Z3
	VPSUBUSB Z17, Z4, Z4
	VPORQ    Z4, Z3, Z3
	VPANDQ   Z18, Z3, Z3
	VPXORQ   Z5, Z3, Z3
	VPTESTMB Z3, Z3, K1

	// C1 controls: C2 then 80–9F.
	VPCMPEQB Z19, Z2, K2
	VPCMPUB  $2, Z20, Z0, K2, K3
	KORQ     K3, K1, K1
	TESTQ    R11, R11
	JNZ      pairs

escaped:

	// Escaped ASCII bytes (the table gives 0 for bytes from 80 up).
	VPSHUFB  Z1, Z13, Z1
	VPSHUFB  Z0, Z12, Z2
	VPTESTMB Z2, Z1, K4
	KORQ     K4, K1, K1
	KORTESTQ K1, K1
	JNZ      found
	VMOVDQA64 Z0, Z15
	ADDQ     $64, AX
	CMPQ     AX, CX
	JG       done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ      multi
	JMP      loop

pairs:
	// Out of the way of sets without pairs. The second bytes of the
	// pairs that may start an escaped character other than a C1 control
	// (pairs.go), as PAIRS and LEADS do it in vec_amd64.s: only where the
	// byte before (Z2) is a lead byte of the set's pairs (Z26 and hi),
	// the AND of four nibble tables (Z22–Z25). Z1 holds the high halves
	// of the block.
	VPXORQ   Z18, Z2, Z5
	VPSHUFB  Z5, Z26, Z5
	VPSRLW   $4, Z2, Z6
	VPANDQ   Z14, Z6, Z6
	VPSHUFB  Z6, Z13, Z7
	VPTESTMB Z7, Z5, K5
	KORTESTQ K5, K5
	JZ       escaped
	VPSHUFB  Z6, Z22, Z5
	VPANDQ   Z14, Z2, Z7
	VPSHUFB  Z7, Z23, Z7
	VPANDQ   Z7, Z5, Z5
	VPSHUFB  Z1, Z24, Z7
	VPANDQ   Z7, Z5, Z5
	VPANDQ   Z14, Z0, Z7
	VPSHUFB  Z7, Z25, Z7
	VPTESTMB Z7, Z5, K5
	KORQ     K5, K1, K1
	JMP      escaped

found:
	// K1 is set in the bytes flagged: the first of them.
	KMOVQ  K1, BX
	TZCNTQ BX, BX
	ADDQ   BX, AX

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

// open512<> is vecTables.open for a block of 64 bytes: less than this in
// the last three places, no character is left open.
DATA open512<>+0(SB)/8, $-1
DATA open512<>+8(SB)/8, $-1
DATA open512<>+16(SB)/8, $-1
DATA open512<>+24(SB)/8, $-1
DATA open512<>+32(SB)/8, $-1
DATA open512<>+40(SB)/8, $-1
DATA open512<>+48(SB)/8, $-1
DATA open512<>+56(SB)/8, $0xBFDFEFFFFFFFFFFF
GLOBL open512<>(SB), RODATA|NOPTR, $64
