package zapsanitize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/utf8tools/sanitize"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

const injection = "\x1b]0;pwned\x07\x1b[2J"

// encoders are zap's two, without the time, for stable output.
func encoders() map[string]zapcore.Encoder {
	cfg := zap.NewProductionEncoderConfig()
	cfg.TimeKey = ""
	return map[string]zapcore.Encoder{
		"console": zapcore.NewConsoleEncoder(cfg),
		"json":    zapcore.NewJSONEncoder(cfg),
	}
}

func newLogger(enc zapcore.Encoder, buf *bytes.Buffer, opts ...sanitize.Option) *zap.Logger {
	return zap.New(NewCore(zapcore.NewCore(enc, zapcore.AddSync(buf), zap.DebugLevel), opts...))
}

// TestHostileEntries logs what an attacker controls, in every place an
// entry has text, through both encoders: each entry stays one line, with
// no raw ESC, BEL or U+202E, and the JSON still parses.
func TestHostileEntries(t *testing.T) {
	for name, enc := range encoders() {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			logger := newLogger(enc, &buf).Named("svc\n" + injection)
			logger.Info("login bob\n{\"level\":\"info\",\"msg\":\"login admin\"}"+injection,
				zap.String("user\u202e", "bob\u202e\u2028"),
				zap.ByteString("raw", []byte("a\x00b")),
				zap.Stringer("addr", stringer("10.0.0.1"+injection)),
				zap.Error(&fs.PathError{Op: "open", Path: "/tmp/x\n", Err: fs.ErrNotExist}),
				zap.Strings("list", []string{"a"}),
			)
			out := buf.String()
			if strings.Count(out, "\n") != 1 {
				t.Errorf("%d lines:\n%s", strings.Count(out, "\n"), out)
			}
			if i := strings.IndexAny(out, "\x1b\x07\u202e\u2028\x00"); i >= 0 {
				t.Errorf("raw %q at %d in %q", out[i:i+1], i, out)
			}
			for _, want := range []string{`login bob\n`, `\x1b]0;pwned\a\x1b[2J`, `svc\n`, `\u202e`, `a\x00b`, `/tmp/x\n`} {
				if !strings.Contains(strings.ReplaceAll(out, `\\`, `\`), want) {
					t.Errorf("%q not in %s", want, out)
				}
			}
			if name == "json" {
				var v map[string]any
				if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
					t.Errorf("not JSON: %v\n%s", err, out)
				}
			}
		})
	}
}

type stringer string

func (s stringer) String() string { return string(s) }

type nilStringer struct{ s string }

func (n *nilStringer) String() string { return n.s }

// verboseErr formats itself with a stack-like %+v, as pkg/errors does.
type verboseErr struct{}

func (verboseErr) Error() string { return "failed\x1b[2J" }
func (verboseErr) Format(s fmt.State, verb rune) {
	if s.Flag('+') {
		fmt.Fprint(s, "failed\x1b[2J\n\tmain.go:12")
		return
	}
	fmt.Fprint(s, "failed\x1b[2J")
}

// TestFieldsKeepTheirTypes records through zap's observer, which keeps
// the fields as they were given to the core.
func TestFieldsKeepTheirTypes(t *testing.T) {
	obs, logs := observer.New(zap.DebugLevel)
	when := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	cause := &fs.PathError{Op: "open", Path: "/tmp/x\n", Err: fs.ErrNotExist}
	var nilS *nilStringer
	zap.New(NewCore(obs)).Info("m",
		zap.Int("n", 42), zap.Duration("d", time.Second), zap.Time("t", when), zap.Bool("b", true),
		zap.Error(cause), zap.Stringer("nil", nilS), zap.String("clean", "ok"))
	fields := logs.All()[0].ContextMap()
	if fields["n"] != int64(42) || fields["d"] != time.Second || !when.Equal(fields["t"].(time.Time)) || fields["b"] != true {
		t.Errorf("fields changed type: %#v", fields)
	}
	f := logs.All()[0].Context[4]
	err, _ := f.Interface.(error)
	var pe *fs.PathError
	if f.Type != zapcore.ErrorType || !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe != cause {
		t.Errorf("the error field %#v lost the original", f)
	}
	if err.Error() != `open /tmp/x\n: file does not exist` {
		t.Errorf("error text %q", err.Error())
	}
	if fields["nil"] != "<nil>" { // zap's own answer for a nil receiver
		t.Errorf("nil Stringer: %#v", fields["nil"])
	}
}

func TestVerboseError(t *testing.T) {
	var buf bytes.Buffer
	newLogger(encoders()["json"], &buf).Error("m", zap.Error(verboseErr{}))
	var v map[string]string
	if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if v["error"] != `failed\x1b[2J` || v["errorVerbose"] != `failed\x1b[2J\n\tmain.go:12` {
		t.Errorf("error %q, errorVerbose %q", v["error"], v["errorVerbose"])
	}
}

func TestWith(t *testing.T) {
	var buf bytes.Buffer
	logger := newLogger(encoders()["json"], &buf).With(zap.String("req\n", "id\x1b"))
	logger.Info("a")
	logger.Info("b")
	if got := strings.Count(buf.String(), `"req\\n":"id\\x1b"`); got != 2 {
		t.Errorf("With fields: %s", buf.String())
	}
}

// TestKeepColors: zap's own coloured level stays; a user's colours in
// the message are neutralized unless they are colours too, which
// KeepColors keeps and resets.
func TestKeepColors(t *testing.T) {
	cfg := zap.NewDevelopmentEncoderConfig()
	cfg.TimeKey = ""
	cfg.EncodeLevel = zapcore.CapitalColorLevelEncoder
	var buf bytes.Buffer
	newLogger(zapcore.NewConsoleEncoder(cfg), &buf, sanitize.KeepColors()).Info("\x1b[31mred\x1b]0;pwned\x07")
	want := "\x1b[34mINFO\x1b[0m\t\x1b[31mred" + `\x1b]0;pwned\a` + "\x1b[m\n"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}

func TestCheckAndLevels(t *testing.T) {
	var buf bytes.Buffer
	logger := zap.New(NewCore(zapcore.NewCore(encoders()["json"], zapcore.AddSync(&buf), zap.WarnLevel)))
	logger.Info("dropped\x1b")
	logger.Warn("kept\x1b")
	if ce := logger.Check(zap.DebugLevel, "x"); ce != nil {
		t.Error("Check returned an entry for a disabled level")
	}
	if !strings.Contains(buf.String(), `kept\\x1b`) || strings.Contains(buf.String(), "dropped") {
		t.Errorf("got %s", buf.String())
	}
	if err := logger.Sync(); err != nil {
		t.Error(err)
	}
}

// TestCleanEntriesDoNotAllocate compares with the bare logger.
func TestCleanEntriesDoNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what escapes to the heap")
	}
	bare := zap.New(zapcore.NewCore(encoders()["json"], zapcore.AddSync(discard{}), zap.InfoLevel))
	wrapped := zap.New(NewCore(zapcore.NewCore(encoders()["json"], zapcore.AddSync(discard{}), zap.InfoLevel)))
	log := func(l *zap.Logger) func() {
		return func() {
			l.Info("request served", zap.String("path", "/api/v1/users/42"), zap.Int("status", 200), zap.Duration("took", time.Millisecond))
		}
	}
	b, w := testing.AllocsPerRun(200, log(bare)), testing.AllocsPerRun(200, log(wrapped))
	if w > b {
		t.Errorf("%v allocations per clean entry, the bare logger %v", w, b)
	}
	// Nor one with emoji sequences, which pass the invisible classes in
	// context.
	emoji := func(l *zap.Logger) func() {
		return func() {
			l.Info("served \u2764\ufe0f", zap.String("who", "\U0001F468\u200d\U0001F469\u200d\U0001F467"))
		}
	}
	if b, w := testing.AllocsPerRun(200, emoji(bare)), testing.AllocsPerRun(200, emoji(wrapped)); w > b {
		t.Errorf("%v allocations per entry with emoji sequences, the bare logger %v", w, b)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// BenchmarkEntry shows the wrapper's cost per entry against the bare
// logger: go test -bench . -count 10 and compare within a run.
func BenchmarkEntry(b *testing.B) {
	for _, bb := range []struct {
		name   string
		logger *zap.Logger
	}{
		{"bare", zap.New(zapcore.NewCore(encoders()["json"], zapcore.AddSync(discard{}), zap.InfoLevel))},
		{"NewCore", zap.New(NewCore(zapcore.NewCore(encoders()["json"], zapcore.AddSync(discard{}), zap.InfoLevel)))},
	} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bb.logger.Info("request served", zap.String("method", "GET"), zap.String("path", "/api/v1/users/42"),
					zap.Int("status", 200), zap.Duration("took", 3*time.Millisecond), zap.String("user", "alice"))
			}
		})
	}
}
