// Command ratio reads the output of the benchmark suite (go test -bench
// Corpus, any -count) on standard input and prints, for each of this
// library's benchmarks, its median throughput as a ratio to copy and to
// the best anchor of the same kind measured in the same run: utf8.Valid
// for Span, the fastest x/text transformer for Transform and Reader. Then
// it prints the project's performance targets as met or not, and with
// -table the README's table of medians.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// line matches "BenchmarkCorpus/ascii/Escape/Transform-2  100  123 ns/op  850.12 MB/s ...".
var line = regexp.MustCompile(`^Benchmark(\S+?)(-\d+)?\s+\d+\s+[\d.]+ ns/op\s+([\d.]+) MB/s`)

func main() {
	table := flag.Bool("table", false, "print the README's table of medians, in Markdown")
	flag.Parse()
	samples := map[string][]float64{}
	var order []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		v, _ := strconv.ParseFloat(m[3], 64)
		if _, ok := samples[m[1]]; !ok {
			order = append(order, m[1])
		}
		samples[m[1]] = append(samples[m[1]], v)
	}
	med := map[string]float64{}
	for k, vs := range samples {
		slices.Sort(vs)
		med[k] = vs[len(vs)/2]
	}

	fmt.Printf("%-34s %10s %8s %8s  %s\n", "benchmark (median of runs)", "MB/s", "×copy", "×anchor", "best anchor")
	for _, name := range order {
		parts := strings.SplitN(name, "/", 3) // Corpus, corpus, rest
		if len(parts) < 3 || parts[0] != "Corpus" || isAnchor(parts[2]) {
			continue
		}
		corpus, rest := parts[1], parts[2]
		method := rest[strings.LastIndex(rest, "/")+1:]
		copyRate := med["Corpus/"+corpus+"/copy"]
		anchor, rate := bestAnchor(med, corpus, method)
		fmt.Printf("%-34s %10.0f %8.2f %8.2f  %s\n", corpus+"/"+rest, med[name], med[name]/copyRate, med[name]/rate, anchor)
	}
	for _, name := range order {
		if strings.HasPrefix(name, "Stream/") && name != "Stream/copy" {
			fmt.Printf("%-34s %10.0f %8.2f\n", name, med[name], med[name]/med["Stream/copy"])
		}
	}
	fmt.Println()
	printTargets(med)
	if *table {
		fmt.Println()
		printTable(med)
	}
}

// A target is one of the project's performance targets: the median of
// Corpus/corpus/ours at least min times that of Corpus/corpus/than.
type target struct {
	corpora    []string
	ours, than string
	min        float64
}

var all = []string{"ascii", "logs", "latin", "cjk", "emoji", "mixed", "dirty"}

var targets = []target{
	{[]string{"ascii"}, "Validate/replace/Span", "utf8.Valid", 1.0},
	{[]string{"ascii"}, "Escape/allow/Span", "utf8.Valid", 1.0},
	{[]string{"mixed"}, "Validate/replace/Span", "utf8.Valid", 1.5},
	{[]string{"mixed"}, "Escape/allow/Span", "utf8.Valid", 1.5},
	{[]string{"ascii", "logs"}, "Validate/replace/Reader", "copy", 0.5},
	{[]string{"mixed"}, "Validate/replace/Reader", "copy", 0.08},
	{[]string{"mixed"}, "Validate/replace/Reader", "x/UTF8Decoder/Reader", 3},
	{[]string{"dirty"}, "Validate/replace/Reader", "copy", 0.04},
	{[]string{"ascii"}, "Escape/Reader", "copy", 0.3},
	{[]string{"logs"}, "Escape/Reader", "copy", 0.2},
	{[]string{"logs"}, "Escape/Reader", "strconv.AppendQuote", 20},
	{[]string{"mixed"}, "Escape/Reader", "copy", 0.06},
	{all, "BOM/Reader", "x/Nop/Reader", 0.9},
	{all, "New/Reader", "Escape/allow/Reader", 0.9}, // New is configured with Allow('\t', '\n')
	{all, "New/Reader", "x/Chain/Reader", 10},
	{[]string{"mixed"}, "New/Reader", "copy", 0.4}, // the stretch goal
}

func printTargets(med map[string]float64) {
	fmt.Printf("%-48s %8s %8s\n", "target", "ratio", "min")
	for _, t := range targets {
		for _, c := range t.corpora {
			a, b := med["Corpus/"+c+"/"+t.ours], med["Corpus/"+c+"/"+t.than]
			if a == 0 || b == 0 {
				continue
			}
			verdict := "met"
			if a/b < t.min {
				verdict = "NOT MET"
			}
			fmt.Printf("%-48s %8.2f %8.2f  %s\n", c+"/"+t.ours+" ÷ "+t.than, a/b, t.min, verdict)
		}
	}
	if a, b := med["Stream/New/Reader"], med["Stream/copy"]; a != 0 && b != 0 {
		verdict := "met"
		if a/b < 0.15 {
			verdict = "NOT MET"
		}
		fmt.Printf("%-48s %8.2f %8.2f  %s\n", "Stream/New/Reader ÷ copy", a/b, 0.15, verdict)
	}
}

// columns are the README table's: a heading and the benchmark under each
// corpus.
var columns = [][2]string{
	{"copy", "copy"},
	{"utf8.Valid", "utf8.Valid"},
	{"strconv.AppendQuote", "strconv.AppendQuote"},
	{"x/text ReplaceIllFormed", "x/ReplaceIllFormed/Reader"},
	{"x/text UTF8 decoder", "x/UTF8Decoder/Reader"},
	{"x/text chain¹", "x/Chain/Reader"},
	{"Validate Span", "Validate/replace/Span"},
	{"Validate²", "Validate/replace/Reader"},
	{"Escape()", "Escape/Reader"},
	{"Escape(Allow(\\t,\\n))", "Escape/allow/Reader"},
	{"New(...)³", "New/Reader"},
	{"BOM", "BOM/Reader"},
	{"Nop", "x/Nop/Reader"},
}

func printTable(med map[string]float64) {
	fmt.Print("| corpus |")
	for _, c := range columns {
		fmt.Printf(" %s |", c[0])
	}
	fmt.Print("\n| --- |")
	for range columns {
		fmt.Print(" ---: |")
	}
	fmt.Println()
	for _, corpus := range all {
		fmt.Printf("| %s |", corpus)
		_, valid := med["Corpus/"+corpus+"/Validate/replace/Span"]
		for _, c := range columns {
			// utf8.Valid returns at the first ill-formed byte: on such a
			// corpus its speed says nothing.
			if v, ok := med["Corpus/"+corpus+"/"+c[1]]; ok && (valid || c[1] != "utf8.Valid") {
				fmt.Printf(" %.0f |", v)
			} else {
				fmt.Print(" – |")
			}
		}
		fmt.Println()
	}
}

func isAnchor(rest string) bool {
	return rest == "copy" || rest == "utf8.Valid" || rest == "strconv.AppendQuote" || strings.HasPrefix(rest, "x/")
}

// bestAnchor is the fastest anchor comparable with method on corpus.
func bestAnchor(med map[string]float64, corpus, method string) (string, float64) {
	if method == "Span" {
		return "utf8.Valid", med["Corpus/"+corpus+"/utf8.Valid"]
	}
	best, rate := "", 0.0
	for k, v := range med {
		if strings.HasPrefix(k, "Corpus/"+corpus+"/x/") && strings.HasSuffix(k, "/"+method) &&
			!strings.Contains(k, "/x/Nop/") && v > rate {
			best, rate = strings.TrimPrefix(k, "Corpus/"+corpus+"/"), v
		}
	}
	return best, rate
}
