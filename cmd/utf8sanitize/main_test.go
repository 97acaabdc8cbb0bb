package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
)

const seeHelp = "run 'utf8sanitize -h' for usage\n"

// The expected outputs are worked out by hand from the files' bytes (see
// the comments) and the library's documented notation.
func TestRun(t *testing.T) {
	const ansiOut = `user=\x1b[31mbob\x1b[0m` + "\t" + `id=\x00 ` + "\u202e" + ` \u0085 caf` + "\ufffd\n"
	tests := []struct {
		desc   string
		args   []string
		stdin  io.Reader
		stdout string
		stderr string // exact, unless stderrPart
		part   bool   // stderr need only contain the text
		status int
	}{
		{desc: "defaults", args: []string{"testdata/ansi.log"}, stdout: ansiOut},
		{desc: "standard input", args: nil, stdin: strings.NewReader("a\x07b\n"), stdout: `a\ab` + "\n"},
		{desc: "dash is standard input", args: []string{"testdata/clean.txt", "-"}, stdin: strings.NewReader("\x1b"),
			stdout: "hello\tworld\n" + `\x1b`},
		{desc: "allow nothing", args: []string{"-allow", "", "testdata/clean.txt"}, stdout: `hello\tworld\n`},
		{desc: "allow cr and a C1", args: []string{"-allow", "cr,U+0085"}, stdin: strings.NewReader("a\r\u0085\n"),
			stdout: "a\r\u0085\\n"},
		{desc: "also bidi", args: []string{"-also", "bidi", "testdata/ansi.log"},
			stdout: strings.Replace(ansiOut, "\u202e", `\u202e`, 1)},
		{desc: "also all", args: []string{"-also", "all"}, stdin: strings.NewReader("\ue000\ufdd0\u2028\u200e"),
			stdout: `\ue000\ufdd0\u2028\u200e`},
		{desc: "json style", args: []string{"-style", "json", "testdata/ansi.log"},
			stdout: `user=\u001b[31mbob\u001b[0m\tid=\u0000 ` + "\u202e" + ` \u0085 caf` + "\ufffd" + `\n`},
		{desc: "caret style", args: []string{"-style", "caret"}, stdin: strings.NewReader("\x1b\x7f"), stdout: `^[^?`},
		{desc: "picture style", args: []string{"-style", "picture"}, stdin: strings.NewReader("\x00"), stdout: "\u2400"},
		{desc: "unicode style", args: []string{"-style", "unicode"}, stdin: strings.NewReader("\x1b"), stdout: "<U+001B>"},
		{desc: "percent style", args: []string{"-style", "percent"}, stdin: strings.NewReader("\u0085"), stdout: "%C2%85"},
		{desc: "escape invalid", args: []string{"-invalid", "escape", "testdata/ansi.log"},
			stdout: strings.Replace(ansiOut, "\ufffd", `\xe9`, 1)},
		{desc: "strip BOM", args: []string{"-bom", "strip", "testdata/bom.csv"}, stdout: "name,city\nZoë,Liège\n"},
		{desc: "add BOM", args: []string{"-bom", "add", "testdata/clean.txt"}, stdout: "\ufeffhello\tworld\n"},
		{desc: "keep BOM", args: []string{"testdata/bom.csv"}, stdout: "\ufeffname,city\nZoë,Liège\n"},
		{desc: "BOM per file", args: []string{"-bom", "strip", "testdata/bom.csv", "testdata/bom.csv"},
			stdout: "name,city\nZoë,Liège\nname,city\nZoë,Liège\n"},
		{desc: "BOM split over reads", args: []string{"-bom", "strip"},
			stdin: iotest.OneByteReader(strings.NewReader("\ufeffab")), stdout: "ab"},
		{desc: "strip sequences", args: []string{"-sequences", "strip", "testdata/ansi.log"},
			stdout: strings.Replace(ansiOut, `\x1b[31mbob\x1b[0m`, "bob", 1)},
		{desc: "keep colors", args: []string{"-keep-colors"}, stdin: strings.NewReader("\x1b[31mred\n\x1b]0;t\x07"),
			stdout: "\x1b[31mred\x1b[m\n" + `\x1b]0;t\a`},
		{desc: "keep colors, strip the rest", args: []string{"-keep-colors", "-sequences", "strip"},
			stdin: strings.NewReader("\x1b[1mb\x1b[2J\x1b]8;;http://x\x1b\\l\x1b]8;;\x1b\\"), stdout: "\x1b[1mbl\x1b[m"},
		{desc: "unknown sequences", args: []string{"-sequences", "drop"}, status: 2,
			stderr: `utf8sanitize: invalid value "drop" for flag -sequences: sanitize: unknown sequence policy "drop"`, part: true},
		{desc: "reversible strip", args: []string{"-reversible", "-sequences", "strip"}, status: 2,
			stderr: "utf8sanitize: -reversible cannot be combined with -sequences strip: what is stripped cannot be restored\n" + seeHelp},
		{desc: "allow ESC with keep colors", args: []string{"-keep-colors", "-allow", "U+001B"}, status: 2,
			stderr: "cannot be combined with -sequences strip or -keep-colors", part: true},
		{desc: "remove invisible", args: []string{"-remove", "invisible"}, stdin: strings.NewReader("pass\u200bword \U0001F468\u200d\U0001F469\n"),
			stdout: "password \U0001F468\u200d\U0001F469\n"},
		{desc: "remove controls but the allowed", args: []string{"-remove", "controls"}, stdin: strings.NewReader("a\x00b\tc\n"),
			stdout: "ab\tc\n"},
		{desc: "also invisible", args: []string{"-also", "invisible"}, stdin: strings.NewReader("ig\u200cnore"), stdout: `ig\u200cnore`},
		{desc: "only bidi", args: []string{"-only", "bidi"}, stdin: strings.NewReader("a\x00\x1b\u202e\xff"),
			stdout: "a\x00\x1b" + `\u202e` + "\ufffd"},
		{desc: "only none", args: []string{"-only", "", "-invalid", "escape"}, stdin: strings.NewReader("a\x00\u0085\xff"),
			stdout: "a\x00\u0085" + `\xff`},
		{desc: "only none with keep colors", args: []string{"-keep-colors", "-only", ""}, status: 2,
			stderr: "utf8sanitize: -only without controls cannot be combined with -sequences strip or -keep-colors, which decide what becomes of ESC and C1 controls\n" + seeHelp},
		{desc: "only with unescape", args: []string{"-unescape", "-only", "bidi"}, status: 2,
			stderr: "utf8sanitize: -only has no effect with -unescape\n" + seeHelp},
		{desc: "reversible remove", args: []string{"-reversible", "-remove", "tags"}, status: 2,
			stderr: "utf8sanitize: -reversible cannot be combined with -remove: what is removed cannot be restored\n" + seeHelp},
		{desc: "keep colors in JSON", args: []string{"-keep-colors", "-style", "json"}, status: 2,
			stderr: "utf8sanitize: -keep-colors cannot be combined with -style json: a JSON string cannot hold the raw ESC of a colour\n" + seeHelp},
		{desc: "check with invalid", args: []string{"-check", "-invalid", "escape"}, status: 2,
			stderr: "utf8sanitize: -invalid has no effect with -check\n" + seeHelp},
		{desc: "reversible", args: []string{"-reversible", "-invalid", "escape"}, stdin: strings.NewReader("a\\\"\xff"),
			stdout: `a\\\"\xff`},

		// bad.txt: "ok line\n" is bytes 0-7; line 2 "second " is 8-14, so
		// e2 82 is at 15, column 8; line 3 starts at 23 with ff fe, and
		// c0 af are at 30 and 31, columns 8 and 9.
		{desc: "check", args: []string{"-check", "testdata/bad.txt"}, status: 1,
			stdout: "testdata/bad.txt:2:8: invalid UTF-8 at byte 15: e2 82 (truncated sequence)\n"},
		{desc: "check all", args: []string{"-check", "-all", "testdata/bad.txt", "testdata/clean.txt"}, status: 1,
			stdout: "testdata/bad.txt:2:8: invalid UTF-8 at byte 15: e2 82 (truncated sequence)\n" +
				"testdata/bad.txt:3:1: invalid UTF-8 at byte 23: ff (invalid lead byte)\n" +
				"testdata/bad.txt:3:2: invalid UTF-8 at byte 24: fe (invalid lead byte)\n" +
				"testdata/bad.txt:3:8: invalid UTF-8 at byte 30: c0 (invalid lead byte)\n" +
				"testdata/bad.txt:3:9: invalid UTF-8 at byte 31: af (unexpected continuation byte)\n"},
		{desc: "check clean", args: []string{"-check", "testdata/clean.txt", "testdata/bom.csv"}},
		{desc: "check standard input", args: []string{"-check"}, stdin: strings.NewReader("a\nb\xc3"), status: 1,
			stdout: "<standard input>:2:2: invalid UTF-8 at byte 3: c3 (truncated sequence)\n"},
		{desc: "check UTF-16, which is not skipped as binary", args: []string{"-check", "testdata/utf16le.txt"}, status: 1,
			stdout: "testdata/utf16le.txt:1:1: invalid UTF-8 at byte 0: ff (invalid lead byte); " +
				"the file starts with ff fe and looks like UTF-16LE, not UTF-8\n"},
		{desc: "cut sequence is not completed by the next file", args: []string{"-", "testdata/clean.txt"},
			stdin: strings.NewReader("x\xe2\x82"), stdout: "x\ufffdhello\tworld\n"},
		{desc: "reject", args: []string{"-invalid", "reject", "testdata/bad.txt", "testdata/clean.txt"}, status: 1,
			stdout: "ok line\nsecond hello\tworld\n",
			stderr: "testdata/bad.txt:2:8: invalid UTF-8 at byte 15: e2 82 (truncated sequence)\n"},
		{desc: "unescape", args: []string{"-unescape"}, stdin: strings.NewReader(`a\x1b\u00e9\xff`), stdout: "a\x1b\u00e9\xff"},
		{desc: "unescape malformed", args: []string{"-unescape"}, stdin: strings.NewReader("ok\n\\q"), status: 1,
			stdout: "ok\n", stderr: "<standard input>:2:1: malformed escape at byte 3: \"\\\\q\"\n"},
		{desc: "unescape json", args: []string{"-unescape", "-style", "json"}, stdin: strings.NewReader(`\udcff\n`),
			stdout: "\xff\n"},

		{desc: "missing file among good ones", args: []string{"testdata/clean.txt", "testdata/missing", "testdata/clean.txt"},
			status: 2, stdout: "hello\tworld\nhello\tworld\n", stderr: "utf8sanitize: open testdata/missing: ", part: true},
		{desc: "2 wins over 1", args: []string{"-check", "testdata/bad.txt", "testdata/missing"},
			stdout: "testdata/bad.txt:2:8: invalid UTF-8 at byte 15: e2 82 (truncated sequence)\n",
			status: 2, stderr: "utf8sanitize: open testdata/missing", part: true},
		{desc: "help", args: []string{"-h"}, stdout: "", status: 0},
		{desc: "unknown flag", args: []string{"-nope"}, status: 2, stderr: "flag provided but not defined", part: true},
		{desc: "unknown style", args: []string{"-style", "html"}, status: 2, stderr: `utf8sanitize: invalid value "html" for flag -style: sanitize: unknown style "html"`, part: true},
		{desc: "unknown invalid", args: []string{"-invalid", "drop"}, status: 2, stderr: `utf8sanitize: invalid value "drop" for flag -invalid: sanitize: unknown invalid-UTF-8 policy "drop"`, part: true},
		{desc: "unknown bom", args: []string{"-bom", "x"}, status: 2, stderr: `utf8sanitize: invalid value "x" for flag -bom: sanitize: unknown BOM policy "x"`, part: true},
		{desc: "unknown allow", args: []string{"-allow", "U+12"}, status: 2, stderr: `unknown character "U+12"`, part: true},
		{desc: "unknown class", args: []string{"-also", "emoji"}, status: 2, stderr: `unknown class "emoji"`, part: true},
		{desc: "all without check", args: []string{"-all"}, status: 2, stderr: "-all needs -check", part: true},
		{desc: "irreversible style", args: []string{"-reversible", "-style", "caret"}, status: 2,
			stderr: "-style caret cannot be reversed", part: true},
		{desc: "unescape with check", args: []string{"-unescape", "-check"}, status: 2,
			stderr: "utf8sanitize: -check has no effect with -unescape\n" + seeHelp},
		{desc: "unescape with bom", args: []string{"-unescape", "-bom", "strip"}, status: 2,
			stderr: "utf8sanitize: -bom has no effect with -unescape\n" + seeHelp},
		{desc: "allow a surrogate", args: []string{"-allow", "U+D800"}, status: 2,
			stderr: "utf8sanitize: invalid value \"U+D800\" for flag -allow: unknown character \"U+D800\": " +
				"want tab, newline, cr or U+XXXX, a Unicode scalar value\n" + seeHelp},
		{desc: "bad values in a mode that does not use them", args: []string{"-check", "-invalid", "bogus", "-bom", "nope",
			"-allow", "zzz", "testdata/clean.txt"}, status: 2,
			stderr: "utf8sanitize: invalid value \"bogus\" for flag -invalid: sanitize: unknown invalid-UTF-8 policy \"bogus\": " +
				"want replace, escape, reject\n" + seeHelp},
		{desc: "usage error is one line and a pointer", args: []string{"-nope"}, status: 2,
			stderr: "utf8sanitize: flag provided but not defined: -nope\n" + seeHelp},
		{desc: "also all and more", args: []string{"-also", "all,bidi"}, stdin: strings.NewReader("\u2028"), stdout: `\u2028`},
		{desc: "directory named once", args: []string{"testdata"}, status: 2,
			stderr: "utf8sanitize: read testdata: is a directory\n"},
		{desc: "progress counts every byte under -check -all", args: []string{"-check", "-all", "-progress"},
			stdin: strings.NewReader("a\xffb\n"), status: 1,
			stdout: "<standard input>:1:2: invalid UTF-8 at byte 1: ff (invalid lead byte)\n", stderr: "<standard input>: 4 B", part: true},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			stdin := tt.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			var stdout, stderr bytes.Buffer
			status := run(tt.args, stdin, &stdout, &stderr)
			if status != tt.status {
				t.Errorf("status = %d, want %d; stderr:\n%s", status, tt.status, stderr.String())
			}
			if tt.desc == "help" {
				if !strings.Contains(stdout.String(), "Examples:") || !strings.Contains(stdout.String(), "-check") {
					t.Errorf("-h printed %q", stdout.String())
				}
				return
			}
			if diff := cmp.Diff(tt.stdout, stdout.String()); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if tt.part {
				if !strings.Contains(stderr.String(), tt.stderr) {
					t.Errorf("stderr = %q, want it to contain %q", stderr.String(), tt.stderr)
				}
			} else if diff := cmp.Diff(tt.stderr, stderr.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}

// Every byte value, escaped reversibly in each style and unescaped again,
// comes back unchanged.
func TestRoundTrip(t *testing.T) {
	var in []byte
	for i := 0; i < 256; i++ {
		in = append(in, byte(i), 'x', byte(255-i))
	}
	in = append(in, "é€😀\ufeff\u202e"...)
	for _, style := range []string{"go", "json", "percent"} {
		var esc, back, stderr bytes.Buffer
		if s := run([]string{"-style", style, "-reversible", "-invalid", "escape", "-also", "all", "-allow", ""},
			bytes.NewReader(in), &esc, &stderr); s != 0 {
			t.Fatalf("%s: escape: status %d: %s", style, s, stderr.String())
		}
		if s := run([]string{"-style", style, "-unescape"}, &esc, &back, &stderr); s != 0 {
			t.Fatalf("%s: unescape: status %d: %s", style, s, stderr.String())
		}
		if !bytes.Equal(back.Bytes(), in) {
			t.Errorf("%s: round trip changed the input:\n% x\n% x", style, in, back.Bytes())
		}
	}
}

func TestProgress(t *testing.T) {
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = 0
	var stdout, stderr bytes.Buffer
	if s := run([]string{"-progress", "testdata/clean.txt"}, nil, &stdout, &stderr); s != 0 {
		t.Fatalf("status %d", s)
	}
	// clean.txt is 12 bytes: every line shows the count against the size.
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-1], "testdata/clean.txt: 12 B of 12 B (100.0%)") {
		t.Errorf("progress:\n%s", stderr.String())
	}
	if stdout.String() != "hello\tworld\n" {
		t.Errorf("stdout = %q", stdout.String())
	}
}

// pattern is an endless mixed stream: text, controls and ill-formed bytes.
type pattern struct{ i int }

func (p *pattern) Read(b []byte) (int, error) {
	const s = "plain text, caf\u00e9, \u20ac, \U0001F600\t\x1b[2J\x00 \xe2\x82 \xff\xc0\xaf\r\n"
	for i := range b {
		b[i] = s[p.i%len(s)]
		p.i++
	}
	return len(b), nil
}

// A 100 MiB stream goes through in constant memory.
func TestLargeStreamMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MiB stream skipped in -short mode")
	}
	if raceEnabled {
		t.Skip("memory is measured without the race detector; .ci/run runs this test on its own")
	}
	const n = 100 << 20
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var stderr bytes.Buffer
	if s := run([]string{"-also", "all"}, io.LimitReader(&pattern{}, n), io.Discard, &stderr); s != 0 {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	runtime.ReadMemStats(&after)
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<20 {
		t.Errorf("sanitizing %d MiB allocated %d KiB; want constant memory", n>>20, grown>>10)
	}
}

// TestHostileNames checks that a file name that holds an escape sequence
// and a line break can neither repaint the terminal nor forge a report
// line, in reports, I/O errors and progress.
func TestHostileNames(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "x\x1b[2J\nforged.txt:1:1: all good\u202e")
	if err := os.WriteFile(name, []byte("a\xffb\n"), 0o644); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	shown := filepath.Join(dir, `x\x1b[2J\nforged.txt:1:1: all good\u202e`)
	tests := []struct {
		desc   string
		args   []string
		stderr string
	}{
		{"missing", []string{name + "-missing"}, "utf8sanitize: open " + shown + "-missing: no such file or directory\n"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		run(tt.args, nil, &stdout, &stderr)
		if diff := cmp.Diff(tt.stderr, stderr.String()); diff != "" {
			t.Errorf("%s: stderr (-want +got):\n%s", tt.desc, diff)
		}
	}
	var stdout, stderr bytes.Buffer
	run([]string{"-progress", name}, nil, &stdout, &stderr)
	if want := shown + ": 4 B of 4 B (100.0%)"; !strings.HasPrefix(stderr.String(), want) || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("progress: %q, want one line starting %q", stderr.String(), want)
	}
}
