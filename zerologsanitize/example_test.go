package zerologsanitize_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/rs/zerolog"
	"github.com/utf8tools/sanitize"
	"github.com/utf8tools/sanitize/zerologsanitize"
)

// ConsoleWriter decodes \u001b in zerolog's JSON back into a raw ESC;
// sanitized, the event is cleaned after decoding, and zerolog's colours
// stay. The output is printed quoted, to show the sequences.
func ExampleConsoleWriter() {
	var out bytes.Buffer
	w := zerologsanitize.ConsoleWriter(zerolog.ConsoleWriter{Out: &out, PartsExclude: []string{zerolog.TimestampFieldName}})
	logger := zerolog.New(w)
	logger.Info().Str("user", "bob\u202e").Msg("login\x1b]0;pwned\x07")
	fmt.Printf("%q\n", out.String())
	// Output:
	// "\x1b[32mINF\x1b[0m \x1b[1mlogin\\x1b]0;pwned\\a\x1b[0m \x1b[36muser=\x1b[0m\"bob\\\\u202e\"\n"
}

// zerolog's JSON through sanitize.NewJSONLineWriter: still JSON, with what
// encoding/json leaves raw escaped.
func Example_json() {
	logger := zerolog.New(sanitize.NewJSONLineWriter(os.Stdout))
	logger.Info().Str("file", "report\u202efdp.exe").Msg("upload")
	// Output:
	// {"level":"info","file":"report\u202efdp.exe","message":"upload"}
}
