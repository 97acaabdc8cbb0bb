package sanitize

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestDefaultIgnorableDerivation checks the generated Default_Ignorable
// table against its derivation, as DerivedCoreProperties.txt states it,
// from what the unicode package already knows, for every code point.
func TestDefaultIgnorableDerivation(t *testing.T) {
	if unicodeVersion != unicode.Version {
		t.Fatalf("tables.go is Unicode %s, the unicode package %s: run go generate", unicodeVersion, unicode.Version)
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		want := (unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
			unicode.Is(unicode.Cf, r) ||
			unicode.Is(unicode.Variation_Selector, r)) &&
			!unicode.Is(unicode.White_Space, r) &&
			!(0xFFF9 <= r && r <= 0xFFFB) &&
			!(0x13430 <= r && r <= 0x13440) &&
			!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
		if got := unicode.Is(defaultIgnorable, r); got != want {
			t.Errorf("%U: Default_Ignorable %v, the derivation says %v", r, got, want)
		}
	}
}

func TestEmojiAndJoiningTables(t *testing.T) {
	tests := []struct {
		table *unicode.RangeTable
		name  string
		in    []rune
		out   []rune
	}{
		{extendedPictographic, "Extended_Pictographic", []rune{0x1F600, 0x2640, 0x1F9B0, 0x1F3F4, 0x00A9, 0x1FFFD}, []rune{'A', 0x1F3FB, 0x200D, 0xFE0F, 0x1F1E6}},
		{emojiModifier, "Emoji_Modifier", []rune{0x1F3FB, 0x1F3FF}, []rune{0x1F3FA, 0x1F400, 0x1F600}},
		{joiningD, "Joining_Type=D", []rune{0x0628, 0x0644, 0x06CC}, []rune{0x0627, 0x200D, 'a'}},
		{joiningR, "Joining_Type=R", []rune{0x0627, 0x0648, 0x0631}, []rune{0x0628, 'a'}},
		{joiningL, "Joining_Type=L", []rune{0xA872}, []rune{0x0628}},
		{joiningT, "Joining_Type=T", []rune{0x064B, 0x0300, 0x200B}, []rune{0x200C, 0x200D, 0x0628, 'a'}},
	}
	for _, tt := range tests {
		for _, r := range tt.in {
			if !unicode.Is(tt.table, r) {
				t.Errorf("%U is %s in the UCD, not in the table", r, tt.name)
			}
		}
		for _, r := range tt.out {
			if unicode.Is(tt.table, r) {
				t.Errorf("%U is not %s in the UCD, but in the table", r, tt.name)
			}
		}
	}
	if len(rgiTagSequences) != 3 {
		t.Errorf("%d RGI tag sequences, want the three flags", len(rgiTagSequences))
	}
	for _, s := range rgiTagSequences {
		rs := []rune(s)
		if rs[0] != 0x1F3F4 || rs[len(rs)-1] != 0xE007F {
			t.Errorf("%+q is not black flag, tags, cancel tag", s)
		}
	}
}

// zwjSequences returns the RGI emoji ZWJ sequences of
// emoji-zwj-sequences.txt, each as its code points, skipping t without
// the UCD.
func zwjSequences(t *testing.T) [][]rune {
	data, err := os.ReadFile("/usr/share/unicode/emoji/emoji-zwj-sequences.txt")
	if err != nil {
		t.Skip("no emoji-zwj-sequences.txt (apt-get install unicode-data)")
	}
	var seqs [][]rune
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		cps, _, ok := strings.Cut(line, ";")
		if !ok {
			continue
		}
		var seq []rune
		for _, cp := range strings.Fields(cps) {
			v, _ := strconv.ParseUint(cp, 16, 32)
			seq = append(seq, rune(v))
		}
		seqs = append(seqs, seq)
	}
	if len(seqs) < 1000 {
		t.Fatalf("only %d ZWJ sequences read", len(seqs))
	}
	return seqs
}

// TestZWJSequenceElements: every element of every RGI emoji ZWJ sequence
// is Extended_Pictographic, a skin tone or U+FE0F, as UTS #51's
// definition of an emoji ZWJ element requires (skipped without the UCD).
func TestZWJSequenceElements(t *testing.T) {
	for _, seq := range zwjSequences(t) {
		for _, r := range seq {
			if r != 0x200D && r != 0xFE0F && !unicode.Is(extendedPictographic, r) && !unicode.Is(emojiModifier, r) &&
				!(0x1F1E6 <= r && r <= 0x1F1FF) {
				t.Errorf("%U: %U is no emoji ZWJ element", seq, r)
			}
		}
	}
}

// TestTablesAreGenerated runs gen.go over the installed UCD and compares
// its output with tables.go (skipped without the UCD).
func TestTablesAreGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	if _, err := os.Stat("/usr/share/unicode/DerivedCoreProperties.txt"); err != nil {
		t.Skip("no UCD in /usr/share/unicode (apt-get install unicode-data)")
	}
	out := filepath.Join(t.TempDir(), "tables.go")
	if msg, err := exec.Command("go", "run", "gen.go", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, msg)
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile("tables.go")
	if !bytes.Equal(got, want) {
		t.Error("tables.go is not what gen.go writes from the installed UCD: run go generate")
	}
}

// TestPropertiesAgainstNode compares the generated tables with
// JavaScript's \p{…} through Node, an implementation nobody here wrote,
// at every code point (skipped without Node). Node may follow a newer
// Unicode than the unicode package, so a code point Unicode had not
// assigned in our version may differ; and Extended_Pictographic, which
// later versions narrowed (Node 20's Unicode 17.0 leaves out 689 of our
// 15.0 symbols), need only hold every code point Node's has.
func TestPropertiesAgainstNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node")
	}
	out, err := exec.Command(node, "testdata/props.js").Output()
	if err != nil {
		t.Skipf("node: %v", err)
	}
	tables := map[string]*unicode.RangeTable{
		"Default_Ignorable_Code_Point": defaultIgnorable,
		"Extended_Pictographic":        extendedPictographic,
		"Emoji_Modifier":               emojiModifier,
	}
	assigned := func(r rune) bool {
		for _, rt := range unicode.Categories {
			if unicode.Is(rt, r) {
				return true
			}
		}
		return false
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, ranges, _ := strings.Cut(line, ";")
		rt := tables[name]
		if rt == nil {
			continue
		}
		seen++
		theirs := map[rune]bool{}
		for _, rg := range strings.Split(ranges, ",") {
			lo, hi, _ := strings.Cut(rg, "..")
			a, _ := strconv.ParseUint(lo, 16, 32)
			b, _ := strconv.ParseUint(hi, 16, 32)
			for r := rune(a); r <= rune(b); r++ {
				theirs[r] = true
			}
		}
		narrowed := 0
		for r := rune(0); r <= unicode.MaxRune; r++ {
			ours := unicode.Is(rt, r)
			switch {
			case ours == theirs[r] || !assigned(r):
			case ours && name == "Extended_Pictographic":
				narrowed++
			default:
				t.Errorf("%s: %U: ours %v, Node %v", name, r, ours, theirs[r])
			}
		}
		if narrowed > 0 {
			t.Logf("%s: %d code points ours and not Node's, whose Unicode narrowed the property", name, narrowed)
		}
	}
	if seen != len(tables) {
		t.Errorf("Node printed %d of the %d properties", seen, len(tables))
	}
}
