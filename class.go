package sanitize

//go:generate go run gen.go

import (
	"unicode"
)

// A Class is a set of characters that [Escape] can escape. Classes combine
// with |, as in Also(Bidi|Noncharacters).
type Class uint16

const (
	// Controls is C0 (U+0000–U+001F), DEL (U+007F) and C1
	// (U+0080–U+009F). [Escape] escapes it unless told otherwise.
	Controls Class = 1 << iota
	// Noncharacters is U+FDD0–U+FDEF and the last two code points of every
	// plane, U+xxFFFE and U+xxFFFF: valid UTF-8 that Unicode reserves for
	// internal use and that should not be interchanged.
	Noncharacters
	// PrivateUse is U+E000–U+F8FF, U+F0000–U+FFFFD and U+100000–U+10FFFD,
	// whose meaning is private to whoever agreed on it.
	PrivateUse
	// Bidi is the bidirectional formatting characters behind Trojan Source
	// (CVE-2021-42574), which reorder how text is displayed: U+061C,
	// U+200E, U+200F, U+202A–U+202E and U+2066–U+2069.
	Bidi
	// LineSeparators is U+2028 LINE SEPARATOR and U+2029 PARAGRAPH
	// SEPARATOR, which end a line in JavaScript and many log viewers, and
	// U+0085 NEXT LINE (also a C1 control).
	LineSeparators
	// VariationSelectors is U+FE00–U+FE0F, U+E0100–U+E01EF and the
	// Mongolian free variation selectors U+180B–U+180D and U+180F, which
	// are invisible and can carry hidden data one byte each (PyRIT #835).
	// One selector directly after a base character, of general category
	// L, M, N, P or S and neither a selector nor default-ignorable, is how
	// emoji and CJK variants are written and passes unchanged; any other,
	// a second in a row, one at the start of the stream or after a space,
	// control, format, private-use or unassigned character, is escaped.
	// The character before is the input's, looked up across calls. The
	// exception holds only for this class: a selector that Allow lets
	// through always passes, one that AlsoFunc or AlsoIn names never does.
	VariationSelectors
	// Tags is the tag characters U+E0000–U+E007F, invisible copies of
	// ASCII that can spell out whole instructions unseen ("ASCII
	// smuggling"). The emoji tag sequences Unicode recommends, the flags of
	// England, Scotland and Wales (U+1F3F4, tag letters, U+E007F), pass
	// unchanged; in any other place, a tag is escaped, in a well-formed
	// but not recommended tag sequence too. Deciding holds back at most 23
	// bytes (a flag's tags not yet complete). As with VariationSelectors,
	// the exception is the class's own.
	Tags
	// Invisible is every Default_Ignorable_Code_Point as
	// DerivedCoreProperties.txt lists it (zero-width spaces and joiners,
	// soft hyphens, fillers, bidi and other format controls, variation
	// selectors, tags, and the code points reserved for more), less what
	// text needs where it stands: variation selectors and tags as their
	// classes let them pass; U+200D ZERO WIDTH JOINER between two emoji
	// (an Extended_Pictographic character, then an optional skin tone and
	// U+FE0F, before it; an Extended_Pictographic character after it);
	// U+200C and U+200D where RFC 5892's CONTEXTJ rules allow them, after a
	// virama, and U+200C between a character of Joining_Type L or D and one
	// of R or D with only transparent ones between, as Persian, Arabic and
	// Indic writing need; and U+FEFF at the start of the stream, which is
	// the BOM policy's. A joiner anywhere else, such as inside a Latin
	// word, is escaped. Every character that lets a joiner or a tag pass
	// must pass itself: one escaped beside it would leave the joiner
	// beside its escape, where a second pass would escape the joiner too
	// (so U+FE0F after an unassigned pictograph, which is no base, keeps
	// the joiner after it from passing). The rules look back and ahead
	// over at most 16 bytes of transparent characters, and hold back at
	// most 23 bytes.
	Invisible
)

// everyClass holds every class (classNames names each): all that some set
// may escape by class.
const everyClass = Class(1<<len(classNames) - 1)

// contains reports whether r belongs to c.
func (c Class) contains(r rune) bool {
	return c&Controls != 0 && (r < 0x20 || 0x7F <= r && r <= 0x9F) ||
		c&Noncharacters != 0 && (0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE) ||
		c&PrivateUse != 0 && (0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD) ||
		c&Bidi != 0 && (r == 0x061C || r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069) ||
		c&LineSeparators != 0 && (r == 0x2028 || r == 0x2029 || r == 0x0085) ||
		c&VariationSelectors != 0 && isVariationSelector(r) ||
		c&Tags != 0 && isTag(r) ||
		c&Invisible != 0 && isIgnorable(r)
}

// isIgnorable reports whether r is Default_Ignorable. Above the BMP only
// three ranges are, and emoji are in none of them: they are ruled out
// without a search; so is most of the BMP (ignorablePages).
func isIgnorable(r rune) bool {
	switch {
	case r < 0xAD:
		return false
	case r <= 0xFFFF:
		return ignorablePages[r>>14]>>(r>>8&63)&1 != 0 && unicode.Is(defaultIgnorable, r)
	}
	return 0x1BCA0 <= r && r <= 0x1BCA3 || 0x1D173 <= r && r <= 0x1D17A || 0xE0000 <= r && r <= 0xE0FFF
}

// ignorablePages has a bit for each page of 256 code points of the BMP
// that holds a Default_Ignorable code point, from the generated table, a
// few of its 256: isIgnorable rules the others out without a search, where
// the rules of context asked for each Arabic letter around a non-joiner.
var ignorablePages = func() (p [4]uint64) {
	for _, r := range defaultIgnorable.R16 {
		for page := r.Lo >> 8; page <= r.Hi>>8; page++ {
			p[page>>6] |= 1 << (page & 63)
		}
	}
	return p
}()

// isTag reports whether r is a tag character.
func isTag(r rune) bool { return 0xE0000 <= r && r <= 0xE007F }

// isVariationSelector reports whether r is a variation selector:
// Variation_Selector in PropList.txt.
func isVariationSelector(r rune) bool {
	return 0xFE00 <= r && r <= 0xFE0F || 0xE0100 <= r && r <= 0xE01EF || 0x180B <= r && r <= 0x180D || r == 0x180F
}

// isBase reports whether a variation selector after r passes: r is a
// letter, mark, number, punctuation or symbol, and neither a selector nor
// default-ignorable.
func isBase(r rune) bool {
	switch {
	case r < 0x80:
		return '!' <= r && r <= '~' // not space, not controls
	case inEmojiBlock(r):
		return baseBlock.has(r) // what follows, for the emoji block
	case 0x2190 <= r && r <= 0x23FF, 0x2600 <= r && r <= 0x27BF:
		// Arrows to Miscellaneous Technical, Miscellaneous Symbols and
		// Dingbats: all symbols and punctuation, and the bases of many
		// emoji (❤️, ☀️, ⌚️), whose selector the tables below would
		// cost a fifth of the time of chat text (TestIsBase).
		return true
	}
	return (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r)) &&
		!isVariationSelector(r) && !unicode.Is(defaultIgnorable, r)
}

// Also escapes the characters of c as well as those already escaped.
// Escape(Also(Bidi)) escapes controls and bidi formatting characters.
func Also(c Class) Option {
	return Option{kind: optAlso, class: c}
}

// Only escapes the characters of c in place of the default, Controls;
// [Also] and [Remove] add to it, whatever their order, and of several Only
// the last counts. Only(Bidi) escapes bidi formatting characters and
// leaves controls alone. Only(0) escapes no class, so that
//
//	NewReader(r, Only(0), OnInvalid(p))
//
// reads what transform.NewReader(r, Validate(p)) would, and faster: New
// with Only(0) is Validate, with a BOM policy. What [WithStyle] and
// [Reversible] escape of their own (JSON style's C0 controls, " and \, a
// reversible style's escape character) they still escape. Leaving
// Controls out (with no Also or Remove of them) panics under
// StripSequences or [KeepColors], as [Allow] of ESC does: they decide what
// becomes of ESC and the C1 controls. In [NewHandler], [ReplaceAttr] and
// [NewLineWriter], Only(0) lets line feeds through, as Allow('\n') does.
func Only(c Class) Option {
	return Option{kind: optOnly, class: c}
}

// Remove removes the characters of c instead of escaping them, and
// selects c by itself: Remove(Invisible) needs no Also(Invisible), and
// Remove(Controls), Allow('\t', '\n') is what people put in front of a
// database that rejects NUL. It works in the same pass as escaping, so a
// removal never joins what is left into a new sequence or escape: ESC
// U+200B [ loses the U+200B, and the ESC is still escaped or removed as a
// control. [Allow] wins over Remove; the exceptions of [VariationSelectors],
// [Tags] and [Invisible] hold, so an emoji's joiner stays; ill-formed bytes
// are never removed ([OnInvalid] decides: removing them could join what is
// left, Unicode Technical Report #36); a character that Remove and [Also]
// both select is removed. Remove with [Reversible] panics.
func Remove(c Class) Option {
	return Option{kind: optRemove, class: c}
}

// AlsoIn escapes the characters of the table as well, as
// [golang.org/x/text/runes.In] selects them.
func AlsoIn(rt *unicode.RangeTable) Option {
	return Option{kind: optPredicate, pred: predicate{table: rt}}
}

// AlsoFunc escapes the characters for which f reports true as well. f must
// be safe to call from many goroutines and always give the same answer
// for the same character: it is asked about ASCII once, at construction,
// and [String] and [Bytes] keep the configuration compiled, keyed on the
// function value. A set that contains characters the escapes themselves
// are made of, such as '\\' or 'x', makes escaping no longer idempotent.
func AlsoFunc(f func(rune) bool) Option {
	return Option{kind: optPredicate, pred: predicate{f: f}}
}

// set is the compiled answer to "is this character escaped?".
type set struct {
	ascii [0x80]bool // for U+0000..U+007F, with every option applied
	scan  wordScan
	dfa   *dfa       // nil when it cannot decide for this set
	vec   *vecTables // nil when the processor has no vector kernel
	class Class
	allow []rune // characters let through
	preds []predicate

	remove       Class // classes removed rather than escaped
	removesASCII bool  // some ASCII byte is removed

	// No option escapes anything in U+1F000–U+1FFFF (emojiClean) or
	// U+2080–U+2FFF (symbolsClean); see skipKnownClean.
	emojiClean, symbolsClean bool
	emojiFast                bool // passEmoji may run (emojipass.go)

	// The set holds U+200D (joinerHeld) or U+FE0F (selectorHeld); see
	// joinerAt.
	joinerHeld, selectorHeld bool
}

// removes reports whether r, which the set escapes, is removed instead.
// JSON style's " and \ and Reversible's escape characters belong to no
// class, so they are never removed.
func (s *set) removes(r rune) bool {
	return s.remove != 0 && s.remove.contains(r)
}

func newSet(c config) set {
	base := Controls
	if c.hasOnly {
		base = c.only
	}
	s := set{class: base | c.also | c.remove, remove: c.remove, allow: c.allowList(), preds: c.predList()}
	for b := range s.ascii {
		s.ascii[b] = s.wants(rune(b))
	}
	if c.style == JSONStyle {
		// RFC 8259 §7: a JSON string holds no raw C0 control, and a raw "
		// or \ would end it or start an escape. So JSON style escapes all
		// of them, always, and its output between double quotes is a JSON
		// string whatever the options.
		for b := 0; b < 0x20; b++ {
			s.ascii[b] = true
		}
		if !c.jsonText {
			s.ascii['"'], s.ascii['\\'] = true, true
		}
	}
	if c.reversible {
		for _, b := range []byte(c.style.escapeChars()) {
			s.ascii[b] = true
		}
	}
	for b, esc := range s.ascii {
		s.removesASCII = s.removesASCII || esc && s.removes(rune(b))
	}
	// Of the classes, only Noncharacters has characters in U+1F000–U+1FFFF
	// (U+1FFFE, U+1FFFF), and none in U+2080–U+2FFF; a predicate may have
	// any. TestKnownClean checks this against every class.
	s.emojiClean = s.class&Noncharacters == 0 && len(s.preds) == 0
	s.symbolsClean = len(s.preds) == 0
	s.emojiFast = emojiFast(&s)
	s.joinerHeld, s.selectorHeld = s.contains(0x200D), s.contains(0xFE0F)
	s.scan = newWordScan(&s.ascii)
	s.dfa = newDFA(&s)
	s.vec = newVecTables(&s)
	return s
}

// wants reports whether the options ask for r to be escaped.
func (s *set) wants(r rune) bool {
	for _, a := range s.allow {
		if a == r {
			return false
		}
	}
	return s.holds(r)
}

// holds reports whether the classes, tables or functions of s hold r,
// allowed or not.
func (s *set) holds(r rune) bool {
	if s.class.contains(r) {
		return true
	}
	for _, p := range s.preds {
		if p.contains(r) {
			return true
		}
	}
	return false
}

// only reports whether r is escaped only as a member of the classes of c,
// the one way its context can let it pass.
func (s *set) only(c Class, r rune) bool {
	if in := s.class & c; in == 0 || !in.contains(r) || (s.class &^ c).contains(r) {
		return false
	}
	for _, p := range s.preds {
		if p.contains(r) {
			return false
		}
	}
	return true
}

// contains reports whether r is escaped.
func (s *set) contains(r rune) bool {
	if r < 0x80 {
		return s.ascii[r]
	}
	return s.wants(r)
}
