package sanitize

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"log"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestLineWriterForgedLine(t *testing.T) {
	var buf bytes.Buffer
	logger := log.New(NewLineWriter(&buf), "", 0)
	logger.Printf("login %s", "bob\n2026/01/01 00:00:00 login admin")
	logger.Printf("tab\there, bell\a, override\u202e, bad \xff")
	want := `login bob\n2026/01/01 00:00:00 login admin` + "\n" +
		`tab\there, bell\a, override\u202e, bad ` + "\ufffd\n"
	if buf.String() != want {
		t.Errorf("got %q\nwant %q", buf.String(), want)
	}
}

func TestLineWriterRecords(t *testing.T) {
	tests := []struct{ in, want string }{
		{"clean\n", "clean\n"},
		{"no newline", "no newline"},
		{"two\n\n", `two\n` + "\n"},
		{"cr\r\n", `cr\r` + "\n"},
		{"", ""},
		{"\n", "\n"},
		{"cut \xe2\x82", "cut \ufffd"}, // a record is whole: nothing waits for the next
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		w := NewLineWriter(&buf)
		n, err := w.Write([]byte(tt.in))
		if n != len(tt.in) || err != nil || buf.String() != tt.want {
			t.Errorf("Write(%q) = %d, %v, wrote %q; want %d, nil, %q", tt.in, n, err, buf.String(), len(tt.in), tt.want)
		}
	}
	if n, err := NewLineWriter(&failWriter{n: 0}).Write([]byte("x\x00\n")); n != 0 || !errors.Is(err, errBoom) {
		t.Errorf("failing writer: %d, %v; want 0, %v", n, err, errBoom)
	}
}

const injection = "\x1b]0;pwned\x07\x1b[2J"

func TestTerminalInjection(t *testing.T) {
	var buf bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: ReplaceAttr()}
	for _, h := range []slog.Handler{
		NewHandler(slog.NewTextHandler(&buf, nil)),
		NewHandler(slog.NewJSONHandler(&buf, nil)),
		slog.NewTextHandler(&buf, opts),
		slog.NewJSONHandler(&buf, opts),
	} {
		slog.New(h).Info(injection, "user", injection, injection, 1)
	}
	NewLineWriter(&buf).Write([]byte(injection + "\n"))
	if i := bytes.IndexAny(buf.Bytes(), "\x1b\x07"); i >= 0 {
		t.Errorf("raw ESC or BEL at %d in:\n%s", i, buf.String())
	}
}

func TestTrojanSource(t *testing.T) {
	for _, mk := range []func(io.Writer) *slog.Logger{
		func(w io.Writer) *slog.Logger { return slog.New(NewHandler(slog.NewJSONHandler(w, nil))) },
		func(w io.Writer) *slog.Logger {
			return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{ReplaceAttr: ReplaceAttr()}))
		},
	} {
		var buf bytes.Buffer
		mk(&buf).Info("check", "role", "user\u202e\u2066// admin\u2069\u2066")
		if strings.ContainsRune(buf.String(), '\u202e') || !strings.Contains(buf.String(), `\\u202e`) {
			t.Errorf("U+202E not escaped: %s", buf.String())
		}
	}
}

// recorder keeps the records it is given.
type recorder struct {
	mu      sync.Mutex
	records []slog.Record
	attrs   []slog.Attr
	groups  []string
}

func (r *recorder) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelInfo }
func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, rec)
	return nil
}
func (r *recorder) WithAttrs(as []slog.Attr) slog.Handler {
	return &recorder{attrs: append(r.attrs[:len(r.attrs):len(r.attrs)], as...), groups: r.groups}
}
func (r *recorder) WithGroup(g string) slog.Handler {
	return &recorder{attrs: r.attrs, groups: append(r.groups[:len(r.groups):len(r.groups)], g)}
}

type token string

func (t token) LogValue() slog.Value { return slog.StringValue("tok\n" + string(t)) }

type ip [4]byte

func (p ip) String() string { return "10.0.0.1\x1b" }

func TestHandlerKinds(t *testing.T) {
	rec := &recorder{}
	when := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	cause := &fs.PathError{Op: "open", Path: "/tmp/x\n", Err: fs.ErrNotExist}
	slog.New(NewHandler(rec)).Info("msg\n",
		slog.String("s", "a\tb"),
		slog.Int("n", 42),
		slog.Time("t", when),
		slog.Duration("d", time.Second),
		slog.Group("g", slog.String("inner\x00", "x\x1b"), slog.Bool("ok", true)),
		slog.Any("err", cause),
		slog.Any("tok", token("t1")),
		slog.Any("ip", ip{}),
	)
	if len(rec.records) != 1 {
		t.Fatalf("%d records", len(rec.records))
	}
	r := rec.records[0]
	if r.Message != `msg\n` {
		t.Errorf("message %q", r.Message)
	}
	got := map[string]slog.Value{}
	r.Attrs(func(a slog.Attr) bool { got[a.Key] = a.Value; return true })
	checks := []struct {
		key  string
		kind slog.Kind
		text string
	}{
		{"s", slog.KindString, `a\tb`},
		{"n", slog.KindInt64, "42"},
		{"t", slog.KindTime, when.String()},
		{"d", slog.KindDuration, "1s"},
		{"g", slog.KindGroup, `[inner\x00=x\x1b ok=true]`},
		{"err", slog.KindAny, `open /tmp/x\n: file does not exist`},
		{"tok", slog.KindString, `tok\nt1`},
		{"ip", slog.KindString, `10.0.0.1\x1b`},
	}
	for _, c := range checks {
		v, ok := got[c.key]
		if !ok || v.Kind() != c.kind || v.String() != c.text {
			t.Errorf("%s: kind %v, %q; want %v, %q", c.key, v.Kind(), v.String(), c.kind, c.text)
		}
	}
	err, _ := got["err"].Any().(error)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe != cause {
		t.Errorf("the sanitized error %v lost the original", err)
	}
}

func TestHandlerWithAttrsAndGroups(t *testing.T) {
	rec := &recorder{}
	h := NewHandler(rec).WithAttrs([]slog.Attr{slog.String("k\n", "v\x00")}).WithGroup("g\r")
	if !h.Enabled(context.Background(), slog.LevelInfo) || h.Enabled(context.Background(), slog.LevelDebug) {
		t.Error("Enabled is not the wrapped handler's answer")
	}
	slog.New(h).Info("x")
	inner := h.(*handler).next.(*recorder)
	if len(inner.attrs) != 1 || inner.attrs[0].Key != `k\n` || inner.attrs[0].Value.String() != `v\x00` ||
		len(inner.groups) != 1 || inner.groups[0] != `g\r` {
		t.Errorf("attrs %v, groups %q", inner.attrs, inner.groups)
	}
}

func TestReplaceAttrOptions(t *testing.T) {
	var buf bytes.Buffer
	l := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: ReplaceAttr(Allow('\t'), Also(PrivateUse))}))
	l.Info("m", "v", "a\tb\ue000\n")
	if !strings.Contains(buf.String(), `v="a\tb\\ue000\\n"`) {
		t.Errorf("got %s", buf.String())
	}
}

func TestHandlerConcurrent(t *testing.T) {
	var buf bytes.Buffer
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return buf.Write(p) })
	logger := slog.New(NewHandler(slog.NewJSONHandler(w, nil))).With("app", "x\n")
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				logger.Info("req\x1b", "i", i, "user", "bob\n")
			}
		}()
	}
	wg.Wait()
	if lines := strings.Count(buf.String(), "\n"); lines != 1600 || strings.Contains(buf.String(), "\x1b") {
		t.Errorf("%d lines; raw ESC: %v", lines, strings.Contains(buf.String(), "\x1b"))
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func TestCleanRecordsDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what escapes to the heap")
	}
	bare := slog.New(slog.NewJSONHandler(io.Discard, nil))
	wrapped := slog.New(NewHandler(slog.NewJSONHandler(io.Discard, nil)))
	lw := NewLineWriter(io.Discard)
	line := []byte("2026/11/21 18:00:00 clean record\n")
	ctx := context.Background()
	bareAllocs := testing.AllocsPerRun(100, func() {
		bare.LogAttrs(ctx, slog.LevelInfo, "served", slog.String("path", "/"), slog.Int("status", 200))
	})
	allocs := testing.AllocsPerRun(100, func() {
		wrapped.LogAttrs(ctx, slog.LevelInfo, "served", slog.String("path", "/"), slog.Int("status", 200))
	})
	if allocs > bareAllocs {
		t.Errorf("NewHandler: %v allocations per clean record, the bare handler %v", allocs, bareAllocs)
	}
	// Emoji sequences pass the invisible classes that the handler adds in
	// context: none of them costs an allocation either.
	emoji := func(l *slog.Logger) func() {
		return func() {
			l.LogAttrs(ctx, slog.LevelInfo, "served \u2764\ufe0f", slog.String("who", "\U0001F468\u200d\U0001F469\u200d\U0001F467"))
		}
	}
	if allocs, bareAllocs := testing.AllocsPerRun(100, emoji(wrapped)), testing.AllocsPerRun(100, emoji(bare)); allocs > bareAllocs {
		t.Errorf("NewHandler: %v allocations per record with emoji sequences, the bare handler %v", allocs, bareAllocs)
	}
	emojiLine := []byte("2026/11/21 18:00:00 served \u2764\ufe0f to \U0001F468\u200d\U0001F469\u200d\U0001F467\n")
	if n := testing.AllocsPerRun(100, func() { lw.Write(emojiLine) }); n != 0 {
		t.Errorf("NewLineWriter: %v allocations per record with emoji sequences", n)
	}
	if n := testing.AllocsPerRun(100, func() { lw.Write(line) }); n != 0 {
		t.Errorf("NewLineWriter: %v allocations per clean record", n)
	}
}

func BenchmarkHandler(b *testing.B) {
	ctx := context.Background()
	for _, bb := range []struct {
		name string
		l    *slog.Logger
	}{
		{"bare", slog.New(slog.NewJSONHandler(io.Discard, nil))},
		{"NewHandler", slog.New(NewHandler(slog.NewJSONHandler(io.Discard, nil)))},
		{"ReplaceAttr", slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{ReplaceAttr: ReplaceAttr()}))},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bb.l.LogAttrs(ctx, slog.LevelInfo, "request served",
					slog.String("method", "GET"), slog.String("path", "/api/v1/users/42"),
					slog.Int("status", 200), slog.Duration("took", 3*time.Millisecond), slog.String("user", "alice"))
			}
		})
	}
}
