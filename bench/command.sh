#!/usr/bin/env bash
# Times the command against cat on a generated log of SIZE (default 1 GiB),
# warm cache, in interleaved passes, and prints the median wall time and
# the peak resident memory of each, as /usr/bin/time -v measures them:
#   cat FILE > /dev/null
#   utf8sanitize FILE > /dev/null
#   utf8sanitize -check FILE
# Usage: bench/command.sh [SIZE] [PASSES]   (SIZE as head -c takes it)
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1G}
passes=${2:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/utf8sanitize" ./cmd/utf8sanitize
[ -x /usr/bin/time ] || { echo "no /usr/bin/time: apt-get install time"; exit 1; }

# A clean log, as a gate sees most of the time: -check reads all of it.
log="$tmp/app.log"
yes $'2026-11-23T01:50:00Z INFO\trequest served in 12ms user=zoë path=/api/v1/items/8842 status=200 bytes=5120' |
	head -c "$size" >"$log" || true
bytes=$(stat -c %s "$log")
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(go version | cut -d' ' -f3), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs"
echo "# a generated log of $bytes bytes, warm cache, $passes interleaved passes"
cat "$log" >/dev/null

# run NAME CMD...: one timed run; appends "seconds kilobytes" to $tmp/NAME.
# The wall time is taken around /usr/bin/time, whose own %e has 10 ms
# steps, a fifth of cat's time here; its fork counts alike for each.
run() {
	local name=$1
	shift
	local t0 t1
	t0=$(date +%s%N)
	/usr/bin/time -f '%M' -o "$tmp/t" "$@" >/dev/null 2>&1 || true
	t1=$(date +%s%N)
	echo "$(echo "($t1 - $t0) / 1000000000" | bc -l) $(cat "$tmp/t")" >>"$tmp/$name"
}
for _ in $(seq "$passes"); do
	run cat sh -c 'cat "$0" >/dev/null' "$log"
	run copy sh -c '"$0" "$1" >/dev/null' "$tmp/utf8sanitize" "$log"
	run check sh -c '"$0" -check "$1"' "$tmp/utf8sanitize" "$log"
done
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
cat_s=$(cut -d' ' -f1 "$tmp/cat" | median)
for name in cat copy check; do
	s=$(cut -d' ' -f1 "$tmp/$name" | median)
	kb=$(cut -d' ' -f2 "$tmp/$name" | sort -n | tail -1)
	printf '%-6s median %6.3f s (%.2f× cat), peak RSS %6d KiB\n' "$name" "$s" "$(echo "$s / $cat_s" | bc -l)" "$kb"
done
