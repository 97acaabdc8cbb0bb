//go:build amd64

package floor

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/utf8tools/sanitize/internal/corpus"
	"golang.org/x/sys/cpu"
)

// wide reports whether the processor runs the kernels: AVX-512 BW and
// VBMI2 (VPCOMPRESSB), BMI2 and POPCNT, as the library's wide kernel.
func wide(tb testing.TB) {
	tb.Helper()
	if !cpu.X86.HasAVX512BW || !cpu.X86.HasAVX512VBMI2 || !cpu.X86.HasBMI2 || !cpu.X86.HasPOPCNT {
		tb.Skip("no AVX-512 BW and VBMI2 here")
	}
}

// blocks pads each line to a block of 64 bytes with spaces before its
// line feed, so that no sequence runs past a block, which the floors
// take no care of.
func blocks(lines ...string) []byte {
	var b []byte
	for _, l := range lines {
		b = append(b, l...)
		b = append(b, strings.Repeat(" ", 63-len(l))...)
		b = append(b, '\n')
	}
	return b
}

// clean are blocks that KeepColors passes whole and StripSequences
// strips to their text: SGR sequences, resets, 256 colours, tabs.
var clean = blocks(
	"\x1b[90m2026-11-21T18:00:00Z\x1b[0m \x1b[32mINF\x1b[0m ok",
	"\x1b[36mINFO\x1b[0m[0042] started\tport=8080",
	"\x1b[36mstatus=\x1b[0m\x1b[38;5;208m503\x1b[0m done \x1b[m",
	"\x1b[1m\x1b[31mERR\x1b[0m\x1b[0m \x1b[1;31mfailed\x1b[22;39;0m",
	"plain text, no sequence at all",
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// The floors compute what they say: the clean blocks pass and are
// stored as they are, or stripped of their sequences, and each thing
// that KeepColors cannot pass whole is found, so that their speed is
// that of the work the library's kernel does.
func TestFloors(t *testing.T) {
	wide(t)
	tabs := newTables()
	dst := make([]byte, len(clean))
	for name, k := range map[string]func(dst, src []byte, t *tables) uint64{"keep": keep, "lean": lean} {
		if bad := k(dst, clean, tabs); bad != 0 || !bytes.Equal(dst, clean) {
			t.Errorf("%s: %#x, wrote %q", name, bad, dst)
		}
		for _, line := range []string{
			"\x1b[8mhidden\x1b[0m",       // conceal
			"\x1b[31;08mhidden\x1b[0m",   // conceal, with a zero before
			"\x1b[31mred\n\x1b[0m",       // a line feed with attributes on
			"\x1b[38:5:208mcolon\x1b[0m", // :
			"\x1b[?25lcursor",            // not SGR
			"\x1b]0;title\a",             // OSC
			"a \r carriage return",       // an escaped byte
			"a caf\u00e9",                // not ASCII
		} {
			if bad := k(dst, blocks(line), tabs); bad == 0 {
				t.Errorf("%s passed %q", name, line)
			}
		}
	}
	n, bad := strip(dst, clean, tabs)
	if want := sgr.ReplaceAll(clean, nil); bad != 0 || !bytes.Equal(dst[:n], want) {
		t.Errorf("strip: %#x, wrote %q, want %q", bad, dst[:n], want)
	}
	if _, bad := strip(dst, blocks("\x1b]0;title\a"), tabs); bad == 0 {
		t.Error("strip passed an OSC sequence")
	}
}

// BenchmarkCorpus names its results as the library's suite does, under
// floor/, so that bench/ratio reads them in the same pass: the floors on
// the two coloured logs, whole blocks of them.
func BenchmarkCorpus(b *testing.B) {
	wide(b)
	tabs := newTables()
	for _, c := range corpus.All() {
		if c.Name != "colored" && c.Name != "sgr" {
			continue
		}
		in := c.Data[:len(c.Data)&^63]
		dst := make([]byte, len(in))
		for _, k := range []struct {
			name string
			f    func()
		}{
			{"keep", func() { keep(dst, in, tabs) }},
			{"lean", func() { lean(dst, in, tabs) }},
			{"strip", func() { strip(dst, in, tabs) }},
		} {
			b.Run(c.Name+"/floor/"+k.name, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					k.f()
				}
			})
		}
	}
}
