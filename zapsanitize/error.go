package zapsanitize

import (
	"fmt"
)

// sanitizedError is an error whose texts were sanitized: the Error text,
// and the %+v text zap writes as the errorVerbose field for errors that
// format themselves, such as github.com/pkg/errors'. errors.Is and
// errors.As still reach the original through Unwrap.
type sanitizedError struct {
	err     error
	text    string
	verbose string // "" unless err is a fmt.Formatter
}

func (e *sanitizedError) Error() string { return e.text }
func (e *sanitizedError) Unwrap() error { return e.err }

// sanitizedFormatter is a sanitizedError whose original formats itself.
type sanitizedFormatter struct{ *sanitizedError }

func (e sanitizedFormatter) Format(s fmt.State, verb rune) {
	if verb == 'v' && s.Flag('+') {
		fmt.Fprint(s, e.verbose)
		return
	}
	fmt.Fprint(s, e.text)
}

// error returns err with its texts sanitized, and whether they needed it.
// An Error or Format method that panics leaves err to zap, which reports
// the panic itself.
func (c *core) error(err error) (error, bool) {
	text, ok := call(err.Error)
	if !ok {
		return err, false
	}
	e := &sanitizedError{err: err, text: c.clean(text)}
	dirty := e.text != text
	f, isFormatter := err.(fmt.Formatter)
	if isFormatter {
		verbose, ok := call(func() string { return fmt.Sprintf("%+v", f) })
		if !ok {
			return err, false
		}
		e.verbose = c.clean(verbose)
		dirty = dirty || e.verbose != verbose
	}
	switch {
	case !dirty:
		return err, false
	case isFormatter:
		return sanitizedFormatter{e}, true
	}
	return e, true
}
