module github.com/utf8tools/sanitize/logrussanitize

go 1.25.0

require (
	github.com/sirupsen/logrus v1.10.2
	github.com/utf8tools/sanitize v0.0.0
)

require (
	golang.org/x/sys v0.13.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/utf8tools/sanitize => ../
