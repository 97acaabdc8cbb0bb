package zapsanitize_test

import (
	"bytes"
	"fmt"

	"github.com/utf8tools/sanitize"
	"github.com/utf8tools/sanitize/zapsanitize"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// A console logger with zap's coloured levels: its own colours stay, since
// they are added after sanitizing, while what a user wrote cannot set the
// window title, clear the screen or forge a line. The output is printed
// quoted, to show the escape sequences.
func ExampleNewCore() {
	cfg := zap.NewDevelopmentEncoderConfig()
	cfg.TimeKey = "" // for a stable example
	cfg.EncodeLevel = zapcore.CapitalColorLevelEncoder
	var out bytes.Buffer
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), zapcore.AddSync(&out), zap.InfoLevel)
	logger := zap.New(zapsanitize.NewCore(core))
	logger.Info("login\x1b]0;pwned\x07\x1b[2J", zap.String("user", "bob\nINFO\tlogin admin"))
	fmt.Printf("%q\n", out.String())
	// Output:
	// "\x1b[34mINFO\x1b[0m\tlogin\\x1b]0;pwned\\a\\x1b[2J\t{\"user\": \"bob\\\\nINFO\\\\tlogin admin\"}\n"
}

// With KeepColors, a user's colours pass too, reset at the end of the
// message so that they never bleed into the rest of the line; any other
// sequence is still escaped.
func ExampleNewCore_keepColors() {
	cfg := zap.NewDevelopmentEncoderConfig()
	cfg.TimeKey, cfg.LevelKey = "", ""
	var out bytes.Buffer
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(cfg), zapcore.AddSync(&out), zap.InfoLevel)
	logger := zap.New(zapsanitize.NewCore(core, sanitize.KeepColors()))
	logger.Info("build \x1b[32mpassed\x1b[2J")
	fmt.Printf("%q\n", out.String())
	// Output:
	// "build \x1b[32mpassed\\x1b[2J\x1b[m\n"
}
