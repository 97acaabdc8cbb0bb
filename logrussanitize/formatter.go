// Package logrussanitize sanitizes what github.com/sirupsen/logrus writes,
// with github.com/utf8tools/sanitize: a [logrus.Formatter] wrapper that
// cleans each entry's message, field keys and text values before the
// wrapped formatter runs.
//
// logrus's TextFormatter prints the message raw, in colour mode exactly
// when a person is reading it, and its JSONFormatter leaves C1 and bidi
// controls raw. Wrapped,
//
//	logrus.SetFormatter(logrussanitize.NewFormatter(&logrus.TextFormatter{}))
//
// every control is escaped, \n and \t included, and so are bidi controls
// and line separators; ill-formed UTF-8 is replaced, as sanitize.NewHandler
// does for log/slog. Options add to those defaults, as in
// NewFormatter(f, sanitize.KeepColors()).
package logrussanitize

import (
	"fmt"
	"reflect"

	"github.com/sirupsen/logrus"
	"github.com/utf8tools/sanitize"
)

// NewFormatter returns a formatter that sanitizes each entry and hands it
// to next: the message; every key of Data; and string, error and
// fmt.Stringer values. An error stays an error with its Error text
// sanitized, while errors.Is and errors.As still reach the original; a
// Stringer whose text needs a change becomes a string; an Error or String
// method that panics, on a nil pointer or otherwise, gives "<nil>" or
// "!PANIC: …" as slog's handlers print them. Numbers, times,
// booleans and other values are passed as they are, for next to render.
// An entry that needs no change is passed on as it is, without
// allocating; one that does is passed as a copy, and the caller's entry
// is not modified. The formatter is safe for concurrent use if next is.
func NewFormatter(next logrus.Formatter, opts ...sanitize.Option) logrus.Formatter {
	return &formatter{next: next, clean: sanitize.LogString(opts...)}
}

type formatter struct {
	next  logrus.Formatter
	clean func(string) string
}

func (f *formatter) Format(e *logrus.Entry) ([]byte, error) {
	msg := f.clean(e.Message)
	data, changed := f.data(e.Data)
	if msg == e.Message && !changed {
		return f.next.Format(e)
	}
	dup := *e
	dup.Message, dup.Data = msg, data
	return f.next.Format(&dup)
}

// data returns d sanitized, in a new map if anything needed a change.
func (f *formatter) data(d logrus.Fields) (logrus.Fields, bool) {
	var out logrus.Fields
	for k, v := range d {
		ck := f.clean(k)
		cv, changed := f.value(v)
		if ck == k && !changed {
			continue
		}
		if out == nil {
			out = make(logrus.Fields, len(d))
			for k, v := range d {
				out[k] = v
			}
		}
		delete(out, k)
		out[ck] = cv
	}
	if out == nil {
		return d, false
	}
	return out, true
}

// value returns v sanitized, and whether that changed it.
func (f *formatter) value(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		if s := f.clean(x); s != x {
			return s, true
		}
	case error:
		text, ok := call(x, x.Error)
		if s := f.clean(text); s != text || !ok {
			if !ok {
				return s, true
			}
			return &sanitizedError{err: x, text: s}, true
		}
	case fmt.Stringer:
		text, ok := call(x, x.String)
		if s := f.clean(text); s != text || !ok {
			return s, true
		}
	}
	return v, false
}

// call returns what m, a method of x, returns. If m panics, as a method
// called on a nil pointer may, it returns what slog's handlers print then,
// "<nil>" or "!PANIC: " and the panic value, and false: a formatter
// should not take the process down.
func call(x any, m func() string) (s string, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			s, ok = fmt.Sprintf("!PANIC: %v", r), false
			if v := reflect.ValueOf(x); v.Kind() == reflect.Pointer && v.IsNil() {
				s = "<nil>"
			}
		}
	}()
	return m(), true
}

// sanitizedError is an error whose text was sanitized; errors.Is and
// errors.As still reach the original.
type sanitizedError struct {
	err  error
	text string
}

func (e *sanitizedError) Error() string { return e.text }
func (e *sanitizedError) Unwrap() error { return e.err }
