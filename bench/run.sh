#!/usr/bin/env bash
# Runs the benchmark suite (bench_test.go) COUNT times (10 by default),
# summarizes it with benchstat, and prints each of ours as a ratio to copy
# and to the best anchor measured in the same run. About 10 minutes.
#
#	bench/run.sh                  # everything
#	BENCH='Corpus/logs' bench/run.sh  # one corpus
set -euo pipefail
cd "$(dirname "$0")/.."

BENCHSTAT_VERSION=v0.0.0-20260908200009-22c9c6c9d4da # golang.org/x/perf, pinned
out=${OUT:-$(mktemp -t sanitize-bench.XXXXXX)}

go test -run '^$' -bench "${BENCH:-Corpus|Stream|Handler}" -benchmem \
	-count "${COUNT:-10}" -benchtime "${BENCHTIME:-0.1s}" . >"$out"
echo "raw results: $out"

GOBIN="$PWD/.ci/bin" go install "golang.org/x/perf/cmd/benchstat@$BENCHSTAT_VERSION"
.ci/bin/benchstat "$out"
echo
go run ./bench/ratio <"$out"
