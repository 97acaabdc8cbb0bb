// Macros of the AVX-512 kernels, vecscan512_amd64.s and veccopy512_amd64.s:
// the forms of vecScan and vecCopy (vec_amd64.s) for 64 bytes per step,
// for processors with AVX-512BW and VBMI. They make the same checks on the
// same tables, broadcast to four lanes or, where VPERMB looks them up by
// six bits of a byte rather than VPSHUFB by four, spread over 64 entries,
// with the results in mask registers, and look the pairs up by byte
// rather than by nibble. What a block is and where the kernel stops are
// those of the AVX2 kernels for blocks of 64 bytes (scanModel, with a
// block of 64).

// ESCAPED sets k in the bytes of x, all ASCII, that are escaped: escLo
// (Z12) and hi64 (Z13) say so for the low and the high half of each byte,
// the second looked up by the byte shifted right by two, whose low six
// bits VPERMB takes: its top six. It clobbers t.
#define ESCAPED(x, t, k) \
	VPSRLW   $2, x, t;  \
	VPERMB   Z13, t, t; \
	VPSHUFB  x, Z12, Z5; \
	VPTESTMB Z5, t, k

// CHECK512 sets K1 in the bytes of the block Z0 that are ill-formed
// (Keiser–Lemire), as CHECK does in vec_amd64.s; C1_512 adds the C1
// controls, which a set with pairs finds among them (pairs.go). Z15 is the
// block before. It leaves the bytes one and two places back in Z2 and Z3
// and the block shifted right by two in Z1, whose low six bits are the top
// six of each byte, for CHECK_ESC512, and clobbers Z4–Z6 and Z11.
#define CHECK512 \
	CHECK512_SHIFT; \
	CHECK512_BACK

// CHECK512_SHIFT puts in Z2, Z3 and Z4 the bytes one, two and three
// places back, across the blocks: Z1 is each lane's lane before.
#define CHECK512_SHIFT \
	VALIGND  $12, Z15, Z0, Z1; \
	VPALIGNR $15, Z1, Z0, Z2;  \
	VPALIGNR $14, Z1, Z0, Z3;  \
	VPALIGNR $13, Z1, Z0, Z4

// CHECK512_AT is CHECK512 for the block at base+i, whose three bytes
// before may be read: it loads the bytes one, two and three places back
// rather than shifting them in from the block before, three loads rather
// than four shuffles. On a processor that runs 512-bit shuffles at half
// width (AMD Zen 4), the scan is bound by its shuffles: this made
// Validate's Span 29–33% faster on Latin, prose, CJK, emoji and mixed
// text, and Escape(Allow('\t', '\n'))'s and the invisible classes' 10–22%
// (alternating runs, three each). The copying kernel takes each block as
// if after ASCII (vecCopy512Go), and keeps CHECK512 with zeros before.
#define CHECK512_AT(base, i) \
	CHECK512_LOAD(base, i); \
	CHECK512_BACK

// CHECK512_LOAD loads into Z2, Z3 and Z4 the bytes one, two and three
// places before base+i.
#define CHECK512_LOAD(base, i) \
	VMOVDQU64 -1(base)(i*1), Z2; \
	VMOVDQU64 -2(base)(i*1), Z3; \
	VMOVDQU64 -3(base)(i*1), Z4

// CHECK512_BACK is the rest of CHECK512, with Z2, Z3 and Z4 the bytes
// one, two and three places back.
#define CHECK512_BACK \
	CHECK512_ERRS; \
	VPTESTMB Z11, Z11, K1

// KL512_PAIRS looks up the errors in pairs of bytes (Keiser–Lemire), of
// the block Z0 after the bytes one place back, Z2: by the high half of
// the byte before (Z5), its low half (Z6, ANDed into Z5) and the high
// half of the byte (Z6), each looked up with VPERMB by six bits
// (vecTables.byte1High64): with VPSHUFB by four, each half masked out
// first, and two instructions more in CHECK512_ERRS, Validate's Span read
// text that is not ASCII at 0.81-0.86x this speed (four interleaved
// passes). It leaves the block shifted right by two in Z1.
#define KL512_PAIRS \
	VPSRLW $2, Z2, Z5;  \
	VPERMB Z10, Z5, Z5; \
	VPERMB Z9, Z2, Z6;  \
	VPANDQ Z6, Z5, Z5;  \
	VPSRLW $2, Z0, Z1;  \
	VPERMB Z8, Z1, Z6

// CHECK512_ERRS is CHECK512_BACK but its test: it leaves the errors in Z11,
// a byte that is not 0 where one is. It clobbers Z1, Z4, Z5 and Z6.
#define CHECK512_ERRS \
	KL512_PAIRS; \
	/* Whether a third or fourth byte must be a continuation: */ \
	/* ((Z11 | Z4) & Z18) ^ (Z5 & Z6), in three instructions for five. */ \
	VPSUBUSB   Z16, Z3, Z11;       \
	VPSUBUSB   Z17, Z4, Z4;        \
	VPTERNLOGD $0xA8, Z18, Z4, Z11; \
	VPTERNLOGD $0x78, Z6, Z5, Z11

// C1_512 adds to K1 the C1 controls: C2 then 80–9F, the second byte
// flagged. The two compares into mask registers share two units with the
// shuffles on AMD Zen 4, and this made Span 14% slower on Latin, prose,
// CJK and emoji text with and without the invisible classes (alternating
// runs, seven each), which the classes spare by finding them as a pair.
// It clobbers K2 and K3.
#define C1_512 \
	VPCMPEQB Z19, Z2, K2;         \
	VPCMPUB  $2, Z20, Z0, K2, K3; \
	KORQ     K3, K1, K1

// PAIRS512, PAIRS_AT512 and PAIRS_THIRDS512, for the copying kernel, add
// to K1 the bytes where a character that may be escaped, other than a C1
// control, is found (pairs.go): the second byte of a pair led by C0–DF or
// F0–FF, and the third byte after a pair led by E0–EF if it is one of the
// pair's class. A pair's classes are those it has as a lead byte
// (pairLead64, Z28) and as a second byte (pairSec64, Z29) in common, a
// third byte's in pairThird (Z24): VPERMB (AVX-512 VBMI) looks each up by
// its low six bits. The AVX2 kernel tests pairs and the byte after them
// by the halves of each byte (PAIRS in vec_amd64.s), which for the third
// byte hold more than its table. Z2 is the block's bytes one place back.
//
// PAIRS512 is a gate: it sets K5 at the second byte of every pair,
// whatever leads it; where there is none, as in most text, the block has
// no pair to sort out, for four instructions. PAIRS_AT512 sorts them out
// by the byte after each, and PAIRS_THIRDS512 moves those led by E0–EF to
// their third byte, where the flags of the kernel and of vecCopy512Go
// (vecTables.pair512) have them.
#define PAIRS512 \
	PAIRS_CLASSES512; \
	VPTESTMB Z7, Z5, K6, K5

// PAIRS_CLASSES512 puts in K6 the lead bytes one place back, in Z5 the
// classes of the bytes one place back as lead bytes, and in Z7 those of
// the block's bytes as second bytes.
#define PAIRS_CLASSES512 \
	VPCMPUB $5, Z27, Z2, K6; \
	VPERMB  Z28, Z2, Z5;     \
	VPERMB  Z29, Z0, Z7

// PAIRS_AT512 sets K5 in the second byte of each pair of PAIRS_CLASSES512
// whose next byte is in the thirds of its classes, as FLAGS_AFTER512 finds
// them a byte later: VPERMB by nextBytes (Z21) puts the bytes one on in
// Z4, the last byte again in the last place, which flags nothing more
// (PAIRS_THIRDS512). Pairs whose third bytes differ are in classes apart
// (pairCover), so the third byte alone is the index, and the thirds of
// pairs not led by E0–EF hold every byte. It clobbers Z4 and Z5.
#define PAIRS_AT512 \
	VPERMB     Z0, Z21, Z4;       \
	VPERMB     Z24, Z4, Z4;       \
	VPTERNLOGD $0x80, Z4, Z7, Z5; \
	VPTESTMB   Z5, Z5, K6, K5

// PAIRS_THIRDS512 adds to K1 and K2 the pairs of PAIRS_AT512, in K5, where
// they are flagged: one led by C0–DF or F0–FF at its second byte, where
// PAIRS_AT512 found it; one led by E0–EF at its third, one on, and not at
// all where that is past the block, as the shift drops it, and as a block
// starts where a character does, no lead of three bytes comes before it.
// It clobbers Z6, K5–K7.
#define PAIRS_THIRDS512 \
	PAIRS_MOVE512;        \
	KORQ     K5, K1, K1;  \
	KORQ     K5, K2, K2

// PAIRS_MOVE512 is PAIRS_THIRDS512 but its last step: it leaves the pairs
// where they are flagged in K5. It clobbers Z6, K6 and K7.
#define PAIRS_MOVE512 \
	VPANDQ   Z22, Z2, Z6; \
	VPCMPEQB Z23, Z6, K6; \
	KANDQ    K5, K6, K7;  \
	KANDNQ   K5, K6, K5;  \
	KSHIFTLQ $1, K7, K7;  \
	KORQ     K7, K5, K5

// PAIRS_MOVED512 is PAIRS_MOVE512 for the run of chat text, which wants
// the pairs in BX: it moves those led by E0–EF with scalar instructions
// rather than four on mask registers: the runs of blocks are bound by
// their vector and mask instructions, not their scalar ones (Persian and
// Hindi 1.10x, when the run of joiners had this form). It clobbers AX,
// R11, Z6 and K6.
#define PAIRS_MOVED512 \
	VPANDQ   Z22, Z2, Z6;      \
	VPCMPEQB Z23, Z6, K6;      \
	KMOVQ    K5, BX;           \
	KMOVQ    K6, AX;           \
	MOVQ     BX, R11;          \
	ANDQ     AX, R11;          \
	ANDNQ    BX, AX, BX;       \
	LEAQ     (BX)(R11*2), BX

// THIRD512 looks the third bytes Z0 up in pairThird, into t.
#define THIRD512(t) \
	VPERMB Z24, Z0, t

// PAIRS_AFTER512 sets Z5 nonzero in the byte after each pair of the
// set's classes, with the bytes one and two places back in Z2 and Z3,
// where that byte is in the thirds of the pair's classes, as
// FLAGS_AFTER512 and the copying kernel's pairsDense test them. It
// clobbers t, Z7 and K6.
#define PAIRS_AFTER512(t) \
	/* The classes of the lead, 0 where it is none (C0–FF), ... */ \
	VPCMPUB        $5, Z27, Z3, K6;        \
	VPERMB.Z       Z28, Z3, K6, Z5;        \
	/* ... of the second byte and the byte after it, all in common. */ \
	VPERMB         Z29, Z2, Z7;            \
	THIRD512(t);                           \
	VPTERNLOGD     $0x80, t, Z7, Z5

// FLAGS_AFTER512 is the scan's test of a block for a set with pairs,
// after CHECK512_ERRS, with the bytes one and two places back in Z2 and
// Z3: it sets BX in the bytes that are ill-formed (Z11), escaped ASCII
// bytes (as CHECK_ESC512 finds them) or the byte after a pair of the
// set's classes (PAIRS_CLASSES512) that is in the thirds of its classes
// (THIRD512). After a pair led by E0–EF that byte is the character's
// third; the classes of other lead bytes hold every byte there (pairCover
// keeps them apart from those of E0–EF), so those pairs are flagged a
// byte later than PAIRS512 flags them, which the scan's end backs up
// over. A pair that ends a block is tested with the first byte of the
// next, which CHECK512_LOAD loads, or backed up to at the end of p.
//
// The three are ORed as bytes and tested once. Testing the pairs first,
// as a gate, and their third bytes only where one was found, took a
// branch that text with a curly quote or a dash in some blocks, not
// all, mispredicts; testing the third bytes with no gate took two
// instructions more a block, which made the invisible classes' Span 7–9%
// slower on Latin and CJK text: on Intel the scan is bound by the vector
// ports, 0 and 5, and every instruction counts. Here the block takes as
// many as with the gate shut, and the scan with the invisible classes
// went 1.31× as fast on typeset text, 1.12× on prose, 1.03× on Latin and
// CJK, and within noise elsewhere (Span, alternating runs, ten each). It
// clobbers Z1, Z2, Z5–Z7, Z11 and K6.
#define FLAGS_AFTER512 \
	PAIRS_AFTER512(Z6);                    \
	/* The escaped ASCII bytes with the errors, and the pairs. */ \
	VPERMB         Z13, Z1, Z1;            \
	VPSHUFB        Z0, Z12, Z2;            \
	VPTERNLOGD     $0xF8, Z2, Z1, Z11;     \
	VPORQ          Z5, Z11, Z11;           \
	VPTESTMB       Z11, Z11, K6;           \
	KMOVQ          K6, BX

// CHECK_ESC512 finishes CHECK512: K2 gets the escaped ASCII bytes (the
// table gives 0 for bytes from 80 up) and what K1 holds. It clobbers Z1
// and Z2.
#define CHECK_ESC512 \
	ESC512(Z1, Z2, K2); \
	KORQ K1, K2, K2

// ESC512 sets k in the escaped ASCII bytes of the block Z0, shifted right
// by two in Z1 (CHECK512), as CHECK_ESC512 finds them, by way of hi and
// lo: it clobbers those, which may be Z1 and Z2.
#define ESC512(hi, lo, k) \
	VPERMB   Z13, Z1, hi; \
	VPSHUFB  Z0, Z12, lo; \
	VPTESTMB lo, hi, k

// ERRS_ESCAPED512 sets Z6 nonzero in the bytes of the block Z0 that
// CHECK512_ERRS found ill-formed (Z11) or that are escaped ASCII bytes (as
// ESC512 finds them, with the block shifted right by two in Z1). It
// clobbers Z7.
#define ERRS_ESCAPED512 \
	VPERMB     Z13, Z1, Z6; \
	VPSHUFB    Z0, Z12, Z7; \
	VPTERNLOGD $0xEA, Z11, Z7, Z6 /* Z11 | Z6&Z7 */

// LOAD_TABLES512 loads the tables, each 16 bytes broadcast to four lanes,
// but those that VPERMB looks up, of 64.
#define LOAD_TABLES512 \
	VBROADCASTI32X4 vecTables_nibble(DX), Z14;     \
	VMOVDQU64       vecTables_hi64(DX), Z13;       \
	VBROADCASTI32X4 vecTables_escLo(DX), Z12;      \
	VMOVDQU64       vecTables_byte1High64(DX), Z10; \
	VMOVDQU64       vecTables_byte1Low64(DX), Z9;  \
	VMOVDQU64       vecTables_byte2High64(DX), Z8; \
	VBROADCASTI32X4 vecTables_third(DX), Z16;      \
	VBROADCASTI32X4 vecTables_fourth(DX), Z17;     \
	VBROADCASTI32X4 vecTables_bit7(DX), Z18;       \
	VBROADCASTI32X4 vecTables_c1Lead(DX), Z19;     \
	VBROADCASTI32X4 vecTables_c1Max(DX), Z20;      \
	VMOVDQU64       vecTables_open64(DX), Z21;     \
	MOVL            $0xC0, R11;                     \
	VPBROADCASTB    R11, Z27;                       \
	MOVL            $0xF0, R11;                     \
	VPBROADCASTB    R11, Z22;                       \
	MOVL            $0xE0, R11;                     \
	VPBROADCASTB    R11, Z23;                       \
	MOVL            $0x40, R11;                     \
	VPBROADCASTB    R11, Z25;                       \
	VMOVDQU64       vecTables_pairThird(DX), Z24;   \
	VMOVDQU64       vecTables_pairLead64(DX), Z28;  \
	VMOVDQU64       vecTables_pairSec64(DX), Z29
