// Package zerologsanitize sanitizes what github.com/rs/zerolog writes,
// with github.com/utf8tools/sanitize.
//
// zerolog writes JSON, whose encoder escapes C0 controls but leaves DEL,
// C1 and bidi controls and line separators raw; and its ConsoleWriter
// decodes each event before printing it with %s, which turns \u001b back
// into a live ESC. The root package has what neither needs zerolog's
// types for:
//
//	// JSON: every line stays valid JSON, with those characters escaped.
//	logger := zerolog.New(sanitize.NewJSONLineWriter(os.Stderr))
//
//	// The console: sanitize each decoded event, keep zerolog's colours.
//	w := zerolog.ConsoleWriter{Out: os.Stderr, FormatPrepare: sanitize.LogFields()}
//
// This package adds [ConsoleWriter], which sets FormatPrepare on a
// ConsoleWriter that may already have one.
package zerologsanitize

import (
	"github.com/rs/zerolog"
	"github.com/utf8tools/sanitize"
)

// ConsoleWriter returns w with every decoded event sanitized before it is
// formatted, as [sanitize.LogFields] does with opts: the message, the
// field names and every string value, in nested objects and arrays too.
// w's own FormatPrepare, if any, runs first. Colours and formatters stay
// zerolog's; with sanitize.KeepColors() a message's own colours pass too,
// reset at its end.
func ConsoleWriter(w zerolog.ConsoleWriter, opts ...sanitize.Option) zerolog.ConsoleWriter {
	prepare, clean := w.FormatPrepare, sanitize.LogFields(opts...)
	w.FormatPrepare = func(evt map[string]any) error {
		if prepare != nil {
			if err := prepare(evt); err != nil {
				return err
			}
		}
		return clean(evt)
	}
	return w
}
