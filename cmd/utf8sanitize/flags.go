package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
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
	only       classes
	also       classes
	remove     classes
	reversible bool
	unescape   bool
	check      bool
	all        bool
	max        int
	list       bool
	write      bool
	format     format
	jobs       int
	binary     bool
	verbose    bool
	progress   bool
	set        map[string]bool // the flags given
}

// parse reads args. Every value is checked whatever the mode, and a flag
// that does nothing in the mode chosen is an error rather than ignored.
func parse(args []string) (*flags, error) {
	f := &flags{fs: flag.NewFlagSet("utf8sanitize", flag.ContinueOnError), allow: chars{'\t', '\n'}, format: textFormat}
	fs := f.fs
	// A usage error is one line and a pointer to -h, printed by run.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.TextVar(&f.invalid, "invalid", sanitize.ReplaceInvalid, "`policy` for ill-formed UTF-8: replace, escape or reject")
	fs.TextVar(&f.bom, "bom", sanitize.KeepBOM, "`policy` for a leading byte order mark: keep, strip or add")
	fs.Var(&f.allow, "allow", "`chars` passed through unescaped: tab, newline, cr or U+XXXX, comma-separated; empty to escape every control (default tab,newline)")
	fs.Var(&f.only, "only", "`classes` to escape in place of controls: controls, nonchar, private, bidi, linesep, varsel, tags, invisible or all, comma-separated; empty to escape none and only check UTF-8")
	fs.Var(&f.also, "also", "more `classes` to escape: nonchar, private, bidi, linesep, varsel, tags, invisible or all, comma-separated")
	fs.Var(&f.remove, "remove", "`classes` to remove instead of escaping: controls, nonchar, private, bidi, linesep, varsel, tags, invisible or all, comma-separated; -allow wins")
	fs.TextVar(&f.style, "style", sanitize.GoStyle, "escape `notation`: go, json, percent, caret, picture or unicode")
	fs.TextVar(&f.sequences, "sequences", sanitize.EscapeSequences, "`policy` for terminal escape sequences: escape (ESC as a control, the rest as text) or strip (each removed whole)")
	fs.BoolVar(&f.keepColors, "keep-colors", false, "let colour sequences (SGR) through, reset at the end of each line; escape or strip the others as -sequences says")
	fs.BoolVar(&f.reversible, "reversible", false, "escape the escape character too, so that -unescape restores the input (byte for byte, ill-formed bytes included, with -invalid escape)")
	fs.BoolVar(&f.unescape, "unescape", false, "decode reversible output of -style back to the original bytes")
	fs.BoolVar(&f.check, "check", false, "report what sanitizing with the other flags would change, as FILE:LINE:COL: lines; write nothing else")
	fs.BoolVar(&f.all, "all", false, "with -check, report every finding, not only the first of each file")
	fs.IntVar(&f.max, "max", 100, "with -check -all, report at most `N` findings per file and count the rest")
	fs.Var(&f.format, "format", "`format` of -check's report: text, json (one object per line), sarif (SARIF 2.1.0) or github (workflow commands)")
	fs.BoolVar(&f.list, "l", false, "list the files that sanitizing would change, as gofmt -l does")
	fs.BoolVar(&f.write, "w", false, "rewrite the files that sanitizing would change, in place, as gofmt -w does")
	fs.IntVar(&f.jobs, "j", runtime.NumCPU(), "with -check, -l or -w, check `N` files at a time")
	fs.BoolVar(&f.binary, "binary", false, "with -check, -l or -w, check binary files too (a NUL and ill-formed UTF-8 in the first 8 KiB)")
	fs.BoolVar(&f.verbose, "v", false, "with -check, -l or -w, name each binary file skipped")
	fs.BoolVar(&f.progress, "progress", false, "report progress on standard error")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	return f, f.checkMode()
}

// checkMode rejects flags that the mode would ignore, and modes that
// cannot go together.
func (f *flags) checkMode() error {
	gate := []string{"max", "format", "l", "w", "j", "binary", "v"}
	mode, unused := "", append([]string{"all"}, gate...)
	switch {
	case f.unescape:
		mode, unused = "-unescape", append([]string{"check", "all", "reversible", "invalid", "bom", "allow", "only", "also", "remove", "sequences", "keep-colors"}, gate...)
	case f.check:
		// Every policy changes the same ill-formed bytes.
		mode, unused = "-check", []string{"invalid", "l", "w"}
	case f.list || f.write:
		mode, unused = "-l", []string{"all", "max", "format", "progress"}
		if f.write {
			mode = "-w"
		}
		if !f.write {
			unused = append(unused, "invalid") // -l lists the same files whatever it is
		}
	}
	for _, name := range unused {
		if !f.set[name] {
			continue
		}
		switch {
		case name == "all":
			return errors.New("-all needs -check")
		case mode == "" && name != "max":
			return fmt.Errorf("-%s needs -check, -l or -w", name)
		case mode == "":
			return errors.New("-max needs -check -all")
		case name == "w" || name == "l" || mode == "-w" && name == "check":
			return fmt.Errorf("-%s cannot be combined with %s", name, mode)
		}
		return fmt.Errorf("-%s has no effect with %s", name, mode)
	}
	if f.set["max"] && !f.all {
		return errors.New("-max needs -check -all")
	}
	if f.max < 1 {
		return errors.New("-max must be at least 1")
	}
	if f.jobs < 1 {
		return errors.New("-j must be at least 1")
	}
	if f.write && f.invalid == sanitize.RejectInvalid {
		return errors.New("-w cannot be combined with -invalid reject: a file with ill-formed UTF-8 could not be rewritten")
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
	if (f.sequences != sanitize.EscapeSequences || f.keepColors) && f.set["only"] && (f.only|f.also|f.remove)&classes(sanitize.Controls) == 0 {
		return errors.New("-only without controls cannot be combined with -sequences strip or -keep-colors, which decide what becomes of ESC and C1 controls")
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

// options are the sanitizing the flags ask for.
func (f *flags) options() []sanitize.Option {
	opts := []sanitize.Option{sanitize.WithStyle(f.style), sanitize.OnInvalid(f.invalid), sanitize.WithBOM(f.bom),
		sanitize.Allow(f.allow...), sanitize.Also(sanitize.Class(f.also)), sanitize.Remove(sanitize.Class(f.remove)),
		sanitize.Sequences(f.sequences)}
	if f.set["only"] {
		opts = append(opts, sanitize.Only(sanitize.Class(f.only)))
	}
	if f.keepColors {
		opts = append(opts, sanitize.KeepColors())
	}
	if f.reversible {
		opts = append(opts, sanitize.Reversible())
	}
	return opts
}

// config turns the flags into a transformer, to copy or to unescape.
func (f *flags) config() *config {
	if f.unescape {
		return &config{t: sanitize.Unescape(f.style), progress: f.progress}
	}
	return &config{t: sanitize.New(f.options()...), progress: f.progress}
}

// gate turns the flags into what -check, -l and -w do.
func (f *flags) gate() *gate {
	g := &gate{opts: f.options(), all: f.all, max: f.max, binary: f.binary, verbose: f.verbose,
		format: f.format, jobs: f.jobs, progress: f.progress}
	switch {
	case f.check:
		g.mode = checking
	case f.write:
		g.mode, g.list = writing, f.list
	default:
		g.mode, g.list = listing, true
	}
	if g.progress {
		g.jobs = 1 // one progress line at a time
	}
	return g
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
