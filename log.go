package sanitize

import (
	"context"
	"fmt"
	"log/slog"
	"unsafe"
)

// logDefaults are the options every logging helper starts from: one record
// is one line, so every control is escaped, \n and \t included, and so are
// the bidi controls that reorder a line on screen (Trojan Source). Options
// given by the caller come after them.
var logDefaults = []Option{Also(Bidi)}

// logSanitizer sanitizes the strings of log records. It is immutable and
// shared; each call works on a copy of proto.
type logSanitizer struct {
	proto sanitizer
}

func newLogSanitizer(opts []Option) *logSanitizer {
	l := &logSanitizer{}
	l.proto.init(configure(append(logDefaults[:len(logDefaults):len(logDefaults)], opts...)))
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
	return l.proto.bom == KeepBOM && l.proto.clean(unsafe.Slice(unsafe.StringData(s), len(s))) == len(s)
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
		switch x := a.Value.Any().(type) {
		case error:
			return l.clean(x.Error())
		case fmt.Stringer:
			return false
		}
	}
	return true
}

// attr returns a with its key and value sanitized, and reports whether
// anything changed. Values that are not text keep their kind.
func (l *logSanitizer) attr(a slog.Attr) (slog.Attr, bool) {
	key := l.string(a.Key)
	changed := key != a.Key
	v := a.Value.Resolve()
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
		switch x := v.Any().(type) {
		case error:
			if text := x.Error(); l.string(text) != text {
				v, changed = slog.AnyValue(&sanitizedError{err: x, text: l.string(text)}), true
			}
		case fmt.Stringer:
			v, changed = slog.StringValue(l.string(x.String())), true
		}
	}
	if !changed {
		return a, false
	}
	return slog.Attr{Key: key, Value: v}, true
}

// sanitizedError is an error whose text was sanitized; errors.Is and
// errors.As still reach the original.
type sanitizedError struct {
	err  error
	text string
}

func (e *sanitizedError) Error() string { return e.text }
func (e *sanitizedError) Unwrap() error { return e.err }

// ReplaceAttr returns a function for [slog.HandlerOptions].ReplaceAttr that
// sanitizes the message, every attribute key and every string value, also
// inside groups. Numbers, times, durations and other values keep their
// kind. An error stays an error whose Error text is sanitized, while
// errors.Is and errors.As still reach the original; a [fmt.Stringer] or
// [slog.LogValuer] is resolved and its text sanitized.
//
// By default every control is escaped, \n and \t included (one record, one
// line), and so is [Bidi]; ill-formed UTF-8 is replaced. opts add to that,
// as in ReplaceAttr(Allow('\t')) or ReplaceAttr(Also(PrivateUse)). Group
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
// passing it to h. It works with any handler, also ones without
// ReplaceAttr. Attributes added with WithAttrs are sanitized once, when
// they are added. A record that needs no change is passed on as it is,
// without allocating. Enabled is h's answer. The handler is safe for
// concurrent use if h is.
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
