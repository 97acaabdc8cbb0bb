package sanitize

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

// nilErr has a pointer-receiver Error that dereferences its receiver, the
// common typed-nil bug: var e *nilErr; return e.
type nilErr struct{ msg string }

func (e *nilErr) Error() string { return e.msg }

// nilStringer is the same bug in a fmt.Stringer.
type nilStringer struct{ name string }

func (s *nilStringer) String() string { return s.name }

// nilValuer is the same bug in a slog.LogValuer.
type nilValuer struct{ v string }

func (v *nilValuer) LogValue() slog.Value { return slog.StringValue(v.v) }

type panicErr struct{}

func (panicErr) Error() string { panic("boom\n") }

type panicStringer struct{}

func (panicStringer) String() string { panic("bang") }

type panicValuer struct{}

func (panicValuer) LogValue() slog.Value { panic("crash") }

// jsonErr is an error that encodes itself as a JSON object.
type jsonErr struct{ code int }

func (e jsonErr) Error() string                { return "failed\nwith code" }
func (e jsonErr) MarshalJSON() ([]byte, error) { return json.Marshal(map[string]int{"code": e.code}) }

// TestLogNeverPanics logs values whose methods panic, with nil receivers
// and otherwise, through every wrapper: slog's own handlers print <nil> or
// !PANIC: … for them, and so must ours, not take the process down.
func TestLogNeverPanics(t *testing.T) {
	var (
		ne *nilErr
		ns *nilStringer
		nv *nilValuer
	)
	values := []struct {
		desc string
		v    any
		want string // in the text handler's output
	}{
		{"nil error", ne, "v=<nil>"},
		{"nil Stringer", ns, "v=<nil>"},
		{"nil LogValuer", nv, "v=\"LogValue panicked"},
		{"panicking error", panicErr{}, `v="!PANIC: boom\\n"`},
		{"panicking Stringer", panicStringer{}, `v="!PANIC: bang"`},
		{"panicking LogValuer", panicValuer{}, "v=\"LogValue panicked"},
	}
	for _, v := range values {
		for _, w := range []struct {
			name string
			new  func(*bytes.Buffer) *slog.Logger
		}{
			{"NewHandler", func(b *bytes.Buffer) *slog.Logger {
				return slog.New(NewHandler(slog.NewTextHandler(b, &slog.HandlerOptions{ReplaceAttr: dropTime})))
			}},
			{"ReplaceAttr", func(b *bytes.Buffer) *slog.Logger {
				return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
					return ReplaceAttr()(g, dropTime(g, a))
				}}))
			}},
			{"NewHandler.WithAttrs", func(b *bytes.Buffer) *slog.Logger {
				return slog.New(NewHandler(slog.NewTextHandler(b, &slog.HandlerOptions{ReplaceAttr: dropTime}))).With("v", v.v)
			}},
		} {
			t.Run(v.desc+"/"+w.name, func(t *testing.T) {
				var buf bytes.Buffer
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panicked: %v", r)
						}
					}()
					l := w.new(&buf)
					if strings.HasSuffix(w.name, "WithAttrs") {
						l.Info("m")
					} else {
						l.Info("m", "v", v.v)
					}
				}()
				if got := buf.String(); !strings.Contains(got, v.want) || strings.Count(got, "\n") != 1 {
					t.Errorf("got %q, want it to contain %q on one line", got, v.want)
				}
			})
		}
	}
}

func dropTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

// TestReplaceAttrKeepsKinds checks that values needing no change are left
// exactly as they are: slog's documented custom-level idiom type-asserts
// the level attribute after ReplaceAttr.
func TestReplaceAttrKeepsKinds(t *testing.T) {
	var buf bytes.Buffer
	replace := ReplaceAttr()
	h := slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
		a = replace(g, dropTime(g, a))
		if a.Key == slog.LevelKey {
			level := a.Value.Any().(slog.Level) // panics if ReplaceAttr made it a string
			a.Value = slog.StringValue("L" + level.String())
		}
		return a
	}})
	slog.New(h).Info("m")
	if got, want := buf.String(), "level=LINFO msg=m\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestJSONMarshalerKept checks that an error that encodes itself as JSON
// still does under NewHandler and ReplaceAttr, while its Error text, which
// a text handler prints, is sanitized.
func TestJSONMarshalerKept(t *testing.T) {
	for _, mk := range []func(*bytes.Buffer) *slog.Logger{
		func(b *bytes.Buffer) *slog.Logger {
			return slog.New(NewHandler(slog.NewJSONHandler(b, &slog.HandlerOptions{ReplaceAttr: dropTime})))
		},
		func(b *bytes.Buffer) *slog.Logger {
			return slog.New(slog.NewJSONHandler(b, &slog.HandlerOptions{ReplaceAttr: func(g []string, a slog.Attr) slog.Attr {
				return ReplaceAttr()(g, dropTime(g, a))
			}}))
		},
	} {
		var buf bytes.Buffer
		mk(&buf).Error("m", "err", jsonErr{42})
		if got, want := buf.String(), `{"level":"ERROR","msg":"m","err":{"code":42}}`+"\n"; got != want {
			t.Errorf("got %s want %s", got, want)
		}
	}
	var buf bytes.Buffer
	slog.New(NewHandler(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: dropTime}))).Error("m", "err", jsonErr{42})
	if got, want := buf.String(), `level=ERROR msg=m err="failed\\nwith code"`+"\n"; got != want {
		t.Errorf("text handler: got %s want %s", got, want)
	}
}

// TestLogLineSeparators checks that U+2028 and U+2029, which end a line in
// JavaScript and many log viewers, are escaped by default, and U+0085 too.
func TestLogLineSeparators(t *testing.T) {
	var buf bytes.Buffer
	slog.New(NewHandler(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: dropTime}))).Info("a\u2028b\u2029c\u0085")
	if got, want := buf.String(), `{"level":"INFO","msg":"a\\u2028b\\u2029c\\u0085"}`+"\n"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
	buf.Reset()
	NewLineWriter(&buf).Write([]byte("a\u2028b\n"))
	if got, want := buf.String(), `a\u2028b`+"\n"; got != want {
		t.Errorf("NewLineWriter: got %q want %q", got, want)
	}
}

// TestLogRejectsBOMPolicies checks that the log helpers, which see single
// values and records rather than the start of a stream, refuse a BOM
// policy rather than add U+FEFF to every key and value.
func TestLogRejectsBOMPolicies(t *testing.T) {
	for _, p := range []BOMPolicy{StripBOM, AddBOM} {
		for name, f := range map[string]func(){
			"ReplaceAttr":   func() { ReplaceAttr(WithBOM(p)) },
			"NewHandler":    func() { NewHandler(slog.NewTextHandler(&bytes.Buffer{}, nil), WithBOM(p)) },
			"NewLineWriter": func() { NewLineWriter(&bytes.Buffer{}, WithBOM(p)) },
		} {
			t.Run(name+"/"+p.String(), func(t *testing.T) {
				defer func() {
					if r, _ := recover().(string); !strings.HasPrefix(r, "sanitize: ") {
						t.Errorf("recovered %q, want a sanitize: panic", r)
					}
				}()
				f()
			})
		}
	}
	// KeepBOM, the default, is accepted and leaves U+FEFF alone.
	var buf bytes.Buffer
	slog.New(NewHandler(slog.NewJSONHandler(&buf, nil), WithBOM(KeepBOM))).Info("\ufeffx")
	if !strings.Contains(buf.String(), "\"msg\":\"\ufeffx\"") {
		t.Errorf("KeepBOM: %s", buf.String())
	}
}

// TestLogInvisibleDefaults: a log line's hidden text is what its reader
// must see, so tags and invisible characters are escaped by default, while
// an emoji's joiner and a Persian word's ZWNJ pass.
func TestLogInvisibleDefaults(t *testing.T) {
	rec := &recorder{}
	smuggled := "ok" + string([]rune{0xE0069, 0xE0067, 0xE006E}) // "ign" in tags
	slog.New(NewHandler(rec)).Info("login",
		"user", "ad\u200bmin", "note", smuggled, "family", "\U0001F468\u200d\U0001F469", "fa", "\u0645\u06cc\u200c\u062e")
	want := map[string]string{
		"user":   `ad\u200bmin`,
		"note":   `ok\U000e0069\U000e0067\U000e006e`,
		"family": "\U0001F468\u200d\U0001F469",
		"fa":     "\u0645\u06cc\u200c\u062e",
	}
	rec.records[0].Attrs(func(a slog.Attr) bool {
		if got := a.Value.String(); got != want[a.Key] {
			t.Errorf("%s: got %q, want %q", a.Key, got, want[a.Key])
		}
		return true
	})
}
