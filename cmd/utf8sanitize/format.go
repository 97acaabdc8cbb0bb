package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// A format is the value of -format.
type format uint8

const (
	textFormat   format = iota // FILE:LINE:COL: message
	jsonFormat                 // one JSON object per line
	sarifFormat                // one SARIF 2.1.0 log
	githubFormat               // GitHub Actions workflow commands
)

var formatNames = [...]string{"text", "json", "sarif", "github"}

func (f *format) String() string { return formatNames[*f] }

func (f *format) Set(s string) error {
	for i, name := range formatNames {
		if s == name {
			*f = format(i)
			return nil
		}
	}
	return fmt.Errorf("unknown format %q: want text, json, sarif or github", s)
}

// A report writes what -check found, file by file in order.
type report interface {
	file(r *result)
	end() error // after the last file
}

func newReport(f format, w io.Writer) report {
	bw := bufio.NewWriter(w)
	switch f {
	case jsonFormat:
		enc := json.NewEncoder(bw)
		enc.SetEscapeHTML(false) // <standard input> as it is, for jq and people
		return &jsonReport{w: bw, enc: enc}
	case sarifFormat:
		return &sarifReport{w: bw}
	case githubFormat:
		return &githubReport{w: bw}
	}
	return &textReport{w: bw}
}

// textReport writes a line per finding, FILE:LINE:COL: message, in the
// form editors jump to, with a byte column as Go's tools count it.
type textReport struct{ w *bufio.Writer }

func (t *textReport) file(r *result) {
	name := safe(r.name)
	for _, f := range r.findings {
		msg := f.message()
		if f.class == "invalid" {
			msg += r.hint
		}
		fmt.Fprintf(t.w, "%s:%d:%d: %s\n", name, f.Line, f.Column, msg)
	}
	if r.more > 0 {
		fmt.Fprintf(t.w, "%s: %d more not shown (-max %d)\n", name, r.more, len(r.findings))
	}
	t.w.Flush()
}

func (t *textReport) end() error { return t.w.Flush() }

// jsonReport writes a JSON object per finding, a line each, for jq.
type jsonReport struct {
	w   *bufio.Writer
	enc *json.Encoder
}

// jsonFinding is a finding in -format json.
type jsonFinding struct {
	File        string `json:"file"`
	Line        int    `json:"line"`
	Column      int    `json:"column"`       // in bytes, from 1
	UTF16Column int    `json:"column_utf16"` // in UTF-16 code units, from 1
	Offset      int64  `json:"offset"`       // in bytes, from 0
	Bytes       string `json:"bytes"`        // in hex
	CodePoint   string `json:"codepoint,omitempty"`
	Class       string `json:"class"`
	Name        string `json:"name"`
	Message     string `json:"message"`
}

// jsonMore is the line that counts the findings past -max.
type jsonMore struct {
	File string `json:"file"`
	More int    `json:"more"`
}

func (j *jsonReport) file(r *result) {
	name := safe(r.name)
	for _, f := range r.findings {
		v := jsonFinding{File: name, Line: f.Line, Column: f.Column, UTF16Column: f.UTF16Column, Offset: f.Offset,
			Bytes: hex.EncodeToString(f.Bytes), Class: f.class, Name: f.name, Message: f.message()}
		if f.rune >= 0 {
			v.CodePoint = fmt.Sprintf("%U", f.rune)
		}
		j.enc.Encode(v)
	}
	if r.more > 0 {
		j.enc.Encode(jsonMore{File: name, More: r.more})
	}
	j.w.Flush()
}

func (j *jsonReport) end() error { return j.w.Flush() }

// githubReport writes workflow commands that GitHub Actions turns into
// annotations on the files.
type githubReport struct{ w *bufio.Writer }

func (g *githubReport) file(r *result) {
	file := githubProperty(safe(r.name))
	for _, f := range r.findings {
		// GitHub counts columns in characters, as its editor does.
		fmt.Fprintf(g.w, "::error file=%s,line=%d,col=%d,title=%s::%s\n", file, f.Line, f.UTF16Column,
			githubProperty("utf8sanitize: "+f.class), githubData(f.message()))
	}
	if r.more > 0 {
		fmt.Fprintf(g.w, "::warning file=%s::%s\n", file, githubData(fmt.Sprintf("%d more not shown (-max %d)", r.more, len(r.findings))))
	}
	g.w.Flush()
}

func (g *githubReport) end() error { return g.w.Flush() }

// githubData encodes the message of a workflow command as the runner
// decodes it (actions/toolkit, command.ts: escapeData), so that no text can
// end the command or start one of its own.
var githubData = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace

// githubProperty encodes a property value (escapeProperty), where : and ,
// would end it too.
var githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace
