//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec512_amd64.h"

// func vecScan512(p []byte, v *vecTables) int
//
// Registers: SI p, DX v, AX the block being checked, CX the last offset
// a whole block starts at, R9 nonzero when some ASCII byte is escaped,
// R8 when some C1 control is, R11 when the set has pairs, R12 and R13
// multi's count. Z15 holds the block before (zeros before the first: as
// if after ASCII); Z8–Z14 and Z16–Z29 the tables.
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
	MOVQ            vecTables_c1(DX), R8
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
	KMOVQ     K2, BX
	TESTQ     BX, BX
	JNZ       one
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z1
	VMOVDQU64 128(SI)(AX*1), Z2
	VMOVDQU64 192(SI)(AX*1), Z3
	VPORQ     Z0, Z1, Z4
	VPTERNLOGQ $0xFE, Z2, Z3, Z4 // Z4 | Z3 | Z2
	VPMOVB2M  Z4, K1
	KMOVQ     K1, BX
	TESTQ     BX, BX
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
	KMOVQ     K1, BX
	TESTQ     BX, BX
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
	KMOVQ     K1, BX
	TESTQ     BX, BX
	JNZ      multi

	// An ASCII block: wrong only after a character left open, or where
	// a byte is escaped.
	VPSUBUSB Z21, Z15, Z3
	VPTESTMB Z3, Z3, K2
	KMOVQ     K2, BX
	TESTQ     BX, BX
	JNZ      done
	TESTQ    R9, R9
	JZ       ascii
	ESCAPED(Z0, Z1, K2)
	KMOVQ     K2, BX
	TESTQ     BX, BX
	JNZ      found

ascii:
	VMOVDQA64 Z0, Z15
	ADDQ      $64, AX
	JMP       loop

multi:
	// Text that is not ASCII tends to go on: stay here until four blocks
	// in a row are ASCII, checking those as the others. Where ASCII blocks
	// and others alternate, as in a log with a name or a word not in
	// English on every line, going back to the loop at each ASCII block
	// cost a mispredicted branch about every other block. R12 counts the
	// ASCII blocks in a row, R13 is zero.
	XORL     R12, R12
	XORL     R13, R13

multiOn:
	// The bytes before a block are those of the block before, which
	// Z15 holds, and which CHECK512_AT loads again from p, but before
	// the first, which are taken as ASCII.
	TESTQ    AX, AX
	JZ       multiFirst
	TESTQ    R11, R11
	JNZ      pairsAt
	CHECK512_AT(SI, AX)

multiChecked:
	// Validate escapes no C1 control: leaving C1_512 out made its Span
	// 1.09–1.14× as fast on Latin, prose, CJK, emoji and mixed text
	// (alternating runs, seven each).
	TESTQ    R8, R8
	JZ       escaped
	C1_512

escaped:
	// Where no ASCII byte is escaped, as in Validate, the flags are those
	// of CHECK512 alone: CHECK_ESC512's two lookups,
	// which would find none, are left out. That made Validate's Span 15–18%
	// faster on text that is not ASCII (alternating runs, five each).
	KMOVQ    K1, BX
	TESTQ    R9, R9
	JZ       checked
	CHECK_ESC512
	KMOVQ    K2, BX

checked:
	// The flags are tested in a general register: with KORTESTQ and
	// its branch, Span was 8–11% slower on Latin, CJK, mixed and ZWJ
	// text (alternating runs, seven each).
	TESTQ    BX, BX
	JNZ      found
	VMOVDQA64 Z0, Z15
	ADDQ     $64, AX
	CMPQ     AX, CX
	JG       done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KMOVQ    K1, BX
	INCQ     R12
	TESTQ    BX, BX
	CMOVQNE  R13, R12
	CMPQ     R12, $4
	JB       multiOn
	JMP      loop

multiFirst:
	// The first block: nothing before it may be read.
	TESTQ    R11, R11
	JNZ      pairsFirst
	CHECK512
	JMP      multiChecked

pairsFirst:
	CHECK512_SHIFT
	JMP pairsBack

pairsAt:
	// A set with pairs finds the C1 controls among them, and tests the
	// rest in one (FLAGS_AFTER512).
	CHECK512_LOAD(SI, AX)

pairsBack:
	CHECK512_ERRS
	FLAGS_AFTER512
	JMP checked

found:
	// BX is set in the bytes flagged: the first of them.
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
