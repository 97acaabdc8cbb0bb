// Command utf8sanitize cleans, checks and unescapes text streams.
//
// Usage:
//
//	utf8sanitize [flags] [file ...]
//
// It reads each file in turn, or standard input when there is none or for
// "-", and writes it to standard output with ill-formed UTF-8 replaced and
// control characters escaped, in constant memory whatever the input size.
// Each file is a stream of its own. Run utf8sanitize -h for the flags and
// examples; the library github.com/utf8tools/sanitize does all the work.
//
// Exit status: 0 when all input was well-formed or was sanitized, 1 when
// -check or -invalid reject found ill-formed input or -unescape a
// malformed escape, 2 for a usage or I/O error (which wins).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/utf8tools/sanitize"
	"golang.org/x/text/transform"
)

const usage = `usage: utf8sanitize [flags] [file ...]

Copies each file (standard input when there is none, or for -) to standard
output, replacing ill-formed UTF-8 with U+FFFD and escaping control
characters. Each file is a stream of its own.

Examples:
  utf8sanitize app.log | less                  clean a log for a terminal
  utf8sanitize -bom strip data.csv > clean.csv  strip a CSV's byte order mark
  utf8sanitize -check -all drop/*.txt           report every ill-formed sequence
  utf8sanitize -invalid reject in.txt           stop at the first one
  utf8sanitize -style json -also bidi msg.txt   escape for a JSON string
  utf8sanitize -reversible -invalid escape f | utf8sanitize -unescape
                                               escape and restore byte for byte
  utf8sanitize -progress big.log > /dev/null   show progress on standard error

Flags:
`

// Exit statuses.
const (
	ok      = 0
	found   = 1 // ill-formed input or a malformed escape
	failure = 2 // usage or I/O error
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config is what the flags ask for.
type config struct {
	t        transform.Transformer
	check    bool // write nothing; report
	all      bool // report every ill-formed sequence
	progress bool
}

// run is the whole command, with its environment passed in for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("utf8sanitize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		invalid    = fs.String("invalid", "replace", "`policy` for ill-formed UTF-8: replace, escape or reject")
		bom        = fs.String("bom", "keep", "`policy` for a leading byte order mark: keep, strip or add")
		allow      = fs.String("allow", "tab,newline", "`chars` passed through unescaped: tab, newline, cr or U+XXXX, comma-separated; empty to escape every control")
		also       = fs.String("also", "", "more `classes` to escape: nonchar, private, bidi, linesep or all, comma-separated")
		style      = fs.String("style", "go", "escape `notation`: go, json, percent, caret, picture or unicode")
		reversible = fs.Bool("reversible", false, "escape the escape character too, so that -unescape restores the input byte for byte")
		unescape   = fs.Bool("unescape", false, "decode reversible output of -style back to the original bytes")
		check      = fs.Bool("check", false, "write nothing to standard output; report ill-formed input")
		all        = fs.Bool("all", false, "with -check, report every ill-formed sequence, not only the first of each file")
		progress   = fs.Bool("progress", false, "report progress on standard error")
	)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return ok
		}
		return failure
	}
	c, err := configure(*invalid, *bom, *allow, *also, *style, *reversible, *unescape, *check, *all)
	if err != nil {
		fmt.Fprintf(stderr, "utf8sanitize: %v\n", err)
		fs.Usage()
		return failure
	}
	c.progress = *progress

	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := ok
	for _, name := range files {
		switch err := c.file(name, stdin, stdout, stderr); {
		case err == nil:
		case errors.Is(err, errFound):
			status = max(status, found)
		default:
			fmt.Fprintf(stderr, "utf8sanitize: %v\n", err)
			status = failure
		}
	}
	return status
}

// configure turns the flag values into a transformer.
func configure(invalid, bom, allow, also, style string, reversible, unescape, check, all bool) (*config, error) {
	var opts []sanitize.Option
	st, ok := lookup(style, map[string]sanitize.Style{"go": sanitize.GoStyle, "json": sanitize.JSONStyle,
		"percent": sanitize.PercentStyle, "caret": sanitize.CaretStyle, "picture": sanitize.PictureStyle, "unicode": sanitize.UnicodeStyle})
	if !ok {
		return nil, fmt.Errorf("unknown -style %q", style)
	}
	opts = append(opts, sanitize.WithStyle(st))
	switch {
	case all && !check:
		return nil, errors.New("-all needs -check")
	case unescape && (check || reversible):
		return nil, errors.New("-unescape cannot be combined with -check or -reversible")
	case (unescape || reversible) && !st.Reversible():
		return nil, fmt.Errorf("-style %s cannot be reversed", style)
	case unescape:
		return &config{t: sanitize.Unescape(st)}, nil
	case check:
		return &config{t: sanitize.Validate(sanitize.RejectInvalid), check: true, all: all}, nil
	}

	p, ok := lookup(invalid, map[string]sanitize.InvalidPolicy{"replace": sanitize.ReplaceInvalid,
		"escape": sanitize.EscapeInvalid, "reject": sanitize.RejectInvalid})
	if !ok {
		return nil, fmt.Errorf("unknown -invalid %q", invalid)
	}
	b, ok := lookup(bom, map[string]sanitize.BOMPolicy{"keep": sanitize.KeepBOM, "strip": sanitize.StripBOM, "add": sanitize.AddBOM})
	if !ok {
		return nil, fmt.Errorf("unknown -bom %q", bom)
	}
	opts = append(opts, sanitize.OnInvalid(p), sanitize.WithBOM(b))
	for _, name := range list(allow) {
		r, err := parseChar(name)
		if err != nil {
			return nil, err
		}
		opts = append(opts, sanitize.Allow(r))
	}
	classes := map[string]sanitize.Class{"nonchar": sanitize.Noncharacters, "private": sanitize.PrivateUse,
		"bidi": sanitize.Bidi, "linesep": sanitize.LineSeparators}
	for _, name := range list(also) {
		if name == "all" {
			for _, c := range classes {
				opts = append(opts, sanitize.Also(c))
			}
			continue
		}
		c, ok := classes[name]
		if !ok {
			return nil, fmt.Errorf("unknown class %q in -also", name)
		}
		opts = append(opts, sanitize.Also(c))
	}
	if reversible {
		opts = append(opts, sanitize.Reversible())
	}
	return &config{t: sanitize.New(opts...)}, nil
}

func lookup[T any](name string, m map[string]T) (T, bool) {
	v, ok := m[name]
	return v, ok
}

func list(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
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
	if hex, ok := strings.CutPrefix(s, "U+"); ok {
		if v, err := strconv.ParseUint(hex, 16, 32); err == nil && len(hex) >= 4 && v <= 0x10FFFF {
			return rune(v), nil
		}
	}
	return 0, fmt.Errorf("unknown character %q in -allow: want tab, newline, cr or U+XXXX", s)
}
