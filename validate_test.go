package sanitize

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"

	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// A unit is never written in part: a 3-byte dst cannot take the 6 bytes of
// \u0085, so Transform makes no progress at all.
func TestShortDstNoProgress(t *testing.T) {
	tests := []struct {
		desc string
		t    transform.Transformer
		in   string
		size int
	}{
		{"escaped C1", Escape(), "\u0085", 5},
		{"escaped byte", Escape(), "\x00", 3},
		{"replacement", Validate(ReplaceInvalid), "\xff", 2},
		{"escaped subpart", Validate(EscapeInvalid), "\xe2\x82", 7},
		{"4-byte character", Validate(ReplaceInvalid), "\U0001F600", 3},
		{"added BOM", BOM(AddBOM), "a", 2},
		{"added BOM in New", New(WithBOM(AddBOM)), "a", 2},
	}
	for _, tt := range tests {
		tt.t.Reset()
		nDst, nSrc, err := tt.t.Transform(make([]byte, tt.size), []byte(tt.in), true)
		if nDst != 0 || nSrc != 0 || err != transform.ErrShortDst {
			t.Errorf("%s: Transform = %d, %d, %v; want 0, 0, ErrShortDst", tt.desc, nDst, nSrc, err)
		}
	}
}

// Offsets are absolute in the stream, not relative to one call, and start
// again from zero after Reset.
// Transform writes dst[:nDst] and nothing after it, whatever it escapes:
// a caller may keep other data in the rest of dst.
func TestTransformWritesOnlyWhatItReports(t *testing.T) {
	// Escapes next to each other, of different lengths, so that a unit
	// that does not fit follows one that did.
	in := []byte(strings.Repeat("ab\x1b[31mc\n\u0085d\xff\u202e\u65e5 \x1b\u202e\x00\u0085\n\xff\t\x7f\u2028", 20))
	for _, tr := range []transform.Transformer{New(), New(WithStyle(JSONStyle), Also(Bidi)), Escape(WithStyle(UnicodeStyle)), Validate(EscapeInvalid)} {
		for size := 1; size <= 64; size++ {
			tr.Reset()
			for src := in; len(src) > 0; {
				dst := bytes.Repeat([]byte{'#'}, size)
				nDst, nSrc, err := tr.Transform(dst, src, true)
				if strings.Trim(string(dst[nDst:]), "#") != "" {
					t.Fatalf("dst of %d: wrote %q after the %d bytes it reported", size, dst[nDst:], nDst)
				}
				src = src[nSrc:]
				if err != nil && err != transform.ErrShortDst || nSrc == 0 && nDst == 0 {
					break
				}
			}
		}
	}
}

func TestRejectOffsetAcrossCalls(t *testing.T) {
	v := Validate(RejectInvalid)
	dst := make([]byte, 64)
	calls := []struct {
		src    string
		atEOF  bool
		nSrc   int
		offset int64 // of the error, or -1
	}{
		{"hello ", false, 6, -1},
		{"w\xc3", false, 1, -1}, // the é is cut: ErrShortSrc
		{"\xc3\xa9rld", false, 5, -1},
		{"!\x80", true, 1, 13},
	}
	for i, c := range calls {
		_, nSrc, err := v.Transform(dst, []byte(c.src), c.atEOF)
		if nSrc != c.nSrc {
			t.Errorf("call %d: nSrc = %d, want %d", i, nSrc, c.nSrc)
		}
		var e *InvalidUTF8Error
		if errors.As(err, &e) != (c.offset >= 0) || e != nil && e.Offset != c.offset {
			t.Errorf("call %d: err = %v, want offset %d", i, err, c.offset)
		}
	}
	v.Reset()
	_, _, err := v.Transform(dst, []byte("ab\xff"), true)
	var e *InvalidUTF8Error
	if !errors.As(err, &e) || e.Offset != 2 {
		t.Errorf("after Reset: err = %v, want offset 2", err)
	}
}

func TestShortSrcNeverAtEOF(t *testing.T) {
	for _, in := range []string{"\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xef\xbb", "\xef"} {
		for _, tr := range []transform.Transformer{Validate(ReplaceInvalid), Escape(), BOM(StripBOM), New(WithBOM(AddBOM))} {
			tr.Reset()
			if _, _, err := tr.Transform(make([]byte, 64), []byte(in), true); err == transform.ErrShortSrc {
				t.Errorf("%T on % x at EOF: ErrShortSrc", tr, in)
			}
			tr.Reset()
			if _, nSrc, err := tr.Transform(make([]byte, 64), []byte(in), false); err != transform.ErrShortSrc || nSrc != 0 {
				// BOM only waits for a BOM prefix; the others for any cut sequence.
				if _, isBOM := tr.(*bomer); !isBOM || in[0] == 0xef {
					t.Errorf("%T on % x before EOF: %d, %v; want 0, ErrShortSrc", tr, in, nSrc, err)
				}
			}
		}
	}
}

func TestBOMWaitsOnlyForAPrefix(t *testing.T) {
	for _, p := range []BOMPolicy{StripBOM, AddBOM} {
		b := BOM(p)
		dst := make([]byte, 8)
		if nDst, nSrc, err := b.Transform(dst, nil, false); nDst != 0 || nSrc != 0 || err != nil {
			t.Errorf("policy %d, empty src: %d, %d, %v; want 0, 0, nil", p, nDst, nSrc, err)
		}
		b.Reset()
		nDst, nSrc, err := b.Transform(dst, []byte("ab"), false)
		want := "ab"
		if p == AddBOM {
			want = bom + "ab"
		}
		if string(dst[:nDst]) != want || nSrc != 2 || err != nil {
			t.Errorf("policy %d, \"ab\" before EOF: %q, %d, %v; want %q, 2, nil", p, dst[:nDst], nSrc, err, want)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	e := &InvalidUTF8Error{Offset: 17, Bytes: []byte{0xe2, 0x82}, Fault: Truncated}
	if got, want := e.Error(), "sanitize: invalid UTF-8 at byte 17: e2 82 (truncated sequence)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	for f := Truncated; f <= TooLarge; f++ {
		if s := f.String(); s == "" || s == "unknown fault" || s == Fault(0).String() {
			t.Errorf("Fault(%d) has no name", f)
		}
	}
}

func TestStringAndBytes(t *testing.T) {
	tests := []struct {
		in, want string
		opts     []Option
		err      bool
	}{
		{"plain text", "plain text", nil, false},
		{"", "", nil, false},
		{"a\x1bb", `a\x1bb`, nil, false},
		{"a\tb", "a\tb", []Option{Allow('\t')}, false},
		{"", bom, []Option{WithBOM(AddBOM)}, false},
		{"ok\xffno", "ok", []Option{OnInvalid(RejectInvalid)}, true},
	}
	for _, tt := range tests {
		s, err := String(tt.in, tt.opts...)
		if s != tt.want || (err != nil) != tt.err {
			t.Errorf("String(%q) = %q, %v; want %q, error %v", tt.in, s, err, tt.want, tt.err)
		}
		b, err := Bytes([]byte(tt.in), tt.opts...)
		if string(b) != tt.want || (err != nil) != tt.err {
			t.Errorf("Bytes(%q) = %q, %v; want %q, error %v", tt.in, b, err, tt.want, tt.err)
		}
	}
}

func TestCleanInputDoesNotAllocate(t *testing.T) {
	s := "a clean line of text, with é and 😀 but no control characters"
	b := []byte(s)
	colored := "\x1b[90m2026-11-21T18:00:00Z\x1b[0m \x1b[32mINF\x1b[0m request served \x1b[36mstatus=\x1b[0m200\n"
	cb := []byte(colored)
	emoji := "the family \U0001F468\u200d\U0001F469\u200d\U0001F467 went to the sea, \u2764\ufe0f, with \U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
	tests := []struct {
		desc string
		f    func()
	}{
		{"String", func() { String(s) }},
		{"String with options", func() { String(s, OnInvalid(RejectInvalid), WithBOM(StripBOM)) }},
		{"String with Allow", func() { String(s, Allow('\t', '\n')) }},
		{"String with every kind of option", func() {
			String(s, Allow('\t'), Allow('\n', '\r', '\u0085', '\u2028'), Also(Bidi), AlsoIn(unicode.Co),
				AlsoFunc(unicode.IsMark), WithStyle(JSONStyle), Reversible(), OnInvalid(EscapeInvalid))
		}},
		{"Bytes", func() { Bytes(b) }},
		{"Bytes with Allow and AlsoFunc", func() { Bytes(b, Allow('\t', '\n'), AlsoFunc(unicode.IsMark)) }},
		// What passes only in context, which Span passes and clean does
		// not: a coloured line under KeepColors, emoji sequences under the
		// invisible classes, short and long.
		{"String with KeepColors", func() { String(colored, KeepColors(), Allow('\n')) }},
		{"String with KeepColors, short", func() { String("\x1b[31mERR\x1b[0m", KeepColors()) }},
		{"String with the invisible classes", func() { String(emoji, Also(Invisible|Tags|VariationSelectors)) }},
		{"String with the invisible classes, short", func() { String("\u2764\ufe0f \U0001F468\u200d\U0001F469", Also(Invisible)) }},
		{"Bytes with KeepColors", func() { Bytes(cb, KeepColors(), Allow('\n')) }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", tt.desc, n)
		}
	}
	for _, c := range []struct {
		s    string
		opts []Option
	}{{colored, []Option{KeepColors(), Allow('\n')}}, {emoji, []Option{Also(Invisible | Tags | VariationSelectors)}}} {
		if out, err := String(c.s, c.opts...); err != nil || unsafe.StringData(out) != unsafe.StringData(c.s) {
			t.Errorf("String(%q) = %q, %v: not s itself", c.s, out, err)
		}
	}
	if out, _ := Bytes(b); &out[0] != &b[0] {
		t.Error("Bytes on clean input returned a copy")
	}
	v := New()
	dst := make([]byte, 256)
	if n := testing.AllocsPerRun(100, func() { v.Reset(); v.Transform(dst, b, true) }); n != 0 {
		t.Errorf("Transform: %v allocations, want 0", n)
	}
}

// randomText returns n bytes drawn mostly from the edges of Table 3-7, so
// that well-formed and ill-formed sequences of every kind are common.
func randomText(rng *rand.Rand, n int) []byte {
	edges := []byte{0x00, 0x09, 0x0a, 0x1b, 0x22, 0x41, 0x5c, 0x7f, 0x80, 0x85, 0x8f, 0x90, 0x9f, 0xa0, 0xbf,
		0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xfe, 0xff}
	p := make([]byte, n)
	for i := range p {
		if rng.IntN(3) == 0 {
			p[i] = byte(rng.IntN(256))
		} else {
			p[i] = edges[rng.IntN(len(edges))]
		}
	}
	return p
}

// The validator agrees with decoders nobody here wrote: the x/text UTF-8
// decoder for replacement, unicode/utf8 for acceptance.
func TestDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		in := randomText(rng, rng.IntN(16))
		want, _, err := transform.Bytes(xunicode.UTF8.NewDecoder(), in)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := transform.Bytes(Validate(ReplaceInvalid), in)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Validate(ReplaceInvalid)(% x) = % x, %v; x/text gives % x", in, got, err, want)
		}
		_, _, err = transform.Bytes(Validate(RejectInvalid), in)
		if (err == nil) != utf8.Valid(in) {
			t.Fatalf("Validate(RejectInvalid)(% x) = %v; utf8.Valid = %v", in, err, utf8.Valid(in))
		}
		var e *InvalidUTF8Error
		if errors.As(err, &e) {
			// The error is at the end of the longest valid prefix.
			if !utf8.Valid(in[:e.Offset]) || e.Offset+int64(len(e.Bytes)) > int64(len(in)) {
				t.Fatalf("Validate(RejectInvalid)(% x): bad error %v", in, e)
			}
			for k := e.Offset + 1; k <= int64(len(in)); k++ {
				if utf8.Valid(in[:k]) {
					t.Fatalf("Validate(RejectInvalid)(% x): error at %d, but % x is valid", in, e.Offset, in[:k])
				}
			}
		}
	}
}

// fastPaths returns t as it is and without its vector kernel (which leaves
// the word scan and the automaton to do the work), and plain: t with no
// fast path at all, the reference they are held to.
func fastPaths(t *sanitizer) (fast []*sanitizer, plain *sanitizer) {
	noVec, ref := *t, *t
	noVec.set.vec = nil
	ref.set.scan.ok, ref.set.dfa, ref.set.vec, ref.reference = false, nil, nil, true
	return []*sanitizer{t, &noVec}, &ref
}

// clean is the reference loop over the whole of p.
func clean(p []byte, s *set) int {
	n, _ := s.cleanRef(p, 0, len(p))
	return n
}

// checkFastPaths holds every fast path of t to the plain loop on p: the
// same clean prefix, to the byte, the same Span, and the same output from
// Transform.
func checkFastPaths(tb testing.TB, t *sanitizer, p []byte) {
	tb.Helper()
	fast, ref := fastPaths(t)
	want, _ := oneShot(ref, p)
	ref.Reset()
	wantSpan, wantErr := ref.Span(p, true)
	for i, f := range fast {
		if a, b := f.clean(p), clean(p, &ref.set); a != b {
			tb.Fatalf("% x: fast path %d: clean = %d, the plain loop %d", p, i, a, b)
		}
		f.Reset()
		if n, err := f.Span(p, true); n != wantSpan || err != wantErr {
			tb.Fatalf("% x: fast path %d: Span = %d, %v; the plain loop %d, %v", p, i, n, err, wantSpan, wantErr)
		}
		if got, _ := oneShot(f, p); !bytes.Equal(got, want) {
			tb.Fatalf("% x: fast path %d wrote %q, the plain loop %q", p, i, got, want)
		}
	}
}

// The fast paths (the vector kernels, the word scan and the automaton) agree
// with the plain loop, which is the reference, on where clean text ends and
// on what Transform writes.
func TestFastPathsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	configs := [][]Option{
		nil,
		{Allow('\t', '\n')},
		{Reversible()},
		{WithStyle(PercentStyle), Reversible(), Allow('\n')},
		{WithStyle(JSONStyle), Reversible()},
		{AlsoFunc(func(r rune) bool { return r == 'a' || r == 'b' || r == 'c' })}, // too many for the word scan
		{Allow('\u0085', '\t')},
		{Allow('\t', '\r')}, // not one range
		{Also(Bidi)},        // beyond the automaton
		{Also(VariationSelectors)},
		{Also(VariationSelectors | Bidi), Allow('\t')},
		{Also(Tags)},
		{Also(Tags | VariationSelectors | PrivateUse)},
		{Also(Noncharacters | Invisible)},
		{Also(Invisible), AlsoFunc(func(r rune) bool { return r == 0x2764 || r == 0x1F600 })},
	}
	for i := 0; i < 5000; i++ {
		in := randomMixed(rng, rng.IntN(64))
		switch rng.IntN(3) {
		case 0: // mostly ASCII, the case the word scan is for
			in = append(bytes.Repeat([]byte("abcdefgh \\\"%"), rng.IntN(6)), in...)
		case 1: // long runs of well-formed text, the case the automaton is for
			in = append(bytes.Repeat([]byte("日本語 ü € 😀 \u0085 "), rng.IntN(6)), in...)
		}
		for _, opts := range configs {
			checkFastPaths(t, newSanitizer(configure(opts)), in)
		}
		checkFastPaths(t, Validate(ReplaceInvalid).(*sanitizer), in)
	}
}

// The automaton only engages on 16 bytes and more, where the exhaustive
// tests do not reach: so every sequence of up to four bytes from the edges
// of Table 3-7 goes inside a longer clean text, for every transformer the
// automaton serves, and must agree with the reference loop.
func TestDFAEdges(t *testing.T) {
	edges := []byte{0x00, 0x09, 0x0a, 0x1f, 0x20, 0x7e, 0x7f, 0x80, 0x84, 0x85, 0x8f, 0x90, 0x9f, 0xa0, 0xbf,
		0xc0, 0xc1, 0xc2, 0xc3, 0xdf, 0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff}
	var fast, ref []*sanitizer
	for _, t := range []*sanitizer{newSanitizer(config{}), New(Allow('\t', '\n', '\u0085')).(*sanitizer), Validate(ReplaceInvalid).(*sanitizer)} {
		f, r := fastPaths(t)
		for _, f := range f {
			fast, ref = append(fast, f), append(ref, r)
		}
	}

	// Long enough for two 32-byte blocks; the sequence goes near the start,
	// around the middle of the first block (where it is split in two) and
	// across the end of it.
	buf := []byte("ab\u00e9cd\u00e9....xyzw\u65e5\u672cq\u00e9rs\u00e9\u00e9 \u65e5\u672c\u65e5\u672c tail of the text \u00e9")
	edgeSequences(edges, func(seq []byte) {
		for _, at := range []int{3, 16, 30} {
			in := append(append(append([]byte(nil), buf[:at]...), seq...), buf[at:]...)
			for i := range fast {
				if a, b := fast[i].clean(in), clean(in, &ref[i].set); a != b {
					t.Fatalf("transformer %d, % x: clean = %d, reference %d", i, in, a, b)
				}
			}
		}
	})
}

// edgeSequences calls f with every sequence of one to four bytes from
// edges; of one to three under -short or the race detector, where four
// take too long. f must not keep seq.
func edgeSequences(edges []byte, f func(seq []byte)) {
	maxLen := 4
	if testing.Short() || raceEnabled {
		maxLen = 3
	}
	var walk func(seq []byte)
	walk = func(seq []byte) {
		f(seq)
		if len(seq) < maxLen {
			for _, e := range edges {
				walk(append(seq, e))
			}
		}
	}
	for _, e := range edges {
		walk(append(make([]byte, 0, maxLen), e))
	}
}

// String and Bytes keep a bounded number of compiled configurations, shared
// by every goroutine.
func TestCompiledConfigs(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := rune(0); r < 100; r++ {
				in := "a\x01" + string(0x100+r) + "\x7f"
				want := `a\x01` + string(0x100+r) + `\x7f`
				if out, err := String(in, Allow(0x100+r)); out != want || err != nil {
					t.Errorf("String(%q) = %q, %v; want %q", in, out, err, want)
					return
				}
				if out, err := Bytes([]byte(in), Allow(0x100+r), Also(PrivateUse)); string(out) != want || err != nil {
					t.Errorf("Bytes(%q) = %q, %v; want %q", in, out, err, want)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := compiled.len(); n != maxCompiled {
		t.Errorf("%d compiled configurations kept, want %d, the bound", n, maxCompiled)
	}
	if n := dfas.len(); n > dfas.max {
		t.Errorf("%d automata kept, want at most %d", n, dfas.max)
	}
}

// TestCachesBounded makes many configurations, each with an automaton of
// its own, and checks that what is kept stays bounded: before the bound,
// 16,000 Allow sets kept 33 MiB alive.
func TestCachesBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector distorts the heap")
	}
	run := func(lo, hi rune) {
		for r := lo; r < hi; r++ {
			// Each set of C0 controls let through has an automaton of its
			// own.
			a, b := r%32, r/32%32
			if _, err := String("x", Allow(a, b, 0x100+r)); err != nil {
				t.Fatal(err)
			}
			New(Allow(a, b)).Reset()
		}
	}
	run(0, 200) // fill the caches
	grown := heapGrowth(func() { run(200, 4200) })
	if grown > 1<<20 {
		t.Errorf("4,000 more configurations kept %d KiB alive", grown>>10)
	}
	if n := compiled.len(); n > maxCompiled {
		t.Errorf("%d compiled configurations kept, want at most %d", n, maxCompiled)
	}
	if n := dfas.len(); n > dfas.max {
		t.Errorf("%d automata kept, want at most %d", n, dfas.max)
	}
}

// TestAllowCopies checks that Allow keeps its own copy of the characters.
func TestAllowCopies(t *testing.T) {
	for _, n := range []int{1, 8} { // in place, and in a slice
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = '\t'
		}
		o := Allow(rs...)
		rs[0] = 'x'
		if out, _ := String("\t", o); out != "\t" {
			t.Errorf("%d characters: Allow followed a change to the caller's slice: %q", n, out)
		}
	}
}
