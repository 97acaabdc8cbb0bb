package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"unicode/utf16"
	"unicode/utf8"
)

// sarifReport gathers the whole run into one SARIF 2.1.0 log (OASIS
// Standard, errata 01), which it writes at the end.
type sarifReport struct {
	w       *bufio.Writer
	results []sarifResult
	notes   []sarifNotification
}

// sarifRules are the rules, one per class of finding, in a fixed order
// that results refer to by index.
var sarifRules = []struct{ id, name, text string }{
	{"invalid", "InvalidUTF8", "Ill-formed UTF-8 (Unicode Table 3-7, RFC 3629)"},
	{"control", "ControlCharacter", "A control character: C0, DEL or C1"},
	{"nonchar", "Noncharacter", "A noncharacter, reserved for internal use"},
	{"private", "PrivateUse", "A private-use character"},
	{"bidi", "BidiControl", "A bidirectional formatting character (Trojan Source, CVE-2021-42574)"},
	{"linesep", "LineSeparator", "U+2028, U+2029 or U+0085, which end a line in some readers"},
	{"varsel", "VariationSelector", "A variation selector not after a base character"},
	{"tag", "TagCharacter", "A tag character outside an emoji tag sequence (ASCII smuggling)"},
	{"invisible", "InvisibleCharacter", "A default-ignorable character where no script or emoji needs it"},
	{"style", "EscapedByStyle", "A character the escape notation escapes by itself"},
	{"sequence", "TerminalSequence", "A terminal escape sequence, or colours left on"},
	{"bom", "ByteOrderMark", "A byte order mark to strip, or one missing"},
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRegion struct {
	StartLine   int   `json:"startLine"`
	StartColumn int   `json:"startColumn"`
	EndLine     int   `json:"endLine"`
	EndColumn   int   `json:"endColumn"`
	ByteOffset  int64 `json:"byteOffset"`
	ByteLength  int   `json:"byteLength"`
}

type sarifArtifact struct {
	URI         string        `json:"uri,omitempty"`
	Description *sarifMessage `json:"description,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

// artifact locates a file: by a relative URI reference, or a file URI for
// an absolute path, percent-encoded byte by byte so that any name, ill-formed
// or hostile, is kept exactly and holds no raw control; standard input by a
// description alone.
func artifact(name string) sarifArtifact {
	if name == stdinName {
		return sarifArtifact{Description: &sarifMessage{Text: name}}
	}
	u := url.URL{Path: filepath.ToSlash(filepath.Clean(name))}
	if filepath.IsAbs(name) {
		u.Scheme = "file"
	}
	return sarifArtifact{URI: u.String()}
}

func location(name string, region *sarifRegion) []sarifLocation {
	var l sarifLocation
	l.PhysicalLocation.ArtifactLocation = artifact(name)
	l.PhysicalLocation.Region = region
	return []sarifLocation{l}
}

// region is where f is, in UTF-16 code units as the run's columnKind
// says, and in bytes.
func region(f finding) *sarifRegion {
	r := &sarifRegion{StartLine: f.Line, StartColumn: f.UTF16Column, ByteOffset: f.Offset, ByteLength: len(f.Bytes)}
	r.EndLine, r.EndColumn = f.Line, f.UTF16Column
	if f.class == "invalid" {
		r.EndColumn++ // one U+FFFD
		return r
	}
	b := f.Bytes
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		r.EndLine += bytes.Count(b, []byte{'\n'})
		r.EndColumn = 1
		b = b[i+1:]
	}
	for len(b) > 0 {
		c, size := utf8.DecodeRune(b)
		b = b[size:]
		r.EndColumn += utf16.RuneLen(c) // U+FFFD, 1, for an ill-formed byte
	}
	return r
}

func (s *sarifReport) file(r *result) {
	for _, f := range r.findings {
		idx := 0
		for i, rule := range sarifRules {
			if rule.id == f.class {
				idx = i
			}
		}
		msg := f.message()
		if f.class == "invalid" {
			msg += r.hint
		}
		s.results = append(s.results, sarifResult{RuleID: f.class, RuleIndex: idx, Level: "error",
			Message: sarifMessage{Text: msg}, Locations: location(r.name, region(f))})
	}
	if r.more > 0 {
		s.notes = append(s.notes, sarifNotification{Level: "note", Locations: location(r.name, nil),
			Message: sarifMessage{Text: fmt.Sprintf("%d more findings not shown (-max %d)", r.more, len(r.findings))}})
	}
}

func (s *sarifReport) end() error {
	type rule struct {
		ID               string       `json:"id"`
		Name             string       `json:"name"`
		ShortDescription sarifMessage `json:"shortDescription"`
		DefaultConfig    struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
	}
	var rules []rule
	for _, r := range sarifRules {
		x := rule{ID: r.id, Name: r.name, ShortDescription: sarifMessage{Text: r.text}}
		x.DefaultConfig.Level = "error"
		rules = append(rules, x)
	}
	type invocation struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	type run struct {
		Tool struct {
			Driver struct {
				Name           string `json:"name"`
				InformationURI string `json:"informationUri"`
				Rules          []rule `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		ColumnKind  string        `json:"columnKind"`
		Invocations []invocation  `json:"invocations"`
		Results     []sarifResult `json:"results"`
	}
	var x run
	x.Tool.Driver.Name = "utf8sanitize"
	x.Tool.Driver.InformationURI = "https://github.com/utf8tools/sanitize"
	x.Tool.Driver.Rules = rules
	x.ColumnKind = "utf16CodeUnits"
	x.Invocations = []invocation{{ExecutionSuccessful: true, Notifications: s.notes}}
	x.Results = s.results
	if x.Results == nil {
		x.Results = []sarifResult{} // no results is an empty array, not null
	}
	log := struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}{"https://json.schemastore.org/sarif-2.1.0.json", "2.1.0", []run{x}}
	enc := json.NewEncoder(s.w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return err
	}
	return s.w.Flush()
}
