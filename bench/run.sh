#!/usr/bin/env bash
# Runs the benchmark suite (bench_test.go) PASSES times (10 by default),
# each pass with -count 1, so that every implementation and its floor are
# measured close together in time on a machine whose speed drifts; then
# bench/ratio prints medians, each of ours as a ratio to its floor taken
# within each pass, and the targets. About 12 minutes.
#
#	bench/run.sh                        # everything
#	BENCH='Corpus/colored' bench/run.sh  # one corpus
#	bench/run.sh -table                 # and the README's table
#	TAGS=sanitize_narrow bench/run.sh   # the AVX2 kernels alone
set -euo pipefail
cd "$(dirname "$0")/.."

out=${OUT:-$(mktemp -t sanitize-bench.XXXXXX)}
# TAGS=sanitize_narrow keeps the package to its AVX2 kernels.
go test -c ${TAGS:+-tags "$TAGS"} -o "$out.test" .
# The anchors (segmentio/asm, sonic, charmbracelet/x/ansi) are a module of
# their own, so that the library never depends on them.
(cd bench/anchors && go test -c -o "$out.anchors.test" .)
# The floors of the sequence paths (bench/floor), in assembly of their own.
(cd bench/floor && go test -c -o "$out.floor.test" .)
{
	echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "go: $(go version)"
	echo "cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')"
	for pass in $(seq "${PASSES:-10}"); do
		echo "pass $pass"
		"$out.test" -test.run '^$' -test.bench "${BENCH:-Corpus|Stream|Handler}" -test.benchmem \
			-test.count 1 -test.benchtime "${BENCHTIME:-0.1s}"
		"$out.anchors.test" -test.run '^$' -test.bench "${BENCH:-Corpus}" -test.benchmem \
			-test.count 1 -test.benchtime "${BENCHTIME:-0.1s}" || true
		"$out.floor.test" -test.run '^$' -test.bench "${BENCH:-Corpus}" -test.benchmem \
			-test.count 1 -test.benchtime "${BENCHTIME:-0.1s}" || true
	done
} >"$out"
rm -f "$out.test" "$out.anchors.test" "$out.floor.test"
echo "raw results: $out"
head -n 3 "$out"
go run ./bench/ratio "$@" <"$out"
