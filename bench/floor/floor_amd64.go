package floor

// keep works out, for each block of src, what KeepColors needs to pass it
// whole: the ASCII test, the escaped bytes, the ESCs, [, parameter bytes,
// m, : < = > ?, the bytes whose low half is B, 0, 8 and line feeds, the
// carries that end each sequence, find each parameter's leading zeros and
// what is left on at each line feed; and stores the block to dst. It
// returns the OR of what would have stopped it: 0 where every block
// passes. tabs holds the constants (tabs below).
//
//go:noescape
func keep(dst, src []byte, t *tables) uint64

// lean is keep with the fewest masks it could do with: parameter bytes of
// digits and ; alone (: < = > ? then stop the carry where no m is), and
// the separators from ; and [ rather than a mask of their own.
//
//go:noescape
func lean(dst, src []byte, t *tables) uint64

// strip works out what StripSequences needs of each block of src: the
// ASCII test, the escaped bytes, ESCs, [, parameter bytes and final
// bytes, and the carry to each sequence's end; and writes to dst the
// bytes outside sequences, packed. It returns how many it wrote, and in
// bad the OR of what would have stopped it.
//
//go:noescape
func strip(dst, src []byte, t *tables) (n int, bad uint64)
