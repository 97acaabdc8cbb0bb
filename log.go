package sanitize

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"unsafe"
)

// logDefaults are the options every logging helper starts from: one record
// is one line, so every control is escaped, \n and \t included, and so are
// the line separators that end a line in JavaScript and many log viewers,
// the bidi controls that reorder a line on screen (Trojan Source), and the
// invisible characters and tags that hide text from whoever reads the log
// (with the exceptions emoji and scripts need). Options given by the caller
// come after them.
var logDefaults = []Option{Also(Bidi | LineSeparators | Tags | Invisible)}

// logSanitizer sanitizes the strings of log records. It is immutable and
// shared; each call works on a copy of proto.
type logSanitizer struct {
	proto sanitizer
}

func newLogSanitizer(opts []Option) *logSanitizer {
	c := configure(append(logDefaults[:len(logDefaults):len(logDefaults)], opts...))
	if c.bom != KeepBOM {
		// A BOM policy is about the start of a stream; a logging helper
		// sees single values and records, and would add U+FEFF to each
		// or silently remove it from the start of each.
		panic(fmt.Sprintf("sanitize: WithBOM(%v) has no meaning for a log record, which is not the start of a stream", c.bom))
	}
	l := &logSanitizer{}
	l.proto.init(c)
	return l
}

func (l *logSanitizer) string(s string) string {
	out, err := l.proto.string(s)
	if err != nil {
		// Only RejectInvalid fails, and a log line is better cut short
		// with a mark than lost.
		return out + "\uFFFD"
	}
	return out
}

// clean reports whether s needs no change; it is the fast path of string.
func (l *logSanitizer) clean(s string) bool {
	return l.proto.unchanged(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// cleanAttr reports whether attr would leave a as it is.
func (l *logSanitizer) cleanAttr(a slog.Attr) bool {
	if !l.clean(a.Key) {
		return false
	}
	switch a.Value.Kind() {
	case slog.KindString:
		return l.clean(a.Value.String())
	case slog.KindGroup:
		for _, g := range a.Value.Group() {
			if !l.cleanAttr(g) {
				return false
			}
		}
	case slog.KindLogValuer:
		return false
	case slog.KindAny:
		if text, ok, panicked := textOf(a.Value.Any()); ok {
			return !panicked && l.clean(text)
		}
	}
	return true
}

// attr returns a with its key and value sanitized, and reports whether
// anything changed. Values that are not text keep their kind, and so does
// every value that needs no change.
func (l *logSanitizer) attr(a slog.Attr) (slog.Attr, bool) {
	key := l.string(a.Key)
	changed := key != a.Key
	v := a.Value.Resolve() // which recovers from a LogValue that panics
	changed = changed || v.Kind() != a.Value.Kind()
	switch v.Kind() {
	case slog.KindString:
		if s := l.string(v.String()); s != v.String() {
			v, changed = slog.StringValue(s), true
		}
	case slog.KindGroup:
		as := v.Group()
		var out []slog.Attr
		for i, g := range as {
			g2, c := l.attr(g)
			if c && out == nil {
				out = append(make([]slog.Attr, 0, len(as)), as[:i]...)
			}
			if out != nil {
				out = append(out, g2)
			}
		}
		if out != nil {
			v, changed = slog.GroupValue(out...), true
		}
	case slog.KindAny:
		if w, ok := l.value(v.Any()); ok {
			v, changed = w, true
		}
	}
	if !changed {
		return a, false
	}
	return slog.Attr{Key: key, Value: v}, true
}

// value returns the sanitized form of an error or a [fmt.Stringer] x, and
// reports whether it differs from x. An error stays an error, and a value
// that encodes itself as JSON still does.
func (l *logSanitizer) value(x any) (slog.Value, bool) {
	text, ok, panicked := textOf(x)
	if !ok {
		return slog.Value{}, false
	}
	s := l.string(text)
	if s == text && !panicked {
		return slog.Value{}, false
	}
	m, isJSON := x.(json.Marshaler)
	err, isErr := x.(error)
	switch {
	case panicked:
		return slog.StringValue(s), true
	case isErr && isJSON:
		return slog.AnyValue(&sanitizedJSONError{sanitizedError{err, s}, m}), true
	case isErr:
		return slog.AnyValue(&sanitizedError{err, s}), true
	case isJSON:
		return slog.AnyValue(sanitizedJSON{s, m}), true
	}
	return slog.StringValue(s), true
}

// textOf returns the text of x, if x is an error or a [fmt.Stringer], as
// slog's own handlers print it: a method that panics on a nil pointer, the
// common typed-nil mistake, gives "<nil>", and any other panic gives
// "!PANIC: " and the value it panicked with.
func textOf(x any) (text string, ok, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			ok, panicked = true, true
			if v := reflect.ValueOf(x); v.Kind() == reflect.Pointer && v.IsNil() {
				text = "<nil>"
			} else {
				text = fmt.Sprintf("!PANIC: %v", r)
			}
		}
	}()
	switch x := x.(type) {
	case error:
		return x.Error(), true, false
	case fmt.Stringer:
		return x.String(), true, false
	}
	return "", false, false
}

// sanitizedError is an error whose text was sanitized; errors.Is and
// errors.As still reach the original.
type sanitizedError struct {
	err  error
	text string
}

func (e *sanitizedError) Error() string { return e.text }
func (e *sanitizedError) Unwrap() error { return e.err }

// sanitizedJSONError is a sanitizedError whose original encodes itself as
// JSON, which it goes on doing.
type sanitizedJSONError struct {
	sanitizedError
	m json.Marshaler
}

func (e *sanitizedJSONError) MarshalJSON() ([]byte, error) { return e.m.MarshalJSON() }

// sanitizedJSON is a [fmt.Stringer] whose text was sanitized and that
// encodes itself as JSON as the original did.
type sanitizedJSON struct {
	text string
	m    json.Marshaler
}

func (s sanitizedJSON) String() string               { return s.text }
func (s sanitizedJSON) MarshalJSON() ([]byte, error) { return s.m.MarshalJSON() }

// ReplaceAttr returns a function for [slog.HandlerOptions].ReplaceAttr that
// sanitizes the message, every attribute key and every string value, also
// inside groups, and the text of errors and [fmt.Stringer] values:
//   - An error whose text needs a change stays an error, with the
//     sanitized text, and errors.Is and errors.As still reach the
//     original; one that encodes itself as JSON ([json.Marshaler]) goes on
//     doing so, and its JSON is not changed.
//   - A [fmt.Stringer] whose text needs a change becomes a string, or, if
//     it encodes itself as JSON, a value that still does.
//   - A [slog.LogValuer] is resolved, and its value sanitized.
//   - Values that need no change are returned as they are, of the same
//     kind and type: the level attribute is still a [slog.Level].
//   - An Error or String method that panics gives "<nil>" when it was
//     called on a nil pointer and "!PANIC: " and the panic value
//     otherwise, as slog's own handlers print them; the process does not
//     crash.
//
// Numbers, times, durations and booleans cannot carry a control and keep
// their kind. Other values, such as []byte, slices, maps, structs and
// [encoding.TextMarshaler] values, are passed on untouched: the handler
// renders them itself (slog's text handler quotes them, its JSON handler
// escapes C0 controls in them but not DEL, C1 or bidi controls).
//
// By default every control is escaped, \n and \t included (one record, one
// line), and so are [Bidi], [LineSeparators], [Tags] and [Invisible];
// ill-formed UTF-8 is replaced. opts add to that, as in ReplaceAttr(Allow('\t')) or
// ReplaceAttr(Also(PrivateUse)); [WithBOM] with a policy other than
// [KeepBOM] panics, since a value is not the start of a stream. Group
// names do not pass through ReplaceAttr in log/slog; [NewHandler]
// sanitizes them too. The function is safe for concurrent use.
func ReplaceAttr(opts ...Option) func(groups []string, a slog.Attr) slog.Attr {
	l := newLogSanitizer(opts)
	return func(_ []string, a slog.Attr) slog.Attr {
		if l.cleanAttr(a) {
			return a
		}
		a, _ = l.attr(a)
		return a
	}
}

// NewHandler returns a handler that sanitizes each record's message,
// attribute keys and values, and group names, as [ReplaceAttr] does, before
// passing it to h, which need not have a ReplaceAttr of its own. What
// ReplaceAttr leaves untouched reaches h untouched. Attributes added with
// WithAttrs are sanitized once, when they are added. A record that needs no
// change is passed on as it is, without allocating. Enabled is h's answer.
// The handler is safe for concurrent use if h is.
func NewHandler(h slog.Handler, opts ...Option) slog.Handler {
	return &handler{next: h, l: newLogSanitizer(opts)}
}

type handler struct {
	next slog.Handler
	l    *logSanitizer
}

func (h *handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	clean := h.l.clean(r.Message)
	if clean {
		r.Attrs(func(a slog.Attr) bool {
			clean = h.l.cleanAttr(a)
			return clean
		})
	}
	if clean {
		return h.next.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, h.l.string(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		a, _ = h.l.attr(a)
		out.AddAttrs(a)
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *handler) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i], _ = h.l.attr(a)
	}
	return &handler{next: h.next.WithAttrs(clean), l: h.l}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{next: h.next.WithGroup(h.l.string(name)), l: h.l}
}
