module github.com/utf8tools/sanitize/zapsanitize

go 1.25.0

require (
	github.com/utf8tools/sanitize v0.0.0
	go.uber.org/zap v1.28.0
)

require (
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/utf8tools/sanitize => ../
