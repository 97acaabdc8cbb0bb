package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/utf8tools/sanitize"
)

// progressEvery is how often progress is shown.
var progressEvery = time.Second

// progress shows bytes done, the percentage of the size when it is known,
// and throughput, on one line redrawn in place when w is a terminal and on
// a line of its own otherwise. A nil *progress shows nothing.
type progress struct {
	name     string
	size     int64 // -1 when unknown
	w        io.Writer
	terminal bool
	start    time.Time
	last     time.Time
	bytes    int64
}

func newProgress(name string, size int64, w io.Writer) *progress {
	now := time.Now()
	// The line is written with controls of its own, so the name, which
	// may hold any byte, is sanitized here.
	name, _ = sanitize.String(name, sanitize.Also(sanitize.Bidi|sanitize.LineSeparators))
	p := &progress{name: name, size: size, w: w, start: now, last: now}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

func (p *progress) add(n int) {
	if p == nil {
		return
	}
	p.bytes += int64(n)
	if now := time.Now(); now.Sub(p.last) >= progressEvery {
		p.last = now
		p.show(false)
	}
}

// restart counts again from n bytes, for a file read a second time.
func (p *progress) restart(n int) {
	if p != nil {
		p.bytes = int64(n)
	}
}

// done shows the final count.
func (p *progress) done() {
	if p != nil {
		p.show(true)
	}
}

func (p *progress) show(final bool) {
	elapsed := time.Since(p.start).Seconds()
	line := fmt.Sprintf("%s: %s", p.name, size(p.bytes))
	if p.size > 0 {
		line += fmt.Sprintf(" of %s (%.1f%%)", size(p.size), 100*float64(p.bytes)/float64(p.size))
	}
	if elapsed > 0 {
		line += fmt.Sprintf(", %s/s", size(int64(float64(p.bytes)/elapsed)))
	}
	switch {
	case p.terminal && final:
		fmt.Fprintf(p.w, "\r\033[K%s\n", line)
	case p.terminal:
		fmt.Fprintf(p.w, "\r\033[K%s", line)
	default:
		fmt.Fprintln(p.w, line)
	}
}

// size formats a byte count in binary units.
func size(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
