module github.com/utf8tools/sanitize/zerologsanitize

go 1.25.0

require (
	github.com/rs/zerolog v1.35.1
	github.com/utf8tools/sanitize v0.0.0
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	golang.org/x/sys v0.29.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/utf8tools/sanitize => ../
