package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/text/transform"
)

// pumpWith runs in through pump with the transformer that args configure,
// and returns what it wrote, its report and its error.
func pumpWith(t *testing.T, args []string, in source) (out, diag string, err error) {
	t.Helper()
	fl, err := parse(args)
	if err != nil {
		t.Fatal(err)
	}
	var o, d bytes.Buffer
	err = fl.config().pump("in", in, &o, &d, nil)
	in.close()
	return o.String(), d.String(), err
}

// aheadSizes are readaheads small enough that every character, sequence
// and escape of the inputs is cut by a buffer's end, with less room before
// a buffer than the transformer leaves or none at all.
var aheadSizes = []struct{ bufs, size, room int }{
	{1, 1, 0}, {2, 1, 2}, {2, 3, 1}, {3, 7, 4}, {4, 64, 16}, {2, 4096, 64},
}

// Whatever the buffers, pump over a readahead writes what x/text's
// transform.String writes with the same transformer.
func TestReadahead(t *testing.T) {
	mixed, _ := io.ReadAll(io.LimitReader(&pattern{}, 3000))
	colors := strings.Repeat("\x1b[1;31mred\x1b[0m \x1b]8;;https://example.com/\x1b\\link\x1b]8;;\x07\t\x1b[38;5;208mo\n", 40)
	invisible := strings.Repeat("ig\u200cnore \U0001F468\u200d\U0001F469\u200d\U0001F467 \U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F a\ufe0f\ufe0f\n", 40)
	tests := []struct {
		desc string
		args []string
		in   string
	}{
		{"defaults", nil, string(mixed)},
		{"escape invalid", []string{"-invalid", "escape", "-style", "json"}, string(mixed)},
		{"strip and keep colours", []string{"-sequences", "strip", "-keep-colors"}, colors + string(mixed)},
		{"invisible", []string{"-also", "invisible,tags,varsel", "-remove", "invisible"}, invisible},
		{"unescape", []string{"-unescape"}, strings.Repeat(`a\x1b\u00e9\\\n\t`+"é", 300)},
	}
	for _, tt := range tests {
		fl, err := parse(tt.args)
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := transform.String(fl.config().t, tt.in)
		if err != nil {
			t.Fatalf("%s: transform.String: %v", tt.desc, err)
		}
		for _, s := range aheadSizes {
			a := newReadahead(strings.NewReader(tt.in), s.bufs, s.size, s.room)
			got, diag, err := pumpWith(t, tt.args, a)
			if err != nil || diag != "" {
				t.Errorf("%s, %+v: error %v, report %q", tt.desc, s, err, diag)
			}
			if got != want {
				t.Errorf("%s, %+v: output differs from transform.String's at byte %d", tt.desc, s, firstDiff(got, want))
			}
		}
		got, _, err := pumpWith(t, tt.args, &onDemand{r: iotest.OneByteReader(strings.NewReader(tt.in)), buf: make([]byte, bufSize)})
		if err != nil || got != want {
			t.Errorf("%s, read one byte at a time: error %v; output differs at byte %d", tt.desc, err, firstDiff(got, want))
		}
	}
}

// firstDiff returns where a and b first differ.
func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// The report of ill-formed input names the same place whatever the
// buffers, and pump stops the readahead there.
func TestReadaheadReject(t *testing.T) {
	// 1000 lines of "ab\n", then x and FF: line 1001, column 2, byte 3001.
	in := strings.Repeat("ab\n", 1000) + "x\xffmore\n"
	want := "in:1001:2: invalid UTF-8 at byte 3001: ff (invalid lead byte)\n"
	for _, s := range aheadSizes {
		a := newReadahead(strings.NewReader(in), s.bufs, s.size, s.room)
		out, diag, err := pumpWith(t, []string{"-invalid", "reject"}, a)
		if !errors.Is(err, errFound) || diag != want {
			t.Errorf("%+v: error %v, report %q; want %q", s, err, diag, want)
		}
		if wantOut := strings.Repeat("ab\n", 1000) + "x"; out != wantOut {
			t.Errorf("%+v: wrote %d bytes before the report, want %d", s, len(out), len(wantOut))
		}
	}
}

// A read error ends the stream with the error, after what came before it.
func TestReadaheadError(t *testing.T) {
	fire := errors.New("disk on fire")
	for _, s := range aheadSizes {
		r := io.MultiReader(strings.NewReader("ok\x00"), iotest.ErrReader(fire))
		out, _, err := pumpWith(t, nil, newReadahead(r, s.bufs, s.size, s.room))
		if !errors.Is(err, fire) {
			t.Errorf("%+v: error %v, want %v", s, err, fire)
		}
		if !strings.HasPrefix(`ok\x00`, out) {
			t.Errorf("%+v: wrote %q, want a prefix of %q", s, out, `ok\x00`)
		}
	}
}

// A file large enough to be read ahead goes through the command as a
// small one does, and a report names the right place in it.
func TestLargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("a file of a few MiB skipped in -short mode")
	}
	lines := aheadMin/len("plain text, café\n") + 1000
	in := strings.Repeat("plain text, café\n", lines) + "\x1b[2J\xc0\n"
	name := filepath.Join(t.TempDir(), "big.log")
	if err := os.WriteFile(name, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if s := run([]string{name}, nil, &stdout, &stderr); s != 0 {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	want := strings.Repeat("plain text, café\n", lines) + `\x1b[2J` + "\ufffd\n"
	if diff := cmp.Diff(len(want), stdout.Len()); diff != "" || stdout.String() != want {
		t.Errorf("output differs from the input's at byte %d of %d", firstDiff(stdout.String(), want), len(want))
	}
	stdout.Reset()
	run([]string{"-invalid", "reject", name}, nil, &stdout, &stderr)
	wantErr := fmt.Sprintf("%s:%d:5: invalid UTF-8 at byte %d: c0 (invalid lead byte)\n", name, lines+1, len(in)-2)
	if stderr.String() != wantErr {
		t.Errorf("report %q, want %q", stderr.String(), wantErr)
	}
}

// spanClean says clean exactly when sanitizing changes nothing, whatever
// the buffers: each finding of checkFindings, and each clean input, with
// clean text around it that the buffers cut everywhere.
func TestSpanClean(t *testing.T) {
	for _, tt := range checkFindings {
		fl, err := parse(tt.args)
		if err != nil {
			t.Fatal(err)
		}
		g := fl.gate()
		for _, in := range []string{tt.stdin, "café\t€ 😀\n" + tt.stdin + strings.Repeat("zoë 😀 ok\n", 20)} {
			out, _, _ := transform.String(g.spanner(), in)
			want := out == in
			for _, s := range aheadSizes {
				for _, h := range []int{0, 1, 5} {
					head := []byte(in[:min(h, len(in))])
					a := newReadahead(strings.NewReader(in[len(head):]), s.bufs, s.size, s.room)
					clean, err := spanClean(g.spanner(), head, a, nil)
					a.close()
					if err != nil || clean != want {
						t.Errorf("%s, %q, head %d, %+v: clean %v, error %v; want %v", tt.desc, in, len(head), s, clean, err, want)
					}
				}
			}
		}
	}
}

// A file large enough to be read ahead and spanned first gets the report
// that checkFindings gives for standard input: its findings are in its
// first line and clean text follows, or it is clean.
func TestCheckLargeFile(t *testing.T) {
	if testing.Short() {
		t.Skip("files of a few MiB skipped in -short mode")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0)))) // else no readahead
	dir := t.TempDir()
	tail := strings.Repeat("lorem ipsum dolor ", aheadMin/18+100) // one line, for -style json
	for i, tt := range checkFindings {
		name := filepath.Join(dir, fmt.Sprintf("%d.txt", i))
		if err := os.WriteFile(name, []byte(tt.stdin+tail), 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, status := runCmd(append(tt.args[:len(tt.args):len(tt.args)], name), "")
		if status != tt.status || stderr != "" {
			t.Errorf("%s: status %d, want %d; stderr: %s", tt.desc, status, tt.status, stderr)
		}
		if diff := cmp.Diff(strings.ReplaceAll(tt.stdout, stdinAt, name+":"), stdout); diff != "" {
			t.Errorf("%s: stdout (-want +got):\n%s", tt.desc, diff)
		}
	}

	// A finding at the end, found after the file was spanned to there and
	// read again: the bytes are counted once.
	name := filepath.Join(dir, "end.txt")
	if err := os.WriteFile(name, []byte(tail+"\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, status := runCmd([]string{"-check", "-progress", name}, "")
	if want := fmt.Sprintf("%s:1:%d: U+0000 NULL (control)\n", name, len(tail)+1); status != 1 || stdout != want {
		t.Errorf("finding at the end: status %d, stdout %q; want 1, %q", status, stdout, want)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if n := size(int64(len(tail) + 1)); !strings.HasPrefix(lines[len(lines)-1], fmt.Sprintf("%s: %s of %s (100.0%%)", name, n, n)) {
		t.Errorf("finding at the end: last progress line %q, want %s of %[2]s", lines[len(lines)-1], n)
	}
}
