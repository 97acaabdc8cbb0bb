package sanitize

import (
	"fmt"
	"strings"
)

// This file gives the policies and styles names that print and parse, as
// slog.Level does, so that a command line or a configuration file can name
// them without a list of its own: flag.TextVar(&style, "style",
// sanitize.GoStyle, …) reads "-style json".

// names holds the text form of each value of a policy or style, in order.
var (
	bomNames     = [...]string{"keep", "strip", "add"}
	invalidNames = [...]string{"replace", "escape", "reject"}
	styleTexts   = [...]string{"go", "json", "percent", "caret", "picture", "unicode"}
	seqTexts     = [...]string{"escape", "strip"}
)

var (
	bomConsts     = [...]string{"KeepBOM", "StripBOM", "AddBOM"}
	invalidConsts = [...]string{"ReplaceInvalid", "EscapeInvalid", "RejectInvalid"}
)

// String returns the name of the constant, such as "StripBOM".
func (p BOMPolicy) String() string { return constName(bomConsts[:], int(p), "BOMPolicy") }

// MarshalText returns "keep", "strip" or "add".
func (p BOMPolicy) MarshalText() ([]byte, error) {
	return marshalName(bomNames[:], int(p), "BOMPolicy")
}

// UnmarshalText reads "keep", "strip" or "add", in any case.
func (p *BOMPolicy) UnmarshalText(b []byte) error {
	return unmarshalName(bomNames[:], b, "BOM policy", (*uint8)(p))
}

// String returns the name of the constant, such as "ReplaceInvalid".
func (p InvalidPolicy) String() string {
	return constName(invalidConsts[:], int(p), "InvalidPolicy")
}

// MarshalText returns "replace", "escape" or "reject".
func (p InvalidPolicy) MarshalText() ([]byte, error) {
	return marshalName(invalidNames[:], int(p), "InvalidPolicy")
}

// UnmarshalText reads "replace", "escape" or "reject", in any case.
func (p *InvalidPolicy) UnmarshalText(b []byte) error {
	return unmarshalName(invalidNames[:], b, "invalid-UTF-8 policy", (*uint8)(p))
}

// MarshalText returns "go", "json", "percent", "caret", "picture" or
// "unicode".
func (s Style) MarshalText() ([]byte, error) {
	return marshalName(styleTexts[:], int(s), "Style")
}

// UnmarshalText reads "go", "json", "percent", "caret", "picture" or
// "unicode", in any case.
func (s *Style) UnmarshalText(b []byte) error {
	return unmarshalName(styleTexts[:], b, "style", (*uint8)(s))
}

// MarshalText returns "escape" or "strip".
func (p SequencePolicy) MarshalText() ([]byte, error) {
	return marshalName(seqTexts[:], int(p), "SequencePolicy")
}

// UnmarshalText reads "escape" or "strip", in any case.
func (p *SequencePolicy) UnmarshalText(b []byte) error {
	return unmarshalName(seqTexts[:], b, "sequence policy", (*uint8)(p))
}

func constName(names []string, i int, typ string) string {
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", typ, i)
}

func marshalName(names []string, i int, typ string) ([]byte, error) {
	if i < len(names) {
		return []byte(names[i]), nil
	}
	return nil, fmt.Errorf("sanitize: unknown %s(%d)", typ, i)
}

func unmarshalName(names []string, b []byte, what string, v *uint8) error {
	for i, name := range names {
		if strings.EqualFold(string(b), name) {
			*v = uint8(i)
			return nil
		}
	}
	return fmt.Errorf("sanitize: unknown %s %q: want %s", what, b, strings.Join(names, ", "))
}

// classNames are the text forms of the classes, in bit order.
var classNames = [...]string{"controls", "nonchar", "private", "bidi", "linesep", "varsel", "tags", "invisible"}

var classConsts = [...]string{"Controls", "Noncharacters", "PrivateUse", "Bidi", "LineSeparators", "VariationSelectors", "Tags", "Invisible"}

// String returns the names of the constants in c joined by |, such as
// "Bidi|LineSeparators", or "0" for the empty class.
func (c Class) String() string {
	if c == 0 {
		return "0"
	}
	var b strings.Builder
	for i, name := range classConsts {
		if c&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(name)
		}
	}
	if rest := c &^ (1<<len(classConsts) - 1); rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		fmt.Fprintf(&b, "Class(%#x)", uint16(rest))
	}
	return b.String()
}

// MarshalText returns the names of the classes in c, comma-separated, such
// as "bidi,linesep": controls, nonchar, private, bidi, linesep, varsel,
// tags and invisible.
func (c Class) MarshalText() ([]byte, error) {
	if rest := c &^ everyClass; rest != 0 {
		return nil, fmt.Errorf("sanitize: unknown Class(%#x)", uint16(rest))
	}
	var names []string
	for i, name := range classNames {
		if c&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return []byte(strings.Join(names, ",")), nil
}

// UnmarshalText reads a comma-separated list of the names MarshalText
// writes, in any case; the empty text is the empty class.
func (c *Class) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = 0
		return nil
	}
	var v Class
	for name := range strings.SplitSeq(string(b), ",") {
		var one uint8
		if err := unmarshalName(classNames[:], []byte(name), "class", &one); err != nil {
			return err
		}
		v |= 1 << one
	}
	*c = v
	return nil
}
