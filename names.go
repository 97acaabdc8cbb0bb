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
