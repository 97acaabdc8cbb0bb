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
// Reports name standard input "<standard input>", as gofmt does, and go
// out sanitized, one line each, whatever the file names hold.
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

	"github.com/utf8tools/sanitize"
	"golang.org/x/text/transform"
)

const usage = `usage: utf8sanitize [flags] [file ...]

Copies each file (standard input when there is none, or for -) to standard
output, replacing ill-formed UTF-8 with U+FFFD and escaping control
characters. Each file is a stream of its own.

Examples:
  utf8sanitize app.log | less                  clean a log for a terminal
  utf8sanitize -sequences strip -keep-colors app.log | less -R
                                               read a coloured log safely
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

// stdinName is how standard input is named in reports, as gofmt names it.
const stdinName = "<standard input>"

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
	// Every report names files and quotes input, which may hold escape
	// sequences or line breaks that would repaint the terminal or forge a
	// report line: each goes out as one sanitized line.
	diag := sanitize.NewLineWriter(stderr)
	fl, err := parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		fl.fs.SetOutput(stdout)
		fl.fs.PrintDefaults()
		return ok
	case err != nil:
		fmt.Fprintf(diag, "utf8sanitize: %v\n", err)
		fmt.Fprintf(diag, "run 'utf8sanitize -h' for usage\n")
		return failure
	}
	c := fl.config()
	files := fl.fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := ok
	for _, name := range files {
		switch err := c.file(name, stdin, stdout, stderr, diag); {
		case err == nil:
		case errors.Is(err, errFound):
			status = max(status, found)
		default:
			fmt.Fprintf(diag, "utf8sanitize: %v\n", err)
			status = failure
		}
	}
	return status
}
