// Command utf8sanitize copies files (or standard input) to standard output,
// replacing ill-formed UTF-8 with U+FFFD and escaping control characters
// other than tab and newline.
//
// Usage:
//
//	utf8sanitize [file ...]
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/utf8tools/sanitize"
)

func main() {
	status := 0
	files := os.Args[1:]
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, name := range files {
		if err := copyFile(os.Stdout, name); err != nil {
			fmt.Fprintf(os.Stderr, "utf8sanitize: %v\n", err)
			status = 2
		}
	}
	os.Exit(status)
}

func copyFile(w io.Writer, name string) error {
	f := os.Stdin
	if name != "-" {
		var err error
		if f, err = os.Open(name); err != nil {
			return err
		}
		defer f.Close()
	}
	_, err := io.Copy(w, sanitize.NewReader(f, sanitize.Allow('\t', '\n')))
	return err
}
