package main

//go:generate go run gen.go

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/utf8tools/sanitize"
	"golang.org/x/text/unicode/runenames"
)

// A finding is a sanitize.Finding described for people and machines.
type finding struct {
	sanitize.Finding
	class string // the rule it breaks: control, bidi, sequence, invalid, …
	name  string // what it is: RIGHT-TO-LEFT OVERRIDE, CSI sequence, …
	rune  rune   // the character, or -1
}

// classNames are the labels of the classes, singular: what a character
// found is. They are also the SARIF rules.
var classNames = map[sanitize.Class]string{
	sanitize.Controls:           "control",
	sanitize.Noncharacters:      "nonchar",
	sanitize.PrivateUse:         "private",
	sanitize.Bidi:               "bidi",
	sanitize.LineSeparators:     "linesep",
	sanitize.VariationSelectors: "varsel",
	sanitize.Tags:               "tag",
	sanitize.Invisible:          "invisible",
}

// describe names what f is.
func describe(f sanitize.Finding) finding {
	d := finding{Finding: f, rune: -1}
	switch f.Kind {
	case sanitize.KindInvalid:
		d.class, d.name = "invalid", "invalid UTF-8: "+f.Fault.String()
	case sanitize.KindChar:
		d.rune, _ = utf8.DecodeRune(f.Bytes)
		d.name = charName(d.rune)
		d.class = classNames[f.Class]
		if d.class == "" {
			// " and \ in JSON, the escape character under -reversible.
			d.class = "style"
		}
	case sanitize.KindSequence:
		d.class, d.name = "sequence", sequenceName(f.Bytes)
	case sanitize.KindReset:
		d.class, d.name = "sequence", "colours still on: a reset (ESC [ m) goes here"
	case sanitize.KindBOM:
		d.class, d.name = "bom", "no byte order mark: one goes here"
		if len(f.Bytes) > 0 {
			d.rune, d.name = 0xFEFF, "BYTE ORDER MARK"
		}
	}
	return d
}

// message is what a line of the text format says after the position,
// with the input it quotes escaped: "U+202E RIGHT-TO-LEFT OVERRIDE (bidi)",
// "ESC [ 2 J: CSI sequence (sequence)", or for ill-formed input, as the
// command has always said it, "invalid UTF-8 at byte 15: e2 82 (truncated
// sequence)".
func (d finding) message() string {
	switch {
	case d.Kind == sanitize.KindInvalid:
		return fmt.Sprintf("invalid UTF-8 at byte %d: % x (%s)", d.Offset, d.Bytes, d.Fault)
	case d.Kind == sanitize.KindSequence:
		return fmt.Sprintf("%s: %s (%s)", spell(d.Bytes), d.name, d.class)
	case d.rune >= 0:
		return fmt.Sprintf("%U %s (%s)", d.rune, d.name, d.class)
	}
	return fmt.Sprintf("%s (%s)", d.name, d.class)
}

// charName is the Unicode name of r, the alias of a control, or its code
// point label (Unicode §4.8) where it has no name.
func charName(r rune) string {
	name := runenames.Name(r)
	switch {
	case name == "<control>":
		return controlNames[r]
	case strings.HasPrefix(name, "<CJK Ideograph"):
		return fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%04X", r)
	case name == "" && (0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE):
		return fmt.Sprintf("<noncharacter-%04X>", r)
	case strings.Contains(name, "Private Use"):
		return fmt.Sprintf("<private-use-%04X>", r)
	case name == "":
		return fmt.Sprintf("<reserved-%04X>", r)
	}
	return name
}

// sequenceName names the kind of a sequence by its introducer.
func sequenceName(seq []byte) string {
	r, n := utf8.DecodeRune(seq)
	if r == 0x1B && n < len(seq) {
		// ESC and a byte from 40 to 5F is the 7-bit form of a C1 control.
		if b := seq[n]; 0x40 <= b && b <= 0x5F {
			r = rune(b) + 0x40
		}
	}
	switch r {
	case 0x9B:
		return "CSI sequence"
	case 0x9D:
		return "OSC sequence"
	case 0x90:
		return "DCS sequence"
	case 0x98:
		return "SOS sequence"
	case 0x9E:
		return "PM sequence"
	case 0x9F:
		return "APC sequence"
	}
	return "escape sequence"
}

// maxSpelled is how many characters of a sequence spell shows.
const maxSpelled = 24

// spell writes a sequence a character at a time, controls by their
// abbreviation, as ECMA-48 does: "ESC [ 2 J". A longer one is cut.
func spell(seq []byte) string {
	var b strings.Builder
	n := 0
	for len(seq) > 0 {
		r, size := utf8.DecodeRune(seq)
		seq = seq[size:]
		if n == maxSpelled {
			fmt.Fprintf(&b, " … (%d bytes more)", len(seq)+size)
			break
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		n++
		switch {
		case r == ' ':
			b.WriteString("SP")
		case controlAbbrevs[r] != "":
			b.WriteString(controlAbbrevs[r])
		default:
			b.WriteRune(r)
		}
	}
	return safe(b.String())
}

// safe escapes what the command prints of its input and of file names:
// controls, bidi and invisible characters, line separators, as the
// library does for logs.
var safe = sanitize.LogString()
