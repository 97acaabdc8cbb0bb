//go:build !purego

#include "go_asm.h"
#include "textflag.h"
#include "vec_amd64.h"
#include "vec256_amd64.h"

// CHECK, PAIRS and CHECK_ESC set Y2 nonzero in the bytes of the block Y0
// that are ill-formed (Keiser–Lemire), C1 controls, escaped ASCII bytes or
// the second bytes of pairs that may start other escaped characters, in
// that order; PAIRS may be left out when the set has no pairs. CHECK
// leaves Y3 nonzero in the first two kinds, and the high halves of the
// bytes before in Y7, for LEADS and PAIRS. Y15 is the block before. They
// use Y8–Y14 and the tables at DX, and clobber Y1 and Y3–Y7.
#define CHECK \
	/* The bytes one, two and three places back, across the blocks. */ \
	VPERM2I128 $0x21, Y0, Y15, Y1; \
	VPALIGNR   $15, Y1, Y0, Y2;    \
	VPALIGNR   $14, Y1, Y0, Y3;    \
	VPALIGNR   $13, Y1, Y0, Y4;    \
	/* Keiser–Lemire: errors in pairs of bytes ... */ \
	VPSRLW  $4, Y2, Y7;    \
	VPAND   Y14, Y7, Y7;   \
	VPSHUFB Y7, Y10, Y5;   \
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
	VPOR     Y4, Y3, Y3

// PAIRS adds to Y3 the second bytes of the pairs that may start an
// escaped character other than a C1 control (pairs.go): four nibble
// tables, for each half of each byte, whose AND is nonzero, and two for
// the byte after each, Y7 (NEXT_AT, NEXT_OF), whose classes the AND must
// share (nibbleTables.thirdHi), which PAIRS_NEXT tests where PAIRS leaves
// Y5 not 0. They hold every byte for the classes of
// lead bytes outside E0–EF, and for those of E0–EF the third bytes of
// their characters and some others: a curly quote, a dash or an ellipsis
// (E2 80 98, 94, A6) is no longer flagged where U+200B (E2 80 8B) is
// escaped. Flagged, it sent the scan and the copy to the plain loop, and
// the invisible classes read prose with a curly quote in most blocks at
// 0.05x the speed of Escape() through NewReader, on a processor without
// AVX-512. It follows CHECK, which leaves the bytes before in Y2, their
// high halves in Y7 and those of the block in Y1, and clobbers Y4–Y6.
#define PAIRS \
	VPSHUFB Y7, Y11, Y5;                  \
	VPAND   Y14, Y2, Y6;                  \
	VMOVDQU vecTables_pairLeadLo(DX), Y4; \
	VPSHUFB Y6, Y4, Y6;                   \
	VPAND   Y6, Y5, Y5;                   \
	VMOVDQU vecTables_pairSecHi(DX), Y4;  \
	VPSHUFB Y1, Y4, Y6;                   \
	VPAND   Y6, Y5, Y5;                   \
	VPAND   Y14, Y0, Y6;                  \
	VMOVDQU vecTables_pairSecLo(DX), Y4;  \
	VPSHUFB Y6, Y4, Y6;                   \
	VPAND   Y6, Y5, Y5

// PAIRS_NEXT finishes PAIRS, where Y5 is not 0: emoji (F0 9F) open the
// gate of LEADS, for F0 leads U+1BCA0, but have no pair of the set, and
// the tests of the byte after made the invisible classes' scan 0.91x as
// fast there when done in every such block.
#define PAIRS_NEXT \
	VPSRLW  $4, Y7, Y6;                   \
	VPAND   Y14, Y6, Y6;                  \
	VMOVDQU vecTables_pairThirdHi(DX), Y4; \
	VPSHUFB Y6, Y4, Y6;                   \
	VPAND   Y6, Y5, Y5;                   \
	VPAND   Y14, Y7, Y6;                  \
	VMOVDQU vecTables_pairThirdLo(DX), Y4; \
	VPSHUFB Y6, Y4, Y6;                   \
	VPAND   Y6, Y5, Y5;                   \
	VPOR    Y5, Y3, Y3

// NEXT_AT and NEXT_OF load into Y7 the bytes one place on from those of
// the block Y0, at base+i or at p, for PAIRS: the byte after the block
// where it is before last or end, else 0 (VPERM2I128 and VPALIGNR move
// the block down a byte). The scan backs up over a character that may be
// cut off at its end, and the copy leaves one open at the end of a block
// to the next, so a pair there is settled whatever its next byte is;
// that of another lead byte is flagged for any. NEXT_OF clobbers R11.
#define NEXT_AT(base, i, last) \
	CMPQ       i, last;                  \
	JAE        3(PC);                    \
	VMOVDQU    1(base)(i*1), Y7;          \
	JMP        3(PC);                    \
	VPERM2I128 $0x81, Y0, Y0, Y7;        \
	VPALIGNR   $1, Y0, Y7, Y7

#define NEXT_OF(p, end) \
	LEAQ       32(p), R11;               \
	CMPQ       R11, end;                 \
	JAE        3(PC);                    \
	VMOVDQU    1(p), Y7;                 \
	JMP        3(PC);                    \
	VPERM2I128 $0x81, Y0, Y0, Y7;        \
	VPALIGNR   $1, Y0, Y7, Y7

// LEADS sets Y5 nonzero in the bytes of the block Y0 whose byte before
// (Y2, and its high half Y7, from CHECK) is a lead byte of the set's
// pairs: where PAIRS can find anything. Text whose lead bytes are none of
// them (Latin, CJK, for the invisible classes) is spared PAIRS. It
// clobbers Y4 and Y6.
#define LEADS \
	VPXOR   vecTables_bit7(DX), Y2, Y5; \
	VMOVDQU vecTables_leadLo(DX), Y4;   \
	VPSHUFB Y5, Y4, Y5;                 \
	VPSHUFB Y7, Y13, Y6;                \
	VPAND   Y6, Y5, Y5

// PAIRS_DENSE notes in last that the block at pos, which both gates of
// its pairs let through (LEADS, PAIRS), is clean, and where the last such
// was within 64 bytes before it, sets dense to where the 2 KiB after it
// end, which leave the gates out (nextDense, blockDense); else it goes to
// done. It clobbers R11.
#define PAIRS_DENSE(pos, dense, last, done) \
	MOVQ pos, R11;       \
	SUBQ last, R11;      \
	MOVQ pos, last;      \
	CMPQ R11, $64;       \
	JA   done;           \
	LEAQ 2048(pos), R11; \
	MOVQ R11, dense

// CHECK_ESC finishes CHECK: Y2 gets the escaped ASCII bytes (the table
// gives 0 for bytes from 80 up) and what Y3 holds.
#define CHECK_ESC \
	VPSHUFB Y1, Y13, Y1; \
	VPSHUFB Y0, Y12, Y2; \
	VPAND   Y1, Y2, Y2;  \
	VPOR    Y3, Y2, Y2

// LOAD_TABLES loads the tables used on every block.
#define LOAD_TABLES \
	VMOVDQU vecTables_nibble(DX), Y14;    \
	VMOVDQU vecTables_hi(DX), Y13;        \
	VMOVDQU vecTables_escLo(DX), Y12;     \
	VMOVDQU vecTables_pairLeadHi(DX), Y11; \
	VMOVDQU vecTables_byte1High(DX), Y10; \
	VMOVDQU vecTables_byte1Low(DX), Y9;   \
	VMOVDQU vecTables_byte2High(DX), Y8

// LETTER_JOINS jumps to fail unless the lead byte lead and the byte c
// after it are a letter of two bytes of U+0600–U+07FF that joins on side
// in the table of e at R11 (emojiTables.joining). It clobbers lead, c and
// t.
#define LETTER_JOINS(lead, c, t, side, fail) \
	MOVL  lead, t;                                 \
	ANDL  $0xF8, t;                                \
	CMPL  t, $0xD8;                                \
	JNE   fail;                                    \
	MOVL  c, t;                                    \
	ANDL  $0xC0, t;                                \
	CMPL  t, $0x80;                                \
	JNE   fail;                                    \
	ANDL  $7, lead;                                \
	SHLL  $6, lead;                                \
	ANDL  $0x3F, c;                                \
	ORL   c, lead;                                 \
	TESTB side, emojiTables_joining(R11)(lead*1);  \
	JZ    fail

// NARROW_DECIDE jumps to pass if the character at R14, of three bytes,
// is one that narrowPasses passes, with its third byte in AX, else to
// fail: a joiner or a non-joiner right after a virama (E0, A4–B7 and a
// continuation byte, in the table), or, a non-joiner, between two
// letters of D8–DF and a continuation byte that join towards it; a
// joiner between two emoji, with a skin tone and U+FE0F before it or
// not; U+FE0F after a base of the emoji block or of symbolBases. Each
// needs three bytes before it from base, the input's start, and five
// from it up to end, and what its case reads. R11 holds the emoji tables;
// R12 counts the bytes before R14, or R13, which the emoji before a
// joiner end at. Its labels are its own: one use in each function. It
// clobbers AX, BX, R12 and R13.
#define NARROW_DECIDE(end, base, pass, fail) \
	LEAQ    5(R14), R12; \
	CMPQ    R12, end; \
	JHI     fail; \
	MOVQ    R14, R12; \
	SUBQ    base, R12; \
	CMPQ    R12, $3; \
	JLT     fail /* signed: R14 is base-1 for a flag at a block's first byte */; \
	MOVWLZX (R14), AX; \
	CMPL    AX, $0xB8EF; \
	JEQ     decideSelector; \
	CMPL    AX, $0x80E2; \
	JNE     fail; \
	MOVBLZX 2(R14), AX; \
	MOVL    AX, BX; \
	ANDL    $0xFE, BX; \
	CMPL    BX, $0x8C; \
	JNE     fail; \
	CMPB    -3(R14), $0xE0; \
	JNE     decideNonJoiner; \
	MOVBLZX -2(R14), BX; \
	CMPB    BL, $0xA4; \
	JB      decideNonJoiner; \
	CMPB    BL, $0xB7; \
	JA      decideNonJoiner; \
	MOVBLZX -1(R14), R13; \
	MOVL    R13, R12; \
	ANDL    $0xC0, R12; \
	CMPL    R12, $0x80; \
	JNE     decideNonJoinerBack; \
	ANDL    $0x3F, BX; \
	ANDL    $0x3F, R13; \
	MOVBLZX emojiTables_viramaRows(R11)(BX*1), BX; \
	TESTB   BL, emojiTables_viramaCols(R11)(R13*1); \
	JNZ     pass; \
decideNonJoinerBack: \
	MOVQ    R14, R12; \
	SUBQ    base, R12; \
decideNonJoiner: \
	CMPL    AX, $0x8C; \
	JNE     decideEmojiJoiner; \
	MOVBLZX -2(R14), BX; \
	MOVBLZX -1(R14), R12; \
	LETTER_JOINS(BX, R12, R13, $const_joinsOnLeft, fail); \
	MOVBLZX 3(R14), BX; \
	MOVBLZX 4(R14), R12; \
	LETTER_JOINS(BX, R12, R13, $const_joinsOnRight, fail); \
	JMP     pass; \
decideEmojiJoiner: \
	/* A joiner: an emoji after it, and before it, back from R13, a */ \
	/* base and U+FE0F or not, then a skin tone or not, then an emoji. */ \
	LEAQ    7(R14), R13; \
	CMPQ    R13, end; \
	JHI     fail; \
	MOVL    3(R14), BX; \
	EMOJI_BIT(BX, R11, emojiTables_pict, fail, fail); \
	MOVQ    R14, R13; \
	MOVWLZX -3(R13), BX; \
	CMPL    BX, $0xB8EF; \
	JNE     decideEmojiSkin; \
	CMPB    -1(R13), $0x8F; \
	JNE     decideEmojiSkin; \
	SUBQ    $3, R13; \
	SUBQ    $3, R12; \
	CMPQ    R12, $4; \
	JB      fail; \
	MOVL    -4(R13), BX; \
	EMOJI_BIT(BX, R11, emojiTables_base, fail, fail); \
decideEmojiSkin: \
	CMPQ    R12, $4; \
	JB      fail; \
	MOVL    -4(R13), BX; \
	EMOJI_BIT(BX, R11, emojiTables_mod, decideEmojiBefore, decideEmojiBefore); \
	SUBQ    $4, R13; \
	SUBQ    $4, R12; \
	CMPQ    R12, $4; \
	JB      fail; \
decideEmojiBefore: \
	MOVL    -4(R13), BX; \
	EMOJI_BIT(BX, R11, emojiTables_pict, fail, fail); \
	MOVL    $0x8D, AX; \
	JMP     pass; \
decideSelector: \
	/* U+FE0F right after a base of the emoji block, ... */ \
	CMPB    2(R14), $0x8F; \
	JNE     fail; \
	CMPQ    R12, $4; \
	JB      decideSelectorSymbol; \
	MOVL    -4(R14), BX; \
	EMOJI_BIT(BX, R11, emojiTables_base, decideSelectorSymbol, decideSelectorSymbol); \
	JMP     decideSelectorPass; \
decideSelectorSymbol: \
	/* ... or of U+2190–U+23FF or U+2600–U+27BF, all bases (symbolBases), */ \
	/* as the heart of chat text is: E2 and two continuation bytes. */ \
	CMPB    -3(R14), $0xE2; \
	JNE     fail; \
	MOVBLZX -2(R14), BX; \
	XORL    $0x80, BX; \
	CMPL    BX, $0x3F; \
	JHI     fail; \
	MOVBLZX -1(R14), R13; \
	XORL    $0x80, R13; \
	CMPL    R13, $0x3F; \
	JHI     fail; \
	SHLL    $6, BX; \
	ORL     R13, BX /* from U+2000 */; \
	CMPL    BX, $0x190; \
	JB      fail; \
	CMPL    BX, $0x7BF; \
	JHI     fail; \
	SUBL    $0x400, BX; \
	CMPL    BX, $0x200; \
	JB      fail /* U+2400–U+25FF */; \
decideSelectorPass: \
	MOVL    $0x8F, AX; \
	JMP     pass

// NARROW_TAIL jumps to pass if the tagTail bytes at at are the tail at
// off in emojiTables.tails (R11), else to next. It clobbers BX.
#define NARROW_TAIL(off, at, pass, next) \
	MOVQ emojiTables_tails+(off)(R11), BX;    \
	CMPQ BX, (at);                            \
	JNE  next;                                \
	MOVQ emojiTables_tails+(off)+8(R11), BX;  \
	CMPQ BX, 8(at);                           \
	JNE  next;                                \
	MOVQ emojiTables_tails+(off)+16(R11), BX; \
	CMPQ BX, 16(at);                          \
	JEQ  pass;                                \
	JMP  next

// func vecScan256(p []byte, v *vecTables, e *emojiTables) int
//
// Registers: SI p, DX v, AX the block being checked; CX holds len(p)
// until the loop, then len(p)-32, the last offset a whole block starts
// at (R8 and R10 the same for two and four blocks). Y15 holds the block
// before it (zeros before the first: as if after
// ASCII), Y8–Y14 the tables used on every block. With e, scanFlagged
// holds the emoji tables in R11 and the lead byte it decides in R14, and
// keeps in the frame where p starts and ends (scanBase, scanEnd), AX and
// the flags while NARROW_DECIDE decides (scanAt, scanFlags), and where
// the tags of the last flag it passed end and where the flag starts
// (scanSkip, scanFlag). scanDense and scanPairs hold the offsets where
// the blocks that skip the gates of the pairs end and where the last
// block that opened them and was clean is (nextPairs).
TEXT ·vecScan256(SB), NOSPLIT, $64-48
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ v+24(FP), DX
	MOVQ SI, scanBase-24(SP)
	LEAQ (SI)(CX*1), BX
	MOVQ BX, scanEnd-16(SP)
	MOVQ $0, scanSkip-40(SP)
	MOVQ $0, scanDense-56(SP)
	MOVQ $-4096, scanPairs-64(SP)
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
	CMPQ    vecTables_pairs(DX), $0
	JNE     multiPairs

multiEsc:
	CHECK_ESC
	VPTEST  Y2, Y2
	JNZ     scanFlagged
	VMOVDQU Y0, Y15
	ADDQ    $32, AX

	// Text that is not ASCII tends to go on: stay here, a block at a time,
	// without the tests for ASCII runs, until a block is ASCII again (then
	// loop takes it, from the top).
multiNext:
	CMPQ      AX, CX
	JG        done
	VMOVDQU   (SI)(AX*1), Y0
	VPMOVMSKB Y0, BX
	TESTL     BX, BX
	JZ        loop
	CHECK
	CMPQ      vecTables_pairs(DX), $0
	JNE       nextPairs

nextEsc:
	CHECK_ESC
	VPTEST    Y2, Y2
	JNZ       scanFlagged
	VMOVDQU   Y0, Y15
	ADDQ      $32, AX
	JMP       multiNext

multiPairs:
	// Out of the way of sets without pairs, which then take no branch.
	LEADS
	VPTEST Y5, Y5
	JZ     multiEsc
	PAIRS
	VPTEST Y5, Y5
	JZ     multiEsc
	NEXT_AT(SI, AX, CX)
	PAIRS_NEXT
	JMP    multiEsc

nextPairs:
	// The gates of LEADS and PAIRS spare text without pairs of the set
	// their lookups, but where pairs come in some blocks and not in
	// others at random, as the dashes and guillemets of Russian text
	// or the curly quotes of prose do, their branches go wrong in one
	// block in three. Where a block that passes both gates is clean,
	// its pairs none of the set's (a dash, not U+200B), within 64 bytes
	// of the last such, the next 2 KiB take the pairs without gates
	// (nextDense), as the AVX-512 kernel's pairsDense does: Cyrillic
	// text went 2.0x as fast under the invisible classes (Transform and
	// NewReader) and prose 1.13x through NewReader, each within noise of
	// before elsewhere (four interleaved passes under sanitize_narrow).
	// Without any gates, CJK, Hindi and Latin text went 0.73–0.83x as
	// fast; with the 2 KiB after any block with pairs, flagged or not,
	// Hindi, whose joiners are flagged, 0.81x.
	CMPQ   AX, scanDense-56(SP)
	JB     nextDense
	LEADS
	VPTEST Y5, Y5
	JZ     nextEsc
	PAIRS
	VPTEST Y5, Y5
	JZ     nextEsc
	NEXT_AT(SI, AX, CX)
	PAIRS_NEXT
	CHECK_ESC
	VPTEST Y2, Y2
	JNZ    scanFlagged
	PAIRS_DENSE(AX, scanDense-56(SP), scanPairs-64(SP), nextClean)

nextClean:
	VMOVDQU Y0, Y15
	ADDQ    $32, AX
	JMP     multiNext

nextDense:
	PAIRS
	NEXT_AT(SI, AX, CX)
	PAIRS_NEXT
	JMP    nextEsc

scanFlagged:
	// With e, a block that is not ASCII goes on past the flags, from the
	// first, that are the second byte of a character of three bytes that
	// NARROW_DECIDE passes, as the kernel that copies goes on past them
	// (joiners), and on to the next block if none is left
	// (vec_generic.go: vecScanBlocks). Span, which stopped at each and
	// then copied with the kernel that copies into scratch, read Persian
	// text at the speed of that kernel. scanAt and scanFlags hold AX and
	// the flags while NARROW_DECIDE decides.
	MOVQ      e+32(FP), R11
	TESTQ     R11, R11
	JZ        found
	VPXOR     Y1, Y1, Y1
	VPCMPEQB  Y1, Y2, Y3
	VPMOVMSKB Y3, BX
	NOTL      BX
	MOVQ      AX, scanAt-8(SP)

scanNext:
	MOVL      BX, scanFlags-32(SP)
	BSFL      BX, R14
	ADDQ      scanAt-8(SP), R14
	LEAQ      -1(SI)(R14*1), R14
	LEAQ      1(R14), R13
	CMPQ      R13, scanSkip-40(SP)
	JB        scanPass // a tag of a flag that passed, before scanSkip
	MOVWLZX   (R14), AX
	CMPL      AX, $0xA0F3
	JEQ       scanTags
	NARROW_DECIDE(scanEnd-16(SP), scanBase-24(SP), scanPass, scanFail)

scanTags:
	// The tags of a recommended flag, right after U+1F3F4, as the kernel
	// that copies passes them (tags): their flags, up to scanSkip, this
	// block's and the next's, are no flags either. The ZWJ corpus has
	// them in half its blocks: Span, which stopped at each, read it at
	// 0.7x the speed of the kernel that copies into scratch.
	MOVQ      R14, R12
	SUBQ      scanBase-24(SP), R12
	CMPQ      R12, $4
	JB        scanFail
	LEAQ      const_tagTail(R14), R13
	CMPQ      R13, scanEnd-16(SP)
	JHI       scanFail
	CMPL      -4(R14), $0xB48F9FF0
	JNE       scanFail
	NARROW_TAIL(0, R14, scanTagsPass, scanTags1)

scanTags1:
	NARROW_TAIL(const_tagTail, R14, scanTagsPass, scanTags2)

scanTags2:
	NARROW_TAIL(2*const_tagTail, R14, scanTagsPass, scanFail)

scanTagsPass:
	LEAQ      const_tagTail(R14), R13
	MOVQ      R13, scanSkip-40(SP)
	LEAQ      -4(R14), R13
	MOVQ      R13, scanFlag-48(SP)

scanPass:
	MOVL      scanFlags-32(SP), BX
	LEAL      -1(BX), R12
	ANDL      R12, BX
	JNZ       scanNext
	MOVQ      scanAt-8(SP), AX
	VMOVDQU   Y0, Y15
	ADDQ      $32, AX
	JMP       multiNext

scanFail:
	MOVL      scanFlags-32(SP), BX
	MOVQ      scanAt-8(SP), AX
	JMP       foundBits

found:
	// Y2 is nonzero in the bytes flagged: the first of them.
	VPXOR     Y1, Y1, Y1
	VPCMPEQB  Y1, Y2, Y2
	VPMOVMSKB Y2, BX
	NOTL      BX

foundBits:
	BSFL      BX, BX
	ADDQ      BX, AX

found0:
done:
	VZEROUPPER

	// Never inside the tags of a flag that passed (scanTags): the rules
	// judge those with their flag, where the scan stops before it.
	LEAQ    (SI)(AX*1), R13
	CMPQ    R13, scanSkip-40(SP)
	JAE     3(PC)
	MOVQ    scanFlag-48(SP), AX
	SUBQ    SI, AX

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
	MOVQ AX, ret+40(FP)
	RET

// func vecCopy256(dst, src []byte, v *vecTables, esc *escapeTable, e *emojiTables) (nDst, nSrc int)
//
// Registers: SI and DI where src is read and dst written, CX and R8 where
// they end, DX v, R9 esc (its texts), R10 nonzero when some ASCII byte is escaped.
// Every block starts at a character boundary, so the block before it can
// be taken as ASCII: Y15 stays zero. Only what is reported is written:
// a character left open at the end of a block waits for the next. After
// an ASCII block it tries four at once, as vecScan does. R11 holds e
// where the kernel has stopped at a character that it may pass (other),
// or decides the flags of a block (joiners), and R14 the character's
// lead byte; the frame holds whether joiners is deciding (inline), its
// flags meanwhile (jflags), where src starts (srcBase), and where the
// blocks that skip the gates of the pairs end and where the last block
// that opened them and was clean is (copyDense, copyPairs: blockPairs).
TEXT ·vecCopy256(SB), NOSPLIT, $40-88
	MOVQ    dst_base+0(FP), DI
	MOVQ    dst_len+8(FP), R8
	ADDQ    DI, R8
	MOVQ    src_base+24(FP), SI
	MOVQ    src_len+32(FP), CX
	ADDQ    SI, CX
	MOVQ    v+48(FP), DX
	MOVQ    esc+56(FP), R9
	MOVQ    vecTables_escapes(DX), R10
	MOVQ    $0, inline-8(SP)
	MOVQ    SI, srcBase-24(SP)
	MOVQ    $0, copyDense-32(SP)
	MOVQ    $0, copyPairs-40(SP)
	LOAD_TABLES
	VPXOR   Y15, Y15, Y15

block:
	LEAQ      32(SI), R11
	CMPQ      R11, CX
	JHI       copied
	LEAQ      32(DI), R11
	CMPQ      R11, R8
	JHI       copied
	VMOVDQU   (SI), Y0
	VPMOVMSKB Y0, R11
	TESTL     R11, R11
	JNZ       blockMulti
	TESTQ     R10, R10
	JZ        whole
	ESCAPED(Y0, Y1, Y2)
	VPTEST    Y2, Y2
	JNZ       flaggedASCII

whole:
	VMOVDQU Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI

	// After an ASCII block, try 128 bytes at a time.
ascii4:
	LEAQ      128(SI), R11
	CMPQ      R11, CX
	JHI       block
	LEAQ      128(DI), R11
	CMPQ      R11, R8
	JHI       block
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VMOVDQU   64(SI), Y2
	VMOVDQU   96(SI), Y3
	VPOR      Y0, Y1, Y4
	VPOR      Y2, Y3, Y5
	VPOR      Y4, Y5, Y4
	VPMOVMSKB Y4, R11
	TESTL     R11, R11
	JNZ       block
	TESTQ     R10, R10
	JZ        whole4
	ESCAPED(Y0, Y4, Y5)
	VPTEST    Y5, Y5
	JNZ       escaped0
	ESCAPED(Y1, Y4, Y5)
	VPTEST    Y5, Y5
	JNZ       escaped1
	ESCAPED(Y2, Y4, Y5)
	VPTEST    Y5, Y5
	JNZ       escaped2
	ESCAPED(Y3, Y4, Y5)
	VPTEST    Y5, Y5
	JNZ       escaped3

whole4:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ    $128, SI
	ADDQ    $128, DI
	JMP     ascii4

	// An escaped byte in one of the four blocks: store those before it,
	// and go on with its flags in Y2 and the block in Y0.
escaped3:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	ADDQ    $96, SI
	ADDQ    $96, DI
	VMOVDQU Y3, Y0
	VMOVDQU Y5, Y2
	JMP     flaggedASCII

escaped2:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	VMOVDQU Y2, Y0
	VMOVDQU Y5, Y2
	JMP     flaggedASCII

escaped1:
	VMOVDQU Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	VMOVDQU Y1, Y0

escaped0:
	VMOVDQU Y5, Y2
	JMP     flaggedASCII

blockMulti:
	CHECK
	CMPQ     vecTables_pairs(DX), $0
	JNE      blockPairs

blockEsc:
	CHECK_ESC
	VPTEST   Y2, Y2
	JNZ      flagged

blockClean:
	VPSUBUSB vecTables_open(DX), Y0, Y3
	VPTEST   Y3, Y3
	JNZ      open
	VMOVDQU  Y0, (DI)
	ADDQ     $32, SI
	ADDQ     $32, DI
	JMP      block

blockPairs:
	// Out of the way of sets without pairs, which then take no branch.
	// Where pairs come in some blocks and not in others, the next 2 KiB
	// after two clean blocks that passed the gates, 64 bytes apart at
	// most, leave the gates out (blockDense), as vecScan256 does
	// (nextPairs): under the invisible classes Transform went 1.95x as
	// fast on Cyrillic text, 1.05x on prose, Latin and mixed text, and
	// within noise elsewhere (four interleaved passes under
	// sanitize_narrow).
	CMPQ   SI, copyDense-32(SP)
	JB     blockDense
	LEADS
	VPTEST Y5, Y5
	JZ     blockEsc
	PAIRS
	VPTEST Y5, Y5
	JZ     blockEsc
	NEXT_OF(SI, CX)
	PAIRS_NEXT
	CHECK_ESC
	VPTEST Y2, Y2
	JNZ    flagged
	PAIRS_DENSE(SI, copyDense-32(SP), copyPairs-40(SP), blockClean)
	JMP    blockClean

blockDense:
	PAIRS
	NEXT_OF(SI, CX)
	PAIRS_NEXT
	JMP    blockEsc

open:
	// A character left open at the end: copy the block up to it, which
	// is 29 to 31 bytes, and start the next block there.
	MOVL    $31, R12
	CMPB    31(SI), $0xC0
	JAE     part
	MOVL    $30, R12
	CMPB    30(SI), $0xE0
	JAE     part
	MOVL    $29, R12

part:
	VMOVDQU X0, (DI)
	VMOVDQU -16(SI)(R12*1), X1
	VMOVDQU X1, -16(DI)(R12*1)
	ADDQ    R12, SI
	ADDQ    R12, DI
	JMP     block

flaggedASCII:
	// An ASCII block, which starts where a character does, cuts nothing
	// off, and holds no joiner.
	VPXOR     Y3, Y3, Y3
	VPXOR     Y1, Y1, Y1
	VPCMPEQB  Y1, Y2, Y2
	VPMOVMSKB Y2, R12
	NOTL      R12
	JMP       flaggedFirst

flagged:
	// Y2 is nonzero in the bytes flagged: R12 the first of them. Y3 is
	// nonzero in those flagged for other reasons than an escaped ASCII
	// byte, from CHECK and PAIRS.
	VPXOR     Y1, Y1, Y1
	VPCMPEQB  Y1, Y2, Y2
	VPMOVMSKB Y2, R12
	NOTL      R12
	CMPQ      e+64(FP), $0
	JNE       joiners

flaggedFirst:
	BSFL      R12, R12

	// What is wrong there may be the character it cuts off: R13 is where
	// that starts, or R12. A lead byte in the three bytes before starts
	// one that is cut off if it needs more bytes than there are up to R12.
	// Where only escaped ASCII bytes are flagged, the block is well-formed
	// and nothing is cut off: the loop below, whose branches text makes
	// unpredictable, is skipped. It cost a third of the time of Escape()
	// on mixed text, which escapes a line feed every 50 bytes.
	MOVQ   R12, R13
	VPTEST Y3, Y3
	JZ     start
	MOVL   $3, R11

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
	// Copy the R13 clean bytes before, at most 31, without branching on
	// how many, which is not predictable: the whole dwords with a masked
	// store, then the last three bytes again, or the one or two there are.
	// Measured on Intel only; some AMD cores microcode masked stores
	// (LLVM's model of Jaguar, reviews.llvm.org/D66801), which may favour
	// the branches there.
	MOVQ       R13, AX
	ANDQ       $-4, AX
	LEAQ       dwords<>+32(SB), R11
	SUBQ       AX, R11
	VMOVDQU    (R11), Y3
	VPMASKMOVD Y0, Y3, (DI)
	CMPQ       R13, $3
	JB         start2
	MOVWLZX    -3(SI)(R13*1), AX
	MOVW       AX, -3(DI)(R13*1)
	MOVBLZX    -1(SI)(R13*1), AX
	MOVB       AX, -1(DI)(R13*1)
	JMP        started

start2:
	TESTQ   R13, R13
	JZ      started
	MOVBLZX (SI), AX
	MOVB    AX, (DI)
	MOVBLZX -1(SI)(R13*1), AX
	MOVB    AX, -1(DI)(R13*1)

started:
	ADDQ R13, SI
	ADDQ R13, DI

	// An escaped ASCII byte is written here, from esc; anything else is
	// left to the caller. An ASCII byte flagged where no character was
	// cut off is escaped: the other flags fall on non-ASCII bytes, or on
	// the byte after a character cut off, which was backed up to.
	MOVBLZX (SI), AX
	CMPB    AL, $0x80
	JAE     other
	SHLQ    $4, AX
	ADDQ    R9, AX
	MOVBLZX escapeText_n(AX), R11
	TESTQ   R11, R11
	JZ      copied // a byte the caller handles (escapeText)
	LEAQ    (DI)(R11*1), R13
	CMPQ    R13, R8
	JHI     copied

	// The escape, 2 to 8 bytes, without a branch on its length.
	WRITE_ESCAPE(R11, BX)

escaped:
	INCQ SI
	MOVQ R13, DI
	JMP  block

other:
	// With e (the invisible classes), what narrowPasses passes where the
	// kernel stopped is copied here, and the next block starts after it
	// (NARROW_DECIDE); the tags of a recommended flag too. Persian text
	// has a non-joiner in every few words, and chat text a joiner or a
	// selector in every few emoji, which the Go code decided one call at
	// a time.
	MOVQ    e+64(FP), R11
	TESTQ   R11, R11
	JZ      copied
	MOVQ    SI, R14
	MOVWLZX (SI), AX
	CMPL    AX, $0xA0F3
	JEQ     tags

otherAt:
	// R14: where the character starts, SI here, a flag's lead byte in
	// joiners.
	NARROW_DECIDE(CX, srcBase-24(SP), otherPass, otherFail)

otherPass:
	// AX: the third byte.
	CMPQ    inline-8(SP), $0
	JNE     joinersPass
	LEAQ    3(DI), R13
	CMPQ    R13, R8
	JHI     copied
	MOVWLZX (SI), BX
	MOVW    BX, (DI)
	MOVB    AL, 2(DI)
	ADDQ    $3, SI
	ADDQ    $3, DI
	JMP     block

otherFail:
	CMPQ    inline-8(SP), $0
	JNE     joinersDone
	JMP     copied

tags:
	// The tags of a recommended flag, right after U+1F3F4, as one of
	// emojiTables.tails; never in joiners, where they would be more than
	// one flag.
	MOVQ    SI, R12
	SUBQ    src_base+24(FP), R12
	CMPQ    R12, $4
	JB      copied
	LEAQ    const_tagTail(SI), R13
	CMPQ    R13, CX
	JHI     copied
	LEAQ    const_tagTail(DI), R13
	CMPQ    R13, R8
	JHI     copied
	CMPL    -4(SI), $0xB48F9FF0
	JNE     copied
	NARROW_TAIL(0, SI, tagsPass, tags1)

joiners:
	// With e, the flags R12, from the first, that are the second byte of
	// a character of three bytes that other passes (a joiner or a
	// non-joiner of a script or between emoji, U+FE0F after a base), are
	// no flags, up to the first that is not; if none is left, the block
	// is clean (vec_generic.go: narrowClears). other decides each, at
	// its lead byte, R14, with inline set, which sends it back here.
	// Persian text has a non-joiner in every few words, and chat text a
	// joiner or a selector in every few emoji: each stopped the block,
	// which started again after it, with its checks, its pairs and a
	// masked store. jflags holds the flags while other decides.
	MOVQ    e+64(FP), R11
	MOVQ    $1, inline-8(SP)

joinersNext:
	MOVL    R12, jflags-16(SP)
	BSFL    R12, R14
	LEAQ    -1(SI)(R14*1), R14
	JMP     otherAt

joinersPass:
	MOVL    jflags-16(SP), R12
	LEAL    -1(R12), BX
	ANDL    BX, R12
	JNZ     joinersNext
	MOVQ    $0, inline-8(SP)
	JMP     blockClean

joinersDone:
	MOVL    jflags-16(SP), R12
	MOVQ    $0, inline-8(SP)
	JMP     flaggedFirst

tags1:
	NARROW_TAIL(const_tagTail, SI, tagsPass, tags2)

tags2:
	NARROW_TAIL(2*const_tagTail, SI, tagsPass, copied)

tagsPass:
	VMOVDQU (SI), X1
	VMOVDQU X1, (DI)
	MOVQ    16(SI), BX
	MOVQ    BX, 16(DI)
	ADDQ    $const_tagTail, SI
	ADDQ    $const_tagTail, DI
	JMP     block

copied:
	VZEROUPPER
	SUBQ dst_base+0(FP), DI
	MOVQ DI, nDst+72(FP)
	SUBQ src_base+24(FP), SI
	MOVQ SI, nSrc+80(FP)
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

// dwords<>+32-4k is a mask of k dwords, for VPMASKMOVD.
DATA dwords<>+0(SB)/8, $-1
DATA dwords<>+8(SB)/8, $-1
DATA dwords<>+16(SB)/8, $-1
DATA dwords<>+24(SB)/8, $-1
DATA dwords<>+32(SB)/8, $0
DATA dwords<>+40(SB)/8, $0
DATA dwords<>+48(SB)/8, $0
DATA dwords<>+56(SB)/8, $0
GLOBL dwords<>(SB), RODATA|NOPTR, $64
