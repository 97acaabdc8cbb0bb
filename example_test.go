package sanitize_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
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

// One line with ESC, NUL, U+0085, U+202E (a Trojan Source override), the
// noncharacter U+FFFF and the ill-formed byte FF, in every style.
func ExampleWithStyle() {
	line := "a\x1b[1m\x00\u0085\u202e\uffff\xff"
	for _, s := range []sanitize.Style{
		sanitize.GoStyle, sanitize.JSONStyle, sanitize.PercentStyle,
		sanitize.CaretStyle, sanitize.PictureStyle, sanitize.UnicodeStyle,
	} {
		out, _ := sanitize.String(line, sanitize.WithStyle(s),
			sanitize.Also(sanitize.Bidi|sanitize.Noncharacters), sanitize.OnInvalid(sanitize.EscapeInvalid))
		fmt.Printf("%-13s %s\n", s, out)
	}
	// Output:
	// GoStyle       a\x1b[1m\x00\u0085\u202e\uffff\xff
	// JSONStyle     a\u001b[1m\u0000\u0085\u202e\uffff\udcff
	// PercentStyle  a%1B[1m%00%C2%85%E2%80%AE%EF%BF%BF%FF
	// CaretStyle    a^[[1m^@M-^E\u202e\uffff\xff
	// PictureStyle  a␛[1m␀\u0085\u202e\uffff\xff
	// UnicodeStyle  a<U+001B>[1m<U+0000><U+0085><U+202E><U+FFFF><FF>
}

// Escaping bidi controls defuses Trojan Source (CVE-2021-42574): the
// override that would reorder the line on screen becomes visible.
func ExampleAlso() {
	src := "access := \"user\u202e \u2066// admin\u2069 \u2066\""
	out, _ := sanitize.String(src, sanitize.Also(sanitize.Bidi))
	fmt.Println(out)
	// Output:
	// access := "user\u202e \u2066// admin\u2069 \u2066"
}

func ExampleOnly() {
	// Only(0) escapes no class: the reader validates UTF-8 and nothing else.
	r := sanitize.NewReader(strings.NewReader("tab\tESC\x1b bad\xff"), sanitize.Only(0), sanitize.OnInvalid(sanitize.EscapeInvalid))
	out, _ := io.ReadAll(r)
	fmt.Printf("%q\n", out)
	// Only(Bidi) escapes bidi controls and leaves the others.
	s, _ := sanitize.String("a\tb\u202ec", sanitize.Only(sanitize.Bidi))
	fmt.Printf("%q\n", s)
	// Output:
	// "tab\tESC\x1b bad\\xff"
	// "a\tb\\u202ec"
}

func ExampleAlsoFunc() {
	emoji := func(r rune) bool { return r >= 0x1F300 && r <= 0x1FAFF }
	out, _ := sanitize.String("ok \U0001F600\n", sanitize.Allow('\n'), sanitize.AlsoFunc(emoji),
		sanitize.WithStyle(sanitize.JSONStyle))
	fmt.Print(out)
	// Output:
	// ok \ud83d\ude00\n
}

// A reversible round trip: the escaped text is safe to show or store, and
// Unescape gives back every original byte, ill-formed ones included.
func ExampleUnescape() {
	in := "C:\\tmp\\\x1b[31mred\xff\n"
	esc, _ := sanitize.String(in, sanitize.Reversible(), sanitize.OnInvalid(sanitize.EscapeInvalid))
	back, _, err := transform.String(sanitize.Unescape(sanitize.GoStyle), esc)
	fmt.Println(esc)
	fmt.Println(back == in, err)

	_, _, err = transform.String(sanitize.Unescape(sanitize.GoStyle), `ok\q`)
	fmt.Println(err)
	// Output:
	// C:\\tmp\\\x1b[31mred\xff\n
	// true <nil>
	// sanitize: malformed escape at byte 2: "\\q"
}

func ExampleReversible() {
	out, _ := sanitize.String("100% \"done\"\x00", sanitize.WithStyle(sanitize.PercentStyle), sanitize.Reversible())
	fmt.Println(out)
	out, _ = sanitize.String("say \"hi\"\t", sanitize.WithStyle(sanitize.JSONStyle), sanitize.Reversible())
	fmt.Printf("{\"msg\": \"%s\"}\n", out)
	// Output:
	// 100%25 "done"%00
	// {"msg": "say \"hi\"\t"}
}

// NewLineWriter under the standard log package: a user name with a newline
// cannot forge a second log line.
func ExampleNewLineWriter() {
	logger := log.New(sanitize.NewLineWriter(os.Stdout), "", 0)
	logger.Printf("login %s", "bob\n2026/01/01 00:00:00 login admin")
	logger.Printf("title %s", "\x1b]0;pwned\x07")
	// Output:
	// login bob\n2026/01/01 00:00:00 login admin
	// title \x1b]0;pwned\a
}

func ExampleNewHandler() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{} // drop the time, for a stable example
			}
			return a
		},
	})
	logger := slog.New(sanitize.NewHandler(h))
	logger.Info("login\x1b[2J", "user", "bob\nadmin", "role", "user\u202e", "attempt", 3)
	// Output:
	// level=INFO msg=login\x1b[2J user=bob\nadmin role=user\u202e attempt=3
}

func ExampleReplaceAttr() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return sanitize.ReplaceAttr()(groups, a)
		},
	}))
	logger.Warn("upload", "name", "report\u202efdp.exe", slog.Group("req", "path", "/x\x00y"))
	// Output:
	// {"level":"WARN","msg":"upload","name":"report\\u202efdp.exe","req":{"path":"/x\\x00y"}}
}

// Sequences with StripSequences removes terminal sequences whole: colours,
// a window title and a hyperlink's target. What is not a complete
// sequence keeps its text, with the ESC escaped.
func ExampleSequences() {
	in := "\x1b[1;31merror\x1b[0m \x1b]0;pwned\x07see \x1b]8;;http://evil.example\x1b\\docs\x1b]8;;\x1b\\ \x1b]0;cut"
	out, _ := sanitize.String(in, sanitize.Sequences(sanitize.StripSequences))
	fmt.Println(out)
	// Output:
	// error see docs \x1b]0;cut
}

// KeepColors lets colours through for a terminal (less -R), escapes every
// other sequence, and resets colours left on at the end of a line.
func ExampleKeepColors() {
	in := "\x1b[32mok\x1b[0m \x1b[31mfailed\n\x1b[2Jnext\n"
	out, _ := sanitize.String(in, sanitize.KeepColors(), sanitize.Allow('\n'))
	fmt.Printf("%q\n", out)
	// Output:
	// "\x1b[32mok\x1b[0m \x1b[31mfailed\x1b[m\n\\x1b[2Jnext\n"
}

// LogString is the sanitizing step of NewHandler, for any logger: here
// a hand-written log line.
func ExampleLogString() {
	clean := sanitize.LogString()
	user := "bob\n2026/01/01 00:00:00 login admin\u202e"
	fmt.Printf("login user=%s\n", clean(user))
	// Output:
	// login user=bob\n2026/01/01 00:00:00 login admin\u202e
}

// NewJSONLineWriter under a logger that writes JSON lines (slog's JSON
// handler here; zerolog, zap and logrus alike): what encoding/json leaves
// raw is escaped, and the line is still JSON.
func ExampleNewJSONLineWriter() {
	logger := slog.New(slog.NewJSONHandler(sanitize.NewJSONLineWriter(os.Stdout), &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	}))
	logger.Info("upload", "name", "report\u202efdp.exe", "note", "C1 \u009b2J")
	// Output:
	// {"level":"INFO","msg":"upload","name":"report\u202efdp.exe","note":"C1 \u009b2J"}
}

// LogFields as zerolog's ConsoleWriter.FormatPrepare sanitizes each
// decoded event; here one decoded by hand.
func ExampleLogFields() {
	event := map[string]any{"message": "login\x1b[2J", "user": "bob\n", "n": 42.0}
	sanitize.LogFields()(event)
	fmt.Printf("%q %q %v\n", event["message"], event["user"], event["n"])
	// Output:
	// "login\\x1b[2J" "bob\\n" 42
}

// Also(VariationSelectors) escapes the selectors that smuggle data one
// byte each, and keeps the one after a base character that emoji and CJK
// variants need.
func ExampleAlso_variationSelectors() {
	in := "I \u2764\ufe0f Go \U000e0149\U000e0148\U000e015a" // the last three carry hidden bytes
	out, _ := sanitize.String(in, sanitize.Also(sanitize.VariationSelectors))
	fmt.Println(out)
	// Output:
	// I ❤️ Go \U000e0149\U000e0148\U000e015a
}

// Text on its way into an LLM prompt: smuggled tag characters and
// zero-width characters go, while an emoji's joiner and a Persian word's
// ZWNJ stay, and the controls that remain visible are escaped.
func ExampleRemove() {
	smuggled := string([]rune{0xE0049, 0xE0067, 0xE006E, 0xE006F, 0xE0072, 0xE0065}) // "Ignore" in tags
	in := "Summarize this review: great product \U0001F44D\U0001F3FD" + smuggled +
		" from the fam\u200bily \U0001F468\u200d\U0001F469\u200d\U0001F467, \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645\x1b[2J"
	out, _ := sanitize.String(in, sanitize.Remove(sanitize.Invisible))
	fmt.Printf("%+q\n", out)
	// Output:
	// "Summarize this review: great product \U0001f44d\U0001f3fd from the family \U0001f468\u200d\U0001f469\u200d\U0001f467, \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645\\x1b[2J"
}

// In logs, invisible characters and tags are escaped by default, so a
// log's reader sees the hidden text instead of missing it.
func ExampleNewHandler_invisible() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	})
	logger := slog.New(sanitize.NewHandler(h))
	logger.Info("login", "user", "ad\u200bmin", "comment", "ok"+string([]rune{0xE0072, 0xE006D}))
	// Output:
	// level=INFO msg=login user=ad\u200bmin comment=ok\U000e0072\U000e006d
}

func ExampleCheck() {
	// A gate: report what sanitizing would change, and where, without
	// writing anything.
	in := "user=bob\x1b[2J \u202eevil\nok\xff\n"
	opts := []sanitize.Option{sanitize.Allow('\n'), sanitize.Also(sanitize.Bidi), sanitize.Sequences(sanitize.StripSequences)}
	for f, err := range sanitize.Check(strings.NewReader(in), opts...) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(f)
	}
	// Output:
	// 1:9: sequence: 1b 5b 32 4a
	// 1:14: U+202E (Bidi)
	// 2:3: invalid UTF-8: ff (invalid lead byte)
}
