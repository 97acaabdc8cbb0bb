package sanitize

import (
	"testing"
	"unicode"
)

// The lookups of joining.go and ignorablePages say, for every code point,
// what a search of the generated tables says.
func TestJoiningLookups(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		after := unicode.Is(joiningL, r) || unicode.Is(joiningD, r)
		before := unicode.Is(joiningR, r) || unicode.Is(joiningD, r)
		through := unicode.Is(joiningT, r)
		if joinsAfter(r) != after || joinsBefore(r) != before || joinsThrough(r) != through {
			t.Errorf("%U: joins after %v, before %v, through %v; the tables say %v, %v, %v",
				r, joinsAfter(r), joinsBefore(r), joinsThrough(r), after, before, through)
		}
		if got, want := isIgnorable(r), unicode.Is(defaultIgnorable, r); got != want {
			t.Errorf("%U: isIgnorable %v, Default_Ignorable %v", r, got, want)
		}
	}
	// A few of DerivedJoiningType.txt, read by eye: ب D, ا R, َ T, ـ C
	// (join causing, none of the bits), ء U.
	for _, c := range []struct {
		r    rune
		bits uint8
	}{{0x0628, joinsOnLeft | joinsOnRight}, {0x0627, joinsOnRight}, {0x064E, joinsNot}, {0x0640, 0}, {0x0621, 0}, {0x0710, joinsOnRight}, {0x07CA, joinsOnLeft | joinsOnRight}} {
		if got := joiningTypes[c.r-joiningLo]; got != c.bits {
			t.Errorf("%U: joining bits %03b, want %03b", c.r, got, c.bits)
		}
	}
}

// The kernel's copy of the joining types leaves out what any class holds,
// so that it never passes a non-joiner beside a character the set may
// escape.
func TestKernelJoining(t *testing.T) {
	k := kernelJoining()
	for i, bits := range k {
		r := joiningLo + rune(i)
		want := joiningTypes[i]
		if everyClass.contains(r) {
			want = 0
		}
		if bits != want {
			t.Errorf("%U: kernel bits %03b, want %03b", r, bits, want)
		}
	}
	if k[0x061C-joiningLo] != 0 || joiningTypes[0x061C-joiningLo] == 0 {
		t.Errorf("U+061C ARABIC LETTER MARK: kernel bits %03b, its own %03b; want none and some", k[0x061C-joiningLo], joiningTypes[0x061C-joiningLo])
	}
}
