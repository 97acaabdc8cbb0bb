// Macros of the run of joiners of the AVX-512 kernel that copies
// (veccopy512_amd64.s: joiners) and of the scan that takes the same
// blocks without writing them (joinerscan512_amd64.s): the passes over
// the joiners of scripts, their tables, and the steps of a block. They
// need vec512_amd64.h and the tables that LOAD_TABLES512 loads.

// VB is the vector of emojiTables.bytes at i (emojivec.go), for R13.
#define VB(i) emojiTables_bytes+(i)*64(R13)

// NONJOINERS_RUN is NONJOINERS_VEC for a block of the run of joiners,
// after bytes of src that it may read: the letter before a non-joiner is
// looked for there too (nonJoinerRunGo). A word cut by the
// block before, as the first of a block in the run most often is, then
// has its non-joiner decided, where NONJOINERS_VEC leaves one in the
// first bytes of a block to the scalar code: with that, one block of
// Persian text in six left the run.
//
// It tests each byte as the last of the letter after a non-joiner, two
// bytes on from the non-joiner's last, so that all it reads is at or
// before it, and writes one mask register, where each that it wrote cost
// the run some 3%: the letters' and the non-joiner's tests are bytes that
// are 0 where each passes, ORed and tested once. The block is well-formed,
// so a lead byte of C0–FF is followed by a continuation byte, which needs
// no test. A letter's lead less BF, with saturation, looks up leadsAt,
// which has the lead's bit for D8–DF and all bits for any other byte;
// its continuation byte looks up joinsNotLeft or joinsNotRight, which
// have the bits of the leads whose letter does not join on that side,
// never none (TestJoinerVecTables). The two have no bit in common just
// where the letter joins. The non-joiner is flagged, and tested by its
// first and last bytes alone, E2 and 8C: no set that the runs run for
// escapes another character that those two start and end (joinerAt). Z2
// and Z3 hold the bytes one and two back, which the run loads; K6's first
// two bits decide the flags that the block before left at its last two
// bytes (NONJOINERS_STEP). Its tables and bytes are in Z19–Z21, Z23,
// Z30 and Z31 (NONJOINERS_TABLES). Eight interleaved passes, the scan
// through NewReader on Persian text: with the bytes XORed from memory
// (VB), as the emoji passes have them, and the XORs ORed by one
// VPTERNLOGD, it read at 0.98x this speed; each byte XORed from a
// register, and the second with the OR in one VPTERNLOGD (Z7 | x^c), is
// one instruction fewer a block (1.02-1.04x, with JOINERS_TABLES), and the
// test of 80 left out one more (1.02x). It reads 6 bytes before SI,
// clobbers Z1 and Z4–Z7, and leaves the test of every byte in K6.
#define NONJOINERS_RUN \
	/* Z7: the non-joiner, two to four bytes back, and the letter */ \
	/* before it, five and six, that does not join on its left. */ \
	VMOVDQU64  -6(SI), Z6;                          \
	VMOVDQU64  -5(SI), Z5;                          \
	VMOVDQU64  -4(SI), Z1;                          \
	VPSUBUSB   Z23, Z6, Z6;                         \
	VPERMB     Z19, Z6, Z6;                         \
	VPERMB     Z30, Z5, Z5;                         \
	VPXORQ     Z20, Z3, Z7;                         \
	VPTERNLOGD $0xF6, Z21, Z1, Z7 /* Z7 | Z1^E2 */;  \
	VPTERNLOGD $0xF8, Z6, Z5, Z7 /* Z7 | Z5&Z6 */;  \
	/* And the letter after it, here, that does not join on its right. */ \
	VPSUBUSB   Z23, Z2, Z4;                         \
	VPERMB     Z19, Z4, Z4;                         \
	VPERMB     Z31, Z0, Z1;                         \
	VPTERNLOGD $0xF8, Z4, Z1, Z7;                   \
	VPTESTNMB  Z7, Z7, K6

// VIRAMAS_RUN is VIRAMAS_VEC for a block of the run of joiners, as
// NONJOINERS_RUN is NONJOINERS_VEC: the virama before a joiner or a
// non-joiner is looked for before the block too, and where E0 leads it,
// its two continuation bytes need no test (viramaRunGo).
// As NONJOINERS_RUN, it writes one mask register: the joiner's and the
// virama's tests are bytes that are 0 where each passes, ORed and tested
// once. A joiner is flagged, and tested by its first and last bytes
// alone, as in NONJOINERS_RUN: E2, and 8C or 8D, for which (x&FE)^8C is
// 0. The virama's second byte looks up viramaRowsNot, its third
// viramaColsAt, which have no bit in common just where the two end one
// (TestJoinerVecTables). Z3 holds the bytes two back, which the run
// loads; its tables and bytes are in Z19–Z21, Z25, Z30 and Z31
// (VIRAMAS_TABLES), each byte XORed from a register as in
// NONJOINERS_RUN: three instructions fewer a block than with them in
// memory and 80 tested. It reads 5 bytes before SI, and clobbers Z1 and
// Z4–Z7 and K6.
#define VIRAMAS_RUN \
	/* Z7: the joiner, up to two bytes back, and a lead of E0 five. */ \
	VMOVDQU64  -5(SI), Z5;                          \
	VMOVDQU64  -4(SI), Z4;                          \
	VMOVDQU64  -3(SI), Z1;                          \
	VPXORQ     Z21, Z3, Z7;                         \
	VPTERNLOGD $0xF6, Z25, Z5, Z7 /* Z7 | Z5^E0 */;  \
	VPANDQ     Z31, Z0, Z6;                         \
	VPTERNLOGD $0xF6, Z30, Z6, Z7 /* Z7 | Z6^8C */;  \
	/* And the virama's last two bytes, three and four back. */ \
	VPERMB     Z19, Z4, Z4;                         \
	VPERMB     Z20, Z1, Z1;                         \
	VPTERNLOGD $0xF8, Z4, Z1, Z7;                   \
	VPTESTNMB  Z7, Z7, K6

// NONJOINERS_TABLES loads what NONJOINERS_RUN looks up and the bytes it
// compares with into Z19–Z21, Z23, Z30 and Z31, and VIRAMAS_TABLES what
// VIRAMAS_RUN does into Z19–Z21, Z25, Z30 and Z31, from the emoji tables
// at R13. The vector registers they and JOINERS_TABLES take are those
// that the runs' macros leave free; the copying kernel puts back what it
// had there where its run ends (veccopy512_amd64.s: joinersDone).
#define NONJOINERS_TABLES \
	VMOVDQU64 emojiTables_leadsAt(R13), Z19;       \
	VMOVDQU64 VB(const_vb8C), Z20;                 \
	VMOVDQU64 VB(const_vbE2), Z21;                 \
	VMOVDQU64 VB(const_vbBF), Z23;                 \
	VMOVDQU64 emojiTables_joinsNotLeft(R13), Z30;  \
	VMOVDQU64 emojiTables_joinsNotRight(R13), Z31

#define VIRAMAS_TABLES \
	VMOVDQU64 emojiTables_viramaRowsNot(R13), Z19; \
	VMOVDQU64 emojiTables_viramaColsAt(R13), Z20;  \
	VMOVDQU64 VB(const_vbE2), Z21;                 \
	VMOVDQU64 VB(const_vbE0), Z25;                 \
	VMOVDQU64 VB(const_vb8C), Z30;                 \
	VMOVDQU64 VB(const_vbFE), Z31

// JOINERS_TABLES loads what JOINERS_BLOCK looks up, besides the tables
// of LOAD_TABLES512: pairLeadBF into Z14 and byte1LowRun64 into Z9, from
// the vecTables at DX, and BF into Z23, from the emoji tables at R13.
#define JOINERS_TABLES \
	VMOVDQU64 vecTables_pairLeadBF(DX), Z14;       \
	VMOVDQU64 vecTables_byte1LowRun64(DX), Z9;     \
	VMOVDQU64 VB(const_vbBF), Z23

// RUN_ERRS is CHECK512_ERRS for the blocks of the runs of joiners, which
// take no character of four bytes: with byte1LowRun64 in Z9 every byte
// after a lead byte from F0 up is ill-formed, so that no fourth byte
// needs a test, nor the bytes three back a load. A block of the run
// starts after a character that ends, or after a block that passed,
// with no such lead byte before its last, so that one left at the end
// of it is flagged in the next; runErrorsAfter is this in Go. Eight
// interleaved passes: Persian text through Transform 1.13x as fast,
// through NewReader 1.05x; Hindi 1.06x and 1.05x. It leaves the errors
// in Z11, and clobbers Z1, Z5 and Z6.
#define RUN_ERRS \
	KL512_PAIRS;                   \
	VPSUBUSB   Z16, Z3, Z11;       \
	VPANDQ     Z18, Z11, Z11;      \
	VPTERNLOGD $0x78, Z6, Z5, Z11

// JOINERS_BLOCK loads the block at SI, where SI is at most CX (which the
// runs set 65 bytes before the end of src), with the bytes one and two
// back, and checks it as blockPairs does, but that a lead byte from F0
// up is an error (RUN_ERRS): to out where it has an error or an escaped
// ASCII byte. It leaves in BX its pairs flagged in
// the scan's form (FLAGS_AFTER512: PAIRS_AFTER512, at the byte after each,
// from the bytes two and one back), so that nothing goes from block to
// block. The lead's classes are looked up by the byte less BF, with
// saturation, in pairLeadBF (Z14, JOINERS_TABLES), where PAIRS_AFTER512
// looks them up under a mask of the bytes from C0 up: one mask register
// fewer written a block, and Persian text 1.01x as fast through NewReader
// with the bytes of NONJOINERS_RUN in registers (eight interleaved
// passes).
#define JOINERS_BLOCK(out) \
	CMPQ       SI, CX;                  \
	JHI        out;                     \
	VMOVDQU64  (SI), Z0;                \
	VMOVDQU64  -1(SI), Z2;              \
	VMOVDQU64  -2(SI), Z3;              \
	RUN_ERRS;                           \
	ERRS_ESCAPED512;                    \
	VPTESTMB   Z6, Z6, K2;              \
	KMOVQ      K2, R11;                 \
	TESTQ      R11, R11;                \
	JNZ        out;                     \
	VPSUBUSB   Z23, Z3, Z5;             \
	VPERMB     Z14, Z5, Z5;             \
	VPERMB     Z29, Z2, Z7;             \
	THIRD512(Z6);                       \
	VPTERNLOGD $0x80, Z6, Z7, Z5;       \
	VPTESTMB   Z5, Z5, K5;              \
	KMOVQ      K5, BX

// NONJOINERS_STEP takes the block at SI under NONJOINERS_RUN: to out
// where it fails, to skip where no flag is tested here, and on where
// every flag tested here passed. A flag is tested at the byte two on,
// where the letter after the non-joiner ends: each of BX at that byte,
// and those that the block before left at its last two bytes (R15) at
// bytes 0 and 1, all in AX, which one compare with what the pass passed
// (K6) decides.
#define NONJOINERS_STEP(out, skip) \
	JOINERS_BLOCK(out);            \
	LEAQ       (R15)(BX*4), AX;    \
	MOVQ       BX, R15;            \
	SHRQ       $62, R15;           \
	TESTQ      AX, AX;             \
	JZ         skip;               \
	NONJOINERS_RUN;                \
	KMOVQ      K6, R12;            \
	ANDNQ      AX, R12, R12;       \
	JNZ        out

// VIRAMAS_STEP is NONJOINERS_STEP under VIRAMAS_RUN, which tests each
// flag at its own byte: those at the block's last two bytes that it does
// not pass are left to the next block (R15) and fail there, so that the
// run ends at byte 60 of this block, before them, and not of the one
// before.
#define VIRAMAS_STEP(out, skip) \
	JOINERS_BLOCK(out);            \
	TESTQ      R15, R15;           \
	JNZ        out;                \
	TESTQ      BX, BX;             \
	JZ         skip;               \
	VIRAMAS_RUN;                   \
	KMOVQ      K6, R12;            \
	ANDNQ      BX, R12, R15;       \
	MOVQ       R15, AX;            \
	SHLQ       $2, AX;             \
	JNZ        out
