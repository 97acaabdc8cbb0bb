package sanitize

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Every input of 1, 2 and 3 bytes, and every 4-byte input built from the
// boundaries of Table 3-7: the validator agrees with unicode/utf8 and the
// x/text decoder.
func TestExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("16.8 million inputs skipped in -short mode")
	}
	var (
		replace = Validate(ReplaceInvalid)
		reject  = Validate(RejectInvalid)
		xtext   = unicode.UTF8.NewDecoder()
		got     = make([]byte, 64)
		want    = make([]byte, 64)
	)
	check := func(in []byte) {
		replace.Reset()
		n, _, err := replace.Transform(got, in, true)
		if err != nil {
			t.Fatalf("% x: %v", in, err)
		}
		xtext.Reset()
		m, _, _ := xtext.Transform(want, in, true)
		if !bytes.Equal(got[:n], want[:m]) {
			t.Fatalf("% x: ReplaceInvalid % x, x/text % x", in, got[:n], want[:m])
		}
		reject.Reset()
		if _, _, err := reject.Transform(got, in, true); (err == nil) != utf8.Valid(in) {
			t.Fatalf("% x: RejectInvalid %v, utf8.Valid %v", in, err, utf8.Valid(in))
		}
	}
	var in [4]byte
	for n := 1; n <= 3; n++ {
		for x := 0; x < 1<<(8*n); x++ {
			for i := 0; i < n; i++ {
				in[i] = byte(x >> (8 * i))
			}
			check(in[:n])
		}
	}
	edges := []byte{0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xf4, 0xff}
	for lead := 0xf0; lead <= 0xf4; lead++ {
		for _, b1 := range edges {
			for _, b2 := range edges {
				for _, b3 := range edges {
					check([]byte{byte(lead), b1, b2, b3})
				}
			}
		}
	}
}

// mixed is an endless stream of text, controls and ill-formed bytes.
type mixed struct{ i int }

const mixedText = "2026-11-21T18:00:00Z INFO request served path=/index.html status=200 bytes=5120 " +
	"user=caf\u00e9 price=\u20ac5 mood=\U0001F600 \u65e5\u672c\u8a9e\ttook=3ms\n" +
	"2026-11-21T18:00:01Z WARN bad input=\x1b[2J\x00 \xe2\x82 \xff\xc0\xaf\u0085\u202e\r\n"

func (m *mixed) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], mixedText[m.i:])
		n += k
		m.i = (m.i + k) % len(mixedText)
	}
	return n, nil
}

// heapGrowth reports how much the heap in use grew while f ran.
func heapGrowth(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapInuse) - int64(before.HeapInuse)
}

// A gibibyte goes through a reader and a writer in constant memory.
func TestBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("1 GiB streams skipped in -short mode")
	}
	if raceEnabled {
		t.Skip("the heap is measured without the race detector; .ci/run runs this test on its own")
	}
	const size = 1 << 30
	opts := []Option{WithBOM(StripBOM), Allow('\t', '\n'), Also(Bidi)}
	var n int64
	grew := heapGrowth(func() {
		n, _ = io.Copy(io.Discard, NewReader(io.LimitReader(&mixed{}, size), opts...))
	})
	if n < size || grew > 1<<20 { // the output is longer than the input
		t.Errorf("NewReader: wrote %d bytes for %d, heap grew %d KiB", n, size, grew>>10)
	}
	grew = heapGrowth(func() {
		w := NewWriter(io.Discard, opts...)
		_, err := io.Copy(w, io.LimitReader(&mixed{}, size))
		if err == nil {
			err = w.Close()
		}
		if err != nil {
			t.Error(err)
		}
	})
	if grew > 1<<20 {
		t.Errorf("NewWriter: heap grew %d KiB", grew>>10)
	}
}

var errBoom = errors.New("boom")

// An error of the underlying reader comes out unchanged, after every byte
// that could be produced before it; a sequence it cut stays undecided.
func TestReaderError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("ab\x00c\xe2\x82"), iotest.ErrReader(errBoom))
	out, err := io.ReadAll(NewReader(r))
	if string(out) != `ab\x00c` || !errors.Is(err, errBoom) {
		t.Errorf("got %q, %v; want %q, %v", out, err, `ab\x00c`, errBoom)
	}
}

// failWriter accepts n bytes, then fails.
type failWriter struct {
	bytes.Buffer
	n int
}

func (w *failWriter) Write(p []byte) (int, error) {
	if w.Len()+len(p) > w.n {
		k, _ := w.Buffer.Write(p[:w.n-w.Len()])
		return k, errBoom
	}
	return w.Buffer.Write(p)
}

func TestWriterError(t *testing.T) {
	fw := &failWriter{n: 5}
	w := NewWriter(fw)
	_, err := w.Write([]byte("abc\x00def"))
	if err == nil {
		err = w.Close()
	}
	if !errors.Is(err, errBoom) || fw.String() != `abc\x` {
		t.Errorf("got %q, %v; want %q, %v", fw.String(), err, `abc\x`, errBoom)
	}
}

// Close decides a sequence cut by the last Write as the end of the stream.
func TestWriterCloseFlushes(t *testing.T) {
	tests := []struct {
		p    InvalidPolicy
		want string
		err  bool
	}{
		{ReplaceInvalid, "ab\ufffd", false},
		{EscapeInvalid, `ab\xe2\x82`, false},
		{RejectInvalid, "ab", true},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		w := NewWriter(&buf, OnInvalid(tt.p))
		if _, err := w.Write([]byte("ab\xe2\x82")); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 2 {
			t.Errorf("policy %d: %q written before Close; the cut sequence must wait", tt.p, buf.String())
		}
		err := w.Close()
		var e *InvalidUTF8Error
		if buf.String() != tt.want || tt.err != errors.As(err, &e) || e != nil && e.Offset != 2 {
			t.Errorf("policy %d: Close gave %q, %v; want %q, error %v", tt.p, buf.String(), err, tt.want, tt.err)
		}
	}
}

// Distinct transformers may run in many goroutines at once (go test -race
// proves there is no shared state); one transformer is for one stream.
func TestConcurrentTransformers(t *testing.T) {
	in := bytes.Repeat([]byte(mixedText), 100)
	want, _ := Bytes(in, Also(Bidi))
	var wg sync.WaitGroup
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20; i++ {
				out, err := io.ReadAll(NewReader(bytes.NewReader(in), Also(Bidi)))
				if err != nil || !bytes.Equal(out, want) {
					t.Errorf("goroutine %d: output differs", g)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// Transformers made from one kept configuration share nothing that
// changes: each keeps its own state, and making one allocates only itself.
func TestNewIndependent(t *testing.T) {
	opts := []Option{Allow('\n'), Sequences(StripSequences), OnInvalid(RejectInvalid)}
	a, b := New(opts...), New(opts...)
	dst := make([]byte, 64)
	// a stops inside a sequence and b inside a character; each goes on
	// from its own state.
	na, ma, ea := a.Transform(dst, []byte("x\x1b[3"), false)
	nb, mb, eb := b.Transform(dst, []byte("y\xe2\x82"), false)
	if na != 1 || ma != 1 || ea != transform.ErrShortSrc || nb != 1 || mb != 1 || eb != transform.ErrShortSrc {
		t.Fatalf("first calls: %d %d %v, %d %d %v", na, ma, ea, nb, mb, eb)
	}
	na, _, ea = a.Transform(dst, []byte("\x1b[31mred\n"), true)
	if got := string(dst[:na]); got != "red\n" || ea != nil {
		t.Errorf("a: %q, %v; want %q", got, ea, "red\n")
	}
	_, _, eb = b.Transform(dst, []byte("\xe2\x82\xac\xff"), true)
	var e *InvalidUTF8Error
	if !errors.As(eb, &e) || e.Offset != 4 {
		t.Errorf("b: %v; want the ill-formed byte at 4, counted from b's start", eb)
	}
	if n := testing.AllocsPerRun(100, func() { New(opts...) }); n > 1 {
		t.Errorf("New allocates %v times, want 1", n)
	}
}

func readMaybeGzip(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// TestHostile runs each file of testdata/hostile; its README says what each
// one is and how the expected output was made.
func TestHostile(t *testing.T) {
	text := []Option{Allow('\t', '\n')}
	options := map[string][]Option{
		"osc-title":       text,
		"screen-clear":    text,
		"cursor-moves":    text,
		"log-forging":     nil, // a log value: every control escaped
		"nul-truncation":  text,
		"trojan-source":   {Allow('\t', '\n'), Also(Bidi)},
		"overlong-slash":  text,
		"cesu8":           text,
		"utf16le-bom":     text,
		"ff-10MiB":        text,
		"long-line-10MiB": text,
	}
	ins, _ := filepath.Glob("testdata/hostile/*.in*")
	if len(ins) != len(options) {
		t.Errorf("%d files in testdata/hostile, %d in the table", len(ins), len(options))
	}
	for _, name := range ins {
		base := filepath.Base(name)
		key := base[:strings.Index(base, ".")]
		t.Run(key, func(t *testing.T) {
			opts, ok := options[key]
			if !ok {
				t.Fatalf("no options for %s", name)
			}
			in := readMaybeGzip(t, name)
			want := readMaybeGzip(t, strings.Replace(name, ".in", ".want", 1))
			out, err := io.ReadAll(NewReader(iotest.HalfReader(bytes.NewReader(in)), opts...))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, want) {
				i := 0
				for i < len(out) && i < len(want) && out[i] == want[i] {
					i++
				}
				t.Errorf("output differs from %d of %d bytes on: got %q, want %q", i, len(want),
					out[i:min(i+40, len(out))], want[i:min(i+40, len(want))])
			}
			for _, r := range string(out) {
				if r != '\t' && r != '\n' && Controls.contains(r) {
					t.Fatalf("raw %U in the output", r)
				}
			}
		})
	}
}

// TestWriterLifecycle checks NewWriter as an io.WriteCloser: Close twice
// (defer w.Close() plus an explicit one) writes the held bytes once, a
// Write after Close fails, and under RejectInvalid Write counts only the
// bytes of p that reached w.
func TestWriterLifecycle(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	if n, err := w.Write([]byte("a\xe2\x82")); n != 3 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if n, err := w.Write([]byte("b")); n != 0 || !errors.Is(err, ErrClosed) {
		t.Errorf("Write after Close = %d, %v; want 0, ErrClosed", n, err)
	}
	if want := "a\ufffd"; buf.String() != want {
		t.Errorf("wrote %q, want %q", buf.String(), want)
	}

	writes := []struct {
		desc string
		p    string
		n    int
		err  bool
	}{
		{"cut character, held", "ok\xe2", 3, false},
		{"completes it, then ill-formed", "\x82\xacb\xffc", 3, true}, // \x82\xac b went through
		{"sticky", "d", 0, true},
	}
	buf.Reset()
	w = NewWriter(&buf, OnInvalid(RejectInvalid))
	for _, tt := range writes {
		n, err := w.Write([]byte(tt.p))
		if n != tt.n || (err != nil) != tt.err {
			t.Errorf("%s: Write(%q) = %d, %v; want %d, error %v", tt.desc, tt.p, n, err, tt.n, tt.err)
		}
	}
	var e *InvalidUTF8Error
	if err := w.Close(); !errors.As(err, &e) || e.Offset != 6 {
		t.Errorf("Close after the error = %v, want the InvalidUTF8Error at 6", err)
	}
	if want := "ok\u20acb"; buf.String() != want {
		t.Errorf("wrote %q, want %q", buf.String(), want)
	}

	// The ill-formed sequence starts in bytes an earlier Write was
	// credited with: none of this Write's bytes went through.
	buf.Reset()
	w = NewWriter(&buf, OnInvalid(RejectInvalid))
	w.Write([]byte("a\xe2"))
	if n, err := w.Write([]byte("Abc")); n != 0 || err == nil {
		t.Errorf("Write = %d, %v; want 0 and an error", n, err)
	}
}
