// Package floor measures how fast a check of terminal sequences built as
// the library's AVX-512 kernel is built can be at best, on this machine:
// kernels that work out, for each block of 64 bytes, every mask such a
// check needs and the carries on them, and store the block (or what
// StripSequences keeps of it), with no branch, no fallback and nothing
// carried from block to block. They are not sanitizers: a sequence that
// runs past a block, or anything they would stop at, they take no care
// of. They say how far the library's StripSequences and KeepColors are
// from what their design allows, and whether a target on them can be met
// at all: bench/run.sh runs them in every pass, and bench/ratio prints
// them against copy and the library against them.
//
// A module of its own, as bench/anchors is, so that its assembly is never
// part of the library.
package floor
