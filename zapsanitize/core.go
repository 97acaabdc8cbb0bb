// Package zapsanitize sanitizes what go.uber.org/zap writes, with
// github.com/utf8tools/sanitize: a [zapcore.Core] wrapper that cleans each
// entry's message, logger name, field keys and text values before the
// wrapped core encodes them.
//
// zap's console encoder appends the message raw, so an escape sequence or
// a line break in it reaches the terminal or forges a line; its JSON
// encoder leaves DEL, C1 and bidi controls and U+2028 raw. Wrapped,
//
//	core := zapsanitize.NewCore(zapcore.NewCore(enc, os.Stderr, zap.InfoLevel))
//	logger := zap.New(core)
//
// every control is escaped, \n and \t included, and so are bidi controls
// and line separators; ill-formed UTF-8 is replaced, as sanitize.NewHandler
// does for log/slog. Options add to those defaults, as in
// NewCore(core, sanitize.KeepColors()).
package zapsanitize

import (
	"fmt"

	"github.com/utf8tools/sanitize"
	"go.uber.org/zap/zapcore"
)

// NewCore returns a core that sanitizes each entry and its fields and
// passes them to c: the message and the logger name; every field's key;
// string, []byte (ByteString) and fmt.Stringer values, a Stringer becoming
// a string; and errors, which stay errors with their Error text (and the
// %+v text zap writes as errorVerbose) sanitized, while errors.Is and
// errors.As still reach the original. Numbers, times, durations and
// booleans are passed as they are, and so are objects, arrays and
// reflected values, which c's encoder renders itself (zap's JSON encoder
// escapes C0 controls in them, not DEL, C1 or bidi controls). An entry
// that needs no change is passed on as it is, without allocating, and
// With sanitizes its fields once. Enabled and Sync are c's.
//
// Check adds this core, not c, to the checked entry whenever c is
// enabled for the level, so that Write goes through it: wrap a core before
// sampling or teeing it (zapcore.NewSamplerWithOptions(NewCore(c), …)),
// not after. Stack traces and caller paths, which zap makes itself, are
// not changed. The core is safe for concurrent use if c is.
func NewCore(c zapcore.Core, opts ...sanitize.Option) zapcore.Core {
	return &core{Core: c, clean: sanitize.LogString(opts...)}
}

type core struct {
	zapcore.Core
	clean func(string) string
}

func (c *core) With(fields []zapcore.Field) zapcore.Core {
	return &core{Core: c.Core.With(c.fields(fields)), clean: c.clean}
}

func (c *core) Check(ent zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(ent.Level) {
		return ce.AddCore(ent, c)
	}
	return ce
}

func (c *core) Write(ent zapcore.Entry, fields []zapcore.Field) error {
	ent.Message = c.clean(ent.Message)
	ent.LoggerName = c.clean(ent.LoggerName)
	return c.Core.Write(ent, c.fields(fields))
}

// fields returns fs sanitized: fs itself when nothing needs a change, so
// that clean entries cost no allocation.
func (c *core) fields(fs []zapcore.Field) []zapcore.Field {
	var out []zapcore.Field
	for i, f := range fs {
		g, changed := c.field(f)
		if changed && out == nil {
			out = append(make([]zapcore.Field, 0, len(fs)), fs[:i]...)
		}
		if out != nil {
			out = append(out, g)
		}
	}
	if out == nil {
		return fs
	}
	return out
}

// field returns f sanitized, and whether that changed it.
func (c *core) field(f zapcore.Field) (zapcore.Field, bool) {
	key := c.clean(f.Key)
	changed := key != f.Key
	f.Key = key
	switch f.Type {
	case zapcore.StringType:
		if s := c.clean(f.String); s != f.String {
			f.String, changed = s, true
		}
	case zapcore.ByteStringType:
		if b, ok := f.Interface.([]byte); ok {
			if s := c.clean(string(b)); s != string(b) {
				f.Interface, changed = []byte(s), true
			}
		}
	case zapcore.StringerType:
		if s, ok := f.Interface.(fmt.Stringer); ok {
			// zap calls String itself, recovering from a panic; only a
			// text that needs a change is replaced.
			if text, ok := call(s.String); ok {
				if clean := c.clean(text); clean != text {
					f.Type, f.String, f.Interface, changed = zapcore.StringType, clean, nil, true
				}
			}
		}
	case zapcore.ErrorType:
		if err, ok := f.Interface.(error); ok && err != nil {
			if e, dirty := c.error(err); dirty {
				f.Interface, changed = e, true
			}
		}
	}
	return f, changed
}

// call returns what f returns, or false if it panics, as a nil receiver's
// method may: zap reports that itself.
func call(f func() string) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}
