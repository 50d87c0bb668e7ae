#!/bin/sh
# Instruction counts of the fairy engine against shakmaty replaying the same games (the
# machine's load does not change them): the fairy_replay bench under callgrind, the
# inclusive counts of its two replay functions.
# Usage: scripts/fairy_speed_instructions.sh [MAX_GAMES]   (default 2000)
set -e
cd "$(dirname "$0")/.."
n=${1:-2000}
cargo bench --bench fairy_replay --no-run 2>/dev/null
bin=$(ls -t target/release/deps/fairy_replay-* | grep -v '\.d$' | head -1)
out=$(mktemp)
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" ../shared/data/std-visible.pgn "$n" >/dev/null 2>&1
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -E 'replay_(shakmaty|fairy)' | sed 's/ ([0-9.]*%)//' > "$out.fns"
std=$(grep replay_shakmaty "$out.fns" | head -1 | awk '{gsub(",","",$1); print $1}')
fairy=$(grep replay_fairy "$out.fns" | head -1 | awk '{gsub(",","",$1); print $1}')
echo "games: $n  shakmaty: $std instructions  fairy: $fairy instructions"
awk -v s="$std" -v f="$fairy" 'BEGIN { printf "fairy speed / shakmaty speed = %.1f %%\n", 100 * s / f }'
rm -f "$out" "$out.fns"
