package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/text/unicode/runenames"
)

// Every control has a name and an abbreviation, and runenames has none
// of its own for it: otherwise the table is not needed or not complete.
func TestControlNames(t *testing.T) {
	for r := rune(0); r <= 0x9F; r++ {
		if r >= 0x20 && r < 0x7F {
			continue
		}
		if controlNames[r] == "" || controlAbbrevs[r] == "" {
			t.Errorf("%U: name %q, abbreviation %q", r, controlNames[r], controlAbbrevs[r])
		}
		if got := runenames.Name(r); got != "<control>" {
			t.Errorf("%U: runenames says %q", r, got)
		}
	}
	// Spot checks against the Unicode code charts.
	for r, want := range map[rune]string{0x00: "NULL", 0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE", 0x9B: "CONTROL SEQUENCE INTRODUCER"} {
		if controlNames[r] != want {
			t.Errorf("%U: %q, want %q", r, controlNames[r], want)
		}
	}
}

func TestAliasesAreGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	if _, err := os.Stat("/usr/share/unicode/NameAliases.txt"); err != nil {
		t.Skip("no UCD in /usr/share/unicode (apt-get install unicode-data)")
	}
	out := filepath.Join(t.TempDir(), "aliases.go")
	if msg, err := exec.Command("go", "run", "gen.go", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, msg)
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile("aliases.go")
	if !bytes.Equal(got, want) {
		t.Error("aliases.go is not what gen.go writes from the installed UCD: run go generate")
	}
}

func TestCharName(t *testing.T) {
	for r, want := range map[rune]string{
		0x202E:   "RIGHT-TO-LEFT OVERRIDE",
		0x1B:     "ESCAPE",
		0xFFFF:   "<noncharacter-FFFF>",
		0x2FFFE:  "<noncharacter-2FFFE>",
		0xE000:   "<private-use-E000>",
		0x10FFFD: "<private-use-10FFFD>",
		0xE0080:  "<reserved-E0080>",
		0x4E00:   "CJK UNIFIED IDEOGRAPH-4E00",
	} {
		if got := charName(r); got != want {
			t.Errorf("charName(%U) = %q, want %q", r, got, want)
		}
	}
}
