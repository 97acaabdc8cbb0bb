package sanitize

import (
	"fmt"
	"unicode"
	"unsafe"
)

// An Option configures [New], [Escape], [NewReader], [NewWriter], [String],
// [Bytes], [NewHandler], [ReplaceAttr] and [NewLineWriter]. The zero set of
// options is the safe default: keep a BOM, replace ill-formed UTF-8 with
// U+FFFD, escape every C0 control, DEL and C1 control in Go notation. The
// zero Option changes nothing.
//
// An Option is a plain value that holds what it sets, never a reference to
// the caller's memory, and can be kept and reused.
type Option struct {
	// An Option is data rather than a function so that String and Bytes
	// can build their configuration on the stack and find it compiled in
	// a cache: a comparable key, and no allocation on clean input.
	kind  optionKind
	value uint8 // the policy or style
	class Class
	allow allowed
	pred  predicate
}

type optionKind uint8

const (
	optNone optionKind = iota
	optBOM
	optInvalid
	optStyle
	optAlso
	optAllow
	optPredicate
	optReversible
	optSequences
	optKeepColors
	optRemove
	optOnly
)

// allowed holds up to len(inline) characters in place and any more in a
// slice of its own.
type allowed struct {
	n      uint8 // characters in inline
	inline [4]rune
	more   []rune // a copy, when there are more than len(inline)
}

// predicate is one AlsoFunc or AlsoIn.
type predicate struct {
	f     func(rune) bool
	table *unicode.RangeTable
}

// id is what a predicate is known by in a cache key: the table, or the
// function value's closure, which two copies of the same func value share.
func (p predicate) id() predicateID {
	if p.f == nil {
		return predicateID{table: p.table}
	}
	return predicateID{fn: *(*unsafe.Pointer)(unsafe.Pointer(&p.f))}
}

func (p predicate) contains(r rune) bool {
	if p.f == nil {
		return unicode.Is(p.table, r)
	}
	return p.f(r)
}

type predicateID struct {
	fn    unsafe.Pointer
	table *unicode.RangeTable
}

// How much of a configuration is held in place, so that it compares and
// costs no allocation; a configuration with more is compiled each time
// String or Bytes sees it.
const (
	maxAllow = 16 // characters given to Allow
	maxPreds = 4  // AlsoFunc and AlsoIn options
)

// settings is the comparable part of a configuration: the key of the
// cache of compiled configurations. Its zero value is the default.
type settings struct {
	bom        BOMPolicy
	invalid    InvalidPolicy
	style      Style
	also       Class
	reversible bool
	only       Class // with hasOnly, the classes escaped in place of Controls
	hasOnly    bool
	jsonText   bool // JSONStyle over JSON text: leave its " and \ alone
	sequences  SequencePolicy
	keepColors bool
	remove     Class
	nallow     uint8
	npreds     uint8
	overflow   bool // more than the arrays hold: not to be cached
	allow      [maxAllow]rune
	preds      [maxPreds]predicateID
}

// config is what the options describe.
type config struct {
	settings
	preds     [maxPreds]predicate
	moreAllow []rune      // past maxAllow
	morePreds []predicate // past maxPreds
}

func configure(opts []Option) config {
	var c config
	for i := range opts {
		c.apply(&opts[i])
	}
	return c
}

func (c *config) apply(o *Option) {
	switch o.kind {
	case optBOM:
		c.bom = BOMPolicy(o.value)
	case optInvalid:
		c.invalid = InvalidPolicy(o.value)
	case optStyle:
		c.style = Style(o.value)
	case optAlso:
		c.also |= o.class
	case optReversible:
		c.reversible = true
	case optSequences:
		c.sequences = SequencePolicy(o.value)
	case optKeepColors:
		c.keepColors = true
	case optRemove:
		c.remove |= o.class
	case optOnly:
		c.only, c.hasOnly = o.class, true
	case optAllow:
		for _, r := range o.allow.inline[:o.allow.n] {
			c.addAllow(r)
		}
		for _, r := range o.allow.more {
			c.addAllow(r)
		}
	case optPredicate:
		if int(c.npreds) < maxPreds {
			c.preds[c.npreds] = o.pred
			c.settings.preds[c.npreds] = o.pred.id()
			c.npreds++
		} else {
			c.morePreds = append(c.morePreds, o.pred)
			c.overflow = true
		}
	}
}

func (c *config) addAllow(r rune) {
	if int(c.nallow) < maxAllow {
		c.allow[c.nallow] = r
		c.nallow++
	} else {
		c.moreAllow = append(c.moreAllow, r)
		c.overflow = true
	}
}

// allowList returns every allowed character.
func (c *config) allowList() []rune {
	return append(c.allow[:c.nallow:c.nallow], c.moreAllow...)
}

// predList returns every predicate.
func (c *config) predList() []predicate {
	return append(c.preds[:c.npreds:c.npreds], c.morePreds...)
}

// check panics on options that contradict each other or name no known
// policy: programming errors, as with regexp.MustCompile.
func (c settings) check() {
	switch {
	case c.bom > AddBOM:
		panic(fmt.Sprintf("sanitize: unknown BOMPolicy %d", c.bom))
	case c.invalid > RejectInvalid:
		panic(fmt.Sprintf("sanitize: unknown InvalidPolicy %d", c.invalid))
	case c.style > UnicodeStyle:
		panic(fmt.Sprintf("sanitize: unknown %v", c.style))
	case c.reversible && !c.style.Reversible():
		panic(fmt.Sprintf("sanitize: Reversible cannot be combined with %v, which cannot be unescaped", c.style))
	case c.sequences > StripSequences:
		panic(fmt.Sprintf("sanitize: unknown %v", c.sequences))
	case c.keepColors && c.style == JSONStyle:
		panic("sanitize: KeepColors cannot be combined with JSONStyle: a JSON string cannot hold the raw ESC of a colour")
	case c.reversible && c.remove != 0:
		panic(fmt.Sprintf("sanitize: Reversible cannot be combined with Remove(%v): what is removed cannot be restored", c.remove))
	case c.reversible && c.sequences == StripSequences:
		panic("sanitize: Reversible cannot be combined with StripSequences: what is stripped cannot be restored")
	case c.hasOnly && c.recognizes() && (c.only|c.also|c.remove)&Controls == 0:
		panic(fmt.Sprintf("sanitize: Only(%v) cannot be combined with StripSequences or KeepColors, which decide what becomes of ESC and the C1 controls", c.only))
	}
}

// recognizes reports whether the recognizer of sequences runs.
func (c settings) recognizes() bool {
	return c.sequences != EscapeSequences || c.keepColors
}

// checkAllow panics when a character that the recognizer of sequences
// decides about is let through by Allow.
func (c *config) checkAllow() {
	if !c.recognizes() {
		return
	}
	for _, r := range c.allowList() {
		if introducer(r) != ground {
			panic(fmt.Sprintf("sanitize: Allow(%U) cannot be combined with StripSequences or KeepColors, which decide what becomes of it", r))
		}
	}
}

// Allow lets the given characters through unescaped, even when they belong
// to an escaped class. Allow('\t', '\n') keeps the layout of ordinary text.
// Options accumulate: Allow('\t'), Allow('\n') is Allow('\t', '\n'). Allow
// copies r; with more than four characters the copy is allocated.
func Allow(r ...rune) Option {
	o := Option{kind: optAllow}
	if len(r) <= len(o.allow.inline) {
		o.allow.n = uint8(copy(o.allow.inline[:], r))
	} else {
		o.allow.more = append([]rune(nil), r...)
	}
	return o
}

// OnInvalid sets what happens to ill-formed UTF-8. The default is
// [ReplaceInvalid].
func OnInvalid(p InvalidPolicy) Option {
	return Option{kind: optInvalid, value: uint8(p)}
}

// WithBOM sets what happens to a byte order mark at the start of the
// stream, as [BOM] does. The default is [KeepBOM].
func WithBOM(p BOMPolicy) Option {
	return Option{kind: optBOM, value: uint8(p)}
}

// WithStyle sets the notation of escapes. The default is [GoStyle].
func WithStyle(s Style) Option {
	return Option{kind: optStyle, value: uint8(s)}
}

// Reversible escapes the escape character itself (\ as \\ in Go and JSON
// style, % as %25 in percent style; Go and JSON style escape " too, so the
// output can sit between double quotes), so that [Unescape] gives back
// exactly the input, ill-formed bytes included under [EscapeInvalid].
//
// Only [GoStyle], [JSONStyle] and [PercentStyle] can be reversed: the
// constructor panics when Reversible is combined with another style, a
// programming error the first test run finds.
func Reversible() Option {
	return Option{kind: optReversible}
}
