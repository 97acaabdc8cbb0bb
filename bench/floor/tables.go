package floor

// tables are the constants the kernels load, each 64 bytes: the nibble
// tables of the bytes Escape(Allow('\t', '\n')) escapes (C0 controls but
// tab and line feed, and DEL), as the library's ESCAPED macro takes
// them, and the bytes the masks compare with.
type tables [tabCount][64]byte

// The rows of tables, in the order the kernels load them.
const (
	tabEscLo  = iota // the classes of each low half (VPSHUFB, bit 7 zeroes)
	tabEscHi         // of each high half
	tabNibble        // 0F
	tabESC
	tabBracket
	tabHigh    // F0
	tabZero    // 30
	tabM       // m
	tabBad     // by the low half of a parameter byte: : < = > ?
	tabB       // 0B
	tabEight   // 8
	tabLF      // line feed
	tabFinal   // 40, the first final byte
	tabDEL     // 7F
	tabSemi    // ;
	tabNine    // 9, the last digit less 30
	tabEightLo // 8, the digit 8 less 30
	tabCount
)

// newTables returns the kernels' constants.
func newTables() *tables {
	var t tables
	fill := func(row int, b byte) {
		for i := range t[row] {
			t[row][i] = b
		}
	}
	for i := range 64 {
		lo := i % 16
		// Classes: 1 for C0 controls from 10, 2 for those below 10 but
		// tab and line feed, 4 for DEL.
		t[tabEscLo][i] = 1
		if lo != '\t' && lo != '\n' {
			t[tabEscLo][i] |= 2
		}
		if lo == 0xF {
			t[tabEscLo][i] |= 4
		}
		switch lo {
		case 0xA, 0xC, 0xD, 0xE, 0xF:
			t[tabBad][i] = 0xFF
		}
	}
	for i := range 64 {
		switch i % 16 {
		case 0:
			t[tabEscHi][i] = 2
		case 1:
			t[tabEscHi][i] = 1
		case 7:
			t[tabEscHi][i] = 4
		}
	}
	fill(tabNibble, 0x0F)
	fill(tabESC, 0x1B)
	fill(tabBracket, '[')
	fill(tabHigh, 0xF0)
	fill(tabZero, '0')
	fill(tabM, 'm')
	fill(tabB, 0x0B)
	fill(tabEight, '8')
	fill(tabLF, '\n')
	fill(tabFinal, 0x40)
	fill(tabDEL, 0x7F)
	fill(tabSemi, ';')
	fill(tabNine, 9)
	fill(tabEightLo, 8)
	return &t
}
