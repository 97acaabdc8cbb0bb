//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// The AVX-512 forms of vecScan and vecCopy (vec_amd64.s), 64 bytes per
// step, for processors with AVX-512BW and VBMI: the same checks on the
// same tables, broadcast to four lanes, with the results in mask
// registers, and the pairs looked up by byte rather than by nibble. What a block is and where the kernel stops are vecScan's,
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

// CHECK512 sets K1 in the bytes of the block Z0 that are ill-formed
// (Keiser–Lemire) or C1 controls, as CHECK does in vec_amd64.s. Z15 is the
// block before. It leaves the bytes one and two places back in Z2 and Z3
// and the high halves of the block in Z1, for PAIRS512 and CHECK_ESC512,
// and clobbers Z4–Z6, Z11, K2 and K3.
#define CHECK512 \
	/* The bytes one, two and three places back, across the blocks: */ \
	/* Z1 is each lane's lane before. */ \
	VALIGND  $12, Z15, Z0, Z1; \
	VPALIGNR $15, Z1, Z0, Z2;  \
	VPALIGNR $14, Z1, Z0, Z3;  \
	VPALIGNR $13, Z1, Z0, Z4;  \
	/* Keiser–Lemire: errors in pairs of bytes ... */ \
	VPSRLW  $4, Z2, Z5;  \
	VPANDQ  Z14, Z5, Z5; \
	VPSHUFB Z5, Z10, Z5; \
	VPANDQ  Z14, Z2, Z6; \
	VPSHUFB Z6, Z9, Z6;  \
	VPANDQ  Z6, Z5, Z5;  \
	VPSRLW  $4, Z0, Z1;  \
	VPANDQ  Z14, Z1, Z1; \
	VPSHUFB Z1, Z8, Z6;  \
	VPANDQ  Z6, Z5, Z5;  \
	/* ... and whether a third or fourth byte must be a continuation. */ \
	VPSUBUSB Z16, Z3, Z11; \
	VPSUBUSB Z17, Z4, Z4;  \
	VPORQ    Z4, Z11, Z11; \
	VPANDQ   Z18, Z11, Z11; \
	VPXORQ   Z5, Z11, Z11; \
	VPTESTMB Z11, Z11, K1; \
	/* C1 controls: C2 then 80–9F. */ \
	VPCMPEQB Z19, Z2, K2;         \
	VPCMPUB  $2, Z20, Z0, K2, K3; \
	KORQ     K3, K1, K1

// PAIRS512 and TRIPLES512 add to K1 the bytes where a character that may
// be escaped, other than a C1 control, is found (pairs.go): the second
// byte of a pair led by C0–DF or F0–FF, and the third byte after a pair
// led by E0–EF if it is one of the pair's class. A pair's classes are
// those it has as a lead byte (pairLead64, Z28) and as a second byte
// (pairSec64, Z29) in common, a third byte's in pairThird (Z24, Z26):
// VPERMB and VPERMI2B (AVX-512 VBMI) look them up by their low six bits.
// The AVX2 kernel tests pairs alone, with nibble tables, so it stops at “
// (E2 80 9C) where U+200B (E2 80 8B) is escaped; this does not. Z2 and Z3
// are the bytes one and two places back.
//
// PAIRS512 is a gate: it sets K5 at the second byte of every pair,
// whatever leads it; where there is none, and no pair that the block
// before may have begun, TRIPLES512 has nothing to do. Text with no pair at
// all, most text, takes four instructions more than a set without pairs,
// not eighteen. Both clobber Z5–Z7, K5–K7.
#define PAIRS512 \
	VPCMPUB  $5, Z27, Z2, K6; \
	VPERMB   Z28, Z2, Z5;     \
	VPERMB   Z29, Z0, Z7;     \
	VPTESTMB Z7, Z5, K6, K5

// TRIPLES512 sorts out the pairs of PAIRS512, and adds them to K1.
#define TRIPLES512 \
	/* K7: two places after a lead of three bytes. */ \
	VPANDQ   Z22, Z3, Z6;    \
	VPCMPEQB Z23, Z6, K7;    \
	/* Pairs led by E0–EF are not flagged at their second byte ... */ \
	VPANDQ   Z22, Z2, Z6;    \
	VPCMPEQB Z23, Z6, K6;    \
	KANDNQ   K5, K6, K5;     \
	/* ... but at the third, looked up with the last bit of the */ \
	/* second byte in bit 6: VPERMI2B takes it from Z24 where that */ \
	/* is 0, from Z26 where it is 1. */ \
	VPERMB   Z28, Z3, Z5;    \
	VPERMB   Z29, Z2, Z6;    \
	VPANDQ   Z6, Z5, Z5;     \
	VPSLLW   $6, Z2, Z6;     \
	VPANDQ   Z25, Z6, Z6;    \
	VPORQ    Z0, Z6, Z6;     \
	VPERMI2B Z26, Z24, Z6;   \
	VPTESTMB Z6, Z5, K7, K6; \
	KORQ     K6, K5, K5;     \
	KORQ     K5, K1, K1

// CHECK_ESC512 finishes CHECK512: K2 gets the escaped ASCII bytes (the
// table gives 0 for bytes from 80 up) and what K1 holds. It clobbers Z1
// and Z2.
#define CHECK_ESC512 \
	VPSHUFB  Z1, Z13, Z1; \
	VPSHUFB  Z0, Z12, Z2; \
	VPTESTMB Z2, Z1, K2;  \
	KORQ     K1, K2, K2

// LOAD_TABLES512 loads the tables, each 16 bytes broadcast to four lanes.
#define LOAD_TABLES512 \
	VBROADCASTI32X4 vecTables_nibble(DX), Z14;     \
	VBROADCASTI32X4 vecTables_hi(DX), Z13;         \
	VBROADCASTI32X4 vecTables_escLo(DX), Z12;      \
	VBROADCASTI32X4 vecTables_byte1High(DX), Z10;  \
	VBROADCASTI32X4 vecTables_byte1Low(DX), Z9;    \
	VBROADCASTI32X4 vecTables_byte2High(DX), Z8;   \
	VBROADCASTI32X4 vecTables_third(DX), Z16;      \
	VBROADCASTI32X4 vecTables_fourth(DX), Z17;     \
	VBROADCASTI32X4 vecTables_bit7(DX), Z18;       \
	VBROADCASTI32X4 vecTables_c1Lead(DX), Z19;     \
	VBROADCASTI32X4 vecTables_c1Max(DX), Z20;      \
	VMOVDQU64       open512<>(SB), Z21;            \
	MOVL            $0xC0, R11;                     \
	VPBROADCASTB    R11, Z27;                       \
	MOVL            $0xF0, R11;                     \
	VPBROADCASTB    R11, Z22;                       \
	MOVL            $0xE0, R11;                     \
	VPBROADCASTB    R11, Z23;                       \
	MOVL            $0x40, R11;                     \
	VPBROADCASTB    R11, Z25;                       \
	VMOVDQU64       vecTables_pairThird(DX), Z24;   \
	VMOVDQU64       vecTables_pairThird+64(DX), Z26; \
	VMOVDQU64       vecTables_pairLead64(DX), Z28;  \
	VMOVDQU64       vecTables_pairSec64(DX), Z29

// func vecScan512(p []byte, v *vecTables) int
//
// Registers: SI p, DX v, AX the block being checked, CX the last offset
// a whole block starts at, R9 nonzero when some ASCII byte is escaped.
// R11 nonzero when the set has pairs. Z15 holds the block before (zeros
// before the first: as if after ASCII); Z8–Z14 and Z16–Z29 the tables.
TEXT ·vecScan512(SB), NOSPLIT, $0-40
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ v+24(FP), DX
	XORQ AX, AX
	CMPQ CX, $64
	JB   short

	LOAD_TABLES512
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
	ESCAPED(Z0, Z1, K2)
	KORTESTQ K2, K2
	JNZ      found

ascii:
	VMOVDQA64 Z0, Z15
	ADDQ      $64, AX
	JMP       loop

multi:
	// Text that is not ASCII tends to go on: stay here until a block is
	// ASCII again.
	CHECK512
	TESTQ    R11, R11
	JNZ      pairs

escaped:
	CHECK_ESC512
	KORTESTQ K2, K2
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
	// Out of the way of sets without pairs. A pair begun in the block
	// before, whose third byte is the first here, goes to TRIPLES512 too:
	// K6 is set if the byte two places before the first is a lead of
	// three bytes that leads pairs.
	PAIRS512
	VPERMB   Z28, Z3, Z6
	VPANDQ   Z22, Z3, Z7
	VPCMPEQB Z23, Z7, K7
	VPTESTMB Z6, Z6, K7, K6
	KSHIFTLQ $63, K6, K6
	KORTESTQ K5, K6
	JZ       escaped
	TRIPLES512
	JMP      escaped

found:
	// K2 is set in the bytes flagged: the first of them.
	KMOVQ  K2, BX
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

// func vecCopy512(dst, src []byte, v *vecTables, esc *[0x80]escapeText) (nDst, nSrc int)
//
// vecCopy256 (vec_amd64.s) for blocks of 64 bytes: the same registers but
// R10, here how far a block with escapes is well-formed, with the flags of
// a block in K2 and those other than escaped ASCII bytes in K1. Every
// block starts at a character boundary, so the block before it can be
// taken as ASCII: Z15 stays zero. What is copied short of a block goes
// with a masked store of bytes, and a block whose only flags are escaped
// ASCII bytes is copied and escaped whole, without going back to block
// after each escape.
TEXT ·vecCopy512(SB), NOSPLIT, $0-80
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), R8
	ADDQ    DI, R8
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), CX
	ADDQ    SI, CX
	MOVQ    v+48(FP), DX
	MOVQ    esc+56(FP), R9
	LOAD_TABLES512
	VPXORQ  Z15, Z15, Z15

block:
	LEAQ      64(SI), R11
	CMPQ      R11, CX
	JHI       copied
	LEAQ      64(DI), R11
	CMPQ      R11, R8
	JHI       copied
	VMOVDQU64 (SI), Z0
	VPMOVB2M  Z0, K1
	KORTESTQ  K1, K1
	JNZ       blockMulti
	CMPQ      vecTables_escapes(DX), $0
	JE        whole
	ESCAPED(Z0, Z1, K2)
	KORTESTQ  K2, K2
	JNZ       flaggedASCII

whole:
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI

	// After an ASCII block, try 256 bytes at a time.
ascii4:
	LEAQ       256(SI), R11
	CMPQ       R11, CX
	JHI        block
	LEAQ       256(DI), R11
	CMPQ       R11, R8
	JHI        block
	VMOVDQU64  (SI), Z0
	VMOVDQU64  64(SI), Z1
	VMOVDQU64  128(SI), Z2
	VMOVDQU64  192(SI), Z3
	VPORQ      Z0, Z1, Z4
	VPTERNLOGQ $0xFE, Z2, Z3, Z4 // Z4 | Z3 | Z2
	VPMOVB2M   Z4, K1
	KORTESTQ   K1, K1
	JNZ        block
	CMPQ       vecTables_escapes(DX), $0
	JE         whole4
	ESCAPED(Z0, Z4, K2)
	KORTESTQ   K2, K2
	JNZ        flaggedASCII
	ESCAPED(Z1, Z4, K2)
	KORTESTQ   K2, K2
	JNZ        escaped1
	ESCAPED(Z2, Z4, K2)
	KORTESTQ   K2, K2
	JNZ        escaped2
	ESCAPED(Z3, Z4, K2)
	KORTESTQ   K2, K2
	JNZ        escaped3

whole4:
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z1, 64(DI)
	VMOVDQU64 Z2, 128(DI)
	VMOVDQU64 Z3, 192(DI)
	ADDQ      $256, SI
	ADDQ      $256, DI
	JMP       ascii4

	// An escaped byte in one of the four blocks: store those before it,
	// and go on with its flags in K2 and the block in Z0.
escaped3:
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z1, 64(DI)
	VMOVDQU64 Z2, 128(DI)
	ADDQ      $192, SI
	ADDQ      $192, DI
	VMOVDQA64 Z3, Z0
	JMP       flaggedASCII

escaped2:
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z1, 64(DI)
	ADDQ      $128, SI
	ADDQ      $128, DI
	VMOVDQA64 Z2, Z0
	JMP       flaggedASCII

escaped1:
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	VMOVDQA64 Z1, Z0
	JMP       flaggedASCII

blockMulti:
	CHECK512
	CMPQ      vecTables_pairs(DX), $0
	JNE       blockPairs

blockEsc:
	CHECK_ESC512
	KORTESTQ  K2, K2
	JNZ       flagged
	VPSUBUSB  Z21, Z0, Z3
	VPTESTMB  Z3, Z3, K3
	KORTESTQ  K3, K3
	JNZ       open
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	JMP       block

blockPairs:
	// Out of the way of sets without pairs. A block starts at a character
	// boundary, so no pair begins before it.
	PAIRS512
	KORTESTQ K5, K5
	JZ       blockEsc
	TRIPLES512
	JMP      blockEsc

open:
	// A character left open at the end: copy the block up to it, 61 to
	// 63 bytes, and start the next block there. Found with branches, as
	// in vecCopy256, which the processor predicts, rather than from the
	// mask, which would make the next load wait for this block's checks.
	MOVL $63, R12
	CMPB 63(SI), $0xC0
	JAE  part
	MOVL $62, R12
	CMPB 62(SI), $0xE0
	JAE  part
	MOVL $61, R12

part:
	MOVQ     $-1, R11
	BZHIQ    R12, R11, R11
	KMOVQ    R11, K3
	VMOVDQU8 Z0, K3, (DI)
	ADDQ     R12, SI
	ADDQ     R12, DI
	JMP      block

flaggedASCII:
	// An ASCII block, which starts where a character does, is well-formed
	// to its end.
	MOVL $64, R10
	JMP  escapes

flagged:
	KORTESTQ K1, K1
	JNZ      other

	// Only escaped ASCII bytes are flagged: the block is well-formed up to
	// a character left open at its end, if any: R10 bytes.
	MOVL     $64, R10
	VPSUBUSB Z21, Z0, Z3
	VPTESTMB Z3, Z3, K3
	KORTESTQ K3, K3
	JZ       escapes
	MOVL     $63, R10
	CMPB     63(SI), $0xC0
	JAE      escapes
	MOVL     $62, R10
	CMPB     62(SI), $0xE0
	JAE      escapes
	MOVL     $61, R10

escapes:
	// Copy and escape the first R10 bytes of the block Z0 at SI, whose
	// escaped bytes are in K2, without loading it again: R12 is where the
	// clean bytes start, R13 the next escaped byte. Z0 is stored at DI-R12
	// so that its byte R12 lands at DI, under a mask of the bytes from R12
	// up to R13; masked-off bytes are not written and do not fault. Where
	// dst may be too short, the kernel stops at R12.
	KMOVQ K2, BX
	XORL  R12, R12

escape:
	TZCNTQ   BX, R13
	LEAQ     8(DI)(R13*1), R11 // the clean bytes, and the longest escape
	SUBQ     R12, R11
	CMPQ     R11, R8
	JHI      stop
	MOVQ     $-1, R11
	BZHIQ    R13, R11, R11
	MOVQ     $-1, AX
	BZHIQ    R12, AX, AX
	ANDNQ    R11, AX, R11 // the bytes from R12 up to R13
	KMOVQ    R11, K3
	MOVQ     DI, AX
	SUBQ     R12, AX
	VMOVDQU8 Z0, K3, (AX)
	ADDQ     R13, DI
	SUBQ     R12, DI

	// The escape, 2 to 8 bytes, with four 2-byte stores that may overlap,
	// as vecCopy256 writes it.
	MOVBLZX (SI)(R13*1), AX
	SHLQ    $4, AX
	ADDQ    R9, AX
	MOVBLZX escapeText_n(AX), R11
	TESTQ   R11, R11
	JZ      held // a byte the caller handles (escapeText)
	MOVWLZX (AX), R12
	MOVW    R12, (DI)
	MOVWLZX -2(AX)(R11*1), R12
	MOVW    R12, -2(DI)(R11*1)
	MOVBLZX escapeText_at2(AX), R11
	MOVWLZX (AX)(R11*1), R12
	MOVW    R12, (DI)(R11*1)
	MOVBLZX escapeText_at4(AX), R11
	MOVWLZX (AX)(R11*1), R12
	MOVW    R12, (DI)(R11*1)
	MOVBLZX escapeText_n(AX), R11
	ADDQ    R11, DI
	LEAQ    1(R13), R12
	BLSRQ   BX, BX
	JNZ     escape

	// The clean bytes after the last escape, up to R10.
	LEAQ     (DI)(R10*1), R11
	SUBQ     R12, R11
	CMPQ     R11, R8
	JHI      stop
	MOVQ     $-1, R11
	BZHIQ    R10, R11, R11
	MOVQ     $-1, AX
	BZHIQ    R12, AX, AX
	ANDNQ    R11, AX, R11
	KMOVQ    R11, K3
	MOVQ     DI, AX
	SUBQ     R12, AX
	VMOVDQU8 Z0, K3, (AX)
	ADDQ     R10, DI
	SUBQ     R12, DI
	ADDQ     R10, SI
	JMP      block

stop:
	ADDQ R12, SI
	JMP  copied

held:
	ADDQ R13, SI
	JMP  copied

other:
	// Something else is flagged, which the caller handles: K2 is set in
	// the bytes flagged, R12 is the first of them.
	KMOVQ  K2, R12
	TZCNTQ R12, R12

	// What is wrong there may be the character it cuts off: R13 is where
	// that starts, or R12. A lead byte in the three bytes before starts
	// one that is cut off if it needs more bytes than there are up to R12.
	MOVQ R12, R13
	MOVL $3, R11

back:
	TESTQ   R13, R13
	JZ      start
	MOVBLZX -1(SI)(R13*1), AX
	DECQ    R13
	CMPB    AL, $0x80
	JB      boundary
	CMPB    AL, $0xC0
	JAE     lead
	DECL    R11
	JNZ     back
	JMP     boundary

lead:
	LEAQ 2(R13), BX // where a character of this lead byte ends
	CMPB AL, $0xE0
	JB   ends
	INCQ BX
	CMPB AL, $0xF0
	JB   ends
	INCQ BX

ends:
	CMPQ BX, R12
	JHI  start

boundary:
	MOVQ R12, R13

start:
	// Copy the R13 clean bytes before, at most 63, with one masked store.
	MOVQ     $-1, R11
	BZHIQ    R13, R11, R11
	KMOVQ    R11, K3
	VMOVDQU8 Z0, K3, (DI)
	ADDQ     R13, SI
	ADDQ     R13, DI

	// An escaped ASCII byte is written here, from esc, as vecCopy256
	// does; anything else is left to the caller.
	MOVBLZX (SI), AX
	CMPB    AL, $0x80
	JAE     copied
	SHLQ    $4, AX
	ADDQ    R9, AX
	MOVBLZX escapeText_n(AX), R11
	TESTQ   R11, R11
	JZ      copied // a byte the caller handles (escapeText)
	LEAQ    (DI)(R11*1), R13
	CMPQ    R13, R8
	JHI     copied
	MOVWLZX (AX), BX
	MOVW    BX, (DI)
	MOVWLZX -2(AX)(R11*1), BX
	MOVW    BX, -2(R13)
	MOVBLZX escapeText_at2(AX), R11
	MOVWLZX (AX)(R11*1), BX
	MOVW    BX, (DI)(R11*1)
	MOVBLZX escapeText_at4(AX), R11
	MOVWLZX (AX)(R11*1), BX
	MOVW    BX, (DI)(R11*1)
	INCQ    SI
	MOVQ    R13, DI
	JMP     block

copied:
	VZEROUPPER
	SUBQ dst_base+0(FP), DI
	MOVQ DI, nDst+64(FP)
	SUBQ src_base+24(FP), SI
	MOVQ SI, nSrc+72(FP)
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
