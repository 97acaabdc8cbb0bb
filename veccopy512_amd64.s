//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec_amd64.h"
#include "vec512_amd64.h"
#include "joiners512_amd64.h"

// OPEN_END jumps to found with r set to where a character starts that is
// left open at the end of the block at SI (63, 62 or 61), if there is
// one. Byte compares, which the processor predicts, rather than a mask
// test: the loop has enough mask instructions, and three more made blocks
// that are not ASCII a fifth slower.
#define OPEN_END(r, found) \
	MOVL $63, r;           \
	CMPB 63(SI), $0xC0;    \
	JAE  found;            \
	MOVL $62, r;           \
	CMPB 62(SI), $0xE0;    \
	JAE  found;            \
	MOVL $61, r;           \
	CMPB 61(SI), $0xF0;    \
	JAE  found

// TAIL_START sets R10 to where the run of bytes that are not ASCII at the
// end of the block Z0 starts, or 64 if its last byte is ASCII
// (tailStart). It clobbers AX and K3.
#define TAIL_START \
	VPMOVB2M Z0, K3; \
	KMOVQ    K3, AX; \
	NOTQ     AX;     \
	LZCNTQ   AX, AX; \
	MOVL     $64, R10; \
	SUBQ     AX, R10

// ROOM64 jumps to fail unless 64 bytes more fit in both src and dst.
#define ROOM64(fail) \
	LEAQ 64(SI), R11; \
	CMPQ R11, CX;     \
	JHI  fail;        \
	LEAQ 64(DI), R11; \
	CMPQ R11, R8;     \
	JHI  fail

// COPY_FIRST copies the first n bytes of the block Z0, up to 64, to
// DI with one masked store, and moves SI and DI past them.
#define COPY_FIRST(n) \
	MOVQ     $-1, R11;      \
	BZHIQ    n, R11, R11;   \
	KMOVQ    R11, K3;       \
	VMOVDQU8 Z0, K3, (DI);  \
	ADDQ     n, SI;         \
	ADDQ     n, DI

// STORE_FROM writes the bytes of the block Z0 from R12 up to end where
// byte R12 goes at DI, with one masked store. It clobbers R11, t and K3.
#define STORE_FROM(end, t) \
	MOVQ     $-1, R11;      \
	BZHIQ    end, R11, R11; \
	MOVQ     $-1, t;        \
	BZHIQ    R12, t, t;     \
	ANDNQ    R11, t, R11;   \
	KMOVQ    R11, K3;       \
	MOVQ     DI, t;         \
	SUBQ     R12, t;        \
	VMOVDQU8 Z0, K3, (t)

// COPY_REST copies the clean bytes of the block Z0 from R12 up to R10, if
// they fit in dst, else stops, and moves on to the next block at R10.
#define COPY_REST \
	LEAQ     (DI)(R10*1), R11; \
	SUBQ     R12, R11;         \
	CMPQ     R11, R8;          \
	JHI      stop;             \
	STORE_FROM(R10, AX);       \
	ADDQ     R10, DI;          \
	SUBQ     R12, DI;          \
	ADDQ     R10, SI

// LINE_FEEDS sets R11 to the line feeds in the bytes of the block Z0 from
// R12 up to hi. It clobbers AX, Z1 and K3.
#define LINE_FEEDS(hi) \
	MOVL         $0x0A, R11;  \
	VPBROADCASTB R11, Z1;     \
	VPCMPEQB     Z1, Z0, K3;  \
	KMOVQ        K3, R11;     \
	MOVQ         $-1, AX;     \
	BZHIQ        hi, AX, AX;  \
	ANDQ         AX, R11;     \
	MOVQ         $-1, AX;     \
	BZHIQ        R12, AX, AX; \
	ANDNQ        R11, AX, R11

// PACK writes to DI the bytes of the vector from that the mask bits has,
// packed by VPCOMPRESSB into to, and moves DI past them, with one masked
// store. It sets bits to their count and clobbers tmp and K3.
#define PACK(bits, from, to, tmp) \
	KMOVQ       bits, K3;       \
	VPCOMPRESSB from, K3, to;   \
	POPCNTQ     bits, bits;     \
	MOVQ        $-1, tmp;       \
	BZHIQ       bits, tmp, tmp; \
	KMOVQ       tmp, K3;        \
	VMOVDQU8    to, K3, (DI);   \
	ADDQ        bits, DI

// EXPAND writes the half of the block Z0 that slots takes (expandSlots)
// from the escapes' bytes in Z1 and the others' in Z2, and moves DI past
// it: BX holds its escaped bytes in its low 32 bits, R13 a bit for the
// first slot of each byte, R12 for the second, AX how many slots may be
// used. It clobbers AX, R11, Z3, Z4 and K3.
#define EXPAND(slots) \
	VMOVDQU64   slots, Z3;    \
	VPERMI2B    Z2, Z1, Z3;   \
	PDEPQ       R13, BX, R11; \
	ORQ         R12, R11;     \
	BZHIQ       AX, R11, R11; \
	PACK(R11, Z3, Z4, AX)

// expandSlots are the slots of each half of a block for EXPAND: slot j
// takes the first byte of byte j/2's escape (Z1) where j is even, and the
// second or the byte itself (Z2, from 64) where it is odd.
DATA expandSlots<>+0(SB)/8, $0x4303420241014000
DATA expandSlots<>+8(SB)/8, $0x4707460645054404
DATA expandSlots<>+16(SB)/8, $0x4b0b4a0a49094808
DATA expandSlots<>+24(SB)/8, $0x4f0f4e0e4d0d4c0c
DATA expandSlots<>+32(SB)/8, $0x5313521251115010
DATA expandSlots<>+40(SB)/8, $0x5717561655155414
DATA expandSlots<>+48(SB)/8, $0x5b1b5a1a59195818
DATA expandSlots<>+56(SB)/8, $0x5f1f5e1e5d1d5c1c
DATA expandSlots<>+64(SB)/8, $0x6323622261216020
DATA expandSlots<>+72(SB)/8, $0x6727662665256424
DATA expandSlots<>+80(SB)/8, $0x6b2b6a2a69296828
DATA expandSlots<>+88(SB)/8, $0x6f2f6e2e6d2d6c2c
DATA expandSlots<>+96(SB)/8, $0x7333723271317030
DATA expandSlots<>+104(SB)/8, $0x7737763675357434
DATA expandSlots<>+112(SB)/8, $0x7b3b7a3a79397838
DATA expandSlots<>+120(SB)/8, $0x7f3f7e3e7d3d7c3c
GLOBL expandSlots<>(SB), RODATA|NOPTR, $128

// RUN_STORE writes the bytes R11 of the block Z0, but those of R10, a mask
// of the first bytes of the block, moves on to the next block, and sets
// R10 to BX: the bytes of the next block to skip (csisRun), the end of the
// last sequence of the block. A mask rather than a count saves the
// conversions each way, on the work that each block waits for. The run
// ends (csisRunEnd) unless the next block and the one after it are in
// src, and dst has room for a block: in the run, CX and R8 stand 128 and
// 64 bytes short of the ends of src and dst, so that each takes a
// compare. It clobbers R11, R12, Z2 and K3.
#define RUN_STORE \
	ANDNQ        R11, R10, R11; \
	MOVQ         BX, R10;       \
	PACK(R11, Z0, Z2, R12);     \
	ADDQ         $64, SI;       \
	CMPQ         SI, CX;        \
	JHI          csisRunEnd;    \
	CMPQ         DI, R8;        \
	JHI          csisRunEnd

// CONTROLS sets R11 to the bytes of the block vec below 20, the C0
// controls, through the mask register k. It leaves 20 in every byte of
// t.
#define CONTROLS(vec, t, k) \
	MOVL         $0x20, R11;   \
	VPBROADCASTB R11, t;       \
	VPCMPUB      $1, t, vec, k; \
	KMOVQ        k, R11

// RUN_MASKS sets K4 to the ESCs of the block vec, K5 to its [, K6 to its
// parameter bytes and K7 to its final bytes, for the next round of
// csisRunLoop (Z3 holds [, Z4 7F). It clobbers Z2.
#define RUN_MASKS(vec) \
	VPCMPEQB     Z31, vec, K4; \
	VPCMPEQB     Z3, vec, K5;  \
	VPANDQ       Z22, vec, Z2; \
	VPCMPEQB     Z30, Z2, K6;  \
	VPCMPUB      $5, Z25, vec, K7; \
	VPCMPUB      $1, Z4, vec, K7, K7

// RUN_NEXT loads the block after the block Z0 of a run (csisRunLoop) into
// Z1, works out its masks (RUN_MASKS, RUN_GPRS), and sets AX to the ESCs
// of Z0, R11 to the bytes before its [, R13 to its parameter bytes and R14
// to its final bytes, from the masks worked out for it the round before.
// It clobbers BX and Z2.
#define RUN_NEXT \
	VMOVDQU64    64(SI), Z1;           \
	MOVQ         R15, AX;              \
	MOVQ         R9, R11;              \
	MOVQ         DX, R13;              \
	MOVQ         runFin-136(SP), R14;  \
	RUN_MASKS(Z1);                     \
	RUN_GPRS;                          \
	MOVQ         R9, BX;               \
	SHLQ         $63, BX;              \
	SHRQ         $1, R11;              \
	ORQ          BX, R11

// RUN_CSIS sets BX to the bytes of the next block that the last CSI
// sequence of a block of a run takes, and R11 to the bytes of the block
// outside them, from the ESCs that start them (AX) and their final bytes,
// R11 in the block and R12 in the next (CSI_ENDS): from each ESC to its
// final byte, the difference borrowing for the last if it ends in the
// next block. It clobbers R13.
#define RUN_CSIS \
	BLSMSKQ      R12, BX; /* up to the first end; all, and CF, if none */ \
	SBBQ         R13, R13;    \
	ANDNQ        BX, R13, BX; \
	SHLQ         $1, R11;     \
	SUBQ         AX, R11;     \
	NOTQ         R11

// PLAIN_CSIS sets AX to the ESCs in the first R10 bytes of the block Z0
// and jumps to fail unless every flag in BX is one of them and each
// starts a CSI sequence of the plain form whose parameters end in the
// block (see csi): ESC [ at 61 at the latest, then parameter bytes 30–3F.
// It leaves the parameter bytes of the block in R11, and in R13 their sum
// with the first place of each sequence's: the carry has run through the
// parameters of the sequences and stopped on the byte after them. It
// clobbers Z1 and K3.
#define PLAIN_CSIS(fail) \
	VPCMPEQB     Z31, Z0, K3;  \
	KMOVQ        K3, AX;       \
	BZHIQ        R10, AX, AX;  \
	ANDNQ        BX, AX, R11;  \
	TESTQ        R11, R11;     \
	JNZ          fail;         \
	MOVQ         AX, R11;      \
	SHRQ         $62, R11;     \
	JNZ          fail;         \
	MOVL         $0x5B, R11;   \
	VPBROADCASTB R11, Z1;      \
	VPCMPEQB     Z1, Z0, K3;   \
	KMOVQ        K3, R11;      \
	SHRQ         $1, R11;      \
	ANDNQ        AX, R11, R11; \
	TESTQ        R11, R11;     \
	JNZ          fail;         \
	VPANDQ       Z22, Z0, Z1;  \
	VPCMPEQB     Z30, Z1, K3;  \
	KMOVQ        K3, R11;      \
	LEAQ         (AX*4), R13;  \
	ADDQ         R11, R13;     \
	JCS          fail

// CSI_ENDS sets R11 to the final bytes of the CSI sequences of the plain
// form whose ESCs are AX in a block of a run (csisRun), whose parameter
// bytes are R13, and R12 to those in the next block, whose parameter
// bytes are BX and final bytes runFin (RUN_GPRS): the carry runs through
// the parameters of each and stops on the byte after them, across the
// two blocks. It jumps to fail where the carry runs past the next block,
// or stops on a byte that is no final byte (fin, of the block). It
// clobbers R13.
#define CSI_ENDS(fin, fail) \
	LEAQ  (AX*4), R11;   \
	MOVQ  AX, R12;       \
	SHRQ  $62, R12;      \
	ADDQ  R13, R11;      \
	ADCQ  BX, R12;       \
	JCS   fail;          \
	ANDNQ R11, R13, R11; \
	ANDNQ R12, BX, R12;  \
	ANDNQ R11, fin, R13; \
	JNZ   fail;          \
	MOVQ  runFin-136(SP), R13; \
	ANDNQ R12, R13, R13; \
	JNZ   fail

// RUN_GPRS copies the masks of the next block of a run from K4–K7 to
// R15 (ESCs), R9 ([), DX (parameter bytes) and runFin (final bytes),
// where the run takes them from, each once rather than at each use:
// 1.02× on both coloured logs on an Intel Xeon (eight pairs of runs,
// within their spread). R9 and DX, the escapes and the tables, are the
// kernel's again at csisRunEnd, the run's one way out; nothing in the
// run reads a global while R15 is live, so the kernel still builds with
// -dynlink (a plugin). It clobbers BX.
#define RUN_GPRS \
	KMOVQ K4, R15; \
	KMOVQ K5, R9;  \
	KMOVQ K6, DX;  \
	KMOVQ K7, BX;  \
	MOVQ  BX, runFin-136(SP)

// SET_COLORED stores r, 1 if attributes are on after a kept SGR
// sequence and 0 if not, in colored, and in watch too if line feeds pass
// raw (kernelLineFeed). It clobbers r.
#define SET_COLORED(r) \
	MOVQ  r, colored-16(SP);                  \
	TESTQ $const_kernelLineFeed, mode-8(SP);  \
	JNZ   2(PC);                              \
	XORL  r, r;                               \
	MOVQ  r, watch-48(SP)

// SHIFT_IN sets r to x moved up a byte of the block, with the last byte of
// the block before, whose mask the slot holds, in its first; the slot
// gets x, for the next block (keepsRun).
#define SHIFT_IN(slot, x, r) \
	MOVQ slot, r;    \
	MOVQ x, slot;    \
	SHRQ $63, r;     \
	LEAQ (r)(x*2), r

// CARRY_ADD adds y to x, with the carry that the block before left in the
// slot in (0 or -1, a whole word: see keepsRun), and leaves the carry out
// in the slot out, through t.
#define CARRY_ADD(x, y, in, out, t) \
	BTQ  $0, in; \
	ADCQ y, x;   \
	SBBQ t, t;   \
	MOVQ t, out

// KEEPS_CUT cuts the block before its last ESC, of those in AX, for
// keeps's second try: to keepsOne if that is its first byte, or if there
// is none; else R10 and BX are kept for keepsBack, and cut there, and if
// no flag is left before the cut, to keepsRest. It clobbers R13 and R14.
#define KEEPS_CUT \
	LZCNTQ AX, R14;                 \
	MOVL   $63, R13;                \
	SUBQ   R14, R13; /* the last ESC; -1 if none */ \
	JLE    keepsOne;                \
	MOVQ   R10, keepsEnd-120(SP);   \
	MOVQ   BX, keepsFlags-128(SP);  \
	MOVQ   R13, R10;                \
	BZHIQ  R10, BX, BX;             \
	MOVQ   $1, keepsTry-112(SP);    \
	TESTQ  BX, BX;                  \
	JZ     keepsRest

// EMOJI_IN is EMOJI_BIT (vec_amd64.h) with the tables at R13.
#define EMOJI_IN(r, table, notEmoji, notIn) EMOJI_BIT(r, R13, table, notEmoji, notIn)

// SYMBOL_AT jumps to fail unless the bytes at lead and last, two apart,
// are those of a character of U+2000–U+2FFF (E2 and two continuation
// bytes), and sets R14 to its offset from U+2000. It clobbers AX.
#define SYMBOL_AT(lead, last, fail) \
	MOVWLZX lead, AX;  \
	CMPB    AL, $0xE2; \
	JNE     fail;      \
	SHRL    $8, AX;    \
	TESTB   $0x40, AL; \
	JNZ     fail;      \
	TESTB   $0x80, AL; \
	JZ      fail;      \
	MOVBLZX last, R14; \
	TESTB   $0x40, R14B; \
	JNZ     fail;      \
	TESTB   $0x80, R14B; \
	JZ      fail;      \
	ANDL    $0x3F, AX; \
	SHLL    $6, AX;    \
	ANDL    $0x3F, R14; \
	ORL     AX, R14

// BEFORE sets AX to how many bytes before R10 in the block may be read
// (avail and R10), and jumps to fail if that is fewer than n.
#define BEFORE(n, fail) \
	MOVQ avail-56(SP), AX; \
	ADDQ R10, AX;          \
	CMPQ AX, $n;           \
	JLT  fail

// SYMBOL_BASE jumps to fail unless the character of U+2000–U+2FFF whose
// offset R14 holds is in U+2190–U+23FF or U+2600–U+27BF, all bases
// (isBase). It clobbers AX.
#define SYMBOL_BASE(fail) \
	CMPL R14, $0x190;      \
	JLT  fail;             \
	CMPL R14, $0x7BF;      \
	JHI  fail;             \
	LEAL -0x400(R14), AX;  \
	CMPL AX, $0x200;       \
	JCS  fail

// SYMBOL_IN jumps to fail unless the character of U+2000–U+2FFF whose
// offset R14 holds is Extended_Pictographic (emojiTables.symbols). It
// clobbers AX.
#define SYMBOL_IN(fail) \
	MOVL R14, AX;                              \
	SHRL $6, AX;                               \
	MOVQ emojiTables_symbols(R13)(AX*8), AX;   \
	BTQ  R14, AX;                              \
	JCC  fail

// TAIL jumps to emojisTags if the tagTail bytes at R10 in the block are
// the tail at off in emojiTables.tails, else to next. It clobbers AX.
#define TAIL(off, next) \
	MOVQ emojiTables_tails+(off)(R13), AX;    \
	CMPQ AX, (SI)(R10*1);                     \
	JNE  next;                                \
	MOVQ emojiTables_tails+(off)+8(R13), AX;  \
	CMPQ AX, 8(SI)(R10*1);                    \
	JNE  next;                                \
	MOVQ emojiTables_tails+(off)+16(R13), AX; \
	CMPQ AX, 16(SI)(R10*1);                   \
	JEQ  emojisTags;                          \
	JMP  next

// JOINING sets AX to the bits of the Joining_Type (joining.go) of the
// character of two bytes of U+0600–U+07FF at o(SI), from
// emojiTables.joining (R13), or jumps to fail if there is none there. It
// clobbers DX.
#define JOINING(o, fail) \
	MOVBLZX (SI)(o*1), AX;  \
	XORL    $0xD8, AX;      \
	CMPL    AX, $7;         \
	JHI     fail;           \
	MOVBLZX 1(SI)(o*1), DX; \
	XORL    $0x80, DX;      \
	CMPL    DX, $0x3F;      \
	JHI     fail;           \
	SHLL    $6, AX;         \
	ORL     DX, AX;         \
	MOVBLZX emojiTables_joining(R13)(AX*1), AX

// VIRAMA jumps to pass if the character of three bytes that ends before
// o(SI), which BEFORE has let be read, is a virama of the Indic blocks
// (emojiTables.virama, viramaPasses), and else to not. It clobbers AX and
// R14.
#define VIRAMA(o, pass, not) \
	MOVBLZX -3(SI)(o*1), AX;                 \
	CMPL    AX, $0xE0;                       \
	JNE     not;                             \
	MOVBLZX -2(SI)(o*1), AX;                 \
	SUBL    $0xA4, AX;                       \
	CMPL    AX, $((const_indicHi-const_indicLo)>>6); \
	JHI     not;                             \
	MOVBLZX -1(SI)(o*1), R14;                \
	XORL    $0x80, R14;                      \
	CMPL    R14, $0x3F;                      \
	JHI     not;                             \
	MOVQ    emojiTables_virama(R13)(AX*8), AX; \
	BTQ     R14, AX;                         \
	JCS     pass;                            \
	JMP     not

// TAG_MID sets r to zero where the bytes 8 to 23 after R10 in the block
// at SI are the tags 2 to 5 of the tail at off in emojiTables.tails, else
// to some other value. It clobbers AX.
#define TAG_MID(off, r) \
	MOVQ emojiTables_tails+(off)+4(R13), r;  \
	XORQ 8(SI)(R10*1), r;                    \
	MOVQ emojiTables_tails+(off)+12(R13), AX; \
	XORQ 16(SI)(R10*1), AX;                  \
	ORQ  AX, r

// TAG_FLAGS sets AX to the flags of BX after F3, at the second byte of a
// tag, in the block Z0 whose bytes one back EMOJIS_VEC left in Z2. It
// clobbers K3.
#define TAG_FLAGS \
	VPCMPEQB VB(const_vbF3), Z2, K3; \
	KMOVQ    K3, AX;                 \
	ANDQ     BX, AX

// EMOJIS_TAGS adds to R12 the tags of a recommended flag, as tagRun passes
// them, where the first flag of AX (TAG_FLAGS) is the second byte of the
// first tag after U+1F3F4, and U+1F3F4 and all the
// tags are in the block at SI: the tag p from 4 to 40. Those that are not
// go on to the scalar code, which reads bytes before the block and cuts a
// block before a flag whose tags run past it. Each flag of chat text that
// the scalar code took cost a branch that went either way at random, late,
// after the work on the block: here there is none. Every tail starts with
// the tag g and ends with the cancel tag (TestEmojiVec holds this to
// emojiVecGo, which compares whole tails), so that the three differ in the
// 16 bytes between. The test of the flag and the cancel tag waits in R15,
// which only the run of sequences holds (csisRun): in K3, as before, it
// cost a mask register written and read, and the ZWJ corpus read 1.03x as
// fast without. It clobbers AX, R10, R11, R14 and R15.
#define EMOJIS_TAGS \
	TZCNTQ   AX, R10;                \
	SUBQ     $5, R10; /* p-4; 59 if there is none */ \
	XORL     R11, R11;               \
	XORL     R14, R14;               \
	CMPQ     R10, $36;               \
	SETHI    R14B;                   \
	CMOVQHI  R11, R10; /* out of range: read at 0, and fail */ \
	MOVQ     $0xA781A0F3B48F9FF0, R11; /* U+1F3F4, the tag g */ \
	XORQ     (SI)(R10*1), R11;       \
	MOVL     24(SI)(R10*1), AX;      \
	XORL     $0xBF81A0F3, AX; /* the cancel tag */ \
	ORQ      AX, R11;                \
	ORQ      R14, R11;               \
	MOVQ     R11, R15; /* zero where all of that holds */ \
	TAG_MID(0, R11);                 \
	TAG_MID(const_tagTail, R14);     \
	TESTQ    R14, R14;               \
	CMOVQEQ  R14, R11;               \
	TAG_MID(2*const_tagTail, R14);   \
	TESTQ    R14, R14;               \
	CMOVQEQ  R14, R11; /* zero where some tail holds */ \
	ORQ      R15, R11;               \
	LEAQ     4(R10), R14;            \
	MOVL     $0xFFFFFF, AX;          \
	SHLXQ    R14, AX, AX;            \
	XORL     R14, R14;               \
	TESTQ    R11, R11;               \
	CMOVQNE  R14, AX;                \
	ORQ      AX, R12

// BACK_TWO puts in Z2 and Z3 the bytes one and two back of the block Z0,
// with none before it (Z15 zero), for the passes over emoji and the
// joiners of scripts that take a block alone; it clobbers Z1.
#define BACK_TWO \
	VALIGND  $12, Z15, Z0, Z1; \
	VPALIGNR $15, Z1, Z0, Z2;  \
	VPALIGNR $14, Z1, Z0, Z3

// EMOJIS_VEC sets R12 to the flags of BX that are joiners and selectors
// that pass in context, decided all at once on the block Z0 alone, with
// masks of the characters that end at each byte: what needs a byte
// outside the block, or a character that the tables leave to the scalar
// code (emojivec.go), does not pass here. As the scalar code from
// emojisNext, with P4, P3 and M4 the pictographs of the emoji block and of
// U+2000–U+2FFF and the skin tones, BASE the bases (isBase) that it takes:
//
//	PS    = P4 | P3 | M4 & (P4 | P3) << 4  (a pictograph, and its skin tone)
//	FV    = FE0F & (BASE & PS) << 3        (and a selector after both)
//	after = P4 >> 4 | P3 >> 3              (a pictograph after a joiner)
//	pass  = ZWJ & (PS | FV) << 3 & after | selectors & BASE << 3
//
// It clobbers AX, R10, R11, R14, Z1–Z7 and K3–K7.
#define EMOJIS_VEC \
	BACK_TWO; \
	EMOJIS_BACK

// EMOJIS_PICTS, EMOJIS_TONES, EMOJIS_SELECTORS and EMOJIS_JOINERS are the
// scalar steps that EMOJIS_BACK and EMOJIS_WELL share, each after the
// tests it takes: P4 in K6 and P3 in K7, for R14 (after) and R10 (P);
// M4 in K6, for R10 (PS); the selectors in K6, U+FE0F in K7 and BASE in
// R11, for R12 (those that pass) and R10 (what may end before a joiner,
// PS | FV, three bytes on); the joiners in K4, which pass between the
// two. They clobber AX.
#define EMOJIS_PICTS \
	KMOVQ K6, R10;   \
	KMOVQ K7, R11;   \
	MOVQ  R10, R14;  \
	SHRQ  $4, R14;   \
	MOVQ  R11, AX;   \
	SHRQ  $3, AX;    \
	ORQ   AX, R14;   \
	ORQ   R11, R10

#define EMOJIS_TONES \
	KMOVQ K6, R11;   \
	MOVQ  R10, AX;   \
	SHLQ  $4, AX;    \
	ANDQ  AX, R11;   \
	ORQ   R11, R10

#define EMOJIS_SELECTORS \
	KMOVQ K6, R12;   \
	MOVQ  R11, AX;   \
	SHLQ  $3, AX;    \
	ANDQ  AX, R12;   \
	ANDQ  R10, R11;  \
	SHLQ  $3, R11;   \
	KMOVQ K7, AX;    \
	ANDQ  AX, R11;   \
	ORQ   R11, R10;  \
	SHLQ  $3, R10

#define EMOJIS_JOINERS \
	KMOVQ K4, AX;    \
	ANDQ  R10, AX;   \
	ANDQ  R14, AX;   \
	ORQ   AX, R12;   \
	ANDQ  BX, R12

// EMOJIS_BACK is EMOJIS_VEC with the bytes one and two back of the block
// in Z2 and Z3: the lead three back of a character of four bytes is found
// in the block and its mask shifted, where EMOJIS_VEC shifted the block
// three places once more. It clobbers AX, R10, R11, R14, Z4–Z7 and K3–K7.
#define EMOJIS_BACK \
	/* K3: two continuation bytes end here; K4: E2 before them, K5: */ \
	/* 9F, the second byte of F0 9F. */ \
	VPCMPB   $1, VB(const_vbC0), Z2, K3;     \
	VPCMPB   $1, VB(const_vbC0), Z0, K3, K3; \
	VPCMPEQB VB(const_vbE2), Z3, K3, K4;     \
	VPCMPEQB VB(const_vb9F), Z3, K3, K5;     \
	EMOJIS_CLASSES

// EMOJIS_WELL is EMOJIS_BACK for a well-formed block, as the run of chat
// text (chats) takes one, with the bytes one and two back of it in Z2 and
// Z3, as CHECK512_SHIFT leaves them. What the run is short of is mask
// registers written, each compare or test one (bench/README.md): where
// EMOJIS_BACK writes 21, this writes 10. A lead byte there is followed by
// its continuation bytes, which need no test; F0 9F is found in the
// bytes three and two back, F0's shifted in as Z2 and Z3 are, XORed and
// tested once, not in a mask shifted and ANDed; the classes are looked
// up only where their characters end (zero-masked), so that the bases of
// both blocks and 21–7E make one vector with one test; and the bytes of
// the selectors, U+FE0F and the joiner are XORed with theirs and tested
// once. It sets R12, and clobbers AX, R10, R11, R14, Z1, Z4–Z7 and
// K4–K7. The bytes of its VPTERNLOGD are in Z19, Z20 and Z26
// (CHATS_TABLES): from memory (VB), as the rest are, the ZWJ corpus read
// at 0.98x this speed through Transform and 0.97x through NewReader
// (eight interleaved passes). Those three registers are free in the
// block loop where the run goes on: C1_512's Z19 and Z20 serve only sets
// without pairs, and the runs that take Z26 load it first.

// CHATS_TABLES loads the bytes that EMOJIS_WELL compares with in
// registers: F0, Base3 and B8.
#define CHATS_TABLES \
	VMOVDQU64 VB(const_vbF0), Z19;    \
	VMOVDQU64 VB(const_vbBase3), Z20; \
	VMOVDQU64 VB(const_vbB8), Z26

#define EMOJIS_WELL \
	/* K4: E2 two back; K5: F0 9F three and two back. */ \
	VALIGND    $12, Z15, Z0, Z1;                   \
	VPALIGNR   $13, Z1, Z0, Z4;                    \
	VPCMPEQB   VB(const_vbE2), Z3, K4;             \
	VPXORQ     VB(const_vb9F), Z3, Z5;             \
	VPTERNLOGD $0xF6, Z19, Z4, Z5; /* Z5 | Z4^F0 */ \
	VPTESTNMB  Z5, Z5, K5;                         \
	/* Their classes, Z6 and Z7, zero elsewhere. */ \
	VPERMB     emojiTables_rows4(R13), Z2, Z5;     \
	VPERMB.Z   emojiTables_cols4(R13), Z0, K5, Z6; \
	VPANDQ     Z5, Z6, Z6;                         \
	VPERMB     emojiTables_rows3(R13), Z2, Z5;     \
	VPERMB.Z   emojiTables_cols3(R13), Z0, K4, Z7; \
	VPANDQ     Z5, Z7, Z7;                         \
	/* R14: after; R10: PS. */ \
	VPTESTMB   VB(const_vbPict4), Z6, K6;          \
	VPTESTMB   VB(const_vbPict3), Z7, K7;          \
	EMOJIS_PICTS;                                  \
	VPTESTMB   VB(const_vbMod4), Z6, K6;           \
	EMOJIS_TONES;                                  \
	/* R11: BASE: the bases of both blocks, and 21–7E, where x+5F, */ \
	/* as a signed byte, is under DE. */ \
	VPANDQ     VB(const_vbBase4), Z6, Z5;          \
	VPTERNLOGD $0xF8, Z20, Z7, Z5; /* Z5 | Z7&Base3 */ \
	VPADDB     VB(const_vb5F), Z0, Z1;             \
	VPCMPB     $1, VB(const_vbDE), Z1, K7;         \
	VMOVDQU8   VB(const_vbBase4), K7, Z5;          \
	VPTESTMB   Z5, Z5, K6;                         \
	KMOVQ      K6, R11;                            \
	/* R12: selectors, EF B8 80–8F, after a base; K7: U+FE0F. Z5 is */ \
	/* 0 where EF B8 is two and one back, Z1 where 8F ends, and in its */ \
	/* high half where 80–8F does: XORs rather than a compare of EF, */ \
	/* which the tests would take as a mask, one mask register less. */ \
	VPXORQ     VB(const_vbEF), Z3, Z5;             \
	VPTERNLOGD $0xF6, Z26, Z2, Z5; /* Z5 | Z2^B8 */ \
	VPXORQ     VB(const_vb8F), Z0, Z1;             \
	VPORQ      Z5, Z1, Z4;                         \
	VPTERNLOGD $0xF8, Z19, Z1, Z5; /* Z5 | Z1&F0 */ \
	VPTESTNMB  Z5, Z5, K6;                         \
	VPTESTNMB  Z4, Z4, K7;                         \
	EMOJIS_SELECTORS;                              \
	/* Joiners, E2 80 8D, between the two. */ \
	VPXORQ     VB(const_vb80), Z2, Z5;             \
	VPTERNLOGD $0xF6, VB(const_vb8D), Z0, Z5; /* Z5 | Z0^8D */ \
	VPTESTNMB  Z5, Z5, K4, K4;                     \
	EMOJIS_JOINERS

// EMOJIS_CLASSES is the rest of EMOJIS_BACK, from K4 and K5.
#define EMOJIS_CLASSES \
	VPCMPEQB VB(const_vbF0), Z0, K6;         \
	KSHIFTLQ $3, K6, K6;                     \
	KANDQ    K6, K5, K5;                     \
	/* Their classes: Z6 of the emoji block's, Z7 of U+2000–U+2FFF's. */ \
	VPERMB   emojiTables_rows4(R13), Z2, Z5; \
	VPERMB   emojiTables_cols4(R13), Z0, Z6; \
	VPANDQ   Z5, Z6, Z6;                     \
	VPERMB   emojiTables_rows3(R13), Z2, Z5; \
	VPERMB   emojiTables_cols3(R13), Z0, Z7; \
	VPANDQ   Z5, Z7, Z7;                     \
	/* R14: after; R10: PS. */ \
	VPTESTMB VB(const_vbPict4), Z6, K5, K6;  \
	VPTESTMB VB(const_vbPict3), Z7, K4, K7;  \
	EMOJIS_PICTS;                            \
	VPTESTMB VB(const_vbMod4), Z6, K5, K6;   \
	EMOJIS_TONES;                            \
	/* R11: BASE, of the emoji block, U+2000–U+2FFF, or 21–7E. */ \
	VPTESTMB VB(const_vbBase4), Z6, K5, K6;  \
	VPTESTMB VB(const_vbBase3), Z7, K4, K7;  \
	KORQ     K6, K7, K6;                     \
	VPCMPUB  $6, VB(const_vb20), Z0, K7;     \
	VPCMPUB  $1, VB(const_vb7F), Z0, K7, K7; \
	KORQ     K6, K7, K6;                     \
	KMOVQ    K6, R11;                        \
	/* R12: selectors, EF B8 80–8F, after a base; K7: U+FE0F. */ \
	VPCMPEQB VB(const_vbEF), Z3, K7;         \
	VPCMPEQB VB(const_vbB8), Z2, K7, K7;     \
	VPCMPB   $1, VB(const_vb90), Z0, K7, K6; \
	VPCMPEQB VB(const_vb8F), Z0, K7, K7;     \
	EMOJIS_SELECTORS;                        \
	/* Joiners, E2 80 8D, between the two. */ \
	VPCMPEQB VB(const_vb80), Z2, K4, K4;     \
	VPCMPEQB VB(const_vb8D), Z0, K4, K4;     \
	EMOJIS_JOINERS

// NONJOINERS_VEC sets R12 to the flags of BX that end a non-joiner, E2 80
// 8C, right between two letters of two bytes of U+0600–U+07FF in the block
// at SI (Z0), one that joins on its left before it and one that joins on
// its right after it (joinervec.go: nonJoinerVecGo). R13 holds the tables.
// It clobbers AX, Z1–Z6 and K3–K6.
#define NONJOINERS_VEC \
	BACK_TWO;                                     \
	/* K3: continuation bytes after a lead of C0–FF, of which the */ \
	/* lookups leave D8–DF alone. */ \
	VPCMPB   $1, VB(const_vbC0), Z0, K4;          \
	VPCMPUB  $5, VB(const_vbC0), Z2, K4, K3;      \
	/* K4, K3: the letters that join on their left, on their right, */ \
	/* at their last byte; K6: the non-joiners, at theirs. */ \
	VPERMB   emojiTables_leadBits(R13), Z2, Z4;   \
	VPERMB   emojiTables_joinsLeft(R13), Z0, Z5;  \
	VPERMB   emojiTables_joinsRight(R13), Z0, Z6; \
	VPTESTMB Z4, Z5, K3, K4;                      \
	VPTESTMB Z4, Z6, K3, K3;                      \
	VPCMPEQB VB(const_vb8C), Z0, K6;              \
	VPCMPEQB VB(const_vb80), Z2, K6, K6;          \
	VPCMPEQB VB(const_vbE2), Z3, K6, K6;          \
	/* The letter before ends three bytes back, the one after two on. */ \
	KMOVQ    K4, R12;                             \
	SHLQ     $3, R12;                             \
	KMOVQ    K3, AX;                              \
	SHRQ     $2, AX;                              \
	ANDQ     AX, R12;                             \
	KMOVQ    K6, AX;                              \
	ANDQ     AX, R12;                             \
	ANDQ     BX, R12

// RUN_LOADS loads the block at SI into Z0, and the bytes one and two
// places back into Z2 and Z3, for nonJoinerRun and viramaRun, as the run
// of joiners leaves them (JOINERS_BLOCK); Z1 and Z4–Z7, which it leaves
// clobbered, get all ones, so that a pass that took one of them for its
// input would fail the tests.
#define RUN_LOADS \
	VMOVDQU64  (SI), Z0;            \
	VMOVDQU64  -1(SI), Z2;          \
	VMOVDQU64  -2(SI), Z3;          \
	VPTERNLOGD $0xFF, Z1, Z1, Z1;   \
	VMOVDQA64  Z1, Z4;              \
	VMOVDQA64  Z1, Z5;              \
	VMOVDQA64  Z1, Z6;              \
	VMOVDQA64  Z1, Z7

// VIRAMAS_VEC sets R12 to the flags of BX that end a joiner or a
// non-joiner, E2 80 8D or 8C, right after a virama of the Indic blocks in
// the block at SI (Z0) (joinervec.go: viramaVecGo). R13 holds the tables.
// It clobbers AX, Z1–Z5 and K3–K5.
#define VIRAMAS_VEC \
	BACK_TWO;                                     \
	/* K3: the viramas, E0 and two continuation bytes, at their last. */ \
	VPCMPB   $1, VB(const_vbC0), Z0, K3;          \
	VPCMPB   $1, VB(const_vbC0), Z2, K3, K3;      \
	VPCMPEQB VB(const_vbE0), Z3, K3, K3;          \
	VPERMB   emojiTables_viramaRows(R13), Z2, Z4; \
	VPERMB   emojiTables_viramaCols(R13), Z0, Z5; \
	VPTESTMB Z4, Z5, K3, K3;                      \
	/* K4: the joiners and non-joiners, at their last byte. */ \
	VPCMPEQB VB(const_vb8C), Z0, K4;              \
	VPCMPEQB VB(const_vb8D), Z0, K5;              \
	KORQ     K4, K5, K4;                          \
	VPCMPEQB VB(const_vb80), Z2, K4, K4;          \
	VPCMPEQB VB(const_vbE2), Z3, K4, K4;          \
	/* The virama ends three bytes back. */ \
	KMOVQ    K3, R12;                             \
	SHLQ     $3, R12;                             \
	KMOVQ    K4, AX;                              \
	ANDQ     AX, R12;                             \
	ANDQ     BX, R12

// keepsBad marks, by the low half of a parameter byte (30–3F), those that
// keeps leaves to sgr: :, and < = > ?.
DATA keepsBad<>+0(SB)/8, $0x0000000000000000
DATA keepsBad<>+8(SB)/8, $0xffffffff00ff0000
DATA keepsBad<>+16(SB)/8, $0x0000000000000000
DATA keepsBad<>+24(SB)/8, $0xffffffff00ff0000
DATA keepsBad<>+32(SB)/8, $0x0000000000000000
DATA keepsBad<>+40(SB)/8, $0xffffffff00ff0000
DATA keepsBad<>+48(SB)/8, $0x0000000000000000
DATA keepsBad<>+56(SB)/8, $0xffffffff00ff0000
GLOBL keepsBad<>(SB), RODATA|NOPTR, $64

// nextBytes is VPERMB's index of the bytes one on in a block, the last
// byte again in the last place: 1, 2, …, 63, 63.
DATA nextBytes<>+0(SB)/8, $0x0807060504030201
DATA nextBytes<>+8(SB)/8, $0x100f0e0d0c0b0a09
DATA nextBytes<>+16(SB)/8, $0x1817161514131211
DATA nextBytes<>+24(SB)/8, $0x201f1e1d1c1b1a19
DATA nextBytes<>+32(SB)/8, $0x2827262524232221
DATA nextBytes<>+40(SB)/8, $0x302f2e2d2c2b2a29
DATA nextBytes<>+48(SB)/8, $0x3837363534333231
DATA nextBytes<>+56(SB)/8, $0x3f3f3e3d3c3b3a39
GLOBL nextBytes<>(SB), RODATA|NOPTR, $64

// afterBytes is VPERMI2B's index of the bytes one on in a block and the
// block after it: 1, 2, …, 64 (csisRunOSC).
DATA afterBytes<>+0(SB)/8, $0x0807060504030201
DATA afterBytes<>+8(SB)/8, $0x100f0e0d0c0b0a09
DATA afterBytes<>+16(SB)/8, $0x1817161514131211
DATA afterBytes<>+24(SB)/8, $0x201f1e1d1c1b1a19
DATA afterBytes<>+32(SB)/8, $0x2827262524232221
DATA afterBytes<>+40(SB)/8, $0x302f2e2d2c2b2a29
DATA afterBytes<>+48(SB)/8, $0x3837363534333231
DATA afterBytes<>+56(SB)/8, $0x403f3e3d3c3b3a39
GLOBL afterBytes<>(SB), RODATA|NOPTR, $64

// func vecCopy512(dst, src []byte, v *vecTables, esc *escapeTable, k *kernelSeq) (nDst, nSrc int)
//
// vecCopy256 (vec_amd64.s) for blocks of 64 bytes: the same registers but
// R10, here how far a block with escapes is well-formed, with the flags of
// a block in K2 and those other than escaped ASCII bytes in K1. Every
// block starts at a character boundary, so the block before it can be
// taken as ASCII: Z15 stays zero. What is copied short of a block goes
// with a masked store of bytes, and a block whose only flags are escaped
// ASCII bytes is copied and escaped without going back to block after
// each escape, and at once where every escape is two bytes (expand).
TEXT ·vecCopy512(SB), NOSPLIT, $136-88
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
	VMOVDQU64    nextBytes<>(SB), Z21 // for blockPairs, in place of open64
	MOVQ         k+64(FP), R11
	MOVBQZX      kernelSeq_mode(R11), AX
	MOVQ         AX, mode-8(SP)
	MOVBQZX      kernelSeq_colored(R11), AX
	MOVQ         AX, colored-16(SP)
	// With attributes on and line feeds raw, the watch is on from the
	// start, as after a kept SGR sequence (SET_COLORED); vecCopy does not
	// hand what is left short of a block to the narrow kernel then, which
	// does not watch.
	TESTQ        $const_kernelLineFeed, mode-8(SP)
	JNZ          2(PC)
	XORL         AX, AX
	MOVQ         AX, watch-48(SP)
	MOVQ         kernelSeq_emoji(R11), AX
	MOVQ         AX, emoji-72(SP)
	MOVQ         $0, multi-80(SP)
	// No window of blockPairs yet. dense shares its slot with runFin and
	// krOSCAt, of the runs of sequences: what they leave there can only
	// start or end a window, which changes nothing the kernel does (see
	// pairsDense). With a slot of its own, a frame of 144 bytes put
	// colored out of reach of a byte's displacement, and Escape() went
	// 0.88–0.92x as fast on the logs.
	MOVQ         $0, dense-136(SP)

	// The block loop starts a line of 64 bytes, so that where it falls
	// does not move with the code above: 11 bytes down, Escape() went
	// 0.90x as fast on ASCII text.
	PCALIGN $64

block:
	ROOM64(copied)
	VMOVDQU64 (SI), Z0

loaded:
	// A block within four blocks of one that is not ASCII is checked as
	// one that is not (blockMulti), whatever it holds. Where ASCII blocks
	// and others alternate, as in a log with a name or a word not in
	// English on every line, taking the ASCII path for each ASCII block
	// cost a mispredicted branch about every other block; this branch is
	// taken for every block there, and for none in ASCII text. multi
	// holds where the fourth block after the last one that was not ASCII
	// starts.
	CMPQ      SI, multi-80(SP)
	JB        blockMulti
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R11
	TESTQ     R11, R11
	JNZ       blockMulti
	CMPQ      watch-48(SP), $0
	JNE       watchedASCII
	CMPQ      vecTables_escapes(DX), $0
	JE        whole
	ESCAPED(Z0, Z1, K2)
	KMOVQ     K2, R11
	TESTQ     R11, R11
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
	KMOVQ     K1, R11
	TESTQ     R11, R11
	JNZ        block
	CMPQ       vecTables_escapes(DX), $0
	JE         whole4
	ESCAPED(Z0, Z4, K2)
	KMOVQ     K2, R11
	TESTQ     R11, R11
	JNZ        flaggedASCII
	ESCAPED(Z1, Z4, K2)
	KMOVQ     K2, R11
	TESTQ     R11, R11
	JNZ        escaped1
	ESCAPED(Z2, Z4, K2)
	KMOVQ     K2, R11
	TESTQ     R11, R11
	JNZ        escaped2
	ESCAPED(Z3, Z4, K2)
	KMOVQ     K2, R11
	TESTQ     R11, R11
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
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R11
	LEAQ      256(SI), AX
	TESTQ     R11, R11
	CMOVQEQ   multi-80(SP), AX
	MOVQ      AX, multi-80(SP)
	CHECK512_SHIFT
	CHECK512_ERRS
	CMPQ      vecTables_pairs(DX), $0
	JNE       blockPairs
	VPTESTMB  Z11, Z11, K1
	CMPQ      vecTables_c1(DX), $0
	JE        blockEsc
	C1_512

blockEsc:
	CHECK_ESC512
	// In a general register, as vecScan512 tests its flags: with
	// KORTESTQ, Transform was 7–10% slower on text that is not ASCII.
	KMOVQ     K2, R11
	TESTQ     R11, R11
	JNZ       flagged
	CMPQ      watch-48(SP), $0
	JNE       flagged // escapes, which watches for line feeds
	OPEN_END(R12, part) // copy the block up to the character, if any
	VMOVDQU64 Z0, (DI)
	ADDQ      $64, SI
	ADDQ      $64, DI
	JMP       block

blockPairs:
	// Out of the way of sets without pairs. A block starts at a character
	// boundary, so no pair begins before it. K2 gets the escaped ASCII
	// bytes and the errors first, tested before the pairs: where a block
	// of mixed text has an escaped line feed or not at random, a branch
	// at the end of the pairs' lookups is mispredicted later. Then the
	// gate (PAIRS512): a block without pairs, most text that is not
	// ASCII, is copied. One with pairs has them sorted out by the byte
	// after each (PAIRS_AT512), and those flagged moved where they are
	// (PAIRS_THIRDS512). Before, the third bytes of every block past the
	// gate were looked up two places on (TRIPLES512), and the flags of
	// pairs not led by E0–EF moved, eleven instructions where these take
	// four: the E2 80 of a curly quote or a dash is a pair of U+200B's,
	// and the invisible classes ran at 0.80x the speed of Escape() on
	// prose and 0.88x on typeset text. Without the gate, they ran at
	// 0.88x on CJK text and 0.91x on Latin; with the bytes one on loaded
	// from src rather than permuted, a second load across two lines of
	// the cache for each block, at 0.87x on prose. Masks are tested in a
	// general register, as in vecScan512: with KORTESTQ, Transform with
	// the invisible classes was 2–8% slower on Latin, prose, CJK, emoji
	// and mixed text (alternating runs, nine each). Where a block with
	// pairs and none flagged follows another within two blocks, as in
	// prose, whose gate opens in 99% of its blocks, the gate is left out
	// for the next 2 KiB (pairsDense).
	ERRS_ESCAPED512
	CMPQ       SI, dense-136(SP)
	JB         pairsDense
	VPTESTMB   Z6, Z6, K2
	KMOVQ      K2, R11
	TESTQ      R11, R11
	JNZ        pairsFlagged
	PAIRS512
	KMOVQ      K5, R11
	TESTQ      R11, R11
	JNZ        pairsGate

pairsNone:
	// The block's store is here rather than a jump to blockEsc's: with
	// the jump, typeset text was 0.92x as fast.
	CMPQ       watch-48(SP), $0
	JNE        pairsWatch
	OPEN_END(R12, part)
	VMOVDQU64  Z0, (DI)
	ADDQ       $64, SI
	ADDQ       $64, DI
	JMP        block

pairsGate:
	PAIRS_AT512
	KMOVQ      K5, R11
	TESTQ      R11, R11
	JNZ        pairsGateFlagged

pairsWindow:
	// Pairs, none flagged: within two blocks of the last such block
	// (dense holds where it starts), the blocks of the next 2 KiB leave
	// the gate out (pairsDense). Only here, so that the text of the ZWJ
	// corpus, whose gate opens in every block for its joiners, most of
	// them flagged, keeps the gate: with the window started by any block
	// past the gate, it went 0.95x as fast. Here in line: after the
	// function's end, with a jump there and back, typeset text, whose
	// gate opens in one block in ten, went 0.97x as fast.
	MOVQ       SI, R11
	SUBQ       dense-136(SP), R11
	LEAQ       2048(SI), AX
	CMPQ       R11, $128
	CMOVQHI    SI, AX
	MOVQ       AX, dense-136(SP)
	JMP        pairsNone

pairsGateFlagged:
	KMOVQ      K2, K1 // 0
	JMP        pairsThirds

pairsWatch:
	// Nothing flagged, but the watch is on: escapes looks for line feeds,
	// with K1 and K2 0.
	KMOVQ K2, K1
	JMP   flagged

pairsFlagged:
	// With no gate: most blocks here have an escaped line feed, and a
	// pair at random, as a dash in mixed text. With the gate, the
	// invisible classes were 0.93x as fast there (alternating runs,
	// eight each).
	VPTESTMB Z11, Z11, K1
	PAIRS_CLASSES512
	PAIRS_AT512
	KMOVQ    K5, R11
	TESTQ    R11, R11
	JZ       flagged

pairsThirds:
	PAIRS_THIRDS512
	JMP flagged

part:
	// A character left open at the end: copy the block up to it, 61 to
	// 63 bytes, and start the next block there.
	COPY_FIRST(R12)
	JMP      block

watchedASCII:
	// While attributes are on and line feeds raw, every block goes
	// through escapes, which watches for them.
	ESCAPED(Z0, Z1, K2)

flaggedASCII:
	// An ASCII block, which starts where a character does, is well-formed
	// to its end.
	MOVL $64, R10
	JMP  escapes

flagged:
	KMOVQ     K1, BX
	TESTQ     BX, BX
	JZ       flaggedEsc
	CMPQ     emoji-72(SP), $0
	JEQ      other
	JMP      emojis

flaggedEsc:
	// Only escaped ASCII bytes are flagged: the block is well-formed up to
	// a character left open at its end, if any: R10 bytes.
	OPEN_END(R10, escapes)
	MOVL     $64, R10

	// The path of escaped bytes starts at a line of 32 bytes, so that
	// where it falls does not move with the code above: moved 11 bytes
	// down or 43 up by changes above it, the same code made Escape()
	// 0.89× as fast on the logs (alternating runs, six each).
	PCALIGN $32

escapes:
	// Copy and escape the first R10 bytes of the block Z0 at SI (61 to
	// 64), whose escaped bytes are in K2, without loading it again. The
	// next block is loaded first, before any store: in the two buffers
	// of transform.Reader, 4 KiB each and page-aligned, the stores of a
	// block land at the same place in a page as the next block's bytes
	// once escapes have moved dst ahead, and a load after them waited
	// for them (4K aliasing), which made Escape() through a reader
	// 4–16% slower on ASCII, logs and mixed text (alternating runs).
	LEAQ      128(SI), R11
	CMPQ      R11, CX
	JHI       escapesLoaded
	VMOVDQU64 64(SI), Z6

escapesLoaded:
	KMOVQ K2, BX
	XORL  R12, R12
	TESTQ BX, BX
	JZ    rest // a block without flags, which the watch sends here
	TESTQ $const_kernelKeep, mode-8(SP)
	JNZ   keeps

expandTry:
	CMPQ  watch-48(SP), $0
	JNE   escapesOne

	// A block whose escapes are all of two bytes, as a line feed's,
	// tab's or carriage return's are in most styles, is escaped whole,
	// if it fits: each half of 32 bytes goes to 64 slots, two for each
	// byte, the escape's two bytes in those of an escaped byte and the
	// byte itself in the second of the others, and VPCOMPRESSB packs
	// the slots used. Z1 gets the first byte of each escape, Z2 the
	// second or the byte itself.
	POPCNTQ   BX, R11
	ADDQ      R10, R11
	ADDQ      DI, R11
	CMPQ      R11, R8
	JHI       escapesOne // one at a time, which stops where dst ends
	VMOVDQA64 Z0, Z1
	VMOVDQU64 escapeTable_first(R9), Z3
	VPERMI2B  escapeTable_first+64(R9), Z3, Z1
	VPTESTNMB Z1, Z1, K2, K3
	KMOVQ     K3, R11
	TESTQ     R11, R11
	JNZ       escapesOne // an escape of another length, or ESC
	VMOVDQA64 Z0, Z2
	VMOVDQU64 escapeTable_second(R9), Z3
	VPERMI2B  escapeTable_second+64(R9), Z3, Z2
	VPBLENDMB Z2, Z0, K2, Z2
	MOVQ      $0x5555555555555555, R13 // the first slot of each byte
	MOVQ      R13, R12
	NOTQ      R12 // the second
	MOVL      $64, AX
	EXPAND(expandSlots<>+0(SB))
	SHRQ      $32, BX
	LEAQ      -64(R10)(R10*1), AX // the slots of the bytes up to R10
	EXPAND(expandSlots<>+64(SB))
	ADDQ      R10, SI
	JMP       next

keeps:
	// Under KeepColors, a block whose flags are all ESCs that start SGR
	// sequences ending in its R10 bytes, with parameters of digits and ;
	// alone and no 8 that may be conceal, is copied whole: each is kept,
	// as sgr would keep it. With kernelColors, colored gets whether the
	// last leaves attributes on; with kernelLineFeed, they must be off
	// at every line feed. All of it is worked out on the block's masks,
	// with no branch on what each sequence holds (vec_generic_seq.go:
	// keepsBlock). Anything else goes one ESC at a time (escapesOne,
	// after keepsNot's second try), which reads each sequence's
	// parameters. R12 gets the parameters of the sequences, R13 their
	// final bytes.
	MOVQ     $0, keepsTry-112(SP)

keepsAgain:
	// PLAIN_CSIS, but where the last sequence may run past the block
	// (keepsPast).
	VPCMPEQB     Z31, Z0, K3
	KMOVQ        K3, AX
	BZHIQ        R10, AX, AX
	ANDNQ        BX, AX, R11
	JNZ          keepsNone // a flag that is no ESC
	VPANDQ       Z22, Z0, Z1
	VPCMPEQB     Z30, Z1, K3
	KMOVQ        K3, R11

keepsCarry:
	LEAQ         (AX*4), R13
	ADDQ         R11, R13
	JCS          keepsPast
	MOVQ         AX, R14
	SHRQ         $62, R14
	JNZ          keepsPast
	MOVL         $0x5B, R14 // [
	VPBROADCASTB R14, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R14
	SHRQ         $1, R14
	ANDNQ        AX, R14, R14
	JNZ          keepsNone // an ESC without [
	MOVQ         AX, keepsEscs-88(SP)
	ANDNQ    R11, R13, R12 // the parameters the carry went through
	ANDNQ    R13, R11, R13 // the byte after each run: its final byte
	MOVL         $0x6D, AX // m
	VPBROADCASTB AX, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, AX
	ANDNQ        R13, AX, AX
	TESTQ        AX, AX
	JNZ          keepsNot // not an SGR sequence, or past R10
	VMOVDQU64    keepsBad<>(SB), Z1
	VPSHUFB      Z0, Z1, Z1
	VPTESTMB     Z1, Z1, K3
	KMOVQ        K3, AX
	ANDQ         R12, AX
	JNZ          keepsNot // :, or < = > ? among the parameters
	// R14: where the carry through the zeros after each [ or ; stops
	// (bytes whose low half is B, in K7: ESC too, never just before a
	// parameter). On a final byte, the last parameter is all zeros or
	// empty, a reset where it is an operation; on an 8 that no digit
	// follows, the parameter is 8, conceal. In general registers: ten
	// instructions on mask registers, which also took 1008 for 8, made
	// KeepColors 6% slower on the log of SGR sequences alone.
	MOVL         $0x0B0B0B0B, AX
	VPBROADCASTD AX, Z1
	VPXORD       Z1, Z0, Z1
	VPTESTNMB    Z14, Z1, K7
	VPCMPEQB     Z30, Z0, K6
	KMOVQ        K7, AX
	KMOVQ        K6, R11
	SHLQ         $1, AX
	ADDQ         R11, AX
	ANDNQ        AX, R11, R14
	MOVL         $0x38, AX // 8
	VPBROADCASTB AX, Z1
	VPCMPEQB     Z1, Z0, K4
	KMOVQ        K4, R11
	ANDQ         R12, R11 // the 8s
	JZ           keepsState // none, as on most blocks: without this branch, 0.9× on the sgr log

	KMOVQ        K7, AX
	ANDNQ        R12, AX, AX // the digits
	SHRQ         $1, AX
	ANDNQ        R14, AX, AX
	ANDQ         R11, AX
	JNZ          keepsNot // conceal
	// A sequence with an 8 may set a colour (38, 48, 58), whose last
	// argument may be 0: what looks like a reset there is left to sgr.
	// The carry from each ESC through its bytes but its 8s stops on its
	// final byte only if it has none.
	ANDNQ        R12, R11, R11 // the parameters but the 8s
	MOVQ         keepsEscs-88(SP), AX
	ORQ          AX, R11
	SHLQ         $1, AX
	ORQ          AX, R11 // and the ESCs and their [
	MOVQ         keepsEscs-88(SP), AX
	ADDQ         R11, AX
	ANDNQ        AX, R11, AX // the final bytes of those without 8s
	MOVQ         R13, R11
	ANDQ         R14, R11 // the resets
	ANDNQ        R11, AX, R11
	JNZ          keepsNot

keepsState:
	// The bytes with attributes on: from after each sequence that leaves
	// them on (or the block's start, if they were) up to the next final
	// byte, where the carry through the bytes that are none stops. What
	// it carries out of the block, or a last byte that leaves them on,
	// is what colored gets. This replaced a branch for the first line
	// feed and the last sequence before it and after it, each with a
	// walk back over its zeros, and a block ended after its first line
	// feed where it had more: Transform and Span under KeepColors went
	// 1.45–1.7 times as fast on the log of SGR sequences alone, 1.15
	// times on the coloured log (eight pairs of runs).
	TESTQ        $const_kernelColors, mode-8(SP)
	JZ           keepsCopy
	ANDNQ        R13, R14, R14 // the final bytes that leave them on
	NOTQ         R13
	MOVQ         R14, AX
	SHLQ         $1, AX
	ORQ          colored-16(SP), AX
	XORL         R11, R11
	ADDQ         R13, AX
	SETCS        R11B
	SHRQ         $63, R14
	ORQ          R14, R11 // whether they are on after the block
	XORQ         R13, AX
	ANDQ         R13, AX // the bytes with attributes on
	TESTQ        $const_kernelLineFeed, mode-8(SP)
	JZ           keepsColored
	MOVL         $0x0A, R14
	VPBROADCASTB R14, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R14
	BZHIQ        R10, R14, R14
	ANDQ         R14, AX
	JNZ          keepsNot // a line feed with them on: the reset goes first

keepsColored:
	SET_COLORED(R11)

keepsCopy:
	XORL         R12, R12
	COPY_REST
	JMP          next

keepsPast:
	// The last sequence may run past the block, as on a coloured log
	// every third block or so: the cut that keepsNot would make once the
	// checks below failed is made at once, with the ESCs and parameter
	// bytes kept. It is the same cut, and the same second try.
	// A whole block starts a run of blocks instead (keepsRun), which
	// takes the sequence across.
	CMPQ         keepsTry-112(SP), $0
	JNE          keepsNone
	CMPQ         R10, $64
	JEQ          keepsRun
	KEEPS_CUT
	BZHIQ        R10, AX, AX
	JMP          keepsCarry

keepsNone:
	TESTQ        AX, AX
	JNZ          keepsNot
	CMPQ         keepsTry-112(SP), $0
	JNE          keepsOne // cut short: escapesOne takes the escapes up to R10
	JMP          expandTry // no ESC: other escapes alone

keepsNot:
	// Where that fails, the block up to its last ESC, if that is not
	// its first byte, is tried once more, the next block starting there:
	// on a coloured log, the last sequence of a block often runs past it.
	// On the second failure, escapesOne takes the block as it was, whose
	// end it may need to see what the sequence before the cut is.
	// A whole block starts a run of blocks first (keepsRun), which takes
	// what it can escape.
	CMPQ         keepsTry-112(SP), $0
	JNE          keepsBack
	CMPQ         R10, $64
	JEQ          keepsRun

keepsNotCut:
	VPCMPEQB     Z31, Z0, K3
	KMOVQ        K3, AX
	BZHIQ        R10, AX, AX
	KEEPS_CUT
	JMP          keepsAgain

keepsRest:
	XORL         R12, R12
	JMP          rest

keepsBack:
	MOVQ         keepsEnd-120(SP), R10
	MOVQ         keepsFlags-128(SP), BX

keepsOne:
	XORL         R12, R12

escapesOne:
	// One escape at a time: R12 is where the clean bytes start, R13 the
	// next escaped byte. Z0 is stored at DI-R12 so that its byte R12
	// lands at DI, under a mask of the bytes from R12 up to R13;
	// masked-off bytes are not written and do not fault. Where dst may
	// be too short, the kernel stops at R12.
	CMPQ  mode-8(SP), $const_kernelStrip
	JEQ   csis

escape:
	TZCNTQ   BX, R13
	CMPQ     watch-48(SP), $0
	JNE      watchEscape

escapeOn:
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

escapeWrite:
	// The escape at AX, of R11 bytes.
	WRITE_ESCAPE(R11, R12)
	MOVBLZX escapeText_n(AX), R11
	ADDQ    R11, DI
	LEAQ    1(R13), R12
	BLSRQ   BX, BX
	JNZ     escape

rest:
	// The clean bytes after the last escape, up to R10.
	CMPQ     watch-48(SP), $0
	JNE      watchRest

restOn:
	COPY_REST

next:
	// The next block, if escapes loaded it: the block was whole, and
	// both have room for another.
	CMPQ      R10, $64
	JNE       block
	ROOM64(block)
	VMOVDQA64 Z6, Z0
	JMP       loaded

restLF:
	// Up to a raw line feed while attributes are on: the caller writes
	// the reset before it.
	COPY_REST
	JMP copied

stop:
	ADDQ R12, SI
	JMP  copied

csi:
	// An ESC, at R13, that kernelSeq.mode asks to look at: a CSI
	// sequence of the plain form, ESC [, parameter bytes 30–3F and a
	// final byte 40–7E, that ends in the R10 bytes of the block that are
	// well-formed, is dropped (kernelStrip) or, if it is an SGR sequence
	// that KeepColors keeps (kernelKeep, sgr), kept, as the recognizer
	// would (sequence.go); anything else is the caller's. None of its
	// bytes but the ESC can be flagged: they are printable ASCII, and an
	// escaped one would go with the rest in the recognizer too.
	CMPQ    mode-8(SP), $0
	JEQ     held
	CMPB    (SI)(R13*1), $0x1B
	JNE     held // another byte without an escape: Span's table has none
	LEAQ    2(R13), R11 // where the parameters start
	CMPQ    R11, R10
	JAE     across
	CMPB    1(SI)(R13*1), $0x5B // [
	JNE     osc
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
	CMPL    R11, $0x2D // m
	JNE     csiOther
	TESTQ   $const_kernelKeep, mode-8(SP)
	JNZ     sgr

csiOther:
	// Not an SGR sequence that is kept: dropped under kernelStrip, and
	// its ESC escaped under kernelKeep alone.
	TESTQ   $const_kernelStrip, mode-8(SP)
	JZ      escESC
	LEAQ    1(AX), R12 // the bytes after it are next
	MOVQ    $-1, R11
	BZHIQ   R12, R11, R11
	ANDNQ   BX, R11, BX // and the flags up to it are done
	JMP     again

osc:
	// ESC ] starts an OSC string, dropped under kernelStrip with its
	// terminator, BEL or ST (ESC \), if that is the next flag and in the
	// R10 bytes of the block that are well-formed, and no byte before it
	// is a control: a line feed, CAN or SUB would end the string without
	// making it one, a BEL let through would end it, and other controls
	// are rare enough to leave to the recognizer. A C1 control, ST
	// included, and anything else not ASCII that is flagged is not seen
	// here (other).
	TESTQ   $const_kernelStrip, mode-8(SP)
	JZ      escESC
	CMPB    1(SI)(R13*1), $0x5D // ]
	JNE     held
	MOVQ    BX, AX
	BLSRQ   AX, AX
	TZCNTQ  AX, AX // the next flag, 64 if none
	CMPQ    AX, R10
	JAE     across
	CONTROLS(Z0, Z1, K3)
	MOVQ         $-1, R12
	BZHIQ        AX, R12, R12
	ANDQ         R12, R11
	LEAQ         2(R13), R12
	SHRXQ        R12, R11, R11 // those from R13+2 (at most 63) up to AX
	TESTQ        R11, R11
	JNZ          held
	CMPB         (SI)(AX*1), $0x07 // BEL
	JEQ          oscEnd
	CMPB         (SI)(AX*1), $0x1B
	JNE          held
	INCQ         AX
	CMPQ         AX, R10
	JAE          across
	CMPB         (SI)(AX*1), $0x5C // \
	JNE          held

oscEnd:
	// AX is the last byte of the string.
	LEAQ    1(AX), R12
	MOVQ    $-1, R11
	BZHIQ   R12, R11, R11
	ANDNQ   BX, R11, BX
	TESTQ   BX, BX
	JNZ     escape
	JMP     rest

escESC:
	// Under kernelKeep alone, an ESC that starts no SGR sequence that is
	// kept is escaped as a character, and the rest of its sequence is
	// left as text, as sanitizer.sequence does: on the coloured log, each
	// OSC sequence went back to Transform for it. kernelSeq.esc is its
	// escape. (escapeOn made room for one.)
	MOVQ    k+64(FP), AX
	MOVQ    kernelSeq_esc(AX), AX
	TESTQ   AX, AX
	JZ      held
	MOVBLZX escapeText_n(AX), R11
	JMP     escapeWrite

sgr:
	// The parameters, R13+2 up to the final byte at AX, as sgr in
	// sequence.go reads them: each one separated by ; is an operation but
	// for the colour arguments after 38, 48 and 58 (5;n or 2;r;g;b) when
	// they are not given with :, and 8 (conceal) is not kept. A value is
	// the number before the first :, saturated at 99, which tells the
	// values that matter apart as well as any bound. R12 is the final
	// byte, R13 the next parameter byte, AX the value; the locals hold
	// the arguments to skip (-1: the colour space is next), the last
	// operation, and whether a : was met.
	MOVQ    AX, R12
	LEAQ    2(R13), R13
	XORL    AX, AX
	MOVQ    $0, args-24(SP)
	MOVQ    $0, last-32(SP)
	MOVQ    $0, sub-40(SP)

sgrByte:
	CMPQ    R13, R12
	JAE     sgrEnd
	MOVBLZX (SI)(R13*1), R11
	INCQ    R13
	SUBL    $0x30, R11
	CMPL    R11, $9
	JA      sgrSep
	CMPQ    sub-40(SP), $0
	JNE     sgrByte
	LEAQ    (AX)(AX*4), AX
	LEAQ    (R11)(AX*2), AX // 10 v + digit
	CMPQ    AX, $99
	JBE     sgrByte
	MOVL    $99, AX
	JMP     sgrByte

sgrSep:
	CMPL    R11, $0x0A // :
	JNE     sgrSemi
	MOVQ    $1, sub-40(SP)
	JMP     sgrByte

sgrSemi:
	CMPL    R11, $0x0B // ;
	JNE     sgrNot

sgrParam:
	// The end of a parameter: R11 gets the arguments still to skip.
	MOVQ    args-24(SP), R11
	CMPQ    R11, $-1
	JNE     sgrArgs
	XORL    R11, R11 // the colour space: 5 takes one more, 2 three
	CMPQ    AX, $5
	JNE     sgrSpace
	MOVL    $1, R11
	JMP     sgrNext

sgrSpace:
	CMPQ    AX, $2
	JNE     sgrNext
	MOVL    $3, R11
	JMP     sgrNext

sgrArgs:
	TESTQ   R11, R11
	JZ      sgrOp
	DECQ    R11
	JMP     sgrNext

sgrOp:
	CMPQ    AX, $8
	JEQ     sgrNot // conceal
	CMPQ    sub-40(SP), $0
	JNE     sgrLast
	CMPQ    AX, $38
	JEQ     sgrColour
	CMPQ    AX, $48
	JEQ     sgrColour
	CMPQ    AX, $58
	JNE     sgrLast

sgrColour:
	MOVQ    $-1, R11

sgrLast:
	MOVQ    AX, last-32(SP)

sgrNext:
	MOVQ    R11, args-24(SP)
	XORL    AX, AX
	MOVQ    $0, sub-40(SP)
	CMPQ    R13, R12
	JBE     sgrByte // past R12: that was the last
	JMP     sgrKept

sgrEnd:
	INCQ    R13 // the last parameter, then out
	JMP     sgrParam

sgrNot:
	// Not kept: as any other sequence, with its final byte in AX.
	MOVQ    R12, AX
	TZCNTQ  BX, R13
	JMP     csiOther

sgrKept:
	// Kept: the clean bytes go on from its ESC, and the flags up to its
	// final byte are done. With kernelColors, colored says whether it
	// leaves attributes on, its last operation not being a reset; and
	// with kernelLineFeed, while they are on, watch makes the kernel
	// stop at a raw line feed (sanitizer.Transform writes the reset
	// before it), and sends every block through escapes to look for one.
	TZCNTQ  BX, R13
	LEAQ    1(R12), AX
	MOVQ    $-1, R11
	BZHIQ   AX, R11, R11
	ANDNQ   BX, R11, BX
	MOVQ    R13, R12
	TESTQ   $const_kernelColors, mode-8(SP)
	JZ      again
	XORL    AX, AX
	CMPQ    last-32(SP), $0
	SETNE   AL
	SET_COLORED(AX)

again:
	// Under KeepColors, after a sequence that escapesOne handled, the
	// block starts again at the next flag, for keeps to take the rest of
	// it whole: on the coloured log, whose lines each have a sequence
	// that keeps leaves to sgr, this made KeepColors a fifth faster. Not
	// while attributes are on and line feeds raw: keeps would most often
	// fail again there, and the run was slower.
	TESTQ   BX, BX
	JZ      rest
	TESTQ   $const_kernelKeep, mode-8(SP)
	JZ      escape
	CMPQ    watch-48(SP), $0
	JNE     escape
	TZCNTQ  BX, R10 // the block ends at the flag
	COPY_REST
	JMP     block

watchEscape:
	// A raw line feed in the clean bytes R12 up to the next flag, R13,
	// while attributes are on: copy up to it, and stop (restOn).
	LINE_FEEDS(R13)
	TESTQ   R11, R11
	JZ      escapeOn
	TZCNTQ  R11, R10
	JMP     restLF

watchRest:
	// The same up to R10.
	LINE_FEEDS(R10)
	TESTQ   R11, R11
	JZ      restOn
	TZCNTQ  R11, R10
	JMP     restLF

csis:
	// Under StripSequences, a block whose flags are all ESCs that start
	// CSI sequences of the plain form (see csi) ending in its R10 bytes
	// that are well-formed drops them all at once: VPCOMPRESSB packs what
	// is left, and one masked store writes it. First, where the block is
	// whole and the 64 bytes after it are in src, the last may end in
	// those, and the blocks after it go on the same way (csisRun). Where
	// that fails, the block is tried alone, then up to its last ESC, the
	// next block starting there (csisLast). Any other block goes one flag
	// at a time, from escape. R12 is 1 on the second try.
	TESTQ        R12, R12
	JNZ          csisNarrow
	CMPQ         R10, $64
	JNE          csisNarrow
	LEAQ         128(SI), R11
	CMPQ         R11, CX
	JHI          csisNarrow
	JMP          csisRun

csisRunNot:
	XORL         R12, R12
	MOVL         $64, R10

csisNarrow:
	// AX gets the ESCs, R13 the final bytes.
	PLAIN_CSIS(csisLast)
	ANDNQ    R13, R11, R13 // the byte after each run of parameters
	MOVL         $0x7F, R11
	VPBROADCASTB R11, Z1
	VPCMPUB      $5, Z25, Z0, K3     // from 40 ...
	VPCMPUB      $1, Z1, Z0, K3, K3  // ... to 7E: final bytes
	KMOVQ        K3, R11
	ANDNQ        R13, R11, R11
	TESTQ        R11, R11
	JNZ          csisLast // one without a final byte, or past R10: the
	                    // bytes from there are those of a character
	// The bytes of the sequences, from each ESC to its final byte: the
	// sum of the differences, which do not overlap; a final byte at 63
	// wraps to 0 and still leaves the bits from its ESC up.
	SHLQ         $1, R13
	SUBQ         AX, R13
	MOVQ         $-1, R12
	BZHIQ        R10, R12, R12
	ANDNQ        R12, R13, R12 // what is kept, of the R10 bytes

csisStore:
	// R12: the bytes of the R10 that are kept.
	PACK(R12, Z0, Z1, R11)
	ADDQ         R10, SI
	JMP          block

csisLast:
	// A block with OSC sequences is tried with them (csisOSC); then the
	// block up to its last ESC, if that is not its first byte, with the
	// flags before it; on the second failure, escape takes that.
	VPCMPEQB     Z31, Z0, K3
	KMOVQ        K3, AX
	BZHIQ        R10, AX, AX // the ESCs
	MOVL         $0x5D, R11
	VPBROADCASTB R11, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R14
	SHRQ         $1, R14
	ANDQ         AX, R14 // those of ESC ]
	JNZ          csisOSC

csisLastESC:
	// AX: the ESCs.
	TESTQ    R12, R12
	JNZ      csisOne
	LZCNTQ   AX, R11
	MOVL     $63, AX
	SUBQ     R11, AX // the last ESC; -1 if none
	JLE      escape
	MOVQ     AX, R10
	BZHIQ    R10, BX, BX
	MOVL     $1, R12
	JMP      csis

csisOne:
	XORL     R12, R12
	TESTQ    BX, BX
	JZ       rest // (never: without flags the second try cannot fail)
	JMP      escape

csisOSC:
	// As csis, with OSC sequences too, each from ESC ] to its first BEL
	// or ST (ESC \) in the R10 bytes, with no other control in it (as
	// osc has it), dropped with the CSI sequences of the plain form
	// (PLAIN_CSIS) that the block holds, every ESC starting one or ending
	// one, and no flag but those ESCs and the BELs that end them: on the
	// coloured log, whose hyperlinks and titles put an OSC sequence in a
	// quarter of the blocks, those went one flag at a time. AX holds the
	// ESCs, R14 those of OSC sequences; R12 the try (csisLast), which
	// sub-40 keeps. Anything else goes on to csisLastESC.
	MOVQ         R12, sub-40(SP)
	MOVL         $0x5B, R11
	VPBROADCASTB R11, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R13
	SHRQ         $1, R13
	ANDQ         AX, R13 // CSI: ESC [
	MOVL         $0x5C, R11
	VPBROADCASTB R11, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R12
	SHRQ         $1, R12
	ANDQ         AX, R12 // ST: ESC \
	// The end of each OSC sequence, its first terminator: adding its ESC
	// to the bytes that are none carries up to there. Where one OSC
	// sequence starts in another, their carries meet, and one that runs
	// past the block carries out: either way an end is missing.
	MOVL         $0x07, R11
	VPBROADCASTB R11, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R11
	LEAQ         (R12)(R12*1), AX
	ORQ          AX, R11 // the terminators: BEL, and \ after ESC
	MOVQ         R11, AX
	NOTQ         AX
	ADDQ         R14, AX
	ANDQ         R11, AX // the ends
	POPCNTQ      AX, R11
	MOVQ         R11, args-24(SP)
	POPCNTQ      R14, R11
	CMPQ         R11, args-24(SP)
	JNE          csisOSCNot
	MOVQ         AX, R11
	SHRQ         $1, R11
	ANDNQ        R12, R11, R11
	JNZ          csisOSCNot // ESC \ that ends none
	ORQ          R13, R12
	ORQ          R14, R12
	ORQ          AX, R12 // the ESCs and the ends
	ANDNQ        BX, R12, R11
	JNZ          csisOSCNot // another flag: another ESC, too, as one at 63
	// Those are the controls that an OSC sequence may hold: the ESCs of
	// ST are among them. (The byte before each end was once, which let
	// a line feed or another control just before a BEL through.)
	MOVQ         R12, last-32(SP)
	LEAQ         (AX)(AX*1), R12
	SUBQ         R14, R12 // the bytes of the OSC sequences
	CONTROLS(Z0, Z1, K3)
	ANDQ         R12, R11
	MOVQ         last-32(SP), AX
	ANDNQ        R11, AX, R11
	JNZ          csisOSCNot // another control in one
	// The CSI sequences, as in PLAIN_CSIS and csis.
	MOVQ         R13, R11
	SHRQ         $62, R11
	JNZ          csisOSCNot
	VPANDQ       Z22, Z0, Z1
	VPCMPEQB     Z30, Z1, K3
	KMOVQ        K3, R11 // parameter bytes
	LEAQ         (R13*4), AX
	ADDQ         R11, AX
	JCS          csisOSCNot
	ANDNQ        AX, R11, AX // the byte after each run of parameters
	MOVL         $0x7F, R11
	VPBROADCASTB R11, Z1
	VPCMPUB      $5, Z25, Z0, K3
	VPCMPUB      $1, Z1, Z0, K3, K3
	KMOVQ        K3, R11 // final bytes, 40–7E
	ANDNQ        AX, R11, R11
	JNZ          csisOSCNot
	SHLQ         $1, AX
	SUBQ         R13, AX // the bytes of the CSI sequences
	TESTQ        AX, R12
	JNZ          csisOSCNot // in an OSC sequence
	ORQ          AX, R12
	MOVQ         $-1, AX
	BZHIQ        R10, AX, AX
	ANDNQ        AX, R12, R12 // what is kept, of the R10 bytes
	JMP          csisStore

csisOSCNot:
	MOVQ         sub-40(SP), R12
	VPCMPEQB     Z31, Z0, K3
	KMOVQ        K3, AX
	BZHIQ        R10, AX, AX
	JMP          csisLastESC

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
	CMPQ     watch-48(SP), $0
	JNE      watchStart

startOn:
	// Copy the R13 clean bytes before, at most 63, with one masked store.
	COPY_FIRST(R13)

	// An escaped ASCII byte is written here, from esc, as vecCopy256
	// does, and ill-formed input (invalid); anything else is left to the
	// caller.
	MOVBLZX (SI), AX
	CMPB    AL, $0x80
	JAE     invalid
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

invalid:
	// A maximal subpart of ill-formed input at SI, as decode finds it
	// from table37 (leadRows), is replaced with U+FFFD or escaped byte by
	// byte here, as sanitizer.unit would, if kernelSeq.invalid asks; a
	// character, flagged for its class or as a C1 control, is the
	// caller's, and so is a subpart that src may cut off. On text with
	// 1% of it ill-formed, this made Validate and Escape() 2–3 times as
	// fast as a return to the caller at each. R13 counts its bytes, R12
	// is the size of the lead byte's characters, R10 what to write.
	MOVQ    k+64(FP), R11
	MOVBLZX kernelSeq_invalid(R11), R10
	TESTQ   R10, R10
	JZ      copied
	LEAQ    24(DI), R11 // three escapes of 8 bytes at most
	CMPQ    R11, R8
	JHI     copied
	MOVL    $1, R13
	CMPL    AX, $0xC0
	JB      subpart // a continuation byte
	MOVL    vecTables_leadRows-0x300(DX)(AX*4), BX // for 0xC0 up
	MOVBLZX BL, R12
	TESTL   R12, R12
	JZ      subpart // C0, C1, F5–FF, which start no character
	LEAQ    1(SI), R11
	CMPQ    R11, CX
	JAE     copied // (a lead byte that ends src is open, never flagged)
	MOVBLZX 1(SI), R11
	MOVBLZX BH, AX // the range of the second byte
	CMPL    R11, AX
	JB      subpart
	SHRL    $16, BX
	MOVBLZX BL, AX
	CMPL    R11, AX
	JA      subpart
	INCL    R13
	CMPL    R12, $2
	JEQ     copied // a character
	LEAQ    2(SI), R11
	CMPQ    R11, CX
	JAE     copied
	MOVBLZX 2(SI), R11
	ANDL    $0xC0, R11
	CMPL    R11, $0x80
	JNE     subpart
	INCL    R13
	CMPL    R12, $3
	JEQ     copied
	LEAQ    3(SI), R11
	CMPQ    R11, CX
	JAE     copied
	MOVBLZX 3(SI), R11
	ANDL    $0xC0, R11
	CMPL    R11, $0x80
	JNE     subpart
	JMP     copied

subpart:
	// The R13 bytes at SI, which end where a unit may start: the next
	// block starts there.
	CMPL    R10, $const_kernelReplace
	JNE     subpartEscape
	MOVW    $0xBFEF, (DI) // U+FFFD
	MOVB    $0xBD, 2(DI)
	ADDQ    $3, DI
	ADDQ    R13, SI
	JMP     subpartNext

subpartEscape:
	MOVBLZX (SI), AX
	SHLQ    $4, AX
	LEAQ    escapeTable_invalid-0x800(R9)(AX*1), AX // for 0x80 up
	MOVBLZX escapeText_n(AX), R11
	WRITE_ESCAPE(R11, BX)
	MOVBLZX escapeText_n(AX), R11
	ADDQ    R11, DI
	INCQ    SI
	DECL    R13
	JNZ     subpartEscape

subpartNext:
	// A byte that starts no character right after, a continuation byte
	// or C0, C1, F5–FF, is a subpart of its own: taken here rather than
	// from a block loaded at it, as where a surrogate (ED A0 80) or a
	// code point past U+10FFFF (F4 90 80 80) falls apart into several.
	// On text with 1% of it ill-formed (the dirty corpus), Validate and
	// Escape() went 1.4–1.5 times as fast (alternating runs, five each).
	// Anything else goes back to block.
	CMPQ    SI, CX
	JAE     block
	LEAQ    24(DI), R11
	CMPQ    R11, R8
	JHI     block
	MOVBLZX (SI), AX
	CMPL    AX, $0x80
	JB      block
	MOVL    $1, R13
	CMPL    AX, $0xC0
	JB      subpart
	MOVBLZX vecTables_leadRows-0x300(DX)(AX*4), R11
	TESTL   R11, R11
	JZ      subpart
	JMP     block

watchStart:
	// A raw line feed in those bytes while attributes are on: copy up to
	// it, and stop there for the caller (restLF).
	MOVQ     R12, BX
	XORL     R12, R12
	LINE_FEEDS(R13)
	MOVQ     BX, R12
	TESTQ    R11, R11
	JZ       startOn
	TZCNTQ   R11, R13
	COPY_FIRST(R13)

copied:
	VZEROUPPER
	MOVQ k+64(FP), R11
	MOVQ colored-16(SP), AX
	MOVB AL, kernelSeq_colored(R11)
	SUBQ dst_base+0(FP), DI
	MOVQ DI, nDst+72(FP)
	SUBQ src_base+24(FP), SI
	MOVQ SI, nSrc+80(FP)
	RET

pairsDense:
	// (After the function's end, out of the way of the block loop and
	// the path of escapes, whose speed moves with where code falls.)
	// A block in a window where the gate would open in most blocks (as in
	// prose, whose curly quotes and dashes are pairs of U+200B's) tests
	// its pairs, escapes and errors at once, with no gate: each pair two
	// and one places back (Z3, Z2) with the byte at hand, as the scan's
	// FLAGS_AFTER512 does (PAIRS_AFTER512), ORed with Z6 (blockPairs), so
	// that a block with nothing flagged takes ten instructions where the
	// test of escapes, the gate and the sorting took eighteen, one of
	// them a branch on the gate that went either way. A block with
	// anything flagged goes to pairsFlagged, which flags it as without
	// the window. The test
	// misses a pair at bytes 62 and 63: a character of three or four
	// bytes there is left open to the next block (OPEN_END), and the
	// pair of one of two bytes, which the gate tests, is looked up in
	// the tables by itself (pairsDense62). So the window changes where no
	// block starts and nothing the kernel does, and vecCopy512Go has none.
	// The invisible classes went 1.06x as fast on prose and 1.02x on
	// mixed text through Transform, as a share of Escape() 0.87 to 0.93
	// and 0.89 to 0.92, Latin, CJK, emoji, typeset and ZWJ text within
	// noise (ten interleaved passes). Such a test on every block with
	// pairs, no gate and no window, made CJK text 0.93–0.95x as fast; the
	// bytes one on permuted (PAIRS_AT512) in place of the pair two back,
	// prose 0.97x; this path in line, with a jump over it for blocks that
	// take the gate, typeset text 0.9x.
	PAIRS_AFTER512(Z4)
	VPORQ      Z5, Z6, Z5
	VPTESTMB   Z5, Z5, K2
	KMOVQ      K2, R11
	TESTQ      R11, R11
	JNZ        pairsDenseFlagged
	CMPQ       watch-48(SP), $0
	JNE        pairsWatch
	MOVL       $63, R12
	CMPB       63(SI), $0xC0
	JAE        part
	MOVL       $62, R12
	CMPB       62(SI), $0xC0
	JAE        pairsDense62
	MOVL       $61, R12
	CMPB       61(SI), $0xF0
	JAE        part
	VMOVDQU64  Z0, (DI)
	ADDQ       $64, SI
	ADDQ       $64, DI
	JMP        block

pairsDense62:
	// A character at byte 62: one of three or four bytes is left open to
	// the next block; the pair of one of two bytes, which the test
	// missed, is looked up in the tables, as the gate and PAIRS_AT512
	// would, the byte after it byte 63 again (nextBytes). Where it is
	// not flagged, the block is copied whole, as pairsNone would. Sent to
	// pairsFlagged instead, text in Cyrillic with «» and dashes (half its
	// blocks have a character of two bytes at 62) ran at 0.84x the speed
	// of Escape(), and with this at 0.92x (0.58x without the window; six
	// interleaved passes of what is now the corpus cyrillic).
	CMPB       62(SI), $0xE0
	JAE        part
	MOVBLZX    62(SI), R11
	ANDL       $0x3F, R11
	MOVBLZX    vecTables_pairLead64(DX)(R11*1), R11
	MOVBLZX    63(SI), R12
	ANDL       $0x3F, R12
	ANDB       vecTables_pairSec64(DX)(R12*1), R11B
	ANDB       vecTables_pairThird(DX)(R12*1), R11B
	JNZ        pairsDenseFlagged
	VMOVDQU64  Z0, (DI)
	ADDQ       $64, SI
	ADDQ       $64, DI
	JMP        block

pairsDenseFlagged:
	// pairsFlagged takes the escapes and errors in K2.
	VPTESTMB   Z6, Z6, K2
	JMP        pairsFlagged

emojis:
	// With the invisible classes (kernelSeq.emoji), a joiner between
	// emoji, a selector after a base and the tags of a recommended flag
	// pass where they stand, judged on the input around them as passEmoji
	// and tagRun judge them (emojikernel.go): all at once where the
	// vector pass can (emojisVec), then flag by flag from the first left,
	// R12 getting those that pass and BX keeping those left. The first
	// that is none of these, or whose context is not all in src, ends
	// that, and other takes it; if none is left, the block goes on as one
	// of escaped ASCII bytes alone. avail is how many bytes before the
	// block may be read: those of src, and those of the caller's src
	// before it (kernelSeq.before). R13 holds the tables.
	KMOVQ   K1, BX

	// Where the byte before the first flag is 80, B8 or F3, as that of
	// a joiner (E2 80 8D), a selector (EF B8 8F) or a tag (F3 A0, flagged
	// at its second byte) is, the vector pass decides what it can of the
	// joiners and selectors (EMOJIS_VEC) and of the tags of a flag
	// (EMOJIS_TAGS), and the flags it leaves, if any, go on one at a
	// time. Anything else is none of these, and ends
	// the emoji there: other takes it at once. (It went through the
	// scalar code first, which found the same; going straight to other
	// made the invisible classes 1.10× as fast on dirty text, whose
	// ill-formed bytes are flagged here: twelve pairs of runs.) The test
	// is one branch: three in a row, one for each of the characters, cost
	// a mispredicted branch on most blocks of chat text with emoji (and
	// running the vector pass on every block made text with 1% of it
	// ill-formed 35% slower).
	TZCNTQ  BX, R11
	XORL    R12, R12
	XORL    R14, R14
	CMPQ    R11, $1
	JLT     other
	MOVBLZX -1(SI)(R11*1), AX
	CMPL    AX, $0x80
	SETEQ   R12B
	CMPL    AX, $0xB8
	SETEQ   R14B
	ORL     R14, R12
	CMPL    AX, $0xF3
	SETEQ   R14B
	ORL     R14, R12
	JZ      other
	XORL    R12, R12
	MOVQ    k+64(FP), AX
	MOVQ    emoji-72(SP), R13
	MOVQ    SI, R14
	SUBQ    src_base+24(FP), R14
	ADDQ    kernelSeq_before(AX), R14
	MOVQ    R14, avail-56(SP)
	// A block whose first flag is a non-joiner, as in Persian text, or a
	// joiner or a non-joiner after a character led by E0, as after a
	// virama in Hindi, has nothing for the vector pass over emoji: it
	// goes to that over the joiners of scripts (joinervec.go). With the
	// pass over emoji, Persian text with a non-joiner every few words
	// went 0.8x as fast; flag by flag, as all went before, 0.6x as fast
	// as now, and Hindi 0.65x (four interleaved passes). The two tests
	// are two branches that chat text never takes: with a third, on
	// whether the first flag is a joiner, which in chat text goes either
	// way, the invisible classes read the ZWJ corpus 0.87x as fast.
	LEAQ    -5(R11), R14
	LEAQ    -1(R11), AX
	CMPQ    R11, $5
	CMOVQGE R14, AX
	MOVBLZX (SI)(AX*1), AX
	XORL    $0xE0, AX
	MOVWLZX -1(SI)(R11*1), R14
	XORL    $0x8C80, R14 // 0 after a non-joiner's 80 8C, 0x100 a joiner's
	MOVL    R14, R10
	ANDL    $0xFEFF, R10
	ORL     AX, R10
	JZ      emojisViramas // either, after E0 xx xx
	TESTL   R14, R14
	JZ      emojisNonJoiners

emojisVec:
	EMOJIS_VEC
	// A block with no tag flagged, as most of chat text, goes past the
	// tags' work: done in every block, it made the invisible classes
	// 0.84–0.87× as fast on chat text with joiners and selectors but no
	// flags (alternating runs, eight each).
	TAG_FLAGS
	TESTQ   AX, AX
	JNZ     emojisVecTags

emojisVecDone:
	ANDNQ   BX, R12, BX
	JZ      emojisRun

emojisTail:

	// A block that ends in a run of characters that are not ASCII, as
	// emoji sequences are, from 32 on, ends before it, if every flag
	// before has passed: the next block starts with the run, whose
	// context is then all in it, where its joiners and selectors would
	// have been left to the scalar code here and there.
	TAIL_START // where the run starts; 64 if none
	CMPQ     R10, $32
	JB       emojisWhole
	CMPQ     R10, $64
	JEQ      emojisWhole
	BZHIQ    R10, BX, AX
	TESTQ    AX, AX
	JZ       emojisCutAt

emojisWhole:
	TESTQ   BX, BX
	JZ      emojisDone

emojisNext:
	// R11: the flag. A character of three bytes is flagged at its last.
	TZCNTQ  BX, R11
	CMPQ    R11, $2
	JLT     emojisTag
	MOVWLZX -2(SI)(R11*1), AX
	CMPL    AX, $0x80E2
	JEQ     emojisJoiner
	CMPL    AX, $0xB8EF
	JNE     emojisTag
	MOVBLZX (SI)(R11*1), AX
	ANDL    $0xF0, AX
	CMPL    AX, $0x80
	JNE     emojisDone // not 80–8F: ill-formed, as EF B8 30

	// A selector of U+FE00–U+FE0F (EF B8 80–8F) passes after a base.
	// (No class but VariationSelectors and Invisible holds them, and
	// those have the rule of context for each. A flag is also where
	// input is ill-formed: the third byte must be one of a selector's.)
	LEAQ    -2(R11), R10
	MOVQ    $0, joiner-64(SP)
	JMP     emojisBase

emojisJoiner:
	// U+200D: before it (ending at R10), an optional U+FE0F, then an
	// optional skin tone, then an Extended_Pictographic character of the
	// emoji block or of U+2000–U+2FFF; after it, another.
	CMPB    (SI)(R11*1), $0x8D
	JNE     emojisNonJoiner
	LEAQ    -2(R11), R10
	BEFORE(3, emojisDone)
	// After a virama, as in Hindi and Malayalam, it passes (viramaPasses).
	VIRAMA(R10, emojisPass, emojisJoinerEmoji)

emojisJoinerEmoji:
	MOVWLZX -3(SI)(R10*1), R14
	CMPL    R14, $0xB8EF
	JNE     emojisSkin
	CMPB    -1(SI)(R10*1), $0x8F
	JNE     emojisSkin
	// The selector counts only if it passes itself, after a base
	// (selectorPasses).
	SUBQ    $3, R10
	MOVQ    $1, joiner-64(SP)

emojisBase:
	// The character that ends at R10 is a base (isBase): a printable
	// ASCII character, a base of the emoji block, or a symbol of
	// U+2190–U+23FF or U+2600–U+27BF. Then the selector passes, or the
	// joiner after it goes on to its skin tone (joiner).
	BEFORE(1, emojisDone)
	MOVBLZX -1(SI)(R10*1), R14
	CMPL    R14, $0x80
	JAE     emojisBaseEmoji
	CMPL    R14, $0x21
	JLT     emojisDone
	CMPL    R14, $0x7E
	JHI     emojisDone
	JMP     emojisBased

emojisBaseEmoji:
	CMPQ    AX, $4
	JLT     emojisBaseSymbol
	MOVL    -4(SI)(R10*1), R14
	EMOJI_IN(R14, emojiTables_base, emojisBaseSymbol, emojisDone)
	JMP     emojisBased

emojisBaseSymbol:
	BEFORE(3, emojisDone)
	SYMBOL_AT(-3(SI)(R10*1), -1(SI)(R10*1), emojisDone)
	SYMBOL_BASE(emojisDone)

emojisBased:
	CMPQ    joiner-64(SP), $0
	JEQ     emojisPass

emojisSkin:
	BEFORE(4, emojisPict)
	MOVL    -4(SI)(R10*1), R14
	EMOJI_IN(R14, emojiTables_mod, emojisPict, emojisPict)
	SUBQ    $4, R10

emojisPict:
	BEFORE(4, emojisPictSymbol)
	MOVL    -4(SI)(R10*1), R14
	EMOJI_IN(R14, emojiTables_pict, emojisPictSymbol, emojisDone)
	JMP     emojisAfter

emojisPictSymbol:
	BEFORE(3, emojisDone)
	SYMBOL_AT(-3(SI)(R10*1), -1(SI)(R10*1), emojisDone)
	SYMBOL_IN(emojisDone)

emojisAfter:
	LEAQ    1(SI)(R11*1), R10 // the byte after the joiner
	LEAQ    4(R10), AX
	CMPQ    AX, CX
	JHI     emojisAfterSymbol
	MOVL    (R10), R14
	EMOJI_IN(R14, emojiTables_pict, emojisAfterSymbol, emojisDone)
	JMP     emojisPass

emojisAfterSymbol:
	LEAQ    3(R10), AX
	CMPQ    AX, CX
	JHI     emojisDone
	SYMBOL_AT((R10), 2(R10), emojisDone)
	SYMBOL_IN(emojisDone)

emojisPass:
	BTSQ    R11, R12
	BTRQ    R11, BX
	TESTQ   BX, BX
	JNZ     emojisNext

emojisDone:
	KMOVQ    R12, K3
	KANDNQ   K1, K3, K1
	KANDNQ   K2, K3, K2
	KMOVQ     K1, R11
	TESTQ     R11, R11
	JZ       flaggedEsc
	JMP      other

emojisTag:
	// A tag (F3 A0, flagged at its second byte) that starts, right after
	// U+1F3F4, the tags of a recommended flag, all of them in the block:
	// they pass together (tagRun).
	CMPQ    R11, $1
	JLT     emojisDone
	MOVWLZX -1(SI)(R11*1), AX
	CMPL    AX, $0xA0F3
	JNE     emojisDone
	LEAQ    -1(R11), R10
	BEFORE(4, emojisDone)
	CMPL    -4(SI)(R10*1), $0xB48F9FF0 // U+1F3F4
	JNE     emojisDone
	CMPQ    R10, $(64-const_tagTail)
	JHI     emojisCut
	TAIL(0, emojisTail1)

emojisTail1:
	TAIL(const_tagTail, emojisTail2)

emojisTail2:
	TAIL(2*const_tagTail, emojisDone)

emojisCut:
	// Tags that run past the block after U+1F3F4: the block ends before
	// the flag, at 37 to 60 (the tags start past 64-tagTail), and the
	// next starts with it, the tags all in it. Every flag before it has
	// passed, for they are taken in order; the escaped ASCII bytes
	// before it are escapes' (expand takes 32 bytes and more).
	SUBQ     $4, R10

emojisCutAt:
	KMOVQ    R12, K3
	KANDNQ   K2, K3, K2
	MOVQ     $-1, AX
	BZHIQ    R10, AX, AX
	KMOVQ    AX, K3
	KANDQ    K3, K2, K2
	JMP      escapes

emojisNonJoiner:
	// U+200C, between letters of Arabic or Persian words, as
	// nonJoinerPasses decides it (joining.go): back over characters of
	// Joining_Type T, within 16 bytes and avail, to one of L or D; ahead
	// over more of T, starting within 16 bytes and ending in src, to one
	// of R or D; each of two bytes of U+0600–U+07FF. Anything else goes
	// to the rules. R14: the character looked at; R10: its bound. DX, which
	// JOINING clobbers, gets the tables back on the way out.
	CMPB    (SI)(R11*1), $0x8C
	JNE     emojisDone
	// After a virama it passes, as a joiner does.
	LEAQ    -2(R11), R10
	BEFORE(3, emojisNonJoinerArabic)
	VIRAMA(R10, emojisPass, emojisNonJoinerArabic)

emojisNonJoinerArabic:
	LEAQ    -2(R11), R14
	MOVQ    avail-56(SP), R10
	ADDQ    R14, R10
	CMPQ    R10, $16
	JLE     2(PC)
	MOVL    $16, R10
	NEGQ    R10
	ADDQ    R14, R10

emojisNonJoinerBack:
	SUBQ    $2, R14
	CMPQ    R14, R10
	JLT     emojisNonJoinerFail
	JOINING(R14, emojisNonJoinerFail)
	TESTL   $const_joinsOnLeft, AX
	JNZ     emojisNonJoinerAhead
	TESTL   $const_joinsNot, AX
	JNZ     emojisNonJoinerBack
	JMP     emojisNonJoinerFail

emojisNonJoinerAhead:
	LEAQ    1(R11), R14
	LEAQ    16(R14), R10

emojisNonJoinerNext:
	CMPQ    R14, R10
	JGE     emojisNonJoinerFail
	LEAQ    2(SI)(R14*1), AX
	CMPQ    AX, CX
	JHI     emojisNonJoinerFail
	JOINING(R14, emojisNonJoinerFail)
	TESTL   $const_joinsOnRight, AX
	JNZ     emojisNonJoinerPass
	ADDQ    $2, R14
	TESTL   $const_joinsNot, AX
	JNZ     emojisNonJoinerNext

emojisNonJoinerFail:
	MOVQ    v+48(FP), DX
	JMP     emojisDone

emojisNonJoinerPass:
	MOVQ    v+48(FP), DX
	JMP     emojisPass

emojisVecTags:
	// (emojisVec; out of line, so that blocks without tags go straight on.)
	EMOJIS_TAGS
	JMP     emojisVecDone

emojisRun:
	// Every flag of the block has passed in the vector pass: with none an
	// escaped ASCII byte and the watch off, it starts a run of chat text
	// (chats). Else it goes on as it would have.
	KMOVQ   K1, AX
	KMOVQ   K2, R11
	CMPQ    AX, R11
	JNE     emojisTail
	CMPQ    watch-48(SP), $0
	JNE     emojisTail
	CHATS_TABLES
	JMP     chatsPassed

emojisNonJoiners:
	// (emojis; out of line, so that blocks of emoji go straight on.)
	NONJOINERS_VEC
	// A block whose flags all pass, none an escaped ASCII byte, with the
	// watch off, starts a run of such blocks (joiners).
	XORL    R14, R14

emojisJoiners:
	CMPQ    R12, BX
	JNE     emojisVecDone
	KMOVQ   K2, AX
	CMPQ    AX, BX
	JNE     emojisVecDone
	CMPQ    watch-48(SP), $0
	JNE     emojisVecDone
	JMP     joiners

emojisViramas:
	VIRAMAS_VEC
	MOVL    $1, R14
	JMP     emojisJoiners

joiners:
	// A run of blocks of text with joiners, as Persian text has a
	// non-joiner in every few words, and Hindi a joiner or a non-joiner
	// after a virama (joinervec.go): the block that starts it is copied up
	// to a character left open at its end, and from there, 64 bytes at a
	// time, each block whose only flags are those that NONJOINERS_RUN
	// passes (R14 0, nonJoinersNext), or VIRAMAS_RUN (R14 1,
	// viramasNext), with no more than its checks, its pairs and that pass
	// (vecCopy512Go: joiners). The bytes back are loaded from src, so that
	// the checks are exact across blocks, and each pair is flagged at the
	// byte after it, as the scan flags them (JOINERS_BLOCK), so that a
	// character cut by a block's end has its flag in the next; under
	// NONJOINERS_RUN the flags of the last two bytes, whose letter after
	// is in the next block, pass there or nowhere (R15 bits 62 and 63). A
	// block is written once the next has passed (R10 1 while one is held,
	// in Z15); where a block fails, or does not fit, the one before is
	// written up to a character boundary at or before its byte 60, all
	// before which it decided itself, and the block loop goes on from
	// there, with Z15 zero again. Where the run cut each block at its open
	// end, a branch on its last bytes went one way or the other at random
	// in three blocks of Hindi text out of four, and the next block's load
	// waited on it: at a fixed stride, Hindi text went 1.09x as fast and
	// Persian 1.11x (six interleaved passes). The path of a flagged block
	// went through the gate, the thirds, the entry of emojis, its cut and
	// escapes: Persian text went at 0.2x the speed of Escape(). R13 holds
	// the emoji tables, and nothing in the run changes them. Each
	// instruction left out of the run counts (joinervec.go,
	// bench/README.md). Each pass has a loop of its own, which holds the
	// pass's tables in registers (NONJOINERS_TABLES, VIRAMAS_TABLES):
	// with one loop that chose the pass at each block and looked its
	// tables up in memory, nine loads a block, Persian text went at 0.89x
	// this speed and Hindi at 0.86x (six interleaved passes).
	OPEN_END(R10, joinersFirst)
	MOVL      $64, R10

joinersFirst:
	COPY_FIRST(R10)
	XORL      R15, R15
	XORL      R10, R10
	// CX and R8 less what a block needs, until joinersDone: two
	// instructions fewer a block.
	SUBQ      $65, CX
	SUBQ      $64, R8
	JOINERS_TABLES
	TESTQ     R14, R14
	JNZ       joinersViramas
	NONJOINERS_TABLES
	JMP       nonJoinersNext

joinersViramas:
	VIRAMAS_TABLES
	JMP       viramasNext

// JOINERS_HOLD writes the block held, if any, and holds this one.
#define JOINERS_HOLD \
	TESTQ      R10, R10;         \
	JZ         2(PC);            \
	VMOVDQU64  Z15, -64(DI);     \
	MOVL       $1, R10;          \
	VMOVDQA64  Z0, Z15;          \
	ADDQ       $64, SI;          \
	ADDQ       $64, DI

	// Each loop starts a line of 64 bytes: joinerScan512's viramas loop,
	// where the linker left it, read Hindi text at a third of its speed.
	PCALIGN    $64

nonJoinersNext:
	CMPQ       DI, R8
	JHI        joinersOut
	NONJOINERS_STEP(joinersOut, nonJoinersHold)

nonJoinersHold:
	JOINERS_HOLD
	JMP        nonJoinersNext

	PCALIGN    $64

viramasNext:
	CMPQ       DI, R8
	JHI        joinersOut
	VIRAMAS_STEP(joinersOut, viramasHold)

viramasHold:
	JOINERS_HOLD
	JMP        viramasNext

joinersOut:
	// The block held, if any, up to the start of the character that
	// holds its byte 60; the block loop goes on from there.
	TESTQ      R10, R10
	JZ         joinersDone
	SUBQ       $64, SI
	SUBQ       $64, DI
	VPCMPB     $1, VB(const_vbC0), Z15, K3
	KMOVQ      K3, AX
	NOTQ       AX
	MOVQ       $0x1FFFFFFFFFFFFFFF, R11
	ANDQ       R11, AX
	BSRQ       AX, AX
	MOVQ       $-1, R11
	BZHIQ      AX, R11, R11
	KMOVQ      R11, K3
	VMOVDQU8   Z15, K3, (DI)
	ADDQ       AX, SI
	ADDQ       AX, DI

joinersDone:
	ADDQ       $65, CX
	ADDQ       $64, R8
	// The registers that the run took for its tables and bytes put
	// back: those of csi and csis, Z30 and Z31, and of LOAD_TABLES512
	// and the kernel's start, Z9, Z14, Z21, Z23 and Z25 (JOINERS_TABLES,
	// NONJOINERS_TABLES, VIRAMAS_TABLES). C1_512's, Z19 and Z20, need not
	// be: only a set with pairs comes here, through blockPairs, and only
	// a set with none reaches C1_512.
	MOVL       $0x30, R11
	VPBROADCASTB R11, Z30
	MOVL       $0x1B, R11
	VPBROADCASTB R11, Z31
	VBROADCASTI32X4 vecTables_nibble(DX), Z14
	VMOVDQU64  vecTables_byte1Low64(DX), Z9
	VMOVDQU64  nextBytes<>(SB), Z21
	MOVL       $0xE0, R11
	VPBROADCASTB R11, Z23
	MOVL       $0x40, R11
	VPBROADCASTB R11, Z25
	VPXORQ     Z15, Z15, Z15
	JMP        block

chats:
	// A run of blocks of chat text, as the ZWJ corpus is: each block
	// whose flags all pass EMOJIS_WELL and EMOJIS_TAGS, none an escaped
	// ASCII byte, is copied up to a run of characters that are not ASCII
	// at its end, from 32 on, as emojisTail cuts a block, or else up to
	// a character left open at its end; one whose flags left are all in
	// that run is copied up to it. The next block then starts with what
	// may be an emoji sequence, its context all in the block: a block
	// copied whole started the next in the middle of one as often as
	// not, and that left the run. The path of such a block went through
	// the gate, the thirds, the entry of emojis and its tests, and
	// escapes: the ZWJ corpus went at 0.05x the speed of copy, and in the
	// run at 0.08x (2.2 -> 3.5 GB/s, five interleaved passes). Any other
	// block leaves the run, loaded, as the block it is, and goes the way
	// it would have gone (vecCopy512Go: chats). R13 holds the emoji
	// tables. The tests of the errors and escapes, and of the pairs, are
	// those of blockPairs and PAIRS_THIRDS512, as in joiners.
	ROOM64(block)
	VMOVDQU64 (SI), Z0

chatsLoaded:
	CHECK512_SHIFT
	CHECK512_ERRS
	ERRS_ESCAPED512
	VPTESTMB   Z6, Z6, K2
	KMOVQ      K2, R11
	TESTQ      R11, R11
	JNZ        loaded
	PAIRS_CLASSES512
	PAIRS_AT512
	PAIRS_MOVED512
	TESTQ      BX, BX
	JZ         chatsPassed
	EMOJIS_WELL
	TAG_FLAGS
	TESTQ      AX, AX
	JNZ        chatsTags

chatsLeft:
	ANDNQ      BX, R12, BX

chatsPassed:
	// BX: the flags left. R10: where the run at the end starts, found
	// in the last eight bytes with a scalar load, or else as TAIL_START
	// finds it (chatsFar), for about a third of the places where a block
	// of the ZWJ corpus may end. Where the next block starts waits for
	// that, and each block's load for the last: a vector load, VPMOVB2M
	// and KMOVQ took longer than a scalar load, and the ZWJ corpus went
	// 1.05x as fast without them (twelve interleaved passes). Two scalar
	// loads, for the last 16 bytes, with a CMOV to choose, went no
	// faster.
	MOVQ       56(SI), AX
	MOVQ       $0x8080808080808080, R11
	ANDNQ      R11, AX, AX
	JZ         chatsFar
	LZCNTQ     AX, AX
	SHRQ       $3, AX
	MOVL       $64, R10
	SUBQ       AX, R10

chatsNear:
	CMPQ       R10, $32
	JB         chatsShort
	BZHIQ      R10, BX, AX
	TESTQ      AX, AX
	JNZ        loaded

chatsCopy:
	// The first R10 bytes, up to 64, with one masked store, after the
	// next block is loaded, where it fits.
	LEAQ       64(SI)(R10*1), R11
	CMPQ       R11, CX
	JHI        chatsLast
	LEAQ       64(DI)(R10*1), R11
	CMPQ       R11, R8
	JHI        chatsLast
	VMOVDQU64  (SI)(R10*1), Z6
	COPY_FIRST(R10)
	VMOVDQA64  Z6, Z0
	JMP        chatsLoaded

chatsLast:
	COPY_FIRST(R10)
	JMP        chats

chatsShort:
	// A run at the end from before 32, as of CJK text: the block is
	// copied up to a character left open at its end, if no flag is left.
	TESTQ      BX, BX
	JNZ        loaded
	OPEN_END(R10, chatsCopy)
	MOVL       $64, R10
	JMP        chatsCopy

chatsTags:
	EMOJIS_TAGS
	JMP        chatsLeft

chatsFar:
	TAIL_START
	JMP        chatsNear

emojisTags:
	MOVL    $0xFFFFFF, AX // the tagTail bytes from R10
	SHLXQ   R10, AX, AX
	ORQ     AX, R12
	ANDNQ   BX, AX, BX
	TESTQ   BX, BX
	JNZ     emojisNext
	JMP     emojisDone

csisRun:
	// (csis; out of line, so that the code around it keeps its place.)
	// On a coloured log with a sequence every 15 bytes, most blocks cut
	// one. Where a block went up to its last ESC, the next starting
	// there, where the next block started hung on what the block held,
	// and each load waited for the work on the block before. Here blocks
	// go 64 bytes at a time, what a sequence takes of the next carried in
	// R10, and the masks of each block are worked out once: on a coloured
	// log without OSC sequences, StripSequences went 1.55–1.6 times as
	// fast, on the benchmark's, where an OSC sequence in one line out of
	// four ended the run, 1.1 times, and on the logs, with a sequence in
	// one line out of four, within noise (alternating runs, seven each).
	// A block after the first with OSC sequences goes to csisRunOSC
	// rather than ending the run: 1.05–1.25 times as fast again on the
	// coloured log, the logs within noise (pairs of runs of 0.5 s,
	// eleven), though each such block cost three of the others then
	// (two now: see csisRunOSC).
	// A run starts only where the 64 bytes after the block hold an ESC:
	// started on every block with a sequence, it made the logs 5–9%
	// slower.
	//
	// The first block is the one csis has, with its flags in BX: every
	// flag an ESC of a CSI sequence of the plain form, each ending in the
	// block but the last, which may end in the 64 bytes after it, Z1
	// (acrossCSIs); those bytes are looked at only where the last does
	// run past. AX gets the ESCs, R11 the bytes before a [, R13 the
	// parameter bytes and R14 the final bytes; Z3 and Z4 get [ and 7F
	// for the run.
	VMOVDQU64    64(SI), Z1
	VPCMPEQB     Z31, Z1, K3
	KORTESTQ     K3, K3
	JZ           csisRunNot // no ESC after the block: no run
	VPCMPEQB     Z31, Z0, K3
	KMOVQ        K3, AX
	ANDNQ        BX, AX, R11
	JNZ          csisRunNot // a flag that is not an ESC
	MOVL         $0x5B, R11
	VPBROADCASTB R11, Z3
	MOVL         $0x7F, R11
	VPBROADCASTB R11, Z4
	MOVL         $0x5D, R11
	VPBROADCASTB R11, Z6
	MOVL         $0x5C, R11
	VPBROADCASTB R11, Z7
	MOVL         $0x07, R11
	VPBROADCASTB R11, Z11
	VMOVDQU64    afterBytes<>(SB), Z26 // R15 is not live yet
	VPCMPEQB     Z3, Z0, K3
	KMOVQ        K3, R11
	SHRQ         $1, R11
	VPANDQ       Z22, Z0, Z2
	VPCMPEQB     Z30, Z2, K3
	KMOVQ        K3, R13
	VPCMPUB      $5, Z25, Z0, K3
	VPCMPUB      $1, Z4, Z0, K3, K3
	KMOVQ        K3, R14
	// The carry runs through the parameters of each sequence and stops
	// on the byte after them: its final byte.
	MOVQ         AX, R10
	SHRQ         $62, R10
	LEAQ         (AX*4), R12
	ADDQ         R13, R12
	JCS          csisRunAcross
	TESTQ        R10, R10
	JNZ          csisRunAcross
	ANDNQ        AX, R11, R11
	JNZ          csisRunNot // an ESC without [
	ANDNQ        R12, R13, R12 // the ends
	ANDNQ        R12, R14, R11
	JNZ          csisRunNot // an end that is no final byte
	XORL         BX, BX
	JMP          csisRunFirst

csisRunAcross:
	// The last sequence runs past the block: the same across the two.
	VPCMPEQB     Z3, Z1, K3
	KMOVQ        K3, R12
	SHLQ         $63, R12
	ORQ          R12, R11
	ANDNQ        AX, R11, R11
	JNZ          csisRunNot
	VPANDQ       Z22, Z1, Z2
	VPCMPEQB     Z30, Z2, K3
	KMOVQ        K3, R11
	LEAQ         (AX*4), R12
	ADDQ         R13, R12
	ADCQ         R11, R10
	JCS          csisRunNot
	ANDNQ        R12, R13, R12 // the ends
	ANDNQ        R10, R11, R10
	ANDNQ        R12, R14, R13
	JNZ          csisRunNot
	VPCMPUB      $5, Z25, Z1, K3
	VPCMPUB      $1, Z4, Z1, K3, K3
	KMOVQ        K3, R13
	ANDNQ        R10, R13, R13
	JNZ          csisRunNot
	BLSMSKQ      R10, BX
	SBBQ         R13, R13
	ANDNQ        BX, R13, BX // the bytes after the block it takes

csisRunFirst:
	SUBQ         $128, CX // till csisRunEnd (RUN_STORE)
	SUBQ         $64, R8
	// The bytes of the sequences, from each ESC to its final byte, in
	// the block: for the last, if it ends after, the difference borrows
	// and runs to 63.
	MOVQ         R12, R11
	SHLQ         $1, R11
	SUBQ         AX, R11
	NOTQ         R11
	XORL         R10, R10 // nothing to skip in the first block
	RUN_STORE

	// The next block, in Z1, goes on if it holds an ESC or bytes to
	// skip and is ASCII. Its masks are worked out once, as the block
	// after one in the loop below, and kept there for the next round:
	// K4 the ESCs, K5 the [, K6 the parameter bytes, K7 the final bytes;
	// K2 gets its flags other than ESCs.
	VMOVDQA64    Z1, Z0
	VPCMPEQB     Z31, Z0, K4
	KMOVQ        K4, R11
	ORQ          R10, R11
	JZ           csisRunEnd // no ESC, nothing to skip: the block loop's,
	                        // which copies ASCII text four blocks at a time
	VPCMPEQB     Z3, Z0, K5
	VPANDQ       Z22, Z0, Z2
	VPCMPEQB     Z30, Z2, K6
	VPCMPUB      $5, Z25, Z0, K7
	VPCMPUB      $1, Z4, Z0, K7, K7
	RUN_GPRS
	VPMOVB2M     Z0, K1
	ESCAPED(Z0, Z2, K2)
	KANDNQ       K2, K4, K2
	KORTESTQ     K1, K2
	JNZ          csisRunFlagged

csisRunLoop:
	// As for the first block, with the masks of the block from RUN_GPRS:
	// AX the ESCs, R11 the [, R13 the parameter bytes, R14 the final
	// bytes; K4–K7, then RUN_GPRS, get those of the block after it, Z1.
	RUN_NEXT
	ANDNQ        AX, R11, R12
	JNZ          csisRunMixed // an ESC without [
	MOVQ         DX, BX
	CSI_ENDS(R14, csisRunEnd)
	RUN_CSIS
	RUN_STORE

csisRunStored:
	VMOVDQA64    Z1, Z0
	MOVQ         R15, R11
	ORQ          R10, R11
	JZ           csisRunEnd
	VPMOVB2M     Z0, K1
	ESCAPED(Z0, Z2, K2)
	KANDNQ       K2, K4, K2
	KORTESTQ     K1, K2
	JZ           csisRunLoop

csisRunFlagged:
	// Flags other than ESCs in the block (K2): BELs that end an OSC
	// sequence, maybe, if it is ASCII. Its CSI sequences go as in the
	// loop, and then it goes on to csisRunOSC.
	KORTESTQ     K1, K1
	JNZ          csisRunEnd
	RUN_NEXT
	ANDNQ        AX, R11, R12

csisRunMixed:
	// The CSI sequences of the ESCs before a [ (acrossSeqs), as in the
	// loop, and then the others: R12 the ESCs without [ (into K1), K2
	// the flags other than ESCs. Where CSI_ENDS fails, so would
	// acrossOSCs, which takes the CSI sequences just so.
	KMOVQ        R12, K1
	ANDQ         R11, AX
	MOVQ         DX, BX
	CSI_ENDS(R14, csisRunEnd)
	RUN_CSIS

csisRunOSC:
	// A block of the run with ESCs that start no CSI sequence (K1), or
	// flags that are no ESC (K2): OSC sequences too, as acrossSeqs takes
	// them, from ESC ] to the first BEL or ST (ESC \), the last maybe
	// ending in the next block, Z1, whose bytes up to there must be
	// ASCII; its first bytes, R10, are the end of one of the block before,
	// where the only ESC can be that of its ST. R11 holds the bytes
	// outside the CSI sequences, BX the bytes of the next block that the
	// last takes. The carry from the byte after each ESC ] runs through
	// the bytes that are no control (Z23: with a bit of E0) and stops on
	// the first control, which must be BEL (Z11) or the ESC of an ST: a
	// control, an ESC or a sequence inside one stops it there, so that
	// neither the bytes of a sequence nor where two meet need a test of
	// their own. Z6 and Z7 hold ] and \, Z26 the places of the bytes
	// after each. K4, R15, R9, DX and runFin, the masks of the next
	// block, stay for the loop.
	//
	// On the coloured log, where one block in six has a hyperlink or a
	// window title, such a block cost as much as three or four of the
	// others, worked out anew, the CSI sequences with it, with the
	// controls in each sequence tested, the ends counted and where
	// sequences meet tested: StripSequences went 0.70x as fast as on the
	// same log with those sequences written over. This way it costs two
	// or so, and the log goes 1.08–1.2x as fast (ten and twenty
	// interleaved passes). What it still costs is the time each step
	// waits for the one before: where nothing waited for the bytes to
	// skip, the log went 1.07x as fast as with them masked first.
	VMOVDQA64    Z26, Z2
	VPERMI2B     Z1, Z0, Z2 // the byte after each
	VPCMPEQB     Z6, Z2, K1, K5 // ESC ]
	VPCMPEQB     Z7, Z2, K1, K6 // ESC \
	VPTESTMB     Z23, Z0, K7
	KMOVQ        K7, AX // the bytes that are no control
	VPTESTMB     Z23, Z1, K7
	VPCMPUB      $2, Z4, Z1, K7, K7
	KMOVQ        K7, R12 // those of the next block, but not ASCII ones
	KMOVQ        K5, R13
	LEAQ         (R13*4), R14
	SHRQ         $62, R13
	ADDQ         AX, R14
	ADCQ         R12, R13
	JCS          csisRunEnd // one runs past the next block
	ANDNQ        R14, AX, R14 // the ends
	ANDNQ        R13, R12, R13 // in the next block
	VPCMPEQB     Z11, Z0, K7
	KORQ         K6, K7, K7
	KMOVQ        K7, AX
	ANDNQ        R14, AX, AX // an end that is no BEL and no ST
	VPERMB       Z1, Z21, Z2 // the byte after each in the next block, but
	                         // the last, whose \ would be past it
	VPCMPEQB     Z7, Z2, K4, K3 // its STs
	VPCMPEQB     Z11, Z1, K7
	KORQ         K3, K7, K7
	KMOVQ        K7, R12
	ANDNQ        R13, R12, R12
	ORQ          R12, AX
	JNZ          csisRunEnd // an end that is no BEL and no ST, in either
	KANDNQ       K1, K5, K7
	KORQ         K2, K7, K7
	KMOVQ        K7, AX
	MOVQ         R10, R12
	ORQ          R14, R12
	ANDNQ        AX, R12, AX
	JNZ          csisRunEnd // after the bytes to skip, an ESC that starts no
	                        // OSC sequence and ends none, or a flag but the
	                        // BELs that end one
	// The bytes of the next block that the last takes (ASCII, as the
	// bytes of a CSI sequence are, and those through which the carry
	// ran there): those of the OSC sequence that ends there, if any
	// (only the last sequence runs past the block), up to its BEL or its
	// \, or else those of the CSI sequence.
	KMOVQ        K3, AX
	ANDQ         R13, AX
	ANDNQ        R13, AX, R12
	LEAQ         (R12)(AX*2), R12
	KMOVQ        K6, AX
	SHRQ         $63, AX
	ORQ          AX, R12 // the \ of an ST whose ESC ends the block
	BLSMSKQ      R12, R12 // CF: set if none ends there
	CMOVQCC      R12, BX
	// The bytes of the OSC sequences, from each ESC to its end (the
	// difference borrows for one that ends in the next block), and the
	// \ of each ST; what is kept of the block.
	SHLQ         $1, R14
	KMOVQ        K5, AX
	SUBQ         AX, R14
	KMOVQ        K6, AX
	LEAQ         (R14)(AX*2), R14
	ANDNQ        R11, R14, R11
	RUN_STORE
	JMP          csisRunStored

csisRunEnd:
	// The block at SI, but the bytes that the last sequence took (R10,
	// a mask, counted here), goes as any other. Where it took none, a branch rather than adding
	// R10 keeps the next load from waiting for all the work on the block
	// (the logs were 13% slower).
	ADDQ         $128, CX
	ADDQ         $64, R8
	MOVQ         v+48(FP), DX
	MOVQ         esc+56(FP), R9
	POPCNTQ      R10, R10 // how many
	JZ           block
	ADDQ         R10, SI
	JMP          block

keepsRun:
	// Under KeepColors, block after block of 64 bytes, each ASCII, whose
	// ESCs that [ follows all start SGR sequences that keeps would keep,
	// the last maybe ending in the next block, is copied as it is, with
	// its other flags escaped (keepsRunOthers, keepsRunEscape), or under
	// StripSequences its OSC sequences dropped (keepsRunOSC,
	// keepsRunDrop) (vec_generic_keeps.go: keepsRun, keepsStep). What a
	// block leaves open goes to the next in the kr slots: its ESCs
	// (krEscs), the carries through parameters (krParams), zeros
	// (krZeros), a sequence's bytes but its 8s (krQ) and an OSC sequence
	// (krOSC), each 0 or -1 (a whole word: a word loaded after a byte
	// stored there waits for the store to finish, which made the run
	// 0.95x as fast), its separators (krSeps) and the 8s that may be
	// conceal (krEights); colored says whether attributes are on. R15 is
	// where the sequence open at the block's start starts in the block
	// before, 64 if none: nothing is written past what the kernel
	// reports once the run ends (krTail, Z2). Where a block fails, the
	// kernel goes on from its start, or from the open sequence's ESC, as
	// before the run; if that is where the run started, keeps cuts the
	// block as it did. Z3, Z4, Z7, Z11 and Z26 hold [, m, 8, line feed
	// and B, Z6 keepsBad; R9 and DX are the run's until keepsRunEnd.
	// The kr slots are those of paths that hold nothing across the run
	// (the sgr and csis paths', emoji's, keeps' cut): with slots of
	// their own, a frame of 232 bytes put the kernel's slots out of reach
	// of a byte's displacement, and its code 3 bytes longer wherever it
	// touched one, and Escape() went 0.95x as fast on ASCII text.
	MOVQ         BX, krFlags-104(SP)
	MOVQ         SI, krStart-96(SP)
	MOVL         $0x5B, R11
	VPBROADCASTB R11, Z3
	MOVL         $0x6D, R11
	VPBROADCASTB R11, Z4
	MOVL         $0x38, R11
	VPBROADCASTB R11, Z7
	MOVL         $0x0A, R11
	VPBROADCASTB R11, Z11
	MOVL         $0x0B, R11
	VPBROADCASTB R11, Z26
	VMOVDQU64    keepsBad<>(SB), Z6
	XORL         R11, R11
	MOVQ         R11, krEscs-24(SP)
	MOVQ         R11, krParams-32(SP)
	MOVQ         R11, krZeros-40(SP)
	MOVQ         R11, krQ-56(SP)
	MOVQ         R11, krSeps-64(SP)
	MOVQ         R11, krEights-88(SP)
	MOVQ         R11, krTail-112(SP)
	MOVQ         R11, krOSC-120(SP)
	MOVQ         R11, krOSCNext-128(SP)
	MOVL         $64, R15
	PCALIGN      $64

keepsRunBlock:
	// The block Z0 at SI, which fits in src and dst: ASCII, with ESCs
	// (AX).
	VPMOVB2M     Z0, K1
	KORTESTQ     K1, K1
	JNZ          keepsRunEnd
	VPCMPEQB     Z31, Z0, K3
	KMOVQ        K3, AX
	TESTQ        AX, AX
	JNZ          keepsRunESCs
	// A block with nothing to look at ends the run, where the block loop
	// copies text four blocks at a time: no ESC, no sequence open, and no
	// line feed to watch for.
	CMPQ         R15, $64
	JNE          keepsRunESCs
	CMPQ         colored-16(SP), $0
	JEQ          keepsRunEnd
	TESTQ        $const_kernelLineFeed, mode-8(SP)
	JZ           keepsRunEnd

keepsRunESCs:
	// Every flag (BX) an ESC (AX), and [ after each, DX: the byte after
	// each ESC; else keepsRunOthers sorts them out.
	ESCAPED(Z0, Z1, K2)
	VPCMPEQB     Z3, Z0, K4
	KMOVQ        K4, R11
	KMOVQ        K2, BX
	ORQ          krOSC-120(SP), BX // an OSC sequence open: keepsRunOSC
	MOVQ         krEscs-24(SP), DX
	SHRQ         $63, DX
	LEAQ         (DX)(AX*2), DX
	ANDNQ        DX, R11, R14
	JNZ          keepsRunOthers
	ANDNQ        BX, AX, R14
	JNZ          keepsRunOthers

keepsRunCSI:

	// The parameters of each sequence, from after its [ or the block's
	// start: the carry runs through them and stops on its final byte,
	// BX, which must be m, at most 64 bytes from its ESC.
	VPANDQ       Z22, Z0, Z1
	VPCMPEQB     Z30, Z1, K5
	KMOVQ        K5, R12
	MOVQ         krEscs-24(SP), R13
	SHRQ         $62, R13
	LEAQ         (R13)(AX*4), R13
	CARRY_ADD(R13, R12, krParams-32(SP), krParams-32(SP), R10)
	ANDNQ        R13, R12, BX
	ANDNQ        R12, R13, R12 // the parameters the carry ran through
	VPCMPEQB     Z4, Z0, K6
	KMOVQ        K6, R11
	ANDNQ        BX, R11, R11
	JNZ          keepsRunEnd
	VPSHUFB      Z0, Z6, Z1
	VPTESTMB     Z1, Z1, K6
	KMOVQ        K6, R11
	ANDQ         R12, R11
	JNZ          keepsRunEnd // :, or < = > ? among them
	MOVQ         BX, R11
	BTSQ         $63, R11 // no final byte: 63, too far if one is open
	TZCNTQ       R11, R11
	CMPQ         R11, R15
	JGE          keepsRunLong

keepsRunShort:

	// R14: where the carry through the zeros after each [ or ; stops
	// (R10: bytes whose low half is B), as in keeps; R13 the resets. An
	// 8 there that ends a parameter is conceal, seen at the byte after
	// it, which may be in the next block.
	VPXORD       Z26, Z0, Z1
	VPTESTNMB    Z14, Z1, K7
	VPCMPEQB     Z30, Z0, K6
	KMOVQ        K7, R10
	KMOVQ        K6, R11
	SHIFT_IN(krSeps-64(SP), R10, R14)
	CARRY_ADD(R14, R11, krZeros-40(SP), krZeros-40(SP), R9)
	ANDNQ        R14, R11, R14
	MOVQ         BX, R13
	ANDQ         R14, R13
	VPCMPEQB     Z7, Z0, K6
	KMOVQ        K6, R11 // the 8s
	ANDQ         R12, R14
	ANDQ         R11, R14
	SHIFT_IN(krEights-88(SP), R14, R9)
	ANDNQ        R12, R10, R10 // the digits
	ANDNQ        R9, R10, R9
	JNZ          keepsRunEnd // conceal

	// A reset in a sequence with an 8 is left to sgr: the carry from each
	// ESC through its bytes but its 8s stops on its final byte only if
	// it has none.
	ANDNQ        R12, R11, R11
	ORQ          AX, R11
	ORQ          DX, R11
	MOVQ         AX, R9
	CARRY_ADD(R9, R11, krQ-56(SP), krQ-56(SP), DX)
	ANDNQ        R9, R11, R9
	ANDNQ        R13, R9, R9
	JNZ          keepsRunEnd

	// The bytes with attributes on, as in keepsState; a line feed among
	// them, where line feeds pass raw, ends the run.
	TESTQ        $const_kernelColors, mode-8(SP)
	JZ           keepsRunStore
	ANDNQ        BX, R13, R13
	NOTQ         BX
	MOVQ         colored-16(SP), R9
	LEAQ         (R9)(R13*2), R9
	XORL         R10, R10
	ADDQ         BX, R9
	SETCS        R10B
	SHRQ         $63, R13
	ORQ          R13, R10
	XORQ         BX, R9
	ANDQ         BX, R9
	TESTQ        $const_kernelLineFeed, mode-8(SP)
	JZ           keepsRunColored
	VPCMPEQB     Z11, Z0, K6
	KMOVQ        K6, R11
	ANDQ         R9, R11
	JNZ          keepsRunEnd

keepsRunColored:
	MOVQ         R10, colored-16(SP)

keepsRunStore:
	// The block is kept. R9: where the sequence it leaves open starts,
	// its last ESC, 64 if none. A block without escapes is written whole,
	// that sequence too, and Z2 gets what dst held there, for keepsRunEnd
	// to put back what the kernel does not report: rather than two masked
	// stores, up to R9 and of the block before's from R15, 1.05x as fast
	// on the sgr log (the coloured log within noise). Where the block
	// before had escapes (krTail), it left its bytes from R15 to be
	// written here, from Z2.
	MOVQ         AX, krEscs-24(SP)
	MOVQ         AX, R10
	SHRQ         $62, R10
	ORQ          krParams-32(SP), R10
	BSRQ         AX, R11
	MOVL         $64, R9
	TESTQ        R10, R10
	CMOVQNE      R11, R9
	CMPQ         krTail-112(SP), $0
	JNE          keepsRunTail

keepsRunTailDone:
	KORTESTQ     K1, K1
	JNZ          keepsRunEscape
	VMOVDQU64    (DI), Z2
	VMOVDQU64    Z0, (DI)

keepsRunNext:
	MOVQ         R9, R15
	ADDQ         $64, SI
	ADDQ         $64, DI
	LEAQ         64(SI), R11
	CMPQ         R11, CX
	JHI          keepsRunEnd
	LEAQ         64(DI), R11
	CMPQ         R11, R8
	JHI          keepsRunEnd
	VMOVDQU64    (SI), Z0
	JMP          keepsRunBlock

keepsRunEnd:
	// The kernel goes on from the sequence left open, if any; where the
	// block before wrote it, dst gets back what it held there.
	CMPQ         krTail-112(SP), $0
	JNE          keepsRunBack
	MOVQ         $-1, R11
	BZHIQ        R15, R11, R11
	NOTQ         R11
	KMOVQ        R11, K3
	VMOVDQU8     Z2, K3, -64(DI)

keepsRunBack:
	LEAQ         -64(SI)(R15*1), SI
	LEAQ         -64(DI)(R15*1), DI
	MOVQ         v+48(FP), DX
	MOVQ         esc+56(FP), R9
	CMPQ         SI, krStart-96(SP)
	JEQ          keepsRunNone
	MOVQ         colored-16(SP), R11
	SET_COLORED(R11)
	JMP          block

keepsRunOthers:
	// An ESC that [ does not follow, or another flag (BX, without
	// krOSC). R11 gets the ESCs that [ follows, or may at the block's end
	// (the one the block before may have left so must have it: else
	// keepsRunLast); under StripSequences, keepsRunOSC takes them, and
	// else AX gets them and K1 the other flags, which are escaped, ESCs
	// that start other sequences as characters (kernelSeq.esc), where
	// dst has room for seven bytes more for each and each has an escape;
	// else the run ends. K1 held the bytes from 80 up, none in the
	// blocks that get here.
	KMOVQ        K2, BX
	MOVQ         krEscs-24(SP), DX
	SHRQ         $63, DX
	ANDNQ        DX, R11, R14
	JNZ          keepsRunLast
	SHRQ         $1, R11
	BTSQ         $63, R11
	ANDQ         AX, R11
	TESTQ        $const_kernelStrip, mode-8(SP)
	JNZ          keepsRunOSC
	MOVQ         R11, AX
	LEAQ         (DX)(AX*2), DX
	ANDNQ        BX, AX, BX
	POPCNTQ      BX, R11
	LEAQ         (R11*8), R14
	SUBQ         R11, R14
	LEAQ         64(DI)(R14*1), R14
	CMPQ         R14, R8
	JHI          keepsRunEnd
	KMOVQ        BX, K1
	MOVQ         BX, R12
	MOVQ         esc+56(FP), R9

keepsRunOthersEach:
	TZCNTQ       R12, R13
	MOVBLZX      (SI)(R13*1), R14
	CMPL         R14, $0x1B
	JEQ          keepsRunOthersESC
	SHLQ         $4, R14
	CMPB         escapeText_n(R9)(R14*1), $0
	JEQ          keepsRunEnd

keepsRunOthersNext:
	BLSRQ        R12, R12
	JNZ          keepsRunOthersEach
	JMP          keepsRunCSI

keepsRunOthersESC:
	MOVQ         k+64(FP), R14
	MOVQ         kernelSeq_esc(R14), R14
	TESTQ        R14, R14
	JZ           keepsRunEnd
	CMPB         escapeText_n(R14), $0
	JEQ          keepsRunEnd
	JMP          keepsRunOthersNext

keepsRunLast:
	// The ESC at the end of the block before starts no CSI sequence: it
	// is escaped, if it fits, and the run ends after it (keepsLast);
	// under StripSequences the run ends at it.
	TESTQ        $const_kernelStrip, mode-8(SP)
	JNZ          keepsRunEnd
	MOVQ         k+64(FP), AX
	MOVQ         kernelSeq_esc(AX), AX
	TESTQ        AX, AX
	JZ           keepsRunEnd
	MOVBLZX      escapeText_n(AX), R11
	TESTQ        R11, R11
	JZ           keepsRunEnd
	LEAQ         -1(DI)(R11*1), R12
	CMPQ         R12, R8
	JHI          keepsRunEnd
	DECQ         DI
	WRITE_ESCAPE(R11, R12)
	MOVBLZX      escapeText_n(AX), R11
	ADDQ         R11, DI
	MOVL         $64, R15
	JMP          keepsRunEnd

keepsRunEscape:
	TESTQ        $const_kernelStrip, mode-8(SP)
	JNZ          keepsRunDrop

	// Each flag of K1: the clean bytes before it, then its escape, as
	// escape writes them, DI where byte R12 goes; then the bytes up to
	// R9, and DI back to where the block's first byte would have gone.
	KMOVQ        K1, BX
	MOVQ         esc+56(FP), R14
	MOVQ         k+64(FP), DX
	MOVQ         kernelSeq_esc(DX), DX
	XORL         R12, R12

keepsRunEscapeEach:
	TZCNTQ       BX, R13
	STORE_FROM(R13, R10)
	ADDQ         R13, DI
	SUBQ         R12, DI
	MOVBLZX      (SI)(R13*1), AX
	CMPL         AX, $0x1B
	JEQ          keepsRunEscapeESC
	SHLQ         $4, AX
	ADDQ         R14, AX

keepsRunEscapeWrite:
	MOVBLZX      escapeText_n(AX), R11
	WRITE_ESCAPE(R11, R12)
	MOVBLZX      escapeText_n(AX), R11
	ADDQ         R11, DI
	LEAQ         1(R13), R12
	BLSRQ        BX, BX
	JNZ          keepsRunEscapeEach
	STORE_FROM(R9, R10)
	SUBQ         R12, DI
	VMOVDQA64    Z0, Z2
	MOVQ         $1, krTail-112(SP)
	JMP          keepsRunNext

keepsRunTail:
	// The bytes of the block before from R15, which it left (krTail 1),
	// or none, an OSC sequence's (krTail 2).
	CMPQ         krTail-112(SP), $2
	JEQ          keepsRunTailNone
	MOVQ         $-1, R11
	BZHIQ        R15, R11, R11
	NOTQ         R11
	KMOVQ        R11, K3
	VMOVDQU8     Z2, K3, -64(DI)

keepsRunTailNone:
	MOVQ         $0, krTail-112(SP)
	JMP          keepsRunTailDone

keepsRunOSC:
	// Under StripSequences, the flags that start no CSI sequence must be
	// those of OSC sequences, which are dropped, as keepsOSCs takes them
	// (vec_generic_keeps.go); K1 gets their bytes, krOSCNext whether one
	// runs past the block (0 or -1) and krOSCAt where it starts. AX gets
	// the ESCs of CSI sequences (R11) and DX the byte after each, as for
	// keepsRunCSI. AX: all the ESCs; R12 the starts (ESC ]), R13 the ESCs
	// of STs, R14 the BELs, R9 the terminators, R10 the ends.
	MOVL         $0x5D, R12
	VPBROADCASTB R12, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R12
	SHRQ         $1, R12
	ANDQ         AX, R12
	MOVL         $0x5C, R13
	VPBROADCASTB R13, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R13
	SHRQ         $1, R13
	ANDQ         AX, R13
	MOVL         $0x07, R14
	VPBROADCASTB R14, Z1
	VPCMPEQB     Z1, Z0, K3
	KMOVQ        K3, R14
	LEAQ         (R14)(R13*2), R9
	MOVQ         R9, R10
	NOTQ         R10
	CARRY_ADD(R10, R12, krOSC-120(SP), krOSCNext-128(SP), DX)
	ANDQ         R9, R10
	// As many ends as starts, with the one open at the start and without
	// the one that runs on; the one open at the start ends here.
	POPCNTQ      R10, R9
	SUBQ         DX, R9
	POPCNTQ      R12, AX
	SUBQ         krOSC-120(SP), AX
	CMPQ         R9, AX
	JNE          keepsRunEnd
	TESTQ        R10, R10
	JNZ          keepsRunOSCEnds
	CMPQ         krOSC-120(SP), $0
	JNE          keepsRunEnd

keepsRunOSCEnds:
	// R9: their bytes, from each start to its end; R14 the flags among
	// them that belong; no other control in them, and no other flag.
	MOVQ         krOSC-120(SP), AX
	ANDQ         $1, AX
	ORQ          R12, AX
	LEAQ         (R10)(R10*1), R9
	SUBQ         AX, R9
	ANDQ         R10, R14
	ORQ          R12, R14
	ORQ          R13, R14
	ANDQ         R9, R14
	MOVL         $0x20, R13
	VPBROADCASTB R13, Z1
	VPCMPUB      $1, Z1, Z0, K3
	KMOVQ        K3, R13
	ANDQ         R9, R13
	ANDNQ        R13, R14, R13
	JNZ          keepsRunEnd
	ANDNQ        BX, R11, BX
	ANDNQ        BX, R14, BX
	JNZ          keepsRunEnd
	KMOVQ        R9, K1
	BSRQ         R12, R12
	MOVQ         R12, krOSCAt-136(SP)
	MOVQ         R11, AX
	MOVQ         krEscs-24(SP), DX
	SHRQ         $63, DX
	LEAQ         (DX)(AX*2), DX
	JMP          keepsRunCSI

keepsRunLong:
	// The sequence open at the block's start runs past 64 bytes, unless
	// it is an OSC sequence's, which keepsRunOSC saw end.
	CMPQ         krOSC-120(SP), $0
	JEQ          keepsRunEnd
	JMP          keepsRunShort

keepsRunDrop:
	// Under StripSequences: the bytes up to R9, or up to the OSC sequence
	// that runs on, but those of K1, packed from where the block before's
	// end: after its open sequence's bytes (keepsRunTail wrote them), or
	// at its ESC where that was an OSC sequence's, dropped. DI is left
	// where the bytes from R9 would go, less 64, as after keepsRunEscape.
	CMPQ         krOSC-120(SP), $0
	JEQ          2(PC)
	LEAQ         -64(DI)(R15*1), DI
	CMPQ         krOSCNext-128(SP), $0
	JEQ          2(PC)
	MOVQ         krOSCAt-136(SP), R9
	MOVQ         $-1, R11
	BZHIQ        R9, R11, R11
	KMOVQ        K1, R12
	ANDNQ        R11, R12, R11
	PACK(R11, Z0, Z1, R12)
	SUBQ         R9, DI
	VMOVDQA64    Z0, Z2
	MOVQ         krOSCNext-128(SP), R11
	MOVQ         R11, krOSC-120(SP)
	MOVQ         $1, krTail-112(SP)
	TESTQ        R11, R11
	JZ           keepsRunNext
	MOVQ         $2, krTail-112(SP)
	JMP          keepsRunNext

keepsRunEscapeESC:
	MOVQ         DX, AX
	JMP          keepsRunEscapeWrite

keepsRunNone:
	// Not a byte taken: the first block is cut as keepsPast and keepsNot
	// cut it, with the next block loaded as escapes loads it.
	VMOVDQU64    (SI), Z0
	LEAQ         128(SI), R11
	CMPQ         R11, CX
	JHI          2(PC)
	VMOVDQU64    64(SI), Z6
	MOVQ         krFlags-104(SP), BX
	MOVL         $64, R10
	XORL         R12, R12
	JMP          keepsNotCut

// func emojiVec(block *[64]byte, flags uint64, e *emojiTables) uint64
TEXT ·emojiVec(SB), NOSPLIT, $0-32
	MOVQ      block+0(FP), SI
	VMOVDQU64 (SI), Z0
	VPXORQ    Z15, Z15, Z15
	MOVQ      flags+8(FP), BX
	MOVQ      e+16(FP), R13
	EMOJIS_VEC
	TAG_FLAGS
	EMOJIS_TAGS
	VZEROUPPER
	MOVQ      R12, ret+24(FP)
	RET

// func emojiWell(block *[64]byte, flags uint64, e *emojiTables) uint64
TEXT ·emojiWell(SB), NOSPLIT, $0-32
	MOVQ      block+0(FP), SI
	VMOVDQU64 (SI), Z0
	VPXORQ    Z15, Z15, Z15
	MOVQ      flags+8(FP), BX
	MOVQ      e+16(FP), R13
	BACK_TWO
	CHATS_TABLES
	EMOJIS_WELL
	TAG_FLAGS
	EMOJIS_TAGS
	VZEROUPPER
	MOVQ      R12, ret+24(FP)
	RET

// func nonJoinerVec(block *[64]byte, flags uint64, e *emojiTables) uint64
TEXT ·nonJoinerVec(SB), NOSPLIT, $0-32
	MOVQ      block+0(FP), SI
	VMOVDQU64 (SI), Z0
	VPXORQ    Z15, Z15, Z15
	MOVQ      flags+8(FP), BX
	MOVQ      e+16(FP), R13
	NONJOINERS_VEC
	VZEROUPPER
	MOVQ      R12, ret+24(FP)
	RET

// func viramaVec(block *[64]byte, flags uint64, e *emojiTables) uint64
TEXT ·viramaVec(SB), NOSPLIT, $0-32
	MOVQ      block+0(FP), SI
	VMOVDQU64 (SI), Z0
	VPXORQ    Z15, Z15, Z15
	MOVQ      flags+8(FP), BX
	MOVQ      e+16(FP), R13
	VIRAMAS_VEC
	VZEROUPPER
	MOVQ      R12, ret+24(FP)
	RET

// func nonJoinerRun(w *[80]byte, flags uint64, e *emojiTables) uint64
TEXT ·nonJoinerRun(SB), NOSPLIT, $0-32
	MOVQ      w+0(FP), SI
	ADDQ      $16, SI
	RUN_LOADS
	MOVQ      flags+8(FP), BX
	MOVQ      e+16(FP), R13
	NONJOINERS_TABLES
	NONJOINERS_RUN
	KMOVQ     K6, R12
	SHRQ      $2, R12
	ANDQ      BX, R12
	VZEROUPPER
	MOVQ      R12, ret+24(FP)
	RET

// func viramaRun(w *[80]byte, flags uint64, e *emojiTables) uint64
TEXT ·viramaRun(SB), NOSPLIT, $0-32
	MOVQ      w+0(FP), SI
	ADDQ      $16, SI
	RUN_LOADS
	MOVQ      flags+8(FP), BX
	MOVQ      e+16(FP), R13
	VIRAMAS_TABLES
	VIRAMAS_RUN
	KMOVQ     K6, R12
	ANDQ      BX, R12
	VZEROUPPER
	MOVQ      R12, ret+24(FP)
	RET
