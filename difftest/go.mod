module github.com/utf8tools/sanitize/difftest

go 1.25.0

require (
	github.com/charmbracelet/x/ansi v0.11.9
	github.com/utf8tools/sanitize v0.0.0
)

require (
	github.com/clipperhouse/displaywidth v0.11.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/lucasb-eyer/go-colorful v1.4.1 // indirect
	github.com/mattn/go-runewidth v0.0.27 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/utf8tools/sanitize => ../
