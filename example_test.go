package sanitize_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/utf8tools/sanitize"
	"golang.org/x/text/transform"
)

func ExampleValidate() {
	in := "caf\xc3\xa9 \xe2\x82 \xff"
	for _, p := range []sanitize.InvalidPolicy{sanitize.ReplaceInvalid, sanitize.EscapeInvalid, sanitize.RejectInvalid} {
		out, _, err := transform.String(sanitize.Validate(p), in)
		fmt.Printf("%q %v\n", out, err)
	}
	// Output:
	// "café � �" <nil>
	// "café \\xe2\\x82 \\xff" <nil>
	// "café " sanitize: invalid UTF-8 at byte 6: e2 82 (truncated sequence)
}

func ExampleEscape() {
	line := "user=bob\x1b[2J\tstatus=ok\u0085\n"
	out, _, _ := transform.String(sanitize.Escape(), line)
	fmt.Println(out)
	out, _, _ = transform.String(sanitize.Escape(sanitize.Allow('\t', '\n')), line)
	fmt.Print(out)
	// Output:
	// user=bob\x1b[2J\tstatus=ok\u0085\n
	// user=bob\x1b[2J	status=ok\u0085
}

func ExampleBOM() {
	in := "\ufeffname,city\n"
	stripped, _, _ := transform.String(sanitize.BOM(sanitize.StripBOM), in)
	added, _, _ := transform.String(sanitize.BOM(sanitize.AddBOM), "name,city\n")
	fmt.Printf("%q\n%q\n", stripped, added)
	// Output:
	// "name,city\n"
	// "\ufeffname,city\n"
}

func ExampleNew() {
	t := sanitize.New(sanitize.WithBOM(sanitize.StripBOM), sanitize.Allow('\t', '\n'))
	out, _, _ := transform.String(t, "\ufeffid\tname\n1\tBob\x00by\xff\n")
	fmt.Print(out)
	// Output:
	// id	name
	// 1	Bob\x00by�
}

// A chain of transformers over a reader: validate first, then anything
// that expects well-formed UTF-8, here upper-casing.
func ExampleNewReader() {
	r := sanitize.NewReader(strings.NewReader("GET /\x1b]0;pwned\x07 200\n"), sanitize.Allow('\n'))
	io.Copy(os.Stdout, r)

	chain := transform.Chain(sanitize.Validate(sanitize.ReplaceInvalid), sanitize.Escape())
	io.Copy(os.Stdout, transform.NewReader(strings.NewReader("a\xffb\x07\n"), chain))
	// Output:
	// GET /\x1b]0;pwned\a 200
	// a�b\a\n
}

func ExampleNewWriter() {
	w := sanitize.NewWriter(os.Stdout, sanitize.Allow('\n'))
	fmt.Fprintf(w, "login %s\n", "bob\r\x1b[1A")
	w.Write([]byte("cut \xe2\x82")) // the end of a character that never comes
	w.Close()                       // Close decides: U+FFFD
	// Output:
	// login bob\r\x1b[1A
	// cut �
}

// Sanitizing a log line keeps an attacker from forging a second line or
// repainting the terminal of whoever reads the log.
func ExampleString() {
	user := "bob\n2026/01/01 00:00:00 login admin\x1b[2J"
	s, _ := sanitize.String("login " + user)
	fmt.Println(s)
	// Output:
	// login bob\n2026/01/01 00:00:00 login admin\x1b[2J
}

func ExampleBytes() {
	_, err := sanitize.Bytes([]byte("ok\xc0\xafno"), sanitize.OnInvalid(sanitize.RejectInvalid))
	var e *sanitize.InvalidUTF8Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, e.Fault, e)
	}
	// Output:
	// 2 invalid lead byte sanitize: invalid UTF-8 at byte 2: c0 (invalid lead byte)
}
