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

// The vector passes' lookups (joinervec.go) hold every letter of
// U+0600–U+07FF on the sides it joins on, and every virama of the Indic
// blocks, as the kernel's tables do, and nothing else.
func TestJoinerVecTables(t *testing.T) {
	e := newEmojiTables()
	for i, j := range e.joining {
		lead, c := 0xD8|i>>6, i&63
		bit := e.leadBits[lead&63]
		if left := e.joinsLeft[c]&bit != 0; left != (j&joinsOnLeft != 0) {
			t.Errorf("%U: joins on its left in the lookup %v, in the table %v", joiningLo+rune(i), left, !left)
		}
		if right := e.joinsRight[c]&bit != 0; right != (j&joinsOnRight != 0) {
			t.Errorf("%U: joins on its right in the lookup %v, in the table %v", joiningLo+rune(i), right, !right)
		}
	}
	for lead := range 64 {
		if want := 0x18 <= lead && lead <= 0x1F; (e.leadBits[lead] != 0) != want {
			t.Errorf("leadBits[%#x] = %#x", lead, e.leadBits[lead])
		}
	}
	// The run's lookups (NONJOINERS_RUN): for any byte before a byte of
	// 80–BF, the two have no bit in common just where they are a letter
	// that joins on that side; the byte less BF, with saturation, is
	// what indexes leadsAt, by its low six bits.
	for b := range 256 {
		at := e.leadsAt[max(b-0xBF, 0)&63]
		for c := range 64 {
			var j uint8
			if b&0xF8 == 0xD8 {
				j = e.joining[(b&7)<<6|c]
			}
			if left := at&e.joinsNotLeft[c] == 0; left != (j&joinsOnLeft != 0) {
				t.Errorf("%#x %#x: joins on its left in the run's lookup %v, in the table %v", b, 0x80|c, left, !left)
			}
			if right := at&e.joinsNotRight[c] == 0; right != (j&joinsOnRight != 0) {
				t.Errorf("%#x %#x: joins on its right in the run's lookup %v, in the table %v", b, 0x80|c, right, !right)
			}
		}
	}
	// The run's lookups of viramas (VIRAMAS_RUN): after E0, the second
	// and third bytes have no bit in common just where they end a virama.
	for b2 := 0x80; b2 <= 0xBF; b2++ {
		for b3 := 0x80; b3 <= 0xBF; b3++ {
			got := e.viramaRowsNot[b2&63]&e.viramaColsAt[b3&63] == 0
			if want := viramaPasses([]byte{0xE0, byte(b2), byte(b3)}, 3, &e.virama); got != want {
				t.Errorf("E0 %X %X: a virama in the run's lookup %v, in the table %v", b2, b3, got, want)
			}
		}
	}
	n := 0
	for r := rune(indicLo); r <= indicHi; r++ {
		looked := e.viramaRows[r>>6&63]&e.viramaCols[r&63] != 0
		if looked != e.virama.has(r) {
			t.Errorf("%U: a virama in the lookup %v, in the table %v", r, looked, !looked)
		}
		if looked {
			n++
		}
	}
	if n < 12 {
		t.Errorf("%d viramas in the lookup, want the 12 of Unicode 15", n)
	}
}
