package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/transform"
)

// writeSizes writes in to a fresh NewWriter over t in Writes of the sizes
// given, in turn, and closes it.
func writeSizes(t *sanitizer, in []byte, sizes ...int) ([]byte, error) {
	t.Reset()
	var buf bytes.Buffer
	w := &writer{t: t, w: &buf}
	for i := 0; len(in) > 0; i++ {
		k := min(sizes[i%len(sizes)], len(in))
		if _, err := w.Write(in[:k]); err != nil {
			return buf.Bytes(), err
		}
		in = in[k:]
	}
	err := w.Close()
	return buf.Bytes(), err
}

func TestWriterDrivers(t *testing.T) {
	for _, c := range allCases() {
		s, ok := c.t.(*sanitizer)
		if !ok {
			continue // BOM and Unescape have no NewWriter of their own
		}
		t.Run(c.desc, func(t *testing.T) {
			for n := 1; n <= len(c.in)+1; n++ {
				out, err := writeSizes(s, []byte(c.in), n)
				c.check(t, fmt.Sprintf("writes of %d", n), out, err)
			}
			out, err := writeSizes(s, []byte(c.in), 1, 2, 5000)
			c.check(t, "writes of 1, 2, 5000", out, err)
		})
	}
}

// Each case after clean text that ends around the edges of the writer's
// buffer, of what it holds back and of a stretch it writes where it
// stands, against transform.Writer's output.
func TestWriterEdges(t *testing.T) {
	pads := around(heldMax, spanDirect, writerBuf, 2*writerBuf)
	filler := strings.Repeat("clean text, é and 😀 in it\n", 2*writerBuf/16)
	for _, c := range allCases() {
		s, ok := c.t.(*sanitizer)
		if !ok {
			continue
		}
		t.Run(c.desc, func(t *testing.T) {
			for _, pad := range pads {
				in := []byte(strings.ToValidUTF8(filler[:pad], "") + c.in)
				var ref bytes.Buffer
				xw := transform.NewWriter(&ref, s)
				_, wantErr := xw.Write(in)
				if wantErr == nil {
					wantErr = xw.Close()
				}
				for _, sizes := range [][]int{{len(in)}, {4093}, {heldMax + 1}, {pad - 1, 1, 2}} {
					out, err := writeSizes(s, in, sizes...)
					if !bytes.Equal(out, ref.Bytes()) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
						t.Fatalf("pad %d, writes of %v: got %d bytes, %v; want %d bytes, %v (first difference at %d)",
							pad, sizes, len(out), err, ref.Len(), wantErr, firstDiff(out, ref.Bytes()))
					}
				}
			}
		})
	}
}

// countWriter counts the writes it gets.
type countWriter struct {
	bytes.Buffer
	writes int
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// A Write of a line with an escape in it is one write to w, as it was with
// transform.Writer, and a long clean Write goes to w whole.
func TestWriterWrites(t *testing.T) {
	for _, tt := range []struct {
		in     string
		writes int
	}{
		{"GET /index.html 200\x00 3ms\n", 1},
		{strings.Repeat("a long line ", 300) + "\x00\n", 1},
		{strings.Repeat("clean é\n", 8<<10), 1},
		{strings.Repeat("clean é\n", 8<<10) + "\x00", 2},
		{"\x00" + strings.Repeat("clean é\n", 8<<10), 2}, // 16 KiB transformed, the rest where it stands
		{strings.Repeat("\x00a", 10<<10), 4},             // 50 KiB out, 16,380 bytes (3,276 escapes) a write
		// Span passes one byte and stops: 16 KiB transformed, then
		// spanMiss buffers more without Span, then the rest where it
		// stands.
		{"a\x00" + strings.Repeat("clean é\n", 16<<10), 1 + spanMiss + 1},
	} {
		var cw countWriter
		w := NewWriter(&cw, Allow('\n'))
		if _, err := w.Write([]byte(tt.in)); err != nil {
			t.Fatal(err)
		}
		if cw.writes != tt.writes {
			t.Errorf("%q…: %d writes to w, want %d", tt.in[:min(len(tt.in), 20)], cw.writes, tt.writes)
		}
		if want, _ := String(tt.in, Allow('\n')); cw.String() != want {
			t.Errorf("%q…: wrote %d bytes, want %d", tt.in[:min(len(tt.in), 20)], cw.Len(), len(want))
		}
	}
}
