package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// runCmd runs the command and returns what it wrote and its status.
func runCmd(args []string, stdin string) (stdout, stderr string, status int) {
	var o, e bytes.Buffer
	status = run(args, strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), status
}

// stdinAt starts a finding's place in standard input.
const stdinAt = stdinName + ":"

// checkFindings are the findings of each class in standard input, worked
// out by hand: columns count bytes from 1, and names are Unicode's
// (NameAliases.txt for controls; code point labels, Unicode §4.8, where
// there is no name).
var checkFindings = []struct {
	desc   string
	args   []string
	stdin  string
	stdout string
	status int
}{
	{desc: "clean", args: []string{"-check"}, stdin: "tab\tand line\n"},
	{desc: "NUL", args: []string{"-check"}, stdin: "id,name\n3,\x00\n", status: 1, stdout: stdinAt + "2:3: U+0000 NULL (control)\n"},
	{desc: "the first finding only", args: []string{"-check", "-also", "bidi"}, stdin: "a\x1bb\u202e\n", status: 1,
		stdout: stdinAt + "1:2: U+001B ESCAPE (control)\n"},
	{desc: "all findings", args: []string{"-check", "-all", "-also", "bidi"}, stdin: "a\x1bb\u202e\n", status: 1,
		stdout: stdinAt + "1:2: U+001B ESCAPE (control)\n" + stdinAt + "1:4: U+202E RIGHT-TO-LEFT OVERRIDE (bidi)\n"},
	{desc: "only UTF-8", args: []string{"-check", "-all", "-only", ""}, stdin: "a\x1b\x7f\n\u202e\xff", status: 1,
		stdout: stdinAt + "2:4: invalid UTF-8 at byte 7: ff (invalid lead byte)\n"},
	{desc: "NEXT LINE", args: []string{"-check"}, stdin: "\u0085", status: 1, stdout: stdinAt + "1:1: U+0085 NEXT LINE (control)\n"},
	{desc: "a figment's name", args: []string{"-check"}, stdin: "\u0080", status: 1, stdout: stdinAt + "1:1: U+0080 PADDING CHARACTER (control)\n"},
	{desc: "CR unless allowed", args: []string{"-check"}, stdin: "a\r\n", status: 1, stdout: stdinAt + "1:2: U+000D CARRIAGE RETURN (control)\n"},
	{desc: "CR allowed", args: []string{"-check", "-allow", "tab,newline,cr"}, stdin: "a\r\n"},
	{desc: "noncharacter", args: []string{"-check", "-also", "nonchar"}, stdin: "x\ufdd0", status: 1,
		stdout: stdinAt + "1:2: U+FDD0 <noncharacter-FDD0> (nonchar)\n"},
	{desc: "private use", args: []string{"-check", "-also", "private"}, stdin: "\U00100000", status: 1,
		stdout: stdinAt + "1:1: U+100000 <private-use-100000> (private)\n"},
	{desc: "line separator", args: []string{"-check", "-also", "linesep"}, stdin: "a\u2028", status: 1,
		stdout: stdinAt + "1:2: U+2028 LINE SEPARATOR (linesep)\n"},
	{desc: "selector after a space", args: []string{"-check", "-also", "varsel"}, stdin: "\u2764\ufe0f \ufe0f", status: 1,
		stdout: stdinAt + "1:8: U+FE0F VARIATION SELECTOR-16 (varsel)\n"},
	{desc: "tag", args: []string{"-check", "-also", "tags"}, stdin: "hi\U000E0041", status: 1,
		stdout: stdinAt + "1:3: U+E0041 TAG LATIN CAPITAL LETTER A (tag)\n"},
	{desc: "flag of Scotland", args: []string{"-check", "-also", "all"},
		stdin: "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F\n"},
	{desc: "joiner in a word", args: []string{"-check", "-also", "invisible"}, stdin: "ig\u200cnore \U0001F468\u200d\U0001F469", status: 1,
		stdout: stdinAt + "1:3: U+200C ZERO WIDTH NON-JOINER (invisible)\n"},
	{desc: "removed", args: []string{"-check", "-remove", "invisible"}, stdin: "pass\u200bword", status: 1,
		stdout: stdinAt + "1:5: U+200B ZERO WIDTH SPACE (invisible)\n"},
	{desc: "sequence stripped", args: []string{"-check", "-sequences", "strip"}, stdin: "log\x1b[2J", status: 1,
		stdout: stdinAt + "1:4: ESC [ 2 J: CSI sequence (sequence)\n"},
	{desc: "title escaped whole", args: []string{"-check", "-keep-colors"}, stdin: "\x1b[1mb\x1b[m\x1b]0;x y\x07", status: 1,
		stdout: stdinAt + "1:9: ESC ] 0 ; x SP y BEL: OSC sequence (sequence)\n"},
	{desc: "colours left on", args: []string{"-check", "-keep-colors"}, stdin: "\x1b[31mred\n", status: 1,
		stdout: stdinAt + "1:9: colours still on: a reset (ESC [ m) goes here (sequence)\n"},
	{desc: "colours kept", args: []string{"-check", "-keep-colors"}, stdin: "\x1b[31mred\x1b[0m\n"},
	{desc: "a long sequence is cut", args: []string{"-check", "-sequences", "strip"},
		stdin: "\x1b]8;;https://example.com/\x1b\\", status: 1,
		stdout: stdinAt + "1:1: ESC ] 8 ; ; h t t p s : / / e x a m p l e . c o m … (3 bytes more): OSC sequence (sequence)\n"},
	{desc: "C1 controls in a sequence are named", args: []string{"-check", "-sequences", "strip"}, stdin: "\u009b2J", status: 1,
		stdout: stdinAt + "1:1: CSI 2 J: CSI sequence (sequence)\n"},
	{desc: "BOM stripped", args: []string{"-check", "-bom", "strip"}, stdin: "\ufeffa", status: 1,
		stdout: stdinAt + "1:1: U+FEFF BYTE ORDER MARK (bom)\n"},
	{desc: "BOM added", args: []string{"-check", "-bom", "add"}, stdin: "a", status: 1,
		stdout: stdinAt + "1:1: no byte order mark: one goes here (bom)\n"},
	{desc: "JSON's quote", args: []string{"-check", "-style", "json", "-all"}, stdin: `say "hi"`, status: 1,
		stdout: stdinAt + "1:5: U+0022 QUOTATION MARK (style)\n" + stdinAt + "1:8: U+0022 QUOTATION MARK (style)\n"},
	{desc: "reversible backslash", args: []string{"-check", "-reversible"}, stdin: `C:\x`, status: 1,
		stdout: stdinAt + "1:3: U+005C REVERSE SOLIDUS (style)\n"},
	{desc: "ill-formed, as before", args: []string{"-check", "-all"}, stdin: "ok\xe2\x82\n\xc0", status: 1,
		stdout: stdinAt + "1:3: invalid UTF-8 at byte 2: e2 82 (truncated sequence)\n" + stdinAt + "2:1: invalid UTF-8 at byte 5: c0 (invalid lead byte)\n"},
	{desc: "cap", args: []string{"-check", "-all", "-max", "2"}, stdin: "\x00\x01\x02\x03\x04", status: 1,
		stdout: stdinAt + "1:1: U+0000 NULL (control)\n" + stdinAt + "1:2: U+0001 START OF HEADING (control)\n" + "<standard input>: 3 more not shown (-max 2)\n"},
}

// TestCheckFindings runs checkFindings on standard input.
func TestCheckFindings(t *testing.T) {
	for _, tt := range checkFindings {
		t.Run(tt.desc, func(t *testing.T) {
			stdout, stderr, status := runCmd(tt.args, tt.stdin)
			if status != tt.status {
				t.Errorf("status %d, want %d; stderr: %s", status, tt.status, stderr)
			}
			if diff := cmp.Diff(tt.stdout, stdout); diff != "" {
				t.Errorf("stdout (-want +got):\n%s", diff)
			}
			if stderr != "" {
				t.Errorf("stderr: %q", stderr)
			}
		})
	}
}

// The default cap is 100 findings a file.
func TestCheckDefaultCap(t *testing.T) {
	stdout, _, status := runCmd([]string{"-check", "-all"}, strings.Repeat("\x07", 250))
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if status != 1 || len(lines) != 101 || lines[100] != "<standard input>: 150 more not shown (-max 100)" {
		t.Errorf("status %d, %d lines, the last %q", status, len(lines), lines[len(lines)-1])
	}
}

func TestCheckUsage(t *testing.T) {
	tests := []struct {
		desc string
		args []string
		want string
	}{
		{"format when copying", []string{"-format", "json"}, "-format needs -check, -l or -w"},
		{"unknown format", []string{"-check", "-format", "xml"}, `invalid value "xml" for flag -format: unknown format "xml": want text, json, sarif or github`},
		{"max without all", []string{"-check", "-max", "5"}, "-max needs -check -all"},
		{"max zero", []string{"-check", "-all", "-max", "0"}, "-max must be at least 1"},
		{"j zero", []string{"-check", "-j", "0"}, "-j must be at least 1"},
		{"l with check", []string{"-check", "-l"}, "-l cannot be combined with -check"},
		{"w with check", []string{"-w", "-check"}, "-w cannot be combined with -check"},
		{"w with unescape", []string{"-unescape", "-w"}, "-w cannot be combined with -unescape"},
		{"all with l", []string{"-l", "-all"}, "-all needs -check"},
		{"format with l", []string{"-l", "-format", "json"}, "-format has no effect with -l"},
		{"invalid with l", []string{"-l", "-invalid", "escape"}, "-invalid has no effect with -l"},
		{"w with reject", []string{"-w", "-invalid", "reject", "x"}, "-w cannot be combined with -invalid reject"},
		{"w on standard input", []string{"-w"}, "-w cannot rewrite standard input: name the files"},
		{"w on a dash", []string{"-w", "x", "-"}, "-w cannot rewrite standard input: name the files"},
		{"binary when copying", []string{"-binary"}, "-binary needs -check, -l or -w"},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			stdout, stderr, status := runCmd(tt.args, "")
			if want := "utf8sanitize: " + tt.want; status != 2 || !strings.HasPrefix(stderr, want) || !strings.HasSuffix(stderr, seeHelp) {
				t.Errorf("status %d, stderr %q; want 2 and %q", status, stderr, want)
			}
			if stdout != "" {
				t.Errorf("stdout: %q", stdout)
			}
		})
	}
}

// tree writes files under a new directory: name to content, where a
// content of "->target" makes a symbolic link.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "->"); ok {
			if err := os.Symlink(target, path); err != nil {
				t.Skipf("no symbolic links here: %v", err)
			}
			continue
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// binaryHead is the start of a PNG: a NUL and ill-formed UTF-8.
const binaryHead = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"

func TestWalk(t *testing.T) {
	dir := tree(t, map[string]string{
		"b.txt":         "b\x00\n",
		"a/z.txt":       "z\u202e\n",
		"a/clean.txt":   "clean\n",
		"a-b.txt":       "\x07",
		".git/HEAD":     "\x00",
		"sub/.git/x":    "\x00",
		"link.txt":      "->b.txt",
		"img.png":       binaryHead,
		"nul-in-text.c": "int x;\x00 \u202e\n",
	})
	want := dir + "/a/z.txt:1:2: U+202E RIGHT-TO-LEFT OVERRIDE (bidi)\n" +
		dir + "/a-b.txt:1:1: U+0007 ALERT (control)\n" +
		dir + "/b.txt:1:2: U+0000 NULL (control)\n" +
		dir + "/nul-in-text.c:1:7: U+0000 NULL (control)\n"
	for _, j := range []string{"1", "3", "16"} {
		stdout, stderr, status := runCmd([]string{"-check", "-also", "bidi", "-j", j, dir}, "")
		if diff := cmp.Diff(want, stdout); diff != "" {
			t.Errorf("-j %s: stdout (-want +got):\n%s", j, diff)
		}
		if wantErr := "utf8sanitize: skipped 1 binary file (-v names it, -binary checks it)\n"; stderr != wantErr || status != 1 {
			t.Errorf("-j %s: status %d, stderr %q, want 1 and %q", j, status, stderr, wantErr)
		}
	}
	_, stderr, _ := runCmd([]string{"-check", "-v", dir}, "")
	if want := "utf8sanitize: skipped binary file " + dir + "/img.png\n"; !strings.HasPrefix(stderr, want) {
		t.Errorf("-v: stderr %q, want it to start %q", stderr, want)
	}
	stdout, stderr, _ := runCmd([]string{"-check", "-binary", dir + "/img.png"}, "")
	if want := dir + "/img.png:1:1: invalid UTF-8 at byte 0: 89 (unexpected continuation byte)\n"; stdout != want || stderr != "" {
		t.Errorf("-binary: stdout %q, stderr %q, want %q", stdout, stderr, want)
	}
	// A link named on the command line is followed, as a file is opened.
	if stdout, _, _ := runCmd([]string{"-check", dir + "/link.txt"}, ""); stdout != dir+"/link.txt:1:2: U+0000 NULL (control)\n" {
		t.Errorf("a named link: %q", stdout)
	}
}

// Many files, many workers: the same bytes as one at a time.
func TestParallelOutput(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("d%d/f%03d.txt", i%7, i)] = strings.Repeat("line\n", i) + strings.Repeat("\x00\u202e", i%5)
	}
	dir := tree(t, files)
	for _, format := range []string{"text", "json", "sarif", "github"} {
		one, _, _ := runCmd([]string{"-check", "-all", "-also", "bidi", "-format", format, "-j", "1", dir}, "")
		many, _, _ := runCmd([]string{"-check", "-all", "-also", "bidi", "-format", format, "-j", "32", dir}, "")
		if one != many {
			t.Errorf("%s: -j 32 differs from -j 1", format)
		}
		if len(one) < 10000 {
			t.Errorf("%s: only %d bytes of report", format, len(one))
		}
	}
}

func TestList(t *testing.T) {
	dir := tree(t, map[string]string{"dirty.txt": "a\x1b[2J\n", "clean.txt": "ok\n", "img.png": binaryHead})
	stdout, stderr, status := runCmd([]string{"-l", dir}, "")
	if want := dir + "/dirty.txt\n"; stdout != want || status != 1 {
		t.Errorf("-l: status %d, stdout %q, want 1 and %q", status, stdout, want)
	}
	if !strings.Contains(stderr, "skipped 1 binary file") {
		t.Errorf("-l: stderr %q", stderr)
	}
	if stdout, _, status := runCmd([]string{"-l", dir + "/clean.txt"}, ""); stdout != "" || status != 0 {
		t.Errorf("-l on a clean file: status %d, stdout %q", status, stdout)
	}
}

func TestRewrite(t *testing.T) {
	dir := tree(t, map[string]string{"dirty.txt": "a\x1b[2J\xff\n", "clean.txt": "ok\n", "link.txt": "->dirty.txt"})
	dirty, clean := filepath.Join(dir, "dirty.txt"), filepath.Join(dir, "clean.txt")
	if err := os.Chmod(dirty, 0o751); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC)
	if err := os.Chtimes(clean, old, old); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, status := runCmd([]string{"-w", "-l", "-sequences", "strip", dir}, "")
	if want := dirty + "\n"; stdout != want || stderr != "" || status != 0 {
		t.Errorf("-w -l: status %d, stdout %q, stderr %q; want 0 and %q", status, stdout, stderr, want)
	}
	if b, _ := os.ReadFile(dirty); string(b) != "a\ufffd\n" {
		t.Errorf("rewritten: %q", b)
	}
	if fi, err := os.Stat(dirty); err != nil || fi.Mode().Perm() != 0o751 {
		t.Errorf("mode after -w: %v, %v; want 0751", fi.Mode(), err)
	}
	if fi, err := os.Stat(clean); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("a clean file was touched: %v, %v", fi.ModTime(), err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.txt")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer one: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("left behind: %v", entries)
	}
	// Through a named link, the target is rewritten and the link stays.
	os.WriteFile(dirty, []byte("\x00"), 0o644)
	if _, stderr, status := runCmd([]string{"-w", filepath.Join(dir, "link.txt")}, ""); status != 0 || stderr != "" {
		t.Errorf("-w through a link: status %d, %q", status, stderr)
	}
	if b, _ := os.ReadFile(dirty); string(b) != `\x00` {
		t.Errorf("through a link: %q", b)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.txt")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the named link is no longer one: %v", err)
	}
}

// A failure at any step of -w leaves the original as it was, and no
// temporary file, and exits 2.
func TestRewriteFailures(t *testing.T) {
	readOnlyTemp := func(dir, pattern string) (*os.File, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		f.Close()
		return os.Open(f.Name()) // writes fail
	}
	tests := []struct {
		desc       string
		createTemp func(string, string) (*os.File, error)
		rename     func(string, string) error
		readOnly   bool
	}{
		{desc: "read-only directory", readOnly: true},
		{desc: "write fails", createTemp: readOnlyTemp},
		{desc: "rename fails", rename: func(string, string) error { return errors.New("rename refused") }},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			const content = "a\x00b\n"
			dir := tree(t, map[string]string{"f.txt": content})
			if tt.createTemp != nil {
				defer func(f func(string, string) (*os.File, error)) { createTemp = f }(createTemp)
				createTemp = tt.createTemp
			}
			if tt.rename != nil {
				defer func(f func(string, string) error) { rename = f }(rename)
				rename = tt.rename
			}
			if tt.readOnly {
				readOnly(t, dir)
			}
			_, stderr, status := runCmd([]string{"-w", filepath.Join(dir, "f.txt")}, "")
			if status != 2 || !strings.HasPrefix(stderr, "utf8sanitize: ") {
				t.Errorf("status %d, stderr %q; want 2 and an error", status, stderr)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(b) != content {
				t.Errorf("the original is now %q", b)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("left behind: %v", entries)
			}
		})
	}
}

// readOnly makes dir read-only for the rest of the test: by its mode, or,
// for root, whom the mode does not stop, by making it immutable (chattr
// +i, on file systems that have it). It skips the test when neither works.
func readOnly(t *testing.T, dir string) {
	t.Helper()
	os.Chmod(dir, 0o555)
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	writable := func() bool {
		f, err := os.CreateTemp(dir, "probe")
		if err != nil {
			return false
		}
		f.Close()
		os.Remove(f.Name())
		return true
	}
	if !writable() {
		return
	}
	if err := exec.Command("chattr", "+i", dir).Run(); err != nil {
		t.Skipf("this user writes to read-only directories, and chattr +i failed: %v", err)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	if writable() {
		t.Skip("this user writes even to an immutable directory")
	}
}

// hostile is a file name that tries everything: a line break to forge a
// report line, :: and , to forge a workflow command or its properties, ESC
// to repaint the terminal, U+202E to reorder what is shown, and %.
const hostile = "x\x1b[2J\n::error file=forged.go::all good,%0A\u202e.txt"

func TestHostileNameInEveryFormat(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, hostile)
	if err := os.WriteFile(name, []byte("a\x00\u202e\n"), 0o644); err != nil {
		t.Skipf("this file system refuses the name: %v", err)
	}
	shown := safe(name)
	for _, format := range []string{"text", "json", "sarif", "github"} {
		stdout, _, status := runCmd([]string{"-check", "-all", "-also", "bidi", "-format", format, name}, "")
		if status != 1 {
			t.Errorf("%s: status %d", format, status)
		}
		if i := strings.IndexFunc(stdout, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7F || r == 0x202E }); i >= 0 {
			t.Errorf("%s: a raw %q at %d in %q", format, stdout[i], i, stdout)
		}
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		switch format {
		case "text":
			want := []string{shown + ":1:2: U+0000 NULL (control)", shown + ":1:3: U+202E RIGHT-TO-LEFT OVERRIDE (bidi)"}
			if diff := cmp.Diff(want, lines); diff != "" {
				t.Errorf("text (-want +got):\n%s", diff)
			}
		case "json":
			for _, l := range lines {
				var v jsonFinding
				if err := json.Unmarshal([]byte(l), &v); err != nil || v.File != shown {
					t.Errorf("json: %q: %v, file %q", l, err, v.File)
				}
			}
		case "github":
			// The runner reads a command up to the line's end, the
			// properties up to ::, each up to a comma: none may come from
			// the name.
			wantFile := "file=" + strings.NewReplacer("%", "%25", ":", "%3A", ",", "%2C").Replace(shown) + ","
			if len(lines) != 2 {
				t.Errorf("github: %d lines: %q", len(lines), stdout)
			}
			for _, l := range lines {
				if !strings.HasPrefix(l, "::error "+wantFile+"line=1,") || strings.Count(l, "::") != 2 {
					t.Errorf("github: %q, want it to start ::error %s", l, wantFile)
				}
			}
		case "sarif":
			var log struct {
				Runs []struct {
					Results []struct {
						Locations []struct {
							PhysicalLocation struct {
								ArtifactLocation struct{ URI string }
							}
						}
					}
				}
			}
			if err := json.Unmarshal([]byte(stdout), &log); err != nil {
				t.Fatalf("sarif: %v", err)
			}
			for _, r := range log.Runs[0].Results {
				u, err := url.Parse(r.Locations[0].PhysicalLocation.ArtifactLocation.URI)
				if err != nil || u.Path != filepath.ToSlash(name) {
					t.Errorf("sarif: the URI %q gives %q, %v; want the name", r.Locations[0].PhysicalLocation.ArtifactLocation.URI, u.Path, err)
				}
			}
		}
	}
	// Reports on standard error too: a skipped binary file, named by -v.
	if err := os.WriteFile(name, []byte(binaryHead), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, _ := runCmd([]string{"-check", "-v", name}, "")
	if strings.Count(stderr, "\n") != 2 || strings.ContainsAny(stderr, "\x1b\u202e") {
		t.Errorf("-v: %q", stderr)
	}
}

// The JSON format, field by field, against the bytes.
func TestJSONFormat(t *testing.T) {
	stdout, _, _ := runCmd([]string{"-check", "-all", "-also", "bidi", "-format", "json", "-sequences", "strip"}, "😀\u202e\n\x1b[2J\xff")
	var got []jsonFinding
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		var v jsonFinding
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		got = append(got, v)
	}
	const in = "<standard input>"
	want := []jsonFinding{
		{File: in, Line: 1, Column: 5, UTF16Column: 3, Offset: 4, Bytes: "e280ae", CodePoint: "U+202E", Class: "bidi",
			Name: "RIGHT-TO-LEFT OVERRIDE", Message: "U+202E RIGHT-TO-LEFT OVERRIDE (bidi)"},
		{File: in, Line: 2, Column: 1, UTF16Column: 1, Offset: 8, Bytes: "1b5b324a", Class: "sequence",
			Name: "CSI sequence", Message: "ESC [ 2 J: CSI sequence (sequence)"},
		{File: in, Line: 2, Column: 5, UTF16Column: 5, Offset: 12, Bytes: "ff", Class: "invalid",
			Name: "invalid UTF-8: invalid lead byte", Message: "invalid UTF-8 at byte 12: ff (invalid lead byte)"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestGitHubFormat(t *testing.T) {
	stdout, _, _ := runCmd([]string{"-check", "-all", "-max", "1", "-format", "github"}, "😀\x00\n\x01")
	want := "::error file=<standard input>,line=1,col=3,title=utf8sanitize%3A control::U+0000 NULL (control)\n" +
		"::warning file=<standard input>::1 more not shown (-max 1)\n"
	if diff := cmp.Diff(want, stdout); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := githubData("50%\r\nx"); got != "50%25%0D%0Ax" {
		t.Errorf("githubData: %q", got)
	}
	if got := githubProperty("a:b,c%\n"); got != "a%3Ab%2Cc%25%0A" {
		t.Errorf("githubProperty: %q", got)
	}
}

// sarifInput has a finding of each kind that a region can be: a
// character of two UTF-16 units after one of two, an ill-formed byte, a
// sequence, and an insertion.
const sarifInput = "😀\u202e\U000E0041\xff\n\x1b]0;t\x07\x1b[1mx\n"

// TestSARIF compares the log with a file checked in (testdata/check.sarif,
// whose regions were checked by hand: U+202E after 😀 is at UTF-16 column 3
// and byte 4, U+E0041 at column 4 and byte 7, ff at column 6 and byte 11;
// on line 2 the OSC at byte 13, six units long, and the reset before the
// line feed at byte 24, column 12, after the OSC, ESC [ 1 m and x), and validates it against the SARIF 2.1.0 schema when Python's
// jsonschema is installed (Debian: python3-jsonschema).
func TestSARIF(t *testing.T) {
	args := []string{"-check", "-all", "-also", "bidi,tags", "-keep-colors", "-format", "sarif"}
	stdout, _, status := runCmd(args, sarifInput)
	if status != 1 {
		t.Errorf("status %d", status)
	}
	const golden = "testdata/check.sarif"
	if *update {
		os.WriteFile(golden, []byte(stdout), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), stdout); diff != "" {
		t.Errorf("(-%s +got):\n%s", golden, diff)
	}
	// An empty run is valid too.
	empty, _, _ := runCmd([]string{"-check", "-format", "sarif"}, "clean\n")
	for _, log := range []string{stdout, empty} {
		validateSARIF(t, log)
	}
}

func validateSARIF(t *testing.T, log string) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 to validate against the SARIF schema")
	}
	if err := exec.Command(python, "-c", "import jsonschema").Run(); err != nil {
		t.Skip("no jsonschema for python3 (apt-get install python3-jsonschema)")
	}
	const script = `
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
log = json.load(sys.stdin)
jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(log)
`
	cmd := exec.Command(python, "-c", script, "testdata/sarif-schema-2.1.0.json")
	cmd.Stdin = strings.NewReader(log)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the log is not valid SARIF 2.1.0: %v\n%s", err, out)
	}
}

// A file of any size is checked in constant memory.
func TestCheckMemory(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("memory is measured without -short or the race detector")
	}
	line := strings.Repeat("plain text, café, €, 😀\t", 3) + "\n"
	n := int64(len(line)) * (100 << 20 / int64(len(line))) // about 100 MiB of whole lines
	r := io.LimitReader(&repeater{s: line}, n)
	var before, after runtimeMem
	before.read()
	var o, e bytes.Buffer
	if s := run([]string{"-check", "-all", "-also", "all"}, r, &o, &e); s != 0 {
		t.Fatalf("status %d: %s %s", s, o.String(), e.String())
	}
	after.read()
	if grown := after.total - before.total; grown > 1<<20 {
		t.Errorf("checking %d MiB allocated %d KiB; want constant memory", n>>20, grown>>10)
	}
}

// repeater reads s over and over.
type repeater struct {
	s string
	i int
}

func (r *repeater) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.s[r.i%len(r.s)]
		r.i++
	}
	return len(p), nil
}

var update = flag.Bool("update", false, "rewrite testdata/check.sarif")

// runtimeMem is what the runtime has allocated in all.
type runtimeMem struct{ total uint64 }

func (m *runtimeMem) read() {
	runtime.GC()
	var s runtime.MemStats
	runtime.ReadMemStats(&s)
	m.total = s.TotalAlloc
}
