package sanitize

// bomCases follow RFC 3629 §6: U+FEFF (EF BB BF) is a signature only at
// the very start of a stream.
var bomCases = []testCase{
	{desc: "bom keep: leading", t: BOM(KeepBOM), in: "\ufeffab", want: "\ufeffab"},
	{desc: "bom keep: empty", t: BOM(KeepBOM), in: "", want: ""},

	{desc: "bom strip: leading", t: BOM(StripBOM), in: "\ufeffab", want: "ab"},
	{desc: "bom strip: BOM alone", t: BOM(StripBOM), in: "\ufeff", want: ""},
	{desc: "bom strip: only one", t: BOM(StripBOM), in: "\ufeff\ufeffab", want: "\ufeffab"},
	{desc: "bom strip: not later", t: BOM(StripBOM), in: "a\ufeffb", want: "a\ufeffb"},
	{desc: "bom strip: empty", t: BOM(StripBOM), in: "", want: ""},
	{desc: "bom strip: prefix cut by EOF", t: BOM(StripBOM), in: "\xef\xbb", want: "\xef\xbb"},
	{desc: "bom strip: prefix then other", t: BOM(StripBOM), in: "\xef\xbbx", want: "\xef\xbbx"},
	{desc: "bom strip: ill-formed bytes pass", t: BOM(StripBOM), in: "\ufeff\xff\xc0", want: "\xff\xc0"},

	{desc: "bom add: empty", t: BOM(AddBOM), in: "", want: "\ufeff"},
	{desc: "bom add: text", t: BOM(AddBOM), in: "ab", want: "\ufeffab"},
	{desc: "bom add: already there", t: BOM(AddBOM), in: "\ufeffab", want: "\ufeffab"},
	{desc: "bom add: prefix only", t: BOM(AddBOM), in: "\xef\xbb", want: "\ufeff\xef\xbb"},
	{desc: "bom add: ill-formed bytes pass", t: BOM(AddBOM), in: "\xff", want: "\ufeff\xff"},
}
