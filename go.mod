module github.com/utf8tools/sanitize

go 1.25.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/text v0.41.0
)
