package difftest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/utf8tools/sanitize"
)

// pieces are what the generator builds inputs from: text and well-formed
// 7-bit sequences of every kind, on which the DEC parser, ours and
// charmbracelet/x/ansi's agree. Where they do not agree, the case is in
// TestANSIDifferences instead, with the reason.
func piece(rng *rand.Rand) string {
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	params := func() string {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(pick("0", "1", "31", "38", "5", "255", "", "2", "48", "8", "?", ">"))
			b.WriteString(pick(";", ";", ":"))
		}
		return b.String()
	}
	text := func() string {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pick("a", "Z", " ", "log", "caf\u00e9", "\u00fc", "\t", "\r", "\a", "\b", "\x00", "\\", "[", "]"))
		}
		return b.String()
	}
	content := func() string {
		return strings.NewReplacer("\r", "", "\a", "", "\b", "", "\x00", "", "\t", "").Replace(text())
	}
	switch rng.IntN(10) {
	case 0, 1, 2:
		return text()
	case 3:
		return "\x1b[" + strings.TrimLeft(params(), "?>") + "m" // SGR
	case 4:
		return "\x1b[" + params() + pick("", " ", "$") + pick("A", "H", "J", "K", "l", "h", "q", "~", "@")
	case 5:
		return "\x1b]" + pick("0;", "2;", "8;;", "52;c;") + content() + pick("\x07", "\x1b\\")
	case 6:
		return "\x1bP" + strings.Trim(params(), ":?>") + pick("q", "|", "$q") + content() + "\x1b\\"
	case 7: // ASCII contents: see TestANSIDifferences
		return "\x1b" + pick("X", "^", "_") + strings.NewReplacer("\u00e9", "e", "\u00fc", "u").Replace(content()) + "\x1b\\"
	case 8:
		return "\x1b" + pick("7", "8", "c", "=", ">", "(B", ")0", "#8", "M", "D")
	default:
		return "\x1b[" + params() + "\x00" + params() + "m" // a C0 inside, which both carry out
	}
}

// TestANSIStrip compares StripSequences with ansi.Strip on generated text,
// with the C0 controls it generates let through, as ansi.Strip lets them.
func TestANSIStrip(t *testing.T) {
	opts := []sanitize.Option{sanitize.Sequences(sanitize.StripSequences),
		sanitize.Allow('\t', '\n', '\r', '\a', '\b', '\x00')}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(piece(rng))
		}
		in := b.String()
		got, err := sanitize.String(in, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if want := ansi.Strip(in); got != want {
			t.Fatalf("%q:\nsanitize   %q\nansi.Strip %q", in, got, want)
		}
	}
}

// TestANSIDifferences lists where the two part ways, and why: each case
// is worked out from ECMA-48 and the DEC parser (vt100.net), and the test
// checks that both still say what is written here, so that a change on
// either side shows.
func TestANSIDifferences(t *testing.T) {
	tests := []struct {
		desc, in, ours, theirs string
	}{
		{"C1 introducers as characters: ansi.Strip does not know U+009B and U+009D",
			"\u009b31mx\u009d0;t\u009cy", "xy", "\u009b31mx\u009d0;t\u009cy"},
		{"a 9C byte inside ✳ ends an OSC for ansi.Strip (charmbracelet/x#848)",
			"\x1b]0;\u2733t\x07x", "x", "t\ax"},
		{"a parameter after an intermediate: csi_ignore until the final byte, as the DEC parser has it",
			"\x1b[1$2mx", "x", "mx"},
		{"SOS, PM and APC hold any character but SOS and ST (ECMA-48 §8.3.128); ansi.Strip ends them at a non-ASCII one",
			"\x1b^caf\u00e9\x1b\\x", "x", "\u00e9x"},
		{"a sequence cut by the end hides nothing here",
			"ok\x1b]0;title", `ok\x1b]0;title`, "ok"},
		{"CAN aborts: its ESC escaped, the rest kept",
			"\x1b[31\x18mx", "\\x1b[31\x18mx", "\x18mx"},
		{"a non-ASCII character ends a CSI here; ansi.Strip takes it as text and drops the rest of the CSI",
			"\x1b[3\u00e9mx", "\\x1b[3\u00e9mx", "\u00e9mx"},
		{"a line feed inside an OSC: not a sequence here, so the text stays",
			"\x1b]0;a\nb\x07x", "\\x1b]0;a\nb\ax", "x"},
	}
	opts := []sanitize.Option{sanitize.Sequences(sanitize.StripSequences),
		sanitize.Allow('\t', '\n', '\r', '\a', '\b', '\x00', '\x18')}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			if got, _ := sanitize.String(tt.in, opts...); got != tt.ours {
				t.Errorf("sanitize: %q, want %q", got, tt.ours)
			}
			if got := ansi.Strip(tt.in); got != tt.theirs {
				t.Errorf("ansi.Strip: %q, want %q (has it changed?)", got, tt.theirs)
			}
		})
	}
}
