//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec512_amd64.h"
#include "joiners512_amd64.h"

// func joinerScan512(p []byte, at int, v *vecTables, e *emojiTables, viramas bool) int
//
// The run of joiners of vecCopy512 (veccopy512_amd64.s: joiners) as a
// scan: from p[at], block after block of 64 bytes, each checked with the
// bytes before it, whose only flags are those that NONJOINERS_RUN passes
// (viramas false) or VIRAMAS_RUN does (true), with nothing written.
// Flagging the pairs at the byte after each (JOINERS_BLOCK), in the
// scan's form, rather than at the pair's last byte with the byte after it
// loaded, made Persian text go 1.12x as fast through NewReader, Hindi
// 1.05x (six interleaved passes). Where a block fails or is within 65
// bytes of the end, the scan stops at the character that holds byte 60
// of the block before, all before which that block decided, or at at if
// no block passed. p[:at] must be clean, as Span has found it, and at
// least 6 bytes long.
TEXT ·joinerScan512(SB), NOSPLIT, $0-64
	MOVQ      p_base+0(FP), SI
	MOVQ      p_len+8(FP), CX
	ADDQ      SI, CX
	MOVQ      SI, R9
	ADDQ      at+24(FP), SI
	MOVQ      SI, R10
	MOVQ      v+32(FP), DX
	MOVQ      e+40(FP), R13
	LOAD_TABLES512
	JOINERS_TABLES
	SUBQ      $65, CX
	XORL      R15, R15
	CMPB      viramas+48(FP), $0
	JNE       viramas
	NONJOINERS_TABLES
	// Each loop starts a line of 64 bytes: the viramas loop, where the
	// linker left it, read Hindi text at a third of this speed (0.46x
	// through NewReader, four interleaved passes).
	PCALIGN   $64

nonJoiners:
	NONJOINERS_STEP(out, nonJoinersNext)

nonJoinersNext:
	ADDQ      $64, SI
	JMP       nonJoiners

viramas:
	VIRAMAS_TABLES
	PCALIGN   $64

viramasNext:
	VIRAMAS_STEP(out, viramasSkip)

viramasSkip:
	ADDQ      $64, SI
	JMP       viramasNext

out:
	VZEROUPPER
	CMPQ      SI, R10
	JEQ       done
	// Back from byte 60 of the block before to where its character
	// starts: a block of the run starts at a character boundary or
	// within three bytes after one.
	SUBQ      $4, SI

back:
	MOVBLZX   (SI), AX
	ANDL      $0xC0, AX
	CMPL      AX, $0x80
	JNE       done
	DECQ      SI
	JMP       back

done:
	SUBQ      R9, SI
	MOVQ      SI, ret+56(FP)
	RET
