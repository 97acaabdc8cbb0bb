package sanitize

// escapeCases follow the control-code tables of the seed documents (C0 is
// 00–1F, C1 is C2 80–C2 9F) and strconv.Quote's notation.
var escapeCases = []testCase{
	{desc: "escape: empty", t: Escape(), in: "", want: ""},
	{desc: "escape: clean text", t: Escape(), in: "plain \u00a0 héllo \ufeff \U0001F600 \\ \"",
		want: "plain \u00a0 héllo \ufeff \U0001F600 \\ \""},
	{desc: "escape: named C0", t: Escape(), in: "\a\b\t\n\v\f\r", want: `\a\b\t\n\v\f\r`},
	{desc: "escape: other C0 and DEL", t: Escape(), in: "\x00\x01\x1b\x1f\x7f", want: `\x00\x01\x1b\x1f\x7f`},
	{desc: "escape: C1 bounds", t: Escape(), in: "\u0080\u0085\u009f\u00a0", want: `\u0080\u0085\u009f` + "\u00a0"},
	{desc: "escape: terminal injection", t: Escape(), in: "\x1b]0;pwned\x07\x1b[2J",
		want: `\x1b]0;pwned\a\x1b[2J`},
	{desc: "escape: 80-9F alone are not C1", t: Escape(), in: "a\x85b\x9f", want: "a" + fffd + "b" + fffd},
	{desc: "escape: truncated C1 at end", t: Escape(), in: "a\xc2", want: "a" + fffd},
	{desc: "escape: Allow tab and newline", t: Escape(Allow('\t', '\n')),
		in: "a\tb\nc\r\n", want: "a\tb\nc\\r\n"},
	{desc: "escape: Allow a C1", t: Escape(Allow('\u0085')), in: "\u0084\u0085", want: `\u0084` + "\u0085"},
	{desc: "escape: Allow accumulates", t: Escape(Allow('\t'), Allow('\n')),
		in: "\t\n\v", want: "\t\n\\v"},
	{desc: "escape: escaped ill-formed bytes", t: Escape(OnInvalid(EscapeInvalid)),
		in: "\u0085\x85\xe2\x82", want: `\u0085\x85\xe2\x82`},
	{desc: "escape: reject after escapes", t: Escape(OnInvalid(RejectInvalid)),
		in: "a\x1b\xffb", want: `a\x1b`,
		err: &InvalidUTF8Error{Offset: 2, Bytes: []byte{0xff}, Fault: InvalidLead}},
	{desc: "escape: a control between long runs", t: Escape(),
		in:   "0123456789abcdefghij\x00klmnopqrstuvwxyz0123456789",
		want: `0123456789abcdefghij\x00klmnopqrstuvwxyz0123456789`},

	{desc: "new: defaults", t: New(), in: "\ufeffa\x00\xff", want: "\ufeffa\\x00" + fffd},
	{desc: "new: strip BOM, keep layout", t: New(WithBOM(StripBOM), Allow('\t', '\n')),
		in: "\ufeffa\tb\n\x1b", want: "a\tb\n\\x1b"},
	{desc: "new: offsets count a stripped BOM", t: New(WithBOM(StripBOM), OnInvalid(RejectInvalid)),
		in: "\ufeffab\xff", want: "ab",
		err: &InvalidUTF8Error{Offset: 5, Bytes: []byte{0xff}, Fault: InvalidLead}},
	{desc: "new: add BOM to empty input", t: New(WithBOM(AddBOM)), in: "", want: "\ufeff"},
	{desc: "new: add BOM, escape after it", t: New(WithBOM(AddBOM)), in: "\x00", want: "\ufeff\\x00"},
}
