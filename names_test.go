package sanitize

import (
	"encoding"
	"flag"
	"io"
	"strings"
	"testing"
)

// TestNames checks that every policy and style prints its constant's name,
// and marshals to a word that reads back as the same value, in any case.
func TestNames(t *testing.T) {
	tests := []struct {
		v      named
		str    string
		text   string
		parsed func(string) (named, error)
	}{
		{KeepBOM, "KeepBOM", "keep", parseAs[BOMPolicy]},
		{StripBOM, "StripBOM", "strip", parseAs[BOMPolicy]},
		{AddBOM, "AddBOM", "add", parseAs[BOMPolicy]},
		{ReplaceInvalid, "ReplaceInvalid", "replace", parseAs[InvalidPolicy]},
		{EscapeInvalid, "EscapeInvalid", "escape", parseAs[InvalidPolicy]},
		{RejectInvalid, "RejectInvalid", "reject", parseAs[InvalidPolicy]},
		{GoStyle, "GoStyle", "go", parseAs[Style]},
		{JSONStyle, "JSONStyle", "json", parseAs[Style]},
		{PercentStyle, "PercentStyle", "percent", parseAs[Style]},
		{CaretStyle, "CaretStyle", "caret", parseAs[Style]},
		{PictureStyle, "PictureStyle", "picture", parseAs[Style]},
		{UnicodeStyle, "UnicodeStyle", "unicode", parseAs[Style]},
		{EscapeSequences, "EscapeSequences", "escape", parseAs[SequencePolicy]},
		{StripSequences, "StripSequences", "strip", parseAs[SequencePolicy]},
	}
	for _, tt := range tests {
		t.Run(tt.str, func(t *testing.T) {
			if got := tt.v.String(); got != tt.str {
				t.Errorf("String() = %q, want %q", got, tt.str)
			}
			b, err := tt.v.MarshalText()
			if string(b) != tt.text || err != nil {
				t.Errorf("MarshalText() = %q, %v; want %q", b, err, tt.text)
			}
			for _, in := range []string{tt.text, strings.ToUpper(tt.text)} {
				if v, err := tt.parsed(in); v != tt.v || err != nil {
					t.Errorf("UnmarshalText(%q) = %v, %v", in, v, err)
				}
			}
		})
	}
	for _, bad := range []string{"", "bogus", "keep ", "GoStyle"} {
		if _, err := parseAs[Style](bad); err == nil || !strings.HasPrefix(err.Error(), "sanitize: unknown style") {
			t.Errorf("Style.UnmarshalText(%q): %v", bad, err)
		}
	}
	if s := BOMPolicy(9).String(); s != "BOMPolicy(9)" {
		t.Errorf("BOMPolicy(9).String() = %q", s)
	}
	if _, err := InvalidPolicy(9).MarshalText(); err == nil {
		t.Error("InvalidPolicy(9).MarshalText: no error")
	}
}

type named interface {
	String() string
	encoding.TextMarshaler
}

func parseAs[T named, P interface {
	*T
	encoding.TextUnmarshaler
}](s string) (named, error) {
	var v T
	err := P(&v).UnmarshalText([]byte(s))
	return v, err
}

// TestNamesAsFlags reads a style the way a command does, with flag.TextVar.
func TestNamesAsFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var s Style
	fs.TextVar(&s, "style", GoStyle, "")
	if err := fs.Parse([]string{"-style", "json"}); err != nil || s != JSONStyle {
		t.Errorf("-style json: %v, %v", s, err)
	}
	if err := fs.Parse([]string{"-style", "html"}); err == nil {
		t.Error("-style html: no error")
	}
}

func TestClassNames(t *testing.T) {
	tests := []struct {
		c    Class
		str  string
		text string
	}{
		{0, "0", ""},
		{Controls, "Controls", "controls"},
		{Bidi | LineSeparators, "Bidi|LineSeparators", "bidi,linesep"},
		{Noncharacters | PrivateUse, "Noncharacters|PrivateUse", "nonchar,private"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.str {
			t.Errorf("%#x: String() = %q, want %q", uint16(tt.c), got, tt.str)
		}
		b, err := tt.c.MarshalText()
		if string(b) != tt.text || err != nil {
			t.Errorf("%v: MarshalText() = %q, %v; want %q", tt.c, b, err, tt.text)
		}
		var c Class
		if err := c.UnmarshalText([]byte(strings.ToUpper(tt.text))); c != tt.c || err != nil {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.text, c, err, tt.c)
		}
	}
	for _, bad := range []string{"emoji", "bidi,", ",bidi", "bidi,,linesep"} {
		var c Class
		if err := c.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("UnmarshalText(%q) = %v, no error", bad, c)
		}
	}
	if s := (Bidi | 1<<9).String(); s != "Bidi|Class(0x200)" {
		t.Errorf("String() = %q", s)
	}
}
