// Package corpus generates the benchmark corpora, the same bytes on every
// run, for the benchmarks of package sanitize and of the anchors module
// that compares other libraries on them (bench/anchors).
package corpus

import (
	"math/rand/v2"
	"sync"
	"unicode/utf8"
)

// A Corpus is named text of about 1 MiB.
type Corpus struct {
	Name string
	Data []byte
}

// All returns the corpora, made on first use.
var All = sync.OnceValue(makeCorpora)

// Size is the size of every corpus, less a character cut at its end.
const Size = 1 << 20

// corpus builds n bytes by repeatedly appending what next returns, from a
// fixed seed, so every run measures the same bytes.
func corpus(next func(r *rand.Rand, b []byte) []byte) []byte {
	r := rand.New(rand.NewPCG(2026, 11))
	b := make([]byte, 0, Size+64)
	for len(b) < Size {
		b = next(r, b)
	}
	// Cut at a character boundary.
	n := Size
	for n < len(b) && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}

var words = []string{"the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "request", "served", "in", "time", "and", "data"}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// corpora are made on first use, not when every test starts.
func makeCorpora() []Corpus {
	return []Corpus{
		{"ascii", corpus(func(r *rand.Rand, b []byte) []byte {
			b = append(b, pick(r, words)...)
			if r.IntN(12) == 0 {
				return append(b, ".\n"...)
			}
			return append(b, ' ')
		})},
		{"logs", corpus(func(r *rand.Rand, b []byte) []byte {
			b = append(b, "2026-11-21T18:00:00Z INFO "...)
			for len(b)%200 < 150 {
				b = append(append(b, pick(r, words)...), ' ')
			}
			b = append(b, pick(r, []string{"\x1b[31mred\x1b[0m", "\r", "\t", "\x00"})...)
			return append(b, " status=200\n"...)
		})},
		{"colored", corpus(func(r *rand.Rand, b []byte) []byte {
			// A coloured console log: levels, keys and values in colour,
			// now and then a bold word, a hyperlink or a window title.
			b = append(b, "\x1b[2m2026-11-21T18:00:00Z\x1b[0m "...)
			b = append(b, pick(r, []string{"\x1b[32mINFO\x1b[0m ", "\x1b[33mWARN\x1b[0m ", "\x1b[1;31mERROR\x1b[0m "})...)
			for n := 0; n < 6+r.IntN(8); n++ {
				b = append(append(b, pick(r, words)...), ' ')
			}
			switch r.IntN(8) {
			case 0:
				b = append(b, "\x1b[1mbold\x1b[22m "...)
			case 1:
				b = append(b, "\x1b]8;;https://example.com/run/42\x1b\\link\x1b]8;;\x1b\\ "...)
			case 2:
				b = append(b, "\x1b]0;build 42\x07"...)
			}
			return append(b, "\x1b[36mstatus\x1b[0m=\x1b[38;5;208m200\x1b[0m\n"...)
		})},
		{"sgr", corpus(func(r *rand.Rand, b []byte) []byte {
			// A coloured log of SGR sequences alone, as the console
			// writers of zerolog, logrus and zap write it: most coloured
			// logs, which KeepColors passes whole.
			switch r.IntN(3) {
			case 0: // zerolog's ConsoleWriter
				b = append(b, "\x1b[90m2026-11-21T18:00:00Z\x1b[0m "...)
				b = append(b, pick(r, []string{"\x1b[32mINF\x1b[0m ", "\x1b[33mWRN\x1b[0m ", "\x1b[1m\x1b[31mERR\x1b[0m\x1b[0m "})...)
			case 1: // logrus's TextFormatter
				b = append(b, pick(r, []string{"\x1b[36mINFO\x1b[0m[0042] ", "\x1b[33mWARN\x1b[0m[0042] ", "\x1b[31mERRO\x1b[0m[0042] "})...)
			default: // zap's development console encoder
				b = append(b, "2026-11-21T18:00:00.000Z\t"...)
				b = append(b, pick(r, []string{"\x1b[34mINFO\x1b[0m\t", "\x1b[33mWARN\x1b[0m\t", "\x1b[31mERROR\x1b[0m\t"})...)
			}
			for n := 0; n < 5+r.IntN(8); n++ {
				b = append(append(b, pick(r, words)...), ' ')
			}
			b = append(b, "\x1b[36mstatus=\x1b[0m"...)
			b = append(b, pick(r, []string{"200", "\x1b[38;5;208m503\x1b[0m", "\x1b[1m404\x1b[0m"})...)
			return append(b, '\n')
		})},
		{"zwj", corpus(func(r *rand.Rand, b []byte) []byte {
			// Chat text heavy with emoji: ZWJ sequences, skin tones,
			// presentation selectors and flags, between words.
			b = append(append(b, pick(r, words)...), ' ')
			return append(b, pick(r, []string{
				"\U0001F468\u200d\U0001F469\u200d\U0001F467 ", "\U0001F469\U0001F3FD\u200d\U0001F4BB ",
				"\U0001F3F3\ufe0f\u200d\U0001F308 ", "\u2764\ufe0f ", "\U0001F44D\U0001F3FB ",
				"\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F ", "\U0001F1EF\U0001F1F5 ",
			})...)
		})},
		{"latin", corpus(func(r *rand.Rand, b []byte) []byte {
			w := []rune(pick(r, words))
			for i := range w {
				if r.IntN(6) == 0 {
					w[i] = pick(r, []rune("éèàçüößñøåœ"))
				}
			}
			return append(append(b, string(w)...), ' ')
		})},
		{"prose", corpus(func(r *rand.Rand, b []byte) []byte {
			// English as typeset on the web: curly quotes, apostrophes,
			// dashes and now and then an ellipsis, which begin E2 80 as
			// U+200B does.
			w := pick(r, words)
			switch r.IntN(12) {
			case 0:
				return append(b, "“"+w+"” "...)
			case 1:
				return append(b, w+"’s "...)
			case 2:
				return append(b, w+" — "...)
			case 3:
				return append(b, w+"… "...)
			}
			return append(append(b, w...), ' ')
		})},
		{"typeset", typeset()},
		{"cyrillic", corpus(func(r *rand.Rand, b []byte) []byte {
			// Russian as typeset: letters of two bytes, with «» (C2 AB,
			// C2 BB) and dashes (E2 80 94) in most blocks of 64 bytes,
			// so that a block often ends in a letter of two bytes.
			w := pick(r, []string{"текст", "слово", "который", "быть", "время", "человек", "дело", "жизнь", "день", "рука"})
			switch r.IntN(8) {
			case 0:
				return append(b, "«"+w+"» "...)
			case 1:
				return append(b, w+" — "...)
			}
			return append(append(b, w...), ' ')
		})},
		{"persian", corpus(func(r *rand.Rand, b []byte) []byte {
			// Persian as written: letters of two bytes, and in one word
			// out of four a zero width non-joiner (U+200C) between the
			// parts of a verb or before a suffix, as in می‌خواهم and
			// کتاب‌ها, which the invisible classes pass there (RFC 5892,
			// Appendix A.1); the Persian comma now and then.
			w := pick(r, []string{"کتاب", "خانه", "زبان", "فارسی", "امروز", "دانشگاه", "شهر", "ایران", "مردم", "کار", "و", "در", "به", "از"})
			if r.IntN(4) == 0 {
				w = pick(r, []string{"می\u200cخواهم", "نمی\u200cدانم", "کتاب\u200cها", "خانه\u200cای", "می\u200cروند", "برنامه\u200cریزی", "شده\u200cاند"})
			}
			b = append(b, w...)
			if r.IntN(12) == 0 {
				return append(b, "، "...)
			}
			return append(b, ' ')
		})},
		{"hindi", corpus(func(r *rand.Rand, b []byte) []byte {
			// Hindi: letters of three bytes, and in one word out of six
			// a conjunct whose form a joiner or a non-joiner after the
			// virama asks for (क्‍ष, स्‌त), which the invisible classes
			// pass there (RFC 5892, Appendix A.1 and A.2).
			w := pick(r, []string{"भारत", "हिंदी", "भाषा", "किताब", "शहर", "लोग", "काम", "और", "में", "से", "का", "है"})
			if r.IntN(6) == 0 {
				w = pick(r, []string{"क्\u200dष", "क्\u200cष", "द्\u200dध", "र्\u200dय", "स्\u200cत"})
			}
			return append(append(b, w...), ' ')
		})},
		{"cjk", corpus(func(r *rand.Rand, b []byte) []byte {
			return utf8.AppendRune(b, rune(0x4E00+r.IntN(0x5000)))
		})},
		{"emoji", corpus(func(r *rand.Rand, b []byte) []byte {
			b = utf8.AppendRune(b, rune(0x1F600+r.IntN(0x50)))
			if r.IntN(4) == 0 {
				b = append(b, ' ')
			}
			return b
		})},
		{"mixed", corpus(func(r *rand.Rand, b []byte) []byte {
			switch r.IntN(10) {
			case 0:
				return utf8.AppendRune(b, rune(0x4E00+r.IntN(0x5000)))
			case 1:
				return utf8.AppendRune(b, rune(0x1F600+r.IntN(0x50)))
			case 2:
				return append(b, pick(r, []string{"é", "ü", "ß", "€", "—", "Ж", "λ"})...)
			case 3:
				return append(b, '\n')
			}
			return append(append(b, pick(r, words)...), ' ')
		})},
		{"dirty", corpus(func(r *rand.Rand, b []byte) []byte {
			if r.IntN(40) == 0 { // about 1% of the bytes
				return append(b, pick(r, []string{"\xff", "\xc0\xaf", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80", "\xf0\x9f\x98"})...)
			}
			return append(append(b, pick(r, append(words, "café", "€uro", "日本"))...), ' ')
		})},
	}
}

// typeset is text in a European language as typeset for the web: accented
// words, and now and then, every 300 to 900 bytes, a curly quote, an
// apostrophe or a dash, which begin E2 80 as U+200B does. Where prose
// has one in most blocks of 64 bytes, this has one in one block out of
// ten: a path that does more work for some while after each costs here.
func typeset() []byte {
	words := []string{"été", "über", "façade", "naïve", "année", "größe", "el", "año", "ça", "les", "der", "und", "de", "la", "für", "où"}
	next := 0
	return corpus(func(r *rand.Rand, b []byte) []byte {
		if next == 0 {
			next = 300 + r.IntN(600)
		}
		b = append(append(b, pick(r, words)...), ' ')
		if len(b) >= next {
			b = append(b, pick(r, []string{"“", "”", "’", "—"})...)
			next = len(b) + 300 + r.IntN(600)
		}
		return b
	})
}
