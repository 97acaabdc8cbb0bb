package sanitize

import (
	"io"
)

// This file holds the building blocks for loggers other than log/slog and
// log: the integrations with zap and logrus (modules zapsanitize and
// logrussanitize) and zerolog's ConsoleWriter use them, and so can any
// other. They apply the same defaults as NewHandler.

// LogString returns a function that sanitizes one piece of log text, a
// message, a key or a value, as [NewHandler] does: every control escaped,
// \n and \t included, and [Bidi], [LineSeparators], [Tags] and
// [Invisible] too; ill-formed UTF-8 replaced. opts add to those defaults,
// and [WithBOM] panics. The function returns s itself, without allocating,
// when s needs no change, and is safe for concurrent use.
func LogString(opts ...Option) func(s string) string {
	return newLogSanitizer(opts).string
}

// LogFields returns a function that sanitizes a decoded log event in
// place, every key and every string inside it as [LogString] does, for
// zerolog's ConsoleWriter:
//
//	zerolog.ConsoleWriter{Out: os.Stderr, FormatPrepare: sanitize.LogFields()}
//
// ConsoleWriter decodes each JSON event before it prints it, which turns
// \u001b back into a raw ESC; FormatPrepare runs after the decoding and
// before any formatter, so the message, the field names and the values
// reach the terminal sanitized, and zerolog's own colours stay. Nested
// objects and arrays are walked; numbers, booleans and nulls are left as
// they are. It never returns an error.
func LogFields(opts ...Option) func(event map[string]any) error {
	clean := LogString(opts...)
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case string:
			return clean(v)
		case map[string]any:
			for k, x := range v {
				if ck := clean(k); ck != k {
					delete(v, k)
					k = ck
				}
				v[k] = walk(x)
			}
		case []any:
			for i, x := range v {
				v[i] = walk(x)
			}
		}
		return v
	}
	return func(event map[string]any) error {
		walk(event)
		return nil
	}
}

// NewJSONLineWriter returns a writer for loggers that write one JSON value
// per line, as zerolog, zap's JSON encoder, logrus's JSONFormatter and
// slog's JSONHandler do: each Write is one record, and what the encoder
// left raw inside its strings is escaped in JSON notation, \u2028, \u202e,
// \u009b, so that every line stays valid JSON with the same meaning.
// encoding/json and its peers escape C0 controls, " and \, but not DEL,
// C1 controls, bidi controls or (all of them) line separators.
//
// By default it escapes DEL, C1 controls, [Bidi], [LineSeparators], [Tags]
// and [Invisible]; opts add to that, as [Also] or [AlsoFunc], and
// [WithStyle] and [Reversible] panic, since the notation must be JSON's. Ill-formed UTF-8
// becomes U+FFFD. It keeps the JSON valid because the characters it
// escapes can only stand inside strings in valid JSON. Like
// [NewLineWriter], it writes each record in one Write and is safe for
// concurrent use if w is.
func NewJSONLineWriter(w io.Writer, opts ...Option) io.Writer {
	c := configure(append(logDefaults[:len(logDefaults):len(logDefaults)], opts...))
	if c.style != GoStyle || c.reversible {
		panic("sanitize: NewJSONLineWriter writes JSON notation: WithStyle and Reversible have no place")
	}
	if c.bom != KeepBOM {
		panic("sanitize: WithBOM has no meaning for a log record, which is not the start of a stream")
	}
	c.style, c.jsonText = JSONStyle, true
	l := &logSanitizer{}
	l.proto.init(c)
	return &lineWriter{w: w, l: l}
}
