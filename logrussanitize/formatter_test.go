package logrussanitize

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/utf8tools/sanitize"
)

const injection = "\x1b]0;pwned\x07\x1b[2J"

func newLogger(f logrus.Formatter, w io.Writer) *logrus.Logger {
	l := logrus.New()
	l.SetOutput(w)
	l.SetFormatter(f)
	return l
}

type nilErr struct{ msg string }

func (e *nilErr) Error() string { return e.msg }

// TestHostileEntries logs what an attacker controls through the text
// formatter in colour and plain, and the JSON formatter: one line each,
// none of the injected sequences or U+202E raw, and the JSON parses.
func TestHostileEntries(t *testing.T) {
	formatters := map[string]logrus.Formatter{
		"text, colour": &logrus.TextFormatter{ForceColors: true, DisableTimestamp: true},
		"text":         &logrus.TextFormatter{DisableColors: true, DisableTimestamp: true},
		"json":         &logrus.JSONFormatter{DisableTimestamp: true},
	}
	for name, f := range formatters {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			var nilE *nilErr
			newLogger(NewFormatter(f), &buf).WithFields(logrus.Fields{
				"user\u202e\n": "bob\u202e" + injection,
				"err":          &fs.PathError{Op: "open", Path: "/tmp/x\n", Err: fs.ErrNotExist},
				"nil":          nilE,
				"n":            42,
			}).Info("login bob\ntime=now level=info msg=\"login admin\"" + injection)
			out := buf.String()
			if strings.Count(out, "\n") != 1 {
				t.Errorf("%d lines:\n%s", strings.Count(out, "\n"), out)
			}
			for _, raw := range []string{"\x1b]", "\x1b[2J", "\x07", "\u202e"} {
				if strings.Contains(out, raw) {
					t.Errorf("raw %q in %q", raw, out)
				}
			}
			if name == "json" {
				var v map[string]any
				if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
					t.Fatalf("not JSON: %v\n%s", err, out)
				}
				if v["n"] != float64(42) || v["nil"] != "<nil>" || v["err"] != `open /tmp/x\n: file does not exist` {
					t.Errorf("fields: %#v", v)
				}
			}
		})
	}
}

// recorder keeps the entry it is given.
type recorder struct{ e *logrus.Entry }

func (r *recorder) Format(e *logrus.Entry) ([]byte, error) { r.e = e; return nil, nil }

func TestFieldsKeepTheirTypes(t *testing.T) {
	rec := &recorder{}
	when := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	cause := &fs.PathError{Op: "open", Path: "/tmp/x\n", Err: fs.ErrNotExist}
	entry := newLogger(NewFormatter(rec), io.Discard).WithFields(logrus.Fields{
		"n": 42, "t": when, "d": time.Second, logrus.ErrorKey: cause, "s": "a\tb"})
	entry.Info("m\n")
	d := rec.e.Data
	if d["n"] != 42 || d["t"] != when || d["d"] != time.Second || d["s"] != `a\tb` || rec.e.Message != `m\n` {
		t.Errorf("entry: %q %#v", rec.e.Message, d)
	}
	err, _ := d[logrus.ErrorKey].(error)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe != cause {
		t.Errorf("the error %v lost the original", err)
	}
	if entry.Data["s"] != "a\tb" {
		t.Error("the caller's entry was modified")
	}
}

// TestKeepColors: logrus's coloured level stays, a user's colours are kept
// and reset, and any other sequence is escaped.
func TestKeepColors(t *testing.T) {
	var buf bytes.Buffer
	f := NewFormatter(&logrus.TextFormatter{ForceColors: true, DisableTimestamp: true}, sanitize.KeepColors())
	newLogger(f, &buf).Info("\x1b[31mred\x1b]0;pwned\x07")
	want := "\x1b[36mINFO\x1b[0m \x1b[31mred" + `\x1b]0;pwned\a` + "\x1b[m"
	if !strings.HasPrefix(buf.String(), want) {
		t.Errorf("got  %q\nwant %q…", buf.String(), want)
	}
}

func TestCleanEntriesDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what escapes to the heap")
	}
	fields := logrus.Fields{"path": "/api/v1/users/42", "status": 200}
	bare := &logrus.JSONFormatter{}
	wrapped := NewFormatter(&logrus.JSONFormatter{})
	e := &logrus.Entry{Logger: logrus.New(), Data: fields, Message: "request served", Time: time.Now()}
	b := testing.AllocsPerRun(100, func() { bare.Format(e) })
	w := testing.AllocsPerRun(100, func() { wrapped.Format(e) })
	if w > b {
		t.Errorf("%v allocations per clean entry, the bare formatter %v", w, b)
	}
	// Nor one with emoji sequences, which pass the invisible classes in
	// context.
	e = &logrus.Entry{Logger: logrus.New(), Data: logrus.Fields{"who": "\U0001F468\u200d\U0001F469\u200d\U0001F467"},
		Message: "served \u2764\ufe0f", Time: time.Now()}
	b = testing.AllocsPerRun(100, func() { bare.Format(e) })
	w = testing.AllocsPerRun(100, func() { wrapped.Format(e) })
	if w > b {
		t.Errorf("%v allocations per entry with emoji sequences, the bare formatter %v", w, b)
	}
}

func BenchmarkEntry(b *testing.B) {
	for _, bb := range []struct {
		name string
		f    logrus.Formatter
	}{
		{"bare", &logrus.JSONFormatter{}},
		{"NewFormatter", NewFormatter(&logrus.JSONFormatter{})},
	} {
		b.Run(bb.name, func(b *testing.B) {
			l := newLogger(bb.f, io.Discard)
			b.ReportAllocs()
			for b.Loop() {
				l.WithFields(logrus.Fields{"method": "GET", "path": "/api/v1/users/42", "status": 200, "user": "alice"}).
					Info("request served")
			}
		})
	}
}
