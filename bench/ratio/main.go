// Command ratio reads the output of the benchmark suite (go test -bench
// Corpus, any -count) on standard input and prints, for each of this
// library's benchmarks, its median throughput as a ratio to copy and to
// the best anchor of the same kind measured in the same run: utf8.Valid
// for Span, the fastest x/text transformer for Transform and Reader.
package main

import (
	"bufio"
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
