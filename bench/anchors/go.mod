module github.com/utf8tools/sanitize/bench/anchors

go 1.25.0

require (
	github.com/bytedance/sonic v1.15.5
	github.com/charmbracelet/x/ansi v0.11.9
	github.com/segmentio/asm v1.2.1
	github.com/utf8tools/sanitize v0.0.0
)

require (
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/clipperhouse/displaywidth v0.11.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/lucasb-eyer/go-colorful v1.4.1 // indirect
	github.com/mattn/go-runewidth v0.0.27 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.22.0 // indirect
)

replace github.com/utf8tools/sanitize => ../../
