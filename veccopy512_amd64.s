//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec_amd64.h"
#include "vec512_amd64.h"

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
	MOVL         $0x30, R11
	VPBROADCASTB R11, Z30 // for csi and csis
	MOVL         $0x1B, R11
	VPBROADCASTB R11, Z31

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
	CMPB  (0x1B*16+escapeText_csi)(R9), $0
	JNE   csis

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

	// The escape, as vecCopy256 writes it.
	MOVBLZX (SI)(R13*1), AX
	SHLQ    $4, AX
	ADDQ    R9, AX
	MOVBLZX escapeText_n(AX), R11
	TESTQ   R11, R11
	JZ      csi // a byte the caller handles (escapeText), or a CSI
	WRITE_ESCAPE(R11, R12)
	MOVBLZX escapeText_n(AX), R11
	ADDQ    R11, DI
	LEAQ    1(R13), R12
	BLSRQ   BX, BX
	JNZ     escape

rest:
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

csi:
	// An ESC, at R13, under StripSequences (escapeText.csi): a CSI
	// sequence of the plain form, ESC [, parameter bytes 30–3F and a
	// final byte 40–7E, that ends in the R10 bytes of the block that are
	// well-formed, is dropped whole here, as the recognizer would drop it
	// (sequence.go); anything else is the caller's. None of its bytes
	// but the ESC can be flagged: they are printable ASCII, and an
	// escaped one would be dropped with the rest by the recognizer too.
	CMPB    escapeText_csi(AX), $0
	JEQ     held
	LEAQ    2(R13), R11 // where the parameters start
	CMPQ    R11, R10
	JAE     across
	CMPB    1(SI)(R13*1), $0x5B // [
	JNE     held
	VPANDQ   Z22, Z0, Z1
	VPCMPEQB Z30, Z1, K3 // parameter bytes, 30–3F
	// The run of parameter bytes from R11 ends where adding its first bit
	// to them stops carrying: at the final byte, if the sequence ends in
	// the block.
	MOVL    $1, AX
	SHLXQ   R11, AX, AX
	KMOVQ   K3, R11
	ADDQ    R11, AX
	JCS     across // it runs past the block
	ANDNQ   AX, R11, AX
	TZCNTQ  AX, AX // the byte after the parameters
	CMPQ    AX, R10
	JAE     across
	MOVBLZX (SI)(AX*1), R11
	SUBL    $0x40, R11
	CMPL    R11, $0x3E
	JA      held // not a final byte, 40–7E: an intermediate, a control, ...
	LEAQ    1(AX), R12 // the bytes after it are next
	MOVQ    $-1, R11
	BZHIQ   R12, R11, R11
	ANDNQ   BX, R11, BX // and the flags up to it are done
	TESTQ   BX, BX
	JNZ     escape
	JMP     rest

csis:
	// Under StripSequences, a block whose flags are all ESCs that start
	// CSI sequences of the plain form (see csi) ending in its R10 bytes
	// that are well-formed drops them all at once: VPCOMPRESSB packs what
	// is left, and one masked store writes it. Any other block goes one
	// flag at a time, from escape. AX gets the ESCs, R13 the final bytes.
	VPCMPEQB Z31, Z0, K3
	KMOVQ    K3, AX
	ANDNQ    BX, AX, R11
	TESTQ    R11, R11
	JNZ      escape // a flag that is not an ESC
	MOVQ     AX, R11
	SHRQ     $62, R11
	JNZ      escape // an ESC whose parameters would start past the block
	MOVL         $0x5B, R11 // [
	VPBROADCASTB R11, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R11
	SHRQ         $1, R11
	ANDNQ        AX, R11, R11
	TESTQ        R11, R11
	JNZ          escape // an ESC not followed by [
	VPANDQ   Z22, Z0, Z1
	VPCMPEQB Z30, Z1, K3 // parameter bytes, 30–3F
	KMOVQ    K3, R11
	LEAQ     (AX*4), R13 // where each sequence's parameters start
	ADDQ     R11, R13
	JCS      escape // one runs past the block
	ANDNQ    R13, R11, R13 // the byte after each run of parameters
	MOVL         $0x7F, R11
	VPBROADCASTB R11, Z1
	VPCMPUB      $5, Z25, Z0, K3     // from 40 ...
	VPCMPUB      $1, Z1, Z0, K3, K3  // ... to 7E: final bytes
	KMOVQ        K3, R11
	ANDNQ        R13, R11, R11
	TESTQ        R11, R11
	JNZ          escape // one without a final byte, or past R10: the
	                    // bytes from there are those of a character
	// The bytes of the sequences, from each ESC to its final byte: the
	// sum of the differences, which do not overlap; a final byte at 63
	// wraps to 0 and still leaves the bits from its ESC up.
	SHLQ         $1, R13
	SUBQ         AX, R13
	MOVQ         $-1, R12
	BZHIQ        R10, R12, R12
	ANDNQ        R12, R13, R12 // what is kept, of the R10 bytes
	KMOVQ        R12, K3
	VPCOMPRESSB  Z0, K3, Z1
	POPCNTQ      R12, R12
	MOVQ         $-1, R11
	BZHIQ        R12, R11, R11
	KMOVQ        R11, K3
	VMOVDQU8     Z1, K3, (DI)
	ADDQ         R12, DI
	ADDQ         R10, SI
	JMP          block

across:
	// The sequence may go on past the well-formed bytes of the block:
	// the next block starts at its ESC, unless this one did.
	TESTQ R13, R13
	JZ    held
	ADDQ  R13, SI
	JMP   block

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
	WRITE_ESCAPE(R11, BX)
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
