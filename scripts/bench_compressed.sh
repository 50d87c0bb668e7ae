#!/usr/bin/env bash
# Compressed input speed (issue 7, item 2): the release cqlq on ../shared/data/std-visible.pgn
# memory-mapped against the same games in a .zst streamed (decompressed by a read-ahead
# thread while the pool searches), query `check`, 2 threads, output discarded. Prints the
# best of RUNS wall times of each, games/s and the ratio (goal: >= 80 %), then the maximum
# resident memory of both, and of a stream of COPIES copies of the file (about 500 MB
# decompressed) given as zstd on standard input, to show memory does not grow with the input.
#
#   scripts/bench_compressed.sh [PGN] [RUNS] [COPIES]
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${1:-../shared/data/std-visible.pgn}
RUNS=${2:-5}
COPIES=${3:-15}
ZST=/tmp/std-visible.pgn.zst
BIN=target/release/cqlq
QUERY=check

command -v zstd >/dev/null || apt-get install -y -qq zstd >/dev/null
[ -x "$BIN" ] || cargo build --release
if ! [ "$ZST" -nt "$SRC" ]; then
    zstd -q -f -3 "$SRC" -o "$ZST"
fi
games=$(grep -c '^\[Event ' "$SRC")
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "input: $SRC ($(stat -c %s "$SRC") bytes, $games games); $ZST ($(stat -c %s "$ZST") bytes)"

# Best wall time of RUNS runs, in seconds.
best() {
    local best_ns=
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(date +%s%N)
        "$BIN" -j 2 --no-summary -e "$QUERY" "$@" >/dev/null || [ $? -eq 1 ]
        end=$(date +%s%N)
        local ns=$((end - start))
        if [ -z "$best_ns" ] || [ "$ns" -lt "$best_ns" ]; then best_ns=$ns; fi
    done
    echo "scale=4; $best_ns / 1000000000" | bc
}

plain=$(best "$SRC")
packed=$(best "$ZST")
rate() { echo "scale=0; $games / $1" | bc; }
echo "plain (mmap):  ${plain} s, $(rate "$plain") games/s"
echo "zstd (stream): ${packed} s, $(rate "$packed") games/s"
echo "ratio: $(echo "scale=1; 100 * $plain / $packed" | bc) % of the plain file's games/s"

rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
echo "max RSS plain: $(rss "$BIN" -j 2 --no-summary -e "$QUERY" "$SRC") kB"
echo "max RSS zstd:  $(rss "$BIN" -j 2 --no-summary -e "$QUERY" "$ZST") kB"
big=$(( $(stat -c %s "$SRC") * COPIES ))
start=$(date +%s%N)
kb=$(for _ in $(seq "$COPIES"); do cat "$SRC"; done | zstd -q -1 -c \
    | { /usr/bin/time -f %M "$BIN" -j 2 --no-summary -e "$QUERY" - >/dev/null; } 2>&1 | tail -1)
end=$(date +%s%N)
echo "max RSS zstd on stdin, $COPIES copies ($big bytes decompressed): $kb kB," \
    "$(echo "scale=2; ($end - $start) / 1000000000" | bc) s"
