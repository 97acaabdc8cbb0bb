package logrussanitize_test

import (
	"bytes"
	"fmt"

	"github.com/sirupsen/logrus"
	"github.com/utf8tools/sanitize/logrussanitize"
)

// logrus's TextFormatter in colour mode prints the message raw; wrapped,
// its own colours stay and a user's escape sequences and line breaks are
// escaped. The output is printed quoted, to show the sequences.
func ExampleNewFormatter() {
	var out bytes.Buffer
	logger := logrus.New()
	logger.SetOutput(&out)
	logger.SetFormatter(logrussanitize.NewFormatter(&logrus.TextFormatter{ForceColors: true, DisableTimestamp: true}))
	logger.WithField("user", "bob\u202e").Info("login\x1b]0;pwned\x07\nlevel=info msg=forged")
	fmt.Printf("%q\n", out.String())
	// Output:
	// "\x1b[36mINFO\x1b[0m login\\x1b]0;pwned\\a\\nlevel=info msg=forged    \x1b[36muser\x1b[0m=\"bob\\\\u202e\"\n"
}
