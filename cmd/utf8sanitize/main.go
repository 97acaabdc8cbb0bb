// Command utf8sanitize cleans, checks and unescapes text streams.
//
// Usage:
//
//	utf8sanitize [flags] [file ...]
//	utf8sanitize -check|-l|-w [flags] [file or directory ...]
//
// It reads each file in turn, or standard input when there is none or for
// "-", and writes it to standard output with ill-formed UTF-8 replaced and
// control characters escaped, in constant memory whatever the input size.
// Each file is a stream of its own. Run utf8sanitize -h for the flags and
// examples; the library github.com/utf8tools/sanitize does all the work.
//
// With -check it writes nothing but a report of what sanitizing with the
// same flags would change, one finding per character or whole sequence, as
// FILE:LINE:COL: lines or in -format json, sarif or github; -l lists the
// files that would change and -w rewrites them in place, as gofmt does.
// These three walk directories (not following symbolic links, skipping
// .git), check -j files at a time and report in a stable order, and skip
// binary files: those whose first 8 KiB hold both a NUL and ill-formed
// UTF-8.
//
// Reports name standard input "<standard input>", as gofmt does, and go
// out sanitized, one line each, whatever the file names hold.
//
// Exit status: 0 when all input was well-formed or was sanitized (or
// rewritten), 1 when -check or -l found something to change, -invalid
// reject found ill-formed input, or -unescape a malformed escape, 2 for a
// usage or I/O error (which wins).
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
characters. Each file is a stream of its own. With -check, -l or -w, it
reports, lists or rewrites instead what that would change, and walks the
directories it is given.

Examples:
  utf8sanitize app.log | less                   clean a log for a terminal
  utf8sanitize -sequences strip -keep-colors app.log | less -R
                                                read a coloured log safely
  utf8sanitize -bom strip data.csv > clean.csv  strip a CSV's byte order mark
  utf8sanitize -invalid reject in.txt           stop at ill-formed UTF-8
  utf8sanitize -style json -also bidi msg.txt   escape for a JSON string
  utf8sanitize -reversible -invalid escape f | utf8sanitize -unescape
                                                escape and restore byte for byte
  utf8sanitize -progress big.log > /dev/null    show progress on standard error

  utf8sanitize -check -all drop/                report every change, 100 per file
  utf8sanitize -check -also bidi,invisible,tags .
                                                gate a tree on Trojan Source and hidden text
  utf8sanitize -check -format sarif . > results.sarif
                                                a SARIF log for code scanning
  utf8sanitize -l -sequences strip logs/        list the files with escape sequences
  utf8sanitize -w -bom strip data/              strip byte order marks in place

Flags:
`

// Exit statuses.
const (
	ok      = 0
	found   = 1 // something to change, ill-formed input or a malformed escape
	failure = 2 // usage or I/O error
)

// stdinName is how standard input is named in reports, as gofmt names it.
const stdinName = "<standard input>"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// config is what the flags ask for when copying or unescaping.
type config struct {
	t        transform.Transformer
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
	if fl.check || fl.list || fl.write {
		return fl.gate().run(fl.fs.Args(), stdin, stdout, stderr, diag)
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
