package zerologsanitize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/utf8tools/sanitize"
)

const injection = "\x1b]0;pwned\x07\x1b[2J"

func hostile(l *zerolog.Logger) {
	l.Info().Str("user\u202e\n", "bob\u202e"+injection).Int("n", 42).
		Err(errors.New("open /tmp/x\n" + injection)).
		Msg("login bob\n{\"level\":\"info\",\"message\":\"login admin\"}" + injection)
}

// TestConsole: one line, none of the injected sequences or U+202E raw,
// while zerolog's own colours stay.
func TestConsole(t *testing.T) {
	var buf bytes.Buffer
	w := ConsoleWriter(zerolog.ConsoleWriter{Out: &buf, NoColor: false, PartsExclude: []string{zerolog.TimestampFieldName}})
	l := zerolog.New(w)
	hostile(&l)
	out := buf.String()
	if strings.Count(out, "\n") != 1 {
		t.Errorf("%d lines:\n%s", strings.Count(out, "\n"), out)
	}
	for _, raw := range []string{"\x1b]", "\x1b[2J", "\x07", "\u202e"} {
		if strings.Contains(out, raw) {
			t.Errorf("raw %q in %q", raw, out)
		}
	}
	for _, want := range []string{"\x1b[32mINF\x1b[0m", `login bob\n`, `\x1b]0;pwned\a\x1b[2J`, `user\u202e\n`} {
		if !strings.Contains(out, want) {
			t.Errorf("%q not in %q", want, out)
		}
	}
}

// TestConsoleKeepsPrepare: a FormatPrepare of the caller's runs first.
func TestConsoleKeepsPrepare(t *testing.T) {
	var buf bytes.Buffer
	w := ConsoleWriter(zerolog.ConsoleWriter{Out: &buf, NoColor: true, PartsExclude: []string{zerolog.TimestampFieldName},
		FormatPrepare: func(evt map[string]any) error { evt["added"] = "x\x1b"; return nil }})
	l := zerolog.New(w)
	l.Info().Msg("m")
	if !strings.Contains(buf.String(), `added="x\\x1b"`) { // zerolog quotes a value with a backslash
		t.Errorf("got %q", buf.String())
	}
	w = ConsoleWriter(zerolog.ConsoleWriter{Out: &buf, FormatPrepare: func(map[string]any) error { return fmt.Errorf("no") }})
	if _, err := w.Write([]byte(`{"message":"m"}`)); err == nil {
		t.Error("the caller's FormatPrepare error was lost")
	}
}

// TestJSON: through sanitize.NewJSONLineWriter every line stays JSON that
// decodes to the same values, types included, with what encoding/json
// leaves raw escaped.
func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	l := zerolog.New(sanitize.NewJSONLineWriter(&buf))
	l.Info().Str("s", "C1 \u009b2J, override \u202e, sep \u2028").
		Int("n", 42).Dur("d", time.Second).Bool("b", true).Msg("m\u202e")
	line := buf.String()
	var v map[string]any
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, line)
	}
	if v["s"] != "C1 \u009b2J, override \u202e, sep \u2028" || v["n"] != float64(42) || v["b"] != true || v["message"] != "m\u202e" {
		t.Errorf("decoded %#v", v)
	}
	if strings.ContainsAny(line, "\u009b\u202e\u2028") {
		t.Errorf("raw in %q", line)
	}
}

// TestKeepColors: with KeepColors, a message's colours pass and are reset.
func TestKeepColors(t *testing.T) {
	var buf bytes.Buffer
	w := ConsoleWriter(zerolog.ConsoleWriter{Out: &buf, NoColor: true, PartsExclude: []string{zerolog.TimestampFieldName}},
		sanitize.KeepColors())
	l := zerolog.New(w)
	l.Info().Msg("\x1b[31mred\x1b]0;t\x07")
	if want := "INF \x1b[31mred" + `\x1b]0;t\a` + "\x1b[m\n"; buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestCleanJSONDoesNotAllocate: a clean event through NewJSONLineWriter
// allocates nothing more than zerolog does alone.
func TestCleanJSONDoesNotAllocate(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what escapes to the heap")
	}
	bare := zerolog.New(discard{})
	wrapped := zerolog.New(sanitize.NewJSONLineWriter(discard{}))
	log := func(l *zerolog.Logger) func() {
		return func() { l.Info().Str("path", "/api/v1/users/42").Int("status", 200).Msg("request served") }
	}
	if b, w := testing.AllocsPerRun(200, log(&bare)), testing.AllocsPerRun(200, log(&wrapped)); w > b {
		t.Errorf("%v allocations per clean event, zerolog alone %v", w, b)
	}
	// Nor one with emoji sequences, which pass the invisible classes in
	// context.
	emoji := func(l *zerolog.Logger) func() {
		return func() { l.Info().Str("who", "\U0001F468\u200d\U0001F469\u200d\U0001F467").Msg("served \u2764\ufe0f") }
	}
	if b, w := testing.AllocsPerRun(200, emoji(&bare)), testing.AllocsPerRun(200, emoji(&wrapped)); w > b {
		t.Errorf("%v allocations per event with emoji sequences, zerolog alone %v", w, b)
	}
}
