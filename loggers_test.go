package sanitize

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

func TestLogString(t *testing.T) {
	clean := LogString()
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"a\nb\tc", `a\nb\tc`},
		{injection, `\x1b]0;pwned\a\x1b[2J`},
		{"role\u202euser\u2028x", `role\u202euser\u2028x`},
		{"bad \xff", "bad \ufffd"},
	}
	for _, tt := range tests {
		if got := clean(tt.in); got != tt.want {
			t.Errorf("LogString()(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := LogString(Allow('\t'))("a\tb"); got != "a\tb" {
		t.Errorf("with Allow: %q", got)
	}
	s := "a clean message"
	if n := testing.AllocsPerRun(100, func() { clean(s) }); n != 0 && !raceEnabled {
		t.Errorf("%v allocations on clean text", n)
	}
}

func TestLogFields(t *testing.T) {
	var event map[string]any
	in := `{"level":"info","message":"login\u001b]0;pwned\u0007","user\n":"bob\u202e","n":42,"ok":true,` +
		`"nested":{"k\u001b":["a\u0085",1,null]}}`
	if err := json.Unmarshal([]byte(in), &event); err != nil {
		t.Fatal(err)
	}
	if err := LogFields()(event); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(event)
	want := `{"level":"info","message":"login\\x1b]0;pwned\\a","n":42,"nested":{"k\\x1b":["a\\u0085",1,null]},` +
		`"ok":true,"user\\n":"bob\\u202e"}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestJSONLineWriter writes records with what encoding/json leaves raw
// through slog's JSON handler: every line stays valid JSON that decodes
// to the same values, and none of those characters is left raw.
func TestJSONLineWriter(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(NewJSONLineWriter(&buf), &slog.HandlerOptions{ReplaceAttr: dropTime}))
	msgs := []string{
		"C1 \u009b2J, DEL \x7f, override \u202e, separator \u2028",
		`quotes " and backslashes \ and \n as text`,
		"clean",
	}
	for _, m := range msgs {
		logger.Info(m, "v", m)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(msgs) {
		t.Fatalf("%d lines for %d records:\n%s", len(lines), len(msgs), buf.String())
	}
	for i, line := range lines {
		var rec struct{ Msg, V string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d is not JSON: %v\n%s", i, err, line)
		}
		if rec.Msg != msgs[i] || rec.V != msgs[i] {
			t.Errorf("line %d decodes to %q, %q; want %q", i, rec.Msg, rec.V, msgs[i])
		}
		if j := strings.IndexFunc(line, func(r rune) bool { return r == 0x7f || 0x80 <= r && r <= 0x9f || r == 0x202e || r == 0x2028 }); j >= 0 {
			t.Errorf("line %d: raw %q at %d", i, line[j:], j)
		}
	}
	if !strings.Contains(lines[0], `\u009b2J`) || !strings.Contains(lines[0], `\u202e`) {
		t.Errorf("escapes not in JSON notation: %s", lines[0])
	}
	for _, f := range []func(){
		func() { NewJSONLineWriter(&buf, WithStyle(GoStyle), Reversible()) },
		func() { NewJSONLineWriter(&buf, WithStyle(PercentStyle)) },
		func() { NewJSONLineWriter(&buf, WithBOM(AddBOM)) },
	} {
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.HasPrefix(r, "sanitize: ") {
					t.Errorf("recovered %q, want a sanitize: panic", r)
				}
			}()
			f()
		}()
	}
}
