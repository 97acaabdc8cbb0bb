#!/usr/bin/env bash
# Times utf8sanitize -check -also bidi over a tree against ripgrep looking
# for the same characters, in interleaved passes with a warm cache, and
# prints the median wall time of each. Usage: bench/gate.sh [DIR] [PASSES]
# (default: the Go distribution's src, 10 passes). Needs rg (apt-get
# install ripgrep).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(go env GOROOT)/src}
passes=${2:-10}
bin=$(mktemp -d)/utf8sanitize
go build -o "$bin" ./cmd/utf8sanitize
command -v rg >/dev/null || { echo "no rg: apt-get install ripgrep"; exit 1; }

files=$(find "$dir" -type f | wc -l)
bytes=$(du -sb "$dir" | cut -f1)
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(go version | cut -d' ' -f3), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
echo "# $dir: $files files, $((bytes / 1000000)) MB; $(rg --version | sed -n 1p)"
cat $(find "$dir" -type f) >/dev/null # warm the cache

ours=("$bin" -check -also bidi "$dir")
theirs=(rg -c '[\x{202A}-\x{202E}\x{2066}-\x{2069}]' "$dir")
ms() { # the wall time of "$@" in milliseconds, whatever its status
	local t0 t1
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000000))
}
a=() b=()
for _ in $(seq "$passes"); do
	a+=("$(ms "${ours[@]}")")
	b+=("$(ms "${theirs[@]}")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : int((v[NR/2]+v[NR/2+1])/2)}'; }
echo "utf8sanitize -check -also bidi DIR: median $(median "${a[@]}") ms (passes: ${a[*]})"
echo "rg -c '[\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}]' DIR: median $(median "${b[@]}") ms (passes: ${b[*]})"
