package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/utf8tools/sanitize"
)

// flags are the command line, parsed and checked.
type flags struct {
	fs         *flag.FlagSet
	invalid    sanitize.InvalidPolicy
	bom        sanitize.BOMPolicy
	style      sanitize.Style
	sequences  sanitize.SequencePolicy
	keepColors bool
	allow      chars
	also       classes
	remove     classes
	reversible bool
	unescape   bool
	check      bool
	all        bool
	progress   bool
	set        map[string]bool // the flags given
}

// parse reads args. Every value is checked whatever the mode, and a flag
// that does nothing in the mode chosen is an error rather than ignored.
func parse(args []string) (*flags, error) {
	f := &flags{fs: flag.NewFlagSet("utf8sanitize", flag.ContinueOnError), allow: chars{'\t', '\n'}}
	fs := f.fs
	// A usage error is one line and a pointer to -h, printed by run.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.TextVar(&f.invalid, "invalid", sanitize.ReplaceInvalid, "`policy` for ill-formed UTF-8: replace, escape or reject")
	fs.TextVar(&f.bom, "bom", sanitize.KeepBOM, "`policy` for a leading byte order mark: keep, strip or add")
	fs.Var(&f.allow, "allow", "`chars` passed through unescaped: tab, newline, cr or U+XXXX, comma-separated; empty to escape every control (default tab,newline)")
	fs.Var(&f.also, "also", "more `classes` to escape: nonchar, private, bidi, linesep, varsel, tags, invisible or all, comma-separated")
	fs.Var(&f.remove, "remove", "`classes` to remove instead of escaping: controls, nonchar, private, bidi, linesep, varsel, tags, invisible or all, comma-separated; -allow wins")
	fs.TextVar(&f.style, "style", sanitize.GoStyle, "escape `notation`: go, json, percent, caret, picture or unicode")
	fs.TextVar(&f.sequences, "sequences", sanitize.EscapeSequences, "`policy` for terminal escape sequences: escape (ESC as a control, the rest as text) or strip (each removed whole)")
	fs.BoolVar(&f.keepColors, "keep-colors", false, "let colour sequences (SGR) through, reset at the end of each line; escape or strip the others as -sequences says")
	fs.BoolVar(&f.reversible, "reversible", false, "escape the escape character too, so that -unescape restores the input (byte for byte, ill-formed bytes included, with -invalid escape)")
	fs.BoolVar(&f.unescape, "unescape", false, "decode reversible output of -style back to the original bytes")
	fs.BoolVar(&f.check, "check", false, "write nothing to standard output; report ill-formed input")
	fs.BoolVar(&f.all, "all", false, "with -check, report every ill-formed sequence, not only the first of each file")
	fs.BoolVar(&f.progress, "progress", false, "report progress on standard error")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	return f, f.checkMode()
}

// checkMode rejects flags that the mode would ignore.
func (f *flags) checkMode() error {
	mode, unused := "", []string{"all"}
	switch {
	case f.unescape:
		mode, unused = "-unescape", []string{"check", "all", "reversible", "invalid", "bom", "allow", "also", "remove", "sequences", "keep-colors"}
	case f.check:
		// -check reports ill-formed UTF-8 only, whatever the escapes.
		mode, unused = "-check", []string{"reversible", "invalid", "bom", "allow", "also", "remove", "style", "sequences", "keep-colors"}
	}
	for _, name := range unused {
		if !f.set[name] {
			continue
		}
		if name == "all" {
			return errors.New("-all needs -check")
		}
		return fmt.Errorf("-%s has no effect with %s", name, mode)
	}
	if f.reversible && f.remove != 0 {
		return errors.New("-reversible cannot be combined with -remove: what is removed cannot be restored")
	}
	if f.keepColors && f.style == sanitize.JSONStyle {
		return errors.New("-keep-colors cannot be combined with -style json: a JSON string cannot hold the raw ESC of a colour")
	}
	if f.reversible && f.sequences == sanitize.StripSequences {
		return errors.New("-reversible cannot be combined with -sequences strip: what is stripped cannot be restored")
	}
	if f.sequences != sanitize.EscapeSequences || f.keepColors {
		for _, r := range f.allow {
			if r == 0x1B || 0x80 <= r && r <= 0x9F {
				return fmt.Errorf("-allow %U cannot be combined with -sequences strip or -keep-colors, which decide what becomes of ESC and C1 controls", r)
			}
		}
	}
	if (f.unescape || f.reversible) && !f.style.Reversible() {
		text, _ := f.style.MarshalText()
		return fmt.Errorf("-style %s cannot be reversed", text)
	}
	return nil
}

// config turns the flags into a transformer.
func (f *flags) config() *config {
	switch {
	case f.unescape:
		return &config{t: sanitize.Unescape(f.style), progress: f.progress}
	case f.check:
		return &config{t: sanitize.Validate(sanitize.RejectInvalid), check: true, all: f.all, progress: f.progress}
	}
	opts := []sanitize.Option{sanitize.WithStyle(f.style), sanitize.OnInvalid(f.invalid), sanitize.WithBOM(f.bom),
		sanitize.Allow(f.allow...), sanitize.Also(sanitize.Class(f.also)), sanitize.Remove(sanitize.Class(f.remove)),
		sanitize.Sequences(f.sequences)}
	if f.keepColors {
		opts = append(opts, sanitize.KeepColors())
	}
	if f.reversible {
		opts = append(opts, sanitize.Reversible())
	}
	return &config{t: sanitize.New(opts...), progress: f.progress}
}

// chars is the value of -allow: tab, newline, cr or U+XXXX, comma-separated.
type chars []rune

func (c *chars) String() string {
	var names []string
	for _, r := range *c {
		names = append(names, fmt.Sprintf("%U", r))
	}
	return strings.Join(names, ",")
}

func (c *chars) Set(s string) error {
	*c = nil
	if s == "" {
		return nil
	}
	for name := range strings.SplitSeq(s, ",") {
		r, err := parseChar(name)
		if err != nil {
			return err
		}
		*c = append(*c, r)
	}
	return nil
}

// parseChar reads a name in -allow: tab, newline, cr or U+XXXX.
func parseChar(s string) (rune, error) {
	switch s {
	case "tab":
		return '\t', nil
	case "newline":
		return '\n', nil
	case "cr":
		return '\r', nil
	}
	if hex, ok := strings.CutPrefix(s, "U+"); ok && len(hex) >= 4 {
		if v, err := strconv.ParseUint(hex, 16, 32); err == nil && utf8.ValidRune(rune(v)) && v <= utf8.MaxRune {
			return rune(v), nil
		}
	}
	return 0, fmt.Errorf("unknown character %q: want tab, newline, cr or U+XXXX, a Unicode scalar value", s)
}

// classes is the value of -also: the library's class names, or all.
type classes sanitize.Class

const allClasses = sanitize.Noncharacters | sanitize.PrivateUse | sanitize.Bidi | sanitize.LineSeparators | sanitize.VariationSelectors | sanitize.Tags | sanitize.Invisible

func (c *classes) String() string {
	text, _ := sanitize.Class(*c).MarshalText()
	return string(text)
}

func (c *classes) Set(s string) error {
	var v sanitize.Class
	for name := range strings.SplitSeq(s, ",") {
		var one sanitize.Class
		if strings.EqualFold(name, "all") {
			one = allClasses
		} else if err := one.UnmarshalText([]byte(name)); err != nil || (name == "" && s != "") {
			return fmt.Errorf("unknown class %q: want controls, nonchar, private, bidi, linesep, varsel, tags, invisible or all", name)
		}
		v |= one
	}
	*c = classes(v)
	return nil
}
