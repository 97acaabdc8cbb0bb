// Package anchors benchmarks the fastest implementations a user would
// compare package sanitize with, on the same corpora: the SIMD UTF-8
// validators of github.com/segmentio/asm and github.com/bytedance/sonic,
// and the terminal-sequence stripper of github.com/charmbracelet/x/ansi.
// It is a module of its own so that the library never depends on them;
// bench/run.sh runs it in every pass beside the library's own suite.
package anchors
