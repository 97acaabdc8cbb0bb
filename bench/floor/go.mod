module github.com/utf8tools/sanitize/bench/floor

go 1.25.0

replace github.com/utf8tools/sanitize => ../../

require (
	github.com/utf8tools/sanitize v0.0.0
	golang.org/x/sys v0.22.0
)
