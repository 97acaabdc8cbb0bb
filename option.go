package sanitize

import "fmt"

// An Option configures [New], [Escape], [NewReader], [NewWriter], [String]
// and [Bytes]. The zero set of options is the safe default: keep a BOM,
// replace ill-formed UTF-8 with U+FFFD, escape every C0 control, DEL and
// C1 control in Go notation.
type Option struct {
	// apply works on a copy so that building a configuration never
	// forces it onto the heap: String and Bytes promise not to allocate on
	// clean input.
	apply func(config) config
}

// config is what the options describe. Its zero value is the default.
type config struct {
	bom        BOMPolicy
	invalid    InvalidPolicy
	style      Style
	also       Class
	allow      []rune
	funcs      []func(rune) bool
	reversible bool
	noControls bool // Validate: escape nothing at all
}

func configure(opts []Option) config {
	var c config
	for _, o := range opts {
		if o.apply != nil {
			c = o.apply(c)
		}
	}
	return c
}

// check panics on options that contradict each other or name no known
// policy: programming errors, as with regexp.MustCompile.
func (c config) check() {
	switch {
	case c.bom > AddBOM:
		panic(fmt.Sprintf("sanitize: unknown BOMPolicy %d", c.bom))
	case c.invalid > RejectInvalid:
		panic(fmt.Sprintf("sanitize: unknown InvalidPolicy %d", c.invalid))
	case c.style > UnicodeStyle:
		panic(fmt.Sprintf("sanitize: unknown %v", c.style))
	case c.reversible && !c.style.Reversible():
		panic(fmt.Sprintf("sanitize: Reversible cannot be combined with %v, which cannot be unescaped", c.style))
	}
}

// Allow lets the given characters through unescaped, even when they belong
// to an escaped class. Allow('\t', '\n') keeps the layout of ordinary text.
// Options accumulate: Allow('\t'), Allow('\n') is Allow('\t', '\n').
func Allow(r ...rune) Option {
	return Option{func(c config) config {
		c.allow = append(c.allow[:len(c.allow):len(c.allow)], r...)
		return c
	}}
}

// OnInvalid sets what happens to ill-formed UTF-8. The default is
// [ReplaceInvalid].
func OnInvalid(p InvalidPolicy) Option {
	return Option{func(c config) config { c.invalid = p; return c }}
}

// WithBOM sets what happens to a byte order mark at the start of the
// stream, as [BOM] does. The default is [KeepBOM].
func WithBOM(p BOMPolicy) Option {
	return Option{func(c config) config { c.bom = p; return c }}
}

// WithStyle sets the notation of escapes. The default is [GoStyle].
func WithStyle(s Style) Option {
	return Option{func(c config) config { c.style = s; return c }}
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
	return Option{func(c config) config { c.reversible = true; return c }}
}
